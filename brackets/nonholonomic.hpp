// brackets/nonholonomic.hpp — the nonholonomic bracket Π_nh of van der Schaft–Maschke (004 (2.9))
// and its gauge transformation by a 3-form Λ on Q that annihilates W (004 §3).
#pragma once

#include "brackets/almost_poisson.hpp"
#include "geometry/frame.hpp"
#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

/// Π_nh = ρ^i_α ∂_{q^i}∧∂_{π_α} − ½ C_αβ^γ π_γ ∂_{π_α}∧∂_{π_β} on D*:
/// {q^i, π_α} = ρ^i_α, {π_α, π_β} = −C_αβ^γ π_γ  (004 (2.9)).
AlmostPoissonBracket nonholonomic_bracket(const NonholonomicSystem& system);

/// B_αβγ = Λ(X_α, X_β, X_γ) (004 (3.1)).
/// @throws DomainError if Λ is not a 3-form on Q annihilating W (with the offending contraction).
Tensor3 three_form_coefficients(const NonholonomicSystem& system, const Form& Lambda);

/// Λ = (1/6) B_αβγ μ^α∧μ^β∧μ^γ from alternating coefficients (004 (5.3)).
Form three_form_from_coefficients(const NonholonomicSystem& system, const Tensor3& B);

/// Ξ = ½ B_αβ^γ π_γ μ^α∧μ^β on D*, B_αβ^γ = G^γδ B_αβδ: the contraction of τ*Λ with any
/// second-order vector field (004 §3).
Form xi_form(const NonholonomicSystem& system, const Form& Lambda);

/// Π_nh^Λ in closed form (004 (3.6)):
/// ρ^i_α ∂_{q^i}∧∂_{π_α} + ½ (B_αβ^γ − C_αβ^γ) π_γ ∂_{π_α}∧∂_{π_β}.
AlmostPoissonBracket gauged_bracket(const NonholonomicSystem& system, const Form& Lambda);

}  // namespace hamel
