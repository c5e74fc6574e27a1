// tests/reduction/discrete/p2_reduction_test.cpp — the running example P2 (discrete.md §3.1):
// the one-parameter family of discrete connections (A1), mixed curvature (A3), reduced Lagrangian,
// constraint and forces (A4), the reduced horizontal equation and (22) (A5), the Chaplygin reduction
// (A6) and the numbers of A7 by three routes.
#include <doctest/doctest.h>

#include <cmath>

#include "core/error.hpp"
#include "mechanics/discrete/lagrange_dalembert.hpp"
#include "reduction/discrete/chaplygin.hpp"
#include "reduction/discrete/reduced_integrator.hpp"
#include "tests/mechanics/discrete/systems.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;

namespace {

struct P2Reduction : test::P2 {
  std::vector<ex> s0 = slot(Q, 0), s1 = slot(Q, 1), s2 = slot(Q, 2);
  ex x0 = s0[0], y0 = s0[1], x1 = s1[0], y1 = s1[1], x2 = s2[0];
  // A^λ_d(q0, q1) = y1 − y0 − λ/2 (x1² − x0²)  (Example 4.17, (9))
  DiscreteConnection A{bundle, {y1 - y0 - lambda / 2 * (x1 * x1 - x0 * x0)}};
  NonholonomicConnection nh = nonholonomic_connection(system, bundle);
  ReducedSystem R = reduce(system, A, nh);
  ex w0 = reduced_slot(bundle, 0)[0], w1 = reduced_slot(bundle, 1)[0];
  // (22), degree two in x_{k+1}
  ex eq22 = (x1 - x0) - (x2 - x1) + x1 / 2 * (2 * x1 * x1 - x0 * x0 - x2 * x2);
};

}  // namespace

