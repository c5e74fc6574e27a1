// io/modules/contact/contact_run.hpp — `hamel simulate` for a contact system: has the `simulate:`
// section run (derivation/contact.hpp run_contact), prints the events with Carnot's balance and the
// energy law, writes the CSV (t, q, q_dot, z, E) and the plots (q, q_dot, z and E against t; the path
// with the walls).
#pragma once

#include <ostream>

#include "io/modules/contact/contact_file.hpp"

namespace hamel {

/// Returns the exit status: 0 when the run completed or stopped at max_events (Zeno), 1 otherwise.
int run_contact_simulation(const SystemFile& file, const ContactFile& contact, const SimulateOptions& options, std::ostream& out);

}  // namespace hamel
