// derivation/in_variables.cpp
#include "derivation/in_variables.hpp"

#include <algorithm>

#include "reduction/reexpress.hpp"

namespace hamel {

namespace {

// What all re-expressions of one derivation may take together; past it entries are left in (q, π).
constexpr double kDerivationSeconds = 120;

VariablesOnChart on_dual(const NonholonomicInput& in) {
  std::vector<std::string> names;
  for (const auto& v : in.variables) names.push_back(v.name);
  const Chart U = in.variable_chart ? *in.variable_chart : in.system.chart().sibling("U", names);
  return {in.system.dual_chart(), U.coordinates(), in.variables};
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

}  // namespace

void variable_brackets(const NonholonomicInput& in, const AlmostPoissonBracket& B, DerivationSection& s) {
  const VariablesOnChart v = on_dual(in);
  Object& o = s.object("reduced_bracket", ObjectKind::Bracket, "the brackets of the variables");
  std::vector<std::string> left;
  double spent = 0;
  const auto table = bracket_table(B, in.variables);
  for (const auto& [ab, value] : table) {
    ReexpressBudget budget;
    budget.seconds = std::min(budget.seconds, kDerivationSeconds - spent);
    Reexpressed r;
    r.value = value;
    r.note = "over budget: the derivation's " + std::to_string(static_cast<int>(kDerivationSeconds)) + " s are spent";
    if (budget.seconds > 0) r = reexpress(value, v, in.inverse, budget);
    spent += r.seconds;
    const std::string& na = in.variables[ab.first].name;
    const std::string& nb = in.variables[ab.second].name;
    Entry& e = o.add({na, nb}, Label::bracket(na, nb), r.value);
    if (r.expressed()) continue;
    e.note = "left in (q, pi): " + r.note;
    left.push_back("{" + na + ", " + nb + "}");
  }
  report(left, table.size(), s);
  relations(v, s);
}

}  // namespace hamel
