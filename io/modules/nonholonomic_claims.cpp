// io/modules/nonholonomic_claims.cpp — the claim kinds of nonholonomic systems: each reads its
// claim's keys, finds the derived object and compares (io/system_file.hpp compare_claim).
#include <functional>
#include <map>

#include "brackets/casimir.hpp"
#include "brackets/jacobi.hpp"
#include "core/error.hpp"
#include "core/latex.hpp"
#include "io/modules/nonholonomic.hpp"
#include "mechanics/hamel_equations.hpp"
#include "reduction/gauge_momenta.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

// The state the claims need: the file as read and everything derived once.
struct Derived : NonholonomicBrackets {
  NonholonomicFile in;
};

Derived derive_state(const SystemFile& file) {
  SystemFile f = file;
  NonholonomicFile in = read_nonholonomic(f);
  Derivation scratch;
  NonholonomicBrackets b = derive_brackets(in, scratch, DeriveOptions{});
  return Derived{std::move(b), std::move(in)};
}

// One claim being checked: the claims file, the derived state, the claim's body and the readers.
struct ClaimEnv {
  const Document& doc;
  const Derived& d;
  const YAML::Node& b;
  ExpressionReader dual;  ///< on D*, with the variables and the claims file's symbols and definitions
  GiNaC::exmap to_dual;   ///< variables → their expressions in (q, π)

  const NonholonomicSystem& sys() const { return d.in.system; }
  ex read(const char* key) const {
    if (!b[key]) doc.fail(b, std::string("expected '") + key + "', got none");
    return doc.expression(b[key], dual, std::string("'") + key + "'");
  }
  ex value() const { return read("value").subs(to_dual); }
  ex parse(const std::string& s, const YAML::Node& at) const { return dual.parse(s, doc.pos(at)).subs(to_dual); }
};

// Claims may use the variables anywhere: a value is read with them and then rewritten in (q, π).
// The unknowns of a gauge-momentum search (g, k, …) are functions of the shape variable there.
ExpressionReader claim_reader(const Derived& d, const ClaimsContext& ctx) {
  ExpressionReader r = d.in.with_variables;
  if (d.search)
    for (const auto& f : d.search->ode.unknowns) r.declare_function(f);
  apply_context(ctx, r);
  return r;
}

