// numerics/dense_stepper.cpp
#include "numerics/dense_stepper.hpp"

#include <boost/numeric/odeint.hpp>
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "core/error.hpp"
#include "core/number_text.hpp"

namespace hamel::detail {

namespace odeint = boost::numeric::odeint;

namespace {
using Dopri5 = odeint::runge_kutta_dopri5<State>;
using Dense = odeint::result_of::make_dense_output<Dopri5>::type;

bool all_finite(const State& x) {
  for (double v : x)
    if (!std::isfinite(v)) return false;
  return true;
}
}  // namespace

struct DenseStepper::Impl {
  Dense dense;
};

DenseStepper::DenseStepper(double abs_tol, double rel_tol, double max_step)
    : impl_(std::make_unique<Impl>(Impl{
          max_step > 0 ? odeint::make_dense_output(abs_tol, rel_tol, max_step, Dopri5())
                       : odeint::make_dense_output(abs_tol, rel_tol, Dopri5())})) {}

DenseStepper::DenseStepper(const DenseStepper& other) : impl_(std::make_unique<Impl>(*other.impl_)) {}

DenseStepper& DenseStepper::operator=(const DenseStepper& other) {
  *impl_ = *other.impl_;
  return *this;
}

DenseStepper::~DenseStepper() = default;

void DenseStepper::initialize(const State& x0, double t0, double dt0) { impl_->dense.initialize(x0, t0, dt0); }

void DenseStepper::step(const Rhs& f) {
  impl_->dense.do_step([&f](const State& x, State& dxdt, double t) { f(x, dxdt, t); });
}

double DenseStepper::t_begin() const { return impl_->dense.previous_time(); }
double DenseStepper::t_end() const { return impl_->dense.current_time(); }
const State& DenseStepper::state() const { return impl_->dense.current_state(); }

void DenseStepper::state_at(double t, State& x) const {
  x.resize(state().size());
  if (t == t_end()) {
    x = state();  // exact, and valid before the first step too
    return;
  }
  impl_->dense.calc_state(t, x);
}

void check_problem(const char* fn, const State& x0, double t0, double t1, const IntegrateOptions& o) {
  if (x0.empty() || !all_finite(x0))
    throw InvalidArgument(detail::message(fn, "the initial state is empty or not finite",
                                          "a finite vector", std::to_string(x0.size()) + " components"));
  if (!(std::isfinite(t0) && std::isfinite(t1) && t1 >= t0))
    throw InvalidArgument(detail::message(fn, "the time interval runs backwards or is not finite",
                                          "t0 <= t1", "t0 = " + number_text(t0, 17) + ", t1 = " + number_text(t1, 17),
                                          "integration runs forward in time"));
  if (!(o.abs_tol > 0 && o.rel_tol >= 0))
    throw InvalidArgument(detail::message(fn, "invalid tolerances", "abs_tol > 0 and rel_tol >= 0",
                                          number_text(o.abs_tol, 17) + " and " + number_text(o.rel_tol, 17)));
}

namespace {

// Grid points t0 + k·h are numbered from the start of the run, so they continue across segments.
void sample_grid(const DenseStepper& s, double upto, const IntegrateOptions& o, RunContext& ctx,
                 Trajectory& out, State& scratch) {
  if (!(o.output_step > 0)) return;
  for (;;) {
    const double tk = ctx.t0 + static_cast<double>(ctx.next_grid_index) * o.output_step;
    if (tk > upto) return;
    s.state_at(std::clamp(tk, s.t_begin(), s.t_end()), scratch);
    out.grid_t.push_back(tk);
    out.grid_x.push_back(scratch);
    ++ctx.next_grid_index;
  }
}

// An event decided after its step: forget what was recorded beyond it.
void cut_back(double t_stop, RunContext& ctx, Trajectory& out) {
  while (out.t.size() > 1 && out.t.back() > t_stop) {
    out.t.pop_back();
    out.x.pop_back();
  }
  while (!out.grid_t.empty() && out.grid_t.back() > t_stop) {
    out.grid_t.pop_back();
    out.grid_x.pop_back();
    --ctx.next_grid_index;
  }
}

// With a sink, the samples before the last kSinkDelay are final and leave the trajectory (all of them
// when the segment ends: `all`). Flushed in batches, so that the erase costs O(1) per sample.
void release(const IntegrateOptions& o, Trajectory& out, bool all) {
  if (!o.sink) return;
  const auto flush = [&](std::vector<double>& t, std::vector<State>& x, bool grid) {
    if (!all && t.size() < 2 * kSinkDelay) return;
    const std::size_t n = all ? t.size() : t.size() - kSinkDelay;
    for (std::size_t i = 0; i < n; ++i) o.sink(t[i], x[i], grid);
    t.erase(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(n));
    x.erase(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(n));
  };
  flush(out.t, out.x, false);
  flush(out.grid_t, out.grid_x, true);
}

void report_progress(const IntegrateOptions& o, RunContext& ctx, double t) {
  if (!o.progress) return;
  const auto now = std::chrono::steady_clock::now();
  if (std::chrono::duration<double>(now - ctx.last_report).count() < o.progress_interval) return;
  ctx.last_report = now;
  o.progress({t, ctx.t0, ctx.t1, ctx.steps, ctx.events,
              std::chrono::duration<double>(now - ctx.started).count()});
}

void finish(Trajectory& out, Termination why, double t, const State& x, std::string message = {}) {
  out.termination = why;
  out.t_end = t;
  out.x_end = x;
  out.message = std::move(message);
}

}  // namespace

Trajectory run_steps(const Rhs& f, const State& x0, double t0, double t1, const IntegrateOptions& o,
                     RunContext& ctx, const StepInspector& inspect) {
  Trajectory out;
  std::size_t evaluations = 0;
  const Rhs counted = [&](const State& x, State& dxdt, double t) {
    ++evaluations;
    f(x, dxdt, t);
  };
  DenseStepper s(o.abs_tol, o.rel_tol, o.max_step);
  double dt0 = o.initial_step > 0 ? o.initial_step : 1e-3;
  if (o.max_step > 0) dt0 = std::min(dt0, o.max_step);
  s.initialize(x0, t0, std::max(std::min(dt0, t1 - t0), std::numeric_limits<double>::min()));
  State scratch(x0.size()), grid_scratch(x0.size());
  if (o.store_steps) {
    out.t.push_back(t0);
    out.x.push_back(x0);
  }
  for (; o.output_step > 0; ++ctx.next_grid_index) {  // grid points at the start: x0 itself
    const double tk = ctx.t0 + static_cast<double>(ctx.next_grid_index) * o.output_step;
    if (tk > t0) break;
    out.grid_t.push_back(tk);
    out.grid_x.push_back(x0);
  }
  const std::size_t steps_before = ctx.steps;
  auto done = [&](Termination why, double t, const State& x, std::string message = {}) {
    finish(out, why, t, x, std::move(message));
    release(o, out, true);
    out.steps = ctx.steps - steps_before;
    out.rhs_evaluations = evaluations;
    ctx.rhs_evaluations += evaluations;
    return std::move(out);  // called once, on the way out: no copy of the trajectory
  };
  if (t1 == t0) return done(Termination::Completed, t0, x0);

  State last_good = x0;
  double t_good = t0;
  for (;;) {
    if (ctx.steps - steps_before >= o.max_steps)
      return done(Termination::MaxSteps, t_good, last_good,
                  "integrate: " + std::to_string(o.max_steps) + " steps taken by t = " + number_text(t_good, 17) +
                      "; hint: raise IntegrateOptions::max_steps or loosen the tolerances");
    try {
      s.step(counted);
    } catch (const odeint::odeint_error& e) {
      return done(Termination::StepFailed, t_good, last_good,
                  "integrate: no acceptable step size at t = " + number_text(t_good, 17) + " (" + e.what() +
                      "); hint: the system may be stiff or singular there");
    }
    ++ctx.steps;
    if (!(s.t_end() > t_good))  // the step no longer changes t: it is below the resolution of t
      return done(Termination::StepFailed, t_good, last_good,
                  "integrate: the step size fell below the resolution of t = " + number_text(t_good, 17) +
                      "; hint: the solution may be singular there");
    if (!all_finite(s.state()))
      return done(Termination::NotFinite, t_good, last_good,
                  "integrate: the state is not finite at t = " + number_text(s.t_end(), 17) +
                      "; last finite state at t = " + number_text(t_good, 17) +
                      "; hint: the solution may blow up, or the right-hand side returned NaN");
    const double a = s.t_begin();
    const bool last = s.t_end() >= t1;
    const double b = last ? t1 : s.t_end();
    const std::optional<double> stop = inspect ? inspect(s, a, b, last, scratch) : std::nullopt;
    const double t_stop = stop ? *stop : b;
    if (stop) cut_back(t_stop, ctx, out);
    sample_grid(s, t_stop, o, ctx, out, grid_scratch);
    if (!stop) s.state_at(t_stop, scratch);
    if (o.store_steps && t_stop > out.t.back()) {
      out.t.push_back(t_stop);
      out.x.push_back(scratch);
    }
    t_good = t_stop;
    last_good = scratch;
    release(o, out, false);
    report_progress(o, ctx, t_stop);
    if (stop) return done(Termination::Event, t_stop, scratch);
    if (last) return done(Termination::Completed, t1, scratch);
  }
}

}  // namespace hamel::detail
