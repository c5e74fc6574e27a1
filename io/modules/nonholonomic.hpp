// io/modules/nonholonomic.hpp — system files of nonholonomic systems (004 §2–6): reading, the
// derivation report, and claims.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "derivation/nonholonomic.hpp"
#include "io/modules/gauge_search_section.hpp"
#include "io/system_file.hpp"
#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

/// What a system file says about a nonholonomic system, read and checked, with the readers of
/// expressions on D* that claims use.
struct NonholonomicFile : NonholonomicInput {
  ExpressionReader dual;            ///< q, π, parameters, functions
  ExpressionReader with_variables;  ///< the same and the variables
};

/// @throws ParseError with the position of the offending entry.
NonholonomicFile read_nonholonomic(SystemFile& file);

std::unique_ptr<Module> make_nonholonomic_module();

/// The claim kinds of nonholonomic systems (io/modules/nonholonomic_claims.cpp).
std::vector<std::string> nonholonomic_claim_kinds();
/// Derives what the claims need once and compares each claim with it; errors are located in the
/// claims file (context.doc).
std::vector<ClaimResult> check_nonholonomic_claims(const SystemFile& file, const std::vector<Claim>& claims,
                                                   const ClaimsContext& context);

}  // namespace hamel
