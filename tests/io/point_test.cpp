// tests/io/point_test.cpp — `--at "name=value, …"` (io/point.hpp).
#include <doctest/doctest.h>

#include <cmath>

#include "core/error.hpp"
#include "io/point.hpp"

namespace {

std::string error_of(const std::string& text) {
  try {
    (void)hamel::read_point(text);
  } catch (const hamel::ParseError& e) {
    return e.what();
  }
  return "ok";
}

}  // namespace

TEST_SUITE("io") {

TEST_CASE("read_point: names and numbers, values as expressions of numbers") {
  const auto p = hamel::read_point(" theta = pi/4, pi1=-0.5,m=atan2(1, 1)*4 ");
  REQUIRE(p.size() == 3);
  CHECK(p[0].first == "theta");
  CHECK(p[0].second == doctest::Approx(std::atan(1.0)).epsilon(1e-15));
  CHECK(p[1] == std::make_pair(std::string("pi1"), -0.5));
  CHECK(p[2].second == doctest::Approx(std::acos(-1.0)).epsilon(1e-15));  // the comma inside atan2 is not a separator
}

TEST_CASE("read_point: a malformed point is located in the option") {
  CHECK(error_of("x=1, y") == "--at:1:6: expected name=value, got 'y'");
  CHECK(error_of("x=1, 2x=1") == "--at:1:6: expected a name (a coordinate, momentum, parameter, …) before '=', got '2x'");
  CHECK(error_of("x=1, x=2") == "--at:1:6: expected each name once, got 'x' again");
  CHECK(error_of("x=sqrt(-1)").find("--at:1:3: expected a real number for x, got 'sqrt(-1)'") == 0);
  CHECK(error_of("x=y").find("--at:1:3: undeclared symbol 'y'") == 0);
}

}  // TEST_SUITE
