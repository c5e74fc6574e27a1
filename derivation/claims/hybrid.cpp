// derivation/claims/hybrid.cpp — each hybrid claim kind finds its derived object and compares
// (derivation/claims.hpp compare_claim).
#include "derivation/claims/hybrid.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <sstream>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "core/symbolic.hpp"
#include "derivation/hybrid.hpp"
#include "geometry/lifts.hpp"
#include "reduction/hybrid/reduced_simulation.hpp"

namespace hamel {

// Listed by hand, not from checks(): this order (the docs' order) is the one messages list them in.
std::vector<std::string> hybrid_claim_kinds() {
  return {"forced_lagrangian", "legendre_hamiltonian", "hamiltonian_field", "lagrangian_force", "hamiltonian_force",
          "forced_acceleration", "noether_momentum", "routhian", "routh_force", "routh_acceleration", "routh_reconstruction",
          "impact_relation", "switching_condition", "hybrid_constant", "hybrid_action", "hybrid_momentum_map",
          "generalized_hybrid_momentum_map", "force_symmetry", "identity"};
}

namespace {

using GiNaC::ex;

std::string how_of(const HybridVerdict& v) {
  std::string how = v.how;
  if (!v.holds && !v.failed.empty()) how = "fails: " + v.failed + "; " + how;
  return how;
}

// The witness as text and, for `hamel check --json`, by name (the same names and digits).
void set_witness(ClaimResult& res, const SamplePoint& p, const std::string& values) {
  res.counterexample = describe_sample(p) + values;
  res.point = sample_items(p);
}

std::string twelve(double v) {
  std::ostringstream os;
  os.precision(12);
  os << v;
  return os.str();
}

void counterexample(ClaimResult& res, const HybridVerdict& v) {
  if (v.counterexample) set_witness(res, *v.counterexample, v.note.empty() ? "" : "; " + v.note);
}

// The system and what is derived once from it (shared by every claim).
struct Derived : HybridBasics {
  HybridSystem in;
};

// One claim being checked against the derived state.
struct ClaimEnv {
  const Derived& d;
  const HybridClaim& c;

