// mechanics/discrete/newton.hpp — Newton's method for the implicit steps of discrete integrators:
// compiled residual F(known, x) and analytic Jacobian ∂F/∂x (GiNaC, numerics/compiled_function.hpp),
// linear solves with Eigen's partially pivoted LU.
//
// Iteration: x ← x − J(x)⁻¹ F(x), stopped when the correction satisfies ‖δx‖∞ ≤ tol·(1 + ‖x‖∞);
// the converged point must then have ‖F‖∞ ≤ residual_tol + the rounding level of F: 64 eps times the
// larger of ‖J‖∞ ‖(known, x)‖∞ and, when given, the size of the terms F sums (|a| + |b| for a + b).  A step that does not converge (too many
// iterations, a singular Jacobian, a non-finite value) throws ConvergenceError with the history.
#pragma once

#include <Eigen/Dense>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "numerics/compiled_function.hpp"

namespace hamel {

struct NewtonOptions {
  double tolerance = 1e-12;           ///< on the correction, relative to 1 + ‖x‖∞
  double residual_tolerance = 1e-9;   ///< ‖F‖∞ required at the converged point, above the rounding level of F
  int max_iterations = 30;
  double singular_pivot = 1e-13;      ///< |smallest LU pivot| / |largest| below which J counts as singular
};

/// What one solve took.
struct NewtonDiagnostics {
  int iterations = 0;
  double residual = 0;    ///< ‖F‖∞ at the solution
  double correction = 0;  ///< the last ‖δx‖∞
};

/// A step that did not converge; `history` holds ‖F‖∞ before each iteration.
class ConvergenceError : public DomainError {
 public:
  ConvergenceError(const std::string& what, long step, std::vector<double> history)
      : DomainError(what), step_(step), history_(std::move(history)) {}
  long step() const { return step_; }
  const std::vector<double>& history() const { return history_; }

 private:
  long step_;
  std::vector<double> history_;
};

/// Solves F(known, x) = 0 for x.  Not thread-safe (keeps its buffers): copy it per thread.
class NewtonSolver {
 public:
  /// `residual`: inputs (known…, x…), m outputs; `jacobian`: the same inputs, m×m outputs
  /// row-major (compile_jacobian with respect to x).  `what` names the caller in messages.
  NewtonSolver(CompiledFunction residual, CompiledFunction jacobian, std::size_t known, std::string what,
               NewtonOptions options = {});
  std::size_t unknowns() const { return m_; }
  const NewtonOptions& options() const { return options_; }
  /// `x` holds the initial guess on entry and the solution on return.  `step` and `hint` appear
  /// in the error message.  @throws ConvergenceError.
  NewtonDiagnostics solve(const double* known, double* x, long step, const std::string& hint = "") const;
  /// The size of the terms of each component of F (same inputs and outputs), whose rounding bounds
  /// what Newton can reach, built on first need (a stall at the old floor: rare, so rarely compiled);
  /// make_newton_solver sets it.
  void set_rounding_magnitude(std::function<CompiledFunction()> make) { make_magnitude_ = std::move(make); }

 private:
  CompiledFunction F_, J_;
  std::function<CompiledFunction()> make_magnitude_;
  mutable std::optional<CompiledFunction> magnitude_;
  std::size_t k_, m_;
  std::string what_;
  NewtonOptions options_;
  mutable std::vector<double> in_;
  mutable Eigen::VectorXd f_, dx_;
  using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  mutable RowMatrix j_;  // filled by the compiled Jacobian in its row-major order
  mutable Eigen::PartialPivLU<RowMatrix> lu_;
  mutable std::vector<double> history_;  // ‖F‖∞ per iteration (reserved once: no allocation per step)
};

/// Derives ∂F/∂x with GiNaC and compiles F and the Jacobian as functions of (known, x), with the
/// parameters' values substituted.
NewtonSolver make_newton_solver(const std::vector<GiNaC::ex>& residual, const std::vector<GiNaC::ex>& known,
                                const std::vector<GiNaC::ex>& unknowns, const GiNaC::exmap& values, std::string what,
                                NewtonOptions options = {}, const CompileOptions& compile_options = {});

}  // namespace hamel
