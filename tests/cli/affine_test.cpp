// tests/cli/affine_test.cpp — affine constraints from a system file (issue 19 §1): the ball on a rotating
// turntable (examples/ball_on_turntable.yaml) derived, its claims checked, simulated against the classical
// solution (the centre on a circle at 2Ω/7), and the refusals that remain.
#include <doctest/doctest.h>

#include <cmath>

#include "tests/numerics/temp_dir.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/csv.hpp"
#include "tests/support/temp_file.hpp"

namespace {
using hamel::test::has;
using hamel::test::run;
using hamel::test::Run;

const char* kBall = "examples/ball_on_turntable.yaml";

std::string ball_with(const std::string& from, const std::string& to) {
  std::string t = hamel::test::read_text(kBall);
  const auto at = t.find(from);
  REQUIRE(at != std::string::npos);
  return t.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("hamel derive: the ball on a turntable, its drift, affine term and Jacobi integral") {
  const Run r = run({"derive", kBall});
  INFO(r.err);
  REQUIRE(r.status == 0);
  // the table's velocity at the centre, in W = span{∂x, ∂y}
  CHECK(has(r.out, "X_0^x = -Omega*y"));
  CHECK(has(r.out, "X_0^y = Omega*x"));
  // ẋ = 5 π2/(7 m r) − 2Ω y/7: the centre turns at 2Ω/7, not with the table
  CHECK(has(r.out, "d/dt x = 5*pi2/(7*m*r) - 2*Omega*y/7"));
  CHECK(has(r.out, "Z^x = -2*Omega*y/7"));
  CHECK(has(r.out, "[no ] the energy H_c is conserved"));
  CHECK(has(r.out, "[yes] J_rotation = H_c - p(Y) is conserved, Y = Omega times the generator rotation"));
  CHECK(has(r.out, "[yes] rotation preserves the affine constraints"));
  CHECK(has(r.out, "[yes] p_X3 = pi3 is conserved along the equations of motion"));
  CHECK_FALSE(has(r.out, "Theorem 5.3 ($C"));  // the test assumes (2.8): not made
}

TEST_CASE("hamel check: the ball's classical integrals, the energy and L_z alone are not conserved") {
  const Run r = run({"check", kBall, "examples/ball_on_turntable.claims.yaml"});
  INFO(r.out, r.err);
  CHECK(r.status == 0);
  CHECK(has(r.out, "TRUE  the moving energy E - Omega L_z is conserved"));
  CHECK(has(r.out, "9 as expected"));
}

TEST_CASE("hamel simulate: the ball's centre stays on its circle, the moving energy to 1e-10") {
  hamel::test::TempFile csv("", ".csv");
  const Run r = run({"simulate", kBall, "--csv", csv.path()});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const hamel::test::Csv c = hamel::test::read_csv(csv.path());
  REQUIRE(c.header == std::vector<std::string>{"t", "x", "y", "phi", "theta", "psi", "pi1", "pi2", "pi3", "H_c", "J_X0",
                                               "J_rotation"});
  // ẋ + k y = A, ẏ − k x = B with k = 2Ω/7 (m = 1, r = 1/2, Ω = 1): the centre (−B/k, A/k)
  const double k = 2.0 / 7, m = 1, rad = 0.5;
  double radius = -1, J0 = 0, Hmin = 1e300, Hmax = -1e300;
  for (const auto& v : c.rows) {
    const double x = v[1], y = v[2], pi1 = v[6], pi2 = v[7];
    const double A = 5 * pi2 / (7 * m * rad), B = -5 * pi1 / (7 * m * rad);
    const double d = std::hypot(x + B / k, y - A / k);
    if (radius < 0) radius = d, J0 = v[11];
    CHECK(d == doctest::Approx(radius).epsilon(1e-8));
    CHECK(v[11] == doctest::Approx(J0).epsilon(1e-10));
    Hmin = std::min(Hmin, v[9]), Hmax = std::max(Hmax, v[9]);
  }
  CHECK(radius > 1);
  CHECK(Hmax - Hmin > 1);  // the table does work on the ball
}

TEST_CASE("affine constraints: what is refused, at its place") {
  // the search of 004 §7 derives its ODE from (2.8)
  hamel::test::TempFile search(ball_with("gauge_momenta: [X1, X2, X3]", "gauge_momenta: {ansatz: [X1], shape: theta}"), ".yaml");
  const Run r = run({"derive", search.path()});
  CHECK(r.status == 2);
  CHECK(has(r.err, search.path() + ":28:"));
  CHECK(has(r.err, "affine constraints do not satisfy"));
  // a translation keeps L and D but moves the table's centre: reported, with the failing component
  hamel::test::TempFile shift(ball_with("  spin: {psi: 1}", "  spin: {psi: 1}\n  shift: {x: 1}"), ".yaml");
  const Run s = run({"derive", shift.path()});
  CHECK(s.status == 0);  // derive reports; `hamel check` is what exits 1
  CHECK(has(s.out, "[no ] shift preserves the affine constraints"));
  CHECK(has(s.out, "failures: symmetry.shift.distribution"));
  CHECK(has(s.out, "omega^2([shift, X_0])"));
  // a constraint quadratic in the velocities is still not a nonholonomic constraint here
  hamel::test::TempFile quadratic(ball_with("\"x_dot - r*", "\"x_dot^2 - r*"), ".yaml");
  const Run q = run({"derive", quadratic.path()});
  CHECK(q.status == 2);
  CHECK(has(q.err, "not affine in the velocities"));
}

TEST_CASE("affine constraints: the dynamics do not depend on where the drift is taken (W = D-perp)") {
  // X_0 in the metric-orthogonal complement instead of span{∂x, ∂y}: X_0 changes, H_c and X do not
  hamel::test::TempFile orth(ball_with("gauge_momenta: [X1, X2, X3]", "gauge_momenta: [X1, X2, X3]\ncomplement: orthogonal"), ".yaml");
  const Run r = run({"derive", orth.path()});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "X_0^x = -2*Omega*y/7"));
  CHECK(has(r.out, "d/dt x = 5*pi2/(7*m*r) - 2*Omega*y/7"));
  const Run c = run({"check", orth.path(), "examples/ball_on_turntable.claims.yaml"});
  CHECK(c.status == 0);
  CHECK(has(c.out, "9 as expected"));
}

