// derivation/hybrid.cpp — the derivation of a forced / hybrid system, step by step into the model.
#include "derivation/hybrid.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "core/symbolic.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/hybrid/on_surface.hpp"
#include "reduction/hybrid/reduced_simulation.hpp"

#include "core/number_text.hpp"
#include "derivation/domain_exits.hpp"
#include "derivation/steps.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

// A sampled point as a verdict's witness, in name order (the model's convention).
void set_witness(Verdict& v, const SamplePoint& p) {
  for (const auto& [k, x] : p) {
    const ex e = x.evalf();
    v.witness.emplace_back(detail::str(k), GiNaC::is_a<GiNaC::numeric>(e) ? number_text(GiNaC::ex_to<GiNaC::numeric>(e).to_double(), 6)
                                                                          : detail::str(e));
  }
  std::sort(v.witness.begin(), v.witness.end());
}

// The failed condition and what was seen at the counterexample stay in the method; the point is the witness.
Verdict& hybrid_verdict(DerivationSection& s, const std::string& id, const std::string& statement, const HybridVerdict& h) {
  std::string how = h.how;
  if (!h.holds && !h.failed.empty()) how = "fails: " + h.failed + "; " + how;
  if (!h.holds && !h.note.empty()) how += "; " + h.note;
  Verdict& v = s.verdict(id, statement, h.holds, how);
  if (!h.holds && h.counterexample) set_witness(v, *h.counterexample);
  return v;
}

// A fact the derivation establishes: either outcome is a result, not a failure.
Verdict& fact(Verdict& v, const std::string& reason) {
  v.expected = std::nullopt;
  v.reason = reason;
  return v;
}

// One domain's dynamics with the guards that leave it. A system of one domain has one view, unnamed,
// whose ids are the plain "hybrid.<what>"; an automaton's are "hybrid.domains.<d>.<what>".
struct DomainView {
  std::string name;
  SimpleHybridSystem system;

  std::string id(const std::string& what) const { return name.empty() ? "hybrid." + what : "hybrid.domains." + name + "." + what; }
  std::string in() const { return name.empty() ? "" : " in domain " + name; }
};

// Every domain in the file's order (the verdicts over them do not depend on it).
std::vector<DomainView> domain_views(const HybridSystem& in) {
  if (!in.automaton) return {DomainView{"", *in.system}};
  const HybridAutomaton& A = *in.automaton;
  std::vector<DomainView> out;
  for (DomainId v = 0; v < A.domains(); ++v) {
    std::vector<SwitchingComponent> leaving;
    for (const TransitionId e : A.out_transitions(v)) leaving.push_back(A.guard(e));
    out.push_back(DomainView{A.domain(v).name, SimpleHybridSystem(*A.domain(v).system, leaving)});
  }
  return out;
}

// The target domain of the guard named C (automata only).
std::string target_of(const HybridSystem& in, const std::string& C) {
  if (!in.automaton) return "";
  for (const TransitionId e : in.automaton->all_transitions())
    if (in.automaton->guard(e).name == C) return in.automaton->domain(in.automaton->target(e)).name;
  return "";
}

// A check over every domain (check(k) on ds[k]): it holds when it holds on each; the first domain
// where it fails decides. With one domain this is that domain's verdict unchanged.
template <class Check>
HybridVerdict over_domains(const std::vector<DomainView>& ds, const Check& check) {
  if (ds.size() == 1) return check(0);
  HybridVerdict out;
  out.holds = true;
  for (std::size_t k = 0; k < ds.size(); ++k) {
    HybridVerdict v = check(k);
    if (!v.holds) {
      v.failed = (v.failed.empty() ? "" : v.failed + " ") + "in domain " + ds[k].name;
      return v;
    }
    out.how += (out.how.empty() ? "" : "; ") + ds[k].name + ": " + v.how;
  }
  return out;
}

// The same for a zero test: the first domain where the expression is not zero decides.
template <class Check>
ZeroVerdict zero_over_domains(const std::vector<DomainView>& ds, const Check& check) {
  ZeroVerdict out = check(0);
  for (std::size_t k = 1; k < ds.size() && out.zero; ++k) out = check(k);
  return out;
}

std::string direction_text(Direction d) {
  switch (d) {
    case Direction::Falling: return "falling ($h$ goes from $> 0$ to $< 0$: $sigma < 0$)";
    case Direction::Rising: return "rising ($h$ goes from $< 0$ to $> 0$: $sigma > 0$)";
    case Direction::Either: return "either direction ($sigma != 0$)";
  }
  return "";
}

std::string direction_name(Direction d) {
  return d == Direction::Falling ? "falling" : d == Direction::Rising ? "rising" : "either";
}

void declare_symbols(const HybridSystem& in, const HybridBasics& b, Derivation& d) {
  const Chart& Q = in.system->system().chart();
  if (in.time) d.declare(detail::str(*in.time), SymbolKind::Variable, "time");
  const Chart TsQ = cotangent_bundle(Q);
  for (std::size_t i = 0; i < Q.dim(); ++i)
    d.declare(TsQ.coordinate_name(Q.dim() + i), SymbolKind::Momentum, "momentum conjugate to " + Q.coordinate_name(i));
  for (std::size_t a = 0; a < b.mu.size(); ++a)
    d.declare(detail::str(b.mu[a]), SymbolKind::Variable, "value of J_" + in.generators[a].name + " before an impact");
  if (!in.reduction) return;
  const Chart& U = in.reduction->change.to;
  const Chart TU = tangent_bundle(U);
  for (std::size_t i = 0; i < U.dim(); ++i) d.declare(U.coordinate_name(i), SymbolKind::Coordinate, "coordinate of the reduction");
  for (std::size_t i = 0; i < U.dim(); ++i) d.declare(TU.coordinate_name(U.dim() + i), SymbolKind::Velocity);
  const auto& r = in.reduction->routh;
  for (std::size_t a = 0; a < r.mu.size(); ++a)
    d.declare(detail::str(r.mu[a]), SymbolKind::Parameter, "value of the momentum of " + U.coordinate_name(r.cyclic[a]));
}

