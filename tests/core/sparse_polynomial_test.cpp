// tests/core/sparse_polynomial_test.cpp — exponent-vector polynomials against the same operations on
// GiNaC trees, on random polynomials drawn with a fixed seed (the same draws in every run).
#include <doctest/doctest.h>

#include <random>

#include "core/monomial.hpp"
#include "core/sparse_polynomial.hpp"

using GiNaC::ex;
using hamel::SparsePolynomial;

namespace {

struct Ring {
  GiNaC::symbol s{"s"}, c{"c"}, x{"x"}, y{"y"};
  std::vector<ex> symbols{s, c, x, y};
};

// A polynomial of up to 8 terms, degrees up to 4 per symbol, coefficients ±p/q with p, q ≤ 5.
ex random_polynomial(std::mt19937& rng, const Ring& r) {
  std::uniform_int_distribution<int> terms(1, 8), degree(0, 4), top(-5, 5), bottom(1, 5);
  GiNaC::exvector sum;
  for (int n = terms(rng); n > 0; --n) {
    ex t = GiNaC::numeric(top(rng), bottom(rng));
    for (const ex& v : r.symbols) t *= GiNaC::pow(v, degree(rng));
    sum.push_back(t);
  }
  return ex(GiNaC::add(sum)).expand();
}

}  // namespace

TEST_SUITE("core") {

TEST_CASE("to_sparse and to_ginac round-trip polynomials over Q to the same GiNaC expression") {
  const Ring r;
  std::mt19937 rng(20261206);
  for (int draw = 0; draw < 200; ++draw) {
    const ex p = random_polynomial(rng, r);
    const auto sp = hamel::to_sparse(p, r.symbols);
    REQUIRE(sp);
    CHECK(sp->size() == (GiNaC::is_a<GiNaC::add>(p) ? p.nops() : (p.is_zero() ? 0 : 1)));
    const ex back = hamel::to_ginac(*sp, r.symbols);
    CHECK_MESSAGE(back.is_equal(p), p, " came back as ", back);
    CHECK(hamel::to_sparse(back, r.symbols) == *sp);
  }
  const auto seven = hamel::to_sparse(ex(7), r.symbols);
  REQUIRE(seven);
  CHECK(hamel::to_ginac(*seven, r.symbols).is_equal(7));
  CHECK(hamel::to_sparse(ex(0), r.symbols)->size() == 0);
  CHECK(hamel::to_ginac(*hamel::to_sparse(ex(0), r.symbols), r.symbols).is_zero());
  CHECK(hamel::to_ginac(*hamel::to_sparse(r.x, r.symbols), r.symbols).is_equal(r.x));
  CHECK(hamel::to_ginac(*hamel::to_sparse(GiNaC::pow(r.x, 3), r.symbols), r.symbols).is_equal(GiNaC::pow(r.x, 3)));
}

TEST_CASE("to_sparse refuses what is not a polynomial over Q in the listed symbols") {
  const Ring r;
  GiNaC::symbol z("z");
  CHECK_FALSE(hamel::to_sparse(r.x + GiNaC::sin(r.y), r.symbols));
  CHECK_FALSE(hamel::to_sparse(r.x * (r.x + r.y), r.symbols));  // read as it stands, not expanded
  CHECK(hamel::to_sparse((r.x * (r.x + r.y)).expand(), r.symbols)->size() == 2);
  CHECK_FALSE(hamel::to_sparse(r.x + z, r.symbols));
  CHECK_FALSE(hamel::to_sparse(1 / r.x, r.symbols));
  CHECK_FALSE(hamel::to_sparse(GiNaC::sqrt(r.x) + 1, r.symbols));
  CHECK_FALSE(hamel::to_sparse(GiNaC::numeric(0.5) * r.x + r.y, r.symbols));
  CHECK_FALSE(hamel::to_sparse(GiNaC::sqrt(ex(2)) * r.x, r.symbols));
}

TEST_CASE("replace_square on exponent vectors gives replace_square on GiNaC trees") {
  const Ring r;
  std::mt19937 rng(16);
  for (int draw = 0; draw < 200; ++draw) {
    const ex p = random_polynomial(rng, r);
    const SparsePolynomial sp = *hamel::to_sparse(p, r.symbols);
    CHECK(hamel::to_ginac(hamel::replace_square(sp, 1, 0), r.symbols).is_equal(hamel::replace_square(p, r.c, r.s)));
    CHECK(hamel::to_ginac(hamel::replace_square(sp, 0, 1), r.symbols).is_equal(hamel::replace_square(p, r.s, r.c)));
  }
  // c⁵ x = c x (1 − s²)² = c x − 2 c x s² + c x s⁴
  const SparsePolynomial c5x = *hamel::to_sparse(GiNaC::pow(r.c, 5) * r.x, r.symbols);
  CHECK(hamel::to_ginac(hamel::replace_square(c5x, 1, 0), r.symbols)
            .is_equal((r.c * r.x - 2 * r.c * r.x * r.s * r.s + r.c * r.x * GiNaC::pow(r.s, 4)).expand()));
}

TEST_CASE("square_partners finds −t·s² for each term t, joined_pairs writes t − t·s² as t·c²") {
  const Ring r;
  // 3 x − 3 x s² + y c − y s² c + 5 s⁴: two pairs, 5 s⁴ alone
  const ex p = (3 * r.x - 3 * r.x * r.s * r.s + r.y * r.c - r.y * r.c * r.s * r.s + 5 * GiNaC::pow(r.s, 4)).expand();
  const SparsePolynomial sp = *hamel::to_sparse(p, r.symbols);
  const auto partners = hamel::square_partners(sp, 0);
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t i = 0; i < partners.size(); ++i)
    if (partners[i] < sp.size()) pairs.emplace_back(i, partners[i]);
  CHECK(pairs.size() == 2);
  CHECK_FALSE(hamel::has_chain(partners));
  const ex joined = hamel::to_ginac(hamel::joined_pairs(sp, pairs, 1), r.symbols);
  CHECK(joined.is_equal((3 * r.x * r.c * r.c + r.y * GiNaC::pow(r.c, 3) + 5 * GiNaC::pow(r.s, 4)).expand()));
  // x − x s² + x s⁴ is a chain: the middle term pairs either way
  const SparsePolynomial chain = *hamel::to_sparse(r.x - r.x * r.s * r.s + r.x * GiNaC::pow(r.s, 4), r.symbols);
  CHECK(hamel::has_chain(hamel::square_partners(chain, 0)));
}

