// core/throttle.hpp — says yes at most once per interval of wall time: progress details of a long loop
// (a line a second, not one per step).
#pragma once

#include <chrono>

namespace hamel {

class Throttle {
 public:
  explicit Throttle(double seconds = 1.0) : interval_(seconds), last_(Clock::now()) {}
  /// True when the interval has passed since the last true (or since construction).
  bool due() {
    const auto now = Clock::now();
    if (std::chrono::duration<double>(now - last_).count() < interval_) return false;
    last_ = now;
    return true;
  }

 private:
  using Clock = std::chrono::steady_clock;
  double interval_;
  Clock::time_point last_;
};

}  // namespace hamel
