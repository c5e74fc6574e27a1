// derivation/hybrid.hpp — the derivation of a forced / hybrid system (000, docs/hybrid.md): the forced
// Lagrangian and Hamiltonian systems, the force symmetry algebra, the switching surface and impact
// maps, the hybrid checks (Defs. 4, 8, hybrid actions), the forced Routh reduction and a simulation.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

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

struct HybridSimulationInput {
  HybridSimulationSpec spec;               ///< values, initial state, t0, t1, tolerances, functions
  std::string csv, plot;                   ///< output paths from the file (may be empty)
  bool reduced = false;                    ///< also run the reduced simulation and compare
  std::size_t axis_x = 0, axis_y = 1;      ///< coordinates of the path plot
};

/// A forced / hybrid system and what the user declared about it (read and checked by io/modules/hybrid).
struct HybridInput {
  std::string name;                              ///< the system's name (for plots)
  std::optional<GiNaC::ex> time;                 ///< the time symbol of a time-dependent system
  bool force_on_momenta = false;                 ///< the force was given on T*Q
  std::optional<SimpleHybridSystem> system;      ///< one domain (the first, when there are several)
  std::optional<HybridAutomaton> automaton;      ///< when there are several domains
  std::vector<Generator> generators;             ///< the symmetry
  std::vector<std::pair<std::string, GiNaC::ex>> constants;  ///< functions to test as hybrid constants (Def. 4)
  std::optional<HybridReduction> reduction;
  std::optional<HybridSimulationInput> simulation;
};

/// What the derivation and the claims share: the fields and momenta, computed once.
struct HybridBasics {
  VectorField field;                         ///< X_{L,F^L} (spatial part)
  ForcedHamiltonianSystem hamiltonian;       ///< (H, F)
  VectorField hamiltonian_field;             ///< X_{H,F}
  ForceSymmetryAlgebra symmetry;
  std::vector<GiNaC::ex> momenta;            ///< J^ξ on TQ, per generator
  std::vector<GiNaC::ex> mu;                 ///< symbols for the values of μ₋ (one per generator)
};
HybridBasics hybrid_basics(const HybridInput& in);

/// The whole derivation, appended to `out`; plots go under options.plot_base.
void derive_hybrid(const HybridInput& in, Derivation& out, const DeriveOptions& options);

}  // namespace hamel
