// io/modules/nonholonomic_run.hpp — `hamel simulate` on a nonholonomic system file: reads the
// 'simulate' section (io/modules/simulate_section.hpp), runs derivation/nonholonomic_simulation.hpp,
// and prints the run, the drift of every monitored quantity, the CSV and the plots.
#pragma once

#include <ostream>

#include "io/modules/nonholonomic.hpp"

namespace hamel {

/// The exit status: 0 when the run reached its end time, 1 otherwise.
/// @throws ParseError located in the file for a bad 'simulate' section or initial state.
int run_nonholonomic_simulation(const SystemFile& file, const NonholonomicFile& system, const SimulateOptions& options,
                                std::ostream& out);

}  // namespace hamel
