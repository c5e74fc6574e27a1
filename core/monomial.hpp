// core/monomial.hpp — polynomials read term by term, without GiNaC's degree() and coeff().
//
// GiNaC's degree() and coeff() on a product rebuild it once per factor they look at; asked for every
// term of a polynomial and every symbol, they dominated the circle reductions of the canonical form
// and of the display pass. These read a term's factors once.
#pragma once

#include <ginac/ginac.h>

#include "core/node_kind.hpp"

#include <vector>

namespace hamel {

/// Calls f(base, exponent) for each factor of a monomial (a product's factors, or the monomial
/// itself with exponent 1; a power's base and exponent only inside a product). A product's factor
/// x^k is read off GiNaC's stored pair (x, k): op(i) would build the power again and evaluate it, a
/// tenth of the display pass. Numbers come as themselves with exponent 1.
template <class F>
void for_each_power(const GiNaC::ex& monomial, const F& f);

/// The degree of a monomial (a product of numbers, symbols and their powers; other factors are
/// asked with degree()) in the symbol v.
int degree_in(const GiNaC::ex& monomial, const GiNaC::ex& v);

/// The terms of a sum (p itself when it is not one), remembered per thread: GiNaC builds each term
/// of a sum again on every walk over it (op(i) of a sum with a numeric coefficient is a new product),
/// and the display pass walks the same polynomials many times.
std::vector<GiNaC::ex> terms_of(const GiNaC::ex& p);

/// The exponents of the symbols `syms` in a monomial, read in one walk over its factors (degree_in
/// for each symbol walks them once per symbol).
std::vector<int> exponents_in(const GiNaC::ex& monomial, const std::vector<GiNaC::ex>& syms);

/// The symbols of p into `out`, read off its terms' factors (collect_symbols' walk of the whole tree,
/// with a memo of its nodes, cost more on the display pass's polynomials); a factor that is not a
/// number, a symbol or a symbol's power is walked as collect_symbols would.
void symbols_of_terms(const GiNaC::ex& p, GiNaC::exset& out);

/// The expanded polynomial p with c² → 1 − s² (c and s symbols): c^k becomes c^(k mod 2)·(1 − s²)^⌊k/2⌋,
/// term by term, so that only the terms with c² are expanded again. p itself, expanded, when no term has c².
GiNaC::ex replace_square(const GiNaC::ex& p, const GiNaC::ex& c, const GiNaC::ex& s);

namespace detail {
// GiNaC keeps a product's factors as (base, exponent) pairs; the pairs are protected, read here
// through a pointer to member formed in a derived class (never instantiated).
struct PairsOf : GiNaC::expairseq {
  static const GiNaC::epvector& pairs(const GiNaC::expairseq& s) { return s.*(&PairsOf::seq); }
  static const GiNaC::ex& coefficient(const GiNaC::expairseq& s) { return s.*(&PairsOf::overall_coeff); }
};
}  // namespace detail

template <class F>
void for_each_power(const GiNaC::ex& monomial, const F& f) {
  static const GiNaC::ex one = 1;
  if (!is_product(monomial)) {
    f(monomial, one);
    return;
  }
  const auto& s = GiNaC::ex_to<GiNaC::expairseq>(monomial);
  for (const GiNaC::expair& p : detail::PairsOf::pairs(s)) f(p.rest, p.coeff);
  const GiNaC::ex& c = detail::PairsOf::coefficient(s);
  if (!c.is_equal(one)) f(c, one);
}

}  // namespace hamel
