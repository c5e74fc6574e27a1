// tests/core/symbol_sets.hpp — the same names as symbols made in different orders, to see GiNaC's
// hash order change within one process as it changes between processes.
#pragma once

#include <ginac/ginac.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace hamel::test {

/// name → symbol, the symbols made in a given order.
class SymbolSet {
 public:
  explicit SymbolSet(const std::vector<std::string>& order) {
    for (const auto& n : order) symbols_.emplace(n, GiNaC::realsymbol(n));
  }
  GiNaC::ex operator[](const std::string& name) const { return symbols_.at(name); }

 private:
  std::map<std::string, GiNaC::ex> symbols_;
};

/// One set per rotation of `names` and per rotation of its reverse: GiNaC hashes a symbol by its
/// serial number, so each set sorts sums and products in its own way.
inline std::vector<SymbolSet> symbol_sets(std::vector<std::string> names) {
  std::vector<SymbolSet> sets;
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t k = 0; k < names.size(); ++k) {
      sets.emplace_back(names);
      std::rotate(names.begin(), names.begin() + 1, names.end());
    }
    std::reverse(names.begin(), names.end());
  }
  return sets;
}

/// GiNaC's own text (its hash order), to show that a case does reorder.
inline std::string ginac_text(const GiNaC::ex& e) {
  std::ostringstream os;
  os << GiNaC::dflt << e;
  return os.str();
}

}  // namespace hamel::test
