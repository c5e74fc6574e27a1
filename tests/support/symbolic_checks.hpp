// tests/support/symbolic_checks.hpp — assertions on symbolic values.
#pragma once

#include <doctest/doctest.h>
#include <ginac/ginac.h>

#include <sstream>

#include "core/symbolic.hpp"
#include "geometry/chart.hpp"

namespace hamel::test {

inline std::string show(const GiNaC::ex& e) {
  std::ostringstream os;
  os << e;
  return os.str();
}

/// The value of `e` at a point of its chart (evaluated with 40 digits, returned as a double).
inline double value_at(const GiNaC::ex& e, const GiNaC::exmap& at) {
  return GiNaC::ex_to<GiNaC::numeric>(::hamel::evaluate(e, at, 40)).to_double();
}

}  // namespace hamel::test

/// Checks a == b with the trusted zero test on the chart's domain; prints both sides on failure.
#define CHECK_SYMBOLIC_EQ_ON(chart, a, b)                                                   \
  do {                                                                                      \
    const GiNaC::ex hamel_lhs_ = (a), hamel_rhs_ = (b);                                     \
    const auto hamel_v_ = ::hamel::zero_test(hamel_lhs_ - hamel_rhs_, (chart));             \
    INFO("lhs = " << ::hamel::test::show(hamel_lhs_) << "\nrhs = " << ::hamel::test::show(hamel_rhs_) \
                  << "\nverdict: " << hamel_v_.how());                                      \
    CHECK(hamel_v_.zero);                                                                   \
  } while (0)

/// Checks a == b with the canonical form alone (chart-free).
#define CHECK_SYMBOLIC_EQ(a, b)                                                             \
  do {                                                                                      \
    const GiNaC::ex hamel_lhs_ = (a), hamel_rhs_ = (b);                                     \
    INFO("lhs = " << ::hamel::test::show(hamel_lhs_) << "\nrhs = " << ::hamel::test::show(hamel_rhs_)); \
    CHECK(::hamel::simplify(hamel_lhs_ - hamel_rhs_).is_zero());                            \
  } while (0)
