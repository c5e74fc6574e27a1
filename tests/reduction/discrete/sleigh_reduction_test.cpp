// tests/reduction/discrete/sleigh_reduction_test.cpp — a non-abelian example: the discrete Chaplygin
// sleigh on SE(2) (Q = G, M a point: Remark 7.3, McLachlan–Perlmutter 2006, Fedorov–Zenkov 2005).
// Everything reduced is checked against the unreduced system, symbolically and numerically.
#include <doctest/doctest.h>

#include <cmath>

#include "core/error.hpp"
#include "mechanics/discrete/invariance.hpp"
#include "reduction/discrete/discrete_momentum.hpp"
#include "reduction/discrete/reduced_integrator.hpp"
#include "geometry/lifts.hpp"
#include "tests/mechanics/discrete/systems.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;

TEST_SUITE("reduction/discrete") {

TEST_CASE("LieGroup: SE(2) satisfies the group axioms, is not abelian, and Ad, w.z, z.w are consistent") {
  const LieGroup G = LieGroup::se2();
  CHECK(check_group_axioms(G).hold());
  CHECK_FALSE(G.abelian());
  CHECK(LieGroup::additive(3).abelian());
  const auto g = generic_element(G, "g");
  // Ad_g = (z ↦ z·g)⁻¹ ∘ (z ↦ g·z)
  const GiNaC::matrix lhs = right_translation(G, g).mul(adjoint(G, g)), rhs = left_translation(G, g);
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 3; ++j) CHECK(zero_test(lhs(i, j) - rhs(i, j)).zero);
  // rotations and translations are subgroups; {θ, x} is not
  CHECK(G.subgroup({0}).abelian());
  CHECK(G.subgroup({1, 2}).dim() == 2);
  CHECK_THROWS_WITH_AS(G.subgroup({0, 1}), doctest::Contains("do not span a subgroup of SE(2)"), DomainError);
  // a law that is not associative is caught
  const GiNaC::realsymbol a("a"), b("b");
  const LieGroup bad = LieGroup::from_law("bad", {a}, {b}, {a + b + a * b * b}, {-a}, {0});
  CHECK_FALSE(check_group_axioms(bad).associativity.zero);
}

TEST_CASE("reduce: the discrete Chaplygin sleigh on SE(2), invariance, g^D, reduced equations = unreduced ones") {
  test::Sleigh s;
  CHECK(lagrangian_invariance(s.system, s.bundle).zero);
  CHECK(variational_invariance(s.system, s.bundle).zero);
  CHECK(kinematic_invariance(s.system, s.bundle).zero);
  CHECK(force_equivariance(s.system, s.bundle).zero);
  const DiscreteConnection A = DiscreteConnection::trivial(s.bundle);  // A_d = g1 g0⁻¹
  CHECK(equivariance(A).zero);
  CHECK(level_is_identity(A).zero);
  const NonholonomicConnection nh = nonholonomic_connection(s.system, s.bundle);
  REQUIRE(nh.vertical.size() == 2);  // g^D_e = span{e_θ, e_x}
  for (const auto& eta : nh.vertical) CHECK(simplify(eta[2]).is_zero());
  CHECK(nh.horizontal.empty());
  const ReducedSystem R = reduce(s.system, A, nh);
  CHECK(R.horizontal.empty());
  REQUIRE(R.vertical.size() == 2);
  REQUIRE(R.step_constraints.size() == 1);
  const GroupElement w = reduced_slot(s.bundle, 0);
  // Ď_d: −sin(w_θ/2) w_x + cos(w_θ/2) w_y = 0 (the blade constraint in the body frame)
  CHECK_SYMBOLIC_EQ_ON(s.Q, R.constraints[0], -sin(w[0] / 2) * w[1] + cos(w[0] / 2) * w[2]);
  const ReductionChecks c = check_against_unreduced(R);
  CHECK(c.lagrangian.zero);
  CHECK(c.constraints.zero);
  CHECK(c.vertical.zero);
  CHECK(c.reconstruction.zero);
  CHECK_FALSE(c.abelian);
  CHECK(lemma_8_2(s.system, s.bundle).zero);
  for (const auto& xi : vertical_sections(s.bundle, nh)) CHECK(momentum_evolution(s.system, s.bundle, xi).identity.zero);
}

