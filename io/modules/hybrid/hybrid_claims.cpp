// io/modules/hybrid/hybrid_claims.cpp — reading the claims of forced / hybrid systems (docs/hybrid.md,
// "Claims") into HybridClaims (derivation/claims/hybrid.hpp): one function per kind, found through the
// table readers(); names of coordinates, generators and guards are resolved here.
#include <algorithm>
#include <functional>
#include <map>

#include "core/did_you_mean.hpp"
#include "core/error.hpp"
#include "geometry/lifts.hpp"
#include "io/modules/hybrid/hybrid_module.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

const std::map<std::string, std::vector<std::string>>& claim_keys() {
  static const std::map<std::string, std::vector<std::string>> k = {
      {"forced_lagrangian", {"value", "in"}},
      {"legendre_hamiltonian", {"value"}},
      {"hamiltonian_field", {"coordinate", "value"}},
      {"lagrangian_force", {"coordinate", "value", "in"}},
      {"hamiltonian_force", {"coordinate", "value"}},
      {"forced_acceleration", {"coordinate", "value", "in"}},
      {"noether_momentum", {"generator", "value", "in"}},
      {"routhian", {"value"}},
      {"routh_force", {"coordinate", "value"}},
      {"routh_acceleration", {"coordinate", "value"}},
      {"routh_reconstruction", {"coordinate", "value"}},
      {"impact_relation", {"component", "lhs", "rhs", "in", "with_conditions", "assume"}},
      {"switching_condition", {"component", "value", "sign", "in", "with_conditions"}},
      {"hybrid_constant", {"function", "holds", "with_conditions"}},
      {"hybrid_action", {"generator", "holds", "with_conditions"}},
      {"hybrid_momentum_map", {"holds", "with_conditions"}},
      {"generalized_hybrid_momentum_map", {"holds", "with_conditions", "component"}},
      {"force_symmetry", {"generator", "holds"}},
      {"identity", {"lhs", "rhs"}},
  };
  return k;
}

YAML::Node need(const Document& doc, const YAML::Node& body, const char* key, const std::string& hint) {
  if (!body[key]) doc.fail(body, std::string("expected '") + key + "'" + (hint.empty() ? "" : " (" + hint + ")") + ", got none");
  return body[key];
}

// What every claim shares: the file as read and the readers of claimed values.
struct Context {
  const HybridFile& in;
  ExpressionReader original;   // q, q_dot, p, t, f(t), parameters, definitions, J_<generator>, the claims' context
  ExpressionReader reduced;    // u, u_dot, mu, t, f(t), parameters, the claims' context
  std::vector<ex> momenta;     // the symbols J_<generator>
};

std::size_t coordinate(const Document& doc, const YAML::Node& body, const Chart& chart, const std::string& what) {
  const YAML::Node n = need(doc, body, "coordinate", "a coordinate name");
  const std::string name = doc.scalar(n, "'coordinate'");
  const auto i = chart.index_of(name);
  if (!i) {
    std::vector<std::string> names;
    for (std::size_t k = 0; k < chart.dim(); ++k) names.push_back(chart.coordinate_name(k));
    doc.fail(n, "'coordinate': unknown " + what + " '" + name + "'; expected " + one_of(names) + ", got '" + name + "'");
  }
  return *i;
}

std::size_t generator(const Document& doc, const YAML::Node& body, const HybridFile& in) {
  const YAML::Node n = need(doc, body, "generator", "a name from 'symmetry'");
  const std::string name = doc.scalar(n, "'generator'");
  std::vector<std::string> names;
  for (std::size_t a = 0; a < in.generators.size(); ++a) {
    if (in.generators[a].name == name) return a;
    names.push_back(in.generators[a].name);
  }
  std::string msg = "'generator': unknown generator '" + name + "'; expected " +
                    one_of(names, "a symmetry generator (the system file declares none)") + ", got '" + name + "'";
  if (auto dm = did_you_mean(name, names)) msg += " (did you mean '" + *dm + "'?)";
  doc.fail(n, msg);
}

// The guards of the (first) domain: the components of the system a claim speaks of.
std::string component(const Document& doc, const YAML::Node& body, const HybridFile& in) {
  const YAML::Node n = need(doc, body, "component", "a guard name");
  const std::string name = doc.scalar(n, "'component'");
  std::vector<std::string> names;
  for (const auto& g : in.guards) {
    if (g.from != 0) continue;
    if (g.component.name == name) return name;
    names.push_back(g.component.name);
  }
  std::string msg = "'component': unknown guard '" + name + "'; expected " +
                    one_of(names, "a guard of the first domain (it has none)") + ", got '" + name + "'";
  if (auto dm = did_you_mean(name, names)) msg += " (did you mean '" + *dm + "'?)";
  doc.fail(n, msg);
}

// One claim being read: the claims file (for positions), the shared context and the claim's body.
struct ClaimEnv {
  const Document& doc;
  const Context& c;
  const YAML::Node& b;
  HybridClaim& claim;

