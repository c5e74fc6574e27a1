// tests/geometry/distribution_test.cpp
#include <doctest/doctest.h>

#include "geometry/distribution.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

TEST_SUITE("geometry") {

TEST_CASE("Distribution: the nonholonomic particle ż = y ẋ is not involutive") {
  const auto Q = hamel::Chart::make("R3", {"x", "y", "z"});
  const ex y = Q[1];
  const hamel::Distribution D({hamel::VectorField(Q, {1, 0, y}), hamel::VectorField(Q, {0, 1, 0})});
  CHECK(hamel::generic_rank(D) == 2);
  const auto inv = hamel::involutivity(D);
  CHECK_FALSE(inv.involutive);
  REQUIRE(inv.witness);
  CHECK(inv.witness->first == 0);
  CHECK(inv.witness->second == 1);
  const auto ann = hamel::annihilator(D);
  REQUIRE(ann.size() == 1);
  // the annihilator is spanned by dz − y dx
  const auto a = ann[0];
  CHECK_SYMBOLIC_EQ(a.component({0}) + y * a.component({2}), 0);
  CHECK_SYMBOLIC_EQ(a.component({1}), 0);
  CHECK(hamel::contains(D, hamel::VectorField(Q, {Q[0], 3, Q[0] * y})));
  CHECK_FALSE(hamel::contains(D, hamel::VectorField(Q, {0, 0, 1})));
}

TEST_CASE("Distribution: an integrable distribution, and the rank dropping at a point") {
  const auto Q = hamel::Chart::make("R3", {"x", "y", "z"});
  const ex x = Q[0], y = Q[1], z = Q[2];
  // tangent to the spheres x² + y² + z² = const: the rotation generators
  const hamel::Distribution D({hamel::VectorField(Q, {-y, x, 0}), hamel::VectorField(Q, {0, -z, y}),
                               hamel::VectorField(Q, {z, 0, -x})});
  CHECK(hamel::generic_rank(D) == 2);
  CHECK(hamel::involutivity(D).involutive);
  CHECK(hamel::basis(D).size() == 2);
  CHECK(hamel::rank_at(D, {{x, 1}, {y, 2}, {z, 3}}) == 2);
  CHECK(hamel::rank_at(D, {{x, 0}, {y, 0}, {z, 0}}) == 0);
  CHECK(hamel::rank_at(D, {{x, 0}, {y, 0}, {z, 1}}) == 2);
}

}  // TEST_SUITE
