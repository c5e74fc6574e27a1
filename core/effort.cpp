// core/effort.cpp
#include "core/effort.hpp"

namespace hamel {

namespace {
Effort& counters() {
  static Effort e;
  return e;
}
}  // namespace

const Effort& effort() { return counters(); }

namespace {
// a + sign·b, field by field (counters only grow, so a difference is never negative)
Effort combined(const Effort& a, const Effort& b, int sign) {
  Effort r;
  const auto add = [sign](std::size_t x, std::size_t y) { return sign > 0 ? x + y : x - y; };
  r.zero_tests = add(a.zero_tests, b.zero_tests);
  for (std::size_t k = 0; k < r.decided_by.size(); ++k) r.decided_by[k] = add(a.decided_by[k], b.decided_by[k]);
  r.undecided = add(a.undecided, b.undecided);
  r.zero_test_seconds = a.zero_test_seconds + sign * b.zero_test_seconds;
  r.simplifications = add(a.simplifications, b.simplifications);
  r.simplify_seconds = a.simplify_seconds + sign * b.simplify_seconds;
  return r;
}
}  // namespace

Effort operator-(const Effort& later, const Effort& earlier) { return combined(later, earlier, -1); }

Effort& operator+=(Effort& sum, const Effort& more) { return sum = combined(sum, more, +1); }

namespace detail {

void count_zero_test(const ZeroVerdict& v, double seconds) {
  Effort& e = counters();
  ++e.zero_tests;
  if (v.undecided) ++e.undecided;
  else ++e.decided_by[static_cast<std::size_t>(v.method)];
  e.zero_test_seconds += seconds;
}

void count_simplification(double seconds) {
  Effort& e = counters();
  ++e.simplifications;
  e.simplify_seconds += seconds;
}

void add_effort(const Effort& more) { counters() += more; }

}  // namespace detail
}  // namespace hamel
