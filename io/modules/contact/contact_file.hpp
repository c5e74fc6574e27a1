// io/modules/contact/contact_file.hpp — what a system file says about a contact (Herglotz) system
// (docs/contact.md): `action_dependent: true`, a `lagrangian` that may contain the action z, optional
// `constraints` (always active, 003 (15)), `impulsive` one-sided constraints with restitution
// (003 §3.1), `switching` constraints that switch on in a region (003 §4), and `simulate`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "derivation/contact.hpp"
#include "io/system_file.hpp"
#include "mechanics/contact/contact_simulation.hpp"

namespace hamel {

/// The `simulate:` section.
struct ContactSimulationSpec {
  GiNaC::exmap values;          ///< parameter → number
  std::vector<double> initial;  ///< (q, q̇, z)
  double t0 = 0, t1 = 1;
  double step = 0;              ///< output grid (0: the integrator's steps)
  std::size_t max_events = 1000;
};

/// The system (what derive_contact reads) and what the claims and the simulation read besides.
struct ContactFile : ContactInput {
  ExpressionReader tqz;                   ///< q, q_dot, z, parameters, functions, definitions
  ExpressionReader dual;                  ///< q, p_q, z on T*Q × R, parameters, functions, definitions
  std::optional<ContactSimulationSpec> simulation;
};

/// `action_dependent: true` (checked to be true or false).
bool is_action_dependent(const SystemFile& file);
/// True when the file uses a key of this module (action_dependent, impulsive, switching).
bool uses_contact_keys(const SystemFile& file);

/// @throws ParseError with the position of the offending entry.
ContactFile read_contact(const SystemFile& file);

/// The run options of the `simulate:` section (tolerances of numerics/ by default).
ContactRunOptions run_options(const ContactFile& file);

}  // namespace hamel
