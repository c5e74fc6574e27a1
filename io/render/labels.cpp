// io/render/labels.cpp
#include "io/render/labels.hpp"

#include <algorithm>
#include <cctype>
#include <utility>
#include <vector>

#include "core/latex.hpp"

namespace hamel {

namespace {

bool all_single(const std::vector<std::string>& v) {
  for (const auto& s : v)
    if (s.size() != 1) return false;
  return true;
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

// Hamel's function names that LaTeX has as operators.
bool is_operator(const std::string& s) {
  static const std::vector<std::string> ops = {"sin", "cos", "tan", "exp", "log", "sinh", "cosh", "tanh", "det", "max", "min", "int"};
  for (const auto& o : ops)
    if (o == s) return true;
  return false;
}

}  // namespace

std::string text_label(const Label& l) {
  switch (l.form) {
    case Label::Form::Bracket: return "{" + l.lower.at(0) + ", " + l.lower.at(1) + "}";
    case Label::Form::Dot: return "d/dt " + l.base;
    case Label::Form::Symbol: break;
  }
  std::string s = l.base;
  if (!l.lower.empty()) s += "_" + join(l.lower, all_single(l.lower) ? "" : ",");
  if (!l.upper.empty()) s += "^" + join(l.upper, all_single(l.upper) ? "" : ",");
  return s;
}

std::string text_suffix(const Entry& e) {
  std::string s;
  for (const auto& b : e.basis) s += (s.empty() ? " d" : "^d") + b;
  return s;
}

std::vector<std::vector<const Entry*>> printed_groups(const Object& o) {
  std::vector<std::vector<const Entry*>> groups;
  for (const auto& e : o.entries) {
    const bool same_form = !groups.empty() && !e.basis.empty() && !groups.back().front()->basis.empty() &&
                           text_label(groups.back().front()->label) == text_label(e.label);
    if (same_form) groups.back().push_back(&e);
    else groups.push_back({&e});
  }
  return groups;
}

std::vector<FormTerm> form_terms(const std::vector<const Entry*>& components, const std::function<GiNaC::ex(const GiNaC::ex&)>& shown) {
  std::vector<FormTerm> terms;
  for (const Entry* e : components) {
    FormTerm t{false, shown(e->value), e};
    // the sign as printed: -(a + b) rather than -a - b, when taking it out leaves no leading minus
    if (to_text(t.coefficient).rfind('-', 0) == 0 && to_text(-t.coefficient).rfind('-', 0) != 0) {
      t.negative = true;
      t.coefficient = -t.coefficient;
    }
    terms.push_back(t);
  }
  const auto positive = std::find_if(terms.begin(), terms.end(), [](const FormTerm& t) { return !t.negative; });
  if (positive != terms.end()) std::rotate(terms.begin(), positive, positive + 1);
  return terms;
}

std::string text_form(const std::vector<FormTerm>& terms) {
  std::string s;
  for (const FormTerm& t : terms) {
    s += s.empty() ? (t.negative ? "-" : "") : (t.negative ? " - " : " + ");
    if (!t.coefficient.is_equal(1)) {
      const std::string c = to_text(t.coefficient);
      s += (GiNaC::is_a<GiNaC::add>(t.coefficient) ? "(" + c + ")" : c) + " ";
    }
    s += text_suffix(*t.entry).substr(1);  // " dx^dy" without its space
  }
  return s;
}

std::string plain_text(const std::string& prose) {
  std::string s;
  for (char c : prose)
    if (c != '$') s += c;
  return s;
}

namespace {

// A user's name with a superscript of its own, x^{2}_{a}, set as one group: followed by a power or an
// index (x^i in a sentence, x^2 in a guard) it made a double superscript, which pdflatex refuses.
std::string grouped(const std::string& tex) {
  int depth = 0;
  for (std::size_t i = 0; i < tex.size(); ++i) {
    if (tex[i] == '\\') ++i;  // \^ and \{ are characters
    else if (tex[i] == '{') ++depth;
    else if (tex[i] == '}') --depth;
    else if (tex[i] == '^' && depth == 0) return "{" + tex + "}";
  }
  return tex;
}

}  // namespace

LatexNaming::LatexNaming(const Derivation& d) {
  for (const auto& [id, tex] : d.latex_names) user_[id] = grouped(tex);
  for (const auto& x : d.symbols) symbols_.insert(x.name);
  // \Pi is the report's bracket (\Pi_{\mathrm{nh}}, [\Pi, \Pi], \Pi^\sharp): a system's own Pi (Pi, Pi1,
  // Pi_dot) is a word set upright, \mathrm{Pi}, unless its file gives Pi a LaTeX name
  if (user_.count("Pi")) return;
  const LatexNames given = user_;
  LatexNames upright = user_;
  upright["Pi"] = "\\mathrm{Pi}";
  for (const auto& x : d.symbols)
    if (!given.count(x.name) && latex_name(x.name, &upright) != latex_name(x.name, &given))
      user_[x.name] = latex_name(x.name, &upright);
}

std::string LatexNaming::name(const std::string& id) const {
  const auto it = user_.find(id);
  if (it != user_.end()) return it->second;
  const std::string dot = "_dot";
  if (id.size() > dot.size() && id.compare(id.size() - dot.size(), dot.size(), dot) == 0) {
    const auto base = user_.find(id.substr(0, id.size() - dot.size()));
    if (base != user_.end()) return "\\dot{" + base->second + "}";
  }
  bool digits = !id.empty();
  for (char c : id) digits = digits && std::isdigit(static_cast<unsigned char>(c));
  return digits ? id : latex_name(id);
}

namespace {

// Whether `s` ends in a control word (\theta): a letter after it would continue the word (\thetax).
bool ends_in_control_word(const std::string& s) {
  std::size_t i = s.size();
  while (i > 0 && std::isalpha(static_cast<unsigned char>(s[i - 1]))) --i;
  return i < s.size() && i > 0 && s[i - 1] == '\\';
}

}  // namespace

std::string LatexNaming::label(const Label& l) const {
  // Indices joined as a paper writes them, g_{\theta\psi}; a word among them keeps a comma, as the text
  // label does: \mu_{\mathrm{shift},\mathrm{plate}}, not \mu_{\mathrm{shift}\mathrm{plate}} ("shiftplate").
  const auto names = [&](const std::vector<std::string>& v) {
    bool word = false;
    for (const auto& x : v) word = word || name(x).rfind("\\mathrm{", 0) == 0;
    std::string s;
    for (const auto& x : v) {
      const std::string n = name(x);
      if (word && !s.empty()) s += ',';
      else if (ends_in_control_word(s) && !n.empty() && std::isalpha(static_cast<unsigned char>(n.front()))) s += ' ';
      s += n;
    }
    return s;
  };
  switch (l.form) {
    case Label::Form::Bracket: return "\\{" + name(l.lower.at(0)) + ", " + name(l.lower.at(1)) + "\\}";
    case Label::Form::Dot: return name(l.base + "_dot");
    case Label::Form::Symbol: break;
  }
  std::string s = name(l.base);
  if (!l.lower.empty()) {
    // H_c with indices: {H_{c}}{}_{12} (amsmath's align refuses {H_{c}}_{12} as a double subscript)
    if (s.find('_') != std::string::npos) s = "{" + s + "}{}";
    s += "_{" + names(l.lower) + "}";
  }
  if (!l.upper.empty()) s += "^{" + names(l.upper) + "}";
  return s;
}

std::string LatexNaming::suffix(const Entry& e) const {
  std::string s;
  for (const auto& b : e.basis) s += (s.empty() ? "\\, d" : "\\wedge d") + name(b);
  return s;
}

// Prose writes a differential or a tangent bundle as one word, dz, dq^i, dPsi, dE_L, TQ: when that
// word is no name of the derivation it is d (or T) before a name, set d\Psi rather than \mathrm{dPsi}.
std::string LatexNaming::word(const std::string& id) const {
  if (id.size() < 2 || user_.count(id) || symbols_.count(id)) return name(id);
  const std::string rest = id.substr(1);
  const auto letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; };
  if (id[0] == 'T' && rest.size() == 1 && std::isupper(static_cast<unsigned char>(rest[0]))) return id;  // TQ, TM
  if (id[0] != 'd' || !letter(rest[0])) return name(id);
  const std::string n = name(rest);
  const bool greek = std::all_of(rest.begin(), rest.end(), letter) && n[0] == '\\' && n.rfind("\\mathrm", 0) != 0;
  const bool named = rest.size() == 1 || symbols_.count(rest) || user_.count(rest) || (rest.size() > 2 && rest[1] == '_');
  return greek || named ? "d" + n : name(id);
}

namespace {

// The LaTeX of one character of math that is not part of a name or a two-character operator.
// `grouping` tracks each open brace: a ^{ or _{ group (kept) or a set brace (printed \{).
std::string math_char(char c, const std::string& before, std::vector<bool>& grouping) {
  switch (c) {
    case '{': {
      const bool group = !before.empty() && (before.back() == '^' || before.back() == '_');
      grouping.push_back(group);
      return group ? "{" : "\\{";
    }
    case '}': {
      const bool group = !grouping.empty() && grouping.back();
      if (!grouping.empty()) grouping.pop_back();
      return group ? "}" : "\\}";
    }
    case ',': return grouping.empty() ? ",\\allowbreak " : ",";  // a long list in prose may break after a comma
    case '#':  // the musical isomorphism: Pi_nh^# and Pi# are \Pi^{\sharp}
      return !before.empty() && before.back() == '^' ? "\\sharp " : "^{\\sharp}";
    case '*': {  // a script star (T^*M, Leg_*), else a product's thin space
      const std::size_t n = before.size();
      const bool script = (n > 0 && (before[n - 1] == '^' || before[n - 1] == '_')) ||
                          (n > 1 && before[n - 1] == '{' && (before[n - 2] == '^' || before[n - 2] == '_'));
      return script ? "*" : "\\,";
    }
    case '&': case '%': case '$': return std::string("\\") + c;
    case '~': return "\\sim ";
    case '\\': return "\\backslash ";
    default: return std::string(1, c);
  }
}

// "<=" → "\le " and the like; empty when `two` is no such operator.
std::string math_operator(const std::string& two) {
  if (two == "<=") return "\\le ";
  if (two == ">=") return "\\ge ";
  if (two == "!=") return "\\ne ";
  if (two == "->") return "\\to ";
  return "";
}

std::size_t utf8_end(const std::string& t, std::size_t i) {
  std::size_t j = i + 1;
  while (j < t.size() && (static_cast<unsigned char>(t[j]) & 0xC0) == 0x80) ++j;
  return j;
}

}  // namespace

std::string LatexNaming::math(const std::string& t) const {
  std::string out;
  std::vector<bool> grouping;
  for (std::size_t i = 0; i < t.size();) {
    const char c = t[i];
    if (std::isalpha(static_cast<unsigned char>(c))) {  // a name: Hamel's identifier syntax
      std::size_t j = i;
      // (a '_' before a brace opens a braced subscript, X_{H,F}: not part of the name)
      // nor before a star, Leg_*)
      while (j < t.size() && (std::isalnum(static_cast<unsigned char>(t[j])) ||
                              (t[j] == '_' && (j + 1 == t.size() || (t[j + 1] != '{' && t[j + 1] != '*')))))
        ++j;
      const std::string id = t.substr(i, j - i);
      // "sigma o Delta": a spaced o between two operands is composition
      const bool compose = id == "o" && i > 1 && t[i - 1] == ' ' && (std::isalnum(static_cast<unsigned char>(t[i - 2])) || t[i - 2] == ')') &&
                           j + 1 < t.size() && t[j] == ' ' && std::isalpha(static_cast<unsigned char>(t[j + 1]));
      out += compose ? "\\circ" : is_operator(id) ? "\\" + id + " " : word(id);
      i = j;
      // a sign glued to a name and to nothing after it is a side: mu+, q_dot- in psi(q_dot-), E+ - E-
      if (i < t.size() && (t[i] == '+' || t[i] == '-') && !is_operator(id) &&
          (i + 1 == t.size() || std::string(" ),;:]").find(t[i + 1]) != std::string::npos)) {
        out += std::string("^{") + t[i] + "}";
        ++i;
      }
    } else if (static_cast<unsigned char>(c) >= 0x80) {  // a UTF-8 symbol: its text-mode form without the $
      const std::size_t j = utf8_end(t, i);
      std::string command;
      for (char x : latex_text(t.substr(i, j - i)))
        if (x != '$') command += x;
      // \partial before a name needs a space: \partialH is one (undefined) command
      if (!command.empty() && command[0] == '\\' && std::isalpha(static_cast<unsigned char>(command.back())) && j < t.size() &&
          std::isalpha(static_cast<unsigned char>(t[j])))
        command += ' ';
      out += command;
      i = j;
    } else if (c == '^' && i + 2 < t.size() && std::isdigit(static_cast<unsigned char>(t[i + 1])) &&
               std::isdigit(static_cast<unsigned char>(t[i + 2]))) {  // gamma^10: one exponent, not ^1 then 0
      std::size_t j = i + 1;
      while (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j]))) ++j;
      out += "^{" + t.substr(i + 1, j - i - 1) + "}";
      i = j;
    } else if (c == '^' && i + 2 < t.size() && t[i + 1] == '-' && std::isdigit(static_cast<unsigned char>(t[i + 2]))) {
      std::size_t j = i + 2;  // g^-1: the sign inside the exponent
      while (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j]))) ++j;
      out += "^{-" + t.substr(i + 2, j - i - 2) + "}";
      i = j;
    } else if (const std::string op = math_operator(t.substr(i, 2)); !op.empty()) {
      out += op;
      i += 2;
    } else {
      out += math_char(c, out, grouping);
      ++i;
    }
  }
  for (bool g : grouping) out += g ? "}" : "\\}";
  return out;
}

namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Where a symbol written in Hamel's syntax ends, or `i` when none starts there: a name carrying a
// subscript or superscript (Pi_nh^Lambda, X_pi1, R^6, x_dot^2), a sharp (Pi#) or a script star (Leg_*,
// T^*M), not part of a path or a file name
// (examples/chaplygin_sphere.yaml) nor glued to a longer word.
// The end of a braced script `_{...}` or `^{...}` starting at t[j] (X_{H,F}, g_{k+1}, i_{xi^c}), or of
// `^-1`; j when none starts there. A space inside braces ends the search: prose, not a script.
std::size_t script_end(const std::string& t, std::size_t j) {
  if (j + 2 >= t.size() || (t[j] != '_' && t[j] != '^')) return j;
  if (t[j] == '^' && t[j + 1] == '-' && std::isdigit(static_cast<unsigned char>(t[j + 2]))) {
    std::size_t k = j + 2;
    while (k < t.size() && std::isdigit(static_cast<unsigned char>(t[k]))) ++k;
    return k;
  }
  if (t[j + 1] != '{') return j;
  int depth = 0;
  for (std::size_t k = j + 1; k < t.size(); ++k) {
    if (t[k] == ' ') return j;
    depth += t[k] == '{' ? 1 : t[k] == '}' ? -1 : 0;
    if (depth == 0) return k + 1;
  }
  return j;
}

