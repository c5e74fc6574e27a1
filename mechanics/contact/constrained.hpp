// mechanics/contact/constrained.hpp — contact Lagrangian systems with linear nonholonomic constraints
// ψ^a_i(q) q̇^i = 0 (003 §2, (15)–(17), and §4, (47)–(60)):
//   * the constrained Herglotz equations (15) solved with their multipliers λ_a;
//   * the constraint fields Y_a = −W^{ij} ψ^a_j ∂_{q̇^i} of (49) (♭_L(Y_a) = ψ^a), the matrix
//     C_ab = −W^{ij} ψ^a_i ψ^b_j of (52), the projectors P̂, Q̂ of (54)/(59);
//   * the constrained vector field Γ_{L,D} = P̂(Γ_L) of Prop. 5, (60).
// The two routes (multipliers, projectors) are independent computations of the same field.
#pragma once

#include <vector>

#include "mechanics/contact/contact_lagrangian.hpp"

namespace hamel {

/// The constraint matrix ψ (k × n) of 1-forms on Q. @throws InvalidArgument on a chart mismatch.
GiNaC::matrix constraint_matrix(const Chart& Q, const std::vector<Form>& psi);
/// ψ̄^a = ψ^a_i(q) q̇^i, functions on TQ × R.
std::vector<GiNaC::ex> constraint_functions(const ContactLagrangian& L, const std::vector<Form>& psi);

struct ConstrainedHerglotz {
  std::vector<GiNaC::ex> multipliers;  ///< λ_a(q, q̇, z) of (15)
  VectorField field;                   ///< q̇ ∂_q + W^{-1}(F + ψᵀλ) ∂_{q̇} + L ∂_z
};
/// (15): W q̈ = F + ψᵀλ with F the Herglotz forces, and λ from d/dt ψ̄^a = 0:
///   λ = −(ψ W^{-1} ψᵀ)^{-1} dψ̄(Γ_L).
/// @throws DomainError if the constraints are dependent (ψ W^{-1} ψᵀ singular).
ConstrainedHerglotz constrained_herglotz(const ContactLagrangian& L, const std::vector<Form>& psi);

/// Y_a = −W^{ij} ψ^a_j ∂_{q̇^i} (003 (49)).
std::vector<VectorField> constraint_vector_fields(const ContactLagrangian& L, const std::vector<Form>& psi);
/// (C_ab) = −(W^{ij} ψ^a_i ψ^b_j) (003 (52)).
GiNaC::matrix constraint_gram_matrix(const ContactLagrangian& L, const std::vector<Form>& psi);
/// P̂(Y) = Y − C^{ba} dψ̄^b(Y) Y_a (003 (59)); Q̂(Y) = Y − P̂(Y).
VectorField tangent_projection(const ContactLagrangian& L, const std::vector<Form>& psi, const VectorField& Y);
/// Γ_{L,D} = Γ_L − C^{ba} dψ̄^b(Γ_L) Y_a (003 Prop. 5, (60)).
VectorField constrained_vector_field(const ContactLagrangian& L, const std::vector<Form>& psi);

/// A parametrisation of D: the constraints solved for k of the velocities in terms of the others
/// (reduced row echelon form, simplest pivots); substituting it restricts functions on TQ × R to
/// D × R, written in q, the free velocities and z (as 003 writes μ₁, μ₂ in h, φ, φ̇).
/// @throws DomainError for dependent constraints.
struct DParametrisation {
  std::vector<GiNaC::ex> parameters;  ///< the free velocities
  GiNaC::exmap substitution;          ///< each solved velocity ↦ a combination of the free ones
};
DParametrisation parametrise_distribution(const ContactLagrangian& L, const std::vector<Form>& psi);

/// Γ_{L,D}(f) − (∂L/∂z) f on D × R (written in the parameters of parametrise_distribution): how far f
/// is from a dissipated quantity of the constrained motion.  For the momentum p_i of a cyclic
/// coordinate it is the constraint force λ_a ψ^a_i, by (15).
GiNaC::ex dissipation_defect(const ContactLagrangian& L, const std::vector<Form>& psi, const GiNaC::ex& f);
/// Whether f is a dissipated quantity (001 Def. 1) of the motion under the constraints ψ, which moves
/// on D × R along Γ_{L,D} (003 (15), (47b)): Γ_{L,D}(f) = (∂L/∂z) f there.  Off D the two sides may
/// differ and are not compared.  The detail says that Γ_{L,D} was used, and a witness point lies on D.
/// With no constraints it is is_dissipated(L, f).
ZeroVerdict is_dissipated(const ContactLagrangian& L, const std::vector<Form>& psi, const GiNaC::ex& f);

}  // namespace hamel
