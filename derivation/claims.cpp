// derivation/claims.cpp
#include "derivation/claims.hpp"

#include <algorithm>
#include <cmath>
#include <regex>
#include <sstream>

#include "core/display.hpp"
#include "core/latex.hpp"
#include "core/symbolic.hpp"
#include "core/term_order.hpp"

namespace hamel {

std::vector<std::pair<std::string, std::string>> point_items(const GiNaC::exmap& point) {
  // by name: the map's own order follows GiNaC's hashes, which change from run to run
  std::vector<std::pair<std::string, std::string>> items;
  for (const auto& kv : point) {
    std::ostringstream os;
    os.precision(6);
    const GiNaC::ex v = kv.second.evalf();
    if (GiNaC::is_a<GiNaC::numeric>(v)) os << GiNaC::ex_to<GiNaC::numeric>(v).to_double();
    else os << to_text(v);
    items.emplace_back(to_text(kv.first), os.str());
  }
  std::stable_sort(items.begin(), items.end(),
                   [](const auto& a, const auto& b) { return compare_names(a.first, b.first) < 0; });
  return items;
}

std::string describe_point(const GiNaC::exmap& point) {
  std::string s;
  for (const auto& [name, value] : point_items(point)) s += (s.empty() ? "" : ", ") + name + " = " + value;
  return s;
}

ClaimDecision decision_of(const std::string& how) {
  static const std::vector<std::pair<std::string, std::string>> methods = {
      {"symbolic (canonical form)", "canonical_form"}, {"exact evaluation", "exact_evaluation"},
      {"numeric probing", "numeric_probing"}, {"interval arithmetic (Arb balls)", "ball_arithmetic"}};
  ClaimDecision d{"other", 0, ""};
  std::size_t first = std::string::npos;
  for (const auto& [phrase, key] : methods) {
    const std::size_t at = how.find(phrase);
    if (at < first) first = at, d.method = key;
  }
  std::smatch m;
  static const std::regex points("([0-9]+) (random )?points"), bound("\\|value\\| (≤|=) ([^ ,;)]+)");
  if (std::regex_search(how, m, points)) d.points = std::stoul(m[1].str());
  else if (how.find("at a random point") != std::string::npos) d.points = 1;
  if (std::regex_search(how, m, bound)) d.bound = m[2].str();
  return d;
}

namespace {

// A value at a witness, to 12 significant digits. It is computed at 30: at 12 CLN works in double
// floats, and the exact witness's long rationals overflowed them (no values were shown).
// An imaginary part below 10^-25 of the size (a square root of a real evaluated through complex floats,
// 1e-39 i) is rounding: the value is real, and its noise changed from run to run.
std::string twelve_digits(const GiNaC::ex& v) {
  if (!GiNaC::is_a<GiNaC::numeric>(v)) return to_text(v);
  const GiNaC::numeric& z = GiNaC::ex_to<GiNaC::numeric>(v);
  const double re = GiNaC::real(z).to_double(), im = GiNaC::imag(z).to_double();
  if (!z.is_real() && !(std::abs(im) < 1e-25 * std::max(1.0, std::abs(re)))) return to_text(v);
  std::ostringstream os;
  os.precision(12);
  os << re;
  return os.str();
}

void fill_comparison(ClaimResult& res, const ZeroVerdict& v, const GiNaC::ex& derived, const GiNaC::ex& claimed) {
  res.holds = v.zero;
  res.undecided = v.undecided;
  res.how = v.how();
  res.derived = to_text(display_form(derived));  // as a report shows it (docs/display.md), not the canonical form
  res.claimed = to_text(claimed);
  if (v.zero || v.undecided || v.point.empty()) return;
  // the witness gives only the symbols of the difference; the others (π1, π2 beside a wrong potential)
  // get values of their own, which leave the difference as it is, so that both values can be shown
  GiNaC::exmap point = v.point;
  GiNaC::exset all;
  collect_symbols(derived, all);
  collect_symbols(claimed, all);
  std::vector<std::pair<std::string, GiNaC::ex>> missing;  // by name: the set's order is GiNaC's
  for (const GiNaC::ex& x : all)
    if (!point.count(x)) missing.emplace_back(to_text(x), x);
  std::sort(missing.begin(), missing.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t k = 0; k < missing.size(); ++k) point[missing[k].second] = GiNaC::numeric(static_cast<long>(k) + 2, static_cast<long>(k) + 3);
  std::string values;
  try {  // the values at the witness are a courtesy: an evaluation failure must not hide the verdict
    res.derived_at = twelve_digits(evaluate(derived, point, 30));
    res.claimed_at = twelve_digits(evaluate(claimed, point, 30));
    // equal to twelve digits (a claim off by 1e-19, a tester): the difference, at 60 digits, says by how much
    const std::string difference =
        res.derived_at == res.claimed_at ? ", difference = " + twelve_digits(evaluate(derived - claimed, point, 60)) : "";
    values = " (derived = " + res.derived_at + ", claimed = " + res.claimed_at + difference + ")";
  } catch (const std::exception&) {
    point = v.point;
    res.derived_at.clear(), res.claimed_at.clear();
  }
  res.point = point_items(point);
  res.counterexample = describe_point(point) + values;
}

}  // namespace

void compare_claim(ClaimResult& res, const GiNaC::ex& derived, const GiNaC::ex& claimed, const ProbeSpace& space) {
  fill_comparison(res, zero_test(derived - claimed, space), derived, claimed);
}

void compare_claim(ClaimResult& res, const ZeroVerdict& v, const GiNaC::ex& derived, const GiNaC::ex& claimed) {
  fill_comparison(res, v, derived, claimed);
}

void compare_claim(ClaimResult& res, const GiNaC::ex& derived, const GiNaC::ex& claimed, const Chart& chart) {
  fill_comparison(res, zero_test(derived - claimed, chart), derived, claimed);
}

void compare_claim(ClaimResult& res, bool derived, bool claimed, const std::string& how) {
  res.holds = derived == claimed;
  res.how = how;
  res.derived = derived ? "true" : "false";
  res.claimed = claimed ? "true" : "false";
}

}  // namespace hamel