  const HybridFile& in() const { return c.in; }
  const ExpressionReader& reader() const { return claim.reduced ? c.reduced : c.original; }
  ex value() const { return doc.expression(need(doc, b, "value", ""), reader(), "'value'"); }
  // `in: original | reduction`
  void read_in() const {
    if (!b["in"]) return;
    const std::string v = doc.scalar(b["in"], "'in'");
    if (v == "original") return;
    if (v != "reduction") doc.fail(b["in"], "'in': expected original or reduction, got '" + v + "'");
    if (!in().reduction) doc.fail(b["in"], "'in': the system file has no 'hybrid.reduction'; expected one, got none");
    claim.reduced = true;
  }
  const HybridReductionInput& routh() const {
    if (!in().reduction) doc.fail(b, "a reduction claim needs 'hybrid.reduction' in the system file; expected it, got none");
    claim.reduced = true;
    return *in().reduction;
  }
};

using Read = std::function<void(const ClaimEnv&)>;

void forced_lagrangian(const ClaimEnv& e) {
  e.read_in();
  e.claim.values = {e.value()};
}

void legendre_hamiltonian(const ClaimEnv& e) { e.claim.values = {e.value()}; }

void hamiltonian_field(const ClaimEnv& e) {
  e.claim.index = coordinate(e.doc, e.b, cotangent_bundle(e.in().Q), "coordinate or momentum");
  e.claim.values = {e.value()};
}

void hamiltonian_force(const ClaimEnv& e) {
  e.claim.index = coordinate(e.doc, e.b, e.in().Q, "coordinate");
  e.claim.values = {e.value()};
}

// lagrangian_force and forced_acceleration, of the original system or of the reduction's.
void force_or_acceleration(const ClaimEnv& e) {
  e.read_in();
  e.claim.index = coordinate(e.doc, e.b, e.claim.reduced ? e.in().reduction->change.to : e.in().Q, "coordinate");
  e.claim.values = {e.value()};
}

void noether_momentum(const ClaimEnv& e) {
  e.claim.index = generator(e.doc, e.b, e.in());
  e.read_in();
  e.claim.values = {e.value()};
}

void routhian(const ClaimEnv& e) {
  (void)e.routh();
  e.claim.values = {e.value()};
}

// routh_force, routh_acceleration (a shape coordinate) and routh_reconstruction (a cyclic one).
void routh_entry(const ClaimEnv& e) {
  const auto& r = e.routh();
  const Chart& U = r.change.to;
  const std::size_t i = coordinate(e.doc, e.b, U, "coordinate");
  const bool cyclic = e.claim.kind == "routh_reconstruction";
  const bool is_cyclic = std::find(r.cyclic.begin(), r.cyclic.end(), i) != r.cyclic.end();
  if (cyclic != is_cyclic)
    e.doc.fail(e.b["coordinate"], "'coordinate': expected a" + std::string(cyclic ? " cyclic" : " non-cyclic (shape)") +
                                      " coordinate, got '" + U.coordinate_name(i) + "'");
  e.claim.index = i;
  e.claim.values = {e.value()};
}

// Declares <velocity>_plus (and <mu>_plus or J_<generator>_plus) in `r`, so that lhs and rhs may speak
// of the state after the reset; the derivation says what each is.
void after_impact_symbols(const ClaimEnv& e, ExpressionReader& r) {
  const Chart TX = tangent_bundle(e.claim.reduced ? e.in().reduction->change.to : e.in().Q);
  const std::size_t n = e.in().Q.dim();
  const auto plus = [&](const std::string& name, std::vector<ex>& into) {
    const GiNaC::realsymbol p(name + "_plus");
    r.declare(name + "_plus", p);
    into.push_back(p);
  };
  for (std::size_t i = 0; i < n; ++i) plus(TX.coordinate_name(n + i), e.claim.symbols.velocity_plus);
  if (e.claim.reduced)
    for (const ex& mu : e.in().reduction->mu) plus(detail::str(mu), e.claim.symbols.momentum_plus);
  else
    for (const auto& g : e.in().generators) plus("J_" + g.name, e.claim.symbols.momentum_plus);
}

// 'assume': parameter name -> a constant value, substituted everywhere before the test.
void assumed_parameters(const ClaimEnv& e) {
  ExpressionReader consts;
  for (const auto& [key, val] : e.doc.mapping(e.b["assume"], "'assume'")) {
    const std::string pn = e.doc.scalar(key, "'assume'");
    const auto sym = e.in().Q.symbol(pn);
    if (!sym || e.in().Q.index_of(pn)) e.doc.fail(key, "'assume': expected a parameter name, got '" + pn + "'");
    e.claim.assume[*sym] = e.doc.expression(val, consts, "assumed value of " + pn);
  }
}

