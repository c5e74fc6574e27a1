// mechanics/hamel_equations.hpp — the equations of motion of a nonholonomic system in
// quasi-velocities (Hamel's equations, 004 (2.4)–(2.5)) and on D* (004 (2.7)–(2.8)).
#pragma once

#include <vector>

#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

/// L_c(q, v) = ½ G_αβ v^α v^β − V (on system.velocity_chart()).
GiNaC::ex constrained_lagrangian(const NonholonomicSystem& system);

/// H_c(q, π) = ½ G^αβ π_α π_β + V (004 (2.7), on system.dual_chart()).
GiNaC::ex constrained_hamiltonian(const NonholonomicSystem& system);

/// Hamel's equations (2.4) with the kinematics (2.5), solved for the accelerations:
///   q̇^i = ρ^i_α v^α,
///   v̇^α = G^αβ (ρ^i_β ∂L_c/∂q^i − C_βγ^δ v^γ G_δε v^ε − (∂_i G_βγ) ρ^i_ε v^ε v^γ),
/// as a vector field on D = (q, v).
VectorField hamel_equations(const NonholonomicSystem& system);

/// The left-hand sides of (2.4), d/dt(∂L_c/∂v^α) − ρ^i_α ∂L_c/∂q^i + C_αβ^γ v^β ∂L_c/∂v^γ, with
/// the accelerations written as the symbols `accelerations` (one per quasi-velocity).
std::vector<GiNaC::ex> hamel_equations_lhs(const NonholonomicSystem& system,
                                           const std::vector<GiNaC::ex>& accelerations);

/// The first-order system (2.8) on D*: q̇^i = ρ^i_α ∂H_c/∂π_α,
/// π̇_α = −ρ^i_α ∂H_c/∂q^i − C_αβ^γ π_γ ∂H_c/∂π_β.
VectorField nonholonomic_vector_field(const NonholonomicSystem& system);

/// The constrained Legendre transform (q, v) ↦ (q, π = G v) as a substitution π_α ↦ G_αβ v^β,
/// and its inverse v^α ↦ G^αβ π_β.
GiNaC::exmap legendre_map(const NonholonomicSystem& system);
GiNaC::exmap inverse_legendre_map(const NonholonomicSystem& system);

/// The linear function p_Z(q, π) = Z^α π_α of a section Z = Z^α X_α of D (004 §4.1).
/// @throws DomainError if Z is not a section of D.
GiNaC::ex linear_momentum(const NonholonomicSystem& system, const VectorField& Z);

}  // namespace hamel
