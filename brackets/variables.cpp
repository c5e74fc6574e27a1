// brackets/variables.cpp
#include "brackets/variables.hpp"

#include "core/error.hpp"

namespace hamel {

std::map<std::pair<std::size_t, std::size_t>, GiNaC::ex> bracket_table(
    const AlmostPoissonBracket& bracket, const std::vector<NamedFunction>& variables) {
  std::map<std::pair<std::size_t, std::size_t>, GiNaC::ex> t;
  for (std::size_t a = 0; a < variables.size(); ++a)
    for (std::size_t b = a + 1; b < variables.size(); ++b)
      t[{a, b}] = simplify(bracket(variables[a].expression, variables[b].expression));
  return t;
}

namespace {
GiNaC::exmap to_chart(const std::vector<GiNaC::ex>& u_symbols, const std::vector<NamedFunction>& variables) {
  if (u_symbols.size() != variables.size())
    throw InvalidArgument(detail::message("verify_in_variables", "one symbol per variable",
                                          std::to_string(variables.size()), std::to_string(u_symbols.size())));
  GiNaC::exmap m;
  for (std::size_t a = 0; a < u_symbols.size(); ++a) m[u_symbols[a]] = variables[a].expression;
  return m;
}
}  // namespace

ZeroVerdict verify_in_variables(const GiNaC::ex& actual, const GiNaC::ex& claimed,
                                const std::vector<GiNaC::ex>& u_symbols,
                                const std::vector<NamedFunction>& variables, const Chart& chart) {
  return zero_test(claimed.subs(to_chart(u_symbols, variables)) - actual, chart);
}

Rewritten express_in_variables(const GiNaC::ex& actual, const GiNaC::exmap& rules,
                               const std::vector<GiNaC::ex>& u_symbols,
                               const std::vector<NamedFunction>& variables, const Chart& chart) {
  const GiNaC::ex value = simplify(actual).subs(rules, GiNaC::subs_options::algebraic);
  return {value, verify_in_variables(actual, value, u_symbols, variables, chart)};
}

AlmostPoissonBracket bracket_on_variables(
    const Chart& U, const std::map<std::pair<std::size_t, std::size_t>, GiNaC::ex>& table) {
  return AlmostPoissonBracket::from_coordinate_brackets(U, table);
}

}  // namespace hamel
