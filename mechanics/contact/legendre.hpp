// mechanics/contact/legendre.hpp — the Legendre transform Leg(q, q̇, z) = (q, ∂L/∂q̇, z) of 001 (20),
// its inverse, the contact Hamiltonian H = E_L ∘ Leg^{-1}, and the comparison of the two sides:
// Leg_* Γ_L = X_H (Lagrangian → Hamiltonian) and Leg^{-1}_* X_H = Γ_L (Hamiltonian → Lagrangian).
#pragma once

#include "geometry/form.hpp"
#include "mechanics/contact/contact_lagrangian.hpp"

namespace hamel {

struct ContactLegendre {
  ChartMap forward;   ///< TQ × R → T*Q × R: (q, ∂L/∂q̇, z)
  ChartMap inverse;   ///< T*Q × R → TQ × R: (q, W^{-1}(p − ∂L/∂q̇|_{q̇=0}), z)
  GiNaC::ex hamiltonian;  ///< H = E_L ∘ Leg^{-1} on T*Q × R
};

/// @throws NotImplemented when ∂L/∂q̇ is not affine in q̇ (the inverse is then not algebraic in
///   general); the forward map alone is `legendre_map`.
ContactLegendre legendre_transform(const ContactLagrangian& L);
/// Leg as a chart map (any regular L).
ChartMap legendre_map(const ContactLagrangian& L);

/// f ∘ φ for f on φ.target: the target coordinates replaced by the images.
GiNaC::ex compose(const GiNaC::ex& f, const ChartMap& phi);
/// Tφ(X) − Y ∘ φ, componentwise on φ.source (X on the source, Y on the target): zero iff φ relates
/// X to Y.  Components are Tφ(X)^j = X(φ^j).
std::vector<GiNaC::ex> relatedness_defect(const ChartMap& phi, const VectorField& X, const VectorField& Y);

}  // namespace hamel
