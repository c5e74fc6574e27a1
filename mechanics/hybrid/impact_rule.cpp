// mechanics/hybrid/impact_rule.cpp
#include "mechanics/hybrid/impact_rule.hpp"

#include <cmath>

#include "core/number_text.hpp"

namespace hamel {

bool arrives(Direction d, double sigma) {
  switch (d) {
    case Direction::Falling: return sigma < 0;
    case Direction::Rising: return sigma > 0;
    case Direction::Either: return sigma != 0;
  }
  return false;
}

bool crosses_again(Direction d, double before, double after) {
  const double tol = 1e-9 * (1 + std::fabs(before));
  switch (d) {
    case Direction::Falling: return after < -tol;
    case Direction::Rising: return after > tol;
    case Direction::Either: return before * after > tol * std::fabs(before);
  }
  return false;
}

namespace {

// The documented Zeno stop (docs/hybrid.md): the impacts, the last times and intervals, the
// accumulation time, and why no impact applies.
std::string zeno_text(const std::vector<double>& times, double t, double accumulation, const std::string& guard, double sigma) {
  const std::size_t n = times.size(), first = n >= 4 ? n - 4 : 0;
  std::string s = std::to_string(n) + (n == 1 ? " impact" : " impacts") + ", then Zeno accumulation at t = " + number_text(accumulation, 17) + ": the next crossing of " +
                  guard + " comes at t = " + number_text(t, 17) + " with no time after the last impact and sigma = " +
                  number_text(sigma, 8) + ", leaving S, so no impact applies; last impact times";
  for (std::size_t i = first; i < n; ++i) s += (i == first ? " " : ", ") + number_text(times[i], 17);
  s += "; intervals";
  for (std::size_t i = std::max<std::size_t>(first, 1); i < n; ++i) s += " " + number_text(times[i] - times[i - 1], 3);
  return s + "; hint: the motion comes to rest on " + guard +
         " (sticking), which impacts alone do not model: end the run before the accumulation time, or model the contact as a domain of an automaton";
}

}  // namespace

ImpactRule::Action ImpactRule::before_reset(const std::string& name, Direction d, EventKind kind, double t, double sigma) {
  if (arrives(d, sigma)) return Action::Apply;
  const bool no_interval = !times_.empty() && t - times_.back() <= 2 * time_tol_;
  if (!no_interval || kind != EventKind::Crossing) return Action::Skip;  // a graze: no reset
  accumulation_ = accumulation_time_of(times_).value_or(t);
  message_ = zeno_text(times_, t, *accumulation_, name, sigma);
  return Action::Stop;
}

bool ImpactRule::after_reset(const std::string& name, Direction d, double t, double before, double after) {
  if (!crosses_again(d, before, after)) return true;
  message_ = "the reset of " + name + " does not reverse the crossing at t = " + number_text(t, 17) + ": sigma = " + number_text(before, 8) +
             " before and " + number_text(after, 8) +
             " after the impact, so the motion crosses S again; hint: the reset must send sigma to the other side "
             "(derive checks it: 'sends the motion back across S')";
  return false;
}

void ImpactRule::applied(double t) {
  if (times_.empty() || times_.back() != t) times_.push_back(t);
}

}  // namespace hamel
