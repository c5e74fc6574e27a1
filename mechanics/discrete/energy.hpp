// mechanics/discrete/energy.hpp — long-run energy behaviour: the energy of a discrete trajectory and,
// for comparison, a non-variational integrator of the same order (2): Heun's method (explicit
// trapezoidal rule, Boost.Odeint explicit_generic_rk) with the same step h on the continuous
// Lagrange–d'Alembert equations in quasi-velocities (Hamel's equations, mechanics/hamel_equations.hpp).
//
// Variational integrators keep the energy error bounded over long times (Cortés–Martínez 2001,
// McLachlan–Perlmutter 2006, observed here for the nonholonomic oscillator); Heun's error drifts.
#pragma once

#include <vector>

#include "mechanics/discrete/integrator.hpp"

namespace hamel {

/// E_k = ½ g(q̄_k)(Δq_k/h, Δq_k/h) + V(q̄_k), q̄_k = (q_k + q_{k+1})/2: one value per step (N values).
/// @throws DomainError if the system has no continuous Lagrangian.
std::vector<double> discrete_energy(const DiscreteSystem& system, const ParameterValues& values,
                                    const DiscreteTrajectory& trajectory);

/// The work of the discrete forces from E_0 to E_k (N values, W_0 = 0).  f^− + f^+ is the impulse of
/// the step (h F(q_α, Δq/h) by the rule), so step j does the work w_j = (f^− + f^+)(q_j, q_{j+1})·(q_{j+1} − q_j)/h;
/// E_k sits in the middle of step k, so W_k = Σ_{j<k} (w_j + w_{j+1})/2.  All zeros for an unforced system.
std::vector<double> discrete_work(const DiscreteSystem& system, const ParameterValues& values,
                                  const DiscreteTrajectory& trajectory);

/// Heun's run: the energy and the work ∫ F(q, q̇)·q̇ dt of the continuous force (integrated with the
/// state), N + 1 values each.
struct HeunEnergy {
  std::vector<double> energy, work;
};

/// Heun's method from (q0, q̇0), N steps of size h, on Hamel's equations with the continuous force of
/// the system (ContinuousData::force) added as ρ^i_α F_i.  q̇0 must lie in D, unless `project` is set:
/// then the closest vector of D (least squares in the frame of D) is used.
/// @throws DomainError if the system has no continuous Lagrangian, or q̇0 is not in D.
HeunEnergy heun_energy_balance(const DiscreteSystem& system, const ParameterValues& values, const std::vector<double>& q0,
                               const std::vector<double>& qdot0, std::size_t N, bool project = false);
/// Its energy alone.
std::vector<double> heun_energy(const DiscreteSystem& system, const ParameterValues& values,
                                const std::vector<double>& q0, const std::vector<double>& qdot0, std::size_t N,
                                bool project = false);

/// max_k |E_k − E_0|.
double max_energy_error(const std::vector<double>& energy);
/// max_k |E_k − E_0 − W_k|: how far the energy is from the balance "change = work of the forces"
/// (max_energy_error when `work` is empty).
double energy_balance_error(const std::vector<double>& energy, const std::vector<double>& work);

}  // namespace hamel