  const HybridSystem& in() const { return d.in; }
  const SimpleHybridSystem& H() const { return *d.in.system; }
  const ForcedLagrangianSystem& s() const { return H().system(); }
  // the claimed value with J_<generator> replaced by the derived momenta
  ex value(std::size_t i = 0) const {
    GiNaC::exmap J;
    for (std::size_t a = 0; a < c.symbols.momenta.size() && a < d.momenta.size(); ++a) J[c.symbols.momenta[a]] = d.momenta[a];
    return c.values[i].subs(J);
  }
  const SwitchingComponent& component(const SimpleHybridSystem& HH) const {
    for (const auto& C : HH.components())
      if (C.name == c.component) return C;
    throw InvalidArgument("hybrid claim: unknown guard '" + c.component + "'");  // the reader checks the names
  }
};

using Check = std::function<void(const ClaimEnv&, ClaimResult&)>;

void forced_lagrangian(const ClaimEnv& e, ClaimResult& res) {
  if (e.c.reduced) {
    const auto& R = *e.in().reduction;
    compare_claim(res, R.system.system().lagrangian(), e.value(), tangent_bundle(R.change.to));
  } else {
    compare_claim(res, e.s().lagrangian(), e.value(), e.s().tangent_chart());
  }
}

void legendre_hamiltonian(const ClaimEnv& e, ClaimResult& res) {
  compare_claim(res, e.d.hamiltonian.hamiltonian(), e.value(), cotangent_bundle(e.s().chart()));
}

void hamiltonian_field(const ClaimEnv& e, ClaimResult& res) {
  compare_claim(res, e.d.hamiltonian_field[e.c.index], e.value(), cotangent_bundle(e.s().chart()));
}

void hamiltonian_force(const ClaimEnv& e, ClaimResult& res) {
  compare_claim(res, e.d.hamiltonian.force()[e.c.index], e.value(), cotangent_bundle(e.s().chart()));
}

// lagrangian_force and forced_acceleration: an entry of F or of the forced Euler-Lagrange field,
// of the original system or of the reduction's.
void force_or_acceleration(const ClaimEnv& e, ClaimResult& res) {
  const ForcedLagrangianSystem& sys = e.c.reduced ? e.in().reduction->system.system() : e.s();
  const std::size_t i = e.c.index;
  // the accelerations are the second half of the field on TQ (the original dimension, as before the split)
  const ex derived = e.c.kind == "lagrangian_force" ? sys.force()[i] : forced_euler_lagrange_field(sys)[e.s().dim() + i];
  compare_claim(res, derived, e.value(), sys.tangent_chart());
}

void noether_momentum(const ClaimEnv& e, ClaimResult& res) {
  const std::size_t a = e.c.index;
  if (e.c.reduced) {
    const auto& R = *e.in().reduction;
    compare_claim(res, lagrangian_momentum(R.system.system(), R.generators[a].xi), e.value(), R.system.system().tangent_chart());
  } else {
    compare_claim(res, e.d.momenta[a], e.value(), e.s().tangent_chart());
  }
}

void routhian(const ClaimEnv& e, ClaimResult& res) {
  compare_claim(res, e.in().reduction->routh.routhian, e.value(), tangent_bundle(e.in().reduction->change.to));
}

// routh_force, routh_acceleration (indexed by the shape coordinates) and routh_reconstruction
// (indexed by the cyclic ones).
void routh_entry(const ClaimEnv& e, ClaimResult& res) {
  const auto& r = e.in().reduction->routh;
  const bool cyclic = e.c.kind == "routh_reconstruction";
  const auto& idx = cyclic ? r.cyclic : r.shape;
  const auto j = static_cast<std::size_t>(std::find(idx.begin(), idx.end(), e.c.index) - idx.begin());
  const ex derived = e.c.kind == "routh_force" ? r.reduced_force[j] : e.c.kind == "routh_acceleration" ? r.acceleration[j] : r.theta_dot[j];
  compare_claim(res, derived, e.value(), tangent_bundle(e.in().reduction->change.to));
}

// What each <velocity>_plus (and <mu>_plus or J_<generator>_plus) is after the impact at C.
GiNaC::exmap after_impact_values(const ClaimEnv& e, const SimpleHybridSystem& HH, const SwitchingComponent& C) {
  GiNaC::exmap plus;
  const auto& sym = e.c.symbols;
  for (std::size_t i = 0; i < sym.velocity_plus.size(); ++i) plus[sym.velocity_plus[i]] = C.reset[i];
  if (e.c.reduced) {
    const auto& R = *e.in().reduction;
    for (std::size_t a = 0; a < R.routh.mu.size() && a < sym.momentum_plus.size(); ++a) {
      plus[sym.momentum_plus[a]] = after_impact(HH, C, R.routh.momentum[a]);
      plus[R.routh.mu[a]] = R.routh.momentum[a];
    }
  } else {
    for (std::size_t a = 0; a < e.in().generators.size() && a < sym.momentum_plus.size(); ++a)
      plus[sym.momentum_plus[a]] = after_impact(HH, C, e.d.momenta[a]);
  }
  return plus;
}

// lhs = rhs on the impact surface of a guard, after the reset.
void impact_relation(const ClaimEnv& e, ClaimResult& res) {
  const SimpleHybridSystem& HH = e.c.reduced ? e.in().reduction->system : e.H();
  const SwitchingComponent& C = e.component(HH);
  const GiNaC::exmap plus = after_impact_values(e, HH, C);
  const ex lhs = e.value(0), rhs = e.value(1);
  const GiNaC::exmap& assume = e.c.assume;
  const ex l = lhs.subs(plus).subs(assume), rr = rhs.subs(plus).subs(assume);
  SurfacePiece S = surface_piece(HH, C, e.c.with_conditions);
  for (auto& q : S.equations) q = q.subs(assume);
  S.normal = S.normal.subs(assume);
  const SurfaceVerdict v = zero_on_surface((lhs - rhs).subs(plus).subs(assume), S);
  res.holds = v.zero;
  res.how = v.how;
  res.derived = to_text(pretty(l));
  res.claimed = to_text(rhs);
  if (v.witness) {
    std::string vals;
    try {  // the values are a courtesy: an evaluation failure must not hide the verdict
      res.derived_at = twelve(evaluate_at(l, *v.witness));
      res.claimed_at = twelve(evaluate_at(rr, *v.witness));
      vals = " (lhs = " + res.derived_at + ", rhs = " + res.claimed_at + ")";
    } catch (const std::exception&) {
      res.derived_at.clear(), res.claimed_at.clear();
    }
    set_witness(res, *v.witness, vals);
  }
}

// When the two conditions are not a positive multiple of each other: compare their signs at points of
// h = 0 sampled where both are defined; a point where exactly one holds is the counterexample.
void compare_signs(const ClaimEnv& e, const SimpleHybridSystem& HH, const SwitchingComponent& C, const ex& ds, const ex& cs,
                   ClaimResult& res) {
  SurfacePiece S = surface_piece(HH, C, e.c.with_conditions);
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
      res.derived_at = twelve(a);
      res.claimed_at = twelve(bb);
      set_witness(res, p, " (derived " + res.derived_at + ", claimed " + res.claimed_at + ")");
      return;
    }
  }
}

