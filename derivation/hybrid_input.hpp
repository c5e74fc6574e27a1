// derivation/hybrid_input.hpp — a forced / hybrid system as plain data (docs/hybrid.md): what
// io/modules/hybrid/hybrid_file.cpp reads, or what a C++ user builds.  The library checks it when
// derivation/hybrid_system.cpp builds the system, and what it refuses is reported at the positions in
// `at`.  The structs borrowed from mechanics/ and reduction/ here are data (names and expressions).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/source_pos.hpp"
#include "mechanics/hybrid/coordinate_change.hpp"
#include "mechanics/hybrid/hybrid_checks.hpp"
#include "mechanics/hybrid/hybrid_simulation.hpp"
#include "mechanics/hybrid/simple_hybrid_system.hpp"

namespace hamel {

/// A Lagrangian and a force: the system's, or one domain's.
struct HybridDomainInput {
  std::string name;                  ///< the domain's (empty for the system's own)
  GiNaC::ex lagrangian;              ///< L(t, q, q_dot)
  std::vector<GiNaC::ex> force;      ///< one component per coordinate: F^L on TQ, or F on T*Q
  bool force_on_momenta = false;     ///< the force is F(q, p) on T*Q (pulled back by the Legendre map)
};

/// A guard: its switching component (the reset empty for a Newtonian impact, computed from its
/// restitution) and the domains it leads from and to (0 and 0 with a single domain).
struct HybridGuardInput {
  SwitchingComponent component;
  std::size_t from = 0, to = 0;
};

/// `hybrid.reduction`: the chart of the reduction, the cyclic coordinates and the momentum values.
struct HybridReductionInput {
  CoordinateChange change;              ///< q(u); the identity when no map was given
  bool changed = false;                 ///< a `map` was given
  std::vector<std::size_t> cyclic;
  std::vector<std::string> mu_names;    ///< as given (may be empty)
  std::vector<GiNaC::ex> mu;            ///< the symbols μ_a, one per cyclic coordinate
};

struct HybridSimulationInput {
  HybridSimulationSpec spec;               ///< values, initial state, t0, t1, tolerances, functions
  std::string csv, plot;                   ///< output paths from the file (may be empty)
  bool reduced = false;                    ///< also run the reduced simulation and compare
  std::optional<PlotPlane> plane = std::nullopt;  ///< of the path plot (none: the first two coordinates)
  SourcePos initial_at;                    ///< where `initial` was written (a start outside a guard is refused there)
};

struct HybridInput {
  HybridInput(std::string name, Chart Q, HybridDomainInput system)
      : name(std::move(name)), Q(std::move(Q)), system(std::move(system)) {}

  std::string name;                              ///< the system's name (for plots)
  Chart Q;
  std::optional<GiNaC::ex> time;                 ///< the time symbol of a time-dependent system
  HybridDomainInput system;                      ///< the top-level Lagrangian and force
  std::vector<HybridDomainInput> domains;        ///< `hybrid.domains` (none: a single domain)
  std::vector<HybridGuardInput> guards;
  std::vector<Generator> generators;             ///< the symmetry
  std::vector<std::pair<std::string, GiNaC::ex>> constants;  ///< functions to test as hybrid constants (Def. 4)
  std::optional<HybridReductionInput> reduction;
  std::optional<HybridSimulationInput> simulation;
  /// Where the parts were written: "" (the file), "lagrangian", "force", "domains.<d>.lagrangian",
  /// "domains.<d>.force", "guards", "guards.<name>" (its surface), "reduction", "reduction.map",
  /// "reduction.cyclic".
  SourceMap at;
};

}  // namespace hamel
