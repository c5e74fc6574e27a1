// derivation/claims/contact.hpp — the claims of contact systems (herglotz_equation, impact_map,
// momentum_jump, multiplier, solution, …; docs/contact.md) as data, and their check against what is
// derived.  io/modules/contact/contact_claims.cpp reads them from a claims file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/source_pos.hpp"
#include "derivation/claims.hpp"
#include "derivation/contact_input.hpp"

namespace hamel {

/// One claim, read: names resolved to indices, expressions parsed (on TQ × R, momenta p_q allowed).
struct ContactClaim {
  std::string kind;  ///< one of contact_claim_kinds()
  /// the coordinate, in the chart of the kind: (q, z) for herglotz_equation, T*Q × R for
  /// hamiltonian_vector_field and the momenta, TQ × R for the velocities, Q for constrained_equation;
  /// the multiplier (0-based) of a multiplier claim
  std::size_t index = 0;
  std::optional<std::size_t> wall;       ///< `impulsive`: the wall of a jump
  std::optional<std::size_t> switching;  ///< `switching`: the set of a jump or of the constraints
  /// the value; lhs and rhs of an equality; the function of a dissipated claim
  std::vector<GiNaC::ex> values;
  bool holds = true;
  std::vector<GiNaC::ex> multipliers;  ///< lambda1, … as the value of a constrained_equation may name them
  GiNaC::ex time;                      ///< solution: the curve's parameter
  std::vector<GiNaC::ex> curve;        ///< solution: q(t) and z(t)
  std::vector<std::pair<std::size_t, GiNaC::ex>> initial;  ///< solution: (index on TQ × R, value at t = 0)
  SourceMap at;                        ///< "": the claim's body
};

const std::vector<std::string>& contact_claim_kinds();

/// Builds the system once and checks each claim; the results carry no name or line.
/// @throws SpecError at a claim that needs what the system lacks (the Legendre transform or a jump of
///   a Lagrangian whose momenta are not affine in the velocities), and as build_contact_system.
std::vector<ClaimResult> check_contact_claims(const ContactInput& in, const std::vector<ContactClaim>& claims);

}  // namespace hamel
