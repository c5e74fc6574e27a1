// io/modules/contact/contact_report.hpp — the sections `hamel derive` prints for a contact system:
// the Herglotz equations and energy law, the contact structures, the Legendre transform and X_H, each
// impact (conditions (8), their solutions, restitution, Carnot), the constrained equations and each
// switching constraint's momentum jump.  JSON under the key "contact" (docs/contact.md).
#pragma once

#include "io/modules/contact/contact_file.hpp"
#include "io/report.hpp"

namespace hamel {

void derive_contact_report(const ContactFile& file, Report& report);

}  // namespace hamel
