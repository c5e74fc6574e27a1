// tests/derivation/characteristic_test.cpp — the characteristic distribution E = Π♯(T*M) (004 Corollary
// 5.8, docs/brackets.md): a pair leaving E found at a random point, involutivity decided symbolically.
#include <doctest/doctest.h>

#include "brackets/almost_poisson.hpp"
#include "derivation/characteristic.hpp"
#include "geometry/chart.hpp"

TEST_SUITE("derivation") {

TEST_CASE("characteristic_report: so(3)* is integrable (rank 2 of 3, symbolic), perturbed, a pair leaves E at a point") {
  const auto M = hamel::Chart::make("so3*", {"m1", "m2", "m3"});
  const GiNaC::ex m1 = M[0], m2 = M[1], m3 = M[2];
  // Lie–Poisson: E is tangent to the spheres |m| = const, involutive; no point can show a pair leaving it
  const auto LP = hamel::AlmostPoissonBracket::from_coordinate_brackets(M, {{{0, 1}, -m3}, {{1, 2}, -m1}, {{2, 0}, -m2}});
  const hamel::CharacteristicReport lp = hamel::characteristic_report(LP);
  CHECK(lp.rank == 2);
  CHECK(lp.involutive);
  CHECK_FALSE(lp.witness_at_a_point);
  CHECK(lp.closure_rank == 2);
  // {m1, m2} = 1, {m2, m3} = m2: X_m1 = ±∂m2 and X_m2 = ±(∂m1 − m2 ∂m3) span E (X_m3 = ±m2 ∂m2 lies in it),
  // and their bracket ±∂m3 leaves it: rank 2, not integrable, closure everything
  const auto P = hamel::AlmostPoissonBracket::from_coordinate_brackets(M, {{{0, 1}, 1}, {{1, 2}, m2}});
  const hamel::CharacteristicReport p = hamel::characteristic_report(P);
  CHECK(p.rank == 2);
  CHECK_FALSE(p.involutive);
  CHECK(p.witness_at_a_point);
  CHECK(p.closure_rank == 3);
  CHECK(hamel::witness_how(p) == "exact rank at a random point (modulo 2^61 - 1)");
}

}  // TEST_SUITE
