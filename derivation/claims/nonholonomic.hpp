// derivation/claims/nonholonomic.hpp — the claims of nonholonomic systems (structure_coefficient,
// bracket, casimir, gauge_ode, …) as data, and their check against what is derived from the system.
// io/modules/nonholonomic_claims.cpp reads them from a claims file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/point.hpp"
#include "core/source_pos.hpp"
#include "derivation/claims.hpp"
#include "derivation/nonholonomic_input.hpp"

namespace hamel {

/// One claim, read: names resolved to indices, expressions parsed as written (they may use the
/// variables, which the check rewrites in (q, π)).
struct NonholonomicClaim {
  std::string kind;  ///< one of nonholonomic_claim_kinds()
  /// 0-based: frame indices (structure_*, constrained_metric, inverse_metric), an entry of the
  /// gauge ODE, or the coordinates of a component of the 3-form
  std::vector<std::size_t> indices;
  /// a coordinate or momentum of D* (equation_of_motion) or a frame field (gauge_momentum)
  std::size_t index = 0;
  /// the pair of a bracket, the three of a Jacobiator, the function of a casimir or conserved claim,
  /// lhs and rhs of an identity, the coefficients of a gauge_solution
  std::vector<GiNaC::ex> functions;
  std::optional<GiNaC::ex> value;
  std::string of;     ///< "nonholonomic", "gauged", "reduced" (characteristic claims), or "": the gauged bracket when there is one
  /// characteristic_rank `at`: a point of D* (coordinates, momenta and parameters by name); empty: generic
  Point point;
  bool holds = true;  ///< the claimed verdict of a yes/no claim
  SourceMap at;       ///< "" the claim's body, "of": where what the system lacks is reported
  /// commutator: its two vector fields on D*, each X_nh, a symmetry generator lifted to D*, the
  /// Hamiltonian field X_f = Π♯df of functions[k], or X_C of the gauge momentum C a search found; and
  /// what is claimed of [A, B]: "zero", "tangent" (to the group orbits) or, for [X_f, X_g],
  /// "hamiltonian" ([X_f, X_g] = X_{g,f}, true for Poisson brackets), with `holds`
  struct Field {
    enum class Kind { Nonholonomic, Generator, Hamiltonian, SearchMomentum } kind = Kind::Nonholonomic;
    std::size_t generator = 0;  ///< index into the system's symmetry generators
  };
  std::vector<Field> fields;
  std::string property;
};

/// The kinds, in the order of their names.
std::vector<std::string> nonholonomic_claim_kinds();

/// Derives what the claims need once and checks each claim; the results carry no name or line.
/// @throws SpecError at a claim that asks for what the system does not have (the gauged bracket or Λ
///   without gauge momenta that pass Theorem 5.3), and as build_nonholonomic_system.
std::vector<ClaimResult> check_nonholonomic_claims(const NonholonomicInput& in, const std::vector<NonholonomicClaim>& claims);

}  // namespace hamel
