// reduction/discrete/reduced_integrator.hpp — the reduced equations (Theorem 5.11) integrated by
// Newton's method, and reconstruction (31)/(43): from (r_{k-1}, w_{k-1}, r_k) each step solves the
// horizontal and vertical equations and Ď_d for (w_k, r_{k+1}); g_{k+1} = g_k w_k 𝔄(r_k, r_{k+1})⁻¹.
#pragma once

#include <vector>

#include "mechanics/discrete/integrator.hpp"
#include "reduction/discrete/reduced_system.hpp"

namespace hamel {

struct DiscreteReducedTrajectory {
  std::vector<std::vector<double>> r;  ///< r_0 … r_N
  std::vector<std::vector<double>> w;  ///< w_0 … w_{N-1}
  std::vector<NewtonDiagnostics> steps;
  int max_iterations = 0;
  double max_residual = 0;
};

class ReducedIntegrator {
 public:
  /// @throws DomainError if the reduced equations are not square (then the numbers of equations and
  ///   unknowns are named), InvalidArgument if a parameter has no value.
  ReducedIntegrator(const ReducedSystem& reduced, const ParameterValues& values, NewtonOptions options = {},
                    CompileOptions compile_options = {});
  std::size_t shape_dim() const { return dm_; }
  std::size_t group_dim() const { return k_; }
  /// (r0, w0, r1) ↦ (w1, r2); initial guess w1 = w0, r2 = 2 r1 − r0.
  NewtonDiagnostics step(const double* r0, const double* w0, const double* r1, double* w1, double* r2, long k = 1) const;
  /// r_0 … r_N and w_0 … w_{N−1} from r0, w0, r1 (N ≥ 1).
  DiscreteReducedTrajectory run(const std::vector<double>& r0, const std::vector<double>& w0, const std::vector<double>& r1,
                        std::size_t N, const StepReport& report = {}) const;
  /// The reduced point (r0, w0, r1) of a pair (q0, q1).
  void reduce_pair(const std::vector<double>& q0, const std::vector<double>& q1, std::vector<double>& r0,
                   std::vector<double>& w0, std::vector<double>& r1) const;
  /// (31)/(43): the lifted curve q_0 … q_N through q0.
  std::vector<std::vector<double>> reconstruct(const DiscreteReducedTrajectory& t, const std::vector<double>& q0) const;

 private:
  std::size_t n_, k_, dm_;
  std::vector<std::size_t> shape_, group_;
  NewtonSolver newton_;
  CompiledFunction w_of_pair_, next_g_;
  mutable std::vector<double> known_, x_;
};

/// The largest |q_i − q'_i| over two trajectories (compared up to the shorter length).
double max_difference(const std::vector<std::vector<double>>& a, const std::vector<std::vector<double>>& b);

}  // namespace hamel
