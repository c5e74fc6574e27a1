// tests/core/chain_rule_test.cpp — the explicit derivatives installed for GiNaC's elementary functions
// (core/chain_rule.hpp) give what GiNaC's chain rule gave: the same expressions, term for term.
#include <doctest/doctest.h>

#include <ginac/ginac.h>

#include "core/chain_rule.hpp"

TEST_SUITE("core") {

TEST_CASE("chain rule: sin, cos, tan, exp, log, atan2 and an undefined function differentiate as GiNaC's chain rule does") {
  REQUIRE(hamel::install_chain_rules());
  const GiNaC::symbol x("x"), y("y");
  const GiNaC::ex u = x * x * y + 3 * x;  // d/dx = 2xy + 3
  const GiNaC::ex du = 2 * x * y + 3;
  CHECK(GiNaC::sin(u).diff(x).is_equal(GiNaC::cos(u) * du));
  CHECK(GiNaC::cos(u).diff(x).is_equal(-GiNaC::sin(u) * du));
  CHECK(GiNaC::exp(u).diff(x).is_equal(GiNaC::exp(u) * du));
  CHECK(GiNaC::log(u).diff(x).is_equal(du / u));
  CHECK(GiNaC::tan(x).diff(x).is_equal(1 + GiNaC::pow(GiNaC::tan(x), 2)));
  // not a function of the symbol: 0, as GiNaC's loop over the arguments leaves it
  CHECK(GiNaC::sin(y).diff(x).is_zero());
  // two arguments: ∂1 atan2(y, x) · dy/ds + ∂2 atan2(y, x) · dx/ds, here with both depending on x
  const GiNaC::ex a = GiNaC::atan2(x * y, x + 1);
  const GiNaC::ex r2 = GiNaC::pow(x * y, 2) + GiNaC::pow(x + 1, 2);
  CHECK((a.diff(x) - ((x + 1) * y - x * y) / r2).normal().is_zero());
  // nested: the inner function's derivative runs inside the outer one's (GiNaC's current_serial is reset)
  CHECK(GiNaC::sin(GiNaC::cos(x)).diff(x).is_equal(-GiNaC::cos(GiNaC::cos(x)) * GiNaC::sin(x)));
  CHECK(GiNaC::atan2(GiNaC::sin(x), y).diff(x).is_equal(y * GiNaC::cos(x) / (GiNaC::pow(y, 2) + GiNaC::pow(GiNaC::sin(x), 2))));
  // a second derivative, and a product rule through a function
  CHECK((x * GiNaC::sin(x)).diff(x, 2).is_equal(2 * GiNaC::cos(x) - x * GiNaC::sin(x)));
}

}  // TEST_SUITE
