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

/// The claims checked as check_claims does, beside the derivation's own verdicts: a claim about a
/// system whose declaration failed a check (a `symmetry` generator that does not preserve L) is
/// answered all the same, and the reader must be told.
struct CheckedClaims {
  std::vector<ClaimResult> results;  ///< in the claims' order
  std::vector<Verdict> failed;       ///< the derivation's verdicts that are failures (Verdict::failure()), in order
  /// For each claim, the ids among `failed` it involves: a failed verdict is about the names its id
  /// holds between its first and last part that the system file declares (symmetry.rotation.lagrangian:
  /// rotation; variables.v.invariant: v), or about every generator (action.*, symmetry.closed); a claim
  /// involves it when it names one of those (in any key or value), or, for a failure of the symmetry,
  /// the action, the variables or the reduction, when it is about Casimirs or the reduced space.
  std::vector<std::vector<std::string>> involves;
  /// The derivation's entries it could not write in the user's variables ("left in (q, pi): …"), in
  /// order; a claim involves one when it names its object (a `reduced_bracket` claim the object
  /// reduced_bracket, an `entry` claim by its id) and every index of its key ({M2, M3}: M2 and M3),
  /// and its id in `involves` is "<object id>[<key>]" (reduced_bracket[M2,M3]; a scalar's: its object id).
  struct LeftEntry {
    std::string object;
    std::vector<std::string> key;
    Label label;
    std::string note;
    std::string id() const;
  };
  std::vector<LeftEntry> unexpressed;
};

/// Derives the system once (with `options`: progress), and checks the claims (entry and verdict
/// claims read that derivation).
CheckedClaims check_claims_with_derivation(const SystemFile& system, const ClaimsFile& claims, const DeriveOptions& options);

}  // namespace hamel
