// derivation/claims/discrete.hpp — the claims of discrete systems (discrete_equation, reduced_force,
// mixed_curvature, reduced_equation, …; docs/discrete.md) as data, and their check against what is
// derived.  io/modules/discrete/discrete_claims.cpp reads them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/source_pos.hpp"
#include "derivation/claims.hpp"
#include "derivation/discrete_input.hpp"

namespace hamel {

struct DiscreteClaim {
  std::string kind;               ///< one of discrete_claim_kinds()
  std::optional<GiNaC::ex> value;
  /// a coordinate (discrete_equation), a shape coordinate among the shape ones (reduced_force,
  /// mixed_curvature) or a section (discrete_momentum)
  std::size_t index = 0;
  std::size_t group = 0;          ///< mixed_curvature: a group coordinate among the group ones
  bool minus = true;              ///< `slot: minus` (else plus)
  bool horizontal = true;         ///< reduced_equation: `horizontal` (else `vertical`)
  std::string index_text;         ///< reduced_equation: the 1-based index as written
  std::string section;            ///< discrete_momentum: the section's name (momentum_sections)
  bool holds = true;              ///< horizontal_symmetry
  SourceMap at;                   ///< "" the claim's body, "index" the index of a reduced_equation, "section"
};

std::vector<std::string> discrete_claim_kinds();

/// Builds the system and its reductions once and checks each claim; the results carry no name or
/// line. @throws SpecError at a claim that needs what the system lacks (a reduced system, a Chaplygin
///   or horizontal-symmetry reduction) or names an equation it does not have, and as build_discrete_setup.
std::vector<ClaimResult> check_discrete_claims(const DiscreteInput& in, const std::vector<DiscreteClaim>& claims);

}  // namespace hamel
