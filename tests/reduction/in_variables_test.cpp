// tests/reduction/in_variables_test.cpp — the derivation's brackets of the variables: re-expressed
// without `inverse:` rules, or kept in (q, π) with a note (derivation/in_variables.hpp).
#include <doctest/doctest.h>

#include "brackets/jacobi.hpp"
#include "derivation/characteristic.hpp"
#include "derivation/in_variables.hpp"
#include "derivation/nonholonomic.hpp"
#include "examples/chaplygin_sphere.hpp"
#include "reduction/gauge_momenta.hpp"

using GiNaC::ex;

namespace {

// The flagship as a spec (frame (6.4), W = span{∂x, ∂y}, Z1 claimed) with the given variables.
hamel::NonholonomicInput sphere_with(std::vector<hamel::NamedFunction> variables) {
  const auto c = hamel::examples::chaplygin_sphere();
  hamel::NonholonomicInput in(c.spec.chart, c.spec.lagrangian, c.spec.constraints);
  in.frame = c.spec.frame;
  in.frame_names = c.spec.frame_names;
  in.complement = c.spec.complement.coordinates;
  in.gauge = {0};
  in.variables = std::move(variables);
  std::vector<std::string> names;
  for (const auto& v : in.variables) names.push_back(v.name);
  in.variable_chart = in.Q.sibling("U", names);
  return in;
}

const hamel::Entry& entry(const hamel::Object& o, const std::string& f, const std::string& g) {
  for (const auto& e : o.entries)
    if (e.key == std::vector<std::string>{f, g}) return e;
  FAIL("no entry {" << f << ", " << g << "}");
  return o.entries.front();
}

}  // namespace

