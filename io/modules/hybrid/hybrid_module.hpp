// io/modules/hybrid/hybrid_module.hpp — the forced/hybrid module of `hamel derive | check | simulate`
// (docs/hybrid.md): reads the file and hands it to derivation/hybrid for the report; reads the claims
// that compare a paper's formulas with the derived ones (checked by derivation/claims/hybrid.cpp); prints
// the simulation with impacts (run by derivation/hybrid.hpp run_hybrid).
#pragma once

#include <memory>
#include <optional>
#include <ostream>

#include "derivation/claims/hybrid.hpp"
#include "io/modules/hybrid/hybrid_file.hpp"

namespace hamel {

std::unique_ptr<Module> make_hybrid_module();

/// Reads each claim's body into a HybridClaim (io/modules/hybrid/hybrid_claims.cpp); errors are located
/// in the claims file (context.doc), else in the system file.
std::vector<HybridClaim> read_hybrid_claims(const SystemFile& file, const HybridFile& in, const std::vector<Claim>& claims,
                                            const ClaimsContext& context);

/// Has the simulation of the file's `simulate` section run; writes the CSV files and plots named by
/// the options or the file; prints a summary; returns the exit status (0 when t_end was reached, 1
/// when the run stopped early, e.g. Zeno).
int run_hybrid_simulation(const HybridFile& in, const SimulateOptions& options, std::ostream& out);

}  // namespace hamel
