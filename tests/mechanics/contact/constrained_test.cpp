// tests/mechanics/contact/constrained_test.cpp — constrained Herglotz equations 003 (15)–(17), the
// constraint fields (49), C of (52), the projectors (59) and Prop. 5 (60); the rolling cylinder's
// stance multipliers (E7, E8) and the sphere's λ = 0 on the rough half-plane (E14).
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "mechanics/contact/constrained.hpp"
#include "mechanics/contact/contact_structure.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;

TEST_SUITE("mechanics") {

TEST_CASE("Constrained Herglotz equations: multipliers and Prop. 5 agree on a non-mechanical L (003 (15), (60), A2 (viii))") {
  const Chart Q = Chart::make("Q", {"x", "y", "th"}, {"a", "c"});
  const Chart T = contact_tangent_bundle(Q);
  const ex x = Q[0], th = Q[2], xd = T[3], yd = T[4], thd = T[5], z = T[6];
  const ex a = Q.parameter("a"), c = Q.parameter("c");
  // a knife edge with an action-dependent, non-mechanical Lagrangian
  const ex Lx = (xd * xd + yd * yd) / 2 + (2 + sin(th)) * thd * thd / 2 + a * x * yd * z - c * z * z / 2 - cos(th) * z;
  const ContactLagrangian L(Q, Lx);
  const std::vector<Form> psi{Form::one_form(Q, {sin(th), -cos(th), 0})};
  const ConstrainedHerglotz h = constrained_herglotz(L, psi);
  const VectorField P5 = constrained_vector_field(L, psi);
  CHECK(zero_test(h.field - P5).zero);  // two routes to Γ_{L,D}
  // (15): the Herglotz left-hand sides equal −λ_a ψ^a_i
  const auto lhs = herglotz_equations(L, {h.field[3], h.field[4], h.field[5]});
  CHECK_SYMBOLIC_EQ_ON(T, lhs[0] + h.multipliers[0] * sin(th), 0);
  CHECK_SYMBOLIC_EQ_ON(T, lhs[1] - h.multipliers[0] * cos(th), 0);
  CHECK_SYMBOLIC_EQ_ON(T, lhs[2], 0);
  // Γ_{L,D} is tangent to D × R (47b) and ż = L
  const auto fbar = constraint_functions(L, psi);
  CHECK_SYMBOLIC_EQ_ON(T, P5(fbar[0]), 0);
  CHECK_SYMBOLIC_EQ_ON(T, P5[6], L.lagrangian());
  // ♭_L(Y_a) = ψ^a (49) and C_ab = dψ̄^b(Y_a) (52)
  const auto Y = constraint_vector_fields(L, psi);
  CHECK(zero_test(flat(contact_form(L), Y[0]) - Form::one_form(T, {sin(th), -cos(th), 0, 0, 0, 0, 0})).zero);
  CHECK_SYMBOLIC_EQ_ON(T, constraint_gram_matrix(L, psi)(0, 0), Y[0](fbar[0]));
  // on D × R the constraint force does no work: dE_L/dt = (∂L/∂z) E_L
  const DParametrisation d = parametrise_distribution(L, psi);
  CHECK_SYMBOLIC_EQ_ON(T, fbar[0].subs(d.substitution), 0);
  CHECK_SYMBOLIC_EQ_ON(T, (P5(energy(L)) - dissipation_rate(L) * energy(L)).subs(d.substitution), 0);
  CHECK_FALSE(zero_test(P5(energy(L)) - dissipation_rate(L) * energy(L), T).zero);  // off D it does
}

TEST_CASE("Rolling cylinder, stance: the corrected multipliers (E8) and equations (E7), independent of beta, h_dot, g") {
  const Chart Q = Chart::make("Q", {"x", "y", "phi", "h"}, {"m", "M", "I", "r", "gamma", "k", "g", "beta"});
  const Chart T = contact_tangent_bundle(Q);
  const ex y = Q[1], phi = Q[2], h = Q[3], xd = T[4], yd = T[5], phid = T[6], hd = T[7], z = T[8];
  const ex m = Q.parameter("m"), M = Q.parameter("M"), I = Q.parameter("I"), r = Q.parameter("r"), gamma = Q.parameter("gamma");
  const ex k = Q.parameter("k"), g = Q.parameter("g"), beta = Q.parameter("beta");
  const ContactLagrangian L(Q, m * (xd * xd + yd * yd) / 2 + M * hd * hd / 2 + I * phid * phid / 2 - k * h * h / 2 -
                                   m * g * y - M * g * h + beta * z);
  const ex rho = r + gamma * cos(phi);
  const std::vector<Form> psi{Form::one_form(Q, {1, 0, -rho, 0}), Form::one_form(Q, {0, 1, gamma * sin(phi), -1})};
  const ConstrainedHerglotz st = constrained_herglotz(L, psi);
  const DParametrisation d = parametrise_distribution(L, psi);
  const ex Den = (I + m * rho * rho) * (m + M) + m * M * pow(gamma * sin(phi), 2);
  const ex mu1 = -m * gamma * sin(phi) * ((I * (m + M) + m * M * gamma * (gamma + r * cos(phi))) * phid * phid + m * k * h * rho) / Den;
  const ex mu2 = -m * (k * h * (I + m * rho * rho) + M * gamma * phid * phid * (I * cos(phi) + m * rho * (gamma + r * cos(phi)))) / Den;
  const ex l1 = st.multipliers[0].subs(d.substitution), l2 = st.multipliers[1].subs(d.substitution);
  CHECK_SYMBOLIC_EQ_ON(T, l1, mu1.subs(d.substitution));
  CHECK_SYMBOLIC_EQ_ON(T, l2, mu2.subs(d.substitution));
  for (const ex& s : {beta, g, hd, z}) {
    CHECK(zero_test(l1.diff(GiNaC::ex_to<GiNaC::symbol>(s)), T).zero);
    CHECK(zero_test(l2.diff(GiNaC::ex_to<GiNaC::symbol>(s)), T).zero);
  }
  // the static check: μ₂(φ = φ̇ = 0) = −m k h/(m + M)
  CHECK_SYMBOLIC_EQ_ON(T, mu2.subs(GiNaC::exmap{{phi, 0}, {phid, 0}}), -m * k * h / (m + M));
  // (E7) the φ equation has +μ₂ γ sinφ, the h equation M ḧ
  CHECK_SYMBOLIC_EQ_ON(T, st.field[6], beta * phid + (-rho * st.multipliers[0] + gamma * sin(phi) * st.multipliers[1]) / I);
  CHECK_FALSE(zero_test(st.field[6] - (beta * phid + (-rho * st.multipliers[0] - gamma * sin(phi) * st.multipliers[1]) / I), T).zero);
  CHECK_SYMBOLIC_EQ_ON(T, st.field[7], (-st.multipliers[1] - M * g - k * h + M * beta * hd) / M);
  // the printed μ (with Υ, Γ and 2β terms) do not solve the stance equations (E8)
  const ex Gam = I * (M + m) - m * M * pow(gamma * sin(phi), 2);
  const ex Ups = m * I * Gam / (m * m * M * gamma * sin(phi) * rho + Gam * (I + m * rho * rho));
  const ex mu1p = -Ups * (2 * beta * phid * rho + gamma * sin(phi) * phid * phid) +
                  Ups * m * M * gamma * gamma * sin(phi) / Gam * (-2 * beta * sin(phi) * phid + k * h / (gamma * M) + cos(phi) * phid * phid);
  CHECK_FALSE(zero_test(l1 - mu1p.subs(d.substitution), T).zero);
}

TEST_CASE("Dissipated quantities under constraints: the sleigh's p_phi loses its dissipation to the force -a lambda_1 (001 Def. 1, 003 (15))") {
  const Chart Q = Chart::make("Q", {"x", "y", "phi"}, {"m", "I", "a", "gamma"});
  const Chart T = contact_tangent_bundle(Q);
  const ex phi = Q[2], xd = T[3], yd = T[4], phid = T[5], z = T[6];
  const ex m = Q.parameter("m"), I = Q.parameter("I"), a = Q.parameter("a"), gamma = Q.parameter("gamma");
  const ContactLagrangian L(Q, m * (xd * xd + yd * yd) / 2 + I * phid * phid / 2 - gamma * z);
  const std::vector<Form> sleigh{Form::one_form(Q, {-sin(phi), cos(phi), -a})};
  const DParametrisation d = parametrise_distribution(L, sleigh);
  const ex lambda = constrained_herglotz(L, sleigh).multipliers[0];
  // phi is cyclic: free, p_phi = I phi_dot is dissipated; under the constraint d/dt p_phi = -gamma p_phi - a lambda_1
  CHECK(is_dissipated(L, I * phid).zero);
  const ZeroVerdict v = is_dissipated(L, sleigh, I * phid);
  CHECK_FALSE(v.zero);
  CHECK(v.detail.rfind("along $Gamma_{L,D}$ on $D × R$", 0) == 0);
  CHECK_SYMBOLIC_EQ_ON(T, dissipation_defect(L, sleigh, I * phid), (-a * lambda).subs(d.substitution));
  CHECK_SYMBOLIC_EQ_ON(T, dissipation_defect(L, sleigh, m * xd), (-sin(phi) * lambda).subs(d.substitution));
  // the witness lies on D: the constraint holds there
  REQUIRE(v.point.count(yd) == 1);
  const ex on_point = constraint_functions(L, sleigh)[0].subs(v.point).evalf();
  REQUIRE(GiNaC::is_a<GiNaC::numeric>(on_point));
  CHECK(std::abs(GiNaC::ex_to<GiNaC::numeric>(on_point).to_double()) < 1e-9);
  // E_L stays dissipated: on D the constraint force does no work
  CHECK(is_dissipated(L, sleigh, energy(L)).zero);
  SUBCASE("a coordinate the constraint leaves alone keeps a dissipated momentum: the knife edge (a = 0)") {
    const std::vector<Form> knife{Form::one_form(Q, {-sin(phi), cos(phi), 0})};
    CHECK(is_dissipated(L, knife, I * phid).zero);
    CHECK_SYMBOLIC_EQ_ON(T, dissipation_defect(L, knife, I * phid), 0);
    CHECK_FALSE(is_dissipated(L, knife, m * xd).zero);
  }
  SUBCASE("without constraints it is the test along Gamma_L") {
    CHECK(is_dissipated(L, {}, I * phid).zero);
    CHECK_FALSE(is_dissipated(L, {}, phid * phid).zero);  // decays at rate -2 gamma
  }
}

TEST_CASE("Constrained Herglotz: dependent constraints are refused") {
  const Chart Q = Chart::make("Q", {"x", "y"}, {});
  const Chart T = contact_tangent_bundle(Q);
  const ContactLagrangian L(Q, (T[2] * T[2] + T[3] * T[3]) / 2 - T[4]);
  const std::vector<Form> psi{Form::one_form(Q, {1, 1}), Form::one_form(Q, {2, 2})};
  CHECK_THROWS_AS(constrained_herglotz(L, psi), DomainError);
  CHECK_THROWS_AS(constraint_matrix(Q, {Form::one_form(T, {1, 0, 0, 0, 0})}), InvalidArgument);
}

}  // TEST_SUITE
