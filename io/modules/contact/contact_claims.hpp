// io/modules/contact/contact_claims.hpp — `hamel check` for contact systems: a paper's printed
// Herglotz equations, Hamiltonian fields, impact maps, energy balances, momentum jumps, multipliers and
// closed-form solutions compared with the derived ones (claim kinds in docs/contact.md).
#pragma once

#include <string>
#include <vector>

#include "io/modules/contact/contact_file.hpp"

namespace hamel {

/// The claim kinds of this module.
const std::vector<std::string>& contact_claim_kinds();

std::vector<ClaimResult> check_contact_claims(const ContactFile& file, const Document& doc, const std::vector<Claim>& claims,
                                              const ClaimsContext& context);

}  // namespace hamel
