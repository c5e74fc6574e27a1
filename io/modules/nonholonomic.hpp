// io/modules/nonholonomic.hpp — system files of nonholonomic systems (004 §2–6): reading them into a
// NonholonomicInput (derivation/nonholonomic_input.hpp), and reading their claims.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "derivation/claims/nonholonomic.hpp"
#include "derivation/nonholonomic_input.hpp"
#include "derivation/nonholonomic_simulation.hpp"
#include "io/system_file.hpp"
#include "numerics/plot_plane.hpp"

namespace hamel {

/// What a system file says about a nonholonomic system, read (the library checks it when it is
/// derived), with the readers of expressions on D* that claims use.
struct NonholonomicFile : NonholonomicInput {
  ExpressionReader dual;            ///< q, π, parameters, functions
  ExpressionReader with_variables;  ///< the same and the variables
  /// 'simulate', read with the rest of the file (io/modules/nonholonomic_run.hpp): every command
  /// refuses a bad section alike, not only `hamel simulate`.
  std::optional<NonholonomicRunSpec> simulation = std::nullopt;
  std::optional<PlotPlane> plot = std::nullopt;  ///< 'simulate: plot'
};

/// Reads the nonholonomic keys and records where the entries the library checks were written.
/// @throws ParseError with the position of the offending entry.
NonholonomicFile read_nonholonomic(SystemFile& file);

std::unique_ptr<Module> make_nonholonomic_module();

/// Reads each claim's body into a typed claim (io/modules/nonholonomic_claims.cpp), which
/// derivation/claims/nonholonomic.cpp checks; errors are located in the claims file (context.doc).
std::vector<NonholonomicClaim> read_nonholonomic_claims(const NonholonomicFile& file, const std::vector<Claim>& claims,
                                                        const ClaimsContext& context);

}  // namespace hamel
