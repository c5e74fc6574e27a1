// core/stored_terms.hpp — a sum's terms as GiNaC stores them, for walks that read an expression.
//
// GiNaC keeps a term c·x of a sum as the pair (x, c), and op(i) builds the product c·x anew at every
// call: an allocation, mul's evaluation and its dynamic_casts, for every term with a coefficient, in
// every walk (a tenth of the flagship's derivation went there). A walk that treats the number apart —
// or skips it, as walks for symbols, atoms or sizes do — reads the pairs instead.
#pragma once

#include <ginac/ginac.h>

#include "core/node_kind.hpp"

namespace hamel {

namespace detail {

// The protected members of a sum or a product, read through pointers to members formed in a derived class (legal:
// the access check is on naming them, here); StoredTerms is never made.
struct StoredTerms : GiNaC::expairseq {
  static const GiNaC::epvector& pairs(const GiNaC::expairseq& s) { return s.*(&StoredTerms::seq); }
  static const GiNaC::ex& constant(const GiNaC::expairseq& s) { return s.*(&StoredTerms::overall_coeff); }
};

}  // namespace detail

/// For a sum (node_kind Sum): term(x, c) for each term c·x in op() order (x is op(i) itself when c is
/// 1; c is a number), then number(k) for its constant term k when that is not 0 (op()'s last operand).
template <class Term, class Number>
void for_each_term(const GiNaC::ex& sum, Term&& term, Number&& number) {
  const auto& s = GiNaC::ex_to<GiNaC::expairseq>(sum);
  for (const GiNaC::expair& p : detail::StoredTerms::pairs(s)) term(p.rest, p.coeff);
  const GiNaC::ex& k = detail::StoredTerms::constant(s);
  if (!k.is_zero()) number(k);
}

/// f(base, exponent) for each factor of a monomial: a product's stored pairs (x, k) for its factors
/// x^k, then its numeric coefficient (exponent 1) when that is not 1; any other node is f(e, 1) (a
/// power's base and exponent are split only inside a product). op(i) would build each x^k again.
template <class F>
void for_each_power(const GiNaC::ex& monomial, const F& f) {
  static const GiNaC::ex one = 1;
  if (node_kind(monomial) != NodeKind::Product) {
    f(monomial, one);
    return;
  }
  const auto& s = GiNaC::ex_to<GiNaC::expairseq>(monomial);
  for (const GiNaC::expair& p : detail::StoredTerms::pairs(s)) f(p.rest, p.coeff);
  const GiNaC::ex& c = detail::StoredTerms::constant(s);
  if (!c.is_equal(one)) f(c, one);
}

/// Whether pred(x) holds for an operand x of e that is not a number of a sum: a sum's terms without
/// their coefficients (x for c·x), every other node's op(i); stops at the first.
template <class Pred>
bool any_operand(const GiNaC::ex& e, Pred&& pred) {
  if (node_kind(e) == NodeKind::Sum) {
    for (const GiNaC::expair& p : detail::StoredTerms::pairs(GiNaC::ex_to<GiNaC::expairseq>(e)))
      if (pred(p.rest)) return true;
    return false;
  }
  for (std::size_t i = 0; i < e.nops(); ++i)
    if (pred(e.op(i))) return true;
  return false;
}

}  // namespace hamel
