// io/modules/hybrid/hybrid_file.hpp — what a system file says about a forced / hybrid system
// (docs/hybrid.md, "System files"): reading the keys `lagrangian`, `force`, `time_dependent`, `symmetry`,
// `hybrid` and `simulate` into a HybridInput, with file:line:column errors (what the library refuses is
// reported by derivation/hybrid_system.cpp at the positions recorded here).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "derivation/hybrid_input.hpp"
#include "io/system_file.hpp"

namespace hamel {

/// The input of the derivation (derivation/hybrid.hpp) and what the claims need to read formulas.
struct HybridFile : HybridInput {
  std::vector<TimeFunction> functions;           ///< f(t) with a formula (or none: symbolic only)
  std::vector<std::string> function_names;
  std::vector<bool> function_has_formula;
  ExpressionReader reader;                       ///< q, q_dot, p_q, t, functions, parameters, definitions
  ExpressionReader reduction_reader;             ///< u, u_dot, μ, t, functions, parameters
};

/// @throws ParseError with the position of the offending entry.
HybridFile read_hybrid(const SystemFile& file);

/// Whether a system file describes a forced or hybrid system (has `hybrid`, `force` or `time_dependent`).
bool is_hybrid_file(const SystemFile& file);

}  // namespace hamel
