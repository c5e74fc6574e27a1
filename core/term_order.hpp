// core/term_order.hpp — an order of terms and factors that depends only on what is written.
//
// GiNaC keeps the operands of sums and products sorted by hash values, and the hashes of symbols and
// functions are seeded with type-info addresses, which move from run to run (ASLR).  Printers and
// code generators that walk `e.op(i)` therefore write the same expression differently in every
// process.  They walk `ordered_operands(e)` instead: an order built from names, numbers, degrees
// and structure only (docs/geometry.md, "Printing order").
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <utility>
#include <vector>

namespace hamel {

/// Compares two terms of a sum: negative if `a` is written before `b`, zero if they print alike.
/// Terms are compared as monomials Π atom^exponent (atoms in factor order, numeric coefficients
/// aside): lexicographically, the term with the earlier atom, then with the higher exponent of the
/// same atom, first; numbers (no atoms) last.
int compare_terms(const GiNaC::ex& a, const GiNaC::ex& b);

/// Compares two factors of a product: numbers, constants (π), symbols (by name, digits by value),
/// symbolic powers, abstract functions and their derivatives, products, sums, other functions
/// (by name, then arguments); equal atoms by exponent, higher first.
int compare_factors(const GiNaC::ex& a, const GiNaC::ex& b);

/// Compares two names as a person sorts them: ignoring case, runs of digits by value ("I2" before
/// "I10"); names equal but for case by byte order.
int compare_names(const std::string& a, const std::string& b);

/// The operands of a sum in term order, of a product in factor order; of any other expression its
/// operands as they are (their order means something there: a power's base and exponent).
std::vector<GiNaC::ex> ordered_operands(const GiNaC::ex& e);

/// The factors of e in factor order (ordered_operands of a product; e alone otherwise), each as
/// (base, exponent): a power's operands, (x, 1) for any other factor, a number included. Read off
/// a product's stored pairs: op(i) builds each power again (core/stored_terms.hpp).
std::vector<std::pair<GiNaC::ex, GiNaC::ex>> ordered_factors(const GiNaC::ex& e);

/// ordered_operands(sum).front(), found in one pass over the terms when the sum's order is not known
/// yet (core/printing.cpp counts a sum's operations knowing only which term it writes first).
GiNaC::ex first_term(const GiNaC::ex& sum);

/// True if `sum` is a sum whose first term in term order is written with a minus (written_negative).
/// GiNaC keeps every sum that is a factor of a product "unit normal" with respect to the first term
/// in its hash order, so (a - b)/(c - d) is stored as -(a - b)/(-c + d) in one run and as
/// (a - b)/(c - d) in the next (rebuilding the product does not help: GiNaC normalises it again).
/// Printers and code generators write such a factor turned, -(-c + d) = (c - d), by this test.
bool leads_with_minus(const GiNaC::ex& sum);

/// The sum with its first printed term positive: −sum where leads_with_minus, else e itself (any other
/// expression as it is). The same value up to sign in every run, whichever sign GiNaC gave it.
GiNaC::ex plus_first(const GiNaC::ex& e);

/// While one lives, each symbol of `atoms` (symbol ↦ the atom it stands for) is ordered as its atom:
/// an expression in such symbols is then ordered, and its sum factors turned, as the expression with
/// the atoms substituted, without building that. The display pass measures its candidates in symbols
/// for sines and cosines (core/display.cpp). One thread; the map must outlive it; not nested.
class OrderedAsAtoms {
 public:
  explicit OrderedAsAtoms(const GiNaC::exmap& atoms);
  ~OrderedAsAtoms();
  OrderedAsAtoms(const OrderedAsAtoms&) = delete;
  OrderedAsAtoms& operator=(const OrderedAsAtoms&) = delete;
};

/// Whether an OrderedAsAtoms lives on this thread: texts of sums are then not to be remembered by
/// the sum (core/printing.cpp), whose order they follow.
bool ordered_as_atoms();

/// True if the term is written with a minus in front: a negative numeric coefficient, the sign
/// flipped once for every sum factor with an odd integer exponent that leads_with_minus (it is
/// written turned).  A complex number with both parts keeps its signs inside: (-1 + 2*I).
bool written_negative(const GiNaC::ex& term);

/// written_negative(c·term) for a sum's stored term (term, c) (core/stored_terms.hpp, for_each_term):
/// the product c·term, which op(i) would build, is not built.
bool written_negative(const GiNaC::ex& term, const GiNaC::numeric& c);

}  // namespace hamel
