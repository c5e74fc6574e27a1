// io/modules/hybrid/hybrid_file.hpp — what a system file says about a forced / hybrid system
// (docs/hybrid.md, "System files"): reading and checking the keys `lagrangian`, `force`,
// `time_dependent`, `symmetry`, `hybrid` and `simulate`, with file:line:column errors.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "io/system_file.hpp"
#include "mechanics/hybrid/coordinate_change.hpp"
#include "mechanics/hybrid/hybrid_automaton.hpp"
#include "mechanics/hybrid/hybrid_simulation.hpp"
#include "reduction/hybrid/forced_routh.hpp"

namespace hamel {

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
  YAML::Node node;                         ///< for error positions
};

struct HybridFile {
  std::string name;                              ///< the system's name (for plots)
  std::optional<GiNaC::ex> time;                 ///< the time symbol
  std::vector<TimeFunction> functions;           ///< f(t) with a formula (or none: symbolic only)
  std::vector<std::string> function_names;
  std::vector<bool> function_has_formula;
  bool force_on_momenta = false;                 ///< `force` was given as F on T*Q
  std::optional<SimpleHybridSystem> system;      ///< one domain (the first, when there are several)
  std::optional<HybridAutomaton> automaton;      ///< when `hybrid.domains` is given
  std::vector<Generator> generators;             ///< `symmetry`
  std::vector<std::pair<std::string, GiNaC::ex>> constants;  ///< `hybrid.constants` to test (Def. 4)
  std::optional<HybridReduction> reduction;
  std::optional<HybridSimulationInput> simulation;
  ExpressionReader reader;                       ///< q, q_dot, p_q, t, functions, parameters, definitions
  ExpressionReader reduction_reader;             ///< u, u_dot, μ, t, functions, parameters
};

/// @throws ParseError with the position of the offending entry.
HybridFile read_hybrid(const SystemFile& file);

/// Whether a system file describes a forced or hybrid system (has `hybrid`, `force` or `time_dependent`).
bool is_hybrid_file(const SystemFile& file);

}  // namespace hamel
