// mechanics/discrete/integrator.hpp — the discrete Lagrange–d'Alembert integrator: each step solves
// (3) for (q_{k+1}, ν_k) given (q_{k-1}, q_k) by Newton's method (mechanics/discrete/newton.hpp),
// with the residual and its Jacobian derived by GiNaC and compiled once.
#pragma once

#include <ginac/ginac.h>

#include <functional>
#include <vector>

#include "mechanics/discrete/discrete_system.hpp"
#include "mechanics/discrete/lagrange_dalembert.hpp"
#include "mechanics/discrete/newton.hpp"

namespace hamel {

/// The numeric values of the parameters (symbol → number), e.g. {h: 0.1, m: 1}.
using ParameterValues = GiNaC::exmap;

struct DiscreteTrajectory {
  std::vector<std::vector<double>> q;            ///< q_0 … q_N
  std::vector<std::vector<double>> multipliers;  ///< ν at k = 1 … N−1 (coefficients of ω^a(q_k))
  std::vector<NewtonDiagnostics> steps;          ///< one per computed point q_2 … q_N
  std::vector<std::size_t> translated;           ///< coordinates solved relative to q_k (DiscreteIntegrator::translated)
  int max_iterations = 0;                        ///< over all steps
  double max_residual = 0;                       ///< ‖F‖∞ at the solutions, worst step
  double mean_iterations() const;
};

/// Told the index k of each step done, every `kStepReportInterval` steps (for progress lines on long runs).
using StepReport = std::function<void(std::size_t k)>;
constexpr std::size_t kStepReportInterval = 1024;

/// Whether steps are solved relative to q_k in the coordinates where (3) is translation invariant
/// (`translation_invariant_coordinates`): Detect (default) finds them, Off solves every step in the
/// absolute coordinates (rounding then grows with |q|: for comparison).
enum class Translation { Detect, Off };

class DiscreteIntegrator {
 public:
  /// @throws InvalidArgument if a parameter has no value; DomainError if the number of kinematic
  ///   constraints differs from the number of variational ones (then (3) is not square).
  DiscreteIntegrator(const DiscreteSystem& system, const ParameterValues& values, NewtonOptions options = {},
                     CompileOptions compile_options = {}, Translation translation = Translation::Detect);
  std::size_t dim() const { return n_; }
  std::size_t multipliers() const { return m_; }
  /// The coordinates (indices into Q) in which each step is solved relative to q_k.
  const std::vector<std::size_t>& translated() const { return translated_; }
  /// One step: q2 (initial guess 2 q1 − q0) and ν (initial guess: its value on entry).
  NewtonDiagnostics step(const double* q0, const double* q1, double* q2, double* nu, long k = 1) const;
  /// N points after q0, q1 (N ≥ 1): q_0 … q_N.  In the translated coordinates each step is solved for the
  /// increment q_{k+1} − q_k from the previous increment (never from a difference of large rounded
  /// positions), and the positions are its compensated sums.  @throws ConvergenceError naming the step.
  DiscreteTrajectory run(const std::vector<double>& q0, const std::vector<double>& q1, std::size_t N,
                         const StepReport& report = {}) const;
  /// ‖φ(q0, q1)‖∞: how far a pair is from D_d.
  double constraint_violation(const std::vector<double>& q0, const std::vector<double>& q1) const;

 private:
  DiscreteIntegrator(const DiscreteSystem& system, const DiscreteEquations& eq, const ParameterValues& values,
                     NewtonOptions options, CompileOptions compile_options, Translation translation);
  NewtonDiagnostics solve(const double* q0, const double* q1, const double* back, double* out, double* nu, long k) const;
  std::size_t n_, m_;
  NewtonSolver newton_;
  std::vector<std::size_t> translated_;
  std::vector<char> is_translated_;
  CompiledFunction phi_;
  mutable std::vector<double> known_, x_;
};

/// q1 with the components `unknown` (indices) solved from φ(q0, q1) = 0 by Newton, starting from the
/// given q1 (e.g. x1, y1 of the disk from θ1, φ1).  The number of unknowns must equal the number of
/// kinematic constraints.
std::vector<double> complete_on_constraint(const DiscreteSystem& system, const ParameterValues& values,
                                           const std::vector<double>& q0, std::vector<double> q1,
                                           const std::vector<std::size_t>& unknown, NewtonOptions options = {});

/// f(q_k, q_{k+1}) for k = 0 … N−1: a function on Q×Q (in the slots x0, x1) along q_0 … q_N, compiled
/// once (the energy E_k, the discrete momentum J_k).  @throws InvalidArgument if a parameter has no value.
std::vector<double> along_steps(const DiscreteSystem& system, const GiNaC::ex& f, const ParameterValues& values,
                                const std::vector<std::vector<double>>& q);

/// The symbols of `e` that are parameters of Q without a value: for messages.
std::vector<std::string> missing_values(const std::vector<GiNaC::ex>& e, const Chart& Q, const ParameterValues& values);

}  // namespace hamel
