// core/rational_function.hpp — the cancelled fraction of a rational expression, by FLINT.
//
// The canonical form of core/symbolic.cpp writes an expression as N/D, polynomials in symbols, the
// pairs (s_x, c_x) = (sin x, cos x) and opaque atoms, with gcd(N, D) = 1 and N, D reduced modulo
// c_x² + s_x² − 1.  GiNaC's normal() did this with its own gcd, which dominated every derivation of a
// generic system (58% of a 4-coordinate trigonometric metric); FLINT's fmpz_mpoly gcd does the same
// cancellation 10–100× faster.  The fraction is the same up to the sign and the integer content
// shared by N and D, which are fixed here: N and D have integer coefficients with no common integer
// factor, and D's leading coefficient (lexicographic order of the atoms by name) is positive.
#pragma once

#include <ginac/ginac.h>

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace hamel {

struct CancelledFraction {
  GiNaC::ex numerator;
  GiNaC::ex denominator;  ///< never zero
};

/// The pairs (s, c) of symbols with c² = 1 − s², by which N and D are reduced (c to degree ≤ 1).
using CirclePairs = std::vector<std::pair<GiNaC::ex, GiNaC::ex>>;

/// The largest polynomial the canonical form builds, in terms. The common denominator of a sum of k
/// fractions with unrelated denominators is their product, 2^k terms for k binomials (the Hamiltonian of
/// 25 independent constrained particles: 24 GB before this bound); above it the canonical form is
/// refused and its callers keep the expression as it is (zero tests then probe it).
constexpr std::size_t kMaxFractionTerms = 200000;

struct FractionTooLarge : std::length_error {
  FractionTooLarge() : std::length_error("the canonical form exceeds 200000 terms") {}
};

/// N/D = e, cancelled, then reduced on the circles, then cancelled again (as GiNaC's
/// numer_denom() followed by the reduction did), and then by the factors N and D share only on a
/// circle, which the gcd of the reduced polynomials cannot see ((a cos x + b)^k expanded: found as a
/// gcd of the forms with sin x at most linear, docs/geometry.md).  nullopt when e is not built of rational numbers,
/// symbols, constants and functions (taken as atoms) by sums, products and integer powers, or when a
/// denominator is identically zero (the caller reports it).
/// @throws FractionTooLarge when a polynomial on the way exceeds kMaxFractionTerms terms.
std::optional<CancelledFraction> cancelled_fraction(const GiNaC::ex& e, const CirclePairs& circles);

/// {N, D} (expanded) of a canonical form N/D, or of one whose atoms were renamed, read off its factors:
/// GiNaC's numer_denom() would bring it to one fraction again, gcd of N and D included, which the
/// canonical form has already cancelled. Any other shape (a sum of fractions left as derived) goes to
/// numer_denom().
GiNaC::ex fraction_parts(const GiNaC::ex& canonical);

}  // namespace hamel
