// io/render/latex_text.cpp — text as LaTeX's text mode takes it (labels.hpp): the ten special
// characters escaped, Unicode set as commands pdflatex has, and a character it has none for shown as
// its code point, never dropped.
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "io/render/labels.hpp"

namespace hamel {

namespace {

// Characters of prose that text mode cannot take as they are (UTF-8 → LaTeX): Greek, symbols, the
// few letters that are commands of their own. Accented letters are accented() below.
const std::map<std::string, std::string>& unicode_table() {
  static const std::map<std::string, std::string> t = {
      {"α", "$\\alpha$"}, {"β", "$\\beta$"}, {"γ", "$\\gamma$"}, {"δ", "$\\delta$"}, {"ε", "$\\varepsilon$"},
      {"ζ", "$\\zeta$"}, {"η", "$\\eta$"}, {"θ", "$\\theta$"}, {"ϑ", "$\\vartheta$"}, {"ι", "$\\iota$"}, {"κ", "$\\kappa$"},
      {"λ", "$\\lambda$"}, {"μ", "$\\mu$"}, {"µ", "$\\mu$"}, {"ν", "$\\nu$"}, {"ξ", "$\\xi$"}, {"ο", "$o$"}, {"π", "$\\pi$"},
      {"ϖ", "$\\varpi$"}, {"ρ", "$\\rho$"}, {"ϱ", "$\\varrho$"}, {"σ", "$\\sigma$"}, {"ς", "$\\varsigma$"}, {"τ", "$\\tau$"},
      {"υ", "$\\upsilon$"}, {"φ", "$\\varphi$"}, {"ϕ", "$\\phi$"}, {"ϵ", "$\\epsilon$"}, {"χ", "$\\chi$"}, {"ψ", "$\\psi$"},
      {"ω", "$\\omega$"}, {"Γ", "$\\Gamma$"}, {"Δ", "$\\Delta$"}, {"Θ", "$\\Theta$"}, {"Λ", "$\\Lambda$"}, {"Ξ", "$\\Xi$"},
      {"Π", "$\\Pi$"}, {"Σ", "$\\Sigma$"}, {"Υ", "$\\Upsilon$"}, {"Φ", "$\\Phi$"}, {"Ψ", "$\\Psi$"}, {"Ω", "$\\Omega$"},
      // capitals that are Latin letters in shape
      {"Α", "A"}, {"Β", "B"}, {"Ε", "E"}, {"Ζ", "Z"}, {"Η", "H"}, {"Ι", "I"}, {"Κ", "K"}, {"Μ", "M"}, {"Ν", "N"},
      {"Ο", "O"}, {"Ρ", "P"}, {"Τ", "T"}, {"Χ", "X"},
      {"∂", "$\\partial$"}, {"−", "$-$"}, {"×", "$\\times$"}, {"·", "$\\cdot$"}, {"⋅", "$\\cdot$"}, {"∘", "$\\circ$"},
      {"→", "$\\to$"}, {"←", "$\\leftarrow$"}, {"↔", "$\\leftrightarrow$"}, {"⇒", "$\\Rightarrow$"}, {"⇐", "$\\Leftarrow$"},
      {"⇔", "$\\Leftrightarrow$"}, {"↦", "$\\mapsto$"}, {"⟶", "$\\longrightarrow$"}, {"⟼", "$\\longmapsto$"},
      {"≤", "$\\le$"}, {"≥", "$\\ge$"}, {"≠", "$\\ne$"}, {"≈", "$\\approx$"}, {"≡", "$\\equiv$"}, {"∼", "$\\sim$"},
      {"≃", "$\\simeq$"}, {"≅", "$\\cong$"}, {"∝", "$\\propto$"}, {"≪", "$\\ll$"}, {"≫", "$\\gg$"}, {"±", "$\\pm$"},
      {"∓", "$\\mp$"}, {"÷", "$\\div$"}, {"∈", "$\\in$"}, {"∉", "$\\notin$"}, {"∋", "$\\ni$"}, {"∩", "$\\cap$"},
      {"∪", "$\\cup$"}, {"⊂", "$\\subset$"}, {"⊃", "$\\supset$"}, {"⊆", "$\\subseteq$"}, {"⊇", "$\\supseteq$"},
      {"∖", "$\\setminus$"}, {"∅", "$\\emptyset$"}, {"∀", "$\\forall$"}, {"∃", "$\\exists$"}, {"¬", "$\\neg$"},
      {"∨", "$\\vee$"}, {"⊥", "$\\perp$"}, {"∧", "$\\wedge$"}, {"⊗", "$\\otimes$"}, {"⊕", "$\\oplus$"},
      {"⟨", "$\\langle$"}, {"⟩", "$\\rangle$"}, {"∇", "$\\nabla$"}, {"∑", "$\\sum$"}, {"∏", "$\\prod$"},
      {"√", "$\\surd$"}, {"ℓ", "$\\ell$"}, {"ħ", "$\\hbar$"}, {"ℏ", "$\\hbar$"}, {"ℝ", "$\\mathbb{R}$"},
      {"ℂ", "$\\mathbb{C}$"}, {"ℕ", "$\\mathbb{N}$"}, {"ℤ", "$\\mathbb{Z}$"}, {"ℚ", "$\\mathbb{Q}$"}, {"′", "$'$"},
      {"″", "$''$"}, {"°", "$^\\circ$"}, {"⋯", "$\\cdots$"},
      {"⁰", "$^0$"}, {"¹", "$^1$"}, {"²", "$^2$"}, {"³", "$^3$"}, {"⁴", "$^4$"}, {"⁵", "$^5$"}, {"⁶", "$^6$"},
      {"⁷", "$^7$"}, {"⁸", "$^8$"}, {"⁹", "$^9$"}, {"⁻", "$^-$"}, {"⁺", "$^+$"}, {"ᵀ", "$^T$"}, {"½", "$\\frac12$"},
      {"₀", "$_0$"}, {"₁", "$_1$"}, {"₂", "$_2$"}, {"₃", "$_3$"}, {"₄", "$_4$"}, {"₅", "$_5$"}, {"₆", "$_6$"},
      {"₇", "$_7$"}, {"₈", "$_8$"}, {"₉", "$_9$"},
      // the asterisk operator as a superscript star: T∗Q, D∗ (an ASCII * in math is a product)
      {"∗", "$^*$"},
      {"—", "---"}, {"–", "--"}, {"§", "\\S{}"}, {"¶", "\\P{}"}, {"…", "\\dots{}"}, {"’", "'"}, {"‘", "`"},
      {"“", "``"}, {"”", "''"}, {"‖", "$\\|$"}, {"•", "$\\bullet$"}, {"©", "\\copyright{}"}, {"£", "\\pounds{}"},
      {"∞", "$\\infty$"}, {"∫", "$\\int$"}, {"∮", "$\\oint$"}, {"♯", "$\\sharp$"}, {"ẋ", "$\\dot x$"}, {"ż", "$\\dot z$"},
      {"\xCC\x87", ""},
      // spaces: a non-breaking one ties, a thin one is thin; invisible ones are nothing
      {"\u00A0", "~"}, {"\u2009", "\\,"}, {"\u202F", "\\,"}, {"\u200B", ""}, {"\uFEFF", ""},
      // letters that are commands of their own (accented ones are accented())
      {"ø", "{\\o}"}, {"Ø", "{\\O}"}, {"æ", "{\\ae}"}, {"Æ", "{\\AE}"}, {"œ", "{\\oe}"}, {"Œ", "{\\OE}"},
      {"ß", "{\\ss}"}, {"ł", "{\\l}"}, {"Ł", "{\\L}"}, {"ı", "{\\i}"}, {"ȷ", "{\\j}"}, {"ĳ", "{\\ij}"}, {"Ĳ", "{\\IJ}"},
      // in T1 (the report's encoding) only
      {"ð", "{\\dh}"}, {"Ð", "{\\DH}"}, {"þ", "{\\th}"}, {"Þ", "{\\TH}"}, {"đ", "{\\dj}"}, {"Đ", "{\\DJ}"},
      {"ŋ", "{\\ng}"}, {"Ŋ", "{\\NG}"}};
  return t;
}

// A Latin letter with an accent (Latin-1 and Latin Extended-A) as the accent command over its letter,
// \"{o}: any LaTeX engine and encoding takes it, in a paper that \inputs the body too.
std::optional<std::string> accented(char32_t code) {
  struct Accent {
    const char* command;
    std::u32string_view letters;
    std::string_view bases;  ///< the letter under each accent, in the same order
  };
  static const Accent accents[] = {
      {"\\`", U"ÀÈÌÒÙàèìòù", "AEIOUaeiou"},
      {"\\'", U"ÁÉÍÓÚÝáéíóúýĆćĹĺŃńŔŕŚśŹź", "AEIOUYaeiouyCcLlNnRrSsZz"},
      {"\\^", U"ÂÊÎÔÛâêîôûĈĉĜĝĤĥĴĵŜŝŴŵŶŷ", "AEIOUaeiouCcGgHhJjSsWwYy"},
      {"\\~", U"ÃÑÕãñõĨĩŨũ", "ANOanoIiUu"},
      {"\\\"", U"ÄËÏÖÜäëïöüÿŸ", "AEIOUaeiouyY"},
      {"\\r", U"ÅåŮů", "AaUu"},
      {"\\c", U"ÇçĢģĶķĻļŅņŖŗŞşŢţ", "CcGgKkLlNnRrSsTt"},
      {"\\=", U"ĀāĒēĪīŌōŪū", "AaEeIiOoUu"},
      {"\\u", U"ĂăĔĕĞğĬĭŎŏŬŭ", "AaEeGgIiOoUu"},
      {"\\k", U"ĄąĘęĮįŲų", "AaEeIiUu"},
      {"\\.", U"ĊċĖėĠġİŻż", "CcEeGgIZz"},
      {"\\v", U"ČčĎďĚěĽľŇňŘřŠšŤťŽž", "CcDdEeLlNnRrSsTtZz"},
      {"\\H", U"ŐőŰű", "OoUu"},
  };
  for (const Accent& a : accents) {
    const std::size_t k = a.letters.find(code);
    if (k == std::u32string_view::npos) continue;
    const char base = a.bases[k];
    // i and j lose their dot under an accent: \'{\i}
    return std::string(a.command) + "{" + (base == 'i' ? "\\i" : base == 'j' ? "\\j" : std::string(1, base)) + "}";
  }
  return std::nullopt;
}

// One character of UTF-8 text at s[i]: its bytes, and its code point when they are valid UTF-8
// (a stray byte stands alone).
struct Utf8Char {
  std::size_t size = 1;
  std::optional<char32_t> code;
};

Utf8Char utf8_at(const std::string& s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned lead = byte(i);
  if (lead < 0x80) return {1, lead};
  const std::size_t n = lead >= 0xf0 && lead < 0xf5 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 0;
  if (n == 0 || i + n > s.size()) return {1, std::nullopt};
  char32_t code = lead & (0x7f >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return {1, std::nullopt};
    code = (code << 6) | (byte(i + k) & 0x3f);
  }
  const char32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < least[n] || code > 0x10ffff || (code >= 0xd800 && code < 0xe000)) return {1, std::nullopt};
  return {n, code};
}

// The code point as messages and the marker name it: U+540D; a byte that is not UTF-8: 0xC3.
std::string code_name(const std::string& s, std::size_t i, const Utf8Char& c) {
  char buffer[16];
  if (c.code) std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(*c.code));
  else std::snprintf(buffer, sizeof buffer, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(s[i])));
  return buffer;
}

