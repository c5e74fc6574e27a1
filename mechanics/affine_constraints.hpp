// mechanics/affine_constraints.hpp — what replaces energy conservation when the constraints are affine,
// ω^k(q̇) + b^k(q) = 0 (the ball on a rotating turntable): Jacobi-type integrals H_c − ⟨p, Y⟩ for fields Y
// whose flow moves the system the way the constraints do (Y in X_0 + D; Fassò and Sansonetto call the
// integral the "moving energy").  Whether one is conserved is for the caller to check: candidates only.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

/// A constant c with c ξ in X_0 + D (ω^k(c ξ) + b^k = 0 for every k), if there is one.
std::optional<GiNaC::ex> drift_multiple(const NonholonomicSystem& system, const VectorField& xi);

struct JacobiCandidate {
  std::string name;    ///< "X0" for the drift, else the generator's name
  GiNaC::ex multiple;  ///< c in Y = c ξ (1 for the drift)
  VectorField field;   ///< Y, a section of X_0 + D
  GiNaC::ex integral;  ///< H_c − ⟨p, Y⟩ on D*
};

/// Y = X_0, and Y = c ξ for each generator with a drift multiple c (unless c ξ = X_0); empty for linear
/// constraints.
std::vector<JacobiCandidate> jacobi_candidates(const NonholonomicSystem& system,
                                               const std::vector<std::pair<std::string, VectorField>>& generators);

}  // namespace hamel
