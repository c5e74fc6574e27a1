// tests/reduction/gauge_momenta_test.cpp — Theorem 5.3's test.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "examples/chaplygin_sphere.hpp"
#include "reduction/gauge_momenta.hpp"

TEST_SUITE("reduction") {

TEST_CASE("theorem_5_3_test: Z1 of the Chaplygin sphere passes, Y2 and Y3 do not (gauge.md A2)") {
  const hamel::NonholonomicSystem sys(hamel::examples::chaplygin_sphere().spec);
  const auto z1 = hamel::theorem_5_3_test(sys, 0);
  CHECK(z1.passed);
  CHECK(z1.detail.find("symbolic") != std::string::npos);
  const auto y2 = hamel::theorem_5_3_test(sys, 1);
  CHECK_FALSE(y2.passed);
  CHECK(y2.detail.find("is not 0") != std::string::npos);
  CHECK_FALSE(hamel::theorem_5_3_test(sys, 2).passed);
  CHECK_THROWS_WITH_AS(hamel::lemma_5_4_three_form(sys, {1}),
                       doctest::Contains("does not generate a gauge momentum (Theorem 5.3)"), hamel::DomainError);
}

}  // TEST_SUITE
