// tests/geometry/vector_field_test.cpp
#include <doctest/doctest.h>

#include "core/abstract_function.hpp"
#include "core/derivative_along.hpp"
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

// The bracket through shared subtrees (what lie_bracket takes past 20 000 nodes) is the same field, and
// its derivatives along a direction the sums of GiNaC's partial derivatives: on fields whose components
// share a subexpression K, with a root, a symbolic power and an abstract function among them.
TEST_CASE("lie_bracket_through_shared: the same bracket, each shared subexpression differentiated once") {
  Fields F;
  const ex K = 1 + F.x * F.x * sin(F.z) + F.y * F.z;
  const hamel::AbstractFunction f("f_shared_test", 1);
  const hamel::VectorField A{F.Q, {F.y / K, sqrt(K) * cos(F.x), pow(F.z, F.y) + f(F.x * F.z) / K}};
  for (const auto& [X, Y] : {std::pair{A, F.Y}, std::pair{F.X, A}, std::pair{F.Z, F.X}}) {
    const hamel::VectorField shared = hamel::lie_bracket_through_shared(X, Y), plain = hamel::lie_bracket(X, Y);
    for (std::size_t i = 0; i < 3; ++i) CHECK(hamel::zero_test(shared[i] - plain[i]).zero);
  }
  // K is differentiated once along X though it occurs in two components of A
  hamel::DerivativeTable table;
  const std::vector<ex> along{F.X[0], F.X[1], F.X[2]};
  const ex d0 = hamel::derivative_along(A[0], F.Q.coordinates(), along, table);
  const std::size_t after_first = table.size();
  const ex d2 = hamel::derivative_along(A[2], F.Q.coordinates(), along, table);
  CHECK(table.count(&GiNaC::ex_to<GiNaC::basic>(K)) == 1);
  CHECK(table.size() > after_first);
  CHECK(hamel::zero_test(d0 - F.X(A[0])).zero);
  CHECK(hamel::zero_test(d2 - F.X(A[2])).zero);
  CHECK_FALSE(hamel::zero_test(d2).zero);
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

// The frame of D that NonholonomicSystem computes is rescaled this way (issue 16 §2: a frame without
// singularities the constraints do not have).
TEST_CASE("without_denominators: the knife edge's cot(φ)∂x + ∂y and the snakeboard's field") {
  const auto Q = hamel::Chart::make("Q", {"x", "y", "phi", "th"}, {"l"});
  const ex phi = Q[2], th = Q[3], l = Q.parameter("l");
  const auto knife = hamel::without_denominators(hamel::VectorField(Q, {cos(phi) / sin(phi), 1, 0, 0}));
  CHECK_SYMBOLIC_EQ_ON(Q, knife[0], cos(phi));
  CHECK_SYMBOLIC_EQ_ON(Q, knife[1], sin(phi));
  // X = cot(th)∂x + ∂y − tan(phi)/(l sin th)∂th: the scale is l sin(th) cos(phi) up to sign
  const hamel::VectorField X(Q, {cos(th) / sin(th), 1, 0, -tan(phi) / (l * sin(th))});
  const auto Y = hamel::without_denominators(X);
  const ex f = Y[1];  // X[1] = 1, so Y = f X
  CHECK(hamel::zero_test(f * f - pow(l * sin(th) * cos(phi), 2), Q).zero);
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK_SYMBOLIC_EQ_ON(Q, Y[i], f * X[i]);
    CHECK(hamel::simplify(Y[i]).numer_denom().op(1).info(GiNaC::info_flags::numeric));
  }
  // no denominators: unchanged
  const hamel::VectorField Z(Q, {sin(phi), Q[0] * l, 0, 1});
  for (std::size_t i = 0; i < 4; ++i) CHECK(hamel::without_denominators(Z)[i].is_equal(Z[i]));
}

// The discrete reduction clears a basis of g^D this way (Lie algebra components, no chart of their own).
TEST_CASE("without_denominators: components of a Lie algebra element, (cot θ, 1) becomes (cos θ, sin θ)") {
  const auto Q = hamel::Chart::make("Q", {"th"});
  const ex th = Q[0];
  const auto eta = hamel::without_denominators(std::vector<ex>{cos(th) / sin(th), 1});
  REQUIRE(eta.size() == 2);
  CHECK_SYMBOLIC_EQ_ON(Q, eta[0], cos(th));
  CHECK_SYMBOLIC_EQ_ON(Q, eta[1], sin(th));
  CHECK(eta[0].subs(th == 0).is_equal(1));  // defined where cot θ is not
}

}  // TEST_SUITE
