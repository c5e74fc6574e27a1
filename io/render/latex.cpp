// io/render/latex.cpp — a derivation as LaTeX: one numbered display per object (long values broken
// to fit the page: io/render/breaking.cpp), tables in parts that fit it, verdicts as a list, the papers
// behind equation numbers cited.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string_view>

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

// A value broken into more lines than this (two pages) is cut there: nobody reads such a formula in
// print, and TeX holds a whole align environment in memory (a 1 001-term potential exceeded it). The
// text and JSON reports keep it whole.
constexpr std::size_t kLongestDisplay = 80;

// The lines of `lhs = value` as rows of an align environment (before the row separator): the value
// broken to fit the page, then each denominator it had to name; `left_out` counts the lines cut.
std::vector<std::string> display_rows(const std::string& lhs, const Entry& e, const GiNaC::ex& value,
                                      const LatexNaming& names, DisplayBreaker& breaker, std::size_t& left_out) {
  const std::string suffix = names.suffix(e);
  const BrokenDisplay b = breaker(value);
  std::vector<std::string> rows;
  const auto add = [&](const std::string& left, std::vector<std::string> lines, const std::string& end) {
    if (lines.size() > kLongestDisplay) {
      left_out += lines.size() - kLongestDisplay;
      lines.resize(kLongestDisplay);
      lines.back() += " \\cdots";
    }
    for (std::size_t i = 0; i < lines.size(); ++i)
      rows.push_back((i == 0 ? left + " &= " : "&\\qquad ") + lines[i] + (i + 1 == lines.size() ? end : ""));
  };
  add(lhs, b.lines, suffix);
  for (const auto& [name, lines] : b.named) add(name, lines, "");
  return rows;
}

// "d x \wedge d y": a component's basis as a bare term.
std::string bare_basis(const Entry& e, const LatexNaming& names) {
  const std::string s = names.suffix(e);
  return s.substr(s.find('d'));  // without the thin space that separates it from a coefficient
}

// A form's components as one sum, `lhs = dz - \bigl(b q z + \dot{q}\bigr)\, dq`: terms join a row while
// it fits; a bracketed coefficient wider than a row is broken inside \Bigl( … \Bigr).
std::vector<std::string> form_rows(const std::string& lhs, const std::vector<FormTerm>& terms, const LatexNaming& names,
                                   DisplayBreaker& breaker) {
  std::vector<std::string> rows;
  std::vector<std::pair<std::string, std::vector<std::string>>> named;
  std::string row = lhs + " &= ";
  double used = 0;
  for (std::size_t k = 0; k < terms.size(); ++k) {
    const FormTerm& t = terms[k];
    const std::string sign = k == 0 ? (t.negative ? "-" : "") : (t.negative ? " - " : " + ");
    const bool one = t.coefficient.is_equal(1), sum = GiNaC::is_a<GiNaC::add>(t.coefficient);
    const std::string c = one ? "" : to_latex(t.coefficient, &names.user());
    const std::string basis = (one ? "" : "\\, ") + bare_basis(*t.entry, names);
    const std::string piece = sign + (sum ? "\\bigl(" + c + "\\bigr)" : c) + basis;
    const double width = latex_width(piece);
    const bool broken = sum && width > kLine;  // starts on this row unless the row is well filled
    if (k > 0 && (broken ? used > kLine / 4 : used + width > kLine)) {
      rows.push_back(row);
      row = "&\\qquad ";
      used = 0;
    }
    if (!broken) {
      row += piece;
      used += width;
      continue;
    }
    const BrokenDisplay b = breaker(t.coefficient);
    for (std::size_t i = 0; i < b.lines.size(); ++i) {
      row += (i == 0 ? sign + "\\Bigl(" : "") + b.lines[i] + (i + 1 == b.lines.size() ? "\\Bigr)" + basis : "");
      if (i + 1 == b.lines.size()) break;
      rows.push_back(row);
      row = "&\\qquad ";
    }
    used = latex_width(b.lines.back() + basis);
    named.insert(named.end(), b.named.begin(), b.named.end());
  }
  rows.push_back(row);
  for (const auto& [name, lines] : named)
    for (std::size_t i = 0; i < lines.size(); ++i) rows.push_back((i == 0 ? name + " &= " : "&\\qquad ") + lines[i]);
  return rows;
}

