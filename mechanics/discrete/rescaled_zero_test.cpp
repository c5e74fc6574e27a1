// mechanics/discrete/rescaled_zero_test.cpp
#include "mechanics/discrete/rescaled_zero_test.hpp"

#include <map>

namespace hamel {

namespace {

using GiNaC::ex;
using namespace GiNaC;

void collect_scales(const ex& e, std::map<ex, GiNaC::numeric, GiNaC::ex_is_less>& scale) {
  if (is_ex_the_function(e, sin) || is_ex_the_function(e, cos) || is_ex_the_function(e, tan)) {
    const ex arg = e.op(0).expand();
    std::vector<ex> stack{arg};
    std::vector<ex> symbols;
    while (!stack.empty()) {
      const ex x = stack.back();
      stack.pop_back();
      if (GiNaC::is_a<GiNaC::symbol>(x)) {
        bool seen = false;
        for (const auto& s : symbols) seen = seen || s.is_equal(x);
        if (!seen) symbols.push_back(x);
      }
      for (std::size_t i = 0; i < x.nops(); ++i) stack.push_back(x.op(i));
    }
    for (const auto& s : symbols) {
      if (arg.degree(s) != 1 || arg.ldegree(s) < 0) continue;
      const ex c = arg.coeff(s, 1);
      if (!GiNaC::is_a<GiNaC::numeric>(c)) continue;
      const GiNaC::numeric q = GiNaC::ex_to<GiNaC::numeric>(c);
      if (!q.is_rational()) continue;
      auto it = scale.find(s);
      const GiNaC::numeric d = q.denom();
      if (it == scale.end()) scale.emplace(s, d);
      else it->second = GiNaC::lcm(it->second, d);
    }
  }
  for (std::size_t i = 0; i < e.nops(); ++i) collect_scales(e.op(i), scale);
}

// symbol ↦ lcm of the denominators of its coefficients in trigonometric arguments (only those ≠ 1)
std::map<ex, GiNaC::numeric, GiNaC::ex_is_less> scales(const ex& e) {
  std::map<ex, GiNaC::numeric, GiNaC::ex_is_less> scale, used;
  collect_scales(e, scale);
  for (const auto& [s, d] : scale)
    if (d != 1) used.emplace(s, d);
  return used;
}

}  // namespace

ex rescaled_pretty(const ex& e, const GiNaC::lst& collect_in) {
  const auto used = scales(e);
  if (used.empty()) return pretty(e, collect_in);
  GiNaC::exmap there, back;
  for (const auto& [s, d] : used) {
    there[s] = d * s;
    back[s] = s / d;
  }
  return pretty(e.subs(there), collect_in).subs(back);
}

ZeroVerdict rescaled_zero_test(const ex& e, const Chart& chart) {
  std::map<ex, GiNaC::numeric, GiNaC::ex_is_less> scale;
  collect_scales(e, scale);
  GiNaC::exmap sub;
  std::map<ex, GiNaC::numeric, GiNaC::ex_is_less> used;
  for (const auto& [s, d] : scale)
    if (d != 1) {
      sub[s] = d * s;
      used.emplace(s, d);
    }
  if (sub.empty()) return zero_test(e, chart);
  // phi0 = d u: u is drawn from the domain of phi0 divided by d, so that phi0 stays in it
  ProbeSpace space = chart.probe_space();
  for (auto& r : space.ranges)
    if (const auto it = used.find(r.symbol); it != used.end()) {
      r.lo /= it->second.to_double();
      r.hi /= it->second.to_double();
    }
  ZeroVerdict v = zero_test(e.subs(sub), space);
  if (!v.point.empty()) {
    GiNaC::exmap back;
    for (const auto& [s, value] : v.point) {
      const auto it = used.find(s);
      back[s] = it == used.end() ? value : it->second * value;
    }
    v.point = back;
  }
  return v;
}

ZeroVerdict rescaled_all_zero(const std::vector<GiNaC::ex>& v, const Chart& chart) {
  ZeroVerdict last;
  last.zero = true;
  last.detail = "nothing to check";
  for (const auto& e : v) {
    last = rescaled_zero_test(e, chart);
    if (!last.zero) return last;
  }
  return last;
}

}  // namespace hamel
