// io/modules/contact/contact_claims.hpp — `hamel check` for contact systems: a paper's printed
// Herglotz equations, Hamiltonian fields, impact maps, energy balances, momentum jumps, multipliers and
// closed-form solutions, read here into ContactClaims and compared with the derived ones by
// derivation/claims/contact.cpp (claim kinds in docs/contact.md).
#pragma once

#include <string>
#include <vector>

#include "derivation/claims/contact.hpp"
#include "io/modules/contact/contact_file.hpp"

namespace hamel {

/// @throws ParseError located in the claims file (context.doc).
std::vector<ContactClaim> read_contact_claims(const ContactFile& file, const std::vector<Claim>& claims,
                                              const ClaimsContext& context);

}  // namespace hamel
