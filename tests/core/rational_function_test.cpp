// tests/core/rational_function_test.cpp — the cancelled fraction by FLINT (core/rational_function.hpp):
// the same rational function as GiNaC's normal(), coprime, with the documented sign and content.
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "core/latex.hpp"
#include "core/rational_function.hpp"
#include "core/symbolic.hpp"
#include "tests/core/symbol_sets.hpp"

using GiNaC::ex;
using GiNaC::realsymbol;

namespace {

// N/D − e is zero and gcd(N, D) is a unit (GiNaC's own arithmetic as the reference).
void check_against_ginac(const ex& e, const hamel::CancelledFraction& f) {
  CHECK((f.numerator / f.denominator - e).normal().is_zero());
  const ex g = GiNaC::gcd(f.numerator, f.denominator);
  CHECK(GiNaC::is_a<GiNaC::numeric>(g));
  CHECK(GiNaC::abs(GiNaC::ex_to<GiNaC::numeric>(g)) == 1);
}

}  // namespace

TEST_SUITE("core") {

TEST_CASE("cancelled_fraction: common factors and integer content cancel, the denominator's sign is fixed") {
  realsymbol x("x"), y("y");
  const auto q = hamel::cancelled_fraction((x * x - y * y) / (x - y), {});
  REQUIRE(q);
  CHECK((q->numerator - x - y).is_zero());
  CHECK(q->denominator.is_equal(1));

  const auto c = hamel::cancelled_fraction(6 * x / (4 * y), {});  // content 2 in common
  REQUIRE(c);
  CHECK((c->numerator - 3 * x).is_zero());
  CHECK((c->denominator - 2 * y).is_zero());

  const auto s = hamel::cancelled_fraction(1 / (y - x), {});  // x before y: D = x − y, N = −1
  REQUIRE(s);
  CHECK(s->numerator.is_equal(-1));
  CHECK((s->denominator - (x - y)).expand().is_zero());
}

TEST_CASE("cancelled_fraction: reduced on the circle after cancelling, as the canonical form needs") {
  realsymbol s("s"), c("c"), x("x");
  const hamel::CirclePairs circle{{s, c}};
  const auto one = hamel::cancelled_fraction(c * c / (1 - s * s), circle);
  REQUIRE(one);
  CHECK(one->numerator.is_equal(1));
  CHECK(one->denominator.is_equal(1));
  // c³x: c·(1 − s²)·x, cosine to degree 1
  const auto cube = hamel::cancelled_fraction(pow(c, 3) * x, circle);
  REQUIRE(cube);
  CHECK((cube->numerator - c * x * (1 - s * s)).expand().is_zero());
  // c²/c is c: cancelled before the reduction (reducing first would give (1 − s²)/c)
  const auto cc = hamel::cancelled_fraction(c * c * x / (c * (x + 1)), circle);
  REQUIRE(cc);
  CHECK((cc->numerator - c * x).expand().is_zero());
  CHECK((cc->denominator - (x + 1)).expand().is_zero());
  // a denominator that vanishes on the circle is left to the caller
  CHECK_FALSE(hamel::cancelled_fraction(1 / (c * c + s * s - 1 + x - x), circle));
}

TEST_CASE("cancelled_fraction: a factor N and D share only on the circle is cancelled") {
  realsymbol s("s"), c("c"), x("x");
  const hamel::CirclePairs circle{{s, c}};
  // the reduced forms of (2c + 3)^4·s and (2c + 3)^5·(1 + x): cos to degree 1 hides (2c + 3)^4 from
  // the gcd of polynomials (the roller racer's structure coefficients, docs/geometry.md)
  const auto reduced = [&](const ex& p) { return hamel::cancelled_fraction(p.expand(), circle)->numerator; };
  const ex n = reduced(pow(2 * c + 3, 4) * s), d = reduced(pow(2 * c + 3, 5) * (1 + x));
  CHECK_FALSE(n.has(pow(c, 2)));
  const auto q = hamel::cancelled_fraction(n / d, circle);
  REQUIRE(q);
  CHECK((q->numerator - s).expand().is_zero());
  CHECK((q->denominator - (2 * c + 3) * (1 + x)).expand().is_zero());
  // and in a sum whose denominators are related on the circle only: 1/(2c + 3)² + 1/(2c + 3)
  const auto sum = hamel::cancelled_fraction(1 / reduced(pow(2 * c + 3, 2)) + 1 / (2 * c + 3), circle);
  REQUIRE(sum);
  CHECK((sum->numerator - (2 * c + 4)).expand().is_zero());
  CHECK((sum->denominator - reduced(pow(2 * c + 3, 2))).expand().is_zero());
  // (1 − s²)/c is c on the circle
  const auto cosine = hamel::cancelled_fraction((1 - s * s) / c, circle);
  REQUIRE(cosine);
  CHECK(cosine->numerator.is_equal(c));
  CHECK(cosine->denominator.is_equal(1));
}

TEST_CASE("cancelled_fraction: what it refuses (roots, floats, complex numbers)") {
  realsymbol x("x");
  CHECK_FALSE(hamel::cancelled_fraction(sqrt(x) + 1, {}));
  CHECK_FALSE(hamel::cancelled_fraction(GiNaC::numeric(1.5) * x, {}));
  CHECK_FALSE(hamel::cancelled_fraction(GiNaC::I * x, {}));
  CHECK_FALSE(hamel::cancelled_fraction(ex(3), {}));  // a number: nothing to cancel
  // functions are atoms: cos x/(1 + cos x) + x/2 over one denominator
  const auto f = hamel::cancelled_fraction(cos(x) / (1 + cos(x)) + x / 2, {});
  REQUIRE(f);
  CHECK((f->numerator - (2 * cos(x) + x + x * cos(x))).expand().is_zero());
  CHECK((f->denominator - (2 + 2 * cos(x))).expand().is_zero());
}

TEST_CASE("cancelled_fraction: random rational functions equal GiNaC's normal form, coprime") {
  realsymbol x("x"), y("y"), z("z");
  const std::vector<ex> atoms{x, y, z};
  std::mt19937 rng(20261205);
  std::uniform_int_distribution<int> coeff(-3, 3), pick(0, 2), exponent(0, 2), count(1, 3);
  const auto polynomial = [&]() {  // nonzero, so that it can divide
    ex p = 0;
    while (p.is_zero()) {
      p = coeff(rng);
      for (int t = 0, n = count(rng); t < n; ++t)
        p += coeff(rng) * pow(atoms[pick(rng)], exponent(rng)) * pow(atoms[pick(rng)], exponent(rng));
    }
    return p;
  };
  int tried = 0;
  for (int k = 0; k < 150; ++k) {
    const ex common = polynomial();
    const ex e = polynomial() * common / (polynomial() * common) + polynomial() / polynomial() -
                 pow(polynomial(), 2) / (polynomial() * polynomial());
    if (GiNaC::is_a<GiNaC::numeric>(e)) continue;
    const auto f = hamel::cancelled_fraction(e, {});
    if (!f) continue;
    ++tried;
    check_against_ginac(e, *f);
  }
  CHECK(tried > 100);
}

TEST_CASE("cancelled_fraction: the same fraction whatever GiNaC's hash order") {
  std::set<std::string> seen;
  for (const auto& S : hamel::test::symbol_sets({"a", "b", "m", "R"})) {
    const ex a = S["a"], b = S["b"], m = S["m"], R = S["R"];
    const auto f = hamel::cancelled_fraction((a - b) * (m + R) / ((b - a) * (m * R - a) * 3), {});
    REQUIRE(f);
    seen.insert(hamel::to_text(f->numerator) + " / " + hamel::to_text(f->denominator));
  }
  CHECK(seen.size() == 1);
}

TEST_CASE("cancelled_fraction: a polynomial beyond kMaxFractionTerms is refused, simplify keeps the sum as it is") {
  // Σ 1/(1 + x_k²) over 20 unrelated denominators: one fraction would have 2^20 terms in its numerator
  GiNaC::exvector terms, other;
  for (int k = 0; k < 20; ++k) {
    const realsymbol x("x" + std::to_string(k));
    terms.push_back(1 / (1 + x * x));
    other.push_back(1 - x * x / (1 + x * x));
  }
  const ex sum = GiNaC::add(terms);
  CHECK_THROWS_AS(hamel::cancelled_fraction(sum, {}), hamel::FractionTooLarge);
  CHECK(hamel::simplify(sum).is_equal(sum));
  // the zero test still decides: exact evaluation, then probing instead of the canonical form
  const hamel::ZeroVerdict same = hamel::zero_test(sum - GiNaC::add(other));
  CHECK(same.zero);
  CHECK_FALSE(same.undecided);
  CHECK_FALSE(hamel::zero_test(sum - GiNaC::add(other) + terms[3] / 1000).zero);
}

}  // TEST_SUITE