// The rows of an object's display: `label = value` per entry, and one sum per form.
// `d`: the derivation whose abbreviations (K, …) the values are written with; nullptr: written out.
// `cut`: the entries whose display was cut at kLongestDisplay lines, with the number of lines left out.
std::vector<std::string> object_rows(const Object& o, const Derivation* d, const LatexNaming& names, DisplayBreaker& breaker,
                                     std::vector<std::pair<const Entry*, std::size_t>>* cut = nullptr) {
  const auto shown = [d](const GiNaC::ex& v) { return d ? d->abbreviated(v) : v; };
  std::vector<std::string> rows;
  for (const auto& g : printed_groups(o)) {
    const Entry& e = *g.front();
    std::size_t left_out = 0;
    const auto r = e.basis.empty() ? display_rows(names.label(e.label), e, shown(e.value), names, breaker, left_out)
                                   : form_rows(names.label(e.label), form_terms(g, shown), names, breaker);
    rows.insert(rows.end(), r.begin(), r.end());
    if (left_out > 0 && cut) cut->emplace_back(&e, left_out);
  }
  return rows;
}

void write_object(const Object& o, std::ostream& os, const LatexNaming& names, const Derivation* d) {
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
  DisplayBreaker breaker(kLine, &names.user());  // one 𝒟ₖ per denominator in the display
  std::vector<std::pair<const Entry*, std::size_t>> cut;
  const std::vector<std::string> rows = object_rows(o, d, names, breaker, &cut);
  os << "\\begin{align}\n";
  for (std::size_t i = 0; i < rows.size(); ++i)
    os << rows[i] << (i + 1 < rows.size() ? " \\notag\\\\\n" : " \\label{eq:" + o.id + "}\n");
  os << "\\end{align}\n";
  // Remarks on entries (e.g. a reduced bracket left in (q, π)) follow the display, as prose that breaks.
  for (const auto& e : o.entries)
    if (!e.note.empty()) os << "$" << names.label(e.label) << "$: " << latex_text(e.note) << ".\n\n";
  for (const auto& [e, lines] : cut)
    os << "$" << names.label(e->label) << "$: " << lines << " more lines of this formula are left out here; the text and JSON reports hold it whole.\n\n";
}

// Tables are set \small (10 pt type) within the 483 pt text width; widths in pt, estimated, with room
// for the estimate's error.  A tabular cannot break across pages: at most kTableRows rows in one.
constexpr double kTableWidth = 460.0;
constexpr double kColumnSeparation = 12.0;  // 2 \tabcolsep
constexpr double kWrapWidth = 0.45 * kTableWidth;  // a wider column is set as a paragraph column
constexpr std::size_t kTableRows = 40;

// The printed width of a cell's text in pt at 10 pt: digits are 5 pt wide in Computer Modern, the
// other glyphs about so (capitals wider; the point, the hyphen and the space narrower).
double text_width(const std::string& s) {
  double w = 0;
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    w += std::isdigit(u) || std::islower(u) ? 5.0 : std::isupper(u) ? 7.5 : c == '.' || c == '-' || c == ' ' ? 3.3 : 5.5;
  }
  return w;
}

// Each column's width: its widest cell or its heading.
std::vector<double> column_widths(const Table& t, const LatexNaming& names) {
  std::vector<double> w;
  for (const auto& c : t.columns) w.push_back(10.0 * latex_width(names.math(c)));
  for (const auto& row : t.rows)
    for (std::size_t c = 0; c < row.size() && c < w.size(); ++c) w[c] = std::max(w[c], text_width(row[c]));
  return w;
}

bool wrapped(double width) { return width > kWrapWidth; }

double room(double width) { return std::min(width, kWrapWidth) + kColumnSeparation; }

// The columns in parts of at most `budget` pt: the first column (the key, e.g. the impact k) in every
// part, then as many of the next ones as fit.
std::vector<std::vector<std::size_t>> column_parts(const std::vector<double>& widths, double budget) {
  std::vector<std::vector<std::size_t>> parts{{0}};
  double used = room(widths.at(0));
  for (std::size_t c = 1; c < widths.size(); ++c) {
    if (used + room(widths[c]) > budget && parts.back().size() > 1) {
      parts.push_back({0});
      used = room(widths[0]);
    }
    parts.back().push_back(c);
    used += room(widths[c]);
  }
  return parts;
}

