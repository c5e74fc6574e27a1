// io/report.cpp
#include "io/report.hpp"

#include <cctype>

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

namespace {

// "Pi_nh # dH_c reproduces (2.8)" → "pi_nh_dh_c_reproduces_2_8": a stable id for an untyped check.
std::string slug(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

}  // namespace

void append_legacy(const Report& r, Derivation& out) {
  for (const auto& s : r.sections) {
    DerivationSection& t = out.add(slug(s.title), s.title);
    t.prose = s.paragraphs;
    if (!s.equations.empty()) {
      Object& o = t.object(t.id + ".equations", ObjectKind::List, "");
      for (const auto& e : s.equations) {
        Label l{Label::Form::Preformatted, "", {e.lhs_text, e.suffix_text}, {e.lhs_latex, e.suffix_latex}};
        o.add({std::to_string(o.entries.size() + 1)}, l, e.rhs);
      }
    }
    for (const auto& tab : s.tables) t.tables.push_back(Table{"", "", tab.header, tab.rows});
    for (const auto& f : s.figures) t.figures.push_back(Figure{f, ""});
    for (const auto& c : s.checks) t.verdict(slug(c.name), c.name, c.passed, c.how);
  }
  if (r.json.empty()) return;
  nlohmann::json merged = out.legacy_json.empty() ? nlohmann::json::object() : nlohmann::json::parse(out.legacy_json);
  merged.update(r.json);
  out.legacy_json = merged.dump();
}

}  // namespace hamel
