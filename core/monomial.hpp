// core/monomial.hpp — polynomials read term by term, without GiNaC's degree() and coeff().
//
// GiNaC's degree() and coeff() on a product rebuild it once per factor they look at; asked for every
// term of a polynomial and every symbol, they dominated the circle reductions of the canonical form
// and of the display pass. These read a term's factors once.
#pragma once

#include <ginac/ginac.h>

namespace hamel {

/// The degree of a monomial (a product of numbers, symbols and their powers; other factors are
/// asked with degree()) in the symbol v.
int degree_in(const GiNaC::ex& monomial, const GiNaC::ex& v);

/// The expanded polynomial p with c² → 1 − s² (c and s symbols): c^k becomes c^(k mod 2)·(1 − s²)^⌊k/2⌋,
/// term by term, so that only the terms with c² are expanded again. p itself, expanded, when no term has c².
GiNaC::ex replace_square(const GiNaC::ex& p, const GiNaC::ex& c, const GiNaC::ex& s);

}  // namespace hamel
