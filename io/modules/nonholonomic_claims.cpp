// io/modules/nonholonomic_claims.cpp — reading the claims of nonholonomic systems: each kind reads its
// keys into a NonholonomicClaim (derivation/claims/nonholonomic.hpp), refusing, at the key, names and
// indices the system file does not have.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "core/error.hpp"
#include "geometry/lifts.hpp"
#include "io/modules/nonholonomic.hpp"
#include "io/point.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

// One claim being read: the claims file, the system as read, the claim's body and the reader.
struct ClaimEnv {
  const Document& doc;
  const NonholonomicFile& in;
  const YAML::Node& b;
  const ExpressionReader& dual;  ///< on D*, with the variables and the claims file's symbols and definitions

  ex read(const char* key) const {
    if (!b[key]) doc.fail(b, std::string("expected '") + key + "', got none");
    return doc.expression(b[key], dual, std::string("'") + key + "'");
  }
  ex parse(const std::string& s, const YAML::Node& at) const { return dual.parse(s, doc.pos(at)); }
  [[noreturn]] void needs(const std::string& what) const { doc.fail(b, what); }
};

// Claims may use the variables anywhere, and the unknowns of a gauge-momentum search (g, k, …) as
// functions of the shape variable.
ExpressionReader claim_reader(const NonholonomicFile& in, const ClaimsContext& ctx) {
  ExpressionReader r = in.with_variables;
  const Chart D = distribution_chart(in.Q, in.rank());  // the quasi-velocities v = G^-1 (π − A), as the system names them
  for (std::size_t a = in.Q.dim(); a < D.dim(); ++a)
    if (!r.declared(D.coordinate_name(a))) r.declare(D.coordinate_name(a), D[a]);  // reserved: no file name takes them
  if (in.search)
    for (const auto& f : in.search->unknowns) r.declare_function(f);
  apply_context(ctx, r);
  return r;
}

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> parts;
  std::string cur;
  for (char c : s + ",") {
    if (c != ',' && c != ' ') {
      cur += c;
    } else if (!cur.empty()) {
      parts.push_back(cur);
      cur.clear();
    }
  }
  return parts;
}

std::vector<std::size_t> parse_indices(const ClaimEnv& e, const char* key, std::size_t count, std::size_t bound) {
  const std::string what = std::string("'") + key + "'";
  if (!e.b[key]) e.doc.fail(e.b, std::string("expected '") + key + "', got none");
  const YAML::Node& n = e.b[key];
  std::vector<std::string> parts;
  if (n.IsSequence()) {
    for (const auto& x : n) parts.push_back(e.doc.scalar(x, what));
  } else {
    parts = split_list(e.doc.scalar(n, what));
  }
  if (parts.size() != count) e.doc.fail(n, what + ": expected " + std::to_string(count) + " indices, got " + std::to_string(parts.size()));
  std::vector<std::size_t> out;
  for (const auto& s : parts) {
    bool ok = !s.empty() && s.size() < 6;
    for (char c : s) ok = ok && std::isdigit(static_cast<unsigned char>(c));
    const std::size_t v = ok ? std::stoul(s) : 0;
    if (v < 1 || v > bound) e.doc.fail(n, what + ": expected indices between 1 and " + std::to_string(bound) + ", got '" + s + "'");
    out.push_back(v - 1);
  }
  return out;
}

// `of`: which bracket; whether the system has the gauged one is known once it is derived.
// `reduced`: the reduced bracket of the variables on the reduced space (characteristic claims only).
void read_of(const ClaimEnv& e, NonholonomicClaim& c, bool reduced = false) {
  if (!e.b["of"]) return;
  c.of = e.doc.scalar(e.b["of"], "'of'");
  c.at.set("of", e.doc.mark(e.b["of"]));
  if (reduced && c.of == "reduced") {
    if (!e.in.variable_chart) e.doc.fail(e.b["of"], "'of: reduced' needs 'variables' in the system file; expected them, got none");
    return;
  }
  if (c.of != "nonholonomic" && c.of != "gauged")
    e.doc.fail(e.b["of"], "'of': expected 'nonholonomic' or 'gauged'" + std::string(reduced ? " or 'reduced'" : "") + ", got '" + c.of + "'");
}

