// tests/geometry/frame_test.cpp — the Chaplygin sphere frame of 004 §6.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "geometry/frame.hpp"
#include "geometry/linear_algebra.hpp"
#include "examples/chaplygin_geometry.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

TEST_SUITE("geometry") {

TEST_CASE("Frame: Chaplygin sphere structure coefficients C_αβγ (004 (6.5))") {
  hamel::examples::ChaplyginSphere S;
  const auto F = hamel::Frame::with_coordinate_complement({S.Z1, S.Y2, S.Y3}, {3, 4});
  CHECK(F.rank() == 3);
  const auto C = hamel::lowered_structure(F, S.G);
  const ex mR2 = S.m * S.R * S.R;
  // indices are 0-based: C(0,1,2) is C_123
  CHECK_SYMBOLIC_EQ_ON(S.Q, C(0, 1, 2), -mR2 * sin(S.th));
  CHECK_SYMBOLIC_EQ_ON(S.Q, C(0, 2, 1), mR2 * sin(S.th));
  CHECK_SYMBOLIC_EQ_ON(S.Q, C(1, 2, 2), mR2 * sin(S.th) * cos(S.th));
  // all others vanish or follow by skew-symmetry in the first two indices
  for (std::size_t a = 0; a < 3; ++a)
    for (std::size_t b = 0; b < 3; ++b)
      for (std::size_t c = 0; c < 3; ++c) {
        CHECK_SYMBOLIC_EQ_ON(S.Q, C(a, b, c), -C(b, a, c));
        const bool listed = (a == 0 && b == 1 && c == 2) || (a == 0 && b == 2 && c == 1) ||
                            (a == 1 && b == 2 && c == 2) || (a == 1 && b == 0 && c == 2) ||
                            (a == 2 && b == 0 && c == 1) || (a == 2 && b == 1 && c == 2);
        if (!listed) CHECK_SYMBOLIC_EQ_ON(S.Q, C(a, b, c), 0);
      }
  // Theorem 5.3's test for Z1: C_1αβ = −C_1βα
  for (std::size_t a = 0; a < 3; ++a)
    for (std::size_t b = 0; b < 3; ++b) CHECK_SYMBOLIC_EQ_ON(S.Q, C(0, a, b), -C(0, b, a));
}

TEST_CASE("Frame: structure functions, coframe and the complement W = span{∂x, ∂y}") {
  hamel::examples::ChaplyginSphere S;
  const auto F = hamel::Frame::with_coordinate_complement({S.Z1, S.Y2, S.Y3}, {3, 4});
  // μ^α(X_β) = δ, and μ^α annihilates W: here μ = dφ, dθ, dψ (004 §6)
  for (std::size_t i = 0; i < 5; ++i)
    for (std::size_t j = 0; j < 5; ++j)
      CHECK_SYMBOLIC_EQ_ON(S.Q, hamel::evaluate(F.coframe(i), {F[j]}), i == j ? 1 : 0);
  CHECK(hamel::zero_test(F.coframe(0) - hamel::Form::differential(S.Q, 0)).zero);
  CHECK(hamel::zero_test(F.coframe(2) - hamel::Form::differential(S.Q, 2)).zero);
  // [Z1, Y2] = R cosφ ∂x + R sinφ ∂y lies in W: no D-component
  for (std::size_t k = 0; k < 3; ++k) CHECK_SYMBOLIC_EQ_ON(S.Q, F.structure(0, 1, k), 0);
  CHECK_SYMBOLIC_EQ_ON(S.Q, F.structure(0, 1, 3), S.R * cos(S.phi));
  // reconstruction: [X_i, X_j] = C_ij^k X_k for all pairs
  for (std::size_t i = 0; i < 5; ++i)
    for (std::size_t j = i + 1; j < 5; ++j) {
      hamel::VectorField sum = hamel::VectorField::zero(S.Q);
      for (std::size_t k = 0; k < 5; ++k) sum = sum + F.structure(i, j, k) * F[k];
      CHECK(hamel::zero_test(sum - hamel::lie_bracket(F[i], F[j])).zero);
    }
}

TEST_CASE("Frame: with W = D⊥ the structure functions are C_αβ^γ = G^γδ C_αβδ (004 (2.6))") {
  hamel::examples::ChaplyginSphere S;
  const auto F = hamel::Frame::orthogonal({S.Z1, S.Y2, S.Y3}, S.G);
  const auto C = hamel::lowered_structure(F, S.G);
  const auto Ginv = hamel::inverse(hamel::restrict(S.G, F.distribution()), S.Q);
  for (std::size_t a = 0; a < 3; ++a)
    for (std::size_t b = a + 1; b < 3; ++b)
      for (std::size_t c = 0; c < 3; ++c) {
        ex up = 0;
        for (std::size_t d = 0; d < 3; ++d) up += Ginv(c, d) * C(a, b, d);
        CHECK_SYMBOLIC_EQ_ON(S.Q, F.structure(a, b, c), up);
      }
  // C_23^1 = −mR² I3 cos²θ / (K sinθ)   (gauge.md A5)
  const ex mR2 = S.m * S.R * S.R;
  CHECK_SYMBOLIC_EQ_ON(S.Q, F.structure(1, 2, 0), -mR2 * S.I3 * pow(cos(S.th), 2) / (S.K * sin(S.th)));
  CHECK_SYMBOLIC_EQ_ON(S.Q, F.structure(1, 2, 1), 0);
  CHECK_SYMBOLIC_EQ_ON(S.Q, F.structure(1, 2, 2),
                       mR2 * cos(S.th) * (S.I1 * pow(sin(S.th), 2) + S.I3 * pow(cos(S.th), 2)) / (S.K * sin(S.th)));
}

TEST_CASE("Frame::orthogonal: the knife edge's W = D-perp is -sin(phi) d_x + cos(phi) d_y, no tan(phi)") {
  const hamel::Chart Q = hamel::Chart::make("Q", {"x", "y", "phi"});
  const ex phi = Q[2];
  const hamel::Metric g(Q, GiNaC::matrix{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  const hamel::VectorField roll(Q, {cos(phi), sin(phi), 0}), turn(Q, {0, 0, 1});
  const auto F = hamel::Frame::orthogonal({roll, turn}, g);
  const hamel::VectorField& W = F[2];
  CHECK(hamel::zero_test(hamel::inner(g, W, roll)).zero);  // orthogonal to D
  // a multiple of −sin φ ∂x + cos φ ∂y by a nonzero constant: no denominator left, defined at φ = π/2
  CHECK(hamel::zero_test(W[0] * cos(phi) + W[1] * sin(phi)).zero);
  CHECK(GiNaC::is_a<GiNaC::numeric>(hamel::simplify(W[1] / cos(phi))));
  CHECK_FALSE(hamel::simplify(W[0]).has(tan(phi)));
}

TEST_CASE("Frame: dependent fields and wrong counts are clear errors") {
  hamel::examples::ChaplyginSphere S;
  CHECK_THROWS_WITH_AS(hamel::Frame::with_coordinate_complement({S.Z1, S.Y2, S.Y2}, {3, 4}),
                       doctest::Contains("Frame: the fields are linearly dependent; expected 5 independent fields, got rank 4"),
                       hamel::DomainError);
  CHECK_THROWS_WITH_AS(hamel::Frame::with_coordinate_complement({S.Z1, S.Y2}, {3, 4}),
                       doctest::Contains("expected 5 fields in all"), hamel::InvalidArgument);
  // W = span{∂φ, ∂x} is not complementary to D
  CHECK_THROWS_WITH_AS(hamel::Frame::with_coordinate_complement({S.Z1, S.Y2, S.Y3}, {0, 3}),
                       doctest::Contains("linearly dependent"), hamel::DomainError);
}

}  // TEST_SUITE
