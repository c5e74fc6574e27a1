// io/modules/hybrid/hybrid_claims.cpp — the claim kinds of the hybrid module (docs/hybrid.md, "Claims"):
// one function per kind, found through the table checks(); each reads its claim's keys, finds the derived
// object and compares (io/system_file.hpp compare_claim).
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "core/symbolic.hpp"
#include "geometry/lifts.hpp"
#include "io/modules/hybrid/hybrid_module.hpp"

namespace hamel {

// Listed by hand, not from checks(): this order (the docs' order) is the one messages list them in.
std::vector<std::string> hybrid_claim_kinds() {
  return {"forced_lagrangian", "legendre_hamiltonian", "hamiltonian_field", "lagrangian_force", "hamiltonian_force",
          "forced_acceleration", "noether_momentum", "routhian", "routh_force", "routh_acceleration", "routh_reconstruction",
          "impact_relation", "switching_condition", "hybrid_constant", "hybrid_action", "hybrid_momentum_map",
          "generalized_hybrid_momentum_map", "force_symmetry"};
}

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
  };
  return k;
}

YAML::Node need(const Document& doc, const YAML::Node& body, const char* key, const std::string& hint) {
  if (!body[key]) doc.fail(body, std::string("expected '") + key + "'" + (hint.empty() ? "" : " (" + hint + ")") + ", got none");
  return body[key];
}

std::string how_of(const HybridVerdict& v) {
  std::string how = v.how;
  if (!v.holds && !v.failed.empty()) how = "fails: " + v.failed + "; " + how;
  return how;
}

void counterexample(ClaimResult& res, const HybridVerdict& v) {
  if (v.counterexample) res.counterexample = describe_sample(*v.counterexample) + (v.note.empty() ? "" : "; " + v.note);
}

// What every claim shares. No system-file Document here: a claim's errors are located in its own file.
struct Context {
  const HybridDerived& d;
  ExpressionReader original;   // q, q_dot, p, t, f(t), parameters, definitions, J_<generator>, the claims' context
  ExpressionReader reduced;    // u, u_dot, mu, t, f(t), parameters, the claims' context
};

bool in_reduction(const Document& doc, const Context& c, const YAML::Node& body) {
  if (!body["in"]) return false;
  const std::string v = doc.scalar(body["in"], "'in'");
  if (v == "original") return false;
  if (v != "reduction") doc.fail(body["in"], "'in': expected original or reduction, got '" + v + "'");
  if (!c.d.in.reduction) doc.fail(body["in"], "'in': the system file has no 'hybrid.reduction'; expected one, got none");
  return true;
}

const ForcedRouthReduction& routh(const Document& doc, const Context& c, const YAML::Node& body) {
  if (!c.d.in.reduction) doc.fail(body, "a reduction claim needs 'hybrid.reduction' in the system file; expected it, got none");
  return c.d.in.reduction->routh;
}

