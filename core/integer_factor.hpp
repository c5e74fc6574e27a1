// core/integer_factor.hpp — factoring polynomials with rational coefficients, by FLINT.
//
// GiNaC's factor() is exact but slow on the multivariate polynomials of a derivation (a 10-term
// numerator in 8 symbols takes a tenth of a second); FLINT's fmpz_mpoly_factor does the same
// factorisation over the integers in about a millisecond.  The display pass (core/display.cpp)
// factors every numerator and denominator it shows, so it uses this.
#pragma once

#include <ginac/ginac.h>

#include <optional>

namespace hamel {

/// The irreducible factorisation over Q of a polynomial in symbols with rational coefficients, as
/// a product c · f_1^e_1 ⋯ (each f_i expanded, primitive, with integer coefficients).  nullopt when
/// `p` is not such a polynomial (an atom that is not a symbol, a non-integer or negative power).
/// FLINT's factoring splits off symbols and, by one gcd each, the factors of degree 1 in a symbol
/// first (the same answer, much cheaper); `flint_alone` asks fmpz_mpoly_factor alone, for checks.
std::optional<GiNaC::ex> factor_rational(const GiNaC::ex& p, bool flint_alone = false);

/// factor_rational where it applies; otherwise GiNaC's factor() for at most `ginac_terms` terms, else p
/// as it is. GiNaC's multivariate factoring draws random evaluation points, and on a rare draw a
/// 20-term polynomial took more than ten minutes (a `hamel check` of the contact cylinder that hung once
/// in a few hundred runs); FLINT's is deterministic. Every factoring of the library goes through here.
GiNaC::ex factor_polynomial_over_q(const GiNaC::ex& p, std::size_t ginac_terms = 10);

}  // namespace hamel
