// tests/brackets/variables_test.cpp — the reduced bracket (6.10) of the Chaplygin sphere in (M, γ) and
// its Hamiltonization by the conformal factor √(1 − mR²(Aγ,γ)) (gauge.md A7–A9).
#include <doctest/doctest.h>

#include "brackets/jacobi.hpp"
#include "brackets/nonholonomic.hpp"
#include "brackets/variables.hpp"
#include "examples/chaplygin_sphere.hpp"
#include "reduction/gauge_momenta.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

namespace {

struct Reduced {
  hamel::NonholonomicSystem sys{hamel::examples::chaplygin_sphere().spec};
  const hamel::Chart& Q = sys.chart();
  hamel::Chart U = Q.sibling("U", {"M1", "M2", "M3", "gamma1", "gamma2", "gamma3"});
  ex m = Q.parameter("m"), R = Q.parameter("R"), I1 = Q.parameter("I1"), I3 = Q.parameter("I3");
  ex mR2 = m * R * R;
  std::vector<ex> M{U[0], U[1], U[2]}, g{U[3], U[4], U[5]};
  // A = (𝕀 + mR²)⁻¹ with 𝕀 = diag(I1, I1, I3)
  std::vector<ex> A{1 / (I1 + mR2), 1 / (I1 + mR2), 1 / (I3 + mR2)};
  ex AMg = A[0] * M[0] * g[0] + A[1] * M[1] * g[1] + A[2] * M[2] * g[2];
  ex Agg = A[0] * g[0] * g[0] + A[1] * g[1] * g[1] + A[2] * g[2] * g[2];
  ex Omega_gamma = AMg / (1 - mR2 * Agg);  // (Ω, γ) with Ω as given after (6.10)

  // (6.10): {γi,γj} = 0, {Mi,γj} = −ε_ijk γk, {Mi,Mj} = −ε_ijk (Mk − mR²(Ω,γ)γk); indices 0..5 = M, γ
  std::map<std::pair<std::size_t, std::size_t>, ex> table() const {
    std::map<std::pair<std::size_t, std::size_t>, ex> t;
    const auto eps = [](int i, int j, int k) { return (i - j) * (j - k) * (k - i) / 2; };
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        ex mm = 0, mg = 0;
        for (int k = 0; k < 3; ++k) {
          mm -= eps(i, j, k) * (M[k] - mR2 * Omega_gamma * g[k]);
          mg -= eps(i, j, k) * g[k];
        }
        if (i < j) t[{i, j}] = mm;
        t[{static_cast<std::size_t>(i), static_cast<std::size_t>(3 + j)}] = mg;
      }
    return t;
  }

  // γ and M as functions on D* (gauge.md A7)
  std::vector<hamel::NamedFunction> variables() const {
    const ex th = Q[1], psi = Q[2];
    const auto p = sys.momenta();
    return {{"M1", (sin(psi) * p[0] + cos(psi) * sin(th) * p[1] - sin(psi) * cos(th) * p[2]) / sin(th)},
            {"M2", (cos(psi) * p[0] - sin(psi) * sin(th) * p[1] - cos(psi) * cos(th) * p[2]) / sin(th)},
            {"M3", p[2]},
            {"gamma1", sin(th) * sin(psi)},
            {"gamma2", sin(th) * cos(psi)},
            {"gamma3", cos(th)}};
  }
};

}  // namespace

TEST_SUITE("brackets") {

TEST_CASE("bracket_table: Π_nh^Λ in (M, γ) is (6.10)") {
  Reduced S;
  const auto vars = S.variables();
  // π1 = (M, γ) (004 §6)
  const ex Mg = S.M[0] * S.g[0] + S.M[1] * S.g[1] + S.M[2] * S.g[2];
  CHECK(hamel::verify_in_variables(S.sys.momenta()[0], Mg, S.U.coordinates(), vars, S.sys.dual_chart()).zero);
  const auto BL = hamel::gauged_bracket(S.sys, hamel::lemma_5_4_three_form(S.sys, {0}));
  const auto actual = hamel::bracket_table(BL, vars);
  const auto claimed = S.table();
  for (std::size_t a = 0; a < 6; ++a)
    for (std::size_t b = a + 1; b < 6; ++b) {
      const auto it = claimed.find({a, b});
      const ex want = it == claimed.end() ? ex(0) : it->second;
      const auto v = hamel::verify_in_variables(actual.at({a, b}), want, S.U.coordinates(), vars, S.sys.dual_chart());
      INFO("{", vars[a].name, ", ", vars[b].name, "}: ", v.how());
      CHECK(v.zero);
    }
  // With Π_nh instead, {M1, M2} differs from (6.10): the gauge matters.
  const auto Bnh = hamel::bracket_table(hamel::nonholonomic_bracket(S.sys), vars);
  CHECK_FALSE(hamel::verify_in_variables(Bnh.at({0, 1}), claimed.at({0, 1}), S.U.coordinates(), vars,
                                         S.sys.dual_chart()).zero);
}

TEST_CASE("express_in_variables: rewriting {π2, π3} with substitution rules") {
  Reduced S;
  const auto vars = S.variables();
  const auto BL = hamel::gauged_bracket(S.sys, hamel::lemma_5_4_three_form(S.sys, {0}));
  const ex th = S.Q[1];
  const auto p = S.sys.momenta();
  // π3 = M3, cosθ = γ3, sin²θ = 1 − γ3² (only even powers of sinθ occur in {π1, π3}·sinθ...) — use {M3, γ3}
  const ex entry = BL(p[2], cos(th));  // {M3, γ3} = 0
  const auto r = hamel::express_in_variables(entry, {{cos(th), S.g[2]}, {p[2], S.M[2]}}, S.U.coordinates(), vars,
                                             S.sys.dual_chart());
  CHECK(r.verified.zero);
  CHECK(r.value.is_zero());
  // {M3, γ1} = −γ2: rewrite with sinθ sinψ = γ1 etc.
  const ex e2 = BL(p[2], sin(th) * sin(S.Q[2]));
  const auto r2 = hamel::express_in_variables(
      e2, {{sin(th) * cos(S.Q[2]), S.g[1]}, {sin(th) * sin(S.Q[2]), S.g[0]}}, S.U.coordinates(), vars,
      S.sys.dual_chart());
  CHECK(r2.verified.zero);
  CHECK_SYMBOLIC_EQ(r2.value, -S.g[1]);
}

TEST_CASE("Hamiltonization (gauge.md A9): (6.10) on R⁶ fails Jacobi, φ·(6.10) with φ = √(1 − mR²(Aγ,γ)) satisfies it") {
  Reduced S;
  const auto B = hamel::bracket_on_variables(S.U, S.table());
  const auto plain = hamel::is_poisson(B);
  CHECK_FALSE(plain.poisson);
  const auto scaled = hamel::is_poisson(hamel::conformal(B, sqrt(1 - S.mR2 * S.Agg)));
  INFO(scaled.detail);
  CHECK(scaled.poisson);
  // (M, γ) is a Casimir of both (its Hamiltonian vector field vanishes)
  const ex Mg = S.M[0] * S.g[0] + S.M[1] * S.g[1] + S.M[2] * S.g[2];
  CHECK(hamel::zero_test(hamel::hamiltonian_vector_field(B, Mg)).zero);
}

}  // TEST_SUITE
