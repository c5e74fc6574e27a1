// mechanics/hybrid/hybrid_simulation.cpp
#include "mechanics/hybrid/hybrid_simulation.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

#include "core/error.hpp"
#include "core/number_text.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/hybrid/impact_rule.hpp"
#include "mechanics/hybrid/forced_system.hpp"
#include "numerics/csv.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

struct TimeSubstitution : GiNaC::map_function {
  const std::vector<TimeFunction>& fs;
  ex t;
  TimeSubstitution(const std::vector<TimeFunction>& f, ex time) : fs(f), t(std::move(time)) {}
  ex operator()(const ex& e) override {
    if (GiNaC::is_a<GiNaC::function>(e)) {
      const unsigned serial = GiNaC::ex_to<GiNaC::function>(e).get_serial();
      for (const auto& f : fs)
        if (f.function.serial() == serial && e.nops() == 1) {
          const ex arg = e.op(0).map(*this);
          unsigned order = 0;
          if (GiNaC::is_a<GiNaC::fderivative>(e))
            order = static_cast<unsigned>(GiNaC::ex_to<GiNaC::fderivative>(e).derivatives().size());
          return f.formula.diff(GiNaC::ex_to<GiNaC::symbol>(t), order).subs(t == arg);
        }
    }
    return e.map(*this);
  }
};

// Everything of one domain, compiled with inputs (q, q̇, t).
struct CompiledDomain {
  CompiledFunction rhs, energy, observables;
};

struct CompiledTransition {
  std::size_t from = 0, to = 0;
  std::string name;
  Direction direction = Direction::Falling;
  CompiledFunction surface, reset, normal;  // normal: σ = ∂_t h + dh q̇
};

// A start on the side of an impact guard that the motion is sent back from would never meet it
// (the guard watches crossings into that side only): the run would pass the wall silently.
void check_initial_side(const std::vector<CompiledTransition>& trans, const std::vector<double>& in, std::size_t domain,
                        double guard_tol) {
  for (const auto& tr : trans) {
    if (tr.from != domain || tr.from != tr.to || tr.direction == Direction::Either) continue;
    double h = 0;
    tr.surface(in.data(), &h);
    const bool outside = tr.direction == Direction::Falling ? h < -guard_tol : h > guard_tol;
    if (outside)
      throw InvalidArgument(detail::message(
          "simulate_hybrid", "the initial state is outside guard '" + tr.name + "' (its direction is " +
                                 (tr.direction == Direction::Falling ? "falling: the motion lives where h >= 0" : "rising: the motion lives where h <= 0") + ")",
          tr.direction == Direction::Falling ? "h(t0, q0) >= 0" : "h(t0, q0) <= 0", "h(t0, q0) = " + number_text(h, 8)));
  }
}

// t, the state (its first `n` components: q, q̇), the domain, the observables, the energy.
std::vector<double> trajectory_csv_row(double t, const State& x, std::size_t n, std::size_t domain, const std::vector<double>& obs,
                                       double energy) {
  std::vector<double> row{t};
  row.insert(row.end(), x.begin(), x.begin() + static_cast<std::ptrdiff_t>(n));
  row.push_back(static_cast<double>(domain));
  row.insert(row.end(), obs.begin(), obs.end());
  row.push_back(energy);
  return row;
}

std::vector<std::string> trajectory_csv_header(const HybridTrajectory& tr) {
  std::vector<std::string> header{"t"};
  header.insert(header.end(), tr.state_names.begin(), tr.state_names.end());
  header.push_back("domain");
  header.insert(header.end(), tr.observable_names.begin(), tr.observable_names.end());
  header.push_back("energy");
  return header;
}

