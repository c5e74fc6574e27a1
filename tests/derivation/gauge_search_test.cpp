// tests/derivation/gauge_search_test.cpp — when Lemma 7.2 applies: the shape variable as an angle.
#include <doctest/doctest.h>

#include "derivation/gauge_search.hpp"

TEST_SUITE("derivation") {

TEST_CASE("periodic_in: functions of an angle, and of a variable that is not one") {
  const GiNaC::realsymbol t("theta"), a("a");
  CHECK(hamel::periodic_in(sin(2 * t) / pow(cos(t), 2) + a, t));
  CHECK(hamel::periodic_in(tan(t + a) * cos(-3 * t), t));
  CHECK(hamel::periodic_in(a * a, t));                       // constant in theta
  CHECK_FALSE(hamel::periodic_in(t * sin(t), t));            // theta itself
  CHECK_FALSE(hamel::periodic_in(sin(t / 2), t));            // 4π-periodic only
  CHECK_FALSE(hamel::periodic_in(cos(t * t), t));
  CHECK_FALSE(hamel::periodic_in(exp(t) * cos(t), t));
  CHECK_FALSE(hamel::periodic_in(1 / (a + t), t));           // a length, say
}

}  // TEST_SUITE
