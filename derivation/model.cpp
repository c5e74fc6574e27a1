// derivation/model.cpp
#include "derivation/model.hpp"

#include <algorithm>
#include <map>

#include "core/latex.hpp"
#include "numerics/plot_plane.hpp"

namespace hamel {

std::string hybrid_plot_base(const std::string& plot_base) { return plot_base + "-hybrid"; }
std::string gauge_plot_base(const std::string& plot_base) { return plot_base + "-gauge-momenta"; }

std::vector<std::string> derivation_plot_files(const std::string& plot_base) {
  std::vector<std::string> files = run_plot_files(hybrid_plot_base(plot_base));
  for (const std::string& f : plot_files(gauge_plot_base(plot_base))) files.push_back(f);
  return files;
}

Paragraph::Paragraph(std::string words) { pieces.push_back({std::move(words), std::nullopt}); }

Paragraph::Paragraph(const char* words) : Paragraph(std::string(words)) {}

Paragraph& Paragraph::words(std::string w) {
  pieces.push_back({std::move(w), std::nullopt});
  return *this;
}

Paragraph& Paragraph::formula(const GiNaC::ex& e) {
  pieces.push_back({"", e});
  return *this;
}

std::string Paragraph::text() const {
  std::string s;
  for (const auto& p : pieces) s += p.formula ? to_text(*p.formula) : p.words;
  return s;
}

Label Label::symbol(std::string base, std::vector<std::string> lower, std::vector<std::string> upper) {
  return Label{Form::Symbol, std::move(base), std::move(lower), std::move(upper)};
}

Label Label::bracket(std::string f, std::string g) { return Label{Form::Bracket, "", {std::move(f), std::move(g)}, {}}; }

Label Label::dot(std::string name) { return Label{Form::Dot, std::move(name), {}, {}}; }

Entry& Object::add(std::vector<std::string> key, Label label, GiNaC::ex value) {
  entries.push_back(Entry{std::move(key), std::move(label), std::move(value), {}, {}});
  return entries.back();
}

Object& DerivationSection::object(std::string id, ObjectKind kind, std::string title) {
  const Symmetry s = kind == ObjectKind::Bracket ? Symmetry::Antisymmetric
                     : kind == ObjectKind::Form  ? Symmetry::Alternating
                                                 : Symmetry::None;
  objects.push_back(Object{std::move(id), kind, std::move(title), {}, s});
  return objects.back();
}

Object* DerivationSection::find(const std::string& id) {
  for (Object& o : objects)
    if (o.id == id) return &o;
  return nullptr;
}

Verdict& DerivationSection::verdict(std::string id, std::string statement, bool holds, std::string method) {
  Verdict v;
  v.id = std::move(id);
  v.statement = std::move(statement);
  v.holds = holds;
  v.method = std::move(method);
  verdicts.push_back(std::move(v));
  return verdicts.back();
}

DerivationSection& Derivation::add(std::string id, std::string title) {
  DerivationSection s;
  s.id = std::move(id);
  s.title = std::move(title);
  sections.push_back(std::move(s));
  return sections.back();
}

void Derivation::declare(const std::string& name, SymbolKind kind, const std::string& meaning) {
  const auto same = [&](const Symbol& s) { return s.name == name; };
  if (std::none_of(symbols.begin(), symbols.end(), same)) symbols.push_back(Symbol{name, kind, meaning});
}

std::vector<const Verdict*> Derivation::verdicts() const {
  std::vector<const Verdict*> v;
  for (const auto& s : sections)
    for (const auto& x : s.verdicts) v.push_back(&x);
  return v;
}

GiNaC::ex Derivation::abbreviated(const GiNaC::ex& value) const {
  if (abbreviations.empty()) return value;
  GiNaC::exmap m;
  for (const Abbreviation& a : abbreviations) {
    const GiNaC::symbol K(a.name);
    for (const auto& [form, factor] : a.forms) m[form] = factor * K;
  }
  return value.subs(m, GiNaC::subs_options::no_pattern);  // forms hold no wildcards: a lookup per node, not a match per form
}

const Object* Derivation::find(const std::string& id) const {
  for (const auto& s : sections)
    for (const auto& o : s.objects)
      if (o.id == id) return &o;
  return nullptr;
}

namespace {

struct CollectSymbols : GiNaC::visitor, GiNaC::symbol::visitor {
  std::map<std::string, bool> found;  // by name: the table lists names in name order when found here
  void visit(const GiNaC::symbol& s) override { found.emplace(s.get_name(), true); }
};

}  // namespace

void declare_remaining_symbols(Derivation& d) {
  CollectSymbols c;
  for (const auto& s : d.sections)
    for (const auto& o : s.objects)
      for (const auto& e : o.entries) e.value.traverse(c);
  for (const auto& [name, yes] : c.found) d.declare(name, SymbolKind::Unknown, "a symbol of the derivation");
}

std::size_t rows_left_out(const Table& t) {
  // leaving out a single row would save nothing: its line is as long as the note
  if (t.head == 0 || t.rows.size() <= t.head + t.tail + 1) return 0;
  return t.rows.size() - t.head - t.tail;
}

VerdictCount count_verdicts(const Derivation& d) {
  VerdictCount c;
  for (const Verdict* v : d.verdicts()) {
    ++c.total;
    (v->undecided ? c.undecided : v->holds ? c.yes : c.no) += 1;
    if (v->failure()) ++c.failures;
    else if (!v->holds && !v->undecided) ++c.expected_no;
  }
  return c;
}

std::string to_string(Symmetry s) {
  switch (s) {
    case Symmetry::None: return "none";
    case Symmetry::Symmetric: return "symmetric";
    case Symmetry::Antisymmetric: return "antisymmetric";
    case Symmetry::Alternating: return "alternating";
  }
  return "none";
}

std::string to_string(ObjectKind k) {
  switch (k) {
    case ObjectKind::Scalar: return "scalar";
    case ObjectKind::Family: return "family";
    case ObjectKind::VectorField: return "vector_field";
    case ObjectKind::Form: return "form";
    case ObjectKind::Bracket: return "bracket";
    case ObjectKind::Equations: return "equations";
    case ObjectKind::List: return "list";
  }
  return "family";
}

std::string to_string(SymbolKind k) {
  switch (k) {
    case SymbolKind::Coordinate: return "coordinate";
    case SymbolKind::Velocity: return "velocity";
    case SymbolKind::Momentum: return "momentum";
    case SymbolKind::Parameter: return "parameter";
    case SymbolKind::Function: return "function";
    case SymbolKind::Variable: return "variable";
    case SymbolKind::Unknown: return "unknown";
  }
  return "coordinate";
}

}  // namespace hamel