// 000 §2.2 (§5 when time-dependent): L, E_L, F^L and the accelerations of X_{L,F^L}.
void lagrangian_system(const HybridSystem& in, const DomainView& d, const HybridBasics& b, DerivationSection& s) {
  const ForcedLagrangianSystem& sys = d.system.system();
  const Chart& Q = sys.chart();
  const std::size_t n = Q.dim();
  s.prose.push_back("Coordinates " + coordinate_list(Q) + " on $Q$" +
                    (in.time ? "; time-dependent, time $" + detail::str(*in.time) + "$ (dynamics $X_t = ∂/∂t + X$ on $R × TQ$)" : "") +
                    ". Sign convention: forces enter with a minus sign, $d/dt ∂L/∂q_dot - ∂L/∂q = -F^L$ ($F$ is minus the "
                    "Newtonian force).");
  if (in.force_on_momenta)
    s.prose.push_back("The force was given on $T∗Q$; $F^L = FL∗F$, $F^L_i(q, q_dot) = F_i(q, ∂L/∂q_dot)$.");
  s.object(d.id("lagrangian"), ObjectKind::Scalar, "the Lagrangian").add({}, Label::symbol("L"), simplify(sys.lagrangian()));
  s.object(d.id("energy"), ObjectKind::Scalar, "the energy").add({}, Label::symbol("E_L"), simplify(lagrangian_energy(sys)));
  Object& F = s.object(d.id("force_lagrangian"), ObjectKind::Family, "the force $F^L$ on the tangent bundle");
  Object& A = s.object(d.id("accelerations"), ObjectKind::Equations, "the forced Euler-Lagrange equations");
  for (std::size_t i = 0; i < n; ++i) {
    const std::string c = Q.coordinate_name(i);
    F.add({c}, Label::symbol("F", {c}, {"L"}), simplify(sys.force()[i]));
    A.add({c + "_dot"}, Label::dot(c + "_dot"), simplify(b.field[n + i]));
  }
}

// Every defect vanishes: the first that does not decides.
ZeroVerdict all_zero(const std::vector<ex>& defects, const Chart& chart) {
  ZeroVerdict v;
  v.zero = true;
  for (const ex& e : defects)
    if (v.zero) v = zero_test(e, chart);
  return v;
}

// 000 §2.2: H, F on T*Q and X_{H,F}; Props. 1 and 6 and the cosymplectic form of §5.
void hamiltonian_system(const HybridSystem& in, const DomainView& d, const HybridBasics& b, DerivationSection& s) {
  const ForcedLagrangianSystem& sys = d.system.system();
  const Chart& Q = sys.chart();
  const Chart TsQ = cotangent_bundle(Q);
  s.object(d.id("hamiltonian"), ObjectKind::Scalar, "the Hamiltonian").add({}, Label::symbol("H"), simplify(b.hamiltonian.hamiltonian()));
  Object& F = s.object(d.id("force_hamiltonian"), ObjectKind::Family, "the force $F$ on the cotangent bundle (the others vanish)");
  for (std::size_t i = 0; i < Q.dim(); ++i)
    if (!b.hamiltonian.force()[i].is_zero())
      F.add({Q.coordinate_name(i)}, Label::symbol("F", {Q.coordinate_name(i)}), simplify(b.hamiltonian.force()[i]));
  Object& X = s.object(d.id("hamiltonian_field"), ObjectKind::Equations, "the forced Hamiltonian vector field");
  for (std::size_t i = 0; i < 2 * Q.dim(); ++i)
    X.add({TsQ.coordinate_name(i)}, Label::dot(TsQ.coordinate_name(i)), simplify(b.hamiltonian_field[i]));
  zero_verdict(s, d.id("legendre"), std::string("$T FL$ maps $X_{L,F^L}$ to $X_{H,F}$ (") + (in.time ? "Prop. 6" : "Prop. 1") + ")",
               all_zero(legendre_relatedness_defect(sys), sys.tangent_chart()));
  if (in.time)
    zero_verdict(s, d.id("cosymplectic"),
                 "cosymplectic: $i_X omega = dH - R(H) eta + F$ and $i_X eta = 1$ for $X = X_{H,F,t}$ (section 5)",
                 all_zero(cosymplectic_defect(b.hamiltonian), TsQ));
}

// g_F = span{…} with the basis as combinations of the generators (1 ξ written ξ), or {0}.
std::string g_F_basis(const HybridSystem& in, const ForceSymmetryAlgebra& a) {
  if (a.basis.empty()) return "{0}";
  std::string basis;
  for (const auto& row : a.basis) {
    std::string e;
    for (std::size_t k = 0; k < row.size(); ++k) {
      if (row[k].is_zero()) continue;
      const std::string c = row[k].is_equal(1) ? "" : row[k].is_equal(-1) ? "-" : detail::str(row[k]) + " ";
      e += (e.empty() ? "" : " + ") + c + in.generators[k].name;
    }
    basis += (basis.empty() ? "" : ", ") + (e.empty() ? std::string("0") : e);
  }
  return "span{" + basis + "}";
}

