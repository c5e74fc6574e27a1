// derivation/contact.hpp — the derivation of a contact (Herglotz) system (001, 003; docs/contact.md):
// the Lagrangian and its energy, the Herglotz equations and their dissipation law, the contact
// structure, the Legendre transform and X_H, each impact (conditions (8), restitution, Carnot), the
// constrained Herglotz equations and each switching constraint's momentum jump.
#pragma once

#include <string>
#include <vector>

#include "derivation/contact_input.hpp"
#include "derivation/model.hpp"
#include "mechanics/contact/contact_simulation.hpp"

namespace hamel {

/// The system an input describes, checked by the library, and the texts of its regions.
struct ContactSystem {
  ContactHybridSystem system;
  std::vector<std::string> wall_texts;    ///< each wall's inequality as written, for the section titles
  std::vector<std::string> switch_texts;  ///< each switching region's inequality as written
};

/// (derivation/contact_system.cpp) @throws SpecError at the input's entry the library refuses: a
///   singular Lagrangian, a constraint not linear in the velocities, dependent constraints, a wall
///   whose boundary has no tangent basis.
ContactSystem build_contact_system(const ContactInput& in);

/// The whole derivation, appended to `out`. @throws SpecError as build_contact_system.
void derive_contact(const ContactInput& in, Derivation& out, const DeriveOptions& options);

/// The run of the input's `simulate:` section (derivation/contact_system.cpp); `in.simulation` must be set.
ContactRun run_contact(const ContactInput& in);

/// Where the run left a coordinate's declared `domain` (derivation/domain_exits.hpp), as sentences.
std::vector<std::string> contact_domain_exits(const ContactInput& in, const ContactRun& run);

}  // namespace hamel
