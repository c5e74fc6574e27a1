// brackets/variables.hpp — brackets of chosen functions u_1..u_k (e.g. M_i, γ_i of 004 §6), and the
// bracket they induce on R^k ∋ u.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "brackets/almost_poisson.hpp"

namespace hamel {

/// A named function on the bracket's chart.
struct NamedFunction {
  std::string name;
  GiNaC::ex expression;
};

/// {u_a, u_b} for a < b, as functions on the bracket's chart (simplified).
std::map<std::pair<std::size_t, std::size_t>, GiNaC::ex> bracket_table(
    const AlmostPoissonBracket& bracket, const std::vector<NamedFunction>& variables);

/// Whether a value claimed as a function of the variables, `claimed(u)`, equals the function
/// `actual` on the chart: substitutes u_a ↦ u_a(x) and runs the zero test.
ZeroVerdict verify_in_variables(const GiNaC::ex& actual, const GiNaC::ex& claimed,
                                const std::vector<GiNaC::ex>& u_symbols,
                                const std::vector<NamedFunction>& variables, const Chart& chart);

/// Rewrites `actual` (a function on the chart) in the variables with user-given substitution rules
/// (e.g. cos(theta) ↦ gamma3, sin(psi) ↦ gamma1/sqrt(gamma1^2+gamma2^2), pi3 ↦ M3), applied to its
/// canonical form; the result is verified by the zero test as in `verify_in_variables`.
struct Rewritten {
  GiNaC::ex value;        ///< in the u symbols
  ZeroVerdict verified;   ///< value(u(x)) − actual(x) == 0 ?
};
Rewritten express_in_variables(const GiNaC::ex& actual, const GiNaC::exmap& rules,
                               const std::vector<GiNaC::ex>& u_symbols,
                               const std::vector<NamedFunction>& variables, const Chart& chart);

/// The bracket on the chart `U` (coordinates u_1..u_k) with {u_a, u_b} = table(a, b).
AlmostPoissonBracket bracket_on_variables(
    const Chart& U, const std::map<std::pair<std::size_t, std::size_t>, GiNaC::ex>& table);

}  // namespace hamel
