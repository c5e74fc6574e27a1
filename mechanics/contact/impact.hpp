// mechanics/contact/impact.hpp — impacts on a one-sided holonomic constraint Ψ(q) ≥ 0:
//  * the impact conditions (8) of the nonsmooth Herglotz principle (001 Theorem 1) — momentum along
//    T∂C and energy continuous, q and z continuous — written out and solved symbolically;
//  * the impact with restitution α of 003 (29)–(33): v⁺ = (P̃ − α Q̃) v⁻ with the projectors (31)
//    built from the metric W = ∂²L/∂q̇∂q̇;
//  * Carnot's energy balance 003 Thm 2, (35), and the post-impact energy of Prop. 3 (corrected, E9);
//  * the impact within D when linear constraints ψ^a q̇ = 0 hold always: Lagrange–d'Alembert with
//    impulses, 003 (22)–(27) with (29)–(33), W Δq̇ = μ dΨ + λ_a ψ^a and q̇⁺ ∈ D.  With P_D the
//    W-orthogonal projector onto D (the velocity form of (74)) and n = P_D grad Ψ, the jump lies along n:
//    q̇⁺ = q̇⁻ − (1 + α) W(n, q̇⁻)/W(n, n) · n, and on D W(n, q̇) = dΨ(q̇), W(n, n) = dΨ(n).
// Velocity maps are functions of the pre-impact state (q, q̇⁻, z), i.e. of the coordinates of TQ × R.
#pragma once

#include <vector>

#include "mechanics/contact/contact_lagrangian.hpp"
#include "mechanics/contact/legendre.hpp"

namespace hamel {

/// A basis of T_q ∂C = ker dΨ (generically, as fields on Q).
std::vector<VectorField> boundary_tangent_basis(const Chart& Q, const GiNaC::ex& psi);

/// The conditions (8) with unknown post-impact velocities `post` (fresh symbols):
///   p_i(q, q̇⁻, z) w_k^i = p_i(q, post, z) w_k^i for the tangent basis w_k, and
///   E_L(q, q̇⁻, z) = E_L(q, post, z); each entry of `equations` is (before) − (after).
struct ImpactConditions {
  std::vector<VectorField> tangent;
  std::vector<GiNaC::ex> post;
  std::vector<GiNaC::ex> equations;  ///< n − 1 momentum conditions, then the energy condition
};
ImpactConditions impact_conditions(const ContactLagrangian& L, const GiNaC::ex& psi);

/// Every solution q̇⁺(q, q̇⁻, z) of (8): the n − 1 linear conditions are solved for all unknowns but
/// one, and the energy condition, then quadratic in the last one, gives two roots: q̇⁺ = q̇⁻ (no
/// impact) and the impact.  The identity comes first.
/// @throws NotImplemented unless L has momenta affine in the velocities.
std::vector<std::vector<GiNaC::ex>> solve_impact_conditions(const ContactLagrangian& L, const GiNaC::ex& psi);

/// The impact with restitution α (003 (33)):
///   q̇⁺ = q̇⁻ − (1 + α) dΨ(q̇⁻) / W^{-1}(dΨ, dΨ) · W^{-1} dΨ,
/// the W-reflection for α = 1 (the non-trivial solution of (8) for affine momenta).  With always-on
/// constraints `forms` the impact within D: q̇⁺ = q̇⁻ − (1 + α) W(n, q̇⁻)/W(n, n) · n (see
/// normal_in_distribution), which keeps D and, on D, gives dΨ(q̇⁺) = −α dΨ(q̇⁻) (003 (32)).
/// @throws NotImplemented unless L has momenta affine in the velocities; DomainError when n vanishes
/// identically (no motion in D reaches Ψ = 0) or the constraints are dependent.
std::vector<GiNaC::ex> restitution_map(const ContactLagrangian& L, const GiNaC::ex& psi, const GiNaC::ex& alpha,
                                       const std::vector<Form>& forms = {});

/// The part in D of the wall's normal: n = P_D grad Ψ with P_D = Id − W^{-1}ψᵀC^{-1}ψ (C = ψW^{-1}ψᵀ,
/// the jump map of 003 (74) on velocities), and W(n, n) = dΨ(n) = W^{-1}(dΨ, dΨ) − dΨ W^{-1}ψᵀC^{-1}ψW^{-1}dΨᵀ.
/// n = 0 where dΨ ∈ span{ψ^a}: there every q̇ ∈ D has dΨ(q̇) = 0, so no motion in D reaches Ψ = 0.
struct DistributionNormal {
  std::vector<GiNaC::ex> normal;  ///< n^i
  GiNaC::ex norm;                 ///< W(n, n)
  bool vanishes = false;          ///< W(n, n) = 0 identically (zero test)
};
/// @throws NotImplemented unless the momenta are affine; DomainError for dependent constraints.
DistributionNormal normal_in_distribution(const ContactLagrangian& L, const GiNaC::ex& psi, const std::vector<Form>& forms);
/// A basis of T_q∂C ∩ D = ker dΨ ∩ ker ψ: the directions along which the impulses of 003 (26) with the
/// constraint forces of (22) do no work, so the momentum along them is continuous (003 (25)).
std::vector<VectorField> boundary_tangent_basis(const Chart& Q, const GiNaC::ex& psi, const std::vector<Form>& forms);

/// The normal projector Q̃ of 003 (31) on velocities (matrix acting on columns q̇), with g = W:
///   Q̃(X) = g(grad Ψ, X) / g(grad Ψ, grad Ψ) · grad Ψ.  P̃ = Id − Q̃.
GiNaC::matrix normal_projector(const ContactLagrangian& L, const GiNaC::ex& psi);

/// T(u) = ½ W(u, u) for a velocity vector u (the kinetic energy of 003 Thm 2).
GiNaC::ex kinetic_energy(const ContactLagrangian& L, const std::vector<GiNaC::ex>& u);
/// The energy E_L after the jump q̇⁻ ↦ `post` (q and z continuous).
GiNaC::ex energy_after(const ContactLagrangian& L, const std::vector<GiNaC::ex>& post);
/// Carnot's balance 003 (35) in closed form: E⁺ − E⁻ = −½ (1 − α²) dΨ(q̇⁻)² / W^{-1}(dΨ, dΨ); with
/// always-on constraints, for q̇⁻ ∈ D, −½ (1 − α²) dΨ(q̇⁻)² / W(n, n) (n of normal_in_distribution).
GiNaC::ex carnot_energy_jump(const ContactLagrangian& L, const GiNaC::ex& psi, const GiNaC::ex& alpha,
                             const std::vector<Form>& forms = {});

/// The same impact on T*Q × R (001 (22), (50)): p⁺(q, p⁻, z) = ∂L/∂q̇ at (q, post(q, Leg^{-1} p⁻, z), z).
std::vector<GiNaC::ex> momentum_map(const ContactLagrangian& L, const ContactLegendre& leg, const std::vector<GiNaC::ex>& post);

}  // namespace hamel
