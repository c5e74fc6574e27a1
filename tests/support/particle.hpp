// tests/support/particle.hpp — the nonholonomic particle (Bloch, §1.4): L = |q̇|²/2 on R³ with ż = y ẋ,
// the smallest system with a constraint, shared by the tests of the symmetry checks.
#pragma once

#include "geometry/lifts.hpp"
#include "mechanics/nonholonomic_system.hpp"

namespace hamel::test {

/// Its frame is X1 = ∂x + y ∂z, X2 = ∂y.
inline NonholonomicSystem nonholonomic_particle() {
  const auto Q = Chart::make("R3", {"x", "y", "z"});
  const auto v = velocities(Q);
  return NonholonomicSystem(NonholonomicSpec{Q, (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) / 2, {v[2] - Q[1] * v[0]}, {}, {}, {}});
}

}  // namespace hamel::test
