// tests/reduction/in_variables_test.cpp — the derivation's brackets of the variables: re-expressed
// without `inverse:` rules, or kept in (q, π) with a note (derivation/in_variables.hpp).
#include <doctest/doctest.h>

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

}  // TEST_SUITE
