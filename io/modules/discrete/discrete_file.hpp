// io/modules/discrete/discrete_file.hpp — the `discrete:` section of a system file (docs/discrete.md):
// a discrete nonholonomic system, its symmetry, connections and a simulation, read and checked with
// file:line:column errors.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "io/system_file.hpp"
#include "mechanics/discrete/integrator.hpp"
#include "mechanics/discrete/trivial_bundle.hpp"
#include "reduction/discrete/discrete_connection.hpp"
#include "reduction/discrete/discrete_momentum.hpp"

namespace hamel {

struct DiscreteSimulation {
  ParameterValues values;
  std::size_t steps = 0;
  std::vector<double> q0, q1;   ///< q1 completed on D_d
  enum class Mode { Unreduced, Reduced, Both } mode = Mode::Both;
  bool energy = false;          ///< compare the energy with Heun's method
  NewtonOptions newton;
};

struct DiscreteFile {
  DiscreteSystem system;
  std::string origin;                              ///< "midpoint rule (q at alpha = 1/2)" or "given L_d"
  std::optional<TrivialBundle> bundle;             ///< `symmetry`
  std::optional<DiscreteConnection> connection;    ///< `connection` (default: trivial)
  std::string connection_origin;
  std::optional<GiNaC::matrix> horizontal;         ///< `horizontal`: the graph map, if given
  std::vector<std::size_t> subgroup;               ///< `horizontal_symmetry: subgroup` (indices into G)
  std::vector<GiNaC::ex> mu;                       ///< `horizontal_symmetry: momentum`
  std::vector<std::pair<std::string, Section>> sections;  ///< `momentum`
  std::optional<DiscreteSimulation> simulation;    ///< `simulate`
  ExpressionReader slots;                          ///< q0, q1, q2 slot names, w names, parameters
};

/// @throws ParseError with the position of the offending entry.
DiscreteFile read_discrete(SystemFile& file);

}  // namespace hamel
