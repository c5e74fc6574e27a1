// derivation/claims/model.hpp — claims on the derivation model, for every kind of system: an `entry`
// of any derived object by its id and key, a `verdict` by its id (docs/system-files.md).
#pragma once

#include <string>
#include <vector>

#include "core/source_pos.hpp"
#include "derivation/claims.hpp"
#include "derivation/model.hpp"

namespace hamel {

struct ModelClaim {
  std::string kind;              ///< "entry" or "verdict"
  std::string id;                ///< an object id (entry) or a check id (verdict)
  std::vector<std::string> key;  ///< the entry's key, e.g. {"x", "pi2"}
  GiNaC::ex value;               ///< the claimed entry
  bool holds = true;             ///< the claimed verdict
  SourceMap at;                  ///< "" the claim's body, "id" its object or check id, "key"
};

/// Compares the claim with the derivation; an entry on `chart` (its domains and positive parameters;
/// other symbols, momenta or variables, are sampled on the probe's default range).
/// @throws SpecError at the claim for an id the derivation has not, or a key an object has no entry at.
ClaimResult check_model_claim(const Derivation& d, const ModelClaim& claim, const Chart& chart);

}  // namespace hamel