std::size_t coordinate(const Document& doc, const YAML::Node& body, const Chart& chart, const std::string& what) {
  const YAML::Node n = need(doc, body, "coordinate", "a coordinate name");
  const std::string name = doc.scalar(n, "'coordinate'");
  const auto i = chart.index_of(name);
  if (!i) {
    std::string msg = "'coordinate': unknown " + what + " '" + name + "'; expected one of";
    for (std::size_t k = 0; k < chart.dim(); ++k) msg += " " + chart.coordinate_name(k);
    doc.fail(n, msg + ", got '" + name + "'");
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
  std::string msg = "'generator': unknown generator '" + name + "'; expected one of";
  for (const auto& s : names) msg += " " + s;
  if (auto dm = did_you_mean(name, names)) msg += " (did you mean '" + *dm + "'?)";
  doc.fail(n, msg);
}

const SwitchingComponent& component(const Document& doc, const YAML::Node& body, const SimpleHybridSystem& H) {
  const YAML::Node n = need(doc, body, "component", "a guard name");
  const std::string name = doc.scalar(n, "'component'");
  std::vector<std::string> names;
  for (const auto& C : H.components()) {
    if (C.name == name) return C;
    names.push_back(C.name);
  }
  std::string msg = "'component': unknown guard '" + name + "'; expected one of";
  for (const auto& s : names) msg += " " + s;
  if (auto dm = did_you_mean(name, names)) msg += " (did you mean '" + *dm + "'?)";
  doc.fail(n, msg);
}

// One claim being checked: the claims file (for positions), the shared state and the claim's body.
struct ClaimEnv {
  const Document& doc;
  const Context& c;
  const YAML::Node& b;
  const std::string& kind;

  const HybridFile& in() const { return c.d.in; }
  const SimpleHybridSystem& H() const { return *c.d.in.system; }
  const ForcedLagrangianSystem& s() const { return H().system(); }
  ex value(const ExpressionReader& r) const { return doc.expression(need(doc, b, "value", ""), r, "'value'"); }
  bool with_conditions() const { return doc.boolean(b, "with_conditions", false); }
  bool holds() const { return doc.boolean(b, "holds", true); }
  bool reduced() const { return in_reduction(doc, c, b); }
};

using Check = std::function<void(const ClaimEnv&, ClaimResult&)>;

void forced_lagrangian(const ClaimEnv& e, ClaimResult& res) {
  if (e.reduced()) {
    const auto& R = *e.in().reduction;
    compare_claim(res, R.system.system().lagrangian(), e.value(e.c.reduced), tangent_bundle(R.change.to));
  } else {
    compare_claim(res, e.s().lagrangian(), e.value(e.c.original), e.s().tangent_chart());
  }
}

void legendre_hamiltonian(const ClaimEnv& e, ClaimResult& res) {
  compare_claim(res, e.c.d.hamiltonian.hamiltonian(), e.value(e.c.original), cotangent_bundle(e.s().chart()));
}

void hamiltonian_field(const ClaimEnv& e, ClaimResult& res) {
  const Chart TsQ = cotangent_bundle(e.s().chart());
  const std::size_t i = coordinate(e.doc, e.b, TsQ, "coordinate or momentum");
  compare_claim(res, e.c.d.hamiltonian_field[i], e.value(e.c.original), TsQ);
}

void hamiltonian_force(const ClaimEnv& e, ClaimResult& res) {
  const std::size_t i = coordinate(e.doc, e.b, e.s().chart(), "coordinate");
  compare_claim(res, e.c.d.hamiltonian.force()[i], e.value(e.c.original), cotangent_bundle(e.s().chart()));
}

// lagrangian_force and forced_acceleration: an entry of F or of the forced Euler-Lagrange field,
// of the original system or of the reduction's.
void force_or_acceleration(const ClaimEnv& e, ClaimResult& res) {
  const bool red = e.reduced();
  const ForcedLagrangianSystem& sys = red ? e.in().reduction->system.system() : e.s();
  const std::size_t i = coordinate(e.doc, e.b, sys.chart(), "coordinate");
  // the accelerations are the second half of the field on TQ (the original dimension, as before the split)
  const ex derived = e.kind == "lagrangian_force" ? sys.force()[i] : forced_euler_lagrange_field(sys)[e.s().dim() + i];
  compare_claim(res, derived, e.value(red ? e.c.reduced : e.c.original), sys.tangent_chart());
}

void noether_momentum(const ClaimEnv& e, ClaimResult& res) {
  const std::size_t a = generator(e.doc, e.b, e.in());
  if (e.reduced()) {
    const auto& R = *e.in().reduction;
    compare_claim(res, lagrangian_momentum(R.system.system(), R.generators[a].xi), e.value(e.c.reduced),
                  R.system.system().tangent_chart());
  } else {
    compare_claim(res, e.c.d.momenta[a], e.value(e.c.original), e.s().tangent_chart());
  }
}

void routhian(const ClaimEnv& e, ClaimResult& res) {
  const auto& r = routh(e.doc, e.c, e.b);
  compare_claim(res, r.routhian, e.value(e.c.reduced), tangent_bundle(e.in().reduction->change.to));
}

// routh_force, routh_acceleration (indexed by the shape coordinates) and routh_reconstruction
// (indexed by the cyclic ones): the coordinate must be of the right kind.
void routh_entry(const ClaimEnv& e, ClaimResult& res) {
  const auto& r = routh(e.doc, e.c, e.b);
  const Chart& U = e.in().reduction->change.to;
  const std::size_t i = coordinate(e.doc, e.b, U, "coordinate");
  const bool cyclic = e.kind == "routh_reconstruction";
  const auto& idx = cyclic ? r.cyclic : r.shape;
  const auto it = std::find(idx.begin(), idx.end(), i);
  if (it == idx.end())
    e.doc.fail(e.b["coordinate"], "'coordinate': expected a" + std::string(cyclic ? " cyclic" : " non-cyclic (shape)") +
                                      " coordinate, got '" + U.coordinate_name(i) + "'");
  const auto j = static_cast<std::size_t>(it - idx.begin());
  const ex derived = e.kind == "routh_force" ? r.reduced_force[j] : e.kind == "routh_acceleration" ? r.acceleration[j] : r.theta_dot[j];
  compare_claim(res, derived, e.value(e.c.reduced), tangent_bundle(U));
}

// Declares <velocity>_plus (and <mu>_plus or J_<generator>_plus) in `r` and returns what each is
// after the impact at C, so that lhs and rhs may speak of the state after the reset.
GiNaC::exmap after_impact_symbols(const ClaimEnv& e, const SimpleHybridSystem& HH, const SwitchingComponent& C, bool red,
                                  ExpressionReader& r) {
  GiNaC::exmap plus;
  const std::size_t n = e.s().dim();
  const Chart& TX = HH.system().tangent_chart();
  for (std::size_t i = 0; i < n; ++i) {
    const GiNaC::realsymbol p(TX.coordinate_name(n + i) + "_plus");
    r.declare(TX.coordinate_name(n + i) + "_plus", p);
    plus[p] = C.reset[i];
  }
  if (red) {
    const auto& R = *e.in().reduction;
    for (std::size_t a = 0; a < R.routh.mu.size(); ++a) {
      const GiNaC::realsymbol p(detail::str(R.routh.mu[a]) + "_plus");
      r.declare(detail::str(R.routh.mu[a]) + "_plus", p);
      plus[p] = after_impact(HH, C, R.routh.momentum[a]);
      plus[R.routh.mu[a]] = R.routh.momentum[a];
    }
  } else {
    for (std::size_t a = 0; a < e.in().generators.size(); ++a) {
      const GiNaC::realsymbol p("J_" + e.in().generators[a].name + "_plus");
      r.declare("J_" + e.in().generators[a].name + "_plus", p);
      plus[p] = after_impact(HH, C, e.c.d.momenta[a]);
    }
  }
  return plus;
}

// 'assume': parameter name -> a constant value, substituted everywhere before the test.
GiNaC::exmap assumed_parameters(const ClaimEnv& e) {
  GiNaC::exmap assume;
  ExpressionReader consts;
  for (const auto& [key, val] : e.doc.mapping(e.b["assume"], "'assume'")) {
    const std::string pn = e.doc.scalar(key, "'assume'");
    const auto sym = e.s().chart().symbol(pn);
    if (!sym || e.s().chart().index_of(pn)) e.doc.fail(key, "'assume': expected a parameter name, got '" + pn + "'");
    assume[*sym] = e.doc.expression(val, consts, "assumed value of " + pn);
  }
  return assume;
}

// lhs = rhs on the impact surface of a guard, after the reset.
void impact_relation(const ClaimEnv& e, ClaimResult& res) {
  const bool red = e.reduced();
  const SimpleHybridSystem& HH = red ? e.in().reduction->system : e.H();
  const SwitchingComponent& C = component(e.doc, e.b, HH);
  const bool wc = e.with_conditions();
  ExpressionReader r = red ? e.c.reduced : e.c.original;
  const GiNaC::exmap plus = after_impact_symbols(e, HH, C, red, r);
  const ex lhs = e.doc.expression(need(e.doc, e.b, "lhs", "e.g. theta_dot_plus"), r, "'lhs'");
  const ex rhs = e.doc.expression(need(e.doc, e.b, "rhs", ""), r, "'rhs'");
  const GiNaC::exmap assume = assumed_parameters(e);
  const ex l = lhs.subs(plus).subs(assume), rr = rhs.subs(plus).subs(assume);
  SurfacePiece S = surface_piece(HH, C, wc);
  for (auto& q : S.equations) q = q.subs(assume);
  S.normal = S.normal.subs(assume);
  const SurfaceVerdict v = zero_on_surface((lhs - rhs).subs(plus).subs(assume), S);
  res.holds = v.zero;
  res.how = v.how;
  res.derived = to_text(pretty(l));
  res.claimed = to_text(rhs);
  if (v.witness) {
    std::string vals;
    try {
      vals = " (lhs = " + std::to_string(evaluate_at(l, *v.witness)) + ", rhs = " + std::to_string(evaluate_at(rr, *v.witness)) + ")";
    } catch (const std::exception&) {
    }
    res.counterexample = describe_sample(*v.witness) + vals;
  }
}

// When the two conditions are not a positive multiple of each other: compare their signs at points of
// h = 0 sampled where both are defined; a point where exactly one holds is the counterexample.
void compare_signs(const ClaimEnv& e, const SimpleHybridSystem& HH, const SwitchingComponent& C, const ex& ds, const ex& cs,
                   ClaimResult& res) {
  SurfacePiece S = surface_piece(HH, C, e.with_conditions());
  S.normal = 1;
  S.direction = Direction::Either;
  const auto pts = sample_surface(S, 64, 2718u, {ds, cs});
  res.holds = !pts.empty();
  res.how = "the signs agree at " + std::to_string(pts.size()) + " sampled points of h = 0 (numeric)";
  for (const auto& p : pts) {
    double a = 0, bb = 0;
    try {
      a = evaluate_at(ds, p);
      bb = evaluate_at(cs, p);
    } catch (const std::exception&) {
      continue;
    }
    if (std::fabs(a) > 1e-6 && std::fabs(bb) > 1e-6 && (a > 0) != (bb > 0)) {
      res.holds = false;
      res.how = "a sampled point of h = 0 where exactly one of the conditions holds";
      res.counterexample = describe_sample(p) + " (derived " + std::to_string(a) + ", claimed " + std::to_string(bb) + ")";
      return;
    }
  }
}

// The claimed condition 'value > 0' (or < 0 with sign: negative) against the guard's crossing condition.
void switching_condition(const ClaimEnv& e, ClaimResult& res) {
  const bool red = e.reduced();
  const SimpleHybridSystem& HH = red ? e.in().reduction->system : e.H();
  const SwitchingComponent& C = component(e.doc, e.b, HH);
  ex sigma = normal_velocity(HH.system(), C.surface);
  if (red)
    for (const auto& rc : e.in().reduction->routh.components)
      if (rc.name == C.name) sigma = rc.normal;
  const ex claimed = e.value(red ? e.c.reduced : e.c.original);
  const std::string sign = e.b["sign"] ? e.doc.scalar(e.b["sign"], "'sign'") : "positive";
  if (sign != "positive" && sign != "negative") e.doc.fail(e.b["sign"], "'sign': expected positive or negative, got '" + sign + "'");
  const ex cs = sign == "positive" ? claimed : -claimed;
  const ex ds = C.direction == Direction::Falling ? -sigma : sigma;
  res.derived = to_text(pretty(ds)) + " > 0";
  res.claimed = to_text(cs) + " > 0";
  const ex ratio = simplify(cs / ds);
  if (C.direction != Direction::Either && GiNaC::is_a<GiNaC::numeric>(ratio) && GiNaC::ex_to<GiNaC::numeric>(ratio).is_positive()) {
    res.holds = true;
    res.how = "symbolic: the claimed and derived conditions differ by the positive factor " + detail::str(ratio);
  } else {
    compare_signs(e, HH, C, ds, cs, res);
  }
}

void hybrid_constant(const ClaimEnv& e, ClaimResult& res) {
  const ex f = e.doc.expression(need(e.doc, e.b, "function", "a function on TQ"), e.c.original, "'function'");
  const auto v = hybrid_constant_of_motion(e.H(), f, e.with_conditions());
  compare_claim(res, v.holds, e.holds(), how_of(v));
  counterexample(res, v);
}

void hybrid_action_claim(const ClaimEnv& e, ClaimResult& res) {
  const auto v = hybrid_action(e.H(), e.in().generators[generator(e.doc, e.b, e.in())], e.with_conditions());
  const HybridVerdict& first = !v.preserves_surface.holds ? v.preserves_surface : v.equivariant;
  const std::string how = v.lagrangian_invariant.zero ? how_of(first) : "fails: xi^c(L) = 0; " + v.lagrangian_invariant.how();
  compare_claim(res, v.holds(), e.holds(), how);
  if (v.lagrangian_invariant.zero) counterexample(res, first);
}

void needs_symmetry(const ClaimEnv& e) {
  if (e.in().generators.empty())
    e.doc.fail(e.b, "a momentum-map claim needs 'symmetry' in the system file; expected it, got none");
}

void hybrid_momentum_map_claim(const ClaimEnv& e, ClaimResult& res) {
  needs_symmetry(e);
  const auto v = hybrid_momentum_map(e.H(), e.in().generators, e.with_conditions());
  compare_claim(res, v.holds, e.holds(), how_of(v));
  counterexample(res, v);
}

// Every guard (or only 'component'): the first that fails decides, with its pair of points.
void generalized_momentum_map_claim(const ClaimEnv& e, ClaimResult& res) {
  needs_symmetry(e);
  const auto v = generalized_hybrid_momentum_map(e.H(), e.in().generators, e.c.d.mu, e.with_conditions());
  std::string only;
  if (e.b["component"]) only = component(e.doc, e.b, e.H()).name;
  bool holds = true;
  std::string how;
  for (const auto& gc : v.components) {
    if (!only.empty() && gc.name != only) continue;
    if (holds && !gc.holds) {
      holds = false;
      how = gc.name + ": " + gc.how;
      if (gc.first && gc.second) res.counterexample = describe_sample(*gc.first) + " and " + describe_sample(*gc.second);
    } else if (holds) {
      how += (how.empty() ? "" : "; ") + gc.name + ": " + gc.how;
    }
  }
  compare_claim(res, holds, e.holds(), how);
}

void force_symmetry(const ClaimEnv& e, ClaimResult& res) {
  const auto& fs = e.c.d.symmetry.generators[generator(e.doc, e.b, e.in())];
  const std::string how = "F(xi^c) = 0: " + fs.force_on_lift.how() + "; i_{xi^c} dF = 0: " + fs.force_invariant.how();
  compare_claim(res, fs.in_g_F(), e.holds(), how);
}

const std::map<std::string, Check>& checks() {
  static const std::map<std::string, Check> table = {
      {"forced_lagrangian", forced_lagrangian}, {"legendre_hamiltonian", legendre_hamiltonian},
      {"hamiltonian_field", hamiltonian_field}, {"lagrangian_force", force_or_acceleration},
      {"hamiltonian_force", hamiltonian_force}, {"forced_acceleration", force_or_acceleration},
      {"noether_momentum", noether_momentum}, {"routhian", routhian}, {"routh_force", routh_entry},
      {"routh_acceleration", routh_entry}, {"routh_reconstruction", routh_entry}, {"impact_relation", impact_relation},
      {"switching_condition", switching_condition}, {"hybrid_constant", hybrid_constant},
      {"hybrid_action", hybrid_action_claim}, {"hybrid_momentum_map", hybrid_momentum_map_claim},
      {"generalized_hybrid_momentum_map", generalized_momentum_map_claim}, {"force_symmetry", force_symmetry}};
  return table;
}

ClaimResult check_one(const Document& doc, const Context& c, const Claim& claim) {
  ClaimResult res;
  res.name = claim.name;
  res.kind = claim.kind;
  res.line = claim.node.Mark().line + 1;
  if (!claim.body.IsMap()) doc.fail(claim.body, "claim '" + claim.kind + "': expected a mapping, got a scalar or list");
  doc.check_keys(claim.body, claim_keys().at(claim.kind), "a '" + claim.kind + "' claim");
  checks().at(claim.kind)(ClaimEnv{doc, c, claim.body, claim.kind}, res);
  return res;
}

}  // namespace

std::vector<ClaimResult> check_hybrid_claims(const SystemFile& file, const HybridDerived& d, const std::vector<Claim>& claims,
                                             const ClaimsContext& context) {
  Context c{d, d.in.reader, d.in.reduction_reader};
  for (std::size_t a = 0; a < d.in.generators.size(); ++a) c.original.declare("J_" + d.in.generators[a].name, d.momenta[a]);
  apply_context(context, c.original);
  apply_context(context, c.reduced);
  std::vector<ClaimResult> out;
  // a claim's errors are located in the claims file when there is one (`check`), else in the system file
  const Document& doc = context.doc ? *context.doc : file.doc;
  for (const auto& cl : claims) out.push_back(check_one(doc, c, cl));
  return out;
}

}  // namespace hamel
