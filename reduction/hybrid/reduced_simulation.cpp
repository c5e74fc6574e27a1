// reduction/hybrid/reduced_simulation.cpp
#include "reduction/hybrid/reduced_simulation.hpp"

#include <memory>

#include "core/error.hpp"
#include "mechanics/hybrid/impact_rule.hpp"

namespace hamel {

ReducedTrajectory simulate_reduced(const SimpleHybridSystem& H, const ForcedRouthReduction& r,
                                   const HybridSimulationSpec& spec) {
  using GiNaC::ex;
  const auto& s = H.system();
  const std::size_t n = s.dim(), m = r.shape.size(), k = r.cyclic.size();
  if (spec.initial.size() != 2 * n)
    throw InvalidArgument(detail::message("simulate_reduced", "wrong size of the initial state",
                                          std::to_string(2 * n) + " (q, q_dot)", std::to_string(spec.initial.size())));
  const auto q = s.coordinates();
  const auto v = s.velocities();
  const ex t = s.time() ? *s.time() : ex(GiNaC::realsymbol("t"));
  // inputs (x, ẋ, θ, μ, t): the layout of the state followed by the time
  std::vector<ex> inputs;
  for (std::size_t j : r.shape) inputs.push_back(q[j]);
  for (std::size_t j : r.shape) inputs.push_back(v[j]);
  for (std::size_t a : r.cyclic) inputs.push_back(q[a]);
  for (const ex& mu : r.mu) inputs.push_back(mu);
  inputs.push_back(t);
  const std::size_t dim = 2 * m + 2 * k;
  const auto build = [&](const std::vector<ex>& outs) {
    std::vector<ex> c;
    for (const ex& e : outs) c.push_back(substitute_time_functions(e, spec.functions, t));
    return compile(c, inputs, spec.values, spec.compile);
  };
  std::vector<ex> field;
  for (std::size_t j : r.shape) field.push_back(v[j]);
  field.insert(field.end(), r.acceleration.begin(), r.acceleration.end());
  field.insert(field.end(), r.theta_dot.begin(), r.theta_dot.end());
  for (std::size_t a = 0; a < k; ++a) field.push_back(0);
  const CompiledFunction f = build(field);
  const CompiledFunction thd = build(r.theta_dot);
  std::vector<CompiledFunction> surfaces, resets, normals;
  for (const auto& C : r.components) {
    surfaces.push_back(build({C.surface}));
    normals.push_back(build({C.normal}));
    std::vector<ex> out = C.reset;
    out.insert(out.end(), C.mu_plus.begin(), C.mu_plus.end());
    resets.push_back(build(out));
  }
  auto buffer = std::make_shared<std::vector<double>>(dim + 1);
  const Rhs rhs = [&, buffer](const State& x, State& dx, double time) {
    auto& b = *buffer;
    std::copy(x.begin(), x.end(), b.begin());
    b[dim] = time;
    f(b.data(), dx.data());
  };
  std::vector<Guard> guards;
  for (std::size_t c = 0; c < r.components.size(); ++c)
    guards.push_back({r.components[c].name, [&, c, buffer](double time, const State& x) {
                        auto& b = *buffer;
                        std::copy(x.begin(), x.end(), b.begin());
                        b[dim] = time;
                        double h = 0;
                        surfaces[c](b.data(), &h);
                        return h;
                      },
                      r.components[c].direction});
  ReducedTrajectory out;
  ImpactRule rule(spec.options.time_tol);  // the full simulation's rule (mechanics/hybrid/impact_rule.hpp)
  const auto sigma = [&](std::size_t c, const State& x, double time) {
    std::vector<double> b(x.begin(), x.end());
    b.push_back(time);
    double v = 0;
    normals[c](b.data(), &v);
    return v;
  };
  const ResetMap reset = [&](const Hit& hit) -> std::optional<State> {
    State x = hit.x;
    bool applied = false;
    for (const Event& e : hit.events) {
      const auto& C = r.components[e.guard];
      const double before = sigma(e.guard, x, hit.t);
      const ImpactRule::Action act = rule.before_reset(C.name, C.direction, e.kind, hit.t, before);
      if (act == ImpactRule::Action::Stop) return std::nullopt;
      if (act == ImpactRule::Action::Skip) continue;
      std::vector<double> b(x.begin(), x.end());
      b.push_back(hit.t);
      std::vector<double> o(m + k);
      resets[e.guard](b.data(), o.data());
      State next = x;
      for (std::size_t j = 0; j < m; ++j) next[m + j] = o[j];
      for (std::size_t a = 0; a < k; ++a) next[2 * m + k + a] = o[m + a];
      if (!rule.after_reset(C.name, C.direction, hit.t, before, sigma(e.guard, next, hit.t))) return std::nullopt;
      x = std::move(next);
      out.impact_guards.push_back(C.name);
      applied = true;
    }
    if (!applied) return x;  // only grazes
    rule.applied(hit.t);
    out.impact_times.push_back(hit.t);
    out.mu_after.emplace_back(x.begin() + static_cast<long>(2 * m + k), x.end());
    return x;
  };
  // the initial reduced state and μ_0 = J(q0, q̇0)
  GiNaC::exmap at;
  for (std::size_t i = 0; i < n; ++i) {
    at[q[i]] = spec.initial[i];
    at[v[i]] = spec.initial[n + i];
  }
  if (s.time()) at[*s.time()] = spec.t0;
  State x0;
  for (std::size_t j : r.shape) x0.push_back(spec.initial[j]);
  for (std::size_t j : r.shape) x0.push_back(spec.initial[n + j]);
  for (std::size_t a : r.cyclic) x0.push_back(spec.initial[a]);
  for (const ex& J : r.momentum) {
    const ex val = substitute_time_functions(J, spec.functions, t).subs(at).subs(spec.values).evalf();
    if (!GiNaC::is_a<GiNaC::numeric>(val))
      throw InvalidArgument(detail::message("simulate_reduced", "the initial momentum has no numeric value",
                                            "values for every parameter", detail::str(val)));
    x0.push_back(GiNaC::ex_to<GiNaC::numeric>(val).to_double());
  }
  EventOptions o = spec.options;
  o.grazing = GrazingPolicy::Record;
  const Simulation sim = simulate_with_events(rhs, guards, reset, x0, spec.t0, spec.t1, o);
  const bool grid = o.output_step > 0;
  const auto& ts = grid ? sim.trajectory.grid_t : sim.trajectory.t;
  const auto& xs = grid ? sim.trajectory.grid_x : sim.trajectory.x;
  for (std::size_t i = 0; i < ts.size(); ++i) {
    const State& x = xs[i];
    out.t.push_back(ts[i]);
    out.reduced.emplace_back(x.begin(), x.begin() + static_cast<long>(2 * m));
    out.mu.emplace_back(x.begin() + static_cast<long>(2 * m + k), x.end());
    std::vector<double> b(x.begin(), x.end());
    b.push_back(ts[i]);
    std::vector<double> td(k);
    thd(b.data(), td.data());
    State full(2 * n);
    for (std::size_t j = 0; j < m; ++j) {
      full[r.shape[j]] = x[j];
      full[n + r.shape[j]] = x[m + j];
    }
    for (std::size_t a = 0; a < k; ++a) {
      full[r.cyclic[a]] = x[2 * m + a];
      full[n + r.cyclic[a]] = td[a];
    }
    out.full.push_back(full);
  }
  out.termination = rule.zeno() ? Termination::MaxEvents : sim.trajectory.termination;
  out.message = rule.message().empty() ? sim.trajectory.message : rule.message();
  out.accumulation_time = rule.zeno() ? rule.accumulation_time() : sim.accumulation_time;
  return out;
}

}  // namespace hamel
