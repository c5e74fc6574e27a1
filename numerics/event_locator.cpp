// numerics/event_locator.cpp
#include "numerics/event_locator.hpp"

#include <algorithm>
#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/toms748_solve.hpp>
#include <cmath>

#include "core/error.hpp"

namespace hamel::detail {

namespace {

int sign_of(double v) { return v > 0 ? 1 : -1; }

Direction from_sign(int s) { return s > 0 ? Direction::Falling : Direction::Rising; }

// How many steps a decision may wait for a guard value off its surface.
constexpr std::size_t max_waiting_steps = 8;

}  // namespace

EventLocator::EventLocator(const std::vector<Guard>& guards, const EventOptions& options)
    : guards_(guards), options_(options), windows_(guards.size()) {
  for (std::size_t k = 0; k < guards.size(); ++k)
    if (!guards[k].g)
      throw InvalidArgument(detail::message("integrate_until_event", "guard " + std::to_string(k) +
                                                                         " has no function",
                                            "a callable g(t, x)", "an empty std::function"));
  if (!(options.time_tol > 0 && options.guard_tol >= 0 && options.simultaneous_tol >= 0 &&
        options.samples_per_step >= 1))
    throw InvalidArgument(detail::message("integrate_until_event", "invalid event options",
                                          "time_tol > 0, guard_tol >= 0, simultaneous_tol >= 0, "
                                          "samples_per_step >= 1",
                                          std::to_string(options.time_tol) + ", " +
                                              std::to_string(options.guard_tol) + ", " +
                                              std::to_string(options.simultaneous_tol) + ", " +
                                              std::to_string(options.samples_per_step)));
}

void EventLocator::start(double t0) {
  for (auto& w : windows_) {
    w.from = t0;
    w.leading = true;
  }
  used_ = 0;
  events_.clear();
}

// The solution from the interpolants: the live step, or the retained step that covers t.
void EventLocator::state_at(double t, State& x) const {
  const DenseStepper* piece = live_;
  if (t < live_->t_begin()) {
    for (std::size_t i = used_; i-- > 0;)
      if (t >= pieces_[i].t_begin() || i == 0) {
        piece = &pieces_[i];
        break;
      }
  }
  piece->state_at(std::clamp(t, piece->t_begin(), piece->t_end()), x);
}

double EventLocator::value(std::size_t k, double t) const {
  state_at(t, scratch_);
  return guards_[k].g(t, scratch_);
}

// Equally spaced samples on every step (the same points whenever a step is sampled again), from
// `from` to `upto`, which is always included.
EventLocator::Samples EventLocator::sample(std::size_t k, double from, double upto) const {
  Samples s;
  const int n = options_.samples_per_step;
  auto add = [&](double t) {
    if (t < from || t > upto || (!s.t.empty() && t <= s.t.back())) return;
    s.t.push_back(t);
    s.g.push_back(value(k, t));
  };
  for (std::size_t i = 0; i <= used_; ++i) {
    const bool live = (i == used_);
    const double p0 = live ? live_->t_begin() : pieces_[i].t_begin();
    const double p1 = live ? live_end_ : pieces_[i].t_end();
    for (int j = 0; j <= n; ++j) add(j == n ? p1 : p0 + (p1 - p0) * j / n);
  }
  if (s.t.empty() || s.t.back() < upto) {
    s.t.push_back(upto);
    s.g.push_back(value(k, upto));
  }
  if (s.t.front() > from) {  // `from` falls between sample points only at a segment's start
    s.t.insert(s.t.begin(), from);
    s.g.insert(s.g.begin(), value(k, from));
  }
  return s;
}

// The root of g in [lo, hi] (opposite signs), on the side it comes from, to time_tol.
EventLocator::Candidate EventLocator::crossing(std::size_t k, double lo, double hi, double g_lo,
                                               double g_hi) const {
  const Direction d = from_sign(g_lo != 0 ? sign_of(g_lo) : -sign_of(g_hi));
  if (g_lo == 0) return {lo, EventKind::Crossing, d, hi};
  if (g_hi == 0) return {hi, EventKind::Crossing, d, hi};
  const double tol = std::max(options_.time_tol, 4 * std::numeric_limits<double>::epsilon() * std::fabs(hi));
  boost::uintmax_t iterations = 200;
  const auto bracket = boost::math::tools::toms748_solve(
      [&](double t) { return value(k, t); }, lo, hi, g_lo, g_hi,
      [tol](double a, double b) { return b - a <= tol; }, iterations);
  return {bracket.first, EventKind::Crossing, d, hi};
}

// min of sign·g over [t_lo, t_hi]: Brent's method around the lowest sample.  Returns (t, sign·g).
std::pair<double, double> EventLocator::lowest(std::size_t k, int sign, const Samples& s, std::size_t lo,
                                               std::size_t hi) const {
  std::size_t best = lo;
  for (std::size_t i = lo; i <= hi; ++i)
    if (sign * s.g[i] < sign * s.g[best]) best = i;
  const double a = s.t[best > lo ? best - 1 : lo], b = s.t[best < hi ? best + 1 : hi];
  if (!(b > a)) return {s.t[best], sign * s.g[best]};
  boost::uintmax_t iterations = 100;
  const auto m = boost::math::tools::brent_find_minima([&](double t) { return sign * value(k, t); }, a, b,
                                                       std::numeric_limits<double>::digits / 2, iterations);
  if (sign * s.g[best] <= m.second) return {s.t[best], sign * s.g[best]};
  return m;
}

// A minimum of |g| between samples lo and hi, on the side `sign`: a graze if it comes within
// guard_tol of zero, two crossings if it goes deeper through.
void EventLocator::touch_candidates(std::size_t k, const Samples& s, std::size_t lo, std::size_t hi,
                                    int sign, std::vector<Candidate>& c) const {
  const auto [t, m] = lowest(k, sign, s, lo, hi);
  const double tol = options_.guard_tol;
  if (m < -tol) {
    c.push_back(crossing(k, s.t[lo], t, s.g[lo], sign * m));
    c.push_back(crossing(k, t, s.t[hi], sign * m, s.g[hi]));
  } else if (m <= tol) {
    c.push_back({t, EventKind::Grazing, from_sign(sign), s.t[hi]});
  }
}

// The segment starts on the surface (|g| ≤ guard_tol) and the first clear value has sign s1.  A
// real excursion to the other side first is a crossing; otherwise leaving the surface into the side
// a directional guard watches is an event at the start (no tunnelling after a plastic impact), and
// leaving it into the other side (the usual bounce) is none.
void EventLocator::leading_candidates(std::size_t k, const Samples& s, std::size_t j,
                                      std::vector<Candidate>& c) const {
  const int s1 = sign_of(s.g[j]);
  const Direction into = from_sign(-s1);
  const auto [t, m] = lowest(k, s1, s, 0, j);
  const bool either = guards_[k].direction == Direction::Either;
  if (m < 0 && (!either || m < -options_.guard_tol))
    c.push_back(crossing(k, t, s.t[j], s1 * m, s.g[j]));
  else if (guards_[k].direction == into)
    c.push_back({s.t[0], EventKind::Crossing, into, s.t[j]});
}

std::vector<EventLocator::Candidate> EventLocator::candidates(std::size_t k, const Samples& s,
                                                              bool final) const {
  std::vector<Candidate> c;
  const std::size_t n = s.t.size();
  auto definite = [&](std::size_t i) {
    return std::fabs(s.g[i]) > options_.guard_tol || (final && i + 1 == n && s.g[i] != 0);
  };
  auto next_definite = [&](std::size_t i) {
    while (i < n && !definite(i)) ++i;
    return i;
  };
  std::size_t i = next_definite(0);
  if (i == n) return c;
  if (i > 0 && windows_[k].leading) leading_candidates(k, s, i, c);
  // Between consecutive clear values: a sign change is a crossing; values on the surface between
  // two of the same sign are a graze or a shallow dip.
  for (std::size_t j = next_definite(i + 1); j < n; i = j, j = next_definite(j + 1)) {
    const int si = sign_of(s.g[i]), sj = sign_of(s.g[j]);
    if (si != sj)
      c.push_back(crossing(k, s.t[i], s.t[j], s.g[i], s.g[j]));
    else if (j > i + 1)
      touch_candidates(k, s, i, j, si, c);
  }
  // A clear value that is a local minimum of |g| may hide a touch or a dip between its neighbours.
  for (std::size_t m = 1; m + 1 < n; ++m) {
    if (!definite(m - 1) || !definite(m) || !definite(m + 1)) continue;
    const int sm = sign_of(s.g[m]);
    if (sign_of(s.g[m - 1]) != sm || sign_of(s.g[m + 1]) != sm) continue;
    if (sm * s.g[m] <= sm * s.g[m - 1] && sm * s.g[m] <= sm * s.g[m + 1])
      touch_candidates(k, s, m - 1, m + 1, sm, c);
  }
  return c;
}

bool EventLocator::accepted(std::size_t k, const Candidate& c) {
  const Direction d = guards_[k].direction;
  if (d != Direction::Either && d != c.direction) return false;
  if (c.kind == EventKind::Crossing) return true;
  switch (options_.grazing) {
    case GrazingPolicy::Stop: return true;
    case GrazingPolicy::Ignore: return false;
    case GrazingPolicy::Record:
      // Windows overlap by one sample interval: the same touch may be found twice.
      if (c.t > windows_[k].recorded_until) {
        grazes_.push_back({k, EventKind::Grazing, c.direction, c.t});
        windows_[k].recorded_until = c.bracket_end;
      }
      return false;
  }
  return false;
}

std::optional<EventLocator::Candidate> EventLocator::earliest(std::size_t k, const Samples& s, bool final) {
  auto c = candidates(k, s, final);
  std::sort(c.begin(), c.end(), [](const Candidate& a, const Candidate& b) { return a.t < b.t; });
  for (const auto& x : c)
    if (accepted(k, x)) return x;
  return std::nullopt;
}

std::optional<double> EventLocator::inspect(const DenseStepper& step, double, double b, bool last,
                                            State& x_stop) {
  live_ = &step;
  live_end_ = b;
  const std::size_t m = guards_.size();
  std::vector<Samples> samples(m);
  std::vector<bool> deferred(m, false);
  std::vector<std::optional<Candidate>> found(m);
  double t_event = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < m; ++k) {
    samples[k] = sample(k, windows_[k].from, b);
    // A step ending on the surface cannot tell a touch from a crossing yet: wait for the next, but
    // not for ever (a guard that stays on its surface, as in sliding contact, is decided as is).
    deferred[k] = !last && std::fabs(samples[k].g.back()) <= options_.guard_tol &&
                  used_ < max_waiting_steps;
    if (deferred[k]) continue;
    found[k] = earliest(k, samples[k], last);
    if (found[k]) t_event = std::min(t_event, found[k]->t);
  }
  if (!std::isfinite(t_event)) {
    advance_windows(samples, deferred);
    return std::nullopt;
  }
  // A waiting guard may still have an event before the one found: decide it up to there.
  for (std::size_t k = 0; k < m; ++k) {
    if (!deferred[k]) continue;
    found[k] = earliest(k, sample(k, windows_[k].from, t_event), true);
    if (found[k]) t_event = std::min(t_event, found[k]->t);
  }
  // Touches recorded beyond the stop belong to a future the reset map may change.
  grazes_.erase(std::remove_if(grazes_.begin(), grazes_.end(),
                               [&](const Event& e) { return e.t > t_event; }),
                grazes_.end());
  for (auto& w : windows_) w.recorded_until = std::min(w.recorded_until, t_event);
  events_.clear();
  for (std::size_t k = 0; k < m; ++k)
    if (found[k] && found[k]->t <= t_event + options_.simultaneous_tol)
      events_.push_back({k, found[k]->kind, found[k]->direction, found[k]->t});
  std::sort(events_.begin(), events_.end(), [](const Event& a, const Event& b) { return a.t < b.t; });
  state_at(t_event, x_stop);
  return t_event;
}

void EventLocator::advance_windows(const std::vector<Samples>& samples, const std::vector<bool>& deferred) {
  double needed = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < windows_.size(); ++k) {
    if (!deferred[k]) {
      const auto& t = samples[k].t;
      windows_[k].from = t.size() >= 2 ? t[t.size() - 2] : t.back();
      windows_[k].leading = false;
    }
    needed = std::min(needed, windows_[k].from);
  }
  retain_live_step();
  // Drop the steps that end before every window starts.
  std::size_t drop = 0;
  while (drop < used_ && pieces_[drop].t_end() <= needed) ++drop;
  std::rotate(pieces_.begin(), pieces_.begin() + static_cast<std::ptrdiff_t>(drop),
              pieces_.begin() + static_cast<std::ptrdiff_t>(used_));
  used_ -= drop;
}

void EventLocator::retain_live_step() {
  if (used_ < pieces_.size())
    pieces_[used_] = *live_;  // assignment reuses the vectors' storage
  else
    pieces_.push_back(*live_);
  ++used_;
}

}  // namespace hamel::detail
