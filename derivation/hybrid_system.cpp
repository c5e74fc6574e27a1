// derivation/hybrid_system.cpp — the hybrid system of an input: the library builds and checks each
// domain's forced system, the Newtonian resets, the system or automaton of the guards and the forced
// Routh reduction; each refusal becomes a SpecError at the entry it comes from.
#include "derivation/hybrid.hpp"

#include "core/error.hpp"
#include "core/symbolic.hpp"

namespace hamel {

namespace {

// A domain's forced system; `key` prefixes its positions ("" for the system's own, "domains.<d>.").
ForcedLagrangianSystem domain_system(const HybridInput& in, const HybridDomainInput& d, const std::string& key) {
  const std::size_t n = in.Q.dim();
  std::optional<ForcedLagrangianSystem> base;
  try {
    base.emplace(in.Q, d.lagrangian, std::vector<GiNaC::ex>(n, 0), in.time);
  } catch (const std::exception& e) {
    throw SpecError(in.at.find({key + "lagrangian"}), "'lagrangian': " + without_function_name(e.what()));
  }
  std::vector<GiNaC::ex> F = d.force;
  if (d.force_on_momenta) {
    // F^L = FL*F: F^L_i(q, q̇) = F_i(q, ∂L/∂q̇) (docs/hybrid.md §1)
    const auto to_v = pullback_by_legendre(*base);
    for (auto& x : F) x = simplify(x.subs(to_v));
  }
  try {
    return ForcedLagrangianSystem(in.Q, d.lagrangian, F, in.time);
  } catch (const std::exception& e) {
    throw SpecError(in.at.find({key + "force", key + "lagrangian"}), "'force': " + without_function_name(e.what()));
  }
}

// A guard's component, its surface checked regular, with the Newtonian reset (000 (15)) solved in the
// dynamics of its source.
SwitchingComponent guard_component(const HybridInput& in, const HybridGuardInput& g, const ForcedLagrangianSystem& source) {
  SwitchingComponent C = g.component;
  try {
    check_regular_surface(source, C.surface);
    if (C.restitution) C.reset = newtonian_impact(source, C.surface, *C.restitution);
  } catch (const std::exception& e) {
    throw SpecError(in.at.find({"guards." + C.name}), "surface of " + C.name + ": " + without_function_name(e.what()));
  }
  return C;
}

// The system of one domain, or the automaton of several (the system is then its first domain's).
void guards(const HybridInput& in, const ForcedLagrangianSystem& sys, HybridSystem& out) {
  std::vector<ForcedLagrangianSystem> domains;
  for (const auto& d : in.domains) domains.push_back(domain_system(in, d, "domains." + d.name + "."));
  std::vector<SwitchingComponent> comps;
  for (const auto& g : in.guards) comps.push_back(guard_component(in, g, domains.empty() ? sys : domains[g.from]));
  try {
    if (domains.empty()) {
      out.system.emplace(sys, comps);
      return;
    }
    out.automaton.emplace();
    for (std::size_t d = 0; d < domains.size(); ++d) out.automaton->add_domain(in.domains[d].name, domains[d]);
    std::vector<SwitchingComponent> own;
    for (std::size_t g = 0; g < comps.size(); ++g) {
      out.automaton->add_transition(in.guards[g].from, in.guards[g].to, comps[g]);
      if (in.guards[g].from == 0) own.push_back(comps[g]);
    }
    out.system.emplace(domains[0], own);
  } catch (const std::exception& e) {
    throw SpecError(in.at.find({"guards"}), "'guards': " + without_function_name(e.what()));
  }
}

// The forced Routh reduction in its chart: the system and the symmetry transported, then reduced.
HybridReduction reduction(const HybridInput& in, const HybridReductionInput& r, const SimpleHybridSystem& H) {
  std::optional<SimpleHybridSystem> moved;
  std::vector<Generator> gens;
  try {
    validate(r.change);
    moved.emplace(r.changed ? transport(r.change, H) : H);
    for (const auto& g : in.generators) gens.push_back({g.name, r.changed ? transport(r.change, g.xi) : g.xi});
  } catch (const std::exception& e) {
    throw SpecError(in.at.find({"reduction.map", "reduction"}), "'map': " + without_function_name(e.what()));
  }
  ForcedRouthReduction routh;
  try {
    routh = forced_routh_reduction(*moved, r.cyclic, r.mu_names, r.mu);
  } catch (const std::exception& e) {
    throw SpecError(in.at.find({"reduction.cyclic", "reduction"}), "'cyclic': " + without_function_name(e.what()));
  }
  return HybridReduction{r.change, r.changed, *moved, r.cyclic, r.mu_names, routh, gens};
}

}  // namespace

HybridSystem build_hybrid_system(const HybridInput& in) {
  HybridSystem out;
  out.name = in.name;
  out.time = in.time;
  out.force_on_momenta = in.system.force_on_momenta;
  out.generators = in.generators;
  out.constants = in.constants;
  const ForcedLagrangianSystem sys = domain_system(in, in.system, "");
  guards(in, sys, out);
  if (in.reduction) out.reduction = reduction(in, *in.reduction, *out.system);
  if (in.simulation) {
    out.simulation = in.simulation;
    for (const auto& g : in.generators) out.simulation->spec.observables.emplace_back("J_" + g.name, lagrangian_momentum(sys, g.xi));
  }
  return out;
}

}  // namespace hamel
