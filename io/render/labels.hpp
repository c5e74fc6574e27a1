// io/render/labels.hpp — names as the renderers print them: entry labels, prose with `$…$` math,
// the user's LaTeX names.
#pragma once

#include <map>
#include <string>

#include "derivation/model.hpp"

namespace hamel {

/// "C_123", "{theta, pi1}", "d/dt x", "g_theta,psi".
std::string text_label(const Label& l);
/// " dtheta^dphi^dpsi" for a form's component; empty otherwise.
std::string text_suffix(const Entry& e);
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
  const std::map<std::string, std::string>& user() const { return user_; }

 private:
  std::string text_with_symbols(const std::string& text) const;
  std::map<std::string, std::string> user_;
};

/// Escapes text for LaTeX's text mode (\ { } $ & # ^ _ % ~ < > |).
std::string latex_text(const std::string& s);

}  // namespace hamel