// 000 §4: J^ξ, the conditions of g_F and Noether's theorem with forces, per generator.
void symmetries(const HybridSystem& in, const DomainView& d, const HybridBasics& b, DerivationSection& s) {
  Object& J = s.object(d.id("momenta"), ObjectKind::Family, "the momenta of the generators");
  for (std::size_t a = 0; a < in.generators.size(); ++a) {
    const std::string& g = in.generators[a].name;
    const auto& fs = b.symmetry.generators[a];
    const std::string id = d.id("symmetry." + g);
    J.add({g}, Label::symbol("J", {g}), simplify(fs.momentum));
    zero_verdict(s, id + ".lagrangian_invariant", g + ": $xi^c(L) = 0$", fs.lagrangian_invariant);
    const std::string g_F = "whether the generator lies in the force symmetry algebra $g_F$ depends on the force (000 section 4)";
    fact(zero_verdict(s, id + ".force_on_lift", g + ": $F(xi^c) = 0$", fs.force_on_lift), g_F);
    fact(zero_verdict(s, id + ".force_invariant", g + ": $i_{xi^c} dF = 0$", fs.force_invariant), g_F);
    zero_verdict(s, id + ".conservation_identity", g + ": $X(J) = -F(xi^c)$ ($J$ conserved iff $F(xi^c) = 0$)", fs.conservation_identity);
    Verdict& c = zero_verdict(s, id + ".conserved", g + ": $J_" + g + "$ is conserved by the flow", fs.conserved);
    c.expected = fs.force_on_lift.zero;
    c.reason = "$J$ is conserved iff $F(xi^c) = 0$ (000 section 4)";
  }
  s.prose.push_back("g_F = " + g_F_basis(in, b.symmetry) + " (" + b.symmetry.how + ").");
}

// One component's surface, normal velocity, reset and energy jump (000 Defs. 1-2, 10).
void component(const SimpleHybridSystem& H, const SwitchingComponent& C, DerivationSection& s) {
  const ForcedLagrangianSystem& sys = H.system();
  const Chart& Q = sys.chart();
  const std::string id = "hybrid.components." + C.name;
  s.object(id + ".surface", ObjectKind::Scalar, "the switching surface").add({}, Label::symbol("h", {C.name}), C.surface);
  s.object(id + ".normal_velocity", ObjectKind::Scalar, "its normal velocity $sigma$, the derivative of $h$ along the motion")
      .add({}, Label::symbol("sigma", {C.name}), simplify(normal_velocity(sys, C.surface)));
  Object& R = s.object(id + ".reset", ObjectKind::Family, "the velocities after the impact (the others are unchanged)");
  for (std::size_t i = 0; i < Q.dim(); ++i) {
    const std::string v = Q.coordinate_name(i) + "_dot";
    if (!C.reset[i].is_equal(sys.velocities()[i])) R.add({v}, Label::symbol(v, {C.name}, {"+"}), simplify(C.reset[i]));
  }
  const ex E = lagrangian_energy(sys);
  s.object(id + ".energy_jump", ObjectKind::Scalar, "the jump of the energy $E_L$ at the impact (after minus before)")
      .add({}, Label::symbol("Delta", {"E_L", C.name}), simplify(after_impact(H, C, E) - E));
}

// Whether an explicit reset is the Newtonian impact (15) with e = 1 (a fact: the user's law may be another).
void newtonian_check(const SimpleHybridSystem& H, const SwitchingComponent& C, DerivationSection& s) {
  const ForcedLagrangianSystem& sys = H.system();
  const auto P = newtonian_impact(sys, C.surface, 1);
  SurfaceVerdict v;
  v.zero = true;
  for (std::size_t i = 0; i < sys.chart().dim() && v.zero; ++i) v = zero_on_surface(C.reset[i] - P[i], surface_piece(H, C, false));
  Verdict& out = s.verdict("hybrid.components." + C.name + ".newtonian",
                           "the reset of " + C.name + " is the Newtonian impact (15) with e = 1 (moving surfaces: with d_t h)",
                           v.zero, v.how);
  if (v.witness) set_witness(out, *v.witness);
  fact(out, "an explicit reset is the system's own impact law (e.g. rolling without slipping), not necessarily (15)");
}

// What every impact law must do (000 Def. 1: the motion leaves S), and whether it can raise E_L.
void reset_checks(const SimpleHybridSystem& H, const SwitchingComponent& C, DerivationSection& s) {
  const std::string id = "hybrid.components." + C.name;
  hybrid_verdict(s, id + ".reverses_crossing",
                 "the reset of " + C.name + " sends the motion back across S ($sigma o Delta$ has the opposite sign to $sigma$)",
                 reset_reverses_crossing(H, C));
  fact(hybrid_verdict(s, id + ".energy_not_increased", "the reset of " + C.name + " does not increase $E_L$ ($Delta E_L <= 0$ on S)",
                      reset_does_not_raise_energy(H, C)),
       "a moving wall or an active impact law may add energy; a passive one with $0 <= e <= 1$ does not (Remark 6)");
}

Paragraph conditions_prose(const SwitchingComponent& C) {
  Paragraph p(C.name + " as the paper states it also requires ");
  for (std::size_t k = 0; k < C.conditions.size(); ++k) p.words(k ? ", " : "").formula(C.conditions[k]).words(" = 0");
  return p.words(": with them $S$ has codimension " + std::to_string(1 + C.conditions.size()) +
                 " in $TQ$, so generic trajectories never meet it (the simulation uses $h$ alone); checks are made with and without them.");
}

