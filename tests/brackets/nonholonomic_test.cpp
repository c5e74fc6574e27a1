// tests/brackets/nonholonomic_test.cpp — Π_nh (004 (2.9)) and Π_nh^Λ (3.6), (5.6) for the Chaplygin
// sphere of 004 §6 (gauge.md A1–A6, A10), and Λ = 0 for a rank-2 distribution (§5.4.2).
#include <doctest/doctest.h>

#include "brackets/gauge.hpp"
#include "core/error.hpp"
#include "brackets/jacobi.hpp"
#include "brackets/nonholonomic.hpp"
#include "examples/chaplygin_sphere.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/hamel_equations.hpp"
#include "reduction/gauge_momenta.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

namespace {
struct Sphere {
  hamel::NonholonomicSystem sys{hamel::examples::chaplygin_sphere(true, true).spec};
  const hamel::Chart& Q = sys.chart();
  const hamel::Chart& M = sys.dual_chart();
  ex phi = Q[0], th = Q[1], m = Q.parameter("m"), R = Q.parameter("R"), I1 = Q.parameter("I1"),
     I3 = Q.parameter("I3");
  ex mR2 = m * R * R;
  ex K = I1 * mR2 * pow(sin(th), 2) + I3 * mR2 * pow(cos(th), 2) + I1 * I3;
  std::vector<ex> pi = sys.momenta();
  hamel::Form Lambda = hamel::lemma_5_4_three_form(sys, {0});
};
}  // namespace

