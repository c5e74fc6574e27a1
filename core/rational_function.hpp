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

#include <optional>
#include <utility>
#include <vector>

namespace hamel {

struct CancelledFraction {
  GiNaC::ex numerator;
  GiNaC::ex denominator;  ///< never zero
};

/// The pairs (s, c) of symbols with c² = 1 − s², by which N and D are reduced (c to degree ≤ 1).
using CirclePairs = std::vector<std::pair<GiNaC::ex, GiNaC::ex>>;

/// N/D = e, cancelled, then reduced on the circles, then cancelled again (as GiNaC's
/// numer_denom() followed by the reduction did).  nullopt when e is not built of rational numbers,
/// symbols, constants and functions (taken as atoms) by sums, products and integer powers, or when a
/// denominator is identically zero (the caller reports it).
std::optional<CancelledFraction> cancelled_fraction(const GiNaC::ex& e, const CirclePairs& circles);

}  // namespace hamel
