// io/render/latex_commands.cpp — the commands a `latex:` name may use (each compiled in math mode with
// the report's preamble when this list was written).
#include "io/render/latex_commands.hpp"

#include <algorithm>
#include <cctype>

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

}  // namespace hamel
