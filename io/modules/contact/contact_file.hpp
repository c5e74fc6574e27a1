// io/modules/contact/contact_file.hpp — what a system file says about a contact (Herglotz) system
// (docs/contact.md): `action_dependent: true`, a `lagrangian` that may contain the action z, optional
// `constraints` (always active, 003 (15)), `impulsive` one-sided constraints with restitution
// (003 §3.1), `switching` constraints that switch on in a region (003 §4), and `simulate`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "derivation/contact_input.hpp"
#include "io/system_file.hpp"
#include "numerics/plot_plane.hpp"

namespace hamel {

/// The system (what derive_contact reads, the library unchecked) and the readers claims use.
struct ContactFile : ContactInput {
  ExpressionReader tqz;   ///< q, q_dot, z, parameters, functions, definitions
  ExpressionReader dual;  ///< q, p_q, z on T*Q × R, parameters, functions, definitions
  std::optional<PlotPlane> plot = std::nullopt;  ///< 'simulate: plot' (io/modules/simulate_section.hpp)
};

/// `action_dependent: true` (checked to be true or false).
bool is_action_dependent(const SystemFile& file);
/// True when the file uses a key of this module (action_dependent, impulsive, switching).
bool uses_contact_keys(const SystemFile& file);

/// Reads the contact keys and records where the entries the library checks were written.
/// @throws ParseError with the position of the offending entry.
ContactFile read_contact(const SystemFile& file);

}  // namespace hamel