// A table too wide for the page in as few parts as the page allows, of about equal width.
std::vector<std::vector<std::size_t>> column_parts(const std::vector<double>& widths) {
  const std::size_t n = column_parts(widths, kTableWidth).size();
  double rest = 0;
  for (std::size_t c = 1; c < widths.size(); ++c) rest += room(widths[c]);
  double budget = room(widths[0]) + rest / static_cast<double>(n);
  while (column_parts(widths, budget).size() > n) budget += 10;  // ends: at kTableWidth there are n
  return column_parts(widths, budget);
}

// One tabular: the heading and rows [begin, end) of the given columns; a column wider than
// kWrapWidth is a ragged paragraph column.
void write_tabular(const Table& t, const std::vector<std::size_t>& columns, std::size_t begin, std::size_t end,
                   const std::vector<double>& widths, std::ostream& os, const LatexNaming& names) {
  os << "\\begin{tabular}{";
  for (std::size_t c : columns)
    if (wrapped(widths[c])) os << ">{\\raggedright\\arraybackslash}p{" << static_cast<int>(kWrapWidth) << "pt}";
    else os << 'r';
  os << "}\n";
  for (std::size_t i = 0; i < columns.size(); ++i) os << (i ? " & " : "") << "$" << names.math(t.columns[columns[i]]) << "$";
  os << " \\\\\n\\hline\n";
  for (std::size_t r = begin; r < end; ++r) {
    for (std::size_t i = 0; i < columns.size(); ++i)
      os << (i ? " & " : "") << (columns[i] < t.rows[r].size() ? names.prose(t.rows[r][columns[i]]) : "");
    os << " \\\\\n";
  }
  os << "\\end{tabular}\n";
}

// A table in parts that fit the page: blocks of rows, each block split by columns.
void write_table(const Table& t, std::ostream& os, const LatexNaming& names) {
  if (t.columns.empty()) return;
  if (const std::size_t cut = rows_left_out(t)) {  // the head, a line counting the rest, the tail
    Table head{t.id, t.caption, t.columns, {t.rows.begin(), t.rows.begin() + static_cast<std::ptrdiff_t>(t.head)}};
    Table tail{t.id, "", t.columns, {t.rows.end() - static_cast<std::ptrdiff_t>(t.tail), t.rows.end()}};
    write_table(head, os, names);
    os << "\\begin{center}\n\\small\n\\dots\\ (" << cut << " rows left out; the JSON report has every row)\n\\end{center}\n";
    if (!tail.rows.empty()) write_table(tail, os, names);
    return;
  }
  const std::vector<double> widths = column_widths(t, names);
  const auto parts = column_parts(widths);
  for (std::size_t begin = 0; begin == 0 || begin < t.rows.size(); begin += kTableRows)
    for (std::size_t p = 0; p < parts.size(); ++p) {
      os << "\\begin{center}\n\\small\n";
      if (begin == 0 && p == 0 && !t.caption.empty()) os << names.prose(t.caption) << "\\\\[1ex]\n";
      write_tabular(t, parts[p], begin, std::min(begin + kTableRows, t.rows.size()), widths, os, names);
      os << "\\end{center}\n";
    }
}

std::string verdict_mark(const Verdict& v) {
  if (v.undecided) return "undecided";
  if (v.failure()) return v.holds ? "yes (expected no)" : "FAILED";
  return v.holds ? "yes" : "no";
}

void write_verdicts(const DerivationSection& s, std::ostream& os, const LatexNaming& names) {
  if (s.verdicts.empty()) return;
  os << "\\begin{description}\n";
  for (const auto& v : s.verdicts) {
    os << "\\item[" << verdict_mark(v) << "] " << names.prose(v.statement);
    if (v.undecided && !v.expected && !v.reason.empty())
      os << " --- undecided, not a failure: " << names.prose(v.reason);
    else if (v.undecided)
      os << " --- the zero test decided neither way";
    else if (!v.holds && !v.failure() && !v.reason.empty())
      os << (v.expected ? " --- as expected: " : " --- a fact, not a failure: ") << names.prose(v.reason);
    os << " {\\small (" << names.prose(v.method) << ")}\n";
  }
  os << "\\end{description}\n";
}