TEST_SUITE("reduction") {

TEST_CASE("variable_brackets: (M3, gamma, P = pi2) of the sphere: brackets in gamma re-expressed, those with P left in (q, pi) with a note") {
  auto in = sphere_with({{"M3", ex(0)}, {"gamma1", ex(0)}, {"gamma2", ex(0)}, {"gamma3", ex(0)}, {"P", ex(0)}});
  const auto system = hamel::build_nonholonomic_system(in);
  const auto& Q = system.chart();
  const auto& M = system.dual_chart();
  const auto p = system.momenta();
  const ex th = Q[1], psi = Q[2];
  in.variables[0].expression = p[2];
  in.variables[1].expression = sin(th) * sin(psi);
  in.variables[2].expression = sin(th) * cos(psi);
  in.variables[3].expression = cos(th);
  in.variables[4].expression = p[1];
  const auto B = hamel::gauged_bracket(system, hamel::lemma_5_4_three_form(system, {0}));
  hamel::DerivationSection s;
  hamel::InVariables(in).brackets(B, s);
  const hamel::Object* o = nullptr;
  for (const auto& x : s.objects)
    if (x.id == "reduced_bracket") o = &x;
  REQUIRE(o);
  const auto& U = *in.variable_chart;
  const auto& mg = entry(*o, "M3", "gamma1");  // (6.10): {M3, γ1} = −γ2
  CHECK(mg.note.empty());
  CHECK((mg.value + U[2]).is_zero());
  // {γ3, π2} = −sin θ = ∓√(γ1² + γ2²): not rational in the variables
  const auto& pg = entry(*o, "gamma3", "P");
  CHECK(pg.note == "left in (q, pi): algebraic of degree 2 over the variables, not rational in them");
  CHECK(hamel::is_zero(pg.value + sin(th), M));
  // {π3, π2} involves π1, which is no function of the variables
  CHECK(entry(*o, "M3", "P").note == "left in (q, pi): not a function of the variables");
  const std::string left = "{M3, P}, {gamma1, P}, {gamma2, P}, {gamma3, P}";
  REQUIRE(s.verdicts.size() == 1);
  CHECK(s.verdicts[0].id == "reduced.in_variables");
  CHECK_FALSE(s.verdicts[0].holds);
  CHECK_FALSE(s.verdicts[0].failure());
  CHECK(s.verdicts[0].reason == "left in $(q, pi)$: " + left);
  CHECK(s.prose[0].text().find("6 of 10; left in $(q, pi)$: " + left + ".") != std::string::npos);
  // the relation among the variables: |γ|² = 1
  const hamel::Object* rel = nullptr;
  for (const auto& x : s.objects)
    if (x.id == "variable_relations") rel = &x;
  REQUIRE(rel);
  REQUIRE(rel->entries.size() == 1);
  CHECK((rel->entries[0].value - (U[1] * U[1] + U[2] * U[2] + U[3] * U[3] - 1)).expand().is_zero());
}

TEST_CASE("characteristic on the reduced space by Jacobiator rows: the identity behind it, and the same verdict as the brackets' rows") {
  // (M, γ) of 004 §6 on D* of the flagship, with Π_nh^Λ (3.6)
  auto in = sphere_with({{"M1", ex(0)}, {"M2", ex(0)}, {"M3", ex(0)}, {"gamma1", ex(0)}, {"gamma2", ex(0)}, {"gamma3", ex(0)}});
  const auto system = hamel::build_nonholonomic_system(in);
  const auto& Q = system.chart();
  const auto& D = system.dual_chart();
  const auto p = system.momenta();
  const ex th = Q[1], psi = Q[2];
  in.variables[0].expression = (sin(psi) * p[0] + cos(psi) * sin(th) * p[1] - sin(psi) * cos(th) * p[2]) / sin(th);
  in.variables[1].expression = (cos(psi) * p[0] - sin(psi) * sin(th) * p[1] - cos(psi) * cos(th) * p[2]) / sin(th);
  in.variables[2].expression = p[2];
  in.variables[3].expression = sin(th) * sin(psi);
  in.variables[4].expression = sin(th) * cos(psi);
  in.variables[5].expression = cos(th);
  const auto B = hamel::gauged_bracket(system, hamel::lemma_5_4_three_form(system, {0}));
  hamel::DerivationSection s;
  hamel::InVariables iv(in);
  const auto table = iv.brackets(B, s);
  REQUIRE(table);
  const auto J = hamel::variable_jacobiators(iv, *table, std::nullopt);
  std::vector<ex> u;
  std::vector<std::string> names;
  for (const auto& v : in.variables) u.push_back(v.expression), names.push_back(v.name);
  // [Y_a, Y_b](u_c) = Jac(u_a, u_b, u_c) − Σ_d ∂_d W_ab(u) {u_c, u_d}, Y_a = Π♯du_a, W_ab = {u_a, u_b} in the
  // variables: checked on D* for (M1, M2) and (M2, gamma1), every c
  const auto& U = iv.chart();
  GiNaC::exmap on_dual;
  for (std::size_t d = 0; d < u.size(); ++d) on_dual[U[d]] = u[d];
  for (const auto& [a, b] : std::vector<std::pair<std::size_t, std::size_t>>{{0, 1}, {1, 3}}) {
    const hamel::VectorField c = hamel::lie_bracket(hamel::hamiltonian_vector_field(B, u[a]), hamel::hamiltonian_vector_field(B, u[b]));
    for (std::size_t k = 0; k < u.size(); ++k) {
      ex rest = c(u[k]) - hamel::jacobiator_on_dual(iv, J, a, b, k);
      for (std::size_t d = 0; d < u.size(); ++d)
        rest += table->at({a, b}).diff(GiNaC::ex_to<GiNaC::symbol>(U[d])).subs(on_dual) * B(u[k], u[d]);
      CHECK(hamel::zero_test(rest, D).zero);
    }
  }
  // the Jacobiator is alternating, and Jac(M1, M2, M3) does not vanish on D* (the reduced bracket is not Poisson)
  CHECK(hamel::zero_test(hamel::jacobiator_on_dual(iv, J, 1, 0, 2) + hamel::jacobiator_on_dual(iv, J, 0, 1, 2), D).zero);
  CHECK_FALSE(hamel::zero_test(hamel::jacobiator_on_dual(iv, J, 0, 1, 2), D).zero);
  // rank 4 on the 5-dimensional reduced space, integrable (004 §6), by either rows
  const auto rows = [&](std::size_t a, std::size_t b) {
    std::vector<ex> r;
    for (std::size_t k = 0; k < u.size(); ++k) r.push_back(hamel::jacobiator_on_dual(iv, J, a, b, k));
    return r;
  };
  for (const auto& r : {hamel::characteristic_on_image(B, u, names), hamel::characteristic_on_image(B, u, names, rows)}) {
    CHECK(r.dimension == 5);
    CHECK(r.rank == 4);
    CHECK(r.involutive);
    CHECK(r.closure_rank == 4);
  }
  // φ = √(1 − mR²(Aγ, γ)) makes it Poisson on |γ| = 1 (004 §6), decided on Jac_φΠ/φ²: every triple
  // vanishes there, each checked against Jac_φΠ itself on D*. Off the sphere it depends on how φ is
  // extended: with γ3 alone (as the derivation prints it) 3 triples vanish only on the sphere.
  const ex m = Q.parameter("m"), R = Q.parameter("R"), I1 = Q.parameter("I1"), I3 = Q.parameter("I3");
  const ex mR2 = m * R * R;
  const ex by_gamma = sqrt(1 - mR2 * ((U[3] * U[3] + U[4] * U[4]) / (I1 + mR2) + U[5] * U[5] / (I3 + mR2)));
  const ex by_gamma3 = sqrt((I1 * I3 + I1 * mR2 + (I3 - I1) * mR2 * U[5] * U[5]) / ((I1 + mR2) * (I3 + mR2)));
  for (const ex& phi : {by_gamma, by_gamma3}) {
    const auto Jphi = hamel::variable_jacobiators(iv, *table, phi);
    std::size_t on_relations = 0;
    for (std::size_t k = 0; k < Jphi.triples.size(); ++k) {
      const auto& t = Jphi.values[k];
      CHECK(t.kind != hamel::TripleJacobiator::Kind::Nonzero);
      on_relations += t.kind == hamel::TripleJacobiator::Kind::ZeroOnRelations;
      const auto& [a, b, c] = Jphi.triples[k];
      CHECK(hamel::zero_test(hamel::jacobiator(Jphi.bracket, U[a], U[b], U[c]).subs(on_dual), D).zero);
    }
    if (phi.is_equal(by_gamma3)) CHECK(on_relations == 3);
  }
}

}  // TEST_SUITE

