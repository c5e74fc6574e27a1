// bench/timing.hpp — the best wall time of repeated runs, for the benchmarks.
#pragma once

#include <algorithm>
#include <chrono>

namespace hamel::bench {

/// The least wall time, in seconds, of `reps` calls of f.
template <class F>
double best_seconds(int reps, F&& f) {
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

}  // namespace hamel::bench
