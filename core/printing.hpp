// core/printing.hpp — what core/printing.cpp offers besides core/latex.hpp's to_text and to_latex.
#pragma once

#include <ginac/ginac.h>

#include <cstddef>

namespace hamel {

/// operations_in(to_text(e)) (core/latex.hpp), counted on the expression without writing its text:
/// the display pass measures every candidate form this way (core/display.cpp).
std::size_t text_operations(const GiNaC::ex& e);

/// text_operations(e) without a minus in front of the whole text, and whether there is one: their
/// sum is text_operations(e). The first is a lower bound that needs no term order.
std::size_t text_operations_unsigned(const GiNaC::ex& e);
bool text_leads_with_minus(const GiNaC::ex& e);

/// text_leads_with_minus(e.subs(atoms)) for a map of symbols to the atoms they stand for, found
/// without building the substituted expression (core/term_order.hpp, OrderedAsAtoms).
bool text_leads_with_minus(const GiNaC::ex& e, const GiNaC::exmap& atoms);

}  // namespace hamel