// The directions and restitutions as data: a table (component, direction, restitution, and for an
// automaton the domains it leads from and to). Every guard of every domain, each in its source's dynamics.
void switching(const HybridSystem& in, const std::vector<DomainView>& ds, DerivationSection& s) {
  s.prose.push_back("Each component $C$: ${h = 0}$ with a direction condition on $sigma = dh/dt$ along the motion; "
                    "the impact map fixes $q$ and $t$ (erratum 1) and resets the velocities.");
  const bool multi = ds.size() > 1;
  Table t{"hybrid.components", "Components: direction of crossing and restitution (none: an explicit reset)", {"C", "direction", "e"}, {}};
  if (multi) t.columns.insert(t.columns.end(), {"from", "to"});
  for (const auto& d : ds)
    for (const auto& C : d.system.components()) {
      const std::string edge = multi ? " from " + d.name + " to " + target_of(in, C.name) : "";
      s.prose.push_back(C.name + edge + ": " + direction_text(C.direction) +
                        (C.restitution ? "; Newtonian impact (15) with restitution $e = " + detail::str(*C.restitution) + "$" : "") + ".");
      if (!C.conditions.empty()) s.prose.push_back(conditions_prose(C));
      t.rows.push_back({C.name, direction_name(C.direction), C.restitution ? to_text(*C.restitution) : "none"});
      if (multi) t.rows.back().insert(t.rows.back().end(), {d.name, target_of(in, C.name)});
      component(d.system, C, s);
      // an impact keeps the domain; a transition to another one (a rough patch entered) keeps the
      // velocity by design, and its crossing is not reversed
      if (!multi || target_of(in, C.name) == d.name) reset_checks(d.system, C, s);
      if (!C.restitution) newtonian_check(d.system, C, s);
    }
  s.tables.push_back(t);
}


// A run stopped by Zeno accumulation has up to max_impacts rows: the reports show the first ones, as
// `hamel simulate` does, and the last few (the approach to the accumulation time).
constexpr std::size_t kImpactsShown = 20, kLastImpactsShown = 3;

const char* const kHybridConstant =
    "Def. 4 asks $f o Delta = f$ on $S$ besides conservation by the flow; forces and impacts need not preserve $f$";

// Def. 4 and the three conditions of a hybrid action (000 section 4), for one generator.
void generator_checks(const HybridSystem& in, const std::vector<DomainView>& ds, const HybridBasics& b, std::size_t a, bool wc,
                      DerivationSection& s) {
  const std::string on = wc ? " on the paper's $S$ (with its conditions)" : "";
  const std::string sfx = wc ? ".with_conditions" : "";
  const auto& g = in.generators[a];
  fact(hybrid_verdict(s, "hybrid.constant.J_" + g.name + sfx, "J_" + g.name + " is a hybrid constant of the motion (Def. 4)" + on,
                      over_domains(ds, [&](std::size_t k) { return hybrid_constant_of_motion(ds[k].system, b.momenta[a], wc); })),
       kHybridConstant);
  std::vector<HybridActionVerdict> acts;
  for (const auto& d : ds) acts.push_back(hybrid_action(d.system, g, wc));
  const auto part = [&](HybridVerdict HybridActionVerdict::*p) {
    return over_domains(ds, [&](std::size_t k) { return acts[k].*p; });
  };
  const std::string id = "hybrid.action." + g.name + sfx, what = g.name + " is a hybrid action" + on;
  zero_verdict(s, id + ".lagrangian_invariant", what + ": $xi^c(L) = 0$",
               zero_over_domains(ds, [&](std::size_t k) { return acts[k].lagrangian_invariant; }));
  fact(hybrid_verdict(s, id + ".preserves_surface", what + ": maps $S$ to itself", part(&HybridActionVerdict::preserves_surface)),
       "a symmetry of $L$ need not map $S$ to itself: Example 1's rotation does not (erratum 22)");
  fact(hybrid_verdict(s, id + ".equivariant", what + ": $Delta$ is equivariant", part(&HybridActionVerdict::equivariant)),
       "an isometric action makes $Delta$ equivariant only if $h$ is invariant too (erratum 11)");
}

// Def. 8 on each component, with mu+ as a function of mu- where it is one.
void generalized_checks(const HybridSystem& in, const std::vector<DomainView>& ds, const HybridBasics& b, bool wc,
                        DerivationSection& s) {
  const std::string on = wc ? " on the paper's $S$ (with its conditions)" : "";
  const std::string sfx = wc ? ".with_conditions" : "";
  std::vector<GeneralizedComponent> components;
  for (const auto& d : ds) {
    const auto gm = generalized_hybrid_momentum_map(d.system, in.generators, b.mu, wc);
    components.insert(components.end(), gm.components.begin(), gm.components.end());
  }
  for (const auto& c : components) {
    const std::string id = "hybrid.generalized." + c.name + sfx;
    if (!c.mu_plus.empty()) {
      Object& o = s.object(id + ".mu_plus", ObjectKind::Family, "$mu+$ on " + c.name + on + " as a function of $mu-$");
      for (std::size_t a = 0; a < c.mu_plus.size(); ++a) {
        const std::string& g = in.generators[a].name;
        o.add({g}, Label::symbol("mu", {g, c.name}, {"+"}), c.mu_plus[a]);
      }
    }
    std::string how = c.how;
    if (c.first && c.second) how += "; states $" + describe_sample(*c.first) + "$ and $" + describe_sample(*c.second) + "$";
    fact(s.verdict(id, "$J$ is a generalized hybrid momentum map on " + c.name + " (Def. 8)" + on, c.holds, how),
         "on a codimension-1 $S$, $mu+$ need not be determined by $mu-$ (erratum 21)");
  }
}

