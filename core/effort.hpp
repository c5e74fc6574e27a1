// core/effort.hpp — what the symbolic core has done so far in this process: zero tests by how they
// were decided, canonical forms computed, and the time spent in each (`hamel derive --profile`).
//
// Only the outermost call is counted (a zero test inside a simplification is part of it), and only
// this process's work: a child process (core/isolated.hpp) counts for itself.
#pragma once

#include <array>
#include <cstddef>

#include "core/symbolic.hpp"

namespace hamel {

struct Effort {
  std::size_t zero_tests = 0;
  std::array<std::size_t, 4> decided_by{};  ///< indexed by Decision: canonical, exact, probing, balls
  std::size_t undecided = 0;
  double zero_test_seconds = 0;
  std::size_t simplifications = 0;  ///< canonical forms computed (not found in simplify's cache)
  double simplify_seconds = 0;
};

/// The counters since the process started.
const Effort& effort();

/// The work done between two readings of `effort()`.
Effort operator-(const Effort& later, const Effort& earlier);
/// The work of two stretches together.
Effort& operator+=(Effort& sum, const Effort& more);

namespace detail {
void count_zero_test(const ZeroVerdict& v, double seconds);
void count_simplification(double seconds);
/// Work done in a worker process on this process's behalf (core/parallel.hpp).
void add_effort(const Effort& more);
}  // namespace detail

}  // namespace hamel