std::size_t symbol_end(const std::string& t, std::size_t i) {
  if (!std::isalpha(static_cast<unsigned char>(t[i])) || (i > 0 && (word_char(t[i - 1]) || t[i - 1] == '/' || t[i - 1] == '.')))
    return i;
  std::size_t j = i;
  bool marked = false;
  while (j < t.size()) {
    if (const std::size_t k = script_end(t, j); k > j) {
      marked = true;
      j = k;
      continue;
    }
    if (t[j] == '#' || ((t[j] == '_' || t[j] == '^') && j + 1 < t.size() && t[j + 1] == '*')) {  // Pi#, Leg_*, T^*
      marked = true;
      j += t[j] == '#' ? 1 : 2;
      continue;
    }
    if (!(word_char(t[j]) || (t[j] == '^' && j + 1 < t.size() && word_char(t[j + 1])))) break;
    marked = marked || t[j] == '_' || t[j] == '^';
    ++j;
  }
  if (t[j - 1] == '_') return i;  // a name ending in _ is a word, not a subscript
  const bool path = j < t.size() && (t[j] == '/' || (t[j] == '.' && j + 1 < t.size() && word_char(t[j + 1])));
  if (!marked || path) return i;
  // a side glued to it, q_dot+ = q_dot- (math() sets it as a superscript)
  if (j < t.size() && (t[j] == '+' || t[j] == '-') && (j + 1 == t.size() || std::string(" ),;:]").find(t[j + 1]) != std::string::npos))
    ++j;
  return j;
}

}  // namespace