// The samples a trajectory keeps: all (max == 0), or every stride-th with the stride doubling when
// 2·max are kept (then every other one goes), and the last sample of the run.
class ThinnedSamples {
 public:
  ThinnedSamples(HybridTrajectory& out, std::size_t max) : out_(out), max_(max) {}
  void add(double t, const State& x, std::size_t n, std::size_t domain, const std::vector<double>& obs, double energy) {
    const bool keep = max_ == 0 || out_.samples % stride_ == 0;
    ++out_.samples;
    if (!keep) {  // held, in case it is the last
      last_t_ = t;
      last_x_.assign(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(n));
      last_domain_ = domain;
      last_obs_ = obs;
      last_energy_ = energy;
      held_ = true;
      return;
    }
    held_ = false;
    push(t, State(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(n)), domain, obs, energy);
    if (max_ > 0 && out_.t.size() >= 2 * max_) halve();
  }
  void finish() {
    if (held_) push(last_t_, last_x_, last_domain_, last_obs_, last_energy_);
    held_ = false;
  }

 private:
  void push(double t, State x, std::size_t domain, const std::vector<double>& obs, double energy) {
    out_.t.push_back(t);
    out_.x.push_back(std::move(x));
    out_.domain.push_back(domain);
    out_.observables.push_back(obs);
    out_.energy.push_back(energy);
  }
  template <class V>
  static void keep_even(std::vector<V>& v) {
    std::size_t j = 0;
    for (std::size_t i = 0; i < v.size(); i += 2, ++j)
      if (i != j) v[j] = std::move(v[i]);  // not onto itself: a vector moved onto itself may come out empty
    v.resize(j);
  }
  void halve() {
    keep_even(out_.t);
    keep_even(out_.x);
    keep_even(out_.domain);
    keep_even(out_.observables);
    keep_even(out_.energy);
    stride_ *= 2;
  }

  HybridTrajectory& out_;
  const std::size_t max_;
  std::size_t stride_ = 1;
  bool held_ = false;
  double last_t_ = 0, last_energy_ = 0;
  State last_x_;
  std::size_t last_domain_ = 0;
  std::vector<double> last_obs_;
};

}  // namespace

ex substitute_time_functions(const ex& e, const std::vector<TimeFunction>& fs, const ex& time) {
  if (fs.empty()) return e;
  TimeSubstitution s(fs, time);
  return s(e);
}

HybridTrajectory simulate_hybrid(const SimpleHybridSystem& H, const HybridSimulationSpec& spec) {
  return simulate_hybrid(as_automaton(H), spec);
}