// The claimed condition 'value > 0' (or < 0 with sign: negative) against the guard's crossing condition.
void switching_condition(const ClaimEnv& e, ClaimResult& res) {
  const SimpleHybridSystem& HH = e.c.reduced ? e.in().reduction->system : e.H();
  const SwitchingComponent& C = e.component(HH);
  ex sigma = normal_velocity(HH.system(), C.surface);
  if (e.c.reduced)
    for (const auto& rc : e.in().reduction->routh.components)
      if (rc.name == C.name) sigma = rc.normal;
  const ex claimed = e.value();
  const ex cs = e.c.negative ? -claimed : claimed;
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
  const auto v = hybrid_constant_of_motion(e.H(), e.value(), e.c.with_conditions);
  compare_claim(res, v.holds, e.c.holds, how_of(v));
  counterexample(res, v);
}

void hybrid_action_claim(const ClaimEnv& e, ClaimResult& res) {
  const auto v = hybrid_action(e.H(), e.in().generators[e.c.index], e.c.with_conditions);
  const HybridVerdict& first = !v.preserves_surface.holds ? v.preserves_surface : v.equivariant;
  const std::string how = v.lagrangian_invariant.zero ? how_of(first) : "fails: xi^c(L) = 0; " + v.lagrangian_invariant.how();
  compare_claim(res, v.holds(), e.c.holds, how);
  if (v.lagrangian_invariant.zero) counterexample(res, first);
}

void hybrid_momentum_map_claim(const ClaimEnv& e, ClaimResult& res) {
  const auto v = hybrid_momentum_map(e.H(), e.in().generators, e.c.with_conditions);
  compare_claim(res, v.holds, e.c.holds, how_of(v));
  counterexample(res, v);
}

// Every guard (or only 'component'): the first that fails decides, with its pair of points.
void generalized_momentum_map_claim(const ClaimEnv& e, ClaimResult& res) {
  const auto v = generalized_hybrid_momentum_map(e.H(), e.in().generators, e.d.mu, e.c.with_conditions);
  const std::string& only = e.c.component;
  bool holds = true;
  std::string how;
  for (const auto& gc : v.components) {
    if (!only.empty() && gc.name != only) continue;
    if (holds && !gc.holds) {
      holds = false;
      how = gc.name + ": " + gc.how;
      if (gc.first && gc.second) {
        // two states: the second's names get a suffix _2 in the JSON point
        set_witness(res, *gc.first, " and " + describe_sample(*gc.second));
        for (const auto& [n, x] : sample_items(*gc.second)) res.point.emplace_back(n + "_2", x);
      }
    } else if (holds) {
      how += (how.empty() ? "" : "; ") + gc.name + ": " + gc.how;
    }
  }
  compare_claim(res, holds, e.c.holds, how);
}

void force_symmetry(const ClaimEnv& e, ClaimResult& res) {
  const auto& fs = e.d.symmetry.generators[e.c.index];
  const std::string how = "F(xi^c) = 0: " + fs.force_on_lift.how() + "; i_{xi^c} dF = 0: " + fs.force_invariant.how();
  compare_claim(res, fs.in_g_F(), e.c.holds, how);
}

// lhs = rhs as functions of (t, q, q̇, p) and the parameters (issue 19 §7): a printed abbreviation or
// a simplification of the paper, checked like every other claim.
void identity(const ClaimEnv& e, ClaimResult& res) {
  compare_claim(res, e.value(0), e.value(1), e.s().tangent_chart());
  res.derived = to_text(e.value(0));
  res.claimed = to_text(e.value(1));
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
      {"generalized_hybrid_momentum_map", generalized_momentum_map_claim}, {"force_symmetry", force_symmetry},
      {"identity", identity}};
  return table;
}

}  // namespace

std::vector<ClaimResult> check_hybrid_claims(const HybridInput& input, const std::vector<HybridClaim>& claims) {
  HybridSystem in = build_hybrid_system(input);
  HybridBasics b = hybrid_basics(in);
  const Derived d{std::move(b), std::move(in)};
  return check_each<ClaimEnv>(d, claims, checks());
}

}  // namespace hamel
