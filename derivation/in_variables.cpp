// derivation/in_variables.cpp
#include "derivation/in_variables.hpp"

#include <algorithm>
#include <chrono>

#include "reduction/reexpress.hpp"

namespace hamel {

namespace {

// What all re-expressions of one derivation may take together; past it entries are left in (q, π).
constexpr double kDerivationSeconds = 120;

VariablesOnChart on_dual(const NonholonomicInput& in) {
  std::vector<std::string> names;
  for (const auto& v : in.variables) names.push_back(v.name);
  const Chart U = in.variable_chart ? *in.variable_chart : in.Q.sibling("U", names);
  // the chart's symbols of the variables used (a variable that is not invariant is left out)
  std::vector<GiNaC::ex> used;
  for (const auto& n : names)
    for (std::size_t i = 0; i < U.dim(); ++i)
      if (U.coordinate_name(i) == n) used.push_back(U[i]);
  return {in.dual_chart(), used, in.variables};
}

std::string joined(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& x : items) s += (s.empty() ? "" : ", ") + x;
  return s;
}

void report(const std::vector<std::string>& left, std::size_t total, DerivationSection& s) {
  const std::size_t done = total - left.size();
  s.prose.push_back("Each bracket is rewritten in the variables by elimination (a Groebner basis, Singular) and "
                    "verified by the zero test: " + std::to_string(done) + " of " + std::to_string(total) +
                    (left.empty() ? "." : "; left in $(q, pi)$: " + joined(left) + "."));
  Verdict& v = s.verdict("reduced.in_variables", "every bracket of the variables is a function of the variables",
                         left.empty(), "elimination, verified by the zero test");
  v.expected = std::nullopt;
  v.reason = "left in $(q, pi)$: " + joined(left);
}

void relations(const VariablesOnChart& v, DerivationSection& s) {
  const VariableRelations r = variable_relations(v);
  if (!r.found || r.relations.empty()) return;
  s.prose.push_back("The variables satisfy the relations $R_k = 0$ listed (found by the elimination, each verified by "
                    "the zero test).");
  Object& o = s.object("variable_relations", ObjectKind::List, "the relations among the variables, each $R_k = 0$");
  for (std::size_t k = 0; k < r.relations.size(); ++k)
    if (r.verified[k].zero) o.add({std::to_string(k + 1)}, Label::symbol("R", {std::to_string(k + 1)}), r.relations[k]);
}

// Re-expressed, or left with its note; false when left.
bool add_entry(const VariablesOnChart& v, const GiNaC::exmap& hint, double seconds, Object& o,
               std::vector<std::string> key, Label label, const GiNaC::ex& value) {
  Reexpressed r;
  r.value = value;
  r.note = "over budget: the derivation's " + std::to_string(static_cast<int>(kDerivationSeconds)) + " s are spent";
  if (seconds > 0) {
    ReexpressBudget budget;
    budget.seconds = std::min(budget.seconds, seconds);
    r = reexpress(value, v, hint, budget);
  }
  Entry& e = o.add(std::move(key), std::move(label), r.value);
  if (!r.expressed()) e.note = "left in (q, pi): " + r.note;
  return r.expressed();
}

void momenta(const NonholonomicInput& in, const VariablesOnChart& v, DerivationSection& s) {
  if (in.gauge.empty()) return;
  Object& o = s.object("variable_momenta", ObjectKind::Family, "the gauge momenta in the variables");
  const Chart M = in.dual_chart();
  for (std::size_t b : in.gauge) {
    const std::size_t i = in.Q.dim() + b;  // pi_b: D* = (q, pi1..pir)
    add_entry(v, in.inverse, kDerivationSeconds, o, {M.coordinate_name(i)}, Label::symbol(M.coordinate_name(i)), M[i]);
  }
}

}  // namespace

bool add_in_variables(const NonholonomicInput& in, Object& o, std::vector<std::string> key, Label label,
                      const GiNaC::ex& value) {
  return add_entry(on_dual(in), in.inverse, kDerivationSeconds, o, std::move(key), std::move(label), value);
}

void variable_brackets(const NonholonomicInput& in, const AlmostPoissonBracket& B, DerivationSection& s) {
  const VariablesOnChart v = on_dual(in);
  Object& o = s.object("reduced_bracket", ObjectKind::Bracket, "the brackets of the variables");
  std::vector<std::string> left;
  const auto table = bracket_table(B, in.variables);
  const auto t0 = std::chrono::steady_clock::now();
  for (const auto& [ab, value] : table) {
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const std::string& na = in.variables[ab.first].name;
    const std::string& nb = in.variables[ab.second].name;
    if (!add_entry(v, in.inverse, kDerivationSeconds - spent, o, {na, nb}, Label::bracket(na, nb), value))
      left.push_back("{" + na + ", " + nb + "}");
  }
  report(left, table.size(), s);
  relations(v, s);
  momenta(in, v, s);
}

}  // namespace hamel
