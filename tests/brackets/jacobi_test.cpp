// tests/brackets/jacobi_test.cpp
#include <doctest/doctest.h>

#include "brackets/jacobi.hpp"
#include "core/symbolic.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

TEST_SUITE("brackets") {

TEST_CASE("jacobiator: on coordinates it is half of [Π, Π], is_poisson reports the nonzero components with the Jacobiator values") {
  const auto M = hamel::Chart::make("so3*", {"m1", "m2", "m3"});
  const ex m1 = M[0], m2 = M[1], m3 = M[2];
  const auto LP = hamel::AlmostPoissonBracket::from_coordinate_brackets(M, {{{0, 1}, -m3}, {{1, 2}, -m1}, {{2, 0}, -m2}});
  CHECK(hamel::is_poisson(LP).poisson);
  CHECK_SYMBOLIC_EQ(hamel::jacobiator(LP, m1 * m2, sin(m3), m1 + m3 * m3), 0);
  // perturbed: {m1, m2} = −m3 + m1²
  const auto P = hamel::AlmostPoissonBracket::from_coordinate_brackets(
      M, {{{0, 1}, -m3 + m1 * m1}, {{1, 2}, -m1}, {{2, 0}, -m2}});
  const auto v = hamel::is_poisson(P);
  CHECK_FALSE(v.poisson);
  REQUIRE(v.nonzero.size() == 1);
  CHECK(v.nonzero[0].first == hamel::Indices{0, 1, 2});
  // [Π, Π]^{123} = −4 m1 m2; the value reported is the Jacobiator's, half of it, in canonical form
  CHECK(v.nonzero[0].second.is_equal(hamel::simplify(-2 * m1 * m2)));
  CHECK_SYMBOLIC_EQ(hamel::jacobiator(P, m1, m2, m3), v.nonzero[0].second);
  CHECK(v.detail.find("1 nonzero") != std::string::npos);
}

}  // TEST_SUITE
