// mechanics/hybrid/impact_rule.hpp — when a located crossing of a guard is an impact (000 Def. 1).
//
// An impact needs the motion to arrive at S from the side the guard watches (σ < 0 for a falling
// guard, σ > 0 for a rising one) and the reset to send it back (σ⁺ on the other side, or 0). A
// crossing located with σ on the side the motion leaves to is a rounding-level crossing of a graze:
// no reset applies. When it comes at the time of the previous impact (no time between), the impacts
// have accumulated (Zeno; a ball that sticks to a plate): the run stops with the accumulation time,
// as the contact module does (docs/contact.md). The full and the reduced simulations share the rule,
// so that both stop at the same impact.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "numerics/events.hpp"

namespace hamel {

/// Does σ arrive at S through the guard's direction (strictly; σ = 0 is a touch)?
bool arrives(Direction d, double sigma);

/// The reset left σ on the side it came from, beyond rounding (a plastic σ⁺ = 0 is allowed).
bool crosses_again(Direction d, double before, double after);

/// The impacts of one run and the decision at each located crossing of an impact guard.
class ImpactRule {
 public:
  enum class Action { Apply, Skip, Stop };

  explicit ImpactRule(double time_tol) : time_tol_(time_tol) {}
  /// Before the reset of guard `name` at a hit: Apply, Skip (a graze) or Stop (Zeno accumulation).
  Action before_reset(const std::string& name, Direction d, EventKind kind, double t, double sigma);
  /// After it: false (and the message) when the reset leaves σ on the side it came from.
  bool after_reset(const std::string& name, Direction d, double t, double before, double after);
  /// An impact was applied at t.
  void applied(double t);

  const std::string& message() const { return message_; }
  bool zeno() const { return accumulation_.has_value(); }
  std::optional<double> accumulation_time() const { return accumulation_; }

 private:
  double time_tol_;
  std::vector<double> times_;  // of the hits with an impact
  std::string message_;
  std::optional<double> accumulation_;
};

}  // namespace hamel