// Plain prose of the derivation names symbols as the text report writes them ("the characteristic
// distribution of Pi_nh^Lambda"); escaped, they read Pi\_nh\^{}Lambda, so they are typeset as math.
std::string LatexNaming::text_with_symbols(const std::string& text) const {
  std::string out, words;
  for (std::size_t i = 0; i < text.size();) {
    // a script after a bracket, (g_{k+1} r_{k+1})^-1: the bracket stays text, the script is math
    const std::size_t s = i > 0 && text[i - 1] == ')' ? script_end(text, i) : i;
    const std::size_t j = s > i ? s : symbol_end(text, i);
    if (j == i) {
      words += text[i++];
      continue;
    }
    out += latex_text(words) + "$" + math(text.substr(i, j - i)) + "$";
    words.clear();
    i = j;
  }
  return out + latex_text(words);
}

std::string LatexNaming::prose(const std::string& text) const {
  std::string out, part;
  bool in_math = false;
  for (char c : text + "$") {
    if (c != '$') {
      part += c;
      continue;
    }
    if (in_math) out += part.empty() ? "" : "$" + math(part) + "$";
    else out += text_with_symbols(part);
    part.clear();
    in_math = !in_math;
  }
  return out;
}

std::string LatexNaming::paragraph(const Paragraph& p) const {
  std::string out;
  for (const auto& piece : p.pieces) out += piece.formula ? "$" + to_latex(*piece.formula, &user_) + "$" : prose(piece.words);
  return out;
}

}  // namespace hamel
