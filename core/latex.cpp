// core/latex.cpp — LaTeX names, and the width of LaTeX formulas (expressions: core/printing.cpp).
#include "core/latex.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

namespace hamel {
namespace {

const std::set<std::string>& greek() {
  static const std::set<std::string> g = {
      "alpha", "beta",  "gamma", "delta",   "epsilon", "zeta",  "eta",   "theta", "iota",
      "kappa", "lambda", "mu",   "nu",      "xi",      "pi",    "rho",   "sigma", "tau",
      "upsilon", "phi", "chi",   "psi",     "omega",   "Gamma", "Delta", "Theta", "Lambda",
      "Xi",    "Pi",    "Sigma", "Upsilon", "Phi",     "Psi",   "Omega", "vartheta", "varphi",
      "varepsilon", "varrho"};
  return g;
}

const std::string* user_name(const std::string& s, const LatexNames* names) {
  if (!names) return nullptr;
  auto it = names->find(s);
  return it == names->end() ? nullptr : &it->second;
}

std::string base_name(const std::string& s, const LatexNames* names) {
  if (const std::string* u = user_name(s, names)) return *u;
  if (s == "phi") return "\\varphi";  // the papers' φ
  if (greek().count(s)) return "\\" + s;
  if (s.size() > 1) return "\\mathrm{" + s + "}";
  return s;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() > suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A name as its main symbol and subscript, so that an accent covers the letter and not the index
// (\dot{\pi}_{1}, not \dot{\pi_{1}}).
struct NameParts {
  std::string main;
  std::string sub;
};

// Whether `main` is a word set upright (\mathrm{pa}): a dot over it would sit between its letters
// and read as the word itself.
bool upright_word(const std::string& main) {
  const std::string rm = "\\mathrm{";
  return main.size() > rm.size() + 2 && main.compare(0, rm.size(), rm) == 0;
}

// The time derivative of a name: a dot over a letter (\dot{\pi}_{1}, \ddot{x}); a word, index and all,
// as a fraction (\frac{d\mathrm{pa}_{1}}{dt}, then \frac{d^{2}\mathrm{pa}}{dt^{2}}), as the text
// report's d/dt pa.
NameParts with_dot(NameParts p) {
  const std::string dot = "\\dot{", open = "\\frac{d", close = "}{dt}";
  const bool fraction = p.main.size() > open.size() + close.size() && p.main.compare(0, open.size(), open) == 0 &&
                        p.main.compare(p.main.size() - close.size(), close.size(), close) == 0;
  if (fraction) {  // a second derivative
    const std::string word = p.main.substr(open.size(), p.main.size() - open.size() - close.size());
    return {"\\frac{d^{2}" + word + "}{dt^{2}}", ""};
  }
  if (upright_word(p.main)) return {open + p.main + (p.sub.empty() ? "" : "_{" + p.sub + "}") + close, ""};
  if (p.main.compare(0, dot.size(), dot) == 0 && p.main.back() == '}') p.main = "\\ddot{" + p.main.substr(dot.size());
  else p.main = dot + p.main + "}";
  return p;
}

// Where a name such as phiR or thetaL splits into a Greek letter, by its name, and an index of one or
// two capitals (φ_R, as a person writes a wheel's angle), or nothing. Not one Latin letter: the prose's
// dH_c is a differential, not d_{H,c}.
std::optional<std::size_t> capital_suffix(const std::string& name) {
  std::size_t k = name.size();
  while (k > 0 && std::isupper(static_cast<unsigned char>(name[k - 1]))) --k;
  if (k == 0 || k == name.size() || name.size() - k > 2 || !greek().count(name.substr(0, k))) return std::nullopt;
  return k;
}

NameParts name_parts(const std::string& name, const LatexNames* names) {
  if (const std::string* u = user_name(name, names)) return {*u, ""};
  if (ends_with(name, "_dot")) {
    return with_dot(name_parts(name.substr(0, name.size() - 4), names));
  }
  const auto us = name.find('_');
  if (us != std::string::npos && us > 0 && us + 1 < name.size()) {
    NameParts base = name_parts(name.substr(0, us), names);
    const std::string sub = latex_name(name.substr(us + 1), names);
    base.sub = base.sub.empty() ? sub : base.sub + "," + sub;  // x1_a → x_{1,a}: one subscript
    return base;
  }
  std::size_t k = name.size();
  while (k > 0 && std::isdigit(static_cast<unsigned char>(name[k - 1]))) --k;
  if (k > 0 && k < name.size()) return {base_name(name.substr(0, k), names), name.substr(k)};
  if (const auto split = capital_suffix(name)) return {base_name(name.substr(0, *split), names), name.substr(*split)};
  return {base_name(name, names), ""};
}

}  // namespace

std::string latex_name(const std::string& name, const LatexNames* names) {
  if (name.empty()) return name;
  const NameParts p = name_parts(name, names);
  return p.sub.empty() ? p.main : p.main + "_{" + p.sub + "}";
}

// ---- width: a small reader of LaTeX math that adds up glyph widths in em (Computer Modern, roughly).
namespace {

class WidthReader {
 public:
  explicit WidthReader(const std::string& s) : s_(s) {}
  double all() {
    double w = 0;
    while (i_ < s_.size()) w += s_[i_] == '}' ? (++i_, 0.0) : item();  // a stray brace counts nothing
    return w;
  }