HybridTrajectory simulate_hybrid(const HybridAutomaton& A, const HybridSimulationSpec& spec) {
  const char* fn = "simulate_hybrid";
  if (A.domains() == 0) throw InvalidArgument(detail::message(fn, "the automaton has no domain", "at least one", "none"));
  if (spec.initial_domain >= A.domains())
    throw InvalidArgument(detail::message(fn, "unknown initial domain", "below " + std::to_string(A.domains()),
                                          std::to_string(spec.initial_domain)));
  const ForcedLagrangianSystem& s0 = *A.domain(0).system;
  const std::size_t n = s0.dim();
  if (spec.initial.size() != 2 * n)
    throw InvalidArgument(detail::message(fn, "wrong size of the initial state", std::to_string(2 * n) + " (q, q_dot)",
                                          std::to_string(spec.initial.size())));
  const ex t = s0.time() ? *s0.time() : ex(GiNaC::realsymbol("t"));
  std::vector<ex> inputs = s0.coordinates();
  for (const ex& v : s0.velocities()) inputs.push_back(v);
  inputs.push_back(t);
  const auto concrete = [&](const ex& e) { return substitute_time_functions(e, spec.functions, t); };
  const auto build = [&](const std::vector<ex>& outs) {
    std::vector<ex> c;
    for (const ex& e : outs) c.push_back(concrete(e));
    return compile(c, inputs, spec.values, spec.compile);
  };

  std::vector<CompiledDomain> doms;
  for (std::size_t v = 0; v < A.domains(); ++v) {
    const ForcedLagrangianSystem& s = *A.domain(v).system;
    const VectorField X = forced_euler_lagrange_field(s);
    std::vector<ex> obs;
    for (const auto& [name, f] : spec.observables) obs.push_back(f);
    if (obs.empty()) obs.push_back(0);
    doms.push_back({build(X.components()), build({lagrangian_energy(s)}), build(obs)});
  }
  std::vector<CompiledTransition> trans;
  for (const auto e : A.all_transitions()) {
    const SwitchingComponent& C = A.guard(e);
    const ForcedLagrangianSystem& from = *A.domain(A.source(e)).system;
    trans.push_back({A.source(e), A.target(e), C.name, C.direction, build({C.surface}), build(C.reset),
                     build({normal_velocity(from, C.surface)})});
  }

  // the state is (q, q̇, domain); buffers hold (q, q̇, t)
  auto buffer = std::make_shared<std::vector<double>>(2 * n + 1);
  const Rhs rhs = [&, buffer](const State& x, State& dx, double time) {
    auto& b = *buffer;
    std::copy(x.begin(), x.begin() + static_cast<long>(2 * n), b.begin());
    b[2 * n] = time;
    doms[static_cast<std::size_t>(x[2 * n])].rhs(b.data(), dx.data());
    dx[2 * n] = 0;
  };
  std::vector<Guard> guards;
  for (std::size_t k = 0; k < trans.size(); ++k) {
    const double inactive = trans[k].direction == Direction::Rising ? -1.0 : 1.0;
    guards.push_back({trans[k].name, [&, k, inactive, buffer](double time, const State& x) {
                        if (static_cast<std::size_t>(x[2 * n]) != trans[k].from) return inactive;
                        auto& b = *buffer;
                        std::copy(x.begin(), x.begin() + static_cast<long>(2 * n), b.begin());
                        b[2 * n] = time;
                        double h = 0;
                        trans[k].surface(b.data(), &h);
                        return h;
                      },
                      trans[k].direction});
  }

  HybridTrajectory out;
  for (std::size_t i = 0; i < 2 * n; ++i) out.state_names.push_back(detail::str(inputs[i]));
  for (const auto& [name, f] : spec.observables) out.observable_names.push_back(name);
  const std::size_t nobs = spec.observables.size();
  // scratch buffers: (q, q̇, t) and the outputs, reused at every sample and impact
  std::vector<double> in(2 * n + 1), res(std::max<std::size_t>({nobs, n, 1}));
  const auto load = [&](const State& x, double time) {
    std::copy(x.begin(), x.begin() + static_cast<long>(2 * n), in.begin());
    in[2 * n] = time;
  };
  const auto evaluate = [&](const State& x, double time, std::vector<double>& obs, double& energy) {
    load(x, time);
    const auto& d = doms[static_cast<std::size_t>(x[2 * n])];
    d.observables(in.data(), res.data());
    obs.assign(res.begin(), res.begin() + static_cast<long>(nobs));
    d.energy(in.data(), &energy);
  };

  ImpactRule rule(spec.options.time_tol);  // why the reset map stopped the run, if it did
  std::vector<Event> skipped;              // crossings leaving S: grazes, no reset
  const auto sigma = [&](const CompiledTransition& tr, const State& x, double time) {
    load(x, time);
    double v = 0;
    tr.normal(in.data(), &v);
    return v;
  };
  const ResetMap reset = [&](const Hit& hit) -> std::optional<State> {
    State x = hit.x;
    ImpactRecord rec;
    rec.t = hit.t;
    rec.before.assign(x.begin(), x.begin() + static_cast<long>(2 * n));
    evaluate(x, hit.t, rec.observables_before, rec.energy_before);
    rec.from = A.domain(static_cast<std::size_t>(x[2 * n])).name;
    for (const Event& ev : hit.events) {
      const auto& tr = trans[ev.guard];
      if (static_cast<std::size_t>(x[2 * n]) != tr.from) continue;
      const bool impact = tr.from == tr.to;  // not a transition to another domain, which keeps the velocity
      const double before = sigma(tr, x, hit.t);
      if (impact) {
        const ImpactRule::Action act = rule.before_reset(tr.name, tr.direction, ev.kind, hit.t, before);
        if (act == ImpactRule::Action::Stop) return std::nullopt;
        if (act == ImpactRule::Action::Skip) {
          skipped.push_back(Event{ev.guard, EventKind::Grazing, ev.direction, hit.t});
          continue;
        }
      }
      load(x, hit.t);
      tr.reset(in.data(), res.data());
      State next = x;
      for (std::size_t i = 0; i < n; ++i) next[n + i] = res[i];
      if (impact && !rule.after_reset(tr.name, tr.direction, hit.t, before, sigma(tr, next, hit.t))) return std::nullopt;
      x = std::move(next);
      x[2 * n] = static_cast<double>(tr.to);
      rec.guards += (rec.guards.empty() ? "" : "+") + tr.name;
    }
    if (rec.guards.empty()) return x;  // only grazes
    rule.applied(hit.t);
    rec.to = A.domain(static_cast<std::size_t>(x[2 * n])).name;
    rec.after.assign(x.begin(), x.begin() + static_cast<long>(2 * n));
    evaluate(x, hit.t, rec.observables_after, rec.energy_after);
    out.impacts.push_back(std::move(rec));
    return x;
  };

  EventOptions o = spec.options;
  o.grazing = GrazingPolicy::Record;
  const bool grid = o.output_step > 0;
  std::optional<CsvWriter> csv;
  if (!spec.csv.empty()) csv.emplace(spec.csv, trajectory_csv_header(out));
  ThinnedSamples kept(out, spec.max_samples);
  std::vector<double> obs;
  // each sample: its energy and observables, then to the CSV and (maybe) to the samples kept
  const auto record = [&](double time, const State& x) {
    double E = 0;
    evaluate(x, time, obs, E);
    const auto domain = static_cast<std::size_t>(x[2 * n]);
    if (csv) csv->row(trajectory_csv_row(time, x, 2 * n, domain, obs, E));
    kept.add(time, x, 2 * n, domain, obs, E);
  };
  const bool streamed = csv || spec.max_samples > 0;
  if (streamed) {
    o.store_steps = !grid;
    o.sink = [&](double time, const State& x, bool on_grid) {
      if (on_grid == grid) record(time, x);
    };
  }
  State x0 = spec.initial;
  load(x0, spec.t0);
  check_initial_side(trans, in, spec.initial_domain, o.guard_tol);
  x0.push_back(static_cast<double>(spec.initial_domain));
  const Simulation sim = simulate_with_events(rhs, guards, reset, x0, spec.t0, spec.t1, o);

  if (!streamed) {
    const auto& ts = grid ? sim.trajectory.grid_t : sim.trajectory.t;
    const auto& xs = grid ? sim.trajectory.grid_x : sim.trajectory.x;
    for (std::size_t k = 0; k < ts.size(); ++k) record(ts[k], xs[k]);
  }
  kept.finish();
  if (csv) {
    csv->finish();
    out.csv_rows = csv->rows();
  }
  out.grazes = sim.grazes;
  out.grazes.insert(out.grazes.end(), skipped.begin(), skipped.end());
  std::sort(out.grazes.begin(), out.grazes.end(), [](const Event& a, const Event& b) { return a.t < b.t; });
  out.termination = rule.zeno() ? Termination::MaxEvents : sim.trajectory.termination;
  out.message = rule.message().empty() ? sim.trajectory.message : rule.message();
  out.accumulation_time = rule.zeno() ? rule.accumulation_time() : sim.accumulation_time;
  out.steps = sim.trajectory.steps;
  return out;
}

