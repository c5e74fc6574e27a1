// core/latex.hpp — names and expressions as a paper prints them.
//
// theta → \theta, I1 → I_{1}, pi1_dot → \dot{\pi}_{1}, f1'(θ) → f_{1}'(\theta), sin(θ)² → \sin^{2}\theta.
// Expressions print in the same order in every process: terms and factors follow the order of
// core/term_order.hpp, never GiNaC's hash order (docs/geometry.md, "Printing").
#pragma once

#include <ginac/ginac.h>

#include <map>
#include <string>
#include <vector>

namespace hamel {

/// LaTeX chosen by the user for names (e.g. {"th": "\\vartheta", "I1": "I_1"}); it is consulted
/// before the built-in rules, also for the pieces of a name (the base of th_dot, th1 or th_x).
using LatexNames = std::map<std::string, std::string>;

/// LaTeX for an identifier: a Greek name becomes its command, trailing digits a subscript,
/// a `_dot` suffix a dot accent on the base letter (pi1_dot → \dot{\pi}_{1}) and any other `_` a
/// subscript.
std::string latex_name(const std::string& name, const LatexNames* names = nullptr);

/// LaTeX for an expression: \sin^{2}\theta, \frac{num}{den} for negative powers, \sqrt{..} for
/// square roots, factors juxtaposed (\cdot only between numbers); abstract-function derivatives
/// print with primes (f_{1}''(\theta)) or, for several arguments, as partial derivatives.
std::string to_latex(const GiNaC::ex& e, const LatexNames* names = nullptr);

/// Plain text, parsable again by Hamel's expression reader and by SymPy with ^ as power:
/// `I1*sin(theta)^2 - m*R^2/(2*x)`, derivatives of abstract functions as diff(f2(theta), theta, 2).
std::string to_text(const GiNaC::ex& e);

/// The operations a reader sees in a text form, counted as SymPy's count_ops counts them: each
/// + - * / ^ (a sign too) and each function call.
std::size_t operations_in(const std::string& text);

/// An expression's LaTeX cut where a displayed equation may break: the signed summands of its top-level sum
/// ("a", "- b", "+ c"); for a product of a factor and a long sum, or a fraction whose numerator is a sum,
/// `open` holds the factor and an opening bracket (e.g. "\frac{1}{K}\Bigl(") and `close` the closing one.
struct LatexBreaks {
  std::string open;
  std::vector<std::string> terms;
  std::string close;
};
LatexBreaks latex_breaks(const GiNaC::ex& e, const LatexNames* names = nullptr);

/// The printed width of LaTeX math in em, estimated from its glyphs (commands like \frac count by their content).
double latex_width(const std::string& latex);

}  // namespace hamel
