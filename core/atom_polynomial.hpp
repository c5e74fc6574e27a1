// core/atom_polynomial.hpp — GiNaC's to_polynomial with the atoms looked up by hash.
//
// ex::to_polynomial(repl) stands a symbol for each atom (a function, a root, a non-integer number). At
// every atom it substitutes the whole map into the atom and then scans the map for an equal value:
// with the display pass's table of every atom of a run, that was most of its cost. This walk gives
// the same polynomial and the same map (the same new symbols, made in the same order), looking an
// atom up in a hash index and substituting only into an atom that holds one of the map's symbols.
#pragma once

#include <ginac/ginac.h>

#include <cstddef>
#include <unordered_map>

namespace hamel {

/// The symbols of a to_polynomial map by their atom, kept by polynomial_in_atoms. Where two symbols
/// stand for one atom it holds the first in the map's order (the one GiNaC's scan finds). It is
/// rebuilt when the map's size is not the one it was built for: a map may be grown elsewhere, by
/// adding entries.
struct AtomIndex {
  std::unordered_map<GiNaC::ex, GiNaC::ex, std::hash<GiNaC::ex>, GiNaC::ex_is_equal> symbol_of;
  std::size_t indexed = 0;      // the map's size when built
  bool symbol_keys = true;      // every key a symbol: an atom without them is left as it is by subs
  bool built = false;
};

/// e.to_polynomial(repl), the same result and the same entries added to repl.
GiNaC::ex polynomial_in_atoms(const GiNaC::ex& e, GiNaC::exmap& repl, AtomIndex& index);

}  // namespace hamel
