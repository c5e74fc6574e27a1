// tests/support/workers.hpp — the number of worker processes (core/parallel.hpp) for one test case.
#pragma once

#include "core/parallel.hpp"

namespace hamel::test {

/// Sets workers() to n while it lives, then back to what it was.
struct Workers {
  unsigned before;
  explicit Workers(unsigned n) : before(hamel::set_workers(n)) {}
  ~Workers() { hamel::set_workers(before); }
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;
};

}  // namespace hamel::test
