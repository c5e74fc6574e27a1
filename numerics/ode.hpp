// numerics/ode.hpp — integration of x' = f(x, t) with Boost.Odeint's Dormand–Prince 5(4) stepper and
// its dense output (a continuous interpolant on every accepted step).
//
// States are std::vector<double>, the state type Odeint supports without adapters; an Eigen vector
// maps onto one without copying (Eigen::Map<Eigen::VectorXd>(x.data(), n)).  Integration runs
// forward in time (t1 > t0).  Event location and the hybrid driver are in numerics/events.hpp.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace hamel {

class CompiledFunction;

using State = std::vector<double>;
/// dxdt = f(x, t); dxdt already has the size of x.
using Rhs = std::function<void(const State& x, State& dxdt, double t)>;

/// What a progress callback is told (see IntegrateOptions::progress).
struct Progress {
  double t = 0;         ///< time reached
  double t0 = 0;        ///< start of the run
  double t1 = 0;        ///< end of the run
  std::size_t steps = 0;
  std::size_t events = 0;
  double elapsed_seconds = 0;  ///< wall time since the start of the run
};

struct IntegrateOptions {
  /// Per-component error bound of a step: |err_i| ≤ abs_tol + rel_tol·(|x_i| + dt|x'_i|).  1e-12
  /// keeps the global error of smooth mechanical systems near 1e-10 over tens of periods (see
  /// docs/numerics.md) at about twice the steps of 1e-10.
  double abs_tol = 1e-12;
  double rel_tol = 1e-12;
  double initial_step = 0;  ///< first trial step; 0: min(1e-3, t1 − t0)
  double max_step = 0;      ///< 0: unlimited
  double output_step = 0;   ///< > 0: also sample the solution at t0 + k·output_step
  bool store_steps = true;  ///< keep the state at every accepted step
  std::size_t max_steps = 10'000'000;
  std::function<void(const Progress&)> progress;  ///< called at most every progress_interval
  double progress_interval = 1.0;                 ///< seconds of wall time
  /// When set, the samples are handed to it as they become final instead of being kept in the
  /// Trajectory (which then ends with empty t, x, grid_t, grid_x): the accepted steps (when
  /// store_steps) with grid = false, the grid points with grid = true, each kind in time order. A sample
  /// is final once an event decided late can no longer cut the run back past it (the event locator
  /// looks back at most 8 steps; the last kSinkDelay samples are held back). Memory then stays bounded
  /// however long the run: for streamed CSVs, running maxima and thinned figures.
  std::function<void(double t, const State& x, bool grid)> sink;
};

/// How many of the latest samples a run with IntegrateOptions::sink holds back (an event may still
/// remove them).
constexpr std::size_t kSinkDelay = 64;

enum class Termination {
  Completed,   ///< reached t1
  Event,       ///< stopped at an event (integrate_until_event)
  Stopped,     ///< the reset map asked to stop (simulate_with_events)
  MaxEvents,   ///< too many events (Zeno accumulation?), see the message
  MaxSteps,    ///< IntegrateOptions::max_steps reached
  NotFinite,   ///< the state became inf or NaN
  StepFailed,  ///< no acceptable step size (stiff or singular right-hand side)
};

/// "completed", "event", ...
std::string to_string(Termination t);

/// A solution: the accepted steps, the optional uniform grid, the end point and how the run ended.
/// When a simulation jumps (an impact), the time of the jump appears twice: before and after.
struct Trajectory {
  std::vector<double> t;  ///< accepted steps, from t0 (empty if !store_steps)
  std::vector<State> x;
  std::vector<double> grid_t;  ///< t0 + k·output_step
  std::vector<State> grid_x;
  double t_end = 0;  ///< where the run ended
  State x_end;
  Termination termination = Termination::Completed;
  std::string message;  ///< why the run ended early (empty when completed)
  std::size_t steps = 0;
  std::size_t rhs_evaluations = 0;
  bool completed() const { return termination == Termination::Completed; }
};

/// Integrates x' = f(x, t) from (t0, x0) to t1.
/// @throws InvalidArgument for t1 < t0, an empty or non-finite x0, or non-positive tolerances.
Trajectory integrate(const Rhs& f, const State& x0, double t0, double t1,
                     const IntegrateOptions& options = {});

/// A right-hand side from a compiled function of n inputs (autonomous) or n + 1 inputs (time last)
/// and n outputs. @throws InvalidArgument for other shapes.
Rhs make_rhs(const CompiledFunction& f);

}  // namespace hamel
