// io/report.cpp
#include "io/report.hpp"

#include "core/latex.hpp"

namespace hamel {

ReportSection& Report::add(const std::string& title) {
  if (progress) progress(title);
  sections.push_back(ReportSection{title, {}, {}, {}, {}, {}});
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
      for (const auto& t : s.tables) {
        std::vector<std::size_t> w(t.header.size(), 0);
        for (std::size_t c = 0; c < t.header.size(); ++c) w[c] = t.header[c].size();
        for (const auto& row : t.rows)
          for (std::size_t c = 0; c < row.size() && c < w.size(); ++c) w[c] = std::max(w[c], row[c].size());
        const auto line = [&](const std::vector<std::string>& cells) {
          os << " ";
          for (std::size_t c = 0; c < cells.size() && c < w.size(); ++c)
            os << " " << std::string(w[c] - cells[c].size(), ' ') << cells[c];
          os << "\n";
        };
        line(t.header);
        for (const auto& row : t.rows) line(row);
      }
      for (const auto& f : s.figures) os << "  plot: " << f << "\n";
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
        "\\usepackage{graphicx}\n"
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
    for (const auto& t : s.tables) {
      os << "\\begin{center}\n\\begin{tabular}{" << std::string(t.header.size(), 'r') << "}\n";
      for (std::size_t c = 0; c < t.header.size(); ++c) os << (c ? " & " : "") << "$" << t.header[c] << "$";
      os << " \\\\\n\\hline\n";
      for (const auto& row : t.rows) {
        for (std::size_t c = 0; c < row.size(); ++c) os << (c ? " & " : "") << latex_escape(row[c]);
        os << " \\\\\n";
      }
      os << "\\end{tabular}\n\\end{center}\n";
    }
    for (const auto& f : s.figures)
      if (f.size() > 4 && f.compare(f.size() - 4, 4, ".png") == 0)
        os << "\\begin{center}\n\\includegraphics[width=0.8\\textwidth]{" << f << "}\n\\end{center}\n";
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