TEST_CASE("square_partners agrees with looking −t·s² up among GiNaC's terms, and joining is an identity on the circle") {
  const Ring r;
  std::mt19937 rng(7);
  for (int draw = 0; draw < 200; ++draw) {
    // half of the draws get pairs planted: p + q − q s²
    ex p = random_polynomial(rng, r);
    if (draw % 2 == 0) {
      const ex q = random_polynomial(rng, r);
      p = (p + q - q * r.s * r.s).expand();
    }
    const SparsePolynomial sp = *hamel::to_sparse(p, r.symbols);
    const auto partners = hamel::square_partners(sp, 0);
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    std::vector<bool> used(sp.size(), false);
    for (std::size_t i = 0; i < sp.size(); ++i) {
      const ex t = hamel::to_ginac(SparsePolynomial(4, {sp.terms[i]}), r.symbols);
      const ex partner = (-t * r.s * r.s).expand();
      const bool present = std::any_of(sp.terms.begin(), sp.terms.end(), [&](const SparsePolynomial::Term& u) {
        return hamel::to_ginac(SparsePolynomial(4, {u}), r.symbols).is_equal(partner);
      });
      CHECK(present == (partners[i] < sp.size()));
      if (present && !used[i] && !used[partners[i]]) {
        used[i] = used[partners[i]] = true;
        pairs.emplace_back(i, partners[i]);
      }
    }
    const ex joined = hamel::to_ginac(hamel::joined_pairs(sp, pairs, 1), r.symbols);
    CHECK(hamel::replace_square(joined, r.c, r.s).is_equal(hamel::replace_square(p, r.c, r.s)));
    const std::size_t left = hamel::joined_pairs(sp, pairs, 1).size();
    CHECK(left <= sp.size() - pairs.size());  // one term per pair, fewer where t·c² meets another term
  }
}

TEST_CASE("common_monomial and divided: the quotient times the monomial is the polynomial") {
  const Ring r;
  std::mt19937 rng(3);
  for (int draw = 0; draw < 200; ++draw) {
    const ex p = random_polynomial(rng, r);
    const SparsePolynomial sp = *hamel::to_sparse(p, r.symbols);
    const std::vector<int> m = hamel::common_monomial(sp);
    for (const auto& t : sp.terms) CHECK(hamel::divides(m, t.exponents));
    ex g = 1;
    for (std::size_t v = 0; v < m.size(); ++v) g *= GiNaC::pow(r.symbols[v], m[v]);
    const SparsePolynomial q = hamel::divided(sp, m);
    CHECK((hamel::to_ginac(q, r.symbols) * g).expand().is_equal(p));
    // nothing more is common to the quotient
    const std::vector<int> left = hamel::common_monomial(q);
    CHECK(std::all_of(left.begin(), left.end(), [](int k) { return k == 0; }));
  }
  CHECK_FALSE(hamel::divides({1, 0, 2, 0}, {1, 0, 1, 3}));
  CHECK(hamel::divides({1, 0, 1, 0}, {1, 0, 1, 3}));
}

