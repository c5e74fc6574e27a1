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

TEST_CASE("read_point: names and exact numbers, values as expressions of numbers") {
  const auto p = hamel::read_point(" theta = pi/4, pi1=-0.5,m=atan2(1, 1)*4, x=123456.789 ").values;
  REQUIRE(p.size() == 4);
  CHECK(p[0].name == "theta");
  CHECK(p[0].name_column == 2);
  CHECK(p[0].value_column == 10);
  CHECK(p[0].value.is_equal(GiNaC::Pi / 4));  // kept exact, not rounded to a double
  CHECK(p[1].value.is_equal(GiNaC::numeric(-1, 2)));
  CHECK(p[2].text == "atan2(1, 1)*4");  // the comma inside atan2 is not a separator
  CHECK(p[3].value.is_equal(GiNaC::numeric(123456789, 1000)));
}

TEST_CASE("read_point: a malformed point is located in the option") {
  CHECK(error_of("x=1, y") == "--at:1:6: expected name=value, got 'y'");
  CHECK(error_of("x=1, 2x=1") == "--at:1:6: expected a name (a coordinate, momentum, parameter, …) before '=', got '2x'");
  CHECK(error_of("x=1, x=2") == "--at:1:6: expected each name once, got 'x' again");
  CHECK(error_of("x=sqrt(-1)").find("--at:1:3: a complex number (I); expected a real expression") == 0);
  CHECK(error_of("x=y").find("--at:1:3: undeclared symbol 'y'") == 0);
  // an '(' left open hid the rest of the text: "theta=sin(" gave an empty point, "pi1=2, theta=(1" no theta
  const std::string open = ": unbalanced parentheses; expected a matching ')' for this '(', got the end of the text";
  CHECK(error_of("theta=sin(") == "--at:1:10" + open);
  CHECK(error_of("pi1=2, theta=(1") == "--at:1:14" + open);
  CHECK(error_of("theta=sin(, pi1=2") == "--at:1:10" + open);
  CHECK(error_of("x=atan2((1, 2)") == "--at:1:8" + open);  // the one no ')' closes
  // GiNaC's own words ("power::eval(): division by zero") said in the reader's
  CHECK(error_of("theta=1/0") == "--at:1:9: the value is not defined: a division by zero; got '0'");
  CHECK(error_of("theta=log(0)").find("--at:1:") == 0);
  CHECK(error_of("theta=log(0)").find("the value is not defined: log(0)") != std::string::npos);
  CHECK(error_of("theta=log(0)").find("log_eval") == std::string::npos);
}

}  // TEST_SUITE