 private:
  double sequence() {  // up to the closing brace of a group
    double w = 0;
    while (i_ < s_.size() && s_[i_] != '}') w += item();
    if (i_ < s_.size()) ++i_;
    return w;
  }

  double item() {
    const char c = s_[i_++];
    switch (c) {
      case '{': return sequence();
      case '^':
      case '_': return 0.7 * argument();  // scripts are set smaller
      case '\\': return command();
      case ' ':
      case '&': return 0;
      case '+':
      case '-':
      case '=':
      case '<':
      case '>': return 1.2;  // the glyph and the space around a binary operator
      case ',':
      case ';': return 0.45;
      case '(':
      case ')':
      case '[':
      case ']':
      case '|': return 0.39;
      case '\'': return 0.3;
      default: return 0.5;
    }
  }

  double argument() {
    while (i_ < s_.size() && s_[i_] == ' ') ++i_;
    if (i_ >= s_.size()) return 0;
    if (s_[i_] == '{') return ++i_, sequence();
    return item();
  }

  std::string command_name() {
    const std::size_t start = i_;
    while (i_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[i_]))) ++i_;
    if (i_ == start && i_ < s_.size()) ++i_;  // \, \; \{ …
    return s_.substr(start, i_ - start);
  }

  double command() {
    const std::string name = command_name();
    static const std::set<std::string> one_argument = {
        "dot", "ddot", "hat", "bar", "tilde", "vec", "widehat", "overline", "underline", "mathrm", "mathbf",
        "mathit", "mathsf", "mathcal", "mathbb", "boldsymbol", "operatorname", "text", "textrm"};
    static const std::set<std::string> operators = {"sin",  "cos",  "tan",    "cot",    "sec",    "csc", "sinh",
                                                    "cosh", "tanh", "coth",   "log",    "ln",     "exp", "arcsin",
                                                    "arccos", "arctan", "det"};
    static const std::set<std::string> delimiters = {"left", "right", "bigl", "bigr", "Bigl", "Bigr", "biggl",
                                                     "biggr", "Biggl", "Biggr", "big", "Big"};
    if (name == "frac" || name == "dfrac" || name == "tfrac") {
      const double num = argument();
      return std::max(num, argument()) + 0.2;
    }
    if (name == "sqrt") {
      if (i_ < s_.size() && s_[i_] == '[') {  // the root's index: small, over the sign
        const std::size_t close = s_.find(']', i_);
        i_ = close == std::string::npos ? s_.size() : close + 1;
      }
      return 0.85 + argument();
    }
    if (one_argument.count(name)) return argument();
    if (delimiters.count(name)) {
      argument();  // the delimiter itself
      return name.size() > 5 ? 0.5 : 0.4;
    }
    if (operators.count(name)) return 0.5 * static_cast<double>(name.size()) + 0.17;
    if (name == ",") return 0.17;
    if (name == ":") return 0.22;
    if (name == ";") return 0.28;
    if (name == "!") return -0.17;
    if (name == " ") return 0.33;
    if (name == "quad") return 1;
    if (name == "qquad") return 2;
    if (name == "cdot") return 0.72;
    if (name == "times" || name == "pm" || name == "mp" || name == "wedge") return 1.2;
    if (name == "leq" || name == "geq" || name == "neq" || name == "to" || name == "mapsto") return 1.33;
    if (name == "ldots" || name == "cdots" || name == "dots") return 1.2;
    return 0.55;  // a Greek letter or another symbol
  }

  const std::string& s_;
  std::size_t i_ = 0;
};

}  // namespace

double latex_width(const std::string& latex) { return WidthReader(latex).all(); }

}  // namespace hamel