// A figure's path as the document in `directory` reads it: both made absolute (a figure in --plots
// DIR beside a report elsewhere gets ../), then the one relative to the other.
std::string path_from(const std::string& file, const std::string& directory) {
  if (directory.empty()) return file;
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path p = fs::absolute(file, ec).lexically_normal(), dir = fs::absolute(directory, ec).lexically_normal();
  const fs::path r = p.lexically_relative(dir);
  return ec || r.empty() ? file : r.generic_string();
}

void write_section(const Derivation& d, const DerivationSection& s, std::ostream& os, const LatexNaming& names,
                   const LatexOptions& options) {
  os << "\\section{" << names.prose(s.title) << "}\\label{sec:" << s.id << "}\n";
  for (const auto& p : s.prose) os << names.paragraph(p) << "\n\n";
  for (const auto& o : s.objects) write_object(o, os, names, &d);
  for (const auto& t : s.tables) write_table(t, os, names);
  for (const auto& f : s.figures)
    if (f.path.size() > 4 && f.path.compare(f.path.size() - 4, 4, ".png") == 0)
      os << "\\begin{center}\n\\includegraphics[width=0.8\\textwidth]{" << path_from(f.path, options.directory)
         << "}\n\\end{center}\n";
  write_verdicts(s, os, names);
}

// The recurring denominators named once (present()), before the sections that use them.
void write_abbreviations(const Derivation& d, std::ostream& os, const LatexNaming& names) {
  if (d.abbreviations.empty()) return;
  Object o;
  o.id = "abbreviations";
  o.title = "Recurring denominators, named once";
  for (const Abbreviation& a : d.abbreviations) o.add({a.name}, Label::symbol(a.name), a.value);
  write_object(o, os, names, nullptr);
  for (const Abbreviation& a : d.abbreviations) {
    if (a.same_as.empty()) continue;
    os << "$" << names.label(Label::symbol(a.name)) << "$ is $" << names.label(Label::symbol(a.same_as)) << "$ with ";
    for (std::size_t k = 0; k < a.with.size(); ++k)
      os << (k ? ", " : "") << "$" << names.label(Label::symbol(a.with[k].first)) << " = " << to_latex(a.with[k].second, &names.user()) << "$";
    os << ".\n\n";
  }
}

// The summary's lines as paragraphs.
// A check id that may break after its dots and underscores (hybrid.symmetry.along.conservation_identity
// is wider than what a line has left), at a cost: a break between ids is taken first.
std::string breakable_id(const std::string& id) {
  std::string out;
  for (std::size_t i = 0; i < id.size(); ++i) {
    out += latex_text(id.substr(i, 1));
    if ((id[i] == '.' || id[i] == '_') && i + 1 < id.size()) out += "\\penalty100\\relax ";
  }
  return out;
}

// The summary of the text report, its failures' ids as a list that breaks (any number, any length):
// ragged right, an id left whole on its line when it fits there.
std::string summary_paragraphs(const Derivation& d) {
  const std::string summary = verdict_summary(d);
  const std::size_t end = summary.find('\n');
  std::string out = latex_text(summary.substr(0, end)) + ".\n\n";
  std::vector<std::string> ids;
  for (const Verdict* v : d.verdicts())
    if (v->failure()) ids.push_back(breakable_id(v->id));
  if (ids.empty()) return out + latex_text(summary.substr(end + 1, summary.size() - end - 2)) + ".\n\n";
  out += "{\\raggedright " + std::to_string(ids.size()) + (ids.size() == 1 ? " failure: " : " failures: ");
  for (std::size_t i = 0; i < ids.size(); ++i) out += (i ? ", " : "") + ids[i];
  return out + ".\\par}\n\n";
}