// The offsets where the parts of `text` between commas outside brackets start (atan2(y, x) is one part).
std::vector<std::size_t> part_starts(const std::string& text) {
  std::vector<std::size_t> starts{0};
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(' || text[i] == '[') ++depth;
    if ((text[i] == ')' || text[i] == ']') && depth > 0) --depth;
    if (text[i] == ',' && depth == 0) starts.push_back(i + 1);
  }
  return starts;
}

std::string count_word(std::size_t n) {
  static const char* const words[] = {"none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
  return n < 10 ? words[n] : std::to_string(n);
}

// "f,g" → the two functions on D*, each parsed at its own column of the file.
void read_pair(const ClaimEnv& e, const std::string& example, NonholonomicClaim& c) {
  if (!e.b["pair"]) e.doc.fail(e.b, "expected 'pair' (e.g. \"" + example + "\"), got none");
  const std::string pair = e.doc.scalar(e.b["pair"], "'pair'");
  const std::vector<std::size_t> starts = part_starts(pair);
  if (starts.size() == 1) e.doc.fail(e.b["pair"], "'pair': expected two names separated by a comma, got '" + pair + "'");
  if (starts.size() != 2)
    e.doc.fail(e.b["pair"], "'pair': expected two names separated by a comma, got " + count_word(starts.size()) + " in '" + pair + "'");
  const SourcePos at = e.doc.pos(e.b["pair"]);
  for (std::size_t k = 0; k < 2; ++k) {
    const std::size_t end = k == 0 ? starts[1] - 1 : pair.size();
    c.functions.push_back(e.dual.parse(pair.substr(starts[k], end - starts[k]), {at.file, at.line, at.column + static_cast<int>(starts[k])}));
  }
}

using Read = std::function<void(const ClaimEnv&, NonholonomicClaim&)>;

void structure(const ClaimEnv& e, NonholonomicClaim& c) {
  c.indices = parse_indices(e, "indices", 3, e.in.rank());
  c.value = e.read("value");
}

void metric(const ClaimEnv& e, NonholonomicClaim& c) {
  c.indices = parse_indices(e, "indices", 2, e.in.rank());
  c.value = e.read("value");
}

void bracket(const ClaimEnv& e, NonholonomicClaim& c) {
  read_pair(e, "pi2,pi3", c);
  read_of(e, c);
  c.value = e.read("value");
}

void reduced_bracket(const ClaimEnv& e, NonholonomicClaim& c) {
  if (!e.in.variable_chart) e.needs("a reduced bracket needs 'variables' in the system file; expected them, got none");
  bracket(e, c);
}

void three_form(const ClaimEnv& e, NonholonomicClaim& c) {
  c.indices = {0, 1, 2};
  if (e.b["components"]) {
    c.indices.clear();
    for (const auto& name : split_list(e.doc.scalar(e.b["components"], "'components'"))) {
      const auto i = e.in.Q.index_of(name);
      if (!i) e.doc.fail(e.b["components"], "'components': unknown coordinate '" + name + "'; expected three coordinates");
      c.indices.push_back(*i);
    }
    if (c.indices.size() != 3)
      e.doc.fail(e.b["components"], "'components': expected three coordinates, got " + std::to_string(c.indices.size()));
  }
  c.value = e.read("value");
}

void casimir(const ClaimEnv& e, NonholonomicClaim& c) {
  if (e.in.generator_names().empty())
    e.needs("a Casimir claim needs 'symmetry' generators or an 'action' in the system file; expected them, got none");
  read_of(e, c);
  c.functions = {e.read("function")};
  c.holds = e.doc.boolean(e.b, "holds", true);
}

void conserved(const ClaimEnv& e, NonholonomicClaim& c) {
  c.functions = {e.read("function")};
  c.holds = e.doc.boolean(e.b, "holds", true);
}

void equation_of_motion(const ClaimEnv& e, NonholonomicClaim& c) {
  if (!e.b["coordinate"]) e.needs("expected 'coordinate' (a coordinate or momentum name), got none");
  const std::string q = e.doc.scalar(e.b["coordinate"], "'coordinate'");
  const auto i = e.in.dual_chart().index_of(q);
  if (!i)
    e.doc.fail(e.b["coordinate"], "'coordinate': unknown name '" + q + "'; expected a coordinate or a momentum pi1..pi" +
                                      std::to_string(e.in.rank()));
  c.index = *i;
  c.value = e.read("value");
}

void hamiltonian(const ClaimEnv& e, NonholonomicClaim& c) { c.value = e.read("value"); }

void jacobi(const ClaimEnv& e, NonholonomicClaim& c) {
  read_of(e, c);
  c.holds = e.doc.boolean(e.b, "holds", true);
}

void identity(const ClaimEnv& e, NonholonomicClaim& c) { c.functions = {e.read("lhs"), e.read("rhs")}; }

std::size_t search_unknowns(const ClaimEnv& e, const std::string& kind) {
  if (!e.in.search) e.needs("a '" + kind + "' claim needs 'gauge_momenta: {ansatz, shape}' in the system file");
  return e.in.search->unknowns.size();
}

void gauge_ode(const ClaimEnv& e, NonholonomicClaim& c) {
  c.indices = parse_indices(e, "entry", 2, search_unknowns(e, c.kind));
  c.value = e.read("value");
}

void gauge_solution(const ClaimEnv& e, NonholonomicClaim& c) {
  const std::size_t nf = search_unknowns(e, c.kind);
  if (!e.b["coefficients"]) e.needs("expected 'coefficients' (one expression per unknown), got none");
  const auto cs = e.doc.sequence(e.b["coefficients"], "'coefficients'");
  if (cs.size() != nf) e.doc.fail(e.b["coefficients"], "'coefficients': expected " + std::to_string(nf) + ", got " + std::to_string(cs.size()));
  for (const auto& x : cs) c.functions.push_back(e.doc.expression(x, e.dual, "a coefficient"));
}

// three functions, comma-separated (each parsed where the list starts)
void jacobiator(const ClaimEnv& e, NonholonomicClaim& c) {
  if (!e.b["functions"]) e.needs("expected 'functions' (three, comma-separated), got none");
  const std::string list = e.doc.scalar(e.b["functions"], "'functions'");
  for (std::size_t start = 0;;) {
    const auto comma = list.find(',', start);
    c.functions.push_back(e.parse(list.substr(start, comma == std::string::npos ? std::string::npos : comma - start), e.b["functions"]));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (c.functions.size() != 3)
    e.doc.fail(e.b["functions"], "'functions': expected three functions, got " + std::to_string(c.functions.size()));
  read_of(e, c);
  if (e.b["value"]) c.value = e.read("value");
}

void gauge_momentum(const ClaimEnv& e, NonholonomicClaim& c) {
  if (!e.b["field"]) e.needs("expected 'field' (a frame field name), got none");
  const std::string name = e.doc.scalar(e.b["field"], "'field'");
  const auto names = e.in.field_names();
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) e.doc.fail(e.b["field"], "'field': unknown frame field '" + name + "'");
  c.index = static_cast<std::size_t>(it - names.begin());
  c.holds = e.doc.boolean(e.b, "holds", true);
}

// 'fields: [X_nh, X_pi1]': X_nh, a symmetry generator (lifted to D*), X_f for a function f on D*, or
// X_C for the gauge momentum of a search.
NonholonomicClaim::Field read_commutator_field(const ClaimEnv& e, const YAML::Node& n, NonholonomicClaim& c) {
  using Field = NonholonomicClaim::Field;
  const std::string text = e.doc.scalar(n, "a field");
  if (text == "X_nh") return Field{Field::Kind::Nonholonomic, 0};
  if (text == "X_C" && e.in.search) return Field{Field::Kind::SearchMomentum, 0};
  const std::vector<std::string> generators = e.in.generator_names();
  for (std::size_t k = 0; k < generators.size(); ++k)
    if (generators[k] == text) return Field{Field::Kind::Generator, k};
  if (text.rfind("X_", 0) != 0 || text.size() == 2)
    e.doc.fail(n, "'fields': expected X_nh, a symmetry generator's name or X_f for a function f on D∗, got '" + text + "'");
  c.functions.push_back(e.parse(text.substr(2), n));
  return Field{Field::Kind::Hamiltonian, c.functions.size() - 1};
}

// [A, B] = 0, or [A, B] tangent to the group orbits (004 Corollary 5.8(ii), on D* and reduced), or
// [X_f, X_g] = X_{g,f}, which every Poisson bracket satisfies (with X_f(h) = {h, f}).
void commutator(const ClaimEnv& e, NonholonomicClaim& c) {
  if (!e.b["fields"]) e.needs("expected 'fields' (two vector fields, e.g. [X_nh, X_pi1]), got none");
  const auto items = e.doc.sequence(e.b["fields"], "'fields'");
  if (items.size() != 2) e.doc.fail(e.b["fields"], "'fields': expected two vector fields, got " + std::to_string(items.size()));
  for (const auto& n : items) c.fields.push_back(read_commutator_field(e, n, c));
  read_of(e, c);
  const int given = (e.b["zero"] ? 1 : 0) + (e.b["tangent"] ? 1 : 0) + (e.b["hamiltonian"] ? 1 : 0);
  if (given != 1)
    e.needs("expected one of 'zero', 'tangent' or 'hamiltonian' (true or false), got " + std::string(given ? "more" : "none"));
  c.property = e.b["zero"] ? "zero" : e.b["tangent"] ? "tangent" : "hamiltonian";
  using Kind = NonholonomicClaim::Field::Kind;
  if (c.property == "hamiltonian" && (c.fields[0].kind != Kind::Hamiltonian || c.fields[1].kind != Kind::Hamiltonian))
    e.doc.fail(e.b["fields"], "'hamiltonian': expected two Hamiltonian fields [X_f, X_g], got another field");
  if (c.property == "tangent" && e.in.generator_names().empty())
    e.needs("'tangent' needs 'symmetry' generators or an 'action' in the system file; expected them, got none");
  c.holds = e.doc.boolean(e.b, c.property.c_str(), true);
}

// The rank of the characteristic distribution Π♯(T*D*), or whether it is integrable.
void characteristic(const ClaimEnv& e, NonholonomicClaim& c) {
  read_of(e, c, true);
  if (c.kind == "integrable") {
    c.holds = e.doc.boolean(e.b, "holds", true);
    return;
  }
  if (e.b["at"]) {  // the rank at a point: every coordinate, momentum and parameter it needs, by name
    // read_point places its errors in its own text (line 1): moved to the claim's line and column
    const SourcePos where = e.doc.pos(e.b["at"]);
    try {
      c.point = read_point(e.doc.scalar(e.b["at"], "'at'"), "'at'");
    } catch (const ParseError& x) {
      throw ParseError(where.file, where.line, where.column + x.column() - 1, "'at': " + x.message());
    }
    c.at.set("at", e.doc.mark(e.b["at"]));
    const Chart M = e.in.dual_chart();
    for (const PointValue& named : c.point.values) {
      const std::string& name = named.name;
      if (!M.index_of(name) && !std::any_of(M.parameter_specs().begin(), M.parameter_specs().end(),
                                            [&](const auto& p) { return p.name == name; }))
        throw ParseError(where.file, where.line, where.column + named.name_column - 1,
                         "'at': expected coordinates, momenta and parameters of the system, got '" + name + "'");
    }
  }
  if (!e.b["rank"]) e.needs("expected 'rank' (a whole number), got none");
  const double r = e.doc.number(e.b["rank"], "'rank'");
  if (!(r >= 0) || r != std::floor(r) || r > 1e6) e.doc.fail(e.b["rank"], "'rank': expected a whole number, got " + e.doc.scalar(e.b["rank"], ""));
  c.index = static_cast<std::size_t>(r);
}

const std::map<std::string, Read>& readers() {
  static const std::map<std::string, Read> table = {
      {"structure_coefficient", structure}, {"structure_function", structure}, {"constrained_metric", metric},
      {"inverse_metric", metric}, {"bracket", bracket}, {"reduced_bracket", reduced_bracket},
      {"three_form", three_form}, {"casimir", casimir}, {"conserved", conserved},
      {"equation_of_motion", equation_of_motion}, {"hamiltonian", hamiltonian}, {"jacobi", jacobi},
      {"gauge_momentum", gauge_momentum}, {"identity", identity}, {"gauge_ode", gauge_ode},
      {"gauge_solution", gauge_solution}, {"jacobiator", jacobiator}, {"commutator", commutator},
      {"characteristic_rank", characteristic}, {"integrable", characteristic}};
  return table;
}

// The keys each kind's body may have: any other is a typo (`off:` for `of:` checked the gauged
// bracket and said TRUE), refused with a did-you-mean.
const std::map<std::string, std::vector<std::string>>& body_keys() {
  static const std::map<std::string, std::vector<std::string>> table = {
      {"structure_coefficient", {"indices", "value"}}, {"structure_function", {"indices", "value"}},
      {"constrained_metric", {"indices", "value"}}, {"inverse_metric", {"indices", "value"}},
      {"bracket", {"pair", "of", "value"}}, {"reduced_bracket", {"pair", "of", "value"}},
      {"three_form", {"components", "value"}}, {"casimir", {"function", "of", "holds"}},
      {"conserved", {"function", "holds"}}, {"equation_of_motion", {"coordinate", "value"}},
      {"hamiltonian", {"value"}}, {"jacobi", {"of", "holds"}}, {"gauge_momentum", {"field", "holds"}},
      {"identity", {"lhs", "rhs"}}, {"gauge_ode", {"entry", "value"}}, {"gauge_solution", {"coefficients"}},
      {"jacobiator", {"functions", "of", "value"}}, {"commutator", {"fields", "of", "zero", "tangent", "hamiltonian"}},
      {"characteristic_rank", {"of", "at", "rank"}}, {"integrable", {"of", "holds"}}};
  return table;
}

}  // namespace

std::vector<NonholonomicClaim> read_nonholonomic_claims(const NonholonomicFile& in, const std::vector<Claim>& claims,
                                                        const ClaimsContext& ctx) {
  const Document& doc = *ctx.doc;
  const ExpressionReader reader = claim_reader(in, ctx);
  std::vector<NonholonomicClaim> out;
  for (const auto& cl : claims) {
    NonholonomicClaim c;
    c.kind = cl.kind;
    c.at.set("", doc.mark(cl.body));
    doc.check_keys(cl.body, body_keys().at(cl.kind), "a '" + cl.kind + "' claim");
    readers().at(cl.kind)(ClaimEnv{doc, in, cl.body, reader}, c);
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace hamel
