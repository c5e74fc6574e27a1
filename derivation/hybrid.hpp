// derivation/hybrid.hpp — the derivation of a forced / hybrid system (000, docs/hybrid.md): the forced
// Lagrangian and Hamiltonian systems, the force symmetry algebra, the switching surface and impact
// maps, the hybrid checks (Defs. 4, 8, hybrid actions), the forced Routh reduction and a simulation.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "derivation/hybrid_input.hpp"
#include "derivation/model.hpp"
#include "mechanics/hybrid/coordinate_change.hpp"
#include "mechanics/hybrid/hybrid_automaton.hpp"
#include "mechanics/hybrid/hybrid_checks.hpp"
#include "mechanics/hybrid/hybrid_simulation.hpp"
#include "reduction/hybrid/forced_routh.hpp"

namespace hamel {

/// The forced Routh reduction the user asked for, set up in its own chart.
struct HybridReduction {
  CoordinateChange change;                 ///< the chart of the reduction (identity if none given)
  bool changed = false;                    ///< a `map` was given
  SimpleHybridSystem system;               ///< the hybrid system in the reduction's coordinates
  std::vector<std::size_t> cyclic;
  std::vector<std::string> mu_names;
  ForcedRouthReduction routh;
  std::vector<Generator> generators;       ///< the symmetry, transported
};

/// The system an input describes, built and checked by the library (derivation/hybrid_system.cpp).
struct HybridSystem {
  std::string name;                              ///< the system's name (for plots)
  std::optional<GiNaC::ex> time;                 ///< the time symbol of a time-dependent system
  bool force_on_momenta = false;                 ///< the force was given on T*Q
  std::optional<SimpleHybridSystem> system;      ///< one domain (the first, when there are several)
  std::optional<HybridAutomaton> automaton;      ///< when there are several domains
  std::vector<Generator> generators;             ///< the symmetry
  std::vector<std::pair<std::string, GiNaC::ex>> constants;  ///< functions to test as hybrid constants (Def. 4)
  std::optional<HybridReduction> reduction;
  std::optional<HybridSimulationInput> simulation;  ///< with the momenta J_<generator> as observables
};

/// @throws SpecError at the input's entry the library refuses: a Lagrangian that is not mechanical, a
///   force it cannot take, a Newtonian impact on a surface it cannot solve, guards that do not form a
///   hybrid system, a map that is not a coordinate change, a reduction whose hypotheses fail.
HybridSystem build_hybrid_system(const HybridInput& in);

/// What the derivation and the claims share: the fields and momenta, computed once.
struct HybridBasics {
  VectorField field;                         ///< X_{L,F^L} (spatial part)
  ForcedHamiltonianSystem hamiltonian;       ///< (H, F)
  VectorField hamiltonian_field;             ///< X_{H,F}
  ForceSymmetryAlgebra symmetry;
  std::vector<GiNaC::ex> momenta;            ///< J^ξ on TQ, per generator
  std::vector<GiNaC::ex> mu;                 ///< symbols for the values of μ₋ (one per generator)
};
HybridBasics hybrid_basics(const HybridSystem& in);
/// The same for one domain's dynamics (an automaton's domain other than the first).
HybridBasics hybrid_basics(const HybridSystem& in, const ForcedLagrangianSystem& domain);

/// The whole derivation, appended to `out`; plots go under options.plot_base. @throws SpecError as
/// build_hybrid_system.
void derive_hybrid(const HybridInput& in, Derivation& out, const DeriveOptions& options);
/// The same for a system built in code from the library's objects.
void derive_hybrid(const HybridSystem& in, Derivation& out, const DeriveOptions& options);

/// The run of the system's `simulate:` section (`in.simulation` must be set).
HybridTrajectory run_hybrid(const HybridSystem& in, const HybridSimulationSpec& spec);

/// Where the run left a coordinate's declared `domain` (derivation/domain_exits.hpp), as sentences.
std::vector<std::string> hybrid_domain_exits(const HybridSystem& in, const HybridSimulationSpec& spec, const HybridTrajectory& tr);

}  // namespace hamel