TEST_SUITE("reduction/discrete") {

TEST_CASE("DiscreteConnection: P2's family A^lambda (A1): (7), level e, h_d, (8), Lemma 4.15, Phi and its inverse") {
  P2Reduction p;
  CHECK(equivariance(p.A).zero);
  CHECK(level_is_identity(p.A).zero);
  CHECK(level_equivariance(p.A).zero);
  CHECK_FALSE(complementarity(p.A).zero);  // (4)
  CHECK_SYMBOLIC_EQ(p.A.shape_map()[0], -p.lambda / 2 * (p.x1 * p.x1 - p.x0 * p.x0));
  const auto hd = horizontal_lift(p.A);
  CHECK_SYMBOLIC_EQ(hd[0], p.x1);
  CHECK_SYMBOLIC_EQ(hd[1], p.y0 + p.lambda / 2 * (p.x1 * p.x1 - p.x0 * p.x0));
  CHECK(horizontal_lift_check(p.A).zero);
  CHECK(lemma_4_15(p.A).zero);
  const ModelSpaceChecks m = model_space_checks(p.A);
  CHECK(m.phi_of_inverse.zero);
  CHECK(m.inverse_of_phi.zero);
  CHECK(m.lemma_4_21.zero);
  // Φ⁻¹((q0, w), x1) = (q0, (x1, y0 + w + λ/2 (x1² − x0²)))  (Example 4.22)
  const GiNaC::realsymbol w("w");
  const auto q1 = model_inverse(p.A, {w});
  CHECK_SYMBOLIC_EQ(q1[1], p.y0 + w + p.lambda / 2 * (p.x1 * p.x1 - p.x0 * p.x0));
  // a form that is not equivariant is caught: y1 − y0 − x1 y0
  const DiscreteConnection bad(p.bundle, {p.y1 - p.y0 - p.x1 * p.y0});
  CHECK_FALSE(equivariance(bad).zero);
}

TEST_CASE("reduce: P2 mixed curvature (A3) B1 = (lambda-1) x0 dx0, B2 = (1-lambda) x1 dx1, zero iff lambda = 1") {
  P2Reduction p;
  REQUIRE(p.R.curvature_minus.rows() == 1);
  REQUIRE(p.R.curvature_minus.cols() == 1);
  CHECK_SYMBOLIC_EQ(p.R.curvature_minus(0, 0), (p.lambda - 1) * p.x0);
  CHECK_SYMBOLIC_EQ(p.R.curvature_plus(0, 0), (1 - p.lambda) * p.x1);
  CHECK(simplify(p.R.curvature_minus(0, 0).subs(p.lambda == 1)).is_zero());
  // nonholonomic connection (Example 5.6): H = D, S = 0, graph map h(x) = x
  CHECK(p.nh.vertical.empty());
  REQUIRE(p.nh.horizontal.size() == 1);
  CHECK_SYMBOLIC_EQ(p.nh.graph(0, 0), p.Q[0]);
}

TEST_CASE("reduce: P2 reduced Lagrangian, constraint and forces (A4: 5.16, 5.9) for symbolic lambda and h") {
  P2Reduction p;
  const ex a = p.w0 + p.lambda / 2 * (p.x1 * p.x1 - p.x0 * p.x0);
  CHECK_SYMBOLIC_EQ(p.R.lagrangian, (pow(p.x1 - p.x0, 2) + a * a) / (2 * p.h));
  REQUIRE(p.R.constraints.size() == 1);
  CHECK_SYMBOLIC_EQ(p.R.constraints[0], p.w0 - (1 - p.lambda) / 2 * (p.x1 * p.x1 - p.x0 * p.x0));
  CHECK_SYMBOLIC_EQ(p.R.force_minus[0], (p.lambda - 1) * p.x0 / p.h * a);
  CHECK_SYMBOLIC_EQ(p.R.force_plus[0], (1 - p.lambda) * p.x1 / p.h * a);
  CHECK(p.R.vertical.empty());  // g^D = 0: no vertical equation
  const ReductionChecks c = check_against_unreduced(p.R);
  CHECK(c.lagrangian.zero);      // L_d = Ľ∘Φ
  CHECK(c.constraints.zero);
  CHECK(c.forces_from_curvature.zero);
  CHECK(c.abelian);
}

TEST_CASE("reduce: P2 horizontal equation (A5) is (21)/h, equals the unreduced (3) on D, and eliminating w gives (22)") {
  P2Reduction p;
  REQUIRE(p.R.horizontal.size() == 1);
  const ex dr = p.nh.shape_directions(p.bundle)[0][0].subs(p.Q[0] == p.x1);
  const ex eq21 = (p.x1 - p.x0) + p.x1 * (p.w0 + p.lambda / 2 * (p.x1 * p.x1 - p.x0 * p.x0)) - (p.x2 - p.x1) -
                  p.x1 * (p.w1 + p.lambda / 2 * (p.x2 * p.x2 - p.x1 * p.x1));
  CHECK_SYMBOLIC_EQ(p.R.horizontal[0], dr * eq21 / p.h);
  const ReductionChecks c = check_against_unreduced(p.R);
  CHECK(c.horizontal.zero);
  CHECK(c.horizontal.method == Decision::Canonical);  // a proof, not a probabilistic verdict
  // eliminate w with the reduced constraint: λ and h disappear, (22) remains
  const ex elim = (p.h * p.R.horizontal[0] / dr)
                      .subs(GiNaC::lst{p.w0 == (1 - p.lambda) / 2 * (p.x1 * p.x1 - p.x0 * p.x0),
                                       p.w1 == (1 - p.lambda) / 2 * (p.x2 * p.x2 - p.x1 * p.x1)});
  CHECK_SYMBOLIC_EQ(elim, p.eq22);
  CHECK(simplify(elim).degree(p.x2) == 2);
  CHECK_FALSE(simplify(elim).has(p.lambda));
  CHECK_FALSE(simplify(elim).has(p.h));
}

TEST_CASE("chaplygin: P2 at lambda = 1 (A6, 10.9): L* = ((x1-x0)^2 + (x1^2-x0^2)^2/4)/(2h), no forces, h (52) = (22)") {
  P2Reduction p;
  const ChaplyginTest t = chaplygin_test(p.system, p.bundle);
  CHECK(t.direct_sum);
  CHECK(t.kinematic_horizontal);
  CHECK(t.holds());
  const DiscreteConnection K = kinematic_connection(p.system, p.bundle);
  CHECK_SYMBOLIC_EQ(K.form()[0], p.y1 - p.y0 - (p.x1 * p.x1 - p.x0 * p.x0) / 2);  // A^1_d
  const ReducedSystem R1 = reduce(p.system, K, p.nh);
  const DiscreteSystem star = shape_system(R1);
  const GiNaC::exmap to_q = shape_symbols_to_q(p.bundle);
  CHECK_SYMBOLIC_EQ(star.lagrangian().subs(to_q),
                    (pow(p.x1 - p.x0, 2) + pow(p.x1 * p.x1 - p.x0 * p.x0, 2) / 4) / (2 * p.h));
  CHECK_FALSE(star.forced());          // Remark 5.17: B = 0 at λ = 1
  CHECK(star.variational().empty());   // D* = TM
  CHECK(star.kinematic().empty());     // D_d = Hor
  const auto E = momentum_balance(star);
  CHECK_SYMBOLIC_EQ(p.h * E[0].subs(to_q), p.eq22);
  CHECK(shape_system_check(R1, star).zero);
  // Remark 5.17: with λ = 1 the reduced w vanishes on D_d
  CHECK_SYMBOLIC_EQ(p.R.constraints[0].subs(p.lambda == 1), p.w0);
}

TEST_CASE("ReducedIntegrator: A7 by three routes agree to 1e-10: (a) (52) + (c) reconstruction, (b) unreduced, and (21) for lambda = 0.3") {
  P2Reduction p;
  const double h = 0.1;
  const std::vector<double> q0{0.5, 0.0}, q1{0.6, 0.055};
  // (b) unreduced with multipliers
  const DiscreteTrajectory b = DiscreteIntegrator(p.system, {{p.h, h}}).run(q0, q1, 40);
  // (a) Newton on (52) for x_{k+1}, initial guess 2 x_k − x_{k−1}
  const DiscreteConnection K = kinematic_connection(p.system, p.bundle);
  const ReducedSystem R1 = reduce(p.system, K, p.nh);
  const DiscreteSystem star = shape_system(R1);
  const DiscreteIntegrator Ia(star, {{p.h, h}});
  CHECK(Ia.multipliers() == 0);
  const DiscreteTrajectory a = Ia.run({0.5}, {0.6}, 40);
  CHECK(std::fabs(a.q[40][0] - 2.8148463855379) < 1e-10);
  // (c) y_k = y0 + (x_k² − x0²)/2
  double worst = 0;
  for (std::size_t k = 0; k <= 40; ++k) {
    worst = std::max(worst, std::fabs(a.q[k][0] - b.q[k][0]));
    worst = std::max(worst, std::fabs(0.5 * (a.q[k][0] * a.q[k][0] - 0.25) - b.q[k][1]));
  }
  CHECK(worst < 1e-10);
  // reconstruction (31) through the reduced integrator with w ≡ 0
  const ReducedIntegrator I1(R1, {{p.h, h}});
  DiscreteReducedTrajectory t1;
  t1.r = a.q;
  t1.w.assign(40, std::vector<double>{0.0});
  CHECK(max_difference(I1.reconstruct(t1, q0), b.q) < 1e-10);
  // the general reduced equations (21) with the reduced constraint, λ = 0.3, then (43)
  const ReducedIntegrator I(p.R, {{p.h, h}, {p.lambda, 0.3}});
  std::vector<double> r0, w0, r1;
  I.reduce_pair(q0, q1, r0, w0, r1);
  CHECK(std::fabs(w0[0] - 0.7 * 0.5 * (0.36 - 0.25)) < 1e-15);
  const DiscreteReducedTrajectory t = I.run(r0, w0, r1, 40);
  CHECK(max_difference(I.reconstruct(t, q0), b.q) < 1e-10);
  for (std::size_t k = 0; k < 40; ++k)  // w_k = (1 − λ)(x_{k+1}² − x_k²)/2 along the solution
    CHECK(std::fabs(t.w[k][0] - 0.35 * (t.r[k + 1][0] * t.r[k + 1][0] - t.r[k][0] * t.r[k][0])) < 1e-12);
}

}  // TEST_SUITE