// The LaTeX of a character outside printable ASCII, if pdflatex's fonts have it. Tab and newline are
// the spaces they are in TeX; other control characters are refused by TeX ("invalid character").
std::optional<std::string> latex_form(const std::string& s, std::size_t i, const Utf8Char& c) {
  if (c.code && (*c.code == '\t' || *c.code == '\n' || *c.code == '\r')) return s.substr(i, 1);
  if (!c.code || *c.code < 0x80) return std::nullopt;
  const auto it = unicode_table().find(s.substr(i, c.size));
  if (it != unicode_table().end()) return it->second;
  return accented(*c.code);
}

bool plain_ascii(unsigned char c) { return c >= 0x20 && c < 0x7f; }

}  // namespace

std::string latex_text(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    if (!plain_ascii(static_cast<unsigned char>(s[i]))) {
      const Utf8Char c = utf8_at(s, i);
      // no form in pdflatex (CJK, emoji): its code point in a box, as a font shows a glyph it lacks
      const auto tex = latex_form(s, i, c);
      out += tex ? *tex : "\\fbox{\\scriptsize " + code_name(s, i, c) + "}";
      i += c.size;
      continue;
    }
    switch (s[i]) {
      case '\\': out += "\\textbackslash{}"; break;
      case '{': case '}': case '$': case '&': case '#': case '_': case '%': out += '\\'; out += s[i]; break;
      case '^': out += "\\textasciicircum{}"; break;  // the character: \^{} is an accent over nothing
      case '~': out += "\\textasciitilde{}"; break;
      default: out += s[i];
    }
    ++i;
  }
  return out;
}

std::vector<std::string> latex_unset_characters(const std::string& s) {
  std::vector<std::string> found;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < s.size();) {
    const Utf8Char c = utf8_at(s, i);
    if (!plain_ascii(static_cast<unsigned char>(s[i])) && !latex_form(s, i, c) && seen.insert(s.substr(i, c.size)).second) {
      const bool printable = c.code && *c.code >= 0x80;
      found.push_back(printable ? "'" + s.substr(i, c.size) + "' (" + code_name(s, i, c) + ")" : code_name(s, i, c));
    }
    i += c.size;
  }
  return found;
}

}  // namespace hamel
