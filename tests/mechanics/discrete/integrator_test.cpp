// tests/mechanics/discrete/integrator_test.cpp — the Newton integrator of (3): P2 (A7 (b)), the
// rolling disk (A9), convergence diagnostics and the error for a step that does not converge.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/discrete/integrator.hpp"
#include "tests/mechanics/discrete/systems.hpp"

using namespace hamel;

TEST_SUITE("mechanics/discrete") {

TEST_CASE("DiscreteIntegrator: P2 unreduced Newton reproduces A7 (b), positions and multipliers") {
  test::P2 p;
  const ParameterValues values{{p.h, 0.1}, {p.lambda, 0.0}};
  const DiscreteIntegrator I(p.system, values);
  CHECK(I.dim() == 2);
  CHECK(I.multipliers() == 1);
  const std::vector<double> q0{0.5, 0.0}, q1{0.6, 0.055};
  CHECK(I.constraint_violation(q0, q1) < 1e-15);  // y1 = (0.36 − 0.25)/2
  const DiscreteTrajectory t = I.run(q0, q1, 40);
  REQUIRE(t.q.size() == 41);
  const double tol = 1e-10;
  CHECK(std::fabs(t.q[2][0] - 0.695770869250656) < tol);
  CHECK(std::fabs(t.q[2][1] - 0.117048551248907) < tol);
  CHECK(std::fabs(t.q[5][0] - 0.95924234514832) < tol);
  CHECK(std::fabs(t.q[5][1] - 0.335072938362824) < tol);
  CHECK(std::fabs(t.q[10][0] - 1.3337848520215) < tol);
  CHECK(std::fabs(t.q[10][1] - 0.764491015741003) < tol);
  CHECK(std::fabs(t.q[20][0] - 1.92925229390454) < tol);
  CHECK(std::fabs(t.q[20][1] - 1.73600720676797) < tol);
  CHECK(std::fabs(t.q[40][0] - 2.8148463855379) < tol);
  CHECK(std::fabs(t.q[40][1] - 3.83668008708788) < tol);
  // multipliers: the coefficient of dy − x dx at steps k = 1 and 39
  REQUIRE(t.multipliers.size() == 39);
  CHECK(std::fabs(t.multipliers[0][0] - (-0.0704855124890671)) < tol);
  CHECK(std::fabs(t.multipliers[38][0] - (-0.00171609708934639)) < tol);
  // every computed pair on D_d, and quadratic convergence in a few iterations
  for (std::size_t k = 0; k + 1 < t.q.size(); ++k) CHECK(I.constraint_violation(t.q[k], t.q[k + 1]) < 1e-13);
  CHECK(t.max_iterations <= 6);
  CHECK(t.max_residual < 1e-12);
  CHECK(t.mean_iterations() >= 2);
}

TEST_CASE("DiscreteIntegrator: the rolling disk (A9), q1 completed on D_d, q10 and q30 and constant momentum") {
  test::Disk d;
  const ParameterValues values{{d.h, 0.1}, {d.m, 1.0}, {d.R, 0.5}, {d.I, 0.125}, {d.J, 0.0625}};
  const std::vector<double> q0{0, 0.1, 0, 0};
  const std::vector<double> q1 = complete_on_constraint(d.system, values, q0, {0.2, 0.15, 0, 0}, {2, 3});
  const double tol = 1e-10;
  CHECK(std::fabs(q1[2] - 0.0992197667229329) < tol);
  CHECK(std::fabs(q1[3] - 0.0124674733385228) < tol);
  const DiscreteIntegrator I(d.system, values);
  CHECK(I.multipliers() == 2);
  const DiscreteTrajectory t = I.run(q0, q1, 30);
  const std::vector<double> q10{2.0, 0.6, 0.929714955777937, 0.339372450928955};
  const std::vector<double> q30{6.0, 1.6, 1.79966783233035, 2.04862076648655};
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(std::fabs(t.q[10][i] - q10[i]) < tol);
    CHECK(std::fabs(t.q[30][i] - q30[i]) < tol);
  }
  // J = [I Δθ + m R (cos φ0 Δx + sin φ0 Δy)]/h along the solution (§8, A9)
  for (std::size_t k = 0; k < 30; ++k) {
    const auto& a = t.q[k];
    const auto& b = t.q[k + 1];
    const double J = (0.125 * (b[0] - a[0]) + 0.5 * (std::cos(a[1]) * (b[2] - a[2]) + std::sin(a[1]) * (b[3] - a[3]))) / 0.1;
    CHECK(std::fabs(J - 0.749843758137851) < tol);
  }
}

