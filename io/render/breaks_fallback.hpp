// TEMPORARY: stands in for core/latex's latex_breaks/latex_width until the deterministic printer lands.
#pragma once
#include <map>
#include <string>
#include <vector>
#include <ginac/ginac.h>
#include "core/latex.hpp"
namespace hamel {
using LatexNames = std::map<std::string, std::string>;
struct LatexBreaks { std::string open; std::vector<std::string> terms; std::string close; };
inline std::string to_latex(const GiNaC::ex& e, const LatexNames*) { return to_latex(e); }
inline LatexBreaks latex_breaks(const GiNaC::ex& e, const LatexNames*) {
  LatexBreaks b;
  if (!GiNaC::is_a<GiNaC::add>(e)) { b.terms.push_back(to_latex(e)); return b; }
  for (std::size_t i = 0; i < e.nops(); ++i) {
    std::string t = to_latex(e.op(i));
    if (i > 0) t = (t.rfind("-", 0) == 0 ? "- " + t.substr(1) : "+ " + t);
    b.terms.push_back(t);
  }
  return b;
}
inline double latex_width(const std::string& s) {
  double w = 0; bool cmd = false;
  for (char c : s) { if (c == '\\') cmd = true; else if (!std::isalpha(static_cast<unsigned char>(c))) cmd = false;
    if (!cmd && c != '{' && c != '}' && c != '_' && c != '^' && c != ' ') w += 0.55; }
  return w;
}
inline std::vector<GiNaC::ex> ordered_operands(const GiNaC::ex& e) {
  std::vector<GiNaC::ex> v;
  for (std::size_t i = 0; i < e.nops(); ++i) v.push_back(e.op(i));
  return v;
}
inline bool written_negative(const GiNaC::ex& t) {
  if (GiNaC::is_a<GiNaC::numeric>(t)) return GiNaC::ex_to<GiNaC::numeric>(t).is_negative();
  if (GiNaC::is_a<GiNaC::mul>(t)) {
    const GiNaC::ex c = t.op(t.nops() - 1);
    return GiNaC::is_a<GiNaC::numeric>(c) && GiNaC::ex_to<GiNaC::numeric>(c).is_negative();
  }
  return false;
}
}  // namespace hamel
