// io/system_file.cpp
#include "io/system_file.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "core/abstract_function.hpp"
#include "core/did_you_mean.hpp"
#include "core/latex.hpp"
#include "core/number_text.hpp"
#include "core/symbolic.hpp"
#include "core/term_order.hpp"
#include "geometry/lifts.hpp"
#include "geometry/linear_algebra.hpp"
#include "io/render/latex_commands.hpp"

namespace hamel {

namespace {

std::string line_column(const SourcePos& at) { return std::to_string(at.line) + ":" + std::to_string(at.column); }

bool before(const SourcePos& a, const SourcePos& b) { return a.line < b.line || (a.line == b.line && a.column < b.column); }

// The error at `at` about `name` declared there as `what`, taken already by `earlier`.
[[noreturn]] void fail_duplicate(const SourcePos& at, const std::string& name, const std::string& what, const std::string& earlier) {
  throw ParseError(at.file, at.line, at.column,
                   "duplicate name '" + name + "' for " + what + "; expected a name not used elsewhere in the file, got '" + name +
                       "', already " + earlier);
}

}  // namespace

// A function sin(x) read as the sine in every output (V = k*sin(x)) and failed only in simulate; a
// coordinate pi took π from the file's expressions and printed as π (\pi beside the momenta \pi_{1}).
void refuse_builtin_name(const Document& doc, const YAML::Node& at, const std::string& name, const std::string& what,
                         bool function) {
  if (ExpressionReader::builtin_constant(name))
    doc.fail(at, "the name '" + name + "' is reserved for the constant " + name + " (3.14159...) of the expressions; expected another name for " +
                     what + ", got '" + name + "'");
  if (function && ExpressionReader::builtin(name))
    doc.fail(at, "the name '" + name + "' is reserved for the built-in function " + name +
                     " of the expressions; expected another name for " + what + ", got '" + name + "'");
}

void DeclaredNames::claim(const Document& doc, const YAML::Node& at, const std::string& name, const std::string& what) {
  refuse_builtin_name(doc, at, name, what, false);
  const SourcePos here = doc.mark(at);
  if (const Entry* e = find(name)) {
    if (!e->at) fail_duplicate(here, name, what, "reserved for " + e->what);
    if (before(here, *e->at)) fail_duplicate(*e->at, name, e->what, "declared as " + what + " at " + line_column(here));
    fail_duplicate(here, name, what, "declared as " + e->what + " at " + line_column(*e->at));
  }
  entries_.push_back(Entry{name, what, here});
}

void DeclaredNames::reserve(const Document& doc, const std::string& name, const std::string& what) {
  if (const Entry* e = find(name)) {
    const SourcePos at = e->at ? *e->at : doc.mark(doc.root());
    throw ParseError(at.file, at.line, at.column,
                     "the name '" + name + "' is reserved for " + what + "; expected another name for " + e->what + ", got '" + name + "'");
  }
  entries_.push_back(Entry{name, what, std::nullopt});
}

const DeclaredNames::Entry* DeclaredNames::find(const std::string& name) const {
  for (const Entry& e : entries_)
    if (e.name == name) return &e;
  return nullptr;
}

void SystemFile::claim_name(const YAML::Node& at, const std::string& n, const std::string& what) { names.claim(doc, at, n, what); }

namespace {

const std::vector<std::string>& common_keys() {
  static const std::vector<std::string> k = {"name",   "description", "parameters", "coordinates",
                                             "domain", "functions",   "relations",  "definitions", "latex",
                                             "units"};
  return k;
}

// Every top-level key must be known: a common one or one of some module.
void check_top_keys(const Document& doc) {
  std::vector<std::string> known = common_keys();
  for (const auto& m : modules())
    for (const auto& k : m->keys())
      if (std::find(known.begin(), known.end(), k) == known.end()) known.push_back(k);
  doc.check_keys(doc.root(), known, "the system file");
}

// A parameter is a name, or {name, positive}.
ParameterSpec read_parameter(const Document& doc, const YAML::Node& p, DeclaredNames& names) {
  ParameterSpec ps;
  if (!p.IsMap()) {
    ps.name = doc.name(p, "a parameter");
    names.claim(doc, p, ps.name, "a parameter");
    return ps;
  }
  doc.check_keys(p, {"name", "positive"}, "a parameter");
  if (!p["name"]) doc.fail(p, "a parameter: expected 'name', got none");
  ps.name = doc.name(p["name"], "a parameter name");
  if (p["positive"]) {
    const std::string v = doc.scalar(p["positive"], "'positive'");
    if (v != "true" && v != "false") doc.fail(p["positive"], "'positive': expected true or false, got '" + v + "'");
    ps.positive = v == "true";
  }
  names.claim(doc, p["name"], ps.name, "a parameter");
  return ps;
}

std::vector<std::string> read_coordinates(const Document& doc, DeclaredNames& names) {
  const YAML::Node& root = doc.root();
  if (!root["coordinates"])
    throw ParseError(doc.file(), 1, 1, "missing key 'coordinates'; expected a list of coordinate names, got none");
  const auto coords = doc.sequence(root["coordinates"], "'coordinates'");
  if (coords.empty()) doc.fail(root["coordinates"], "'coordinates': expected at least one coordinate, got an empty list");
  std::vector<std::string> out;
  for (const auto& c : coords) {
    const std::string n = doc.name(c, "a coordinate");
    names.claim(doc, c, n, "a coordinate");
    out.push_back(n);
  }
  for (const auto& c : coords) names.claim(doc, c, doc.scalar(c, "") + "_dot", "the velocity of '" + doc.scalar(c, "") + "'");  // reserved
  return out;
}

// "f1(theta)" or "V(theta, psi)": a function of some of the coordinates.
FunctionSpec read_function(const Document& doc, const YAML::Node& f, const std::vector<std::string>& coordinates) {
  const std::string s = doc.scalar(f, "a function");
  const auto open = s.find('('), close = s.rfind(')');
  if (open != std::string::npos && close == std::string::npos && f.Tag() == "?")  // a plain scalar cut at a comma
    doc.fail(f, "a function: expected name(coordinate, ...), got '" + s + "' without its ')': in [ ] YAML splits at each "
                "comma, so quote a function of several coordinates, \"" + s + ", …)\"");
  if (open == std::string::npos || close == std::string::npos || close < open || close + 1 != s.size())
    doc.fail(f, "a function: expected name(coordinate, ...), e.g. f1(theta), got '" + s + "'");
  FunctionSpec fs;
  fs.name = s.substr(0, open);
  std::string args = s.substr(open + 1, close - open - 1);
  std::stringstream ss(args);
  std::string a;
  while (std::getline(ss, a, ',')) {
    a.erase(0, a.find_first_not_of(" \t"));
    a.erase(a.find_last_not_of(" \t") + 1);
    if (std::find(coordinates.begin(), coordinates.end(), a) == coordinates.end())
      doc.fail(f, "a function: '" + fs.name + "' depends on '" + a + "', which is not a coordinate; expected one of the coordinates");
    fs.arguments.push_back(a);
  }
  bool ok = !fs.name.empty() && (std::isalpha(static_cast<unsigned char>(fs.name[0])) || fs.name[0] == '_');
  for (char c : fs.name) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (!ok || fs.arguments.empty()) doc.fail(f, "a function: expected name(coordinate, ...), got '" + s + "'");
  return fs;
}

}  // namespace

// Domain endpoints are numbers or expressions in π and the parameters' values are unknown, so
// only constants are accepted.
std::map<std::string, Interval> read_domain(const Document& doc, const YAML::Node& node, const std::vector<std::string>& coordinates,
                                            const std::string& what) {
  ExpressionReader constants;
  std::map<std::string, Interval> domain;
  for (const auto& [k, v] : doc.mapping(node, what)) {
    const std::string c = doc.scalar(k, "a domain key");
    if (std::find(coordinates.begin(), coordinates.end(), c) == coordinates.end()) {
      std::string msg = what + ": unknown coordinate '" + c + "'; expected one of the coordinates, got '" + c + "'";
      if (auto d = did_you_mean(c, coordinates)) msg += " (did you mean '" + *d + "'?)";
      doc.fail(k, msg);
    }
    const auto ends = doc.sequence(v, "'domain' of " + c);
    if (ends.size() != 2) doc.fail(v, "'domain' of " + c + ": expected [lower, upper], got " + std::to_string(ends.size()) + " values");
    const GiNaC::ex lo = doc.expression(ends[0], constants, "lower end of " + c);
    const GiNaC::ex hi = doc.expression(ends[1], constants, "upper end of " + c);
    const GiNaC::ex lv = lo.evalf(), hv = hi.evalf();
    // real numbers only: numeric's < throws std::invalid_argument on complex ones (sqrt(-1))
    if (!GiNaC::is_a<GiNaC::numeric>(lv) || !GiNaC::is_a<GiNaC::numeric>(hv) ||
        !GiNaC::ex_to<GiNaC::numeric>(lv).is_real() || !GiNaC::ex_to<GiNaC::numeric>(hv).is_real() ||
        !(GiNaC::ex_to<GiNaC::numeric>(lv) < GiNaC::ex_to<GiNaC::numeric>(hv)))
      doc.fail(v, "'domain' of " + c + ": expected an interval with lower < upper, got [" + detail::str(lo) + ", " +
                      detail::str(hi) + "]");
    domain[c] = {lo, hi};
  }
  return domain;
}

namespace {

// The chart Q of everything above the readers: parameters, coordinates, functions and domain.
ChartSpec read_chart_spec(const Document& doc, DeclaredNames& names) {
  ChartSpec spec;
  spec.name = "Q";
  for (const auto& p : doc.sequence(doc.root()["parameters"], "'parameters'"))
    spec.parameters.push_back(read_parameter(doc, p, names));
  spec.coordinates = read_coordinates(doc, names);
  for (const auto& f : doc.sequence(doc.root()["functions"], "'functions'")) {
    FunctionSpec fs = read_function(doc, f, spec.coordinates);
    refuse_builtin_name(doc, f, fs.name, "a function", true);
    names.claim(doc, f, fs.name, "a function");
    spec.functions.push_back(fs);
  }
  spec.domain = read_domain(doc, doc.root()["domain"], spec.coordinates, "'domain'");
  return spec;
}

// q reads expressions on Q (and hints at velocities); tq reads them on TQ.
void declare_names(SystemFile& f) {
  for (std::size_t i = 0; i < f.Q.dim(); ++i) {
    f.q.declare(f.Q.coordinate_name(i), f.Q[i]);
    f.tq.declare(f.Q.coordinate_name(i), f.Q[i]);
  }
  for (std::size_t i = 0; i < f.Q.parameters().size(); ++i) {
    f.q.declare(f.Q.parameter_specs()[i].name, f.Q.parameters()[i]);
    f.tq.declare(f.Q.parameter_specs()[i].name, f.Q.parameters()[i]);
  }
  for (const auto& fs : f.Q.function_specs()) {
    f.q.declare_function(f.Q.function(fs.name));
    f.tq.declare_function(f.Q.function(fs.name));
  }
  const Chart TQ = tangent_bundle(f.Q);
  for (std::size_t i = 0; i < f.Q.dim(); ++i) {
    f.tq.declare(TQ.coordinate_name(f.Q.dim() + i), TQ[f.Q.dim() + i]);
    f.q.hint(TQ.coordinate_name(f.Q.dim() + i), "velocities are allowed only in the Lagrangian and the constraints");
  }
}

// relations: rules for first derivatives of abstract functions, e.g. 004 (7.3)
void read_relations(const Document& doc, const ExpressionReader& q) {
  for (const auto& [k, v] : doc.mapping(doc.root()["relations"], "'relations'")) {
    const GiNaC::ex jet = doc.expression(k, q, "a relation's left-hand side");
    const GiNaC::ex rhs = doc.expression(v, q, "a relation's right-hand side");
    try {
      set_derivative_rule(jet, rhs);
    } catch (const InvalidArgument& e) {
      doc.fail(k, "'relations': " + without_function_name(e.what()));
    }
  }
}

bool has_velocity(const GiNaC::ex& e, const Chart& Q) {
  const Chart TQ = tangent_bundle(Q);
  for (std::size_t i = Q.dim(); i < TQ.dim(); ++i)
    if (e.has(TQ[i])) return true;
  return false;
}

// definitions: abbreviations, each may use the earlier ones. One with velocities (the body angular
// velocities Omega_i of a rigid body, written once for the Lagrangian and the constraints) is known
// there only: on Q or D* a velocity means nothing.
void read_definitions(const Document& doc, SystemFile& f) {
  for (const auto& [k, v] : doc.mapping(doc.root()["definitions"], "'definitions'")) {
    const std::string n = doc.name(k, "a definition name");
    f.claim_name(k, n, "a definition");
    const GiNaC::ex value = doc.expression(v, f.tq, "definition " + n);
    f.tq.declare(n, value);
    if (has_velocity(value, f.Q)) {
      f.q.hint(n, "'" + n + "' is defined with velocities: it is allowed only in the Lagrangian and the constraints");
      continue;
    }
    f.q.declare(n, value);
    f.definitions.emplace_back(n, value);
  }
}

// What TeX reads specially in `tex` outside a control sequence, or "": % ends the line (the rest of
// the report's align with it), # is a macro parameter, & an alignment tab, \\ a line break, ^^ a
// character code, and a ^ or _ needs its argument. Each made a report pdflatex refuses.
std::string tex_special(const std::string& tex) {
  for (std::size_t i = 0; i < tex.size(); ++i) {
    const char c = tex[i], next = i + 1 < tex.size() ? tex[i + 1] : '\0';
    if (c == '\\') {
      if (next == '\\') return "\\\\ would break the line";
      if (std::isalpha(static_cast<unsigned char>(next)))
        while (i + 1 < tex.size() && std::isalpha(static_cast<unsigned char>(tex[i + 1]))) ++i;
      else
        ++i;  // an escaped character: \%, \#, \&, \{
      continue;
    }
    if (c == '%' || c == '#' || c == '&') return std::string(1, c) + " is special to TeX (write \\" + std::string(1, c) + " for the character)";
    if ((c == '^' || c == '_') && (next == '\0' || next == '}' || next == '^' || next == '_'))
      return std::string(1, c) + " needs its argument";
  }
  return "";
}

// `latex: {th: "\\vartheta"}`: a LaTeX name for an identifier (a coordinate, parameter, function,
// momentum or variable; a velocity th_dot gets the dot over the coordinate's name).
std::vector<std::pair<std::string, std::string>> read_latex_names(const Document& doc) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [k, v] : doc.mapping(doc.root()["latex"], "'latex'")) {
    const std::string n = doc.name(k, "an identifier");
    const std::string tex = doc.scalar(v, "the LaTeX name of " + n);
    int depth = 0;  // of braces; \{ and \} are characters (\{x compiles, {\} does not)
    for (std::size_t i = 0; i < tex.size() && depth >= 0; ++i) {
      if (tex[i] == '\\') ++i;
      else depth += tex[i] == '{' ? 1 : tex[i] == '}' ? -1 : 0;
    }
    if (depth != 0 || tex.empty() || tex.find('$') != std::string::npos)
      doc.fail(v, "'latex': expected math-mode LaTeX with balanced braces and no $ for '" + n + "', got '" + tex + "'");
    // pdflatex refuses φ in math (a tester), and a name must not end or rewrite the document
    if (std::any_of(tex.begin(), tex.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
      doc.fail(v, "'latex': expected ASCII LaTeX for '" + n + "' (\\varphi for φ), got '" + tex + "'");
    if (const std::string why = tex_special(tex); !why.empty())
      doc.fail(v, "'latex': expected a math-mode name for '" + n + "', got '" + tex + "', whose " + why);
    for (const std::string command : {"\\begin", "\\end", "\\input", "\\include", "\\def", "\\newcommand",
                                      "\\renewcommand", "\\documentclass", "\\write", "\\catcode", "\\usepackage", "\\let",
                                      "\\edef", "\\gdef", "\\xdef", "\\csname", "\\expandafter", "\\immediate",
                                      "\\openout", "\\openin", "\\read", "\\special", "\\verb", "\\par", "\\[", "\\]",
                                      "\\(", "\\)"})
      for (auto at = tex.find(command); at != std::string::npos; at = tex.find(command, at + 1))
        if (at + command.size() == tex.size() || !std::isalpha(static_cast<unsigned char>(command.back())) ||
            !std::isalpha(static_cast<unsigned char>(tex[at + command.size()])))
          doc.fail(v, "'latex': expected a math-mode name for '" + n + "', got '" + tex + "', whose " + command +
                          " would change the document");
    // an undefined command (\undefinedmacro) made a report pdflatex refused
    if (const std::string c = unaccepted_latex_command(tex); !c.empty()) {
      std::string msg = "'latex': expected a math-mode name for '" + n + "' with the commands Hamel accepts (Greek letters "
                        "\\alpha ... \\Omega, accents \\dot \\hat \\bar \\tilde \\vec ..., fonts \\mathrm \\mathbf "
                        "\\boldsymbol \\mathcal ..., symbols \\partial \\ell \\hbar ...: docs/system-files.md lists them), got '" +
                        tex + "', whose " + c + " is not one of them";
      if (auto d = did_you_mean(c, latex_name_commands())) msg += " (did you mean '" + *d + "'?)";
      doc.fail(v, msg);
    }
    // each command accepted, but '\\left(' alone or '\\hat' without its argument still stopped pdflatex
    if (const std::string why = latex_name_structure_error(tex); !why.empty())
      doc.fail(v, "'latex': expected a math-mode name for '" + n + "', got '" + tex + "', whose " + why);
    out.emplace_back(n, tex);
  }
  return out;
}

// `units: {x: m, theta: rad, t: s, energy: J}`: units of the coordinates, the time and the energies,
// shown in the plots' labels (x [m], x_dot [m/s] when t has one too, H_c [J]). Units are text; Hamel
// does not check dimensions.
std::map<std::string, std::string> read_units(const Document& doc, const Chart& Q) {
  std::map<std::string, std::string> out;
  for (const auto& [k, v] : doc.mapping(doc.root()["units"], "'units'")) {
    const std::string n = doc.name(k, "a coordinate, t or energy");
    if (n != "t" && n != "energy" && !Q.index_of(n)) {
      std::vector<std::string> names{"t", "energy"};
      for (std::size_t i = 0; i < Q.dim(); ++i) names.push_back(Q.coordinate_name(i));
      std::string msg = "'units': expected a coordinate, t or energy, got '" + n + "'";
      if (auto d = did_you_mean(n, names)) msg += " (did you mean '" + *d + "'?)";
      doc.fail(k, msg);
    }
    const std::string unit = doc.scalar(v, "the unit of " + n);
    if (unit.empty() || unit.find_first_of("[]\n") != std::string::npos)
      doc.fail(v, "'units': expected a unit such as m, rad or kg m^2 for '" + n + "', got '" + unit + "'");
    out[n] = unit;
  }
  return out;
}

}  // namespace

SystemFile read_system_file(const Document& doc) {
  const YAML::Node& root = doc.root();
  check_top_keys(doc);
  std::string name = doc.file();
  if (root["name"]) name = doc.scalar(root["name"], "'name'");
  std::string description;
  if (root["description"]) description = doc.scalar(root["description"], "'description'");
  DeclaredNames names;
  const ChartSpec spec = read_chart_spec(doc, names);
  SystemFile f{doc, name, description, Chart(spec), {}, {}, {}, {}, {}, names};
  declare_names(f);
  read_relations(doc, f.q);
  read_definitions(doc, f);
  f.latex = read_latex_names(doc);
  f.units = read_units(doc, f.Q);
  return f;
}

std::vector<ClaimResult> Module::check(const SystemFile&, const std::vector<Claim>&, const ClaimsContext&) const {
  throw NotImplemented("Module::check: module '" + name() + "' checks no claims");
}

int Module::simulate(const SystemFile&, const SimulateOptions&, std::ostream&) const {
  throw NotImplemented("Module::simulate: module '" + name() + "' cannot simulate");
}

namespace {

// "x = 0.3, y = -1.2": a sample point by name, as the coordinates read.
std::string point_text(const GiNaC::exmap& point) {
  std::vector<std::pair<std::string, double>> items;
  for (const auto& [s, x] : point) items.emplace_back(detail::str(s), GiNaC::ex_to<GiNaC::numeric>(x).to_double());
  std::sort(items.begin(), items.end());
  std::string at;
  for (const auto& [name, x] : items) at += (at.empty() ? "" : ", ") + name + " = " + number_text(x, 4);
  return at;
}

}  // namespace

void refuse_reserved_names(const SystemFile& f, std::size_t r) {
  const Document& doc = f.doc;
  const auto numbered = [&](const std::string& n, const std::string& stem) {
    for (std::size_t a = 1; a <= r; ++a)
      if (n == stem + std::to_string(a)) return true;
    return false;
  };
  for (const char* key : {"coordinates", "parameters", "functions"})
    for (const auto& e : doc.sequence(doc.root()[key], "'" + std::string(key) + "'")) {
      const YAML::Node at = e.IsMap() ? e["name"] : e;
      const std::string n = at && at.IsScalar() ? at.Scalar().substr(0, at.Scalar().find('(')) : "";
      const auto refuse = [&](const std::string& what, const std::string& stem) {
        doc.fail(at, "'" + std::string(key) + "': the name '" + n + "' is reserved for " + what + " (" + stem + "1.." + stem +
                             std::to_string(r) + "); expected another name, got '" + n + "'");
      };
      if (numbered(n, "pi")) refuse("a momentum on D∗", "pi");
      if (numbered(n, "v")) refuse("a quasi-velocity on D", "v");
    }
}

void require_real_lagrangian(const SystemFile& f, const YAML::Node& n, const GiNaC::ex& L) {
  // the parameters' ranges widened where L is complex on the probing ranges (sqrt(a - 3), a > 3)
  const RealityVerdict r = real_on_widening_samples(L, f.Q.probe_space(), f.Q.parameters());
  if (r.real_somewhere) return;
  const std::string at = point_text(r.point);
  const GiNaC::numeric v = GiNaC::ex_to<GiNaC::numeric>(r.value);
  f.doc.fail(n, "'lagrangian': not real on the domain: " + r.how() + ", e.g. L = " + number_text(v.real().to_double(), 4) +
                    (v.imag() < 0 ? " - " : " + ") + number_text(std::abs(v.imag().to_double()), 4) + "*I at " + at +
                    "; expected a real L somewhere on the domain (check the signs under roots and logarithms, and 'domain')");
}

void warn_indefinite_kinetic_energy(const SystemFile& f, const YAML::Node& n, const GiNaC::ex& L) {
  const std::vector<GiNaC::ex> v = velocities(f.Q);
  GiNaC::lst vl;
  for (const auto& x : v) vl.append(x);
  if (v.empty() || !L.is_polynomial(vl)) return;
  const auto dim = static_cast<unsigned>(v.size());
  const GiNaC::matrix W = velocity_hessian(L, v);
  const DefinitenessVerdict d = definiteness_on_samples(W, f.Q.probe_space());
  if (d.positive_definite) return;
  // Positive for some parameter values and not others, with no coordinate in g: a condition on the
  // parameters (the snakeboard's J > J0) that a file cannot state; only g(q) that fails is said.
  GiNaC::exset used;
  for (unsigned i = 0; i < dim; ++i)
    for (unsigned j = 0; j < dim; ++j) collect_symbols(W(i, j), used);
  const auto& parameters = f.Q.parameters();
  const bool parameters_only = std::all_of(used.begin(), used.end(), [&](const GiNaC::ex& x) {
    return std::any_of(parameters.begin(), parameters.end(), [&](const GiNaC::ex& p) { return p.is_equal(x); });
  });
  if (parameters_only && d.failing < d.evaluated) return;
  std::string eigenvalues;
  for (const double x : d.eigenvalues) eigenvalues += (eigenvalues.empty() ? "" : ", ") + number_text(x, 4);
  // a metric of constants has no sample point to name: its eigenvalues are those everywhere
  const std::string where = d.point.empty() ? " everywhere (its entries are constants)" : " at " + point_text(d.point) + " (" + d.how() + ")";
  f.doc.warn(n, "'lagrangian': the kinetic energy is not positive definite: its metric ∂²L/∂q̇∂q̇ has the eigenvalue" +
                    std::string(d.eigenvalues.size() == 1 ? " " : "s ") + eigenvalues + where +
                    "; derived as written, but a kinetic energy needs a positive definite metric (check the signs of the velocity "
                    "terms, and 'domain')");
}

GiNaC::ex parameter_value(const Document& doc, const YAML::Node& v, const Chart& Q, const std::string& name,
                          const std::string& what) {
  const GiNaC::ex value = doc.constant(v, what);
  for (const auto& p : Q.parameter_specs())
    if (p.name == name && p.positive && !(GiNaC::ex_to<GiNaC::numeric>(value.evalf()).to_double() > 0))
      doc.fail(v, what + ": expected a positive value (the parameter " + name +
                      " is declared positive), got " + doc.scalar(v, what));
  return value;
}

namespace {

// A claims file may add names, never rebind the system's: `symbols: [x]` made "x is conserved" true.
void refuse_clash(const ClaimsContext& context, const ExpressionReader& reader, const YAML::Node& at,
                  const std::string& what, const std::string& kind, const std::string& name) {
  if (reader.declared(name))
    context.doc->fail(at, what + ": expected a name the system does not use, got '" + name +
                              "', already a name of the system (a coordinate, momentum, parameter, variable or definition)");
  // nor a name with a meaning of its own: `symbols: [pi]` made cos(pi) = -1 false (refused as a system
  // file refuses it; `sin` is a name there and here, sin(...) the function), `[pi3]` in a system with two
  // momenta made "pi3 is conserved" true of a constant
  refuse_builtin_name(*context.doc, at, name, kind, false);
  const bool momentum = name.size() > 2 && name.compare(0, 2, "pi") == 0 &&
                        std::all_of(name.begin() + 2, name.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
  const bool velocity = name.size() > 4 && name.compare(name.size() - 4, 4, "_dot") == 0;
  if (momentum || velocity)
    context.doc->fail(at, what + ": expected a name the system does not use, got '" + name + "', reserved for " +
                              (momentum ? "the momenta pi1, pi2, ... on D∗" : "velocities"));
}

}  // namespace

void apply_context(const ClaimsContext& context, ExpressionReader& reader) {
  for (const auto& s : context.symbols) {
    refuse_clash(context, reader, s.node, "'symbols'", "a symbol", s.name);
    reader.declare(s.name, s.value);
  }
  for (const auto& [k, v] : context.definitions) {
    const std::string n = context.doc->name(k, "a definition name");
    refuse_clash(context, reader, k, "'definitions'", "a definition", n);
    reader.declare(n, context.doc->expression(v, reader, "definition " + n));
  }
}

void name_results(std::vector<ClaimResult>& results, const std::vector<Claim>& claims) {
  for (std::size_t i = 0; i < results.size() && i < claims.size(); ++i) {
    results[i].name = claims[i].name;
    results[i].kind = claims[i].kind;
    results[i].line = claims[i].node.Mark().line + 1;
  }
}

}  // namespace hamel
