// tests/reduction/discrete/horizontal_symmetry_test.cpp — horizontal symmetries (002 §11.3,
// discrete.md §3.3, A11) and erratum 4 (the non-integrable particle ż = y ẋ has no horizontal
// subgroup of its translations).
#include <doctest/doctest.h>

#include <cmath>

#include "core/error.hpp"
#include "mechanics/discrete/lagrange_dalembert.hpp"
#include "reduction/discrete/chaplygin.hpp"
#include "reduction/discrete/discrete_momentum.hpp"
#include "reduction/discrete/horizontal_symmetry.hpp"
#include "reduction/discrete/reduced_integrator.hpp"
#include "tests/mechanics/discrete/systems.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;

TEST_SUITE("reduction/discrete") {

TEST_CASE("horizontal symmetry (A11): (53), H-regularity, J_nh, mu-goodness, the affine connection of level ch, L*_d = P2 + c^2 h/2") {
  test::HorizontalParticle p;
  const auto s0 = slot(p.Q, 0), s1 = slot(p.Q, 1), s2 = slot(p.Q, 2);
  const HorizontalSymmetryTest t = horizontal_symmetry_test(p.system, p.bundle, {1});
  CHECK(t.horizontal);
  CHECK(t.detail.find("(53)") != std::string::npos);
  const TrivialBundle H = subgroup_bundle(p.bundle, {1});
  CHECK(H.group_indices() == std::vector<std::size_t>{2});
  // D_12 L_d = −I/h restricted to h_Q: H-regular
  CHECK_FALSE(h_regularity(p.system, H).zero);
  const auto J = momentum_map(p.system, H);
  REQUIRE(J.size() == 1);
  CHECK_SYMBOLIC_EQ(J[0], (s1[2] - s0[2]) / p.h);
  CHECK(lemma_11_4(p.system, H).zero);
  const MomentumConnection mc = momentum_connection(p.system, H, {p.c});
  CHECK_SYMBOLIC_EQ(mc.beta[0], s0[2] + p.c * p.h - s1[2]);
  CHECK(mc.coadjoint_invariant.zero);
  CHECK_SYMBOLIC_EQ(mc.connection.form()[0], s1[2] - s0[2] - p.c * p.h);
  CHECK(equivariance(mc.connection).zero);
  CHECK_SYMBOLIC_EQ(level(mc.connection)[0], p.c * p.h);  // affine: level ≠ e
  CHECK_FALSE(level_is_identity(mc.connection).zero);
  CHECK_FALSE(complementarity(mc.connection).zero);  // (4) at (q, l_γ q) with γ = ch
  CHECK_SYMBOLIC_EQ(horizontal_lift(mc.connection)[2], s0[2] + p.c * p.h);
  // the nonholonomic connection for H: A^H = dz, so B = 0
  const NonholonomicConnection nh = nonholonomic_connection(p.system, H);
  const ReducedSystem R = reduce(p.system, mc.connection, nh);
  CHECK(simplify(R.curvature_minus(0, 0)).is_zero());
  CHECK(simplify(R.curvature_minus(0, 1)).is_zero());
  CHECK(simplify(R.curvature_plus(0, 0)).is_zero());
  const ex w = reduced_slot(H, 0)[0];
  CHECK_SYMBOLIC_EQ(R.lagrangian, (pow(s1[0] - s0[0], 2) + pow(s1[1] - s0[1], 2) + pow(w + p.c * p.h, 2)) / (2 * p.h));
  const ReductionChecks c = check_against_unreduced(R);
  CHECK(c.horizontal.zero);
  CHECK(c.vertical.zero);
  // J_nh = μ ⇔ w = 0: J in reduced variables is (w + ch)/h
  CHECK_SYMBOLIC_EQ(J[0].subs(reduced_variables(R)), J[0]);
  // (54): P2 plus the constant c² h/2, D* = span{∂x + x ∂y}, D*_d = D_d of P2
  const DiscreteSystem star = shape_system(R);
  const GiNaC::exmap to_q = shape_symbols_to_q(H);
  CHECK_SYMBOLIC_EQ(star.lagrangian().subs(to_q),
                    (pow(s1[0] - s0[0], 2) + pow(s1[1] - s0[1], 2)) / (2 * p.h) + p.c * p.c * p.h / 2);
  REQUIRE(star.variational().size() == 1);
  const Form& om = star.variational()[0];
  CHECK_SYMBOLIC_EQ(om.component({0}) / om.component({1}), -star.chart()[0]);  // ∝ dy − x dx
  REQUIRE(star.kinematic().size() == 1);
  CHECK_SYMBOLIC_EQ(star.kinematic()[0].subs(to_q), (s1[1] - s0[1]) - (s1[0] * s1[0] - s0[0] * s0[0]) / 2);
  CHECK(shape_system_check(R, star).zero);
  // reconstruction z_{k+1} = z_k + ch, and J constant along solutions: (35) has rhs 0 for ξ̃ = e_2
  CHECK_SYMBOLIC_EQ(reconstruction_step(R)[0].subs(w == 0), s0[2] + p.c * p.h);
  const MomentumEvolution ev = momentum_evolution(p.system, H, {1});
  CHECK(simplify(ev.rhs).is_zero());
  CHECK(ev.identity.zero);
  (void)s2;
}

TEST_CASE("horizontal symmetry: the reduced system on Q/H integrates to P2's numbers and lifts with z_k = z0 + k c h") {
  test::HorizontalParticle p;
  const TrivialBundle H = subgroup_bundle(p.bundle, {1});
  const MomentumConnection mc = momentum_connection(p.system, H, {p.c});
  const ReducedSystem R = reduce(p.system, mc.connection, nonholonomic_connection(p.system, H));
  const DiscreteSystem star = shape_system(R);
  const ParameterValues values{{p.h, 0.1}, {p.c, 0.3}};
  const DiscreteTrajectory a = DiscreteIntegrator(star, values).run({0.5, 0.0}, {0.6, 0.055}, 40);
  CHECK(std::fabs(a.q[40][0] - 2.8148463855379) < 1e-10);
  CHECK(std::fabs(a.q[40][1] - 3.83668008708788) < 1e-10);
  // lift: w ≡ 0 and (43)
  const ReducedIntegrator I(R, values);
  DiscreteReducedTrajectory t;
  t.r = a.q;
  t.w.assign(40, std::vector<double>{0.0});
  const auto q = I.reconstruct(t, {0.5, 0.0, 0.2});
  CHECK(std::fabs(q[40][2] - (0.2 + 40 * 0.3 * 0.1)) < 1e-12);
  // the same as the unreduced integration from (q0, q1) with J_nh(q0, q1) = c
  const DiscreteTrajectory u = DiscreteIntegrator(p.system, values).run({0.5, 0.0, 0.2}, {0.6, 0.055, 0.2 + 0.03}, 40);
  CHECK(max_difference(q, u.q) < 1e-10);
  for (std::size_t k = 0; k < 40; ++k) CHECK(std::fabs((u.q[k + 1][2] - u.q[k][2]) / 0.1 - 0.3) < 1e-10);
}

TEST_CASE("horizontal_symmetry_test: erratum 4, z_dot = y x_dot under translations in x and z is not horizontal") {
  const Chart Q = test::discrete_chart("NH", {"x", "y", "z"}, {{"h"}});
  const auto v = velocities(Q);
  const DiscreteSystem sys = discretize(Q, (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) / 2, {v[2] - Q[1] * v[0]},
                                        QuadratureRule::Midpoint, Q.parameter("h"));
  const TrivialBundle B(Q, LieGroup::additive(2), {0, 2});
  for (std::size_t j : {0, 1}) {
    const HorizontalSymmetryTest t = horizontal_symmetry_test(sys, B, {j});
    CHECK_FALSE(t.horizontal);
    CHECK(t.detail.find("not contained in $h$") != std::string::npos);
  }
  const HorizontalSymmetryTest t = horizontal_symmetry_test(sys, B, {0});
  REQUIRE(t.algebra.size() == 1);  // g^D_q = span{(1, y)}: depends on q
  CHECK_SYMBOLIC_EQ(t.algebra[0][1] / t.algebra[0][0], Q[1]);
}

}  // TEST_SUITE