GiNaC::exmap variables_to_dual(const Derived& d) {
  GiNaC::exmap sub;
  if (d.in.variable_chart)
    for (std::size_t a = 0; a < d.in.variables.size(); ++a) sub[(*d.in.variable_chart)[a]] = d.in.variables[a].expression;
  return sub;
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

const AlmostPoissonBracket& which_bracket(const ClaimEnv& e) {
  const auto& d = e.d;
  const std::string of = e.b["of"] ? e.doc.scalar(e.b["of"], "'of'") : (d.gauged ? "gauged" : "nonholonomic");
  if (of == "nonholonomic") return d.nh;
  if (of != "gauged") e.doc.fail(e.b["of"], "'of': expected 'nonholonomic' or 'gauged', got '" + of + "'");
  if (!d.gauged)
    e.doc.fail(e.b["of"] ? e.b["of"] : e.b,
               "'of': the gauged bracket needs 'gauge_momenta' that pass Theorem 5.3; expected 'nonholonomic', got 'gauged'");
  return *d.gauged;
}

// "f,g" → the two functions on D*.
std::pair<ex, ex> pair_of(const ClaimEnv& e, const std::string& example) {
  if (!e.b["pair"]) e.doc.fail(e.b, "expected 'pair' (e.g. \"" + example + "\"), got none");
  const std::string pair = e.doc.scalar(e.b["pair"], "'pair'");
  const auto comma = pair.find(',');
  if (comma == std::string::npos) e.doc.fail(e.b["pair"], "'pair': expected two names separated by a comma, got '" + pair + "'");
  return {e.parse(pair.substr(0, comma), e.b["pair"]), e.parse(pair.substr(comma + 1), e.b["pair"])};
}

using Check = std::function<void(const ClaimEnv&, const std::string& kind, ClaimResult&)>;

void structure(const ClaimEnv& e, const std::string& kind, ClaimResult& res) {
  const auto i = parse_indices(e, "indices", 3, e.sys().rank());
  const ex derived = kind == "structure_coefficient" ? e.sys().structure_lowered()(i[0], i[1], i[2]) : e.sys().structure()(i[0], i[1], i[2]);
  compare_claim(res, derived, e.value(), e.sys().chart());
}

void metric(const ClaimEnv& e, const std::string& kind, ClaimResult& res) {
  const auto i = parse_indices(e, "indices", 2, e.sys().rank());
  const auto& G = kind == "constrained_metric" ? e.sys().constrained_metric() : e.sys().constrained_inverse();
  compare_claim(res, G(static_cast<unsigned>(i[0]), static_cast<unsigned>(i[1])), e.value(), e.sys().chart());
}

void bracket(const ClaimEnv& e, const std::string&, ClaimResult& res) {
  const auto [f, g] = pair_of(e, "pi2,pi3");
  compare_claim(res, which_bracket(e)(f, g), e.value(), e.sys().dual_chart());
}

void reduced_bracket(const ClaimEnv& e, const std::string&, ClaimResult& res) {
  if (!e.d.in.variable_chart) e.doc.fail(e.b, "a reduced bracket needs 'variables' in the system file; expected them, got none");
  const auto [f, g] = pair_of(e, "M1,M2");
  const ex claimed = e.read("value");
  compare_claim(res, which_bracket(e)(f, g), claimed.subs(e.to_dual), e.sys().dual_chart());
  res.claimed = to_text(claimed);
}

void three_form(const ClaimEnv& e, const std::string&, ClaimResult& res) {
  if (!e.d.Lambda) e.doc.fail(e.b, "the 3-form needs 'gauge_momenta' that pass Theorem 5.3; expected them, got none");
  Indices ind{0, 1, 2};
  if (e.b["components"]) {
    ind.clear();
    for (const auto& c : split_list(e.doc.scalar(e.b["components"], "'components'"))) {
      const auto i = e.sys().chart().index_of(c);
      if (!i) e.doc.fail(e.b["components"], "'components': unknown coordinate '" + c + "'; expected three coordinates");
      ind.push_back(static_cast<unsigned>(*i));
    }
    if (ind.size() != 3) e.doc.fail(e.b["components"], "'components': expected three coordinates, got " + std::to_string(ind.size()));
  }
  compare_claim(res, e.d.Lambda->component(ind), e.value(), e.sys().chart());
}

void casimir(const ClaimEnv& e, const std::string&, ClaimResult& res) {
  if (e.d.orbits.empty()) e.doc.fail(e.b, "a Casimir claim needs 'symmetry' generators in the system file; expected them, got none");
  const auto v = casimir_check(which_bracket(e), e.read("function").subs(e.to_dual), e.d.orbits);
  compare_claim(res, v.casimir, e.doc.boolean(e.b, "holds", true), v.detail);
}

void conserved(const ClaimEnv& e, const std::string&, ClaimResult& res) {
  const ZeroVerdict v = zero_test(nonholonomic_vector_field(e.sys())(e.read("function").subs(e.to_dual)), e.sys().dual_chart());
  compare_claim(res, v.zero, e.doc.boolean(e.b, "holds", true), v.how());
  if (!v.zero && !v.point.empty()) res.counterexample = describe_point(v.point);
}

void equation_of_motion(const ClaimEnv& e, const std::string&, ClaimResult& res) {
  if (!e.b["coordinate"]) e.doc.fail(e.b, "expected 'coordinate' (a coordinate or momentum name), got none");
  const std::string q = e.doc.scalar(e.b["coordinate"], "'coordinate'");
  const auto i = e.sys().dual_chart().index_of(q);
  if (!i)
    e.doc.fail(e.b["coordinate"], "'coordinate': unknown name '" + q + "'; expected a coordinate or a momentum pi1..pi" +
                                      std::to_string(e.sys().rank()));
  compare_claim(res, nonholonomic_vector_field(e.sys())[*i], e.value(), e.sys().dual_chart());
}

void hamiltonian(const ClaimEnv& e, const std::string&, ClaimResult& res) {
  compare_claim(res, constrained_hamiltonian(e.sys()), e.value(), e.sys().dual_chart());
}

void jacobi(const ClaimEnv& e, const std::string&, ClaimResult& res) {
  const auto v = is_poisson(which_bracket(e));
  compare_claim(res, v.poisson, e.doc.boolean(e.b, "holds", true), v.detail);
}

// lhs = rhs as functions on D* (variables allowed): e.g. the K(θ) printed after (6.10)
void identity(const ClaimEnv& e, const std::string&, ClaimResult& res) {
  const ex lhs = e.read("lhs"), rhs = e.read("rhs");
  compare_claim(res, lhs.subs(e.to_dual), rhs.subs(e.to_dual), e.sys().dual_chart());
  res.derived = to_text(lhs);
  res.claimed = to_text(rhs);
}

const GaugeOde& gauge_ode_of(const ClaimEnv& e, const std::string& kind) {
  if (!e.d.search) e.doc.fail(e.b, "a '" + kind + "' claim needs 'gauge_momenta: {ansatz, shape}' in the system file");
  return e.d.search->ode;
}

void gauge_ode(const ClaimEnv& e, const std::string& kind, ClaimResult& res) {
  const GaugeOde& ode = gauge_ode_of(e, kind);
  const auto i = parse_indices(e, "entry", 2, ode.unknowns.size());
  compare_claim(res, ode.L(static_cast<unsigned>(i[0]), static_cast<unsigned>(i[1])), e.value(), e.sys().chart());
}

// a closed-form solution f(s) of f' = L(s) f
void gauge_solution(const ClaimEnv& e, const std::string& kind, ClaimResult& res) {
  const GaugeOde& ode = gauge_ode_of(e, kind);
  const std::size_t nf = ode.unknowns.size();
  if (!e.b["coefficients"]) e.doc.fail(e.b, "expected 'coefficients' (one expression per unknown), got none");
  const auto cs = e.doc.sequence(e.b["coefficients"], "'coefficients'");
  if (cs.size() != nf) e.doc.fail(e.b["coefficients"], "'coefficients': expected " + std::to_string(nf) + ", got " + std::to_string(cs.size()));
  std::vector<ex> f;
  for (const auto& c : cs) f.push_back(e.doc.expression(c, e.dual, "a coefficient").subs(e.to_dual));
  const auto& s = GiNaC::ex_to<GiNaC::symbol>(e.d.in.search->ansatz.shape);
  ZeroVerdict worst;
  worst.zero = true;
  worst.method = Decision::Canonical;
  for (std::size_t i = 0; i < nf && worst.zero; ++i) {
    ex r = f[i].diff(s);
    for (std::size_t j = 0; j < nf; ++j) r -= ode.L(static_cast<unsigned>(i), static_cast<unsigned>(j)) * f[j];
    worst = zero_test(r, e.sys().chart());
  }
  compare_claim(res, worst.zero, true, worst.how());
  res.derived = "f' - L f";
  res.claimed = "0";
  if (!worst.zero && !worst.point.empty()) res.counterexample = describe_point(worst.point);
}

// {f,{g,h}} + cyclic for three functions (on the reduced space when they are invariants)
void jacobiator_claim(const ClaimEnv& e, const std::string&, ClaimResult& res) {
  if (!e.b["functions"]) e.doc.fail(e.b, "expected 'functions' (three, comma-separated), got none");
  const std::string list = e.doc.scalar(e.b["functions"], "'functions'");
  std::vector<ex> fs;
  for (std::size_t start = 0;;) {
    const auto comma = list.find(',', start);
    fs.push_back(e.parse(list.substr(start, comma == std::string::npos ? std::string::npos : comma - start), e.b["functions"]));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (fs.size() != 3) e.doc.fail(e.b["functions"], "'functions': expected three functions, got " + std::to_string(fs.size()));
  const ex claimed = e.b["value"] ? e.value() : ex(0);
  compare_claim(res, jacobiator(which_bracket(e), fs[0], fs[1], fs[2]), claimed, e.sys().dual_chart());
}

void gauge_momentum(const ClaimEnv& e, const std::string&, ClaimResult& res) {
  if (!e.b["field"]) e.doc.fail(e.b, "expected 'field' (a frame field name), got none");
  const std::string name = e.doc.scalar(e.b["field"], "'field'");
  const auto& names = e.sys().frame_names();
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) e.doc.fail(e.b["field"], "'field': unknown frame field '" + name + "'");
  const auto t = theorem_5_3_test(e.sys(), static_cast<std::size_t>(it - names.begin()));
  compare_claim(res, t.passed, e.doc.boolean(e.b, "holds", true), t.detail);
}

const std::map<std::string, Check>& checks() {
  static const std::map<std::string, Check> table = {
      {"structure_coefficient", structure}, {"structure_function", structure}, {"constrained_metric", metric},
      {"inverse_metric", metric}, {"bracket", bracket}, {"reduced_bracket", reduced_bracket},
      {"three_form", three_form}, {"casimir", casimir}, {"conserved", conserved},
      {"equation_of_motion", equation_of_motion}, {"hamiltonian", hamiltonian}, {"jacobi", jacobi},
      {"gauge_momentum", gauge_momentum}, {"identity", identity}, {"gauge_ode", gauge_ode},
      {"gauge_solution", gauge_solution}, {"jacobiator", jacobiator_claim}};
  return table;
}

}  // namespace

std::vector<std::string> nonholonomic_claim_kinds() {
  std::vector<std::string> kinds;
  for (const auto& [k, f] : checks()) kinds.push_back(k);
  return kinds;
}

std::vector<ClaimResult> check_nonholonomic_claims(const SystemFile& file, const std::vector<Claim>& claims,
                                                   const ClaimsContext& ctx) {
  const Derived d = derive_state(file);
  const Document& doc = ctx.doc ? *ctx.doc : file.doc;
  const ExpressionReader reader = claim_reader(d, ctx);
  const GiNaC::exmap to_dual = variables_to_dual(d);
  std::vector<ClaimResult> out;
  for (const auto& c : claims) {
    ClaimResult res;
    res.name = c.name;
    res.kind = c.kind;
    res.line = c.node.Mark().line + 1;
    checks().at(c.kind)(ClaimEnv{doc, d, c.body, reader, to_dual}, c.kind, res);
    out.push_back(res);
  }
  return out;
}

}  // namespace hamel
