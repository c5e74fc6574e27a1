// numerics/monitored.cpp
#include "numerics/monitored.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "numerics/compiled_function.hpp"

namespace hamel {

namespace {

// Samples kept by a long run: every stride-th, the stride doubling when 2·max are kept (then every
// other one goes), and the last one seen.
class Thinned {
 public:
  explicit Thinned(std::size_t max) : max_(max) {}
  std::size_t seen() const { return seen_; }
  void add(double t, const State& x, std::vector<double> v, std::vector<double>& ts, std::vector<State>& xs,
           std::vector<std::vector<double>>& vs) {
    const bool keep = seen_++ % stride_ == 0;
    held_ = !keep;
    if (!keep) {  // held, in case it is the last
      last_t_ = t;
      last_x_ = x;
      last_v_ = std::move(v);
      return;
    }
    ts.push_back(t);
    xs.push_back(x);
    vs.push_back(std::move(v));
    if (ts.size() < 2 * max_) return;
    halve(ts);
    halve(xs);
    halve(vs);
    stride_ *= 2;
  }
  void finish(std::vector<double>& ts, std::vector<State>& xs, std::vector<std::vector<double>>& vs) {
    if (!held_) return;
    ts.push_back(last_t_);
    xs.push_back(std::move(last_x_));
    vs.push_back(std::move(last_v_));
    held_ = false;
  }

 private:
  template <class V>
  static void halve(std::vector<V>& v) {  // keeps the even positions
    std::size_t j = 0;
    for (std::size_t i = 0; i < v.size(); i += 2, ++j)
      if (i != j) v[j] = std::move(v[i]);  // not onto itself: a vector moved onto itself may come out empty
    v.resize(j);
  }

  const std::size_t max_;
  std::size_t stride_ = 1, seen_ = 0;
  bool held_ = false;
  double last_t_ = 0;
  State last_x_;
  std::vector<double> last_v_;
};

}  // namespace

MonitoredRun integrate_monitored(const std::vector<GiNaC::ex>& field, const std::vector<GiNaC::ex>& state,
                                 const std::vector<Monitored>& monitors, const GiNaC::exmap& values, const State& x0,
                                 double t0, double t1, double step, const IntegrateOptions& options, std::size_t max_samples) {
  if (field.size() != state.size() || x0.size() != state.size())
    throw InvalidArgument(detail::message("integrate_monitored", "a field, a state and a start of one size",
                                          std::to_string(state.size()) + " components",
                                          std::to_string(field.size()) + " and " + std::to_string(x0.size())));
  const CompiledFunction f = compile(field, state, values, CompileOptions{Backend::Auto, "", "", true});
  std::vector<GiNaC::ex> g;
  MonitoredRun out;
  for (const Monitored& m : monitors) {
    out.names.push_back(m.name);
    g.push_back(m.f);
  }
  // the monitors are evaluated a few times per step: the interpreter is fast enough and starts at once
  const CompiledFunction h = compile(g, state, values, CompileOptions{Backend::Bytecode, "", "", true});
  IntegrateOptions o = options;
  o.output_step = step;
  o.store_steps = true;
  const auto at = [&](const State& x) {
    std::vector<double> v(g.size());
    if (!g.empty()) h(x.data(), v.data());
    return v;
  };
  out.initial = at(x0);
  // H_c of velocities near 1e300 overflows: its drift was printed "inf, relative -nan", the run exit 0
  for (std::size_t j = 0; j < g.size(); ++j)
    if (!std::isfinite(out.initial[j]))
      throw DomainError(detail::message("integrate_monitored", "a monitored quantity is not finite at the start",
                                        "a start where " + out.names[j] + " is finite in double precision",
                                        out.names[j] + " = " + (std::isnan(out.initial[j]) ? "nan" : out.initial[j] > 0 ? "inf" : "-inf")));
  out.drift.assign(g.size(), 0.0);
  const auto widen = [&](const std::vector<double>& v) {
    for (std::size_t j = 0; j < g.size(); ++j)
      out.drift[j] = std::max(out.drift[j], std::isfinite(v[j]) ? std::abs(v[j] - out.initial[j]) : HUGE_VAL);
  };
  if (max_samples == 0) {
    out.trajectory = integrate(make_rhs(f), x0, t0, t1, o);
    for (const State& x : out.trajectory.x) widen(at(x));
    for (const State& x : step > 0 ? out.trajectory.grid_x : out.trajectory.x) out.samples.push_back(at(x));
    out.sample_count = out.samples.size();
  } else {
    std::vector<double> kept_t;
    std::vector<State> kept_x;
    Thinned thin(max_samples);
    o.sink = [&](double t, const State& x, bool grid) {
      std::vector<double> v = at(x);
      if (!grid) widen(v);
      if (grid == (step > 0)) thin.add(t, x, std::move(v), kept_t, kept_x, out.samples);
    };
    out.trajectory = integrate(make_rhs(f), x0, t0, t1, o);
    thin.finish(kept_t, kept_x, out.samples);
    out.sample_count = thin.seen();
    (step > 0 ? out.trajectory.grid_t : out.trajectory.t) = std::move(kept_t);
    (step > 0 ? out.trajectory.grid_x : out.trajectory.x) = std::move(kept_x);
  }
  for (std::size_t j = 0; j < g.size(); ++j)
    out.relative_drift.push_back(out.drift[j] / std::max(std::abs(out.initial[j]), 1e-300));
  return out;
}

}  // namespace hamel