TEST_SUITE("brackets") {

TEST_CASE("nonholonomic_bracket: the Chaplygin sphere's Π_nh (004 (2.9))") {
  Sphere S;
  const auto B = hamel::nonholonomic_bracket(S.sys);
  CHECK_SYMBOLIC_EQ_ON(S.M, B(S.Q[3], S.pi[1]), S.R * sin(S.phi));
  CHECK_SYMBOLIC_EQ_ON(S.M, B(S.Q[0], S.Q[3]), 0);
  // {π_α, π_β} = −C_αβ^γ π_γ
  const auto& C = S.sys.structure();
  for (std::size_t a = 0; a < 3; ++a)
    for (std::size_t b = 0; b < 3; ++b) {
      ex rhs = 0;
      for (std::size_t g = 0; g < 3; ++g) rhs -= C(a, b, g) * S.pi[g];
      CHECK_SYMBOLIC_EQ_ON(S.M, B(S.pi[a], S.pi[b]), rhs);
    }
  // π1 is not a Casimir of Π_nh: {π1, π2}_nh ≠ 0 (gauge.md A10)
  CHECK_FALSE(hamel::zero_test(B(S.pi[0], S.pi[1]), S.M).zero);
  const auto v = hamel::is_poisson(B);
  CHECK_FALSE(v.poisson);
  CHECK_FALSE(v.nonzero.empty());
}

TEST_CASE("Lemma 5.4: Λ = −mR² sinθ dφ∧dθ∧dψ = mR² λ¹∧λ²∧λ³ (gauge.md A3)") {
  Sphere S;
  CHECK(S.Lambda.components().size() == 1);
  CHECK_SYMBOLIC_EQ_ON(S.Q, S.Lambda.component({0, 1, 2}), -S.mR2 * sin(S.th));
  using hamel::Form;
  const ex psi = S.Q[2];
  const Form dphi = Form::differential(S.Q, 0), dth = Form::differential(S.Q, 1), dpsi = Form::differential(S.Q, 2);
  const Form l1 = sin(psi) * sin(S.th) * dphi + cos(psi) * dth, l2 = cos(psi) * sin(S.th) * dphi - sin(psi) * dth,
             l3 = cos(S.th) * dphi + dpsi;
  CHECK(hamel::zero_test(S.Lambda - S.mR2 * wedge(wedge(l1, l2), l3)).zero);
  // B_bβγ = ⟨[Z_b, X_β], X_γ⟩ (5.2)
  const auto B = hamel::three_form_coefficients(S.sys, S.Lambda);
  const auto& C = S.sys.structure_lowered();
  for (std::size_t a = 0; a < 3; ++a)
    for (std::size_t b = 0; b < 3; ++b) CHECK_SYMBOLIC_EQ_ON(S.Q, B(0, a, b), C(0, a, b));
}

TEST_CASE("gauged_bracket: Π_nh^Λ for the Chaplygin sphere (gauge.md A6), Theorems 3.2 and 5.6") {
  Sphere S;
  const auto BL = hamel::gauged_bracket(S.sys, S.Lambda);
  const ex x = S.Q[3], y = S.Q[4], psi = S.Q[2];
  SUBCASE("the coordinate brackets listed after (6.7)") {
    CHECK_SYMBOLIC_EQ_ON(S.M, BL(S.phi, S.pi[0]), 1);
    CHECK_SYMBOLIC_EQ_ON(S.M, BL(S.th, S.pi[1]), 1);
    CHECK_SYMBOLIC_EQ_ON(S.M, BL(x, S.pi[1]), S.R * sin(S.phi));
    CHECK_SYMBOLIC_EQ_ON(S.M, BL(y, S.pi[1]), -S.R * cos(S.phi));
    CHECK_SYMBOLIC_EQ_ON(S.M, BL(psi, S.pi[2]), 1);
    CHECK_SYMBOLIC_EQ_ON(S.M, BL(x, S.pi[2]), -S.R * cos(S.phi) * sin(S.th));
    CHECK_SYMBOLIC_EQ_ON(S.M, BL(y, S.pi[2]), -S.R * sin(S.phi) * sin(S.th));
    for (std::size_t i = 0; i < 5; ++i)
      for (std::size_t j = 0; j < 5; ++j) CHECK_SYMBOLIC_EQ_ON(S.M, BL(S.Q[i], S.Q[j]), 0);
  }
  SUBCASE("{π1, π2} = {π1, π3} = 0 and {π2, π3} of 004 §6") {
    CHECK_SYMBOLIC_EQ_ON(S.M, BL(S.pi[0], S.pi[1]), 0);
    CHECK_SYMBOLIC_EQ_ON(S.M, BL(S.pi[0], S.pi[2]), 0);
    CHECK_SYMBOLIC_EQ_ON(S.M, BL(S.pi[1], S.pi[2]),
                         -S.mR2 * (S.I3 + S.mR2) * sin(S.th) / S.K * S.pi[0] -
                             S.mR2 * (S.I1 - S.I3) * cos(S.th) * sin(S.th) / S.K * S.pi[2]);
    // (5.6): {π_I, π_J} = (G^γb C_bIJ − C_IJ^γ) π_γ
    const auto& Gi = S.sys.constrained_inverse();
    const auto& Cl = S.sys.structure_lowered();
    const auto& Cu = S.sys.structure();
    ex rhs = 0;
    for (std::size_t g = 0; g < 3; ++g) rhs += (Gi(g, 0) * Cl(0, 1, 2) - Cu(1, 2, g)) * S.pi[g];
    CHECK_SYMBOLIC_EQ_ON(S.M, BL(S.pi[1], S.pi[2]), rhs);
  }
  SUBCASE("the closed form (3.6) is the Ševera–Weinstein gauge of Π_nh by Ξ (Theorem 3.2 iii)") {
    const auto BX = hamel::gauge_transform(hamel::nonholonomic_bracket(S.sys), hamel::xi_form(S.sys, S.Lambda));
    CHECK(hamel::same_bracket(BX, BL).zero);
  }
  SUBCASE("Theorem 3.2: the same Hamiltonian vector field of H_c, the same characteristic distribution") {
    const ex H = hamel::constrained_hamiltonian(S.sys);
    CHECK(hamel::zero_test(hamel::hamiltonian_vector_field(BL, H) - hamel::nonholonomic_vector_field(S.sys)).zero);
    const auto E1 = hamel::characteristic_distribution(hamel::nonholonomic_bracket(S.sys));
    const auto E2 = hamel::characteristic_distribution(BL);
    CHECK(hamel::generic_rank(E1) == 6);
    CHECK(hamel::generic_rank(E2) == 6);
    for (const auto& X : E2.generators()) CHECK(hamel::contains(E1, X));
    for (const auto& X : E1.generators()) CHECK(hamel::contains(E2, X));
  }
  SUBCASE("Theorem 5.6 with our sign: (Π_nh^Λ)♯(dπ1) = +Z1 (gauge.md errata)") {
    const auto X = hamel::hamiltonian_vector_field(BL, S.pi[0]);
    CHECK(hamel::zero_test(X - hamel::VectorField::coordinate(S.M, 0)).zero);
  }
  SUBCASE("Π_nh^Λ is not Poisson (gauge.md A10)") {
    const auto v = hamel::is_poisson(BL);
    CHECK_FALSE(v.poisson);
    CHECK_FALSE(v.nonzero.empty());
  }
}

TEST_CASE("gauged_bracket: a 3-form that does not annihilate W is refused") {
  Sphere S;
  using hamel::Form;
  const Form bad = wedge(wedge(Form::differential(S.Q, 0), Form::differential(S.Q, 1)), Form::differential(S.Q, 3));
  CHECK_THROWS_WITH_AS(hamel::gauged_bracket(S.sys, bad), doctest::Contains("the 3-form does not annihilate W"),
                       hamel::DomainError);
}

TEST_CASE("rank-2 distributions: Λ = 0 and Π_nh^Λ = Π_nh (004 §5.4.2), the nonholonomic particle") {
  const auto Q = hamel::Chart::make("R3", {"x", "y", "z"});
  const auto v = hamel::velocities(Q);
  const ex y = Q[1];
  const hamel::NonholonomicSystem sys(hamel::NonholonomicSpec{
      Q, (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) / 2, {v[2] - y * v[0]}, {}, {}, {}});
  CHECK(sys.rank() == 2);
  // Whatever the coefficients, a section of Λ³(D*) vanishes when rank D = 2.
  hamel::Tensor3 B(2);
  for (std::size_t a = 0; a < 2; ++a)
    for (std::size_t b = 0; b < 2; ++b)
      for (std::size_t c = 0; c < 2; ++c) B(a, b, c) = Q[0] + static_cast<int>(a + 2 * b + 3 * c);
  CHECK(hamel::three_form_from_coefficients(sys, B).components().empty());
  const auto L = hamel::lemma_5_4_three_form(sys, {});
  CHECK(L.components().empty());
  CHECK(hamel::same_bracket(hamel::gauged_bracket(sys, L), hamel::nonholonomic_bracket(sys)).zero);
  // D is not integrable, so Π_nh is not Poisson (van der Schaft–Maschke)
  CHECK_FALSE(hamel::is_poisson(hamel::nonholonomic_bracket(sys)).poisson);
}

}  // TEST_SUITE