const char* kPreamble =
    "\\documentclass[11pt,a4paper]{article}\n"
    "\\usepackage[T1]{fontenc}\n"
    "\\usepackage[utf8]{inputenc}\n"
    "\\usepackage{lmodern}\n"
    "\\usepackage[margin=2cm]{geometry}\n"
    "\\usepackage{amsmath,amssymb}\n"
    "\\usepackage{graphicx}\n"
    "\\usepackage{array}\n"
    "\\allowdisplaybreaks\n"
    // prose with citations and math: looser lines rather than a word in the margin
    "\\setlength{\\emergencystretch}{3em}\n"
    // headings ragged right: a title with a citation (an unbreakable [1, (20)]) never overflows
    "\\makeatletter\n"
    "\\renewcommand\\section{\\@startsection{section}{1}{\\z@}{-3.5ex \\@plus -1ex \\@minus -.2ex}"
    "{2.3ex \\@plus.2ex}{\\normalfont\\Large\\bfseries\\raggedright}}\n"
    "\\makeatother\n";

}  // namespace

std::vector<std::string> latex_display_rows(const Object& o, const Derivation& d, double width) {
  const LatexNaming names(d);
  DisplayBreaker breaker(width, &names.user());
  return object_rows(o, &d, names, breaker);
}

std::vector<std::string> latex_abbreviation_rows(const Derivation& d, double width) {
  const LatexNaming names(d);
  DisplayBreaker breaker(width, &names.user());
  std::vector<std::string> rows;
  std::size_t left_out = 0;
  for (const Abbreviation& a : d.abbreviations) {
    Entry e;
    e.label = Label::symbol(a.name);
    const auto r = display_rows(names.label(e.label), e, a.value, names, breaker, left_out);
    rows.insert(rows.end(), r.begin(), r.end());
  }
  return rows;
}

namespace {

// The source with every line cut at spaces to at most kLongestLine characters: TeX reads a line into a
// buffer of 200 000 characters, and a sentence that embeds a 1 001-term potential is longer (a newline
// reads as the space it replaces). A line with a comment sign stays whole: cut, its rest would be read.
std::string with_short_lines(const std::string& source) {
  constexpr std::size_t kLongestLine = 4000;
  std::string out;
  std::size_t begin = 0;
  while (begin < source.size()) {
    const std::size_t newline = std::min(source.find('\n', begin), source.size());
    std::string_view line(source.data() + begin, newline - begin);
    bool comment = false;
    for (std::size_t i = 0; i < line.size(); ++i) comment = comment || (line[i] == '%' && (i == 0 || line[i - 1] != '\\'));
    while (!comment && line.size() > kLongestLine) {
      std::size_t cut = line.rfind(' ', kLongestLine);
      if (cut == std::string_view::npos || cut == 0) cut = line.find(' ', kLongestLine);
      if (cut == std::string_view::npos) break;
      out.append(line.substr(0, cut)).push_back('\n');
      line.remove_prefix(cut + 1);
    }
    out.append(line);
    if (newline < source.size()) out.push_back('\n');
    begin = newline + 1;
  }
  return out;
}

}  // namespace

std::vector<std::string> latex_warnings(const Derivation& d, const LatexOptions& options) {
  if (options.body_only) return {};  // it has neither the name nor the description
  std::vector<std::string> out;
  for (const auto& [what, text] : {std::pair<const char*, const std::string&>{"name", d.name}, {"description", d.description}}) {
    const std::vector<std::string> unset = latex_unset_characters(text);
    if (unset.empty()) continue;
    std::string list;
    for (const auto& c : unset) list += (list.empty() ? "" : ", ") + c;
    const bool one = unset.size() == 1;
    out.push_back("the LaTeX report shows " + list + " of the " + what + (one ? " as its code point" : " as their code points") +
                  " in a box: pdflatex's fonts have no glyph for " + (one ? "it" : "them"));
  }
  return out;
}

void write_latex(const Derivation& d, std::ostream& os, const LatexOptions& options) {
  const LatexNaming names(d);
  std::ostringstream body;
  if (!options.body_only && !d.description.empty()) body << latex_text(d.description) << "\n\n";
  write_abbreviations(d, body, names);
  for (const auto& s : d.sections) write_section(d, s, body, names, options);
  if (!options.body_only) body << "\\section*{Summary}\n" << summary_paragraphs(d);
  const CitedText cited = cite_papers(body.str());
  if (!options.body_only)
    os << kPreamble << "\\title{Hamel derivation: " << latex_text(d.name) << "}\n\\author{}\n\\date{}\n\\begin{document}\n\\maketitle\n";
  os << with_short_lines(cited.text);
  write_bibliography(cited.papers, os);
  if (!options.body_only) os << "\\end{document}\n";
}

}  // namespace hamel
