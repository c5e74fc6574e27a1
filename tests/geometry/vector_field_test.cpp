// tests/geometry/vector_field_test.cpp
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "geometry/vector_field.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

namespace {
// Non-trivial fields on R³ with trigonometric and rational components.
struct Fields {
  hamel::Chart Q = hamel::Chart::make("R3", {"x", "y", "z"});
  ex x = Q[0], y = Q[1], z = Q[2];
  hamel::VectorField X{Q, {sin(y) * z, x * x - z, cos(x + z)}};
  hamel::VectorField Y{Q, {x * y, exp(z) * y, 1 / (1 + x * x)}};
  hamel::VectorField Z{Q, {z, sin(x) * cos(y), x * y * z}};
};
}  // namespace

TEST_SUITE("geometry") {

TEST_CASE("VectorField: action on functions and linear combinations") {
  Fields F;
  const ex f = F.x * sin(F.y);
  CHECK_SYMBOLIC_EQ(F.X(f), sin(F.y) * F.z * sin(F.y) + (F.x * F.x - F.z) * F.x * cos(F.y));
  const auto W = hamel::linear_combination({F.x, 2}, {F.X, F.Y});
  CHECK_SYMBOLIC_EQ(W[2], F.x * cos(F.x + F.z) + 2 / (1 + F.x * F.x));
}

TEST_CASE("lie_bracket: the Jacobi identity") {
  Fields F;
  using hamel::lie_bracket;
  const auto J = lie_bracket(F.X, lie_bracket(F.Y, F.Z)) + lie_bracket(F.Y, lie_bracket(F.Z, F.X)) +
                 lie_bracket(F.Z, lie_bracket(F.X, F.Y));
  CHECK(hamel::zero_test(J).zero);
  // and the bracket is not trivially zero
  CHECK_FALSE(hamel::zero_test(lie_bracket(F.X, F.Y)).zero);
}

TEST_CASE("lie_bracket: [X, fY] = X(f) Y + f [X, Y]") {
  Fields F;
  const ex f = F.x * F.z + cos(F.y);
  const auto lhs = hamel::lie_bracket(F.X, f * F.Y);
  const auto rhs = F.X(f) * F.Y + f * hamel::lie_bracket(F.X, F.Y);
  CHECK(hamel::zero_test(lhs - rhs).zero);
}

TEST_CASE("VectorField: charts cannot be mixed") {
  Fields F;
  const auto P = hamel::Chart::make("P", {"x", "y", "z"});
  const hamel::VectorField V(P, {1, 0, 0});
  CHECK_THROWS_WITH_AS(hamel::lie_bracket(F.X, V),
                       doctest::Contains("lie_bracket: objects live on different charts; expected chart R3(x, y, z), got chart P(x, y, z)"),
                       hamel::InvalidArgument);
  CHECK_THROWS_WITH_AS(hamel::VectorField(P, {1, 0}),
                       doctest::Contains("VectorField: wrong number of components; expected 3"),
                       hamel::InvalidArgument);
}

}  // TEST_SUITE
