// core/plain_factor.hpp — FLINT's factorisation of a polynomial, without FLINT where a certificate
// shows the answer (the display pass factors thousands of numerators and denominators, most of them
// a monomial times an irreducible polynomial).
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <vector>

namespace hamel {

/// Whether the expanded p, a sum of rational numbers times symbols to positive integer powers, is
/// irreducible over Q by this certificate: p = a·x + b of degree 1 in a symbol x, a ≠ 0 and b ≠ 0,
/// one of a and b a single term that shares no symbol with all the terms of the other. `syms` holds
/// p's symbols (others are ignored). false says nothing.
bool plainly_irreducible(const GiNaC::ex& p, const std::vector<GiNaC::ex>& syms);

/// Whether the expanded p, a sum of integers times symbols to positive integer powers with integer
/// content 1, is irreducible over Q by this certificate: for a symbol x (of the two of lowest degree),
/// p with the other symbols set to fixed integers is irreducible of the same degree in x (so a
/// factorisation leaves a factor free of x), and the coefficients of p in x have no common factor
/// but a number (their gcds at fixed points, of degree 0). Univariate factoring and gcds, far cheaper
/// than FLINT's multivariate contents. false says nothing.
bool irreducible_by_specialisation(const GiNaC::ex& p, const std::vector<GiNaC::ex>& syms);

/// factor_polynomial_over_q(p) (core/integer_factor.hpp), the same expression, when p is a monomial,
/// or a number times a monomial times a polynomial plainly_irreducible or irreducible_by_specialisation;
/// nullopt otherwise.
std::optional<GiNaC::ex> factored_without_flint(const GiNaC::ex& p);

}  // namespace hamel