// lhs = rhs on the impact surface of a guard, after the reset.
void impact_relation(const ClaimEnv& e) {
  e.read_in();
  e.claim.component = component(e.doc, e.b, e.in());
  e.claim.with_conditions = e.doc.boolean(e.b, "with_conditions", false);
  ExpressionReader r = e.reader();
  after_impact_symbols(e, r);
  e.claim.values = {e.doc.expression(need(e.doc, e.b, "lhs", "e.g. theta_dot_plus"), r, "'lhs'"),
                    e.doc.expression(need(e.doc, e.b, "rhs", ""), r, "'rhs'")};
  assumed_parameters(e);
}

// The claimed condition 'value > 0' (or < 0 with sign: negative) for crossing a guard.
void switching_condition(const ClaimEnv& e) {
  e.read_in();
  e.claim.component = component(e.doc, e.b, e.in());
  e.claim.values = {e.value()};
  const std::string sign = e.b["sign"] ? e.doc.scalar(e.b["sign"], "'sign'") : "positive";
  if (sign != "positive" && sign != "negative") e.doc.fail(e.b["sign"], "'sign': expected positive or negative, got '" + sign + "'");
  e.claim.negative = sign == "negative";
  e.claim.with_conditions = e.doc.boolean(e.b, "with_conditions", false);
}

void hybrid_constant(const ClaimEnv& e) {
  e.claim.values = {e.doc.expression(need(e.doc, e.b, "function", "a function on TQ"), e.c.original, "'function'")};
  e.claim.with_conditions = e.doc.boolean(e.b, "with_conditions", false);
  e.claim.holds = e.doc.boolean(e.b, "holds", true);
}

void identity(const ClaimEnv& e) {
  e.claim.values = {e.doc.expression(need(e.doc, e.b, "lhs", "a function"), e.c.original, "'lhs'"),
                    e.doc.expression(need(e.doc, e.b, "rhs", "a function"), e.c.original, "'rhs'")};
}

void generator_verdict(const ClaimEnv& e) {
  e.claim.index = generator(e.doc, e.b, e.in());
  e.claim.with_conditions = e.doc.boolean(e.b, "with_conditions", false);
  e.claim.holds = e.doc.boolean(e.b, "holds", true);
}

// hybrid_momentum_map and generalized_hybrid_momentum_map (every guard, or only 'component').
void momentum_map(const ClaimEnv& e) {
  if (e.in().generators.empty())
    e.doc.fail(e.b, "a momentum-map claim needs 'symmetry' in the system file; expected it, got none");
  e.claim.with_conditions = e.doc.boolean(e.b, "with_conditions", false);
  e.claim.holds = e.doc.boolean(e.b, "holds", true);
  if (e.claim.kind == "generalized_hybrid_momentum_map" && e.b["component"]) e.claim.component = component(e.doc, e.b, e.in());
}

const std::map<std::string, Read>& readers() {
  static const std::map<std::string, Read> table = {
      {"forced_lagrangian", forced_lagrangian}, {"legendre_hamiltonian", legendre_hamiltonian},
      {"hamiltonian_field", hamiltonian_field}, {"lagrangian_force", force_or_acceleration},
      {"hamiltonian_force", hamiltonian_force}, {"forced_acceleration", force_or_acceleration},
      {"noether_momentum", noether_momentum}, {"routhian", routhian}, {"routh_force", routh_entry},
      {"routh_acceleration", routh_entry}, {"routh_reconstruction", routh_entry}, {"impact_relation", impact_relation},
      {"switching_condition", switching_condition}, {"hybrid_constant", hybrid_constant},
      {"hybrid_action", generator_verdict}, {"hybrid_momentum_map", momentum_map},
      {"generalized_hybrid_momentum_map", momentum_map}, {"force_symmetry", generator_verdict},
      {"identity", identity}};
  return table;
}

HybridClaim read_one(const Document& doc, const Context& c, const Claim& cl) {
  HybridClaim claim;
  claim.kind = cl.kind;
  claim.symbols.momenta = c.momenta;
  if (!cl.body.IsMap()) doc.fail(cl.body, "claim '" + cl.kind + "': expected a mapping, got a scalar or list");
  doc.check_keys(cl.body, claim_keys().at(cl.kind), "a '" + cl.kind + "' claim");
  readers().at(cl.kind)(ClaimEnv{doc, c, cl.body, claim});
  return claim;
}

}  // namespace

std::vector<HybridClaim> read_hybrid_claims(const SystemFile& file, const HybridFile& in, const std::vector<Claim>& claims,
                                            const ClaimsContext& context) {
  Context c{in, in.reader, in.reduction_reader, {}};
  for (const auto& g : in.generators) {
    c.momenta.push_back(GiNaC::realsymbol("J_" + g.name));
    c.original.declare("J_" + g.name, c.momenta.back());
  }
  apply_context(context, c.original);
  apply_context(context, c.reduced);
  // a claim's errors are located in the claims file when there is one (`check`), else in the system file
  const Document& doc = context.doc ? *context.doc : file.doc;
  std::vector<HybridClaim> out;
  for (const auto& cl : claims) out.push_back(read_one(doc, c, cl));
  return out;
}

}  // namespace hamel
