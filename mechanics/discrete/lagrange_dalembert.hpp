// mechanics/discrete/lagrange_dalembert.hpp — the discrete Lagrange–d'Alembert equations (002 (3)),
// symbolically, with multipliers:
//
//   E(q0, q1, q2) := D_2 L_d(q0, q1) + D_1 L_d(q1, q2) + f_d^+(q0, q1) + f_d^−(q1, q2) = Σ_a ν_a ω^a(q1),
//   φ^b(q1, q2) = 0,
//
// a system of n + (number of φ) equations for the unknowns (q2, ν).  (q0, q1, q2) stand for
// (q_{k-1}, q_k, q_{k+1}); the multiplier ν_a is the coefficient of ω^a at step k.
#pragma once

#include <ginac/ginac.h>

#include <vector>

#include "mechanics/discrete/discrete_system.hpp"

namespace hamel {

struct DiscreteEquations {
  std::vector<GiNaC::ex> momentum_balance;  ///< E_i(q0, q1, q2), i = 1..n
  std::vector<GiNaC::ex> multipliers;       ///< ν_1..ν_m (symbols "nu1", …)
  std::vector<GiNaC::ex> residual;          ///< E_i − Σ ν_a ω^a_i(q1), then φ^b(q1, q2)
  std::vector<GiNaC::ex> unknowns;          ///< q2, then ν
  std::vector<GiNaC::ex> on_d;              ///< E(X_α(q1)) for the basis of D: the equations without multipliers
};

/// E(q0, q1, q2) (with the forces).
std::vector<GiNaC::ex> momentum_balance(const DiscreteSystem& system, bool with_forces = true);

/// The equations (3).  The multiplier symbols are the same for every call on the same chart.
DiscreteEquations lagrange_dalembert_equations(const DiscreteSystem& system);

/// ⟨E(q0, q1, q2), X(q1)⟩ for a vector field X on Q.
GiNaC::ex pair_at_middle(const std::vector<GiNaC::ex>& E, const VectorField& X);

}  // namespace hamel
