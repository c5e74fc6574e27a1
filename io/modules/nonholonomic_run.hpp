// io/modules/nonholonomic_run.hpp — `hamel simulate` on a nonholonomic system file: reads the
// 'simulate' section (io/modules/simulate_section.hpp) for every command, and for `simulate` runs derivation/nonholonomic_simulation.hpp,
// and prints the run, the drift of every monitored quantity, the CSV and the plots.
#pragma once

#include <ostream>

#include "io/modules/nonholonomic.hpp"

namespace hamel {

/// Reads the 'simulate' section, if there is one, into `system.simulation` and `system.plot`; called
/// by read_nonholonomic once the rest of the file is read (the section names its momenta and parameters).
/// @throws ParseError located in the file for an unknown key, name or a bad value.
void read_nonholonomic_simulation(const SystemFile& file, NonholonomicFile& system);

/// The exit status: 0 when the run reached its end time, 1 otherwise.
/// @throws ParseError located in the file for a bad 'simulate' section or initial state.
int run_nonholonomic_simulation(const SystemFile& file, const NonholonomicFile& system, const SimulateOptions& options,
                                std::ostream& out);

}  // namespace hamel
