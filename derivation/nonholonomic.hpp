// derivation/nonholonomic.hpp — the derivation of a nonholonomic system (004 §2–6): kinetic energy,
// frame, structure coefficients, equations of motion, Π_nh, gauge momenta, Λ, Π_nh^Λ, Casimirs, and
// the brackets of the user's variables.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "brackets/nonholonomic.hpp"
#include "brackets/variables.hpp"
#include "derivation/gauge_search.hpp"
#include "derivation/model.hpp"
#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

/// A nonholonomic system and what the user declared about it (read and checked by io/modules).
struct NonholonomicInput {
  NonholonomicSystem system;
  std::vector<std::pair<std::string, VectorField>> symmetry;  ///< generators ξ_Q
  std::vector<std::size_t> gauge;                              ///< frame fields claimed to generate gauge momenta
  std::optional<GaugeSearchInput> search;                      ///< gauge_momenta: {ansatz, shape, …}
  std::vector<NamedFunction> variables;                        ///< u_a(q, π)
  std::optional<Chart> variable_chart;                         ///< coordinates u_a
  GiNaC::exmap inverse;                                        ///< rules rewriting (q, π) in the u_a
  std::optional<GiNaC::ex> conformal_factor;                   ///< in (q, π)
};

/// What derive and the claims share: the brackets and momenta, computed once.
struct NonholonomicBrackets {
  AlmostPoissonBracket nh;
  std::optional<Form> Lambda;
  std::optional<AlmostPoissonBracket> gauged;
  std::vector<VectorField> orbits;  ///< lifted generators on D*
  std::string lambda_note;
  std::optional<GaugeSearchResult> search;
  std::vector<std::pair<std::string, GiNaC::ex>> momenta;  ///< gauge momenta (name, function on D*)
  /// The bracket the variables are reduced with: Π_nh^Λ when there is one.
  const AlmostPoissonBracket& reduced_source() const { return gauged ? *gauged : nh; }
};

/// The brackets; a gauge-momentum search writes its section into `search_out`.
NonholonomicBrackets derive_brackets(const NonholonomicInput& in, Derivation& search_out, const DeriveOptions& options);

/// The whole derivation, appended to `out`.
void derive_nonholonomic(const NonholonomicInput& in, Derivation& out, const DeriveOptions& options);

}  // namespace hamel