// The checks of one reading of S: h alone, or with the paper's extra conditions.
// Over an automaton each verdict holds when it holds on every domain and every guard.
void hybrid_variant(const HybridSystem& in, const std::vector<DomainView>& ds, const HybridBasics& b, bool wc, DerivationSection& s) {
  const std::string on = wc ? " on the paper's $S$ (with its conditions)" : "";
  const std::string sfx = wc ? ".with_conditions" : "";
  for (std::size_t a = 0; a < in.generators.size(); ++a) generator_checks(in, ds, b, a, wc, s);
  for (const auto& [name, f] : in.constants) {
    const ex fn = f;  // clang 14: a lambda may not capture a structured binding
    fact(hybrid_verdict(s, "hybrid.constant." + name + sfx, name + " is a hybrid constant of the motion (Def. 4)" + on,
                        over_domains(ds, [&](std::size_t k) { return hybrid_constant_of_motion(ds[k].system, fn, wc); })),
         kHybridConstant);
  }
  fact(hybrid_verdict(s, "hybrid.constant.energy" + sfx, "the energy $E_L$ is a hybrid constant of the motion" + on,
                      over_domains(ds, [&](std::size_t k) {
                        return hybrid_constant_of_motion(ds[k].system, lagrangian_energy(ds[k].system.system()), wc);
                      })),
       "dissipative or time-dependent forces and inelastic or moving-wall impacts change $E_L$");
  if (in.generators.empty()) return;
  fact(hybrid_verdict(s, "hybrid.momentum_map" + sfx, "$J$ is a hybrid momentum map ((14) with $mu-$: $J o Delta = J$ on $S$)" + on,
                      over_domains(ds, [&](std::size_t k) { return hybrid_momentum_map(ds[k].system, in.generators, wc); })),
       "(14) with $mu-$ needs every impact to preserve $J$ (errata 10, 21)");
  generalized_checks(in, ds, b, wc, s);
}

void hybrid_checks(const HybridSystem& in, const std::vector<DomainView>& ds, const HybridBasics& b, DerivationSection& s) {
  bool conditions = false;
  for (const auto& d : ds)
    for (const auto& C : d.system.components()) conditions = conditions || !C.conditions.empty();
  hybrid_variant(in, ds, b, false, s);
  if (conditions) hybrid_variant(in, ds, b, true, s);
  if (!in.generators.empty())
    s.prose.push_back("$mu_g$ stands for the value of $J_g$ before the impact ($mu-$) for each generator $g$; $mu+$ is $J$ after it.");
}

// A multi-domain automaton: E_L and J domain by domain and transition by transition.
void automaton_checks(const HybridSystem& in, DerivationSection& s) {
  const HybridAutomaton& A = *in.automaton;
  s.prose.push_back(std::to_string(A.domains()) + " domains, " + std::to_string(A.transitions()) + " transitions (Boost.Graph).");
  const std::string why = "each domain's force and each transition's reset decide what is preserved";
  const auto where = [](const auto& v) { return v.edge.empty() ? v.from : v.edge; };
  for (const auto& v : hybrid_constant_by_edge(A, lagrangian_energy(in.system->system())))
    fact(hybrid_verdict(s, "hybrid.automaton.energy." + where(v),
                        "$E_L$ invariant " + (v.edge.empty() ? "on domain " + v.from : "across " + v.edge + " (" + v.from + " → " + v.to + ")"),
                        v.verdict),
         why);
  if (in.generators.empty()) return;
  for (const auto& v : hybrid_momentum_by_edge(A, in.generators))
    fact(hybrid_verdict(s, "hybrid.automaton.momentum." + where(v),
                        "$J$ preserved " + (v.edge.empty() ? "by the flow on " + v.from : "by " + v.edge + " (" + v.from + " → " + v.to + ")"),
                        v.verdict),
         why);
}


// The reduction's chart and the system written in it (when a `map` was given).
void reduction_chart(const HybridReduction& R, DerivationSection& s) {
  const Chart& Q = R.change.from;
  const Chart& U = R.change.to;
  const std::size_t n = U.dim();
  const ForcedLagrangianSystem& sys = R.system.system();
  s.prose.push_back("Coordinates " + coordinate_list(U) + " on $" + U.name() + "$:");
  Object& m = s.object("hybrid.reduction.map", ObjectKind::List, "the old coordinates in the new ones");
  for (std::size_t i = 0; i < n; ++i) m.add({Q.coordinate_name(i)}, Label::symbol(Q.coordinate_name(i)), R.change.q_of_u[i]);
  s.object("hybrid.reduction.lagrangian", ObjectKind::Scalar, "the Lagrangian").add({}, Label::symbol("L"), simplify(sys.lagrangian()));
  Object& F = s.object("hybrid.reduction.force", ObjectKind::Family, "the force $F^L$ (the others vanish)");
  Object& A = s.object("hybrid.reduction.full_accelerations", ObjectKind::Equations, "the forced Euler-Lagrange equations");
  const VectorField XU = forced_euler_lagrange_field(sys);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string c = U.coordinate_name(i);
    if (!sys.force()[i].is_zero()) F.add({c}, Label::symbol("F", {c}, {"L"}), simplify(sys.force()[i]));
    A.add({c + "_dot"}, Label::dot(c + "_dot"), simplify(XU[n + i]));
  }
}

// (9)-(11): the momenta, the reconstruction equations, R^mu, F_mu and the reduced accelerations.
void routh_objects(const HybridReduction& R, DerivationSection& s) {
  const auto& r = R.routh;
  const Chart& U = R.change.to;
  Object& J = s.object("hybrid.reduction.momenta", ObjectKind::Family, "the momenta of the cyclic coordinates");
  Object& T = s.object("hybrid.reduction.theta_dot", ObjectKind::Equations, "the reconstruction equations (11)");
  for (std::size_t a = 0; a < r.cyclic.size(); ++a) {
    const std::string c = U.coordinate_name(r.cyclic[a]);
    J.add({c}, Label::symbol("J", {c}), simplify(r.momentum[a]));
    T.add({c}, Label::dot(c), simplify(r.theta_dot[a]));
  }
  s.object("hybrid.reduction.routhian", ObjectKind::Scalar, "the Routhian (9)").add({}, Label::symbol("R", {}, {"mu"}), simplify(r.routhian));
  Object& F = s.object("hybrid.reduction.reduced_force", ObjectKind::Family, "the reduced force (10)");
  Object& A = s.object("hybrid.reduction.accelerations", ObjectKind::Equations, "the forced Routh equations");
  for (std::size_t j = 0; j < r.shape.size(); ++j) {
    const std::string c = U.coordinate_name(r.shape[j]);
    F.add({c}, Label::symbol("F_mu", {c}), simplify(r.reduced_force[j]));
    A.add({c + "_dot"}, Label::dot(c + "_dot"), simplify(r.acceleration[j]));
  }
}