TEST_CASE("the re-expression budget: an entry's share keeps two bases' floor, and the time left goes back to entries that ran out") {
  using hamel::entry_share;
  using hamel::second_share;
  // 30 s among 31 entries to come (the Chaplygin ball with a seventh variable): an equal part would be
  // 0.97 s, under the floor of two Gröbner bases of 1.5 s each (the lexicographic order has half)
  CHECK(entry_share(30, 31) == doctest::Approx(3.0));
  CHECK(entry_share(30, 5) == doctest::Approx(6.0));
  CHECK(entry_share(100, 1) == doctest::Approx(20.0));  // at most 20 s
  CHECK(entry_share(2, 10) == doctest::Approx(2.0));    // never more than is left
  CHECK(entry_share(0, 10) == 0);
  // 14 s left, 4 entries to come keep 1.5 s each: 8 s for 2 that ran out with 3 s, 4 s each
  CHECK(second_share(14, 4, 2, 3) == doctest::Approx(4.0));
  CHECK(second_share(14, 0, 1, 3) == doctest::Approx(14.0));
  CHECK(second_share(14, 4, 2, 4) == 0);   // no more than it had: it would end the same way
  CHECK(second_share(8, 4, 1, 1) == 0);    // 2 s spare: under an entry's floor
  CHECK(second_share(60, 0, 1, 3) == doctest::Approx(20.0));
}
