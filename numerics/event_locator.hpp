// numerics/event_locator.hpp — finds the first guard event in the accepted steps of a dense-output
// integration (the rules are documented in numerics/events.hpp and docs/numerics.md, "Events").
#pragma once

#include <limits>
#include <optional>
#include <vector>

#include "numerics/dense_stepper.hpp"
#include "numerics/events.hpp"

namespace hamel::detail {

class EventLocator {
 public:
  /// @throws InvalidArgument for an empty guard function or invalid tolerances.
  EventLocator(const std::vector<Guard>& guards, const EventOptions& options);
  /// Starts a segment at t0: every guard's window opens there.
  void start(double t0);
  /// After an accepted step [a, b]: the time of the first event in it, if any (a StepInspector).
  std::optional<double> inspect(const DenseStepper& step, double a, double b, bool last, State& x_stop);
  /// The events at the last stop, earliest first (all within simultaneous_tol of the first).
  const std::vector<Event>& events() const { return events_; }
  /// Grazing contacts recorded without stopping (GrazingPolicy::Record).
  const std::vector<Event>& grazes() const { return grazes_; }

 private:
  // The part of the integration a guard still has to decide: from `from` (a sample time of an
  // earlier step, so that a minimum of |g| at a step boundary has neighbours on both sides) on.
  struct Window {
    double from = 0;
    bool leading = true;  ///< `from` is the start of the segment
    double recorded_until = -std::numeric_limits<double>::infinity();
  };
  struct Candidate {
    double t;
    EventKind kind;
    Direction direction;
    double bracket_end;
  };
  struct Samples {
    std::vector<double> t, g;
  };

  Samples sample(std::size_t k, double from, double upto) const;
  double value(std::size_t k, double t) const;
  void state_at(double t, State& x) const;
  std::optional<Candidate> earliest(std::size_t k, const Samples& s, bool final);
  std::vector<Candidate> candidates(std::size_t k, const Samples& s, bool final) const;
  void leading_candidates(std::size_t k, const Samples& s, std::size_t j, std::vector<Candidate>& c) const;
  void touch_candidates(std::size_t k, const Samples& s, std::size_t lo, std::size_t hi, int sign,
                        std::vector<Candidate>& c) const;
  Candidate crossing(std::size_t k, double lo, double hi, double g_lo, double g_hi) const;
  std::pair<double, double> lowest(std::size_t k, int sign, const Samples& s, std::size_t lo,
                                   std::size_t hi) const;
  bool accepted(std::size_t k, const Candidate& c);
  void advance_windows(const std::vector<Samples>& samples, const std::vector<bool>& deferred);
  void retain_live_step();

  std::vector<Guard> guards_;
  EventOptions options_;
  std::vector<Window> windows_;
  std::vector<DenseStepper> pieces_;  // earlier steps still needed, oldest first; [0, used_) valid
  std::size_t used_ = 0;
  const DenseStepper* live_ = nullptr;
  double live_end_ = 0;  // end of the live step as sampled (clipped to the end of the run)
  mutable State scratch_;
  std::vector<Event> events_;
  std::vector<Event> grazes_;
};

}  // namespace hamel::detail