// Section 2.3 (a) and the corrected closed form of Remark 2 (erratum 3), for L = ½ q̇ᵀ g q̇ − V.
void routh_checks(const HybridReduction& R, DerivationSection& s) {
  const auto& r = R.routh;
  const ForcedLagrangianSystem& sys = R.system.system();
  const Chart TU = tangent_bundle(R.change.to);
  zero_verdict(s, "hybrid.reduction.routh_equations", "the forced Routh equations are the full equations at $J = mu$ (section 2.3 (a))",
               all_zero(routh_defect(R.system, r), TU));
  GiNaC::exmap rest;
  for (const ex& v : sys.velocities()) rest[v] = 0;
  bool mechanical = true;  // no terms linear in the velocities: the closed form applies
  for (const ex& v : sys.velocities())
    mechanical = mechanical && is_zero(sys.lagrangian().diff(GiNaC::ex_to<GiNaC::symbol>(v)).subs(rest), TU);
  if (mechanical)
    zero_verdict(s, "hybrid.reduction.routhian_closed_form",
                 "$R^mu = 1/2 xdot^T (g_xx - g_xt g_tt^-1 g_tx) xdot + mu^T g_tt^-1 g_tx xdot - 1/2 mu^T g_tt^-1 mu - V$ (Remark 2 corrected)",
                 zero_test(r.routhian - mechanical_routhian(sys, r.cyclic, r.mu), TU));
}

// Each component on the quotient: h, sigma, the reduced reset and mu+, and whether they drop to it.
void reduced_components(const HybridReduction& R, DerivationSection& s) {
  const auto& r = R.routh;
  const Chart& U = R.change.to;
  for (const auto& C : r.components) {
    const std::string id = "hybrid.reduction.components." + C.name;
    s.object(id + ".surface", ObjectKind::Scalar, "the switching surface").add({}, Label::symbol("h", {C.name}), simplify(C.surface));
    s.object(id + ".normal_velocity", ObjectKind::Scalar, "its normal velocity at $J = mu$")
        .add({}, Label::symbol("sigma", {C.name}), simplify(C.normal));
    Object& x = s.object(id + ".reset", ObjectKind::Family, "the reduced impact map");
    for (std::size_t j = 0; j < r.shape.size(); ++j) {
      const std::string v = U.coordinate_name(r.shape[j]) + "_dot";
      x.add({v}, Label::symbol(v, {C.name}, {"+"}), simplify(C.reset[j]));
    }
    Object& m = s.object(id + ".mu_plus", ObjectKind::Family, "the momentum values after the impact");
    for (std::size_t a = 0; a < r.mu.size(); ++a) {
      const std::string mu = detail::str(r.mu[a]);
      m.add({mu}, Label::symbol(mu, {C.name}, {"+"}), simplify(C.mu_plus[a]));
    }
    fact(s.verdict(id + ".invariant", C.name + " drops to the quotient ($h$, the reduced impact map and $mu+$ free of the cyclic coordinates)",
                   C.invariant, C.invariant ? "symbolic (the expressions do not contain them)" : C.note),
         "Theorem 4 needs $S$ and $Delta$ invariant under the action; Example 1's depend on $theta$ (erratum 22)");
  }
}

void reduction(const HybridReduction& R, DerivationSection& s) {
  const auto& r = R.routh;
  if (R.changed) reduction_chart(R, s);
  // the paper's theta stands for each cyclic coordinate, by its own name
  std::string cyc, mus, momenta, dots, integrals;
  for (std::size_t a = 0; a < r.cyclic.size(); ++a) {
    const std::string c = R.change.to.coordinate_name(r.cyclic[a]), sep = a ? ", " : "";
    cyc += sep + c;
    mus += sep + detail::str(r.mu[a]);
    momenta += sep + "$J_" + c + " = ∂L/∂" + c + "_dot = " + detail::str(r.mu[a]) + "$";
    dots += sep + c + "_dot";
    integrals += std::string(a ? "; " : "") + "$" + c + "(t) = " + c + "(tau_i) + ∫_{tau_i}^t " + c + "_dot dt$";
  }
  s.prose.push_back("Cyclic coordinates $" + cyc + "$; momentum values $" + mus + "$ (" + momenta + ").");
  routh_objects(R, s);
  routh_checks(R, s);
  s.prose.push_back("Reconstruction (11)-(12) corrected: on $[tau_i, tau_{i+1}]$, $" + dots + "$ as above at that interval's momentum values $(" +
                    mus + ")$ and " + integrals + "; after each impact the values become $J o Delta$ ($mu_{i+1}$) and the reduced system is rebuilt.");
  reduced_components(R, s);
}


// The initial state in the reduction's coordinates: q0 = φ(u) solved near u = 1, velocities by Dφ⁻¹.
std::optional<State> reduced_start(const HybridReduction& R, const HybridSimulationSpec& spec) {
  const auto& cc = R.change;
  const std::size_t n = cc.from.dim();
  std::vector<ex> G;
  for (std::size_t i = 0; i < n; ++i) G.push_back(cc.q_of_u[i] - spec.initial[i]);
  SamplePoint start(spec.values.begin(), spec.values.end());
  for (const ex& u : cc.to.coordinates()) start[u] = 1.0;
  const auto found = project(G, cc.to.coordinates(), start);
  if (!found) return std::nullopt;
  const GiNaC::matrix D = jacobian(cc);
  const auto N = static_cast<Eigen::Index>(n);
  Eigen::MatrixXd Dn(N, N);
  Eigen::VectorXd qd(N);
  for (Eigen::Index i = 0; i < N; ++i) {
    for (Eigen::Index j = 0; j < N; ++j)
      Dn(i, j) = evaluate_at(D(static_cast<unsigned>(i), static_cast<unsigned>(j)), *found);
    qd(i) = spec.initial[n + static_cast<std::size_t>(i)];
  }
  const Eigen::VectorXd ud = Dn.lu().solve(qd);
  State x;
  for (const ex& u : cc.to.coordinates()) x.push_back(evaluate_at(u, *found));
  for (Eigen::Index i = 0; i < N; ++i) x.push_back(ud(i));
  return x;
}