TEST_CASE("product, times_monomial and substituted on exponent vectors agree with GiNaC's expand and subs") {
  const Ring r;
  const auto sparse = [&](const ex& p) { return *hamel::to_sparse(p.expand(), r.symbols); };
  const auto back = [&](const SparsePolynomial& p) { return hamel::to_ginac(p, r.symbols); };
  // (x + 1)(x − 1) = x² − 1; x² with x → x + y is x² + 2xy + y²; x·y² · s c³ = s c³ x y²
  CHECK(back(hamel::product(sparse(r.x + 1), sparse(r.x - 1))).is_equal(r.x * r.x - 1));
  CHECK(back(hamel::substituted(sparse(r.x * r.x), 2, sparse(r.x + r.y))).is_equal((r.x * r.x + 2 * r.x * r.y + r.y * r.y).expand()));
  CHECK(back(hamel::times_monomial(sparse(r.x * r.y * r.y), {1, 3, 0, 0})).is_equal(r.s * GiNaC::pow(r.c, 3) * r.x * r.y * r.y));
  // x → x − x: every power of x vanishes, the terms without x stay
  CHECK(back(hamel::substituted(sparse(3 * r.x + r.x * r.y + 5 * r.y), 2, sparse(ex(0)))).is_equal(5 * r.y));
  std::mt19937 rng(11);
  for (int draw = 0; draw < 100; ++draw) {
    const ex p = random_polynomial(rng, r), q = random_polynomial(rng, r);
    CHECK(back(hamel::product(sparse(p), sparse(q))).is_equal((p * q).expand()));
    // q may hold x itself: the substitution is simultaneous, as GiNaC's subs
    CHECK(back(hamel::substituted(sparse(p), 2, sparse(q))).is_equal(p.subs(r.x == q).expand()));
  }
}

TEST_CASE("in_angle_sum writes sin x cos y ± cos x sin y as sin(x ± y), as subs and replace_square do on GiNaC trees") {
  GiNaC::symbol sx("sx"), cx("cx"), sy("sy"), cy("cy"), S("S"), C("C"), m("m");
  const std::vector<ex> six{sx, cx, sy, cy, S, C, m};
  const auto sparse = [&](const ex& p) { return *hamel::to_sparse(p.expand(), six); };
  const auto back = [&](const SparsePolynomial& p) { return hamel::to_ginac(p, six); };
  const hamel::AngleSumSlots plus{0, 1, 2, 3, 4, 5, 1}, minus{0, 1, 2, 3, 4, 5, -1};
  CHECK(back(hamel::in_angle_sum(sparse(m * (sx * cy + cx * sy)), plus)).is_equal(m * S));
  CHECK(back(hamel::in_angle_sum(sparse(sx * cy - cx * sy), minus)).is_equal(S));
  CHECK(back(hamel::in_angle_sum(sparse(cx * cy + sx * sy), minus)).is_equal(C));
  // m1 + m2 − m2 cos²(x − y) is m1 + m2 sin²(x − y) only with C² = 1 − S² (the double pendulum's det G)
  CHECK(back(hamel::in_angle_sum(sparse(1 + m - m * GiNaC::pow(cx * cy + sx * sy, 2)), minus)).is_equal(1 + m * S * S));
  // cos x alone in x + y: C cos y − S sin y, one term more
  CHECK(hamel::in_angle_sum(sparse(cx), plus).size() == 2);
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> terms(1, 6), degree(0, 3), top(-5, 5), bottom(1, 5);
  for (int draw = 0; draw < 100; ++draw) {
    GiNaC::exvector sum;
    for (int n = terms(rng); n > 0; --n) {
      ex t = GiNaC::numeric(top(rng), bottom(rng));
      for (const ex& v : six) t *= GiNaC::pow(v, degree(rng));
      sum.push_back(t);
    }
    const ex p = ex(GiNaC::add(sum)).expand();
    for (int sign : {1, -1}) {
      const ex to_sum = p.subs(GiNaC::lst{sx == S * cy - sign * C * sy, cx == C * cy + sign * S * sy});
      const ex expected = hamel::replace_square(hamel::replace_square(to_sum, cy, sy), C, S);
      CHECK(back(hamel::in_angle_sum(sparse(p), sign == 1 ? plus : minus)).is_equal(expected));
    }
  }
}

TEST_CASE("is_multiple_of answers as GiNaC's exact division") {
  const Ring r;
  const auto sparse = [&](const ex& p) { return *hamel::to_sparse(p.expand(), r.symbols); };
  // a value: x² − y² is (x − y)(x + y), and x² + y² no multiple of x + y
  CHECK(hamel::is_multiple_of(sparse(r.x * r.x - r.y * r.y), sparse(r.x + r.y)));
  CHECK_FALSE(hamel::is_multiple_of(sparse(r.x * r.x + r.y * r.y), sparse(r.x + r.y)));
  CHECK(hamel::is_multiple_of(sparse(ex(0)), sparse(r.x + r.y)));
  CHECK_FALSE(hamel::is_multiple_of(sparse(r.x), sparse(ex(0))));
  std::mt19937 rng(20261207);
  for (int draw = 0; draw < 150; ++draw) {
    const ex f = random_polynomial(rng, r), g = random_polynomial(rng, r), h = random_polynomial(rng, r);
    if (f.is_zero()) continue;
    for (const ex& p : {(f * g).expand(), (f * g + h).expand(), g}) {
      ex q;
      const bool expected = GiNaC::divide(p, f, q);
      CHECK_MESSAGE(hamel::is_multiple_of(sparse(p), sparse(f)) == expected, p, " over ", f);
    }
  }
}

}  // TEST_SUITE
