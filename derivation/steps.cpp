// derivation/steps.cpp
#include "derivation/steps.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace hamel {

DerivationSection& start_section(Derivation& d, const DeriveOptions& options, const std::string& id, const std::string& title) {
  if (options.section_started) options.section_started(d);
  if (options.progress) options.progress(title);
  return d.add(id, title);
}

Verdict& zero_verdict(DerivationSection& s, const std::string& id, const std::string& statement, const ZeroVerdict& v,
                      bool want_zero) {
  Verdict& out = s.verdict(id, statement, !v.undecided && v.zero == want_zero, v.how());
  out.undecided = v.undecided;
  if (!out.holds && !out.undecided)
    for (const auto& [sym, val] : v.point) out.witness.emplace_back(detail::str(sym), detail::str(val));
  std::sort(out.witness.begin(), out.witness.end());  // the model's convention: name order
  return out;
}

std::string coordinate_list(const Chart& c) {
  std::string s;
  for (std::size_t i = 0; i < c.dim(); ++i) s += (i ? ", " : "") + c.coordinate_name(i);
  return "$(" + s + ")$";
}

}  // namespace hamel
