// tests/core/decimal_value_test.cpp — digits proved by Arb's balls (core/ball.hpp decimal_value), the
// numbers `hamel eval` prints. Reference values from mpmath at 1000 digits.
#include <doctest/doctest.h>

#include "core/did_you_mean.hpp"
#include "core/number_text.hpp"

#include "core/ball.hpp"

namespace {

using GiNaC::ex;
using GiNaC::numeric;
using S = hamel::DecimalValue::Status;

std::string digits_of(const ex& e) {
  const auto d = hamel::decimal_value(e, {}, 15);
  REQUIRE(d);
  REQUIRE(d->status == S::Digits);
  return d->imag.empty() ? d->real : d->real + " " + d->imag + "i";
}

}  // namespace

TEST_SUITE("core") {

TEST_CASE("decimal_value: 15 correct digits where a double has few or none") {
  // cos of the exact decimal, not of the double nearest it (0.0516725327187014, 0.946…, 1)
  CHECK(digits_of(GiNaC::cos(ex(numeric(123456789, 1000)))) == "0.0516725327143998");
  CHECK(digits_of(GiNaC::cos(GiNaC::pow(10, 23))) == "-0.713023003230048");
  CHECK(digits_of(GiNaC::sin(GiNaC::pow(10, 40))) == "-0.569633400953636");
  CHECK(digits_of(GiNaC::cos(GiNaC::pow(10, 300))) == "-0.168214444374245");
  // exp(-100000) = 3.56…e-43430, far below a double
  CHECK(digits_of(GiNaC::exp(ex(-100000))) == "3.56294956530937e-43430");
}

TEST_CASE("decimal_value: written as number_text writes a double") {
  CHECK(digits_of(numeric(1, 2)) == "0.5");
  CHECK(digits_of(numeric(2)) == "2");
  CHECK(digits_of(numeric(-123456789, 1000)) == "-123456.789");
  CHECK(digits_of(numeric(1, 3)) == "0.333333333333333");
  CHECK(digits_of(numeric(2, 3)) == "0.666666666666667");  // rounded to nearest
  CHECK(digits_of(GiNaC::pow(10, 40)) == "1e+40");
  CHECK(digits_of(numeric(1, 100000)) == "1e-05");
  CHECK(digits_of(numeric(1, 10000)) == "0.0001");
  CHECK(digits_of(numeric(123456789012345678)) == "1.23456789012346e+17");
  CHECK(digits_of(numeric(0)) == "0");
  CHECK(digits_of(GiNaC::sqrt(ex(-2))) == "0 1.4142135623731i");
}

TEST_CASE("decimal_value: a ball that never excludes 0, a pole, no value") {
  // √2·√3 − √6 is 0, but GiNaC does not see it: the balls bound it below the highest precision
  const auto z = hamel::decimal_value(GiNaC::sqrt(ex(2)) * GiNaC::sqrt(ex(3)) - GiNaC::sqrt(ex(6)), {}, 15);
  REQUIRE(z);
  CHECK(z->status == S::NearZero);
  CHECK(z->log10_bound < -4000);
  GiNaC::symbol x("x");
  CHECK_FALSE(hamel::decimal_value(x + 1, {}, 15));  // a name without a value
  const auto y = hamel::decimal_value(GiNaC::cos(x), {{x, numeric(1, 5)}}, 15);
  REQUIRE(y);
  CHECK(y->real == "0.980066577841242");
}

TEST_CASE("readable_number: a long exact witness as six digits, the rest as it is") {
  CHECK(hamel::readable_number("98910578158002039069895/151115727451828646838272") == "0.654535");
  CHECK(hamel::readable_number("-698026675/536870912") == "-1.30018");
  CHECK(hamel::readable_number("123456789012345") == "1.23457e+14");
  CHECK(hamel::readable_number("3/7") == "3/7");
  CHECK(hamel::readable_number("0.96647137286") == "0.96647137286");
  CHECK(hamel::readable_number("sqrt(2)*12345678/3") == "sqrt(2)*12345678/3");
}

TEST_CASE("did_you_mean: the closest name, a completion first, then a mistyped letter over a lost one") {
  CHECK(hamel::did_you_mean("ps", {"pi", "psi", "phi"}) == std::optional<std::string>("psi"));
  CHECK(hamel::did_you_mean("psi", {"pi", "phi", "x"}) == std::optional<std::string>("phi"));  // a tester: 'pi' was offered
  CHECK(hamel::did_you_mean("pi7", {"pi", "pi1", "pi2"}) == std::optional<std::string>("pi1"));
  CHECK_FALSE(hamel::did_you_mean("zzz", {"pi", "phi"}));
}

TEST_CASE("one_of: the candidates of an error, or what was expected and why there is none (never 'one of,')") {
  CHECK(hamel::one_of({"xi1", "xi2"}, "a section (none)") == "one of xi1 xi2");
  CHECK(hamel::one_of({}, "a section (the file has no 'momentum')") == "a section (the file has no 'momentum')");
  CHECK(hamel::one_of({}) == "a name (there is none here)");
}

}  // TEST_SUITE
