// io/modules/discrete/discrete_file.hpp — the `discrete:` section of a system file (docs/discrete.md):
// a discrete nonholonomic system, its symmetry, connections and a simulation, read with file:line:column
// errors into the derivation's input (derivation/discrete_input.hpp; what the library refuses is
// reported by derivation/discrete_setup.cpp at the positions recorded here).
#pragma once

#include "derivation/discrete_input.hpp"
#include "io/system_file.hpp"
#include "numerics/plot_plane.hpp"

namespace hamel {

/// What the `discrete:` section says, with the reader of expressions in the slot coordinates that
/// claims use.
struct DiscreteFile : DiscreteInput {
  ExpressionReader slots;  ///< q0, q1, q2 slot names, w names, parameters
  std::optional<PlotPlane> plot = std::nullopt;  ///< 'simulate: plot' (io/modules/simulate_section.hpp)
};

/// @throws ParseError with the position of the offending entry.
DiscreteFile read_discrete(SystemFile& file);

}  // namespace hamel
