// mechanics/contact/momentum_jump.hpp — impulsive linear constraints (003 §3, (22)–(27)) and the
// momentum jump when nonholonomic constraints switch on (003 §4, (65)–(74)).
//
// At the jump q and z are continuous and Δp ∈ span{ψ^a} (003 (26)); after it the constraints hold,
// ψ q̇⁺ = 0.  With momenta affine in the velocities (p = W q̇ + b(q, z)) this fixes
//   q̇⁺ = (Id − W^{-1} ψᵀ C^{-1} ψ) q̇⁻,  C = ψ W^{-1} ψᵀ,
// which for a mechanical L (b = 0, W = g) is the projector of (69)/(74) on momenta:
//   p⁺ = P p⁻,  P = Id − ψᵀ C^{-1} ψ g^{-1}.
// Note the sign convention of (69): C = ψ g^{-1} ψᵀ, not the C of (52) (E13).
#pragma once

#include <vector>

#include "mechanics/contact/contact_lagrangian.hpp"
#include "mechanics/contact/legendre.hpp"

namespace hamel {

/// C = ψ W^{-1} ψᵀ of 003 (69) (Gram matrix of the constraints in the metric W^{-1}).
GiNaC::matrix jump_gram_matrix(const ContactLagrangian& L, const std::vector<Form>& psi);
/// P = Id − ψᵀ C^{-1} ψ W^{-1} of 003 (74), acting on momentum columns.
/// @throws NotImplemented unless the momenta are affine in the velocities; DomainError for dependent constraints.
GiNaC::matrix momentum_projector(const ContactLagrangian& L, const std::vector<Form>& psi);
/// The velocity jump q̇⁺(q, q̇⁻, z) = (Id − W^{-1} ψᵀ C^{-1} ψ) q̇⁻.
std::vector<GiNaC::ex> constraint_jump_map(const ContactLagrangian& L, const std::vector<Form>& psi);
/// The impulse Δp = μ̄_a ψ^a (003 (26)): the multipliers μ̄ = −C^{-1} ψ q̇⁻ as functions of (q, q̇⁻, z).
std::vector<GiNaC::ex> impulse_multipliers(const ContactLagrangian& L, const std::vector<Form>& psi);

}  // namespace hamel
