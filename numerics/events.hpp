// numerics/events.hpp — event location on dense output, and the hybrid (impact) driver.
//
// A guard g_k(t, x) watches for zero crossings in a direction.  After every accepted step the guards
// are sampled on the step's interpolant; a sign change is bracketed and its root located with
// TOMS 748 (boost::math::tools::toms748_solve) to EventOptions::time_tol; local minima of |g| between
// samples are refined with Brent's method, which finds tangential contacts (grazing: |g| ≤ guard_tol
// without a sign change) and shallow dips that cross twice within a step.  Values with |g| ≤ guard_tol
// count as "on the surface", and a decision that depends on them waits for the next step.
// docs/numerics.md ("Events") states the rules, including what happens at the start of a segment.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "numerics/ode.hpp"

namespace hamel {

/// The crossings a guard reports.
enum class Direction {
  Falling,  ///< from g > 0 to g < 0 (e.g. a height reaching the ground)
  Rising,   ///< from g < 0 to g > 0
  Either,
};

using GuardFunction = std::function<double(double t, const State& x)>;

struct Guard {
  std::string name;
  GuardFunction g;
  Direction direction = Direction::Falling;
};

enum class EventKind {
  Crossing,  ///< g changed sign
  Grazing,   ///< g touched zero (|g| ≤ guard_tol) without changing sign
};

/// What happens at a grazing contact.
enum class GrazingPolicy {
  Stop,    ///< an event like a crossing: the integration stops and the reset map is called
  Record,  ///< listed in Segment/Simulation::grazes, the integration goes on
  Ignore,
};

struct Event {
  std::size_t guard = 0;  ///< index into the guards
  EventKind kind = EventKind::Crossing;
  /// Crossing: its direction.  Grazing: Falling if the guard touched zero from above (g ≥ 0),
  /// Rising if from below.
  Direction direction = Direction::Falling;
  double t = 0;
};

/// One stop: the earliest event and every event within simultaneous_tol of it.
struct Hit {
  double t = 0;  ///< time of the earliest event
  State x;       ///< the state there (before any reset)
  std::vector<Event> events;
};

struct EventOptions : IntegrateOptions {
  double time_tol = 1e-12;           ///< width of the final root bracket
  double simultaneous_tol = 1e-10;   ///< events this close in time are reported together
  double guard_tol = 1e-10;          ///< |g| at most this is "on the surface" (grazing threshold)
  int samples_per_step = 4;          ///< interpolant samples per step and guard (≥ 2)
  GrazingPolicy grazing = GrazingPolicy::Stop;
  std::size_t max_events = 1000;     ///< simulate_with_events stops after this many (Zeno)
  /// How the caller raises max_events (a system file's key), named by the hint of a Zeno stop; a
  /// literal (a std::string here trips GCC 12's maybe-uninitialized on `EventOptions = {}` arguments).
  const char* max_events_name = "EventOptions::max_events";
};

/// An integration up to the first event.
struct Segment {
  Trajectory trajectory;       ///< ends at the event (termination Event) or at t1
  std::optional<Hit> hit;
  std::vector<Event> grazes;   ///< recorded grazing contacts (GrazingPolicy::Record)
};

/// Integrates from (t0, x0) until the first event of `guards` or t1.
/// @throws InvalidArgument for an empty guard function or invalid options (and as `integrate`).
Segment integrate_until_event(const Rhs& f, const std::vector<Guard>& guards, const State& x0, double t0,
                              double t1, const EventOptions& options = {});

/// The impact map: the state after the hit, or nothing to stop the simulation.
using ResetMap = std::function<std::optional<State>(const Hit& hit)>;

struct Simulation {
  Trajectory trajectory;     ///< every segment; the time of each hit appears before and after its reset
  std::vector<Hit> hits;
  std::vector<Event> grazes;
  /// With termination MaxEvents and event intervals shrinking geometrically: the extrapolated
  /// accumulation time t_N + Δ_N r/(1 − r), r = Δ_N/Δ_{N−1}.
  std::optional<double> accumulation_time;
};

/// The accumulation time t_N + Δ_N r/(1 − r) of event times t_1 < … < t_N whose last three intervals
/// shrink by a steady ratio r < 0.99; nothing otherwise (too few, or a chattering state).
std::optional<double> accumulation_time_of(const std::vector<double>& t);

/// Integrates, stops at each event, applies `reset`, continues, until t1, a stop by the reset map,
/// max_events (the message gives the number of events, the last times and intervals) or a failure.
/// @throws InvalidArgument if the reset returns a state of another size or not finite.
Simulation simulate_with_events(const Rhs& f, const std::vector<Guard>& guards, const ResetMap& reset,
                                const State& x0, double t0, double t1, const EventOptions& options = {});

}  // namespace hamel
