// derivation/claims/hybrid.hpp — the claims of forced / hybrid systems (docs/hybrid.md, "Claims") as
// data, and their check against what is derived.  io/modules/hybrid/hybrid_claims.cpp reads them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/source_pos.hpp"
#include "derivation/claims.hpp"
#include "derivation/hybrid_input.hpp"

namespace hamel {

/// Symbols a claimed expression may use for derived quantities, replaced when it is checked.
struct HybridClaimSymbols {
  std::vector<GiNaC::ex> momenta;        ///< J_<generator>: the Noether momenta, one per generator
  std::vector<GiNaC::ex> velocity_plus;  ///< <velocity>_plus after an impact (impact_relation)
  std::vector<GiNaC::ex> momentum_plus;  ///< J_<generator>_plus, or <mu>_plus in the reduction
};

/// One claim, read: names resolved to indices, expressions parsed as written.
struct HybridClaim {
  std::string kind;                      ///< one of hybrid_claim_kinds()
  bool reduced = false;                  ///< `in: reduction`
  std::size_t index = 0;                 ///< a coordinate (in the kind's chart) or a generator
  std::string component;                 ///< a guard's name ("" for every guard)
  std::vector<GiNaC::ex> values;         ///< value; lhs and rhs; the function of a hybrid_constant
  bool holds = true;
  bool with_conditions = false;
  bool negative = false;                 ///< switching_condition: `sign: negative`
  GiNaC::exmap assume;                   ///< impact_relation: parameter ↦ value
  HybridClaimSymbols symbols;
};

/// Listed in the docs' order (messages list them so).
std::vector<std::string> hybrid_claim_kinds();

/// Builds the system once and checks each claim; the results carry no name or line.
/// @throws SpecError as build_hybrid_system.
std::vector<ClaimResult> check_hybrid_claims(const HybridInput& in, const std::vector<HybridClaim>& claims);

}  // namespace hamel
