// io/modules/discrete/discrete_claims.hpp — reading the claims of discrete systems (checked by
// derivation/claims/discrete.cpp).
#pragma once

#include <vector>

#include "derivation/claims/discrete.hpp"
#include "io/modules/discrete/discrete_file.hpp"

namespace hamel {

/// @throws ParseError located in the claims file (context.doc), else in the system file.
std::vector<DiscreteClaim> read_discrete_claims(const SystemFile& file, const DiscreteFile& in, const std::vector<Claim>& claims,
                                                const ClaimsContext& context);

}  // namespace hamel
