// core/latex.hpp — names and expressions as a paper prints them.
//
// theta → \theta, I1 → I_{1}, pi2 → \pi_{2}, x_dot → \dot{x}, f1'(θ) → f_{1}'(\theta).
#pragma once

#include <ginac/ginac.h>

#include <string>

namespace hamel {

/// LaTeX for an identifier: a Greek name becomes its command, trailing digits a subscript,
/// a `_dot` suffix a dot accent and any other `_` a subscript.
std::string latex_name(const std::string& name);

/// LaTeX for an expression; abstract-function derivatives print with primes (f_{1}''(\theta)) or,
/// for several arguments, as partial derivatives.
std::string to_latex(const GiNaC::ex& e);

/// Plain text in GiNaC's syntax (parsable again by GiNaC and by SymPy with ^ as power).
std::string to_text(const GiNaC::ex& e);

}  // namespace hamel
