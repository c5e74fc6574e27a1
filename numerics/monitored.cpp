// numerics/monitored.cpp
#include "numerics/monitored.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "numerics/compiled_function.hpp"

namespace hamel {

MonitoredRun integrate_monitored(const std::vector<GiNaC::ex>& field, const std::vector<GiNaC::ex>& state,
                                 const std::vector<Monitored>& monitors, const GiNaC::exmap& values, const State& x0,
                                 double t0, double t1, double step, const IntegrateOptions& options) {
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
  out.trajectory = integrate(make_rhs(f), x0, t0, t1, o);
  const auto at = [&](const State& x) {
    std::vector<double> v(g.size());
    if (!g.empty()) h(x.data(), v.data());
    return v;
  };
  out.initial = at(x0);
  out.drift.assign(g.size(), 0.0);
  for (const State& x : out.trajectory.x) {
    const std::vector<double> v = at(x);
    for (std::size_t j = 0; j < g.size(); ++j)
      out.drift[j] = std::max(out.drift[j], std::isfinite(v[j]) ? std::abs(v[j] - out.initial[j]) : HUGE_VAL);
  }
  for (std::size_t j = 0; j < g.size(); ++j)
    out.relative_drift.push_back(out.drift[j] / std::max(std::abs(out.initial[j]), 1e-300));
  for (const State& x : step > 0 ? out.trajectory.grid_x : out.trajectory.x) out.samples.push_back(at(x));
  return out;
}

}  // namespace hamel
