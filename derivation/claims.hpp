// derivation/claims.hpp — the verdict on one claim of a claims file, and the comparisons every
// vocabulary of claims shares: a derived value against a claimed one by the zero test, or a derived
// yes/no against a claimed one.
#pragma once

#include <string>
#include <vector>

#include "geometry/chart.hpp"

namespace hamel {

struct ZeroVerdict;
struct ProbeSpace;


struct ClaimResult {
  std::string name;
  std::string kind;
  bool holds = false;
  bool undecided = false;      ///< the zero test could neither prove nor support a verdict (never TRUE)
  std::string how;             ///< how it was decided
  std::string derived;         ///< the derived value (text)
  std::string claimed;         ///< the claimed value (text)
  std::string counterexample;  ///< a point where they differ, with both values
  /// The same point by name, in name order, and both values there (12 digits), when the zero test gave
  /// a witness: what `hamel check --json` writes besides the text.
  std::vector<std::pair<std::string, std::string>> point;
  std::string derived_at, claimed_at;
  int line = 0;
};

/// How a claim was decided, read from its `how` (which ZeroVerdict::how() writes): the first zero-test
/// method the text names, "canonical_form", "exact_evaluation", "numeric_probing" or "ball_arithmetic",
/// else "other" (a sign test on sampled points, a verdict read off the derivation); with the number of
/// points evaluated and the bound on |value| when the text gives them (0 and "" otherwise).
struct ClaimDecision {
  std::string method;
  std::size_t points = 0;
  std::string bound;
};
ClaimDecision decision_of(const std::string& how);

/// Formats a zero-test witness: "theta = 0.81, m = 1.3 (derived = …, claimed = …)".
std::string describe_point(const GiNaC::exmap& point);
/// The witness's coordinates by name, in name order, each value to 6 digits (as describe_point writes them).
std::vector<std::pair<std::string, std::string>> point_items(const GiNaC::exmap& point);

/// Fills `res` with the comparison of a derived and a claimed value on `chart` by the zero test: the
/// verdict, how it was decided, both values and, when they differ, the witness point with both values.
void compare_claim(ClaimResult& res, const GiNaC::ex& derived, const GiNaC::ex& claimed, const Chart& chart);

/// The same with the points drawn from `space` (a chart's probe space with some parameters narrowed to
/// where they are physical, e.g. a restitution in (0, 1]).
void compare_claim(ClaimResult& res, const GiNaC::ex& derived, const GiNaC::ex& claimed, const ProbeSpace& space);

/// The same from a verdict already reached (a module's own zero test, e.g. the rescaled one of discrete
/// systems): its witness gets every symbol of both values, and both values there.
void compare_claim(ClaimResult& res, const ZeroVerdict& v, const GiNaC::ex& derived, const GiNaC::ex& claimed);

/// Fills `res` for a yes/no claim ("holds: false"): it is true when the claimed verdict is the derived one.
void compare_claim(ClaimResult& res, bool derived, bool claimed, const std::string& how);

/// Checks each claim, in order, with the function `table` holds for its kind; `Env` is what a check
/// sees: the derived state and the claim.
template <class Env, class State, class Claim, class Table>
std::vector<ClaimResult> check_each(const State& derived, const std::vector<Claim>& claims, const Table& table) {
  std::vector<ClaimResult> out;
  for (const auto& c : claims) {
    ClaimResult res;
    table.at(c.kind)(Env{derived, c}, res);
    out.push_back(res);
  }
  return out;
}

}  // namespace hamel
