// io/modules/hybrid/hybrid_module.hpp — the forced/hybrid module of `hamel derive | check | simulate`
// (docs/hybrid.md): reads the file and hands it to derivation/hybrid for the report; the claim kinds
// that compare a paper's formulas with the derived ones, and the simulation with impacts.
#pragma once

#include <memory>
#include <optional>
#include <ostream>

#include "io/modules/hybrid/hybrid_file.hpp"
#include "reduction/hybrid/reduced_simulation.hpp"

namespace hamel {

std::unique_ptr<Module> make_hybrid_module();

/// The file as read and what is derived once from it (shared by the claims and the simulation).
struct HybridDerived : HybridBasics {
  HybridFile in;
};
HybridDerived hybrid_state(const SystemFile& file);

/// The claim kinds of the module and their check (io/modules/hybrid/hybrid_claims.cpp).
std::vector<std::string> hybrid_claim_kinds();
std::vector<ClaimResult> check_hybrid_claims(const SystemFile& file, const HybridDerived& d, const std::vector<Claim>& claims,
                                             const ClaimsContext& context);

/// Runs the simulation of the file's `simulate` section (and the reduced one when asked); writes the
/// CSV files and plots named by the options or the file; prints a summary; returns the exit status
/// (0 when t_end was reached, 1 when the run stopped early, e.g. Zeno).
int run_hybrid_simulation(const HybridDerived& d, const SimulateOptions& options, std::ostream& out);

}  // namespace hamel
