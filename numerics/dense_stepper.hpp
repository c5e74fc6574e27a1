// numerics/dense_stepper.hpp — the Odeint dense-output stepper behind a small copyable class, and
// the loop of accepted steps shared by `integrate` and the event driver.
//
// Copies matter: the event locator keeps the interpolants of the last few steps to look back across
// step boundaries, and a copy (assignment reuses storage) is cheaper than re-integrating.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

#include "numerics/ode.hpp"

namespace hamel::detail {

class DenseStepper {
 public:
  DenseStepper(double abs_tol, double rel_tol, double max_step);
  DenseStepper(const DenseStepper& other);
  DenseStepper& operator=(const DenseStepper& other);
  ~DenseStepper();

  void initialize(const State& x0, double t0, double dt0);
  /// One accepted step. @throws boost::numeric::odeint::odeint_error when no step size works.
  void step(const Rhs& f);
  double t_begin() const;  ///< start of the last step
  double t_end() const;    ///< end of the last step
  const State& state() const;  ///< at t_end()
  /// The interpolant of the last step at t ∈ [t_begin(), t_end()].
  void state_at(double t, State& x) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Bookkeeping carried across the segments of one run (counts, the output grid, progress).
struct RunContext {
  double t0 = 0, t1 = 0;
  std::size_t steps = 0;
  std::size_t rhs_evaluations = 0;
  std::size_t events = 0;
  std::size_t next_grid_index = 0;
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_report = started;
};

/// Looks at an accepted step [a, b] (b clipped to the end of the run; `last` when it reaches it) and
/// returns the time at which to stop, if any, with the state there in `x_stop`.  The time is at most
/// b, and may lie in an earlier step (an event decided late): the run is then cut back to it.
using StepInspector = std::function<std::optional<double>(const DenseStepper& step, double a, double b,
                                                          bool last, State& x_stop)>;

/// Integrates from (t0, x0) towards t1, calling `inspect` after every accepted step; stops where it
/// says (termination Event), at t1, or on failure.  Appends to `ctx`'s counts.
Trajectory run_steps(const Rhs& f, const State& x0, double t0, double t1, const IntegrateOptions& o,
                     RunContext& ctx, const StepInspector& inspect);

/// Throws InvalidArgument unless t1 ≥ t0, x0 is non-empty and finite and the tolerances positive.
void check_problem(const char* fn, const State& x0, double t0, double t1, const IntegrateOptions& o);

}  // namespace hamel::detail