TEST_CASE("DiscreteIntegrator: steps are solved relative to q_k in the coordinates where (3) is translation invariant, only there") {
  // P2: L_d is invariant under x -> x + t as well, but D (dy - x dx) is not: y alone
  test::P2 p;
  CHECK(DiscreteIntegrator(p.system, {{p.h, 0.1}}).translated() == std::vector<std::size_t>{1});
  const GiNaC::realsymbol t("t");
  const auto x = slot(p.Q, 0)[0], x1 = slot(p.Q, 1)[0];
  CHECK(zero_test(p.system.lagrangian().subs(GiNaC::exmap{{x, x + t}, {x1, x1 + t}}) - p.system.lagrangian()).zero);
  // the disk: theta, x, y (phi is in D through cos phi, sin phi)
  test::Disk d;
  const ParameterValues disk{{d.h, 0.1}, {d.m, 1.0}, {d.R, 0.5}, {d.I, 0.125}, {d.J, 0.0625}};
  CHECK(DiscreteIntegrator(d.system, disk).translated() == std::vector<std::size_t>{0, 2, 3});
  // the sleigh: x, y (theta turns L_d and D)
  test::Sleigh s;
  const ParameterValues sleigh{{s.h, 0.05}, {s.m, 1.0}, {s.a, 0.3}, {s.I, 0.2}};
  CHECK(DiscreteIntegrator(s.system, sleigh).translated() == std::vector<std::size_t>{1, 2});
  // z_dot = r^2 theta_dot: theta and z, with no symmetry declared anywhere
  test::Heisenberg z;
  CHECK(DiscreteIntegrator(z.system, {{z.h, 0.05}, {z.k, 1.0}}).translated() == std::vector<std::size_t>{1, 2});
  // a knife edge on an incline, V = -m g x: L_d changes by h m g t under x -> x + t, (3) does not: x and y
  const Chart K = test::discrete_chart("Knife", {"x", "y", "phi"}, {{"h"}, {"m"}, {"J"}, {"g"}});
  const auto v = velocities(K);
  const GiNaC::ex h = K.parameter("h"), m = K.parameter("m"), J = K.parameter("J"), g = K.parameter("g");
  const DiscreteSystem knife = discretize(K, m / 2 * (v[0] * v[0] + v[1] * v[1]) + J / 2 * v[2] * v[2] + m * g * K[0],
                                          {sin(K[2]) * v[0] - cos(K[2]) * v[1]}, QuadratureRule::Midpoint, h);
  const ParameterValues kv{{h, 0.01}, {m, 1.0}, {J, 0.2}, {g, 2.0}};
  CHECK(DiscreteIntegrator(knife, kv).translated() == std::vector<std::size_t>{0, 1});
  CHECK(DiscreteIntegrator(knife, kv, {}, {}, Translation::Off).translated().empty());
}

TEST_CASE("DiscreteIntegrator: 10^4 steps of z_dot = r^2 theta_dot keep their accuracy where theta and z have grown to 500") {
  test::Heisenberg s;
  const ParameterValues values{{s.h, 0.05}, {s.k, 1.0}};
  const std::vector<double> q0{1, 0, 0};
  const std::vector<double> q1 = complete_on_constraint(s.system, values, q0, {1.01, 0.04, 0}, {2});
  // q_10000 of the same (3) solved with 40 digits (mpmath; residual in the increments of theta and z)
  const std::vector<double> reference{1.0110101687252282, 499.98927516152118, 404.01};
  const auto run = [&](Translation tr) { return DiscreteIntegrator(s.system, values, {}, {}, tr).run(q0, q1, 10000); };
  const auto error = [&](const DiscreteTrajectory& t) {
    double e = 0;
    for (std::size_t i = 0; i < 3; ++i) e = std::max(e, std::fabs(t.q[10000][i] - reference[i]));
    return e;
  };
  // (3) forces nu = 0 here (its z row gives (dz_{k-1} - dz_k)/h = nu, its theta row with D_d then nu (1 + r^2) = 0),
  // so z moves by equal increments: z_k = k (z_1 - z_0)
  const auto drift = [&](const DiscreteTrajectory& t) {
    double e = 0;
    for (std::size_t k = 0; k < t.q.size(); ++k) e = std::max(e, std::fabs(t.q[k][2] - static_cast<double>(k) * q1[2]));
    return e;
  };
  const DiscreteTrajectory t = run(Translation::Detect);
  CHECK(error(t) < 1e-10);  // 1.7e-11
  CHECK(drift(t) < 1e-11);  // 1.2e-12
  // solved in the absolute coordinates (as before), each step rounds at eps |q|: 4.3e-9 and 1.2e-9
  const DiscreteTrajectory off = run(Translation::Off);
  CHECK(error(off) > 1e-9);
  CHECK(drift(off) > 1e-10);
}

