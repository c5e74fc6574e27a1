// mechanics/hamel_equations.hpp — the equations of motion of a nonholonomic system in
// quasi-velocities (Hamel's equations, 004 (2.4)–(2.5)) and on D* (004 (2.7)–(2.8)).
#pragma once

#include <optional>
#include <vector>

#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

/// L_c(q, v) = ½ G_αβ v^α v^β − V (on system.velocity_chart()).
GiNaC::ex constrained_lagrangian(const NonholonomicSystem& system);

/// H_c(q, π) = ½ G^αβ π_α π_β + V (004 (2.7), on system.dual_chart()).  For affine constraints the
/// energy ½|q̇|² + V on the allowed velocities q̇ = X_0 + ρ v, with π = G v + A, A_α = ⟨X_0, X_α⟩:
/// H_c = ½ G^αβ π_α π_β + V + ½(|X_0|² − G^αβ A_α A_β), the last term ½|X_0^⊥|² (X_0's part
/// orthogonal to D) whatever X_0 in X_0 + D is used.
GiNaC::ex constrained_hamiltonian(const NonholonomicSystem& system);

/// q̇^i(q, π) = X_0^i + ρ^i_α G^αβ (π_β − A_β): the velocity with momenta π (X_0 = 0, A = 0 for
/// linear constraints).
std::vector<GiNaC::ex> constrained_velocities(const NonholonomicSystem& system);

/// ⟨FL(q̇), Y⟩ = g(q̇(q, π), Y) on D*: the momentum of a vector field Y on Q (for Y a section of D and
/// linear constraints the linear function p_Y below).
GiNaC::ex momentum_along(const NonholonomicSystem& system, const VectorField& Y);

/// Hamel's equations (2.4) with the kinematics (2.5), solved for the accelerations:
///   q̇^i = ρ^i_α v^α,
///   v̇^α = G^αβ (ρ^i_β ∂L_c/∂q^i − C_βγ^δ v^γ G_δε v^ε − (∂_i G_βγ) ρ^i_ε v^ε v^γ),
/// as a vector field on D = (q, v).
VectorField hamel_equations(const NonholonomicSystem& system);

/// The right-hand sides F_α of Hamel's equations written G_αβ v̇^β = F_α (2.4):
///   F_α = ρ^i_α ∂L_c/∂q^i − C_αβδ v^β v^δ − (∂_i G_αβ) ρ^i_ε v^ε v^β  (C_αβ^γ G_γδ = C_αβδ, (2.6)),
/// functions of (q, v) without the inverse metric that hamel_equations' v̇ carries.
std::vector<GiNaC::ex> hamel_forces(const NonholonomicSystem& system);

/// The left-hand sides of (2.4), d/dt(∂L_c/∂v^α) − ρ^i_α ∂L_c/∂q^i + C_αβ^γ v^β ∂L_c/∂v^γ, with
/// the accelerations written as the symbols `accelerations` (one per quasi-velocity).
std::vector<GiNaC::ex> hamel_equations_lhs(const NonholonomicSystem& system,
                                           const std::vector<GiNaC::ex>& accelerations);

/// The first-order system (2.8) on D*: q̇^i = ρ^i_α ∂H_c/∂π_α,
/// π̇_α = −ρ^i_α ∂H_c/∂q^i − C_αβ^γ π_γ ∂H_c/∂π_β.  For affine constraints, where (2.8) does not
/// hold, lagrange_dalembert_vector_field.
VectorField nonholonomic_vector_field(const NonholonomicSystem& system);

/// dH_c at π = G v for linear constraints, in system.dual_chart()'s order (q, π):
/// ∂H_c/∂q^i = ∂_i V − ½ (∂_i G_αβ) v^α v^β and ∂H_c/∂π_α = v^α, from (2.7) and
/// ∂_i G^{-1} = −G^{-1} (∂_i G) G^{-1}: no inverse metric.
std::vector<GiNaC::ex> hamiltonian_differential_in_velocities(const NonholonomicSystem& system);

/// H_c at π = G v for linear constraints: ½ G_αβ v^α v^β + V (2.7), without G^{-1}.
GiNaC::ex hamiltonian_in_velocities(const NonholonomicSystem& system);

/// (2.8) at π = G v, for linear constraints: q̇^i = ρ^i_α v^α and
/// π̇_α = −ρ^i_α ∂H_c/∂q^i − C_αβδ v^β v^δ (C_αβ^γ π_γ = C_αβδ v^δ, (2.6)); components are functions of
/// (q, v), on system.dual_chart().  Where G^{-1} is large (a generic metric: its determinant in every
/// denominator) this form stays short while nonholonomic_vector_field's does not (issue 18).
/// @throws InvalidArgument for affine constraints.
VectorField nonholonomic_vector_field_in_velocities(const NonholonomicSystem& system);

/// (2.8) in (q, π) (nonholonomic_vector_field) where it is short enough to read and to compute; nullopt
/// where it is not, and the derivation and the claims work at π = G v instead (issue 18): when
/// H_c = ½ πᵀ G^{-1} π has more than 4 000 nodes before its canonical form (then (2.8) is not computed:
/// a generic metric's determinant is in every denominator, bench/scaling's generic family from 5
/// coordinates, 120 000 characters an equation there), or when a component's canonical form has more
/// than 5 000 nodes (the generic metric in 4 coordinates: 12 000; the shipped examples stay below 2 600).
/// Always (2.8) for affine constraints, which have no form at π = G v.
std::optional<VectorField> readable_nonholonomic_vector_field(const NonholonomicSystem& system);

/// X(f) at π = G v, for X on system.dual_chart() (components in (q, v) or (q, π)) and f(q, π): a
/// function of (q, v).  Since π ↦ v = G^{-1} π is a bijection of D*, X(f) = 0 exactly when this does.
GiNaC::ex rate_in_velocities(const NonholonomicSystem& system, const VectorField& X, const GiNaC::ex& f);

/// The Lagrange–d'Alembert equations on D* for linear or affine constraints, from their definition:
/// q̇ = constrained_velocities, and π_α = p_i X_α^i with ṗ_i = ∂L/∂q^i + λ_k a^k_i, contracted with
/// X_α ∈ D so that the multipliers drop: π̇_α = X_α^i ∂L/∂q^i + p_i (∂_j X_α^i) q̇^j, p_i = g_ij q̇^j.
/// For linear constraints it equals (2.8) (tests/mechanics).
VectorField lagrange_dalembert_vector_field(const NonholonomicSystem& system);

/// The constrained Legendre transform (q, v) ↦ (q, π = G v + A) as a substitution π_α ↦ G_αβ v^β + A_α,
/// and its inverse v^α ↦ G^αβ (π_β − A_β); A_α = ⟨X_0, X_α⟩ for affine constraints, 0 for linear ones.
GiNaC::exmap legendre_map(const NonholonomicSystem& system);
GiNaC::exmap inverse_legendre_map(const NonholonomicSystem& system);

/// The linear function p_Z(q, π) = Z^α π_α of a section Z = Z^α X_α of D (004 §4.1).
/// @throws DomainError if Z is not a section of D.
GiNaC::ex linear_momentum(const NonholonomicSystem& system, const VectorField& Z);

}  // namespace hamel
