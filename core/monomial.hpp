// core/monomial.hpp — polynomials read term by term, without GiNaC's degree() and coeff().
//
// GiNaC's degree() and coeff() on a product rebuild it once per factor they look at; asked for every
// term of a polynomial and every symbol, they dominated the circle reductions of the canonical form
// and of the display pass. These read a term's factors once.
#pragma once

#include <ginac/ginac.h>

#include "core/node_kind.hpp"
#include "core/stored_terms.hpp"  // for_each_power, read by the walks over terms

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace hamel {

/// The degree of a monomial (a product of numbers, symbols and their powers; other factors are
/// asked with degree()) in the symbol v.
int degree_in(const GiNaC::ex& monomial, const GiNaC::ex& v);

/// The terms of a sum (p itself when it is not one), remembered per thread: GiNaC builds each term
/// of a sum again on every walk over it (op(i) of a sum with a numeric coefficient is a new product),
/// and the display pass walks the same polynomials many times.
std::vector<GiNaC::ex> terms_of(const GiNaC::ex& p);

/// How many terms terms_of(p) has, without building them.
inline std::size_t term_count(const GiNaC::ex& p) { return is_sum(p) ? p.nops() : 1; }

/// The factors of a product (e itself when it is not one).
std::vector<GiNaC::ex> factors_of(const GiNaC::ex& e);

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

/// Each symbol's largest exponent in p, read off its stored terms; nullopt unless p is a sum of
/// rational multiples of products of symbols to positive integer powers (an expanded polynomial: the
/// exponents are its degrees).
std::optional<std::map<GiNaC::ex, int, GiNaC::ex_is_less>> degrees_of(const GiNaC::ex& p);

/// The sum p split by the monomial m = Π syms[k]^g[k] (g ≥ 0): Σ t/m over p's terms t that m
/// divides, and Σ of the others; the same expressions as GiNaC's add of those terms (each t/m
/// expanded), built from p's stored pairs (x, c) without building any term c·x. nullopt where a term
/// is not a number times symbols to integer powers.
std::optional<std::pair<GiNaC::ex, GiNaC::ex>> divided_and_rest(const GiNaC::ex& p, const std::vector<GiNaC::ex>& syms,
                                                                const std::vector<int>& g);

/// Whether p.expand() is p again: a number, a symbol to an integer power, or a product or a sum of
/// such (rational or not), read off the stored pairs. Its status flag answers only for a tree that
/// expand() built; the display pass's polynomials are mostly built expanded by add() and mul().
bool is_expanded_polynomial(const GiNaC::ex& p);

/// p.expand(), without the walk that rebuilds every product of p where is_expanded_polynomial(p)
/// (GiNaC's mul::expand builds a new product even of symbols): then p itself, flagged expanded as
/// expand() would leave it.
GiNaC::ex expanded(const GiNaC::ex& p);

/// The expanded polynomial p with every term divided by the monomial Π syms[k]^g[k] (g ≥ 0) and by
/// the number c: (p / (monomial · c)).expand(), built from p's stored pairs without GiNaC's division.
/// nullopt where a term is not a number times symbols to integer powers or the monomial does not
/// divide it.
std::optional<GiNaC::ex> divided_exactly(const GiNaC::ex& p, const std::vector<GiNaC::ex>& syms, const std::vector<int>& g,
                                         const GiNaC::numeric& c);

/// Whether f is v or a power of v for some v of vars.
bool is_power_of(const GiNaC::ex& f, const GiNaC::lst& vars);

/// One monomial of a polynomial collected in some symbols (collected_in).
struct MonomialPart {
  GiNaC::ex monomial;     // the factors that are powers of the symbols (1 for terms without any)
  GiNaC::ex coefficient;  // the sum of the terms' other factors, their numbers included
  GiNaC::ex terms;        // the sum of p's terms with this monomial, undivided (only when asked for)
};

/// The expanded polynomial p divided by `divisor` (a product of symbols to positive integer powers,
/// none of them in `vars`, dividing every term) as Σ coefficient · monomial, a monomial being a
/// term's factors v or v^k with v in `vars`; by monomial in ex_is_less order. Read off the stored
/// pairs in one pass: splitting each term (op(i), built anew) with *= and dividing by (p/divisor).expand()
/// rebuilt every term and partial product. nullopt where a term does not show the divisor's powers
/// as factors of its own.
std::optional<std::vector<MonomialPart>> collected_in(const GiNaC::ex& p, const GiNaC::lst& vars, const GiNaC::ex& divisor = 1,
                                                      bool with_terms = false);

/// Whether a is a number times b (b not 0): what GiNaC::divide(a, b, q) with q a number says,
/// cheaper. c·b has as many terms as b and the same degrees, and c is the ratio of their first terms
/// (GiNaC orders a sum's terms by their monomials, not their numbers), checked by a − c·b = 0; GiNaC
/// divides only where neither decides (the display pass's per-monomial fractions asked the division
/// whether anything cancelled: 5% of the double pendulum's pass).
bool numeric_multiple(const GiNaC::ex& a, const GiNaC::ex& b);

/// GiNaC::divide(a, b, q), refused at once where b has a symbol to a higher degree than a (a nonzero
/// polynomial's multiples have at least its degree in each symbol; most coefficients of a numerator
/// are no multiple of its denominator, and the divisions took 5% of routh_sphere's display pass).
/// GiNaC decides where a or b is not an expanded polynomial.
bool divide_by_degrees(const GiNaC::ex& a, const GiNaC::ex& b, GiNaC::ex& q);

}  // namespace hamel
