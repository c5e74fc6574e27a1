// io/render/text.cpp — a derivation as plain text: names as typed in system files, values in the
// input syntax (so a line can be pasted back into a claims file).
#include <algorithm>

#include "core/latex.hpp"
#include "core/number_text.hpp"
#include "io/render/render.hpp"
#include "io/render/labels.hpp"

namespace hamel {

namespace {

void write_table(const Table& t, std::ostream& os) {
  std::vector<std::size_t> w(t.columns.size(), 0);
  for (std::size_t c = 0; c < t.columns.size(); ++c) w[c] = t.columns[c].size();
  for (const auto& row : t.rows)
    for (std::size_t c = 0; c < row.size() && c < w.size(); ++c) w[c] = std::max(w[c], row[c].size());
  const auto line = [&](const std::vector<std::string>& cells) {
    os << " ";
    for (std::size_t c = 0; c < cells.size() && c < w.size(); ++c)
      os << " " << std::string(w[c] - cells[c].size(), ' ') << cells[c];
    os << "\n";
  };
  if (!t.caption.empty()) os << "  " << plain_text(t.caption) << "\n";
  line(t.columns);
  const std::size_t cut = rows_left_out(t);
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    if (cut > 0 && i == t.head) {
      os << "  ... (" << cut << " rows left out; the JSON report has every row)\n";
      i += cut;
    }
    line(t.rows[i]);
  }
}

std::string mark(const Verdict& v) {
  if (v.undecided) return "[undecided]";
  if (v.failure()) return v.holds ? "[yes, expected no]" : "[no ]";
  return v.holds ? "[yes]" : "[no ]";
}

void write_verdict(const Verdict& v, std::ostream& os) {
  os << "  " << mark(v) << " " << plain_text(v.statement) << "  (" << plain_text(v.method) << ")\n";
  if (v.undecided && !v.expected && !v.reason.empty())
    os << "        undecided, not a failure: " << plain_text(v.reason) << "\n";
  else if (v.undecided)
    os << "        the zero test decided neither way: neither yes nor no was shown" << (v.expected ? " (not as expected)" : "") << "\n";
  else if (!v.holds && !v.failure() && !v.reason.empty())
    os << "        " << (v.expected ? "as expected: " : "a fact, not a failure: ") << plain_text(v.reason) << "\n";
  if (v.failure() && !v.witness.empty()) {
    os << "        at";
    for (std::size_t k = 0; k < v.witness.size(); ++k)
      os << (k ? ", " : " ") << v.witness[k].first << " = " << readable_number(v.witness[k].second);
    os << "\n";
  }
}

void write_section(const Derivation& d, const DerivationSection& s, std::ostream& os) {
  for (const auto& p : s.prose) os << plain_text(p.text()) << "\n";
  const auto shown = [&d](const GiNaC::ex& v) { return d.abbreviated(v); };
  for (const auto& o : s.objects)
    for (const auto& g : printed_groups(o)) {
      const Entry& e = *g.front();
      if (!e.basis.empty()) {  // a form: its components as one sum
        os << "  " << text_label(e.label) << " = " << text_form(form_terms(g, shown));
        for (const Entry* c : g)
          if (!c->note.empty()) os << "   [" << c->note << "]";
        os << "\n";
        continue;
      }
      os << "  " << text_label(e.label) << " = " << to_text(shown(e.value)) << (e.note.empty() ? "" : "   [" + e.note + "]") << "\n";
    }
  for (const auto& t : s.tables) write_table(t, os);
  for (const auto& f : s.figures) os << "  plot: " << f.path << "\n";
}

}  // namespace

std::string verdict_summary(const Derivation& d) {
  const VerdictCount c = count_verdicts(d);
  std::string s = std::to_string(c.total) + " checks: " + std::to_string(c.yes) + " yes, " + std::to_string(c.no) + " no" +
                  (c.undecided ? ", " + std::to_string(c.undecided) + " undecided" : "") + "\n";
  if (c.failures == 0) {
    s += "no failures: every verdict is as expected";
    if (c.expected_no == 1 && c.no == 1) s += " (the no is a fact the theory predicts)";
    else if (c.expected_no == 1) s += " (1 of the no is a fact the theory predicts)";
    else if (c.expected_no) s += " (" + std::to_string(c.expected_no) + " of the no are facts the theory predicts)";
    return s + "\n";
  }
  s += std::to_string(c.failures) + (c.failures == 1 ? " failure:" : " failures:");
  for (const Verdict* v : d.verdicts())
    if (v->failure()) s += " " + v->id;
  return s + "\n";
}

void write_text(const Derivation& d, std::ostream& os, bool quiet, bool checks) {
  os << "Hamel derivation: " << d.name << "\n";
  if (!d.description.empty()) os << d.description << "\n";
  if (!quiet && !d.abbreviations.empty()) {
    os << "\nRecurring denominators, named once:\n";
    for (const Abbreviation& a : d.abbreviations) {
      os << "  " << a.name << " = " << to_text(a.value);
      if (!a.same_as.empty()) {
        os << "   [" << a.same_as << " with ";
        for (std::size_t k = 0; k < a.with.size(); ++k) os << (k ? ", " : "") << a.with[k].first << " = " << to_text(a.with[k].second);
        os << "]";
      }
      os << "\n";
    }
  }
  for (const auto& s : d.sections) {
    if (quiet && s.verdicts.empty()) continue;
    os << "\n== " << plain_text(s.title) << "\n";
    if (!quiet) write_section(d, s, os);
    for (const auto& v : s.verdicts) write_verdict(v, os);
  }
  if (checks) os << "\n" << verdict_summary(d);
}

}  // namespace hamel
