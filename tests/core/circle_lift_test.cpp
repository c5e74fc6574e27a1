// tests/core/circle_lift_test.cpp — polynomials on the circle lifted to forms homogeneous in (s, c):
// equal on the circle, unique, and factoring where the reduced form (c² → 1 − s²) does not.
#include <doctest/doctest.h>

#include "core/circle_lift.hpp"
#include "core/error.hpp"
#include "core/integer_factor.hpp"
#include "core/monomial.hpp"
#include "core/symbolic.hpp"

using GiNaC::ex;

namespace {

struct Plane {  // s = sin φ, c = cos φ, a paraboloid's constant k, the position (x, y)
  GiNaC::symbol s{"s"}, c{"c"}, k{"k"}, x{"x"}, y{"y"};
  std::vector<ex> symbols{s, c, k, x, y};
  std::vector<std::pair<std::size_t, std::size_t>> circle{{0, 1}};
};

ex reduced(const ex& p, const Plane& P) { return hamel::replace_square(p.expand(), P.c, P.s); }

ex lifted(const ex& p, const Plane& P) {
  const auto h = hamel::homogeneous_on_circles(*hamel::to_sparse(p, P.symbols), P.circle);
  REQUIRE(h);
  return hamel::to_ginac(*h, P.symbols);
}

}  // namespace

TEST_SUITE("core") {

TEST_CASE("homogeneous_on_circles: the square the reduction hid comes back, and factors") {
  // a skate on the paraboloid z = k (x² + y²): G_22 = m K, K = 1 + 4 k² (x c + y s)²; K² reduced is a
  // 14-term polynomial that FLINT finds irreducible
  Plane P;
  const ex a = P.x * P.c + P.y * P.s;
  const ex K = 1 + 4 * P.k * P.k * a * a;
  const ex D = reduced(K * K, P);
  CHECK(hamel::terms_of(D).size() == 14);
  CHECK(hamel::factor_rational(D, true)->is_equal(D));
  const ex Kh = (P.s * P.s + P.c * P.c + 4 * P.k * P.k * a * a).expand();  // K of degree 2 in (s, c)
  const ex h = lifted(D, P);
  CHECK((h - pow(Kh, 2)).expand().is_zero());
  CHECK(reduced(h, P).is_equal(D));  // the same on the circle
  CHECK(hamel::detail::str(*hamel::factor_rational(h, true)) == hamel::detail::str(pow(Kh, 2)));
}

TEST_CASE("homogeneous_on_circles: x y (1 − 2 s²) + (y² − x²) c s is (x c + y s)(y c − x s)") {
  Plane P;
  const ex p = (P.x * P.y * (1 - 2 * P.s * P.s) + (P.y * P.y - P.x * P.x) * P.c * P.s).expand();
  const ex h = lifted(p, P);
  CHECK((h - (P.x * P.c + P.y * P.s) * (P.y * P.c - P.x * P.s)).expand().is_zero());
}

TEST_CASE("homogeneous_on_circles: nothing to do, or nothing possible") {
  Plane P;
  const auto lift = [&](const ex& p) { return hamel::homogeneous_on_circles(*hamel::to_sparse(p.expand(), P.symbols), P.circle); };
  CHECK_FALSE(lift(P.x * P.c + P.y * P.s));            // already of one degree
  CHECK_FALSE(lift(1 + P.s));                          // degrees 0 and 1: no form of one degree
  CHECK_FALSE(lift(P.x * P.y));                        // no s, no c
  const auto h = lift(P.s * P.s * P.c * P.c - 1);      // −1 → −(s² + c²)²
  REQUIRE(h);
  CHECK((hamel::to_ginac(*h, P.symbols) - (P.s * P.s * P.c * P.c - pow(P.s * P.s + P.c * P.c, 2))).expand().is_zero());
}

TEST_CASE("has_mixed_term: a term with both the sine and the cosine of one angle") {
  Plane P;
  const auto mixed = [&](const ex& p) { return hamel::has_mixed_term(*hamel::to_sparse(p.expand(), P.symbols), P.circle); };
  CHECK(mixed(P.x * P.c * P.s + 1));
  CHECK_FALSE(mixed(P.s * P.s + P.c));
}

}  // TEST_SUITE
