// io/render/latex.cpp — a derivation as LaTeX: one numbered display per object (long values broken
// at the + and − of their sums), verdicts as a list, the papers behind equation numbers cited.
#include <regex>
#include <sstream>

#include "core/latex.hpp"
#include "io/render/breaking.hpp"
#include "io/render/labels.hpp"
#include "io/render/references.hpp"
#include "io/render/render.hpp"

namespace hamel {

namespace {

// Widths in em of an A4 page with 2 cm margins at 11 pt, less the equation number and the left side
// of the alignment: a display line's value must fit in `kLine`, continuation lines are indented.
constexpr double kLine = 30.0;

// The lines of `lhs = value` as rows of an align environment (before the row separator): the value
// broken to fit the page, then each denominator it had to name.
std::vector<std::string> display_rows(const std::string& lhs, const Entry& e, const LatexNaming& names) {
  const std::string suffix = names.suffix(e);
  const BrokenDisplay b = break_display(e.value, kLine, &names.user());
  std::vector<std::string> rows;
  const auto add = [&](const std::string& left, const std::vector<std::string>& lines, const std::string& end) {
    for (std::size_t i = 0; i < lines.size(); ++i)
      rows.push_back((i == 0 ? left + " &= " : "&\\qquad ") + lines[i] + (i + 1 == lines.size() ? end : ""));
  };
  add(lhs, b.lines, suffix);
  for (const auto& [name, lines] : b.named) add(name, lines, "");
  return rows;
}

void write_object(const Object& o, std::ostream& os, const LatexNaming& names) {
  if (o.entries.empty()) return;
  bool zero = true;
  for (const auto& e : o.entries) zero = zero && e.value.is_zero();
  if (zero) {  // no numbered display for zeros: "the potential: $V = 0$."
    os << (o.title.empty() ? "" : names.prose(o.title) + ": ");
    for (std::size_t i = 0; i < o.entries.size(); ++i) os << (i ? ", " : "") << "$" << names.label(o.entries[i].label) << " = 0$";
    os << ".\n\n";
    return;
  }
  if (!o.title.empty()) os << names.prose(o.title) << ":\n";
  std::vector<std::string> rows;
  for (const auto& e : o.entries) {
    const auto r = display_rows(names.label(e.label), e, names);
    rows.insert(rows.end(), r.begin(), r.end());
  }
  os << "\\begin{align}\n";
  for (std::size_t i = 0; i < rows.size(); ++i)
    os << rows[i] << (i + 1 < rows.size() ? " \\notag\\\\\n" : " \\label{eq:" + o.id + "}\n");
  os << "\\end{align}\n";
}

void write_table(const Table& t, std::ostream& os, const LatexNaming& names) {
  os << "\\begin{center}\n\\small\n";
  if (!t.caption.empty()) os << names.prose(t.caption) << "\\\\[1ex]\n";
  os << "\\begin{tabular}{" << std::string(t.columns.size(), 'r') << "}\n";
  for (std::size_t c = 0; c < t.columns.size(); ++c) os << (c ? " & " : "") << "$" << names.math(t.columns[c]) << "$";
  os << " \\\\\n\\hline\n";
  for (const auto& row : t.rows) {
    for (std::size_t c = 0; c < row.size(); ++c) os << (c ? " & " : "") << latex_text(row[c]);
    os << " \\\\\n";
  }
  os << "\\end{tabular}\n\\end{center}\n";
}

std::string verdict_mark(const Verdict& v) {
  if (v.failure()) return v.holds ? "yes (expected no)" : "FAILED";
  return v.holds ? "yes" : "no";
}

void write_verdicts(const DerivationSection& s, std::ostream& os, const LatexNaming& names) {
  if (s.verdicts.empty()) return;
  os << "\\begin{description}\n";
  for (const auto& v : s.verdicts) {
    os << "\\item[" << verdict_mark(v) << "] " << names.prose(v.statement);
    if (!v.holds && !v.failure() && !v.reason.empty())
      os << (v.expected ? " --- as expected: " : " --- a fact, not a failure: ") << names.prose(v.reason);
    os << " {\\small (" << latex_text(v.method) << ")}\n";
  }
  os << "\\end{description}\n";
}

void write_section(const DerivationSection& s, std::ostream& os, const LatexNaming& names) {
  os << "\\section{" << names.prose(s.title) << "}\\label{sec:" << s.id << "}\n";
  for (const auto& p : s.prose) os << names.prose(p) << "\n\n";
  for (const auto& o : s.objects) write_object(o, os, names);
  for (const auto& t : s.tables) write_table(t, os, names);
  for (const auto& f : s.figures)
    if (f.path.size() > 4 && f.path.compare(f.path.size() - 4, 4, ".png") == 0)
      os << "\\begin{center}\n\\includegraphics[width=0.8\\textwidth]{" << f.path << "}\n\\end{center}\n";
  write_verdicts(s, os, names);
}

// The summary's lines as paragraphs.
std::string summary_paragraphs(const Derivation& d) {
  std::string out, line;
  for (char c : verdict_summary(d)) {
    if (c != '\n') {
      line += c;
      continue;
    }
    out += latex_text(line) + ".\n\n";
    line.clear();
  }
  return out;
}

const char* kPreamble =
    "\\documentclass[11pt,a4paper]{article}\n"
    "\\usepackage[T1]{fontenc}\n"
    "\\usepackage[utf8]{inputenc}\n"
    "\\usepackage{lmodern}\n"
    "\\usepackage[margin=2cm]{geometry}\n"
    "\\usepackage{amsmath,amssymb}\n"
    "\\usepackage{graphicx}\n"
    "\\allowdisplaybreaks\n";

}  // namespace

void write_latex(const Derivation& d, std::ostream& os, const LatexOptions& options) {
  const LatexNaming names(d);
  std::ostringstream body;
  if (!options.body_only && !d.description.empty()) body << latex_text(d.description) << "\n\n";
  for (const auto& s : d.sections) write_section(s, body, names);
  if (!options.body_only) body << "\\section*{Summary}\n" << summary_paragraphs(d);
  const CitedText cited = cite_papers(body.str());
  if (!options.body_only)
    os << kPreamble << "\\title{Hamel derivation: " << latex_text(d.name) << "}\n\\date{}\n\\begin{document}\n\\maketitle\n";
  os << cited.text;
  write_bibliography(cited.papers, os);
  if (!options.body_only) os << "\\end{document}\n";
}

}  // namespace hamel
