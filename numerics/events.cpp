// numerics/events.cpp
#include "numerics/events.hpp"

#include <cmath>
#include <sstream>

#include "core/error.hpp"
#include "numerics/dense_stepper.hpp"
#include "numerics/event_locator.hpp"

#include "core/number_text.hpp"

namespace hamel {

namespace {

Segment run_segment(const Rhs& f, detail::EventLocator& locator, const State& x0, double t0, double t1,
                    const EventOptions& o, detail::RunContext& ctx) {
  locator.start(t0);
  Segment seg;
  seg.trajectory = detail::run_steps(f, x0, t0, t1, o, ctx,
                                     [&](const detail::DenseStepper& s, double a, double b, bool last,
                                         State& x_stop) { return locator.inspect(s, a, b, last, x_stop); });
  if (seg.trajectory.termination == Termination::Event)
    seg.hit = Hit{seg.trajectory.t_end, seg.trajectory.x_end, locator.events()};
  return seg;
}

void append(Trajectory& all, Trajectory&& part) {
  all.t.insert(all.t.end(), part.t.begin(), part.t.end());
  all.x.insert(all.x.end(), std::make_move_iterator(part.x.begin()), std::make_move_iterator(part.x.end()));
  all.grid_t.insert(all.grid_t.end(), part.grid_t.begin(), part.grid_t.end());
  all.grid_x.insert(all.grid_x.end(), std::make_move_iterator(part.grid_x.begin()),
                    std::make_move_iterator(part.grid_x.end()));
  all.t_end = part.t_end;
  all.x_end = std::move(part.x_end);
  all.termination = part.termination;
  all.message = std::move(part.message);
  all.steps += part.steps;
  all.rhs_evaluations += part.rhs_evaluations;
}

std::optional<double> accumulation_estimate(const std::vector<Hit>& hits) {
  std::vector<double> ts;
  for (const Hit& h : hits) ts.push_back(h.t);
  return accumulation_time_of(ts);
}

std::string zeno_message(const std::vector<Hit>& hits, const std::optional<double>& accumulation, double t0,
                         const char* limit) {
  const std::size_t n = hits.size();
  const std::size_t first = n >= 4 ? n - 4 : 0;
  std::ostringstream os;
  os << "simulate_with_events: " << n << " events by t = " << number_text(hits.back().t, 17)
     << " (the maximum); last event times";
  for (std::size_t i = first; i < n; ++i) os << (i == first ? " " : ", ") << number_text(hits[i].t, 17);
  os << "; intervals";
  double longest = 0;
  for (std::size_t i = std::max<std::size_t>(first, 1); i < n; ++i) {
    os << " " << number_text(hits[i].t - hits[i - 1].t, 3);
    longest = std::max(longest, hits[i].t - hits[i - 1].t);
  }
  if (accumulation)
    os << ", shrinking: Zeno accumulation near t = " << number_text(*accumulation, 17)
       << "; hint: raise " << limit << ", or switch the system to a constrained mode (e.g. resting "
          "contact) in the reset map";
  else if (n >= 2 && longest <= 1e-6 * (hits.back().t - t0))
    os << ", not shrinking but tiny: the state stays at the surface (resting contact?); hint: switch "
          "to a constrained mode in the reset map";
  else
    os << " (not shrinking); hint: raise " << limit;
  return os.str();
}

void check_reset(const State& next, std::size_t n, double t) {
  bool finite = true;
  for (double v : next) finite = finite && std::isfinite(v);
  if (next.size() != n || !finite)
    throw InvalidArgument(detail::message("simulate_with_events", "the reset map returned an unusable state at t = " + number_text(t, 17),
                                          std::to_string(n) + " finite components",
                                          std::to_string(next.size()) + (finite ? "" : " (not finite)")));
}

}  // namespace

// t_N + Δ_N r/(1 − r) when the last three intervals shrink by a steady ratio r < 1 (a steady ratio
// near 1 is a chattering state, not an accumulation).
std::optional<double> accumulation_time_of(const std::vector<double>& t) {
  const std::size_t n = t.size();
  if (n < 4) return std::nullopt;
  const double d1 = t[n - 3] - t[n - 4], d2 = t[n - 2] - t[n - 3], d3 = t[n - 1] - t[n - 2];
  if (!(d1 > 0 && d2 > 0 && d3 > 0)) return std::nullopt;
  const double r1 = d2 / d1, r2 = d3 / d2;
  if (!(r1 < 0.99 && r2 < 0.99 && std::fabs(r1 - r2) <= 0.05 * std::max(r1, r2))) return std::nullopt;
  return t[n - 1] + d3 * r2 / (1 - r2);
}

Segment integrate_until_event(const Rhs& f, const std::vector<Guard>& guards, const State& x0, double t0,
                              double t1, const EventOptions& options) {
  detail::check_problem("integrate_until_event", x0, t0, t1, options);
  detail::EventLocator locator(guards, options);
  detail::RunContext ctx;
  ctx.t0 = t0;
  ctx.t1 = t1;
  Segment seg = run_segment(f, locator, x0, t0, t1, options, ctx);
  seg.grazes = locator.grazes();
  return seg;
}

Simulation simulate_with_events(const Rhs& f, const std::vector<Guard>& guards, const ResetMap& reset,
                                const State& x0, double t0, double t1, const EventOptions& options) {
  detail::check_problem("simulate_with_events", x0, t0, t1, options);
  if (!reset)
    throw InvalidArgument(detail::message("simulate_with_events", "no reset map", "a callable",
                                          "an empty std::function"));
  detail::EventLocator locator(guards, options);
  detail::RunContext ctx;
  ctx.t0 = t0;
  ctx.t1 = t1;
  Simulation sim;
  State x = x0;
  double t = t0;
  for (;;) {
    Segment seg = run_segment(f, locator, x, t, t1, options, ctx);
    append(sim.trajectory, std::move(seg.trajectory));
    if (!seg.hit) break;
    sim.hits.push_back(*seg.hit);
    ++ctx.events;
    if (sim.hits.size() >= options.max_events) {
      sim.accumulation_time = accumulation_estimate(sim.hits);
      sim.trajectory.termination = Termination::MaxEvents;
      sim.trajectory.message = zeno_message(sim.hits, sim.accumulation_time, t0, options.max_events_name);
      break;
    }
    std::optional<State> next = reset(sim.hits.back());
    if (!next) {
      sim.trajectory.termination = Termination::Stopped;
      sim.trajectory.message = "simulate_with_events: the reset map stopped the run at t = " + number_text(seg.hit->t, 17);
      break;
    }
    check_reset(*next, x0.size(), seg.hit->t);
    x = std::move(*next);  // the next segment starts with it: the jump time appears twice
    t = seg.hit->t;
  }
  sim.grazes = locator.grazes();
  return sim;
}

}  // namespace hamel
