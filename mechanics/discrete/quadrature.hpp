// mechanics/discrete/quadrature.hpp — discrete Lagrangians, constraints and forces from continuous
// ones by a quadrature rule with step h (002 §3; Marsden–West 2001 §2.2; Cortés–Martínez 2001 §4).
//
// Conventions (docs/discrete.md): L_d carries the factor h, L_d ≈ ∫_0^h L dt, and velocities are
// replaced by (q1 − q0)/h.  A constraint a_i(q) q̇^i = 0 of D gives the kinematic constraint
// a_i(q_α)(q1 − q0)^i = 0 of D_d, q_α = (1 − α) q0 + α q1 (the midpoint rule has α = ½; the
// evaluation point is a parameter because the disk of §9.4 depends on it, discrete.md erratum 5).
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "mechanics/discrete/discrete_system.hpp"

namespace hamel {

enum class QuadratureRule {
  Midpoint,     ///< h L(q_α, Δq/h), α = ½ unless given
  Trapezoidal,  ///< h/2 [L(q0, Δq/h) + L(q1, Δq/h)]
};

/// "midpoint" / "trapezoidal".
std::string to_string(QuadratureRule rule);

/// L_d(q0, q1) from L(q, q_dot) (on tangent_bundle(Q)), written in the symbols of pair_chart(Q).
GiNaC::ex discrete_lagrangian(const GiNaC::ex& L, const Chart& Q, QuadratureRule rule, const GiNaC::ex& h,
                              const GiNaC::ex& alpha = GiNaC::numeric(1, 2));

/// The kinematic constraints of D_d from the 1-forms ω^a of D: ω^a(q_α)(q1 − q0) (midpoint) or
/// ½[ω^a(q0) + ω^a(q1)](q1 − q0) (trapezoidal).
std::vector<GiNaC::ex> discrete_constraints(const std::vector<Form>& omega, const Chart& Q, QuadratureRule rule,
                                            const GiNaC::ex& alpha = GiNaC::numeric(1, 2));

/// Discrete forces from a continuous force F(q, q_dot) (covector components on tangent_bundle(Q)):
/// midpoint f^∓ = (h/2) F(q_α, Δq/h); trapezoidal f^− = (h/2) F(q0, Δq/h), f^+ = (h/2) F(q1, Δq/h).
struct DiscreteForces {
  std::vector<GiNaC::ex> minus;
  std::vector<GiNaC::ex> plus;
};
DiscreteForces discrete_forces(const std::vector<GiNaC::ex>& F, const Chart& Q, QuadratureRule rule, const GiNaC::ex& h,
                               const GiNaC::ex& alpha = GiNaC::numeric(1, 2));

/// A discrete system made from a mechanical L and linear constraints (velocities as in
/// tangent_bundle(Q)): L_d, D = ∩ ker ω^a and D_d by the rule, the continuous data kept.
/// @throws DomainError if L is not mechanical or a constraint is not linear in the velocities.
DiscreteSystem discretize(const Chart& Q, const GiNaC::ex& L, const std::vector<GiNaC::ex>& constraints,
                          QuadratureRule rule, const GiNaC::ex& h, const GiNaC::ex& alpha = GiNaC::numeric(1, 2));

}  // namespace hamel
