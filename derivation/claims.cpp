// derivation/claims.cpp
#include "derivation/claims.hpp"

#include <algorithm>
#include <sstream>

#include "core/display.hpp"
#include "core/latex.hpp"
#include "core/symbolic.hpp"
#include "core/term_order.hpp"

namespace hamel {

std::string describe_point(const GiNaC::exmap& point) {
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
  std::string s;
  for (const auto& [name, value] : items) s += (s.empty() ? "" : ", ") + name + " = " + value;
  return s;
}

namespace {

void fill_comparison(ClaimResult& res, const ZeroVerdict& v, const GiNaC::ex& derived, const GiNaC::ex& claimed) {
  res.holds = v.zero;
  res.undecided = v.undecided;
  res.how = v.how();
  res.derived = to_text(display_form(derived));  // as a report shows it (docs/display.md), not the canonical form
  res.claimed = to_text(claimed);
  if (v.zero || v.undecided || v.point.empty()) return;
  std::string values;
  try {  // the values at the witness are a courtesy: an evaluation failure must not hide the verdict
    values = " (derived = " + to_text(evaluate(derived, v.point, 12)) + ", claimed = " + to_text(evaluate(claimed, v.point, 12)) + ")";
  } catch (const std::exception&) {
  }
  res.counterexample = describe_point(v.point) + values;
}

}  // namespace

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
