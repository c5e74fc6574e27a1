// io/report.cpp
#include "io/report.hpp"

#include "core/latex.hpp"

namespace hamel {

ReportSection& Report::add(const std::string& title) {
  sections.push_back(ReportSection{title, {}, {}, {}});
  return sections.back();
}

std::vector<ReportCheck> Report::checks() const {
  std::vector<ReportCheck> v;
  for (const auto& s : sections) v.insert(v.end(), s.checks.begin(), s.checks.end());
  return v;
}

std::string latex_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '\\': out += "\\textbackslash{}"; break;
      case '{': case '}': case '$': case '&': case '#': case '_': case '%':
        out += '\\';
        out += c;
        break;
      case '^': out += "\\^{}"; break;
      case '~': out += "\\~{}"; break;
      default: out += c;
    }
  }
  return out;
}

std::string json_expression(const GiNaC::ex& e) { return to_text(e); }

void write_text(const Report& r, std::ostream& os, bool quiet) {
  os << "Hamel derivation: " << r.name << "\n";
  if (!r.description.empty()) os << r.description << "\n";
  for (const auto& s : r.sections) {
    if (quiet && s.checks.empty()) continue;
    os << "\n== " << s.title << "\n";
    if (!quiet) {
      for (const auto& p : s.paragraphs) os << p << "\n";
      for (const auto& e : s.equations) os << "  " << e.lhs_text << " = " << to_text(e.rhs) << e.suffix_text << "\n";
    }
    for (const auto& c : s.checks)
      os << "  [" << (c.passed ? "yes" : "no ") << "] " << c.name << "  (" << c.how << ")\n";
  }
  const auto all = r.checks();
  std::size_t yes = 0;
  for (const auto& c : all) yes += c.passed ? 1 : 0;
  os << "\n" << all.size() << " checks: " << yes << " yes, " << all.size() - yes << " no\n";
}

void write_latex(const Report& r, std::ostream& os) {
  os << "\\documentclass[11pt]{article}\n"
        "\\usepackage[utf8]{inputenc}\n"
        "\\usepackage[margin=2cm]{geometry}\n"
        "\\usepackage{amsmath,amssymb}\n"
        "\\allowdisplaybreaks\n"
        "\\title{Hamel derivation: "
     << latex_escape(r.name) << "}\n\\date{}\n\\begin{document}\n\\maketitle\n";
  if (!r.description.empty()) os << latex_escape(r.description) << "\n\n";
  for (const auto& s : r.sections) {
    os << "\\section{" << latex_escape(s.title) << "}\n";
    for (const auto& p : s.paragraphs) os << latex_escape(p) << "\n\n";
    for (const auto& e : s.equations)
      os << "\\begin{equation}\n" << e.lhs_latex << " = " << to_latex(e.rhs) << e.suffix_latex
         << "\n\\end{equation}\n";
    if (!s.checks.empty()) {
      os << "\\begin{itemize}\n";
      for (const auto& c : s.checks)
        os << "\\item " << (c.passed ? "\\textbf{yes}: " : "\\textbf{no}: ") << latex_escape(c.name) << " ("
           << latex_escape(c.how) << ")\n";
      os << "\\end{itemize}\n";
    }
  }
  os << "\\end{document}\n";
}

}  // namespace hamel
