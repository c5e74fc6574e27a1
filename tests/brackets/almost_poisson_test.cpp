// tests/brackets/almost_poisson_test.cpp
#include <doctest/doctest.h>

#include "brackets/almost_poisson.hpp"
#include "core/error.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

TEST_SUITE("brackets") {

TEST_CASE("AlmostPoissonBracket: canonical bracket on T*R, and the sign of X_H") {
  const auto M = hamel::Chart::make("T*R", {"q", "p"});
  const auto B = hamel::AlmostPoissonBracket::from_coordinate_brackets(M, {{{0, 1}, 1}});
  const ex q = M[0], p = M[1];
  CHECK_SYMBOLIC_EQ(B(q, p), 1);
  CHECK_SYMBOLIC_EQ(B(p, q), -1);
  // H = p²/2 + q⁴: X_H(g) = {g, H}, so q̇ = {q, H} = p and ṗ = {p, H} = −4q³
  const ex H = p * p / 2 + pow(q, 4);
  const auto X = hamel::hamiltonian_vector_field(B, H);
  CHECK_SYMBOLIC_EQ(X[0], p);
  CHECK_SYMBOLIC_EQ(X[1], -4 * pow(q, 3));
  const ex g = sin(q) * p;
  CHECK_SYMBOLIC_EQ(X(g), B(g, H));
  // Leibniz and skew-symmetry
  const ex f = q * q * p, h = exp(q) + p;
  CHECK_SYMBOLIC_EQ(B(f, g * h), B(f, g) * h + g * B(f, h));
  CHECK(hamel::characteristic_rank(B) == 2);
}

TEST_CASE("AlmostPoissonBracket: characteristic distribution and conformal factors") {
  const auto M = hamel::Chart::make("so3*", {"m1", "m2", "m3"});
  const ex m1 = M[0], m2 = M[1], m3 = M[2];
  const auto B = hamel::AlmostPoissonBracket::from_coordinate_brackets(M, {{{0, 1}, -m3}, {{1, 2}, -m1}, {{2, 0}, -m2}});
  CHECK(hamel::characteristic_rank(B) == 2);
  CHECK(hamel::characteristic_rank_at(B, {{m1, 0}, {m2, 0}, {m3, 0}}) == 0);
  // the Casimir |m|² has a zero Hamiltonian vector field
  CHECK(hamel::zero_test(hamel::hamiltonian_vector_field(B, m1 * m1 + m2 * m2 + m3 * m3)).zero);
  const auto phiB = hamel::conformal(B, m1 * m2);
  CHECK_SYMBOLIC_EQ(phiB(m1, m2), -m1 * m2 * m3);
  CHECK_THROWS_WITH_AS(hamel::AlmostPoissonBracket(hamel::Multivector(M, 1)), doctest::Contains("needs a bivector"),
                       hamel::InvalidArgument);
}

}  // TEST_SUITE