namespace {

// A ball rolling inside a vertical cylinder that turns at the rate Omega (tester 19a): the contact point
// moves with the wall, so the constraints are affine; the rotation about the axis (vt and phi together)
// has a conserved momentum, which derive reports (motion.momentum.turn).
const char* kBallInCylinder =
    "name: ball_cylinder\nparameters: [m, r, rho, g, {name: Omega, positive: false}]\ncoordinates: [vt, z, phi, theta, psi]\n"
    "domain: {theta: [0, pi]}\ndefinitions:\n  w1: \"theta_dot*cos(phi) + psi_dot*sin(theta)*sin(phi)\"\n"
    "  w2: \"theta_dot*sin(phi) - psi_dot*sin(theta)*cos(phi)\"\n  w3: \"phi_dot + psi_dot*cos(theta)\"\n"
    "lagrangian: \"m/2*(rho^2*vt_dot^2 + z_dot^2) + m*r^2/5*(w1^2 + w2^2 + w3^2) - m*g*z\"\n"
    "constraints:\n  - \"rho*vt_dot + r*w3 - Omega*(rho + r)\"\n  - \"z_dot - r*(-sin(vt)*w1 + cos(vt)*w2)\"\n"
    "symmetry:\n  turn: {vt: 1, phi: 1}\n"
    "simulate:\n  values: {m: 1, r: 0.2, rho: 0.8, g: 9.81, Omega: 1.5}\n"
    "  initial: {vt: 0, z: 0, phi: 0, theta: 1, psi: 0, pi1: -0.44, pi2: 0.2, pi3: 0.05}\n  time: 1\n";

}  // namespace

TEST_CASE("hamel simulate: the momentum derive finds conserved (p_turn of a ball in a turning cylinder) is monitored") {
  hamel::test::TempFile f(kBallInCylinder);
  const Run d = run({"derive", f.path()});
  REQUIRE(d.status == 0);
  CHECK(has(d.out, "[yes] p_turn = p(turn) is conserved"));
  hamel::test::TempFile csv("", ".csv");
  const Run r = run({"simulate", f.path(), "--csv", csv.path()});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "  p_turn (momentum p(turn) of the generator turn, conserved): f(t0) = 1.84285714286, drift "));
  // p(turn) = dL/d(vt_dot) + dL/d(phi_dot) = m rho^2 vt_dot + (2/5) m r^2 w3, and on the first constraint
  // r w3 = Omega (rho + r) - rho vt_dot: p = m rho (rho - 2r/5) vt_dot + (2/5) m r Omega (rho + r). p constant
  // means vt_dot constant: vt grows linearly, and its slope gives p.
  const double m = 1, rad = 0.2, rho = 0.8, Omega = 1.5;
  const hamel::test::Csv c = hamel::test::read_csv(csv.path());
  REQUIRE(c.rows.size() > 10);
  const std::size_t t = c.column("t"), vt = c.column("vt"), p = c.column("p_turn");
  const double slope = (c.rows.back()[vt] - c.rows.front()[vt]) / (c.rows.back()[t] - c.rows.front()[t]);
  const double expected = m * rho * (rho - 2 * rad / 5) * slope + 2.0 / 5 * m * rad * Omega * (rho + rad);
  CHECK(expected == doctest::Approx(1.84285714286).epsilon(1e-9));
  for (const auto& row : c.rows) {
    CHECK(std::abs(row[p] - 1.84285714286) < 1e-10);
    CHECK(std::abs(row[vt] - slope * row[t]) < 1e-8);
  }
}
