// geometry/printing.cpp
#include "geometry/printing.hpp"

#include "core/latex.hpp"

namespace hamel {

namespace {

// Σ coefficient · basis, with signs folded into the joins and unit coefficients dropped.
std::string join_terms(const std::vector<std::pair<GiNaC::ex, std::string>>& terms, bool latex) {
  if (terms.empty()) return "0";
  std::string out;
  for (const auto& [c, basis] : terms) {
    const GiNaC::ex coeff = c;
    std::string cs;
    bool negative = false;
    if (coeff.is_equal(1)) {
      cs = "";
    } else if (coeff.is_equal(-1)) {
      negative = true;
    } else {
      cs = latex ? to_latex(coeff) : to_text(coeff);
      while (!cs.empty() && cs.front() == ' ') cs.erase(0, 1);
      // wrap sums so that the basis element multiplies all of it
      const bool sum = GiNaC::is_a<GiNaC::add>(coeff);
      if (sum) cs = latex ? "\\left(" + cs + "\\right)" : "(" + cs + ")";
      else if (!cs.empty() && cs.front() == '-') {
        negative = true;
        cs.erase(0, 1);
        while (!cs.empty() && cs.front() == ' ') cs.erase(0, 1);
      }
      cs += latex ? "\\," : "*";
    }
    if (out.empty()) out = negative ? "-" : "";
    else out += negative ? " - " : " + ";
    out += cs + basis;
  }
  return out;
}

std::string partial(const Chart& c, unsigned i, bool latex) {
  return latex ? "\\partial_{" + latex_name(c.coordinate_name(i)) + "}" : "d/d" + c.coordinate_name(i);
}

std::string differential(const Chart& c, unsigned i, bool latex) {
  return latex ? "d" + latex_name(c.coordinate_name(i)) : "d" + c.coordinate_name(i);
}

std::string alternating(const Alternating& a, bool latex, bool vectors) {
  std::vector<std::pair<GiNaC::ex, std::string>> terms;
  for (const auto& kv : a.components()) {
    std::string basis;
    for (std::size_t k = 0; k < kv.first.size(); ++k) {
      if (k) basis += latex ? "\\wedge " : "^";
      basis += vectors ? partial(a.chart(), kv.first[k], latex) : differential(a.chart(), kv.first[k], latex);
    }
    terms.emplace_back(kv.first.empty() ? GiNaC::ex(kv.second) : kv.second, basis);
  }
  if (a.degree() == 0 && terms.size() == 1) return latex ? to_latex(terms[0].first) : to_text(terms[0].first);
  return join_terms(terms, latex);
}

std::string field(const VectorField& X, bool latex) {
  std::vector<std::pair<GiNaC::ex, std::string>> terms;
  for (unsigned i = 0; i < X.dim(); ++i)
    if (!X[i].is_zero()) terms.emplace_back(X[i], partial(X.chart(), i, latex));
  return join_terms(terms, latex);
}

std::string metric(const Metric& g, bool latex) {
  std::vector<std::pair<GiNaC::ex, std::string>> terms;
  const Chart& c = g.chart();
  for (unsigned i = 0; i < c.dim(); ++i)
    for (unsigned j = i; j < c.dim(); ++j) {
      if (g(i, j).is_zero()) continue;
      const std::string b = i == j ? differential(c, i, latex) + (latex ? "^{2}" : "^2")
                                   : differential(c, i, latex) + (latex ? "\\," : " ") + differential(c, j, latex);
      terms.emplace_back(i == j ? g(i, j) : 2 * g(i, j), b);
    }
  return join_terms(terms, latex);
}

}  // namespace

std::string to_latex(const VectorField& X) { return field(X, true); }
std::string to_latex(const Form& a) { return alternating(a, true, false); }
std::string to_latex(const Multivector& P) { return alternating(P, true, true); }
std::string to_latex(const Metric& g) { return metric(g, true); }
std::string to_text(const VectorField& X) { return field(X, false); }
std::string to_text(const Form& a) { return alternating(a, false, false); }
std::string to_text(const Multivector& P) { return alternating(P, false, true); }
std::string to_text(const Metric& g) { return metric(g, false); }

}  // namespace hamel
