// io/render/latex_commands.cpp — the commands a `latex:` name may use (each compiled in math mode with
// the report's preamble when this list was written).
#include "io/render/latex_commands.hpp"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <map>

namespace hamel {

const std::vector<std::string>& latex_name_commands() {
  static const std::vector<std::string> c = [] {
    const std::vector<std::string> words = {
        // Greek letters
        "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta", "iota", "kappa",
        "varkappa", "lambda", "mu", "nu", "xi", "pi", "varpi", "rho", "varrho", "sigma", "varsigma", "tau", "upsilon",
        "phi", "varphi", "chi", "psi", "omega", "digamma", "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma",
        "Upsilon", "Phi", "Psi", "Omega", "varGamma", "varDelta", "varTheta", "varLambda", "varXi", "varPi", "varSigma",
        "varUpsilon", "varPhi", "varPsi", "varOmega",
        // accents
        "dot", "ddot", "dddot", "ddddot", "hat", "widehat", "tilde", "widetilde", "bar", "overline", "underline", "vec",
        "check", "breve", "acute", "grave", "mathring", "overrightarrow", "overleftarrow",
        // fonts and text
        "mathrm", "mathbf", "mathit", "mathsf", "mathtt", "mathcal", "mathbb", "mathfrak", "boldsymbol", "pmb",
        "operatorname", "text", "textrm", "textit", "textbf",
        // symbols
        "ell", "hbar", "hslash", "imath", "jmath", "wp", "Re", "Im", "aleph", "beth", "partial", "nabla", "infty",
        "emptyset", "varnothing", "prime", "backprime", "ast", "star", "circ", "bullet", "dagger", "ddagger", "sharp",
        "flat", "natural", "top", "bot", "perp", "parallel", "cdot", "times", "pm", "mp",
        // fractions, roots, delimiters, spaces
        "frac", "tfrac", "dfrac", "sqrt", "left", "right", "big", "Big", "bigl", "bigr", "Bigl", "Bigr", "langle",
        "rangle", "lvert", "rvert", "lVert", "rVert", "vert", "Vert", "lfloor", "rfloor", "lceil", "rceil", "quad",
        "qquad"};
    std::vector<std::string> out;
    for (const auto& w : words) out.push_back("\\" + w);
    // thin to medium spaces, a space, and the escaped characters
    for (const char* s : {"\\,", "\\;", "\\:", "\\!", "\\>", "\\ ", "\\{", "\\}", "\\#", "\\%", "\\&", "\\_", "\\|"})
      out.push_back(s);
    return out;
  }();
  return c;
}

std::string unaccepted_latex_command(const std::string& tex) {
  const auto& accepted = latex_name_commands();
  for (std::size_t i = 0; i < tex.size(); ++i) {
    if (tex[i] != '\\') continue;
    std::size_t j = i + 1;
    while (j < tex.size() && std::isalpha(static_cast<unsigned char>(tex[j]))) ++j;
    if (j == i + 1 && j < tex.size()) ++j;  // \ and one other character
    const std::string command = tex.substr(i, j - i);
    if (std::find(accepted.begin(), accepted.end(), command) == accepted.end()) return command;
    i = j - 1;
  }
  return "";
}

namespace {

// The token of `tex` at i: a control sequence (\alpha, \{) or one character.
std::string token_at(const std::string& tex, std::size_t i) {
  if (tex[i] != '\\') return std::string(1, tex[i]);
  std::size_t j = i + 1;
  while (j < tex.size() && std::isalpha(static_cast<unsigned char>(tex[j]))) ++j;
  if (j == i + 1 && j < tex.size()) ++j;
  return tex.substr(i, j - i);
}

bool one_of(const std::string& s, std::initializer_list<const char*> list) {
  return std::any_of(list.begin(), list.end(), [&](const char* x) { return s == x; });
}

// How many arguments an accepted command takes: \frac two, an accent, a font or \sqrt one.
int arguments_of(const std::string& c) {
  if (one_of(c, {"\\frac", "\\tfrac", "\\dfrac"})) return 2;
  return one_of(c, {"\\dot", "\\ddot", "\\dddot", "\\ddddot", "\\hat", "\\widehat", "\\tilde", "\\widetilde", "\\bar",
                    "\\overline", "\\underline", "\\vec", "\\check", "\\breve", "\\acute", "\\grave", "\\mathring",
                    "\\overrightarrow", "\\overleftarrow", "\\mathrm", "\\mathbf", "\\mathit", "\\mathsf", "\\mathtt",
                    "\\mathcal", "\\mathbb", "\\mathfrak", "\\boldsymbol", "\\pmb", "\\operatorname", "\\text",
                    "\\textrm", "\\textit", "\\textbf", "\\sqrt"})
             ? 1
             : 0;
}

bool text_command(const std::string& c) { return one_of(c, {"\\text", "\\textrm", "\\textit", "\\textbf"}); }

// The accepted commands that pdflatex also takes in text mode, inside \text{...} (each tried there).
bool text_safe(const std::string& c) {
  return text_command(c) || one_of(c, {"\\underline", "\\pmb", "\\big", "\\Big", "\\quad", "\\qquad", "\\,", "\\;", "\\:",
                                       "\\!", "\\>", "\\ ", "\\{", "\\}", "\\#", "\\%", "\\&", "\\_"});
}

bool needs_delimiter(const std::string& c) {
  return one_of(c, {"\\left", "\\right", "\\big", "\\Big", "\\bigl", "\\bigr", "\\Bigl", "\\Bigr"});
}

bool delimiter(const std::string& t) {
  return one_of(t, {"(", ")", "[", "]", ".", "|", "/", "<", ">", "\\{", "\\}", "\\|", "\\langle", "\\rangle", "\\lvert",
                    "\\rvert", "\\lVert", "\\rVert", "\\vert", "\\Vert", "\\lfloor", "\\rfloor", "\\lceil", "\\rceil"});
}

std::size_t skip_spaces(const std::string& tex, std::size_t i) {
  while (i < tex.size() && tex[i] == ' ') ++i;
  return i;
}

// Where the argument starting at i (after spaces) ends: after a {group}, a character, or a command that
// takes none; npos when none starts there (the end, }, ^, _, or \frac or \left, which need their own).
std::size_t argument_end(const std::string& tex, std::size_t i) {
  i = skip_spaces(tex, i);
  if (i >= tex.size()) return std::string::npos;
  if (tex[i] == '{') {
    int depth = 0;
    for (std::size_t j = i; j < tex.size(); ++j) {
      if (tex[j] == '\\') ++j;  // \{ and \} are characters
      else if (tex[j] == '{') ++depth;
      else if (tex[j] == '}' && --depth == 0) return j + 1;
    }
    return std::string::npos;
  }
  const std::string t = token_at(tex, i);
  if (t == "}" || t == "^" || t == "_" || arguments_of(t) > 0 || needs_delimiter(t)) return std::string::npos;
  return i + t.size();
}

// Where a \text argument's brace opens, and its command.
using TextGroups = std::map<std::size_t, std::string>;

// Why the command `c` at i, with its arguments, would stop pdflatex, or ""; records in `text_groups`
// where a \text argument's braces open.
std::string argument_error(const std::string& tex, std::size_t i, const std::string& c, TextGroups& text_groups) {
  std::size_t at = i + c.size();
  if (c == "\\sqrt" && skip_spaces(tex, at) < tex.size() && tex[skip_spaces(tex, at)] == '[') {  // \sqrt[3]{x}
    const std::size_t close = tex.find(']', at);
    if (close == std::string::npos) return "\\sqrt[ has no ]";
    at = close + 1;
  }
  const int n = arguments_of(c);
  for (int k = 0; k < n; ++k) {
    const std::size_t end = argument_end(tex, at);
    if (end == std::string::npos) return c + (n == 1 ? " needs its argument" : " needs its " + std::to_string(n) + " arguments");
    const std::size_t start = skip_spaces(tex, at);
    if (text_command(c) && tex[start] == '{') text_groups[start] = c;
    if (text_command(c) && tex[start] == '\\' && !text_safe(token_at(tex, start)))
      return token_at(tex, start) + " is math and cannot stand inside " + c + "{...}";
    at = end;
  }
  return "";
}

}  // namespace

std::string latex_name_structure_error(const std::string& tex) {
  struct Group {
    bool text;        // inside \text{...}: text mode
    int open_lefts;   // \left not yet closed by a \right
    std::string in;   // the text command whose braces these are
  };
  std::vector<Group> groups{{false, 0, ""}};
  TextGroups text_groups;
  for (std::size_t i = 0; i < tex.size();) {
    const std::string t = token_at(tex, i);
    const Group g = groups.back();
    if (g.text && ((t[0] == '\\' && !text_safe(t)) || t == "^" || t == "_"))
      return t + " is math and cannot stand inside " + g.in + "{...}";
    if (t == "{") {
      const auto text = text_groups.find(i);
      if (g.text || text == text_groups.end()) groups.push_back({g.text, 0, g.in});
      else groups.push_back({true, 0, text->second});
    } else if (t == "}") {
      if (g.open_lefts > 0) return "\\left has no matching \\right (in the same braces)";
      if (groups.size() == 1) return "} has no matching {";
      groups.pop_back();
    } else if (needs_delimiter(t)) {
      const std::size_t d = skip_spaces(tex, i + t.size());
      if (d >= tex.size() || !delimiter(token_at(tex, d))) return t + " needs a delimiter after it, such as ( or \\langle";
      if (t == "\\left") ++groups.back().open_lefts;
      if (t == "\\right" && groups.back().open_lefts-- == 0) return "\\right has no matching \\left before it (in the same braces)";
      i = d + token_at(tex, d).size();
      continue;
    } else if (arguments_of(t) > 0) {
      if (std::string why = argument_error(tex, i, t, text_groups); !why.empty()) return why;
    }
    i += t.size();
  }
  if (groups.size() > 1) return "{ has no matching }";
  if (groups.back().open_lefts > 0) return "\\left has no matching \\right (in the same braces)";
  return "";
}

}  // namespace hamel
