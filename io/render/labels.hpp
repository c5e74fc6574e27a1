// io/render/labels.hpp — names as the renderers print them: entry labels, prose with `$…$` math,
// the user's LaTeX names.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "derivation/model.hpp"

namespace hamel {

/// "C_123", "{theta, pi1}", "d/dt x", "g_theta,psi".
std::string text_label(const Label& l);
/// " dtheta^dphi^dpsi" for a form's component; empty otherwise.
std::string text_suffix(const Entry& e);
/// The entries of an object as the renderers print them: one group per entry, except that the
/// components of a form (consecutive entries with one label, each with a basis) are one group, printed
/// as one sum (eta_L = dz - (b*q*z + q_dot) dq), not one line per component.
std::vector<std::vector<const Entry*>> printed_groups(const Object& o);

/// A component of a form as a term of that sum: its sign taken out of the coefficient.
struct FormTerm {
  bool negative = false;
  GiNaC::ex coefficient;  ///< as shown, without the sign; 1 prints as the bare basis (dz)
  const Entry* entry = nullptr;
};
/// The terms of a form's components, values as `shown` gives them (the derivation's abbreviations):
/// in basis order, except that the first positive term leads (dz - p dq, not -p dq + dz).
std::vector<FormTerm> form_terms(const std::vector<const Entry*>& components, const std::function<GiNaC::ex(const GiNaC::ex&)>& shown);
/// "dz - (b*q*z + q_dot*exp(-k*z)) dq": a coefficient that is a sum in brackets.
std::string text_form(const std::vector<FormTerm>& terms);

/// Prose without its `$` math marks.
std::string plain_text(const std::string& prose);

/// LaTeX names of a derivation: the user's (`latex:` in the system file) before Hamel's own.
class LatexNaming {
 public:
  explicit LatexNaming(const Derivation& d);
  std::string name(const std::string& identifier) const;
  /// C_{123}, \{\theta, \pi_{1}\}, \dot{x}, g_{\theta\psi}.
  std::string label(const Label& l) const;
  /// "\, d\theta\wedge d\varphi" for a form's component; empty otherwise.
  std::string suffix(const Entry& e) const;
  /// Math written with Hamel's names ("Pi_nh^Lambda", "r - l = 2 < 3") as LaTeX math.
  std::string math(const std::string& text) const;
  /// Prose with `$…$` math: the words escaped, the math typeset, and so are the symbols written in
  /// the words with a subscript or superscript (Pi_nh^Lambda, X_pi1, R^6).
  std::string prose(const std::string& text) const;
  /// A paragraph: its words as prose, its formulas as displayed values are set (to_latex).
  std::string paragraph(const Paragraph& p) const;
  const std::map<std::string, std::string>& user() const { return user_; }

 private:
  std::string text_with_symbols(const std::string& text) const;
  std::string word(const std::string& identifier) const;
  std::map<std::string, std::string> user_;
  std::set<std::string> symbols_;  ///< the derivation's names: dx is a name there, not d x
};

/// Escapes text for LaTeX's text mode (\ { } $ & # ^ _ % ~; < > | print as themselves in T1), so
/// that a user's string (a name, a description, a note) prints as written: k/2 (x^2+y^2). Greek,
/// accented Latin letters and common math symbols are set as commands (io/render/latex_text.cpp); a
/// character pdflatex's fonts lack (CJK, an emoji, a control character) as its code point in a box,
/// \fbox{\scriptsize U+540D}, never dropped.
std::string latex_text(const std::string& s);
/// The characters latex_text shows as their code point, each once, as messages name them: "'名' (U+540D)".
std::vector<std::string> latex_unset_characters(const std::string& s);

}  // namespace hamel