void write_trajectory_csv(const HybridTrajectory& tr, const std::string& path) {
  CsvWriter w(path, trajectory_csv_header(tr));
  for (std::size_t k = 0; k < tr.t.size(); ++k)
    w.row(trajectory_csv_row(tr.t[k], tr.x[k], tr.x[k].size(), tr.domain[k], tr.observables[k], tr.energy[k]));
  w.finish();
}

void write_impacts_csv(const HybridTrajectory& tr, const std::string& path) {
  std::vector<std::string> header{"event", "t", "guard", "from", "to"};
  for (const char* when : {"before", "after"}) {
    for (const auto& s : tr.state_names) header.push_back(s + "_" + when);
    for (const auto& s : tr.observable_names) header.push_back(s + "_" + when);
    header.push_back(std::string("energy_") + when);
  }
  CsvWriter w(path, header);
  const auto put = [](std::vector<std::string>& row, const std::vector<double>& v) {
    for (double x : v) row.push_back(csv_number(x));
  };
  for (std::size_t k = 0; k < tr.impacts.size(); ++k) {
    const auto& r = tr.impacts[k];
    std::vector<std::string> row{std::to_string(k + 1), csv_number(r.t), r.guards, r.from, r.to};
    put(row, r.before);
    put(row, r.observables_before);
    put(row, {r.energy_before});
    put(row, r.after);
    put(row, r.observables_after);
    put(row, {r.energy_after});
    w.text_row(row);
  }
  w.finish();
}

