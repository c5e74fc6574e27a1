// io/modules/hybrid/hybrid_claims.cpp — the claim kinds of the hybrid module (docs/hybrid.md, "Claims").
#include <cmath>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "core/symbolic.hpp"
#include "geometry/lifts.hpp"
#include "io/modules/hybrid/hybrid_module.hpp"

namespace hamel {

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

struct Context {
  const SystemFile& file;
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

ClaimResult check_one(const Context& c, const Claim& claim) {
  const Document& doc = c.file.doc;
  const HybridFile& in = c.d.in;
  const SimpleHybridSystem& H = *in.system;
  const ForcedLagrangianSystem& s = H.system();
  const Chart TQ = s.tangent_chart();
  const Chart TsQ = cotangent_bundle(s.chart());
  const std::size_t n = s.dim();
  const YAML::Node& b = claim.body;
  ClaimResult res;
  res.name = claim.name;
  res.kind = claim.kind;
  res.line = claim.node.Mark().line + 1;
  if (!b.IsMap()) doc.fail(b, "claim '" + claim.kind + "': expected a mapping, got a scalar or list");
  doc.check_keys(b, claim_keys().at(claim.kind), "a '" + claim.kind + "' claim");
  const auto value = [&](const ExpressionReader& r) { return doc.expression(need(doc, b, "value", ""), r, "'value'"); };
  const std::string& k = claim.kind;
  if (k == "forced_lagrangian") {
    if (in_reduction(doc, c, b)) {
      compare_claim(res, in.reduction->system.system().lagrangian(), value(c.reduced), tangent_bundle(in.reduction->change.to));
    } else {
      compare_claim(res, s.lagrangian(), value(c.original), TQ);
    }
  } else if (k == "legendre_hamiltonian") {
    compare_claim(res, c.d.hamiltonian.hamiltonian(), value(c.original), TsQ);
  } else if (k == "hamiltonian_field") {
    compare_claim(res, c.d.hamiltonian_field[coordinate(doc, b, TsQ, "coordinate or momentum")], value(c.original), TsQ);
  } else if (k == "hamiltonian_force") {
    compare_claim(res, c.d.hamiltonian.force()[coordinate(doc, b, s.chart(), "coordinate")], value(c.original), TsQ);
  } else if (k == "lagrangian_force" || k == "forced_acceleration") {
    const bool red = in_reduction(doc, c, b);
    const ForcedLagrangianSystem& sys = red ? in.reduction->system.system() : s;
    const std::size_t i = coordinate(doc, b, sys.chart(), "coordinate");
    const ex derived = k == "lagrangian_force" ? sys.force()[i] : forced_euler_lagrange_field(sys)[n + i];
    compare_claim(res, derived, value(red ? c.reduced : c.original), sys.tangent_chart());
  } else if (k == "noether_momentum") {
    const std::size_t a = generator(doc, b, in);
    if (in_reduction(doc, c, b)) {
      const auto& R = *in.reduction;
      compare_claim(res, lagrangian_momentum(R.system.system(), R.generators[a].xi), value(c.reduced), R.system.system().tangent_chart());
    } else {
      compare_claim(res, c.d.momenta[a], value(c.original), TQ);
    }
  } else if (k == "routhian" || k == "routh_force" || k == "routh_acceleration" || k == "routh_reconstruction") {
    const auto& r = routh(doc, c, b);
    const Chart& U = in.reduction->change.to;
    const Chart TU = tangent_bundle(U);
    ex derived;
    if (k == "routhian") {
      derived = r.routhian;
    } else {
      const std::size_t i = coordinate(doc, b, U, "coordinate");
      const auto& idx = k == "routh_reconstruction" ? r.cyclic : r.shape;
      const auto it = std::find(idx.begin(), idx.end(), i);
      if (it == idx.end())
        doc.fail(b["coordinate"], "'coordinate': expected a" + std::string(k == "routh_reconstruction" ? " cyclic" : " non-cyclic (shape)") +
                                      " coordinate, got '" + U.coordinate_name(i) + "'");
      const auto j = static_cast<std::size_t>(it - idx.begin());
      derived = k == "routh_force" ? r.reduced_force[j] : k == "routh_acceleration" ? r.acceleration[j] : r.theta_dot[j];
    }
    compare_claim(res, derived, value(c.reduced), TU);
  } else if (k == "impact_relation") {
    const bool red = in_reduction(doc, c, b);
    const SimpleHybridSystem& HH = red ? in.reduction->system : H;
    const SwitchingComponent& C = component(doc, b, HH);
    const bool wc = doc.boolean(b, "with_conditions", false);
    ExpressionReader r = red ? c.reduced : c.original;
    GiNaC::exmap plus;
    const Chart& TX = HH.system().tangent_chart();
    const auto vel = HH.system().velocities();
    for (std::size_t i = 0; i < n; ++i) {
      const GiNaC::realsymbol p(TX.coordinate_name(n + i) + "_plus");
      r.declare(TX.coordinate_name(n + i) + "_plus", p);
      plus[p] = C.reset[i];
    }
    if (red) {
      const auto& R = *in.reduction;
      for (std::size_t a = 0; a < R.routh.mu.size(); ++a) {
        const GiNaC::realsymbol p(detail::str(R.routh.mu[a]) + "_plus");
        r.declare(detail::str(R.routh.mu[a]) + "_plus", p);
        plus[p] = after_impact(HH, C, R.routh.momentum[a]);
        plus[R.routh.mu[a]] = R.routh.momentum[a];
      }
    } else {
      for (std::size_t a = 0; a < in.generators.size(); ++a) {
        const GiNaC::realsymbol p("J_" + in.generators[a].name + "_plus");
        r.declare("J_" + in.generators[a].name + "_plus", p);
        plus[p] = after_impact(HH, C, c.d.momenta[a]);
      }
    }
    const ex lhs = doc.expression(need(doc, b, "lhs", "e.g. theta_dot_plus"), r, "'lhs'");
    const ex rhs = doc.expression(need(doc, b, "rhs", ""), r, "'rhs'");
    GiNaC::exmap assume;
    ExpressionReader consts;
    for (const auto& [key, val] : doc.mapping(b["assume"], "'assume'")) {
      const std::string pn = doc.scalar(key, "'assume'");
      const auto sym = s.chart().symbol(pn);
      if (!sym || s.chart().index_of(pn)) doc.fail(key, "'assume': expected a parameter name, got '" + pn + "'");
      assume[*sym] = doc.expression(val, consts, "assumed value of " + pn);
    }
    const ex e = (lhs - rhs).subs(plus).subs(assume);
    SurfacePiece S = surface_piece(HH, C, wc);
    for (auto& q : S.equations) q = q.subs(assume);
    S.normal = S.normal.subs(assume);
    const SurfaceVerdict v = zero_on_surface(e, S);
    res.holds = v.zero;
    res.how = v.how;
    res.derived = to_text(pretty(lhs.subs(plus).subs(assume)));
    res.claimed = to_text(rhs);
    if (v.witness) {
      std::string vals;
      try {
        vals = " (lhs = " + std::to_string(evaluate_at(lhs.subs(plus).subs(assume), *v.witness)) +
               ", rhs = " + std::to_string(evaluate_at(rhs.subs(plus).subs(assume), *v.witness)) + ")";
      } catch (const std::exception&) {
      }
      res.counterexample = describe_sample(*v.witness) + vals;
    }
  } else if (k == "switching_condition") {
    const bool red = in_reduction(doc, c, b);
    const SimpleHybridSystem& HH = red ? in.reduction->system : H;
    const SwitchingComponent& C = component(doc, b, HH);
    ex sigma = normal_velocity(HH.system(), C.surface);
    if (red)
      for (const auto& rc : in.reduction->routh.components)
        if (rc.name == C.name) sigma = rc.normal;
    const ex claimed = value(red ? c.reduced : c.original);
    std::string sign = b["sign"] ? doc.scalar(b["sign"], "'sign'") : "positive";
    if (sign != "positive" && sign != "negative") doc.fail(b["sign"], "'sign': expected positive or negative, got '" + sign + "'");
    const ex cs = sign == "positive" ? claimed : -claimed;
    const ex ds = C.direction == Direction::Falling ? -sigma : sigma;
    res.derived = to_text(pretty(ds)) + " > 0";
    res.claimed = to_text(cs) + " > 0";
    const ex ratio = simplify(cs / ds);
    if (C.direction != Direction::Either && GiNaC::is_a<GiNaC::numeric>(ratio) && GiNaC::ex_to<GiNaC::numeric>(ratio).is_positive()) {
      res.holds = true;
      res.how = "symbolic: the claimed and derived conditions differ by the positive factor " + detail::str(ratio);
    } else {
      SurfacePiece S = surface_piece(HH, C, doc.boolean(b, "with_conditions", false));
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
          break;
        }
      }
    }
  } else if (k == "hybrid_constant") {
    const ex f = doc.expression(need(doc, b, "function", "a function on TQ"), c.original, "'function'");
    const auto v = hybrid_constant_of_motion(H, f, doc.boolean(b, "with_conditions", false));
    compare_claim(res, v.holds, doc.boolean(b, "holds", true), how_of(v));
    counterexample(res, v);
  } else if (k == "hybrid_action") {
    const auto v = hybrid_action(H, in.generators[generator(doc, b, in)], doc.boolean(b, "with_conditions", false));
    const HybridVerdict& first = !v.preserves_surface.holds ? v.preserves_surface : v.equivariant;
    std::string how = v.lagrangian_invariant.zero ? how_of(first) : "fails: xi^c(L) = 0; " + v.lagrangian_invariant.how();
    compare_claim(res, v.holds(), doc.boolean(b, "holds", true), how);
    if (v.lagrangian_invariant.zero) counterexample(res, first);
  } else if (k == "hybrid_momentum_map") {
    if (in.generators.empty()) doc.fail(b, "a momentum-map claim needs 'symmetry' in the system file; expected it, got none");
    const auto v = hybrid_momentum_map(H, in.generators, doc.boolean(b, "with_conditions", false));
    compare_claim(res, v.holds, doc.boolean(b, "holds", true), how_of(v));
    counterexample(res, v);
  } else if (k == "generalized_hybrid_momentum_map") {
    if (in.generators.empty()) doc.fail(b, "a momentum-map claim needs 'symmetry' in the system file; expected it, got none");
    const auto v = generalized_hybrid_momentum_map(H, in.generators, c.d.mu, doc.boolean(b, "with_conditions", false));
    std::string only;
    if (b["component"]) only = component(doc, b, H).name;
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
    compare_claim(res, holds, doc.boolean(b, "holds", true), how);
  } else if (k == "force_symmetry") {
    const auto& fs = c.d.symmetry.generators[generator(doc, b, in)];
    const std::string how = "F(xi^c) = 0: " + fs.force_on_lift.how() + "; i_{xi^c} dF = 0: " + fs.force_invariant.how();
    compare_claim(res, fs.in_g_F(), doc.boolean(b, "holds", true), how);
  }
  return res;
}

}  // namespace

std::vector<ClaimResult> check_hybrid_claims(const SystemFile& file, const HybridDerived& d, const std::vector<Claim>& claims,
                                             const ClaimsContext& context) {
  Context c{file, d, d.in.reader, d.in.reduction_reader};
  for (std::size_t a = 0; a < d.in.generators.size(); ++a) c.original.declare("J_" + d.in.generators[a].name, d.momenta[a]);
  apply_context(context, c.original);
  apply_context(context, c.reduced);
  std::vector<ClaimResult> out;
  for (const auto& cl : claims) out.push_back(check_one(c, cl));
  return out;
}

}  // namespace hamel