TEST_CASE("ReducedIntegrator: the sleigh reduced on se(2) and reconstructed equals the unreduced integration") {
  test::Sleigh s;
  const ReducedSystem R = reduce(s.system, DiscreteConnection::trivial(s.bundle), nonholonomic_connection(s.system, s.bundle));
  const ParameterValues values{{s.h, 0.05}, {s.m, 1.0}, {s.a, 0.3}, {s.I, 0.2}};
  const std::vector<double> q0{0.2, 0.1, -0.3};
  const std::vector<double> q1 = complete_on_constraint(s.system, values, q0, {0.25, 0.15, -0.3}, {2});
  const DiscreteTrajectory u = DiscreteIntegrator(s.system, values).run(q0, q1, 200);
  const ReducedIntegrator I(R, values);
  std::vector<double> r0, w0, r1;
  I.reduce_pair(q0, q1, r0, w0, r1);
  CHECK(r0.empty());
  const DiscreteReducedTrajectory t = I.run(r0, w0, r1, 200);
  CHECK(max_difference(I.reconstruct(t, q0), u.q) < 1e-10);
  // the sleigh turns towards its blade direction: the angular increment decays
  CHECK(std::fabs(t.w.back()[0]) < std::fabs(t.w.front()[0]));
}

}  // TEST_SUITE

TEST_SUITE("reduction/discrete") {

TEST_CASE("reduce: non-abelian G with a shape space (sleigh with a rotor s), nontrivial frakA and graph map") {
  // Q = R × SE(2) ∋ (s, θ, x, y); the rotor couples to θ (c ṡ θ̇), so the horizontal space is tilted
  // (𝔥 ≠ 0); the connection 𝔄(s0, s1) = (κ (s1² − s0²), 0, 0) is not trivial.  This exercises the
  // non-abelian reduced forces (38) (Ad_{𝔄⁻¹}, 𝔄⁻¹ D𝔄, Ad_{w⁻¹}).
  const Chart Q = test::discrete_chart("Rotor", {"s", "theta", "x", "y"}, {{"h"}, {"m"}, {"a"}, {"I"}, {"J"}, {"c"}, {"k"}});
  const auto v = velocities(Q);
  const ex h = Q.parameter("h"), m = Q.parameter("m"), a = Q.parameter("a"), I = Q.parameter("I"), J = Q.parameter("J"),
           c = Q.parameter("c"), k = Q.parameter("k");
  const ex th = Q[1];
  const ex L = m / 2 * (pow(v[2] - a * sin(th) * v[1], 2) + pow(v[3] + a * cos(th) * v[1], 2)) + I / 2 * v[1] * v[1] +
               J / 2 * v[0] * v[0] + c * v[0] * v[1];
  const DiscreteSystem S = discretize(Q, L, {-sin(th) * v[2] + cos(th) * v[3]}, QuadratureRule::Midpoint, h);
  const TrivialBundle B(Q, LieGroup::se2(), {1, 2, 3});
  CHECK(lagrangian_invariance(S, B).zero);
  const auto s0 = slot(Q, 0), s1 = slot(Q, 1);
  const DiscreteConnection A = DiscreteConnection::from_shape_map(B, {k * (s1[0] * s1[0] - s0[0] * s0[0]), 0, 0});
  CHECK(equivariance(A).zero);
  const NonholonomicConnection nh = nonholonomic_connection(S, B);
  REQUIRE(nh.horizontal.size() == 1);
  CHECK_FALSE(zero_test(nh.graph(0, 0), Q).zero);  // 𝔥^θ_s ≠ 0: the rotor tilts the horizontal space
  const ReducedSystem R = reduce(S, A, nh);
  REQUIRE(R.horizontal.size() == 1);
  REQUIRE(R.vertical.size() == 2);
  CHECK_FALSE(zero_test(R.force_minus[0], reduced_chart(B)).zero);  // the mixed curvature does not vanish
  const ReductionChecks chk = check_against_unreduced(R);
  CHECK(chk.lagrangian.zero);
  CHECK(chk.horizontal.zero);
  CHECK(chk.vertical.zero);
  CHECK(chk.reconstruction.zero);
  // numerically: 100 steps, reduced + (43) = unreduced
  const ParameterValues values{{h, 0.05}, {m, 1.0}, {a, 0.3}, {I, 0.2}, {J, 0.5}, {c, 0.1}, {k, 0.4}};
  const std::vector<double> q0{0.3, 0.2, 0.1, -0.3};
  const auto q1 = complete_on_constraint(S, values, q0, {0.35, 0.25, 0.15, -0.3}, {3});
  const DiscreteTrajectory u = DiscreteIntegrator(S, values).run(q0, q1, 100);
  const ReducedIntegrator I2(R, values);
  std::vector<double> r0, w0, r1;
  I2.reduce_pair(q0, q1, r0, w0, r1);
  CHECK(max_difference(I2.reconstruct(I2.run(r0, w0, r1, 100), q0), u.q) < 1e-10);
}

}  // TEST_SUITE
