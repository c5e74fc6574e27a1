// core/sparse_polynomial.hpp — polynomials over Q as exponent vectors over a fixed list of symbols.
//
// The display pass (core/display.cpp) rewrites the same polynomials many times (c² → 1 − s², the
// pairing t − t·s² → t·c², division by a monomial) and throws most results away. On GiNaC trees each
// rewriting builds products and sums (mul::eval, expairseq, allocation) that are read again at once;
// on exponent vectors it is integer arithmetic. A polynomial is read from GiNaC once, rewritten here,
// and written back once, where the result is kept.
#pragma once

#include <ginac/ginac.h>

#include <cstddef>
#include <optional>
#include <vector>

namespace hamel {

/// Σ c_i · x^e_i over a symbol list x fixed by the caller (the list is not stored: a polynomial is
/// read and written with the same list). Canonical at construction: terms sorted by exponent vector,
/// no two with the same vector, no zero coefficient; so equal polynomials compare equal.
struct SparsePolynomial {
  struct Term {
    std::vector<int> exponents;  // one per symbol of the list
    GiNaC::numeric coefficient;  // rational, not 0
  };
  std::size_t variables = 0;
  std::vector<Term> terms;

  SparsePolynomial() = default;
  /// The sum of `terms` (any order, repeats and zeros allowed) in `variables` symbols.
  SparsePolynomial(std::size_t variables, std::vector<Term> terms);

  std::size_t size() const { return terms.size(); }
  bool operator==(const SparsePolynomial& o) const;
};

/// The expanded polynomial p over `symbols`; nullopt where a term is not a rational multiple of a
/// product of non-negative integer powers of the symbols (a sum not expanded, a function, a root,
/// another symbol, a float).
std::optional<SparsePolynomial> to_sparse(const GiNaC::ex& p, const std::vector<GiNaC::ex>& symbols);

/// p as a GiNaC sum: the same expression (is_equal) as expanding the polynomial in GiNaC.
GiNaC::ex to_ginac(const SparsePolynomial& p, const std::vector<GiNaC::ex>& symbols);

/// p with x_c² → 1 − x_s²: x_c^k becomes x_c^(k mod 2)·(1 − x_s²)^⌊k/2⌋ (core/monomial.hpp's
/// replace_square on the symbols c = x_c, s = x_s).
SparsePolynomial replace_square(const SparsePolynomial& p, std::size_t c, std::size_t s);

/// For each term t (by index), the index of the term −t·x_s², or size() when p has none.
std::vector<std::size_t> square_partners(const SparsePolynomial& p, std::size_t s);

/// Whether some term is both the partner of one term and has a partner itself (t, −t·s², t·s⁴):
/// then which pairs are joined depends on the order they are taken in.
bool has_chain(const std::vector<std::size_t>& partners);

/// p with each pair (i, j) of `pairs` (j the partner of i) joined into t_i·x_c²: t − t·s² = t·c²
/// on the circle. The pairs must be disjoint.
SparsePolynomial joined_pairs(const SparsePolynomial& p, const std::vector<std::pair<std::size_t, std::size_t>>& pairs, std::size_t c);

/// The largest monomial dividing every term (its exponents; all 0 for the zero polynomial).
std::vector<int> common_monomial(const SparsePolynomial& p);

/// Whether the monomial x^m divides the term x^e.
bool divides(const std::vector<int>& m, const std::vector<int>& e);

/// p / x^m, x^m dividing every term.
SparsePolynomial divided(const SparsePolynomial& p, const std::vector<int>& m);

/// p · x^m.
SparsePolynomial times_monomial(const SparsePolynomial& p, const std::vector<int>& m);

/// a · b (over the same symbols).
SparsePolynomial product(const SparsePolynomial& a, const SparsePolynomial& b);

/// Whether f divides p exactly (over Q; f not 0): dividing by f's leading term in lex order, each
/// leading term of what is left must be a multiple of it, and nothing is left at the end.
bool is_multiple_of(const SparsePolynomial& p, const SparsePolynomial& f);

/// p with x_v replaced by q (over the same symbols; q may hold x_v), expanded: GiNaC's subs then
/// expand, each power of q computed once.
SparsePolynomial substituted(const SparsePolynomial& p, std::size_t v, const SparsePolynomial& q);

/// The slots of sin x, cos x, sin y, cos y, S = sin(x ± y), C = cos(x ± y), and the sign ± (1 or −1).
struct AngleSumSlots {
  std::size_t sx, cx, sy, cy, S, C;
  int sign;
};

/// p in x ± y: sin x → S·cos y − ±C·sin y, cos x → C·cos y + ±S·sin y, then cos² y → 1 − sin² y and
/// C² → 1 − S² (replace_square): the display pass's contraction of angle sums (core/display.cpp).
SparsePolynomial in_angle_sum(const SparsePolynomial& p, const AngleSumSlots& a);

}  // namespace hamel
