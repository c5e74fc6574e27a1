// brackets/casimir.hpp — Casimirs of the bracket induced on a quotient by a group action
// (the argument of 004 Theorem 5.6).
#pragma once

#include <string>
#include <vector>

#include "brackets/almost_poisson.hpp"
#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

/// The infinitesimal generator ξ_Q of an action on Q, lifted to D* ≅ W° ⊂ T*Q by the cotangent lift:
/// ξ^i ∂_{q^i} + π_β μ^β([ξ_Q, X_α]) ∂_{π_α}.  For equivariant frames the π components vanish
/// (the momenta are invariant, 004 proof of Theorem 5.6).  Requires W to be invariant.
VectorField lift_to_dual(const NonholonomicSystem& system, const VectorField& xi);

/// f is a Casimir of the bracket induced on M/G iff Π♯df is tangent to the orbits, i.e. lies in the
/// span of the (lifted) generators.  The verdict keeps Π♯df for reports.
struct CasimirVerdict {
  bool casimir = false;
  VectorField hamiltonian_field;
  std::string detail;
  explicit operator bool() const { return casimir; }
};
CasimirVerdict casimir_check(const AlmostPoissonBracket& bracket, const GiNaC::ex& f,
                             const std::vector<VectorField>& group_generators);

}  // namespace hamel
