// mechanics/hybrid/coordinate_change.hpp — a change of configuration coordinates q = φ(u) carried to
// every object of a (hybrid) forced Lagrangian system, e.g. Cartesian → polar before Routh reduction
// (000 Examples 1, 3, 4 reduce in polar coordinates, where the rotation makes θ cyclic).
//
// With q̇ = Dφ(u) u̇:  L'(t, u, u̇) = L(t, φ(u), Dφ u̇);  F'_a = F_i(t, φ(u), Dφ u̇) ∂φ^i/∂u^a (pullback
// of a semibasic 1-form);  h'(t, u) = h(t, φ(u));  the reset u̇⁺ = Dφ(u)⁻¹ P(t, φ(u), Dφ(u) u̇⁻);
// generators ξ'_U = Dφ⁻¹ ξ_Q∘φ.
#pragma once

#include <vector>

#include "mechanics/hybrid/simple_hybrid_system.hpp"

namespace hamel {

struct CoordinateChange {
  Chart from;                      ///< Q (coordinates q)
  Chart to;                        ///< U (coordinates u)
  std::vector<GiNaC::ex> q_of_u;   ///< φ: one expression in u per coordinate of Q
};

/// Checks sizes and that Dφ is invertible. @throws InvalidArgument / DomainError.
void validate(const CoordinateChange& c);
/// The Jacobian Dφ(u) (rows: q, columns: u).
GiNaC::matrix jacobian(const CoordinateChange& c);
/// q → φ(u), q̇ → Dφ(u) u̇: pulls functions on (R ×) TQ back to (R ×) TU.
GiNaC::exmap pullback_substitution(const CoordinateChange& c);
/// A function on (R ×) TQ as a function on (R ×) TU (simplified).
GiNaC::ex pull_back(const CoordinateChange& c, const GiNaC::ex& f);
/// ξ_Q expressed on U.
VectorField transport(const CoordinateChange& c, const VectorField& xi);
ForcedLagrangianSystem transport(const CoordinateChange& c, const ForcedLagrangianSystem& s);
SimpleHybridSystem transport(const CoordinateChange& c, const SimpleHybridSystem& H);

}  // namespace hamel
