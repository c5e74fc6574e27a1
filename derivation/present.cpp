// derivation/present.cpp
#include "derivation/present.hpp"

#include <set>
#include <string>

#include "core/display.hpp"
#include "core/symbolic.hpp"

namespace hamel {

namespace {

// The momenta and velocities of `e` (by the derivation's table of symbols), in name order.
GiNaC::lst collect_symbols_of(const GiNaC::ex& e, const std::set<std::string>& names) {
  GiNaC::exset found;
  collect_symbols(e, found);
  std::vector<GiNaC::ex> v;
  for (const GiNaC::ex& s : found)
    if (names.count(GiNaC::ex_to<GiNaC::symbol>(s).get_name())) v.push_back(s);
  GiNaC::lst out;
  for (const GiNaC::ex& s : in_name_order(v, [](const GiNaC::ex& x) { return GiNaC::ex_to<GiNaC::symbol>(x).get_name(); }))
    out.append(s);
  return out;
}

}  // namespace

void present(Derivation& d) {
  std::set<std::string> collect;
  for (const Symbol& s : d.symbols)
    if (s.kind == SymbolKind::Momentum || s.kind == SymbolKind::Velocity) collect.insert(s.name);
  for (auto& section : d.sections)
    for (auto& object : section.objects)
      for (auto& entry : object.entries) entry.value = display_form(entry.value, collect_symbols_of(entry.value, collect));
}

}  // namespace hamel
