// derivation/contact.hpp — the derivation of a contact (Herglotz) system (001, 003; docs/contact.md):
// the Lagrangian and its energy, the Herglotz equations and their dissipation law, the contact
// structure, the Legendre transform and X_H, each impact (conditions (8), restitution, Carnot), the
// constrained Herglotz equations and each switching constraint's momentum jump.
#pragma once

#include <string>
#include <vector>

#include "derivation/model.hpp"
#include "mechanics/contact/contact_simulation.hpp"

namespace hamel {

/// A contact system as read from a system file (io/modules/contact checks it).
struct ContactInput {
  ContactHybridSystem system;
  std::vector<std::string> wall_texts;    ///< each wall's inequality as written, for the section titles
  std::vector<std::string> switch_texts;  ///< each switching region's inequality as written
};

/// The whole derivation, appended to `out`.
void derive_contact(const ContactInput& in, Derivation& out, const DeriveOptions& options);

}  // namespace hamel
