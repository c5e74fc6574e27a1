// io/render/references.cpp
#include "io/render/references.hpp"

#include <algorithm>
#include <regex>

namespace hamel {

const std::vector<Paper>& papers() {
  static const std::vector<Paper> p = {
      {"000", "L.~Colombo, M.~de~Le\\'on, A.~L\\'opez-Gord\\'on, \\emph{Generalized hybrid momentum maps and "
              "reduction by symmetries of simple hybrid forced mechanical systems}."},
      {"001", "A.~L\\'opez-Gord\\'on, L.~Colombo, M.~de~Le\\'on, \\emph{Nonsmooth Herglotz variational principle}."},
      {"002", "J.~Fern\\'andez, C.~Tori, M.~Zuccalli, \\emph{Lagrangian reduction of nonholonomic discrete "
              "mechanical systems}, J.~Geom.~Mech.~2 (2010)."},
      {"003", "L.~Colombo, M.~de~Le\\'on, M.~E.~Eyrea~Iraz\\'u, A.~L\\'opez-Gord\\'on, \\emph{Contact Lagrangian "
              "systems subject to impulsive constraints}."},
      {"004", "L.~C.~Garc\\'ia-Naranjo, J.~Montaldi, \\emph{Gauge momenta as Casimir functions of nonholonomic "
              "systems}, Arch.~Ration.~Mech.~Anal.~228 (2018)."},
  };
  return p;
}

CitedText cite_papers(const std::string& latex) {
  // a key, then optionally where in the paper: (2.9), \S{}6 or \S{} 6, section 2.2, Theorem 5.3, …
  static const std::regex cite(
      R"((^|[^0-9.\w])(00[0-4])\b( (\([0-9A-Za-z.,-]+\)|\\S\{\} ?[0-9.]+|(section|DerivationSection|Theorem|Lemma|Proposition|Remark|Example|Def) [0-9A-Z.]+))?)");
  CitedText out;
  std::string::const_iterator from = latex.begin();
  for (std::sregex_iterator it(latex.begin(), latex.end(), cite), end; it != end; ++it) {
    const std::smatch& m = *it;
    out.text.append(from, m[0].first);
    out.text += m[1].str();
    const std::string key = m[2].str(), where = m[4].str();
    out.text += "\\cite" + (where.empty() ? std::string() : "[" + where + "]") + "{hamel" + key + "}";
    if (std::find(out.papers.begin(), out.papers.end(), key) == out.papers.end()) out.papers.push_back(key);
    from = m[0].second;
  }
  out.text.append(from, latex.end());
  return out;
}

void write_bibliography(const std::vector<std::string>& cited, std::ostream& os) {
  if (cited.empty()) return;
  os << "\\begin{thebibliography}{000}\n";
  for (const auto& p : papers())
    if (std::find(cited.begin(), cited.end(), p.key) != cited.end())
      os << "\\bibitem[" << p.key << "]{hamel" << p.key << "} " << p.entry << "\n";
  os << "\\end{thebibliography}\n";
}

}  // namespace hamel
