// core/monomial_multiple.hpp — whether b may be a number times a monomial times v, tested cheaply.
//
// present() names a recurring denominator K and writes K wherever a sum is a multiple c·x^k·K of it
// (derivation/present.cpp); that is decided by canonical forms, which cost milliseconds on sums of a few
// hundred nodes. This test at points rules most sums out first. It is in double precision, not modulo a
// prime as residues_at_random_point (core/symbolic.hpp) evaluates, because the sums hold roots (the
// ellipsoid's √K1), which the residues do not take; it can only let a sum through, never decide.
#pragma once

#include <ginac/ginac.h>

#include <vector>

namespace hamel {

/// An expression's values in double precision at two fixed points and, at each, with one of `symbols`
/// doubled: per point, the value there, then one value per symbol in the set's order. One walk of the
/// expression for all of them; an abstract function f(x) counts as a fixed smooth function of x.
using SymbolProfile = std::vector<std::vector<double>>;
SymbolProfile symbol_profile(const GiNaC::ex& e, const GiNaC::exset& symbols);

/// Whether b may be a number times a monomial times v, from their profiles over b's symbols: false only
/// where b/v changes by other than a power of two when a symbol is doubled, at both points.
bool may_be_monomial_multiple(const SymbolProfile& b, const SymbolProfile& v);

}  // namespace hamel