// The reduced simulation with reconstruction, compared impact by impact with the full one; returns
// its impact times (empty when the initial state could not be moved to the reduction's chart).
std::vector<double> compare_reduced(const HybridReduction& R, const HybridSimulationSpec& spec, const HybridTrajectory& tr,
                                    DerivationSection& s) {
  const auto start = reduced_start(R, spec);
  if (!start) {
    s.verdict("hybrid.simulation.reduced_agrees", "reduced simulation + reconstruction agrees with the full one", false,
              "the initial state could not be written in the reduction's coordinates");
    return {};
  }
  HybridSimulationSpec rs = spec;
  rs.initial = *start;
  const ReducedTrajectory rr = simulate_reduced(R.system, R.routh, rs);
  // both runs stop by the same rule (mechanics/hybrid/impact_rule.hpp); the times are compared over the
  // impacts both have, and a different count or way of stopping is a disagreement, named as such
  const std::size_t nr = rr.impact_times.size(), nf = tr.impacts.size(), shared = std::min(nr, nf);
  double worst = 0;
  for (std::size_t k = 0; k < shared; ++k) worst = std::max(worst, std::fabs(rr.impact_times[k] - tr.impacts[k].t));
  const bool same_end = (rr.termination == Termination::Completed) == (tr.termination == Termination::Completed);
  std::string detail = std::to_string(nr) + " and " + std::to_string(nf) + " impacts; max |tau_reduced - tau_full| = " + number_text(worst, 3);
  if (nr != nf)
    detail = "the runs disagree: " + std::to_string(nr) + " impacts in the reduced run and " + std::to_string(nf) +
             " in the full one; over the first " + std::to_string(shared) + ", max |tau_reduced - tau_full| = " + number_text(worst, 3);
  if (!same_end)
    detail += "; the " + std::string(tr.termination == Termination::Completed ? "reduced" : "full") + " run stopped (" +
              (tr.termination == Termination::Completed ? rr.message : tr.message) + "), the other reached t_end";
  s.verdict("hybrid.simulation.reduced_agrees", "reduced simulation + reconstruction agrees with the full one (impact times to 1e-9)",
            nr == nf && same_end && worst < 1e-9, detail);
  return rr.impact_times;
}

// Impacts: time, guard and the state (positions, velocities before and after); the reduced run's
// times beside the full one's when there is one.
Table impacts_table(const HybridTrajectory& tr, const std::vector<double>& reduced_times, bool reduced) {
  const std::size_t n = tr.state_names.size() / 2;
  Table t{"hybrid.simulation.impacts",
          "Impacts: time t, component C, positions and velocities before (-) and after (+)", {"k", "t"}, {}, kImpactsShown,
          kLastImpactsShown};
  if (reduced) t.columns.push_back("t_reduced");
  t.columns.push_back("C");
  for (std::size_t i = 0; i < n; ++i) t.columns.push_back(tr.state_names[i]);
  for (const char* side : {"^-", "^+"})
    for (std::size_t i = n; i < 2 * n; ++i) t.columns.push_back(tr.state_names[i] + side);
  for (std::size_t k = 0; k < tr.impacts.size(); ++k) {
    const auto& i = tr.impacts[k];
    std::vector<std::string> row{std::to_string(k + 1), number_text(i.t)};
    if (reduced) row.push_back(k < reduced_times.size() ? number_text(reduced_times[k]) : "");
    row.push_back(i.guards);
    for (std::size_t j = 0; j < n; ++j) row.push_back(number_text(i.before[j], 8));
    for (const State* x : {&i.before, &i.after})
      for (std::size_t j = n; j < 2 * n; ++j) row.push_back(number_text((*x)[j], 8));
    t.rows.push_back(row);
  }
  return t;
}

// The energy and the observables (the momenta J) before and after each impact.
Table invariants_table(const HybridTrajectory& tr) {
  Table t{"hybrid.simulation.invariants", "Energy E_L and momenta before (-) and after (+) each impact",
          {"k", "t", "E_L^-", "E_L^+"}, {}, kImpactsShown, kLastImpactsShown};
  for (const auto& o : tr.observable_names) {
    t.columns.push_back(o + "^-");
    t.columns.push_back(o + "^+");
  }
  for (std::size_t k = 0; k < tr.impacts.size(); ++k) {
    const auto& i = tr.impacts[k];
    std::vector<std::string> row{std::to_string(k + 1), number_text(i.t), number_text(i.energy_before, 8), number_text(i.energy_after, 8)};
    for (std::size_t o = 0; o < i.observables_before.size(); ++o) {
      row.push_back(number_text(i.observables_before[o], 8));
      row.push_back(number_text(i.observables_after[o], 8));
    }
    t.rows.push_back(row);
  }
  return t;
}

// The plots, <base>-hybrid and <base>-hybrid-path (the PNG when gnuplot wrote one, for the LaTeX document).
void simulation_plots(const HybridSystem& in, const HybridSimulationSpec& spec, const HybridTrajectory& tr, const std::string& base,
                      DerivationSection& s) {
  if (base.empty() || tr.t.empty()) return;
  try {
    const HybridAutomaton A = in.automaton ? *in.automaton : as_automaton(*in.system);
    const RunFigures figures = hybrid_figures(A, spec, tr, in.simulation->plane, in.name);
    const RunPlotFiles files = plot_run(figures, hybrid_plot_base(base));
    const auto shown = [](const PlotFiles& f) { return f.png.empty() ? f.svg : f.png; };
    s.figures.push_back(Figure{shown(files.time), "coordinates, velocities, energy and momenta against time; dashed: the impacts"});
    if (files.path) s.figures.push_back(Figure{shown(*files.path), "the path in the configuration space, with the guards' zero sets"});
    if (figures.path)
      for (const LeftOut& l : figures.path->left_out)
        s.prose.push_back("Not drawn in the path: " + l.surface.title + " (" + l.why + "; its value is plotted against t).");
  } catch (const NotImplemented& e) {
    s.prose.push_back(std::string("No plot: ") + e.what());
  }
}

