// io/claims_file.hpp — reading a claims file: its symbols and definitions, and each claim with the
// module that checks its kind and the verdict the file expects.
#pragma once

#include <string>
#include <vector>

#include "io/system_file.hpp"

namespace hamel {

struct ClaimsFile {
  ClaimsContext context;              ///< context.doc points at the document passed in
  std::vector<Claim> claims;          ///< in file order
  std::vector<const Module*> owners;  ///< the module that checks each claim
  std::vector<bool> expected;         ///< `expect:` of each claim (true unless the file marks an erratum)
};

/// @throws ParseError (located in the claims file) for unknown keys, a claim without exactly one kind,
///   or a kind the system file has no module for.
ClaimsFile read_claims_file(const Document& doc, const SystemFile& system);

/// Each claim checked by the module that owns it, one call per module (a module derives once for all
/// its claims); the results in the claims' order. What `hamel check` and the Python module report.
std::vector<ClaimResult> check_claims(const SystemFile& system, const ClaimsFile& claims);

}  // namespace hamel