namespace {

// The coordinates, the velocities, E_L and each observable (as drifts) against t; a line at each impact.
Plot hybrid_time_plot(const HybridTrajectory& tr, const std::string& title) {
  const std::size_t n = tr.state_names.size() / 2;
  Plot p{title + "coordinates, velocities, energy and momenta", "t", "coordinates", tr.t, {}};
  p.panel_labels = {"velocities", "E_L - E_L(t0)"};
  for (std::size_t i = 0; i < 2 * n; ++i) {
    Series s{tr.state_names[i], {}, i < n ? 0u : 1u};
    for (const auto& x : tr.x) s.y.push_back(x[i]);
    p.series.push_back(s);
  }
  p.series.push_back(drift_series("E_L", tr.energy, 2));
  for (std::size_t k = 0; k < tr.observable_names.size(); ++k) {
    std::vector<double> f;
    for (const auto& o : tr.observables) f.push_back(o[k]);
    p.series.push_back(drift_series(tr.observable_names[k], f, 3 + k));
    p.panel_labels.push_back(p.series.back().title);
  }
  for (const auto& i : tr.impacts) p.markers.push_back({i.t, "impact at " + i.guards});
  return p;
}

}  // namespace

RunFigures hybrid_figures(const HybridAutomaton& A, const HybridSimulationSpec& spec, const HybridTrajectory& tr,
                          const std::optional<PlotPlane>& plane, const std::string& title) {
  const std::string prefix = title.empty() ? "" : title + ": ";
  RunFigures f{hybrid_time_plot(tr, prefix)};
  const ForcedLagrangianSystem& s0 = *A.domain(0).system;
  const std::vector<ex>& q = s0.coordinates();
  if (tr.t.empty()) return f;
  const ex t = s0.time() ? *s0.time() : ex(GiNaC::realsymbol("t"));
  const auto name = [](std::size_t i, const std::vector<ex>& q) { return GiNaC::ex_to<GiNaC::symbol>(q[i]).get_name(); };
  const bool flat = !plane && q.size() < 2;  // no path plane: the guards are seen in a panel against t
  PathPlotInput in{prefix + "path", plane ? *plane : flat ? PlotPlane{} : PlotPlane{name(0, q), name(1, q), q[0], q[1]}, q,
                   spec.values, {}, t, {spec.t0, tr.t.back()}};
  std::vector<std::string> seen;
  for (const auto e : A.all_transitions()) {
    const SwitchingComponent& C = A.guard(e);
    if (std::find(seen.begin(), seen.end(), C.name) != seen.end()) continue;
    seen.push_back(C.name);
    in.surfaces.push_back({"guard " + C.name, substitute_time_functions(C.surface, spec.functions, t)});
  }
  if (flat) {  // a ball on a moving table: h(y, t) reaches 0 at each impact, where y alone says nothing
    add_surface_panel(f.time, in, in.surfaces, tr.x);
    return f;
  }
  for (const auto& i : tr.impacts) in.events.push_back({"impact at " + i.guards, i.before});
  f.path = path_plot(in, tr.x);
  add_left_out_panel(f.time, in, *f.path, tr.x);
  return f;
}

}  // namespace hamel