TEST_CASE("DiscreteIntegrator: a step that does not converge is an error naming the step, the tolerance and the residuals") {
  test::P2 p;
  NewtonOptions o;
  o.max_iterations = 1;
  const DiscreteIntegrator I(p.system, {{p.h, 0.1}, {p.lambda, 0.0}}, o);
  try {
    (void)I.run({0.5, 0.0}, {0.6, 0.055}, 5);
    FAIL("expected ConvergenceError");
  } catch (const ConvergenceError& e) {
    const std::string m = e.what();
    CHECK(m.find("DiscreteIntegrator::step: Newton's method did not converge at step 1") == 0);
    CHECK(m.find("expected |dx| <= 1.00e-12 (1 + |x|) within 1 iterations, got |dx| = ") != std::string::npos);
    CHECK(m.find("hint: reduce the step h") != std::string::npos);
    CHECK(e.step() == 1);
    REQUIRE(e.history().size() == 1);
    // the residual of the initial guess 2 q1 − q0 = (0.7, 0.11): only D_d fails, 0.055 − (0.49 − 0.36)/2
    CHECK(e.history()[0] == doctest::Approx(0.01).epsilon(1e-12));
  }
}

TEST_CASE("DiscreteIntegrator: missing parameter values and non-square systems are refused") {
  test::P2 p;
  CHECK_THROWS_WITH_AS(DiscreteIntegrator(p.system, {}), doctest::Contains("none for h"), InvalidArgument);
  DiscreteSpec spec{p.Q, p.h, p.system.lagrangian(), p.system.variational(), {}, {}, {}, std::nullopt};
  CHECK_THROWS_WITH_AS(DiscreteIntegrator(DiscreteSystem(spec), {{p.h, 0.1}}),
                       doctest::Contains("are not square; expected as many kinematic constraints"), DomainError);
  CHECK_THROWS_WITH_AS(complete_on_constraint(p.system, {{p.h, 0.1}}, {0, 0}, {1, 0}, {0, 1}),
                       doctest::Contains("expected 1, got 2"), InvalidArgument);
}

TEST_CASE("NewtonSolver: a residual undefined at the initial guess says so, not 'reduce the step h'") {
  // F(x) = x - k/x at x = 0: a division by zero in the equations, which no step size cures
  const GiNaC::realsymbol x("x"), k("k");
  const NewtonSolver s = make_newton_solver({x - k / x}, {k}, {x}, {}, "test");
  double known = 1.0, guess = 0.0;
  try {
    (void)s.solve(&known, &guess, 2, "reduce the step h");
    FAIL("expected ConvergenceError");
  } catch (const ConvergenceError& e) {
    const std::string m = e.what();
    CHECK(m.find("test: Newton's method met a non-finite residual at step 2") == 0);
    CHECK(m.find("hint: the equations are undefined at this point") != std::string::npos);
    CHECK(m.find("reduce the step h") == std::string::npos);
  }
}

TEST_CASE("NewtonSolver: a singular Jacobian is reported with its condition number") {
  // F(x) = x^2 at x = 0: J = 0
  const GiNaC::realsymbol x("x"), k("k");
  const NewtonSolver s = make_newton_solver({x * x + k}, {k}, {x}, {}, "test");
  double known = 1.0, guess = 0.0;
  CHECK_THROWS_WITH_AS(s.solve(&known, &guess, 3), doctest::Contains("test: Newton's method met a singular Jacobian at step 3"),
                       ConvergenceError);
  known = -4.0;
  guess = 3.0;
  const NewtonDiagnostics d = s.solve(&known, &guess, 1);
  CHECK(std::fabs(guess - 2.0) < 1e-14);
  CHECK(d.iterations >= 3);
  CHECK(d.residual < 1e-14);
}

}  // TEST_SUITE