// 000 Def. 3: the hybrid flow from the file's initial state (and the reduced one, when asked).
void simulation(const HybridSystem& in, const DeriveOptions& o, DerivationSection& s) {
  const auto& si = *in.simulation;
  HybridSimulationSpec spec = si.spec;
  spec.compile.quiet = true;
  const HybridTrajectory tr = run_hybrid(in, spec);
  const std::string start = in.automaton ? " (starting in domain " + in.automaton->domain(spec.initial_domain).name + ")" : "";
  s.prose.push_back("From t = " + number_text(spec.t0) + " to " + number_text(spec.t1) + start + ": " + std::to_string(tr.impacts.size()) + " impacts, " +
                    std::to_string(tr.grazes.size()) + " grazes, " + std::to_string(tr.steps) + " steps; " +
                    (tr.message.empty() ? "completed" : tr.message) + ".");
  for (const std::string& exit : hybrid_domain_exits(in, spec, tr)) s.prose.push_back(exit + ".");
  s.verdict("hybrid.simulation.completed", "the simulation reaches t_end", tr.termination == Termination::Completed,
            tr.message.empty() ? "completed" : tr.message);
  const bool reduced = si.reduced && in.reduction;
  const std::vector<double> times = reduced ? compare_reduced(*in.reduction, spec, tr, s) : std::vector<double>{};
  s.tables.push_back(impacts_table(tr, times, reduced));
  s.tables.push_back(invariants_table(tr));
  simulation_plots(in, spec, tr, o.plot_base, s);
}

}  // namespace

HybridBasics hybrid_basics(const HybridSystem& in) { return hybrid_basics(in, in.system->system()); }

HybridBasics hybrid_basics(const HybridSystem& in, const ForcedLagrangianSystem& s) {
  const ForcedHamiltonianSystem H = hamiltonian_side(s);
  std::vector<ex> J, mu;
  for (const auto& g : in.generators) {
    J.push_back(lagrangian_momentum(s, g.xi));
    mu.push_back(GiNaC::realsymbol("mu_" + g.name, latex_name("mu_" + g.name)));  // GiNaC prints values with it
  }
  return HybridBasics{forced_euler_lagrange_field(s), H, forced_hamiltonian_field(H), force_symmetry_algebra(s, in.generators), J, mu};
}

HybridTrajectory run_hybrid(const HybridSystem& in, const HybridSimulationSpec& spec) {
  try {
    return in.automaton ? simulate_hybrid(*in.automaton, spec) : simulate_hybrid(*in.system, spec);
  } catch (const InvalidArgument& e) {
    // the library checks the initial state against the guards: report it at 'initial', as contact does
    const std::string m = e.what();
    if (!in.simulation || m.find("initial state is outside") == std::string::npos) throw;
    throw SpecError(in.simulation->initial_at, "'simulate: initial': " + without_function_name(m));
  }
}

std::vector<std::string> hybrid_domain_exits(const HybridSystem& in, const HybridSimulationSpec& spec, const HybridTrajectory& tr) {
  return domain_exits(in.system->system().chart(), tr.t, tr.x, spec.values, kDomainChecksReason);
}

void derive_hybrid(const HybridInput& input, Derivation& out, const DeriveOptions& o) {
  derive_hybrid(build_hybrid_system(input), out, o);
}

void derive_hybrid(const HybridSystem& in, Derivation& out, const DeriveOptions& o) {
  const HybridBasics b = hybrid_basics(in);
  declare_symbols(in, b, out);
  const std::vector<DomainView> ds = domain_views(in);
  for (const auto& d : ds) {  // each domain's dynamics: its own force (and Lagrangian)
    const HybridBasics bd = ds.size() == 1 ? b : hybrid_basics(in, d.system.system());
    lagrangian_system(in, d, bd, start_section(out, o, d.id("lagrangian_system"),
                                               "Forced Lagrangian system" + d.in() + " (000 section 2.2" +
                                                   std::string(in.time ? ", section 5" : "") + ")"));
    hamiltonian_system(in, d, bd, start_section(out, o, d.id("hamiltonian_system"),
                                                "Forced Hamiltonian system" + d.in() + ": X_{H,F} (000 section 2.2)"));
    if (!in.generators.empty())
      symmetries(in, d, bd, start_section(out, o, d.id("symmetry"),
                                          "Symmetries and the force symmetry algebra g_F" + d.in() + " (000 section 4)"));
  }
  switching(in, ds, start_section(out, o, "hybrid.switching", "Switching surface and impact maps (000 Defs. 1-2, 10)"));
  hybrid_checks(in, ds, b, start_section(out, o, "hybrid.checks", "Hybrid checks (000 Defs. 4, 8; section 4)"));
  if (in.automaton)
    automaton_checks(in, start_section(out, o, "hybrid.automaton", "Multi-domain hybrid automaton: checks edge by edge"));
  if (in.reduction)
    reduction(*in.reduction, start_section(out, o, "hybrid.reduction", "Forced Routh reduction (000 (9)-(12), section 4.1, Remark 7)"));
  if (in.simulation) simulation(in, o, start_section(out, o, "hybrid.simulation", "Simulation (hybrid flow, 000 Def. 3)"));
}

}  // namespace hamel
