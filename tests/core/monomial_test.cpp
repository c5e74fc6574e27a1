// tests/core/monomial_test.cpp — node kinds without dynamic_cast, degrees read off a monomial's
// factors, c² → 1 − s² term by term: each against what GiNaC's own is_a, degree() and coeff() give.
#include <doctest/doctest.h>

#include <map>
#include <sstream>
#include <string>

#include "core/monomial.hpp"
#include "core/node_kind.hpp"

using GiNaC::ex;
using hamel::NodeKind;

TEST_SUITE("core") {

TEST_CASE("node_kind classifies by class, subclasses by their base, the same on every call") {
  GiNaC::symbol x("x");
  GiNaC::realsymbol r("r");  // a subclass of symbol
  const ex sum = x + r, product = 3 * x * r, power = GiNaC::pow(x, 3), call = GiNaC::sin(x);
  for (int round = 0; round < 2; ++round) {  // the second round answers from the table
    CHECK(hamel::node_kind(ex(2)) == NodeKind::Number);
    CHECK(hamel::node_kind(GiNaC::Pi) == NodeKind::Constant);
    CHECK(hamel::node_kind(x) == NodeKind::Symbol);
    CHECK(hamel::node_kind(r) == NodeKind::Symbol);
    CHECK(hamel::node_kind(sum) == NodeKind::Sum);
    CHECK(hamel::node_kind(product) == NodeKind::Product);
    CHECK(hamel::node_kind(power) == NodeKind::Power);
    CHECK(hamel::node_kind(call) == NodeKind::Function);
    CHECK(hamel::node_kind(x == r) == NodeKind::Relation);
    CHECK(hamel::node_kind(GiNaC::lst{x, r}) == NodeKind::List);
  }
  for (const ex& e : {ex(2), ex(GiNaC::Pi), ex(x), ex(r), sum, product, power, call}) {
    CHECK(hamel::is_call(e) == GiNaC::is_a<GiNaC::function>(e));
    CHECK(hamel::is_sum(e) == GiNaC::is_a<GiNaC::add>(e));
    CHECK(hamel::is_product(e) == GiNaC::is_a<GiNaC::mul>(e));
    CHECK(hamel::is_number(e) == GiNaC::is_a<GiNaC::numeric>(e));
  }
}

TEST_CASE("degree_in reads a monomial's degree as GiNaC's degree() does") {
  GiNaC::symbol x("x"), y("y"), z("z");
  const ex monomials[] = {ex(7), x, GiNaC::pow(y, 4), -3 * GiNaC::pow(x, 2) * GiNaC::pow(y, 5),
                          GiNaC::numeric(1, 2) * x * z, GiNaC::pow(x, 2) * GiNaC::sin(y)};
  for (const ex& m : monomials)
    for (const ex& v : {ex(x), ex(y), ex(z)}) CHECK_MESSAGE(hamel::degree_in(m, v) == m.degree(v), m, " in ", v);
  CHECK(hamel::degree_in(-3 * GiNaC::pow(x, 2) * GiNaC::pow(y, 5), y) == 5);
}

TEST_CASE("terms_of and exponents_in read a polynomial as GiNaC's op() and degree() do") {
  GiNaC::symbol x("x"), y("y"), z("z");
  const ex p = (3 * x * x * y - GiNaC::pow(y, 4) * z / 2 + 7 + x * GiNaC::sin(z) * z).expand();
  for (int round = 0; round < 2; ++round) {  // the second round answers from the remembered terms
    const std::vector<ex> t = hamel::terms_of(p);
    REQUIRE(t.size() == p.nops());
    ex sum = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
      CHECK(t[i].is_equal(p.op(i)));
      sum += t[i];
    }
    CHECK((sum - p).expand().is_zero());
  }
  CHECK(hamel::terms_of(x * y).size() == 1);  // not a sum: itself
  const std::vector<ex> syms{x, y, z};
  for (const ex& m : hamel::terms_of(p)) {
    const std::vector<int> d = hamel::exponents_in(m, syms);
    for (std::size_t k = 0; k < syms.size(); ++k) CHECK_MESSAGE(d[k] == m.degree(syms[k]), m, " in ", syms[k]);
  }
}

TEST_CASE("replace_square turns c² into 1 − s², the same polynomial as by coefficients") {
  GiNaC::symbol s("s"), c("c"), a("a");
  const ex p = a * GiNaC::pow(c, 3) * s + 2 * GiNaC::pow(c, 2) - c + 5 * GiNaC::pow(c, 4) + a;
  // by hand: a c (1 − s²) s + 2 (1 − s²) − c + 5 (1 − s²)² + a
  const ex expected = (a * c * (1 - s * s) * s + 2 * (1 - s * s) - c + 5 * GiNaC::pow(1 - s * s, 2) + a).expand();
  CHECK((hamel::replace_square(p, c, s) - expected).expand().is_zero());
  CHECK(hamel::replace_square(p, c, s).degree(c) == 1);
  const ex no_square = a * c + s;  // nothing to replace: p itself
  CHECK(hamel::replace_square(no_square, c, s).is_equal(no_square.expand()));
  CHECK(hamel::replace_square(GiNaC::pow(c, 2), c, s).is_equal((1 - s * s).expand()));
}

TEST_CASE("replace_square's sum is GiNaC's own: the terms that cancel, a number times c², a factor it cannot read") {
  GiNaC::symbol s("s"), c("c"), a("a");
  // 3c² + 3s² cancels to the number 3; sin(a)·c² is rewritten by GiNaC's division and expansion
  const ex p = 3 * GiNaC::pow(c, 2) + 3 * GiNaC::pow(s, 2) + GiNaC::sin(a) * GiNaC::pow(c, 2) - 7;
  const ex expected = (3 * (1 - s * s) + 3 * s * s + GiNaC::sin(a) * (1 - s * s) - 7).expand();
  CHECK(hamel::replace_square(p, c, s).is_equal(expected));
  CHECK(hamel::replace_square(-4 * GiNaC::pow(c, 2) * a, c, s).is_equal((-4 * a * (1 - s * s)).expand()));
  CHECK(hamel::replace_square(GiNaC::pow(c, 2) + GiNaC::pow(s, 2), c, s).is_equal(1));
}

TEST_CASE("degrees_of reads each symbol's degree off an expanded polynomial, and refuses what is not one") {
  GiNaC::symbol x("x"), y("y"), z("z");
  const auto d = hamel::degrees_of((3 * GiNaC::pow(x, 4) * y - GiNaC::numeric(1, 2) * y * y * y + x + 7).expand());
  REQUIRE(d);
  CHECK(d->size() == 2);
  CHECK(d->at(x) == 4);
  CHECK(d->at(y) == 3);
  CHECK(d->count(z) == 0);
  CHECK(hamel::degrees_of(GiNaC::pow(z, 5))->at(z) == 5);  // a lone power
  CHECK(hamel::degrees_of(ex(0))->empty());
  CHECK_FALSE(hamel::degrees_of(x * (x + y)));  // not expanded: a sum as a factor
  CHECK_FALSE(hamel::degrees_of(x + GiNaC::sin(y)));
  CHECK_FALSE(hamel::degrees_of(1 / x + y));
  CHECK_FALSE(hamel::degrees_of(GiNaC::numeric(0.5) * x + y));
}

TEST_CASE("numeric_multiple and divide_by_degrees answer as GiNaC's divide") {
  GiNaC::symbol x("x"), y("y"), l("l");
  const ex b = (x * x - 2 * x * y + 3 * y).expand();
  CHECK(hamel::numeric_multiple((-GiNaC::numeric(3, 2) * b).expand(), b));
  CHECK(hamel::numeric_multiple(b, b));
  CHECK_FALSE(hamel::numeric_multiple((l * l * b).expand(), b));  // a monomial, not a number: same term count
  CHECK_FALSE(hamel::numeric_multiple((b + x).expand(), b));
  CHECK_FALSE(hamel::numeric_multiple((x * x + 2 * x * y + 3 * y).expand(), b));  // same terms and degrees, other signs
  ex q;
  CHECK(hamel::divide_by_degrees(((x + y) * b).expand(), b, q));
  CHECK(q.is_equal(x + y));
  CHECK_FALSE(hamel::divide_by_degrees((x * y + 1).expand(), b, q));  // degree 1 in x below b's 2: refused before dividing
  CHECK_FALSE(hamel::divide_by_degrees((x * x * y * y + 1).expand(), b, q));  // degrees enough, GiNaC says no
  CHECK(hamel::divide_by_degrees(ex(0), b, q));
  CHECK(q.is_zero());
  // against GiNaC on products and perturbed products of small polynomials
  const std::vector<ex> small{x + 1, x - y, 2 * y * y + x, x * y - 3, ex(5), l * x + y};
  for (const ex& u : small)
    for (const ex& v : small) {
      for (const ex& a : {(u * v).expand(), (u * v + x).expand(), (GiNaC::numeric(-7, 3) * v).expand()}) {
        ex expected_q, got_q;
        const bool expected = GiNaC::divide(a, v, expected_q);
        CHECK(hamel::divide_by_degrees(a, v, got_q) == expected);
        if (expected) CHECK(got_q.is_equal(expected_q));
        if (!v.is_zero()) CHECK(hamel::numeric_multiple(a, v) == (expected && GiNaC::is_a<GiNaC::numeric>(expected_q)));
      }
    }
}

namespace {

// The split of each term with *= on its factors, as the display pass did it before collected_in.
std::map<ex, ex, GiNaC::ex_is_less> split_by_products(const ex& p, const GiNaC::lst& vars) {
  const auto power_of = [&](const ex& f) {
    for (const ex& v : vars)
      if (f.is_equal(v) || (GiNaC::is_a<GiNaC::power>(f) && f.op(0).is_equal(v))) return true;
    return false;
  };
  std::map<ex, GiNaC::exvector, GiNaC::ex_is_less> terms;
  for (const ex& term : hamel::terms_of(p)) {
    ex coeff = term, mono = 1;
    if (GiNaC::is_a<GiNaC::mul>(term)) {
      coeff = 1;
      for (std::size_t k = 0; k < term.nops(); ++k) (power_of(term.op(k)) ? mono : coeff) *= term.op(k);
    } else if (power_of(term)) {
      coeff = 1, mono = term;
    }
    terms[mono].push_back(coeff);
  }
  std::map<ex, ex, GiNaC::ex_is_less> out;
  for (auto& [mono, coeffs] : terms) out.emplace(mono, GiNaC::add(coeffs));
  return out;
}

std::string text(const ex& e) {
  std::ostringstream s;
  s << e;
  return s.str();
}

}  // namespace

TEST_CASE("collected_in splits off the monomials in some symbols as op() and *= do, divided first") {
  GiNaC::symbol p1("p1"), p2("p2"), m("m"), x("x"), R("R");
  const GiNaC::lst vars{p1, p2};
  // a value: m (3 p1² + x p1² − 2 m p1 p2 + 5) over m is 5 + (3 + x) p1² − 2 m p1 p2
  const ex mp = (m * (3 * p1 * p1 + x * p1 * p1 - 2 * m * p1 * p2 + 5)).expand();
  const auto parts = hamel::collected_in(mp, vars, m, true);
  REQUIRE(parts);
  REQUIRE(parts->size() == 3);
  const std::map<ex, ex, GiNaC::ex_is_less> expected{{ex(1), ex(5)}, {p1 * p1, 3 + x}, {p1 * p2, -2 * m}};
  std::size_t k = 0;
  for (const auto& [mono, coeff] : expected) {
    CHECK((*parts)[k].monomial.is_equal(mono));
    CHECK((*parts)[k].coefficient.is_equal(coeff));
    CHECK((*parts)[k].terms.is_equal((m * coeff * mono).expand()));  // undivided
    ++k;
  }
  CHECK_FALSE(hamel::collected_in((mp + x).expand(), vars, m));  // m does not divide x
  CHECK_FALSE(hamel::collected_in(mp, vars, m * m));              // nor m² the term 5 m
  // against the split with *= on sums, single terms, numbers, roots and powers of the symbols
  const std::vector<ex> polys{
      mp,
      (GiNaC::numeric(-3, 4) * p1 * p1 * R * R * x).expand(),
      ex(7),
      p2,
      GiNaC::pow(p1, 3),
      (2 * p1 * p2 * x * x + GiNaC::sqrt(ex(2)) * p1 * x - x * x + GiNaC::pow(p2, 2) / 3 + GiNaC::sin(x) * p1 - 1).expand(),
      (GiNaC::pow(R * x + m * p1 + p2, 3)).expand(),
  };
  for (const ex& p : polys) {
    const auto got = hamel::collected_in(p, vars, 1, true);
    REQUIRE(got);
    const auto want = split_by_products(p, vars);
    REQUIRE(got->size() == want.size());
    std::size_t i = 0;
    for (const auto& [mono, coeff] : want) {
      CHECK((*got)[i].monomial.is_equal(mono));
      CHECK(text((*got)[i].coefficient) == text(coeff));
      CHECK(text((*got)[i].terms) == text((coeff * mono).expand()));
      ++i;
    }
    // divided by a monomial of the other symbols: as splitting (p·x²R)/(x²R), expanded
    const ex g = x * x * R;
    const auto divided = hamel::collected_in((p * g).expand(), vars, g);
    REQUIRE(divided);
    REQUIRE(divided->size() == want.size());
    i = 0;
    for (const auto& [mono, coeff] : want) CHECK(text((*divided)[i++].coefficient) == text(coeff));
  }
}

TEST_CASE("divided_and_rest splits a sum by a monomial as GiNaC's division of its terms does") {
  GiNaC::symbol x("x"), y("y"), z("z");
  const std::vector<ex> syms{x, y, z};
  const ex p = (3 * x * x * y - GiNaC::pow(y, 4) * z / 2 + 7 + 5 * x * y * z * z + x * y + GiNaC::pow(x, 3)).expand();
  const std::vector<int> g{1, 1, 0};  // x·y
  const auto split = hamel::divided_and_rest(p, syms, g);
  REQUIRE(split);
  GiNaC::exvector inner, rest;  // what GiNaC's division, term by term, gives
  for (const ex& t : hamel::terms_of(p)) {
    if (t.degree(x) >= 1 && t.degree(y) >= 1) inner.push_back((t / (x * y)).expand());
    else rest.push_back(t);
  }
  CHECK(split->first.is_equal(GiNaC::add(inner)));  // 3x + 5z² + 1: the same tree, not only equal
  CHECK(split->second.is_equal(GiNaC::add(rest)));  // −y⁴z/2 + 7 + x³
  CHECK((split->first - (3 * x + 5 * z * z + 1)).expand().is_zero());
  // a lone x^3 divided by x² is x, not a product
  const auto cube = hamel::divided_and_rest((GiNaC::pow(x, 3) + y).expand(), syms, {2, 0, 0});
  REQUIRE(cube);
  CHECK(cube->first.is_equal(x));
  CHECK(cube->second.is_equal(y));
  // refused: a term with a function or a fractional power, and a single term (not a sum)
  CHECK_FALSE(hamel::divided_and_rest(x * y + GiNaC::sin(z) * x, syms, g));
  CHECK_FALSE(hamel::divided_and_rest(x * y + GiNaC::sqrt(x) * y, syms, g));
  CHECK_FALSE(hamel::divided_and_rest(x * y, syms, g));
}

TEST_CASE("is_expanded_polynomial tells the polynomials that expand() gives back unchanged") {
  GiNaC::symbol x("x"), y("y"), z("z");
  // built by add and mul, never expanded: no status flag says so, the stored pairs do
  const ex p = GiNaC::add(GiNaC::exvector{3 * x * x * y, -GiNaC::pow(y, 4) * z / 2, ex(7), x / y});
  CHECK_FALSE(p.info(GiNaC::info_flags::expanded));
  CHECK(hamel::is_expanded_polynomial(p));
  CHECK(hamel::is_expanded_polynomial(GiNaC::pow(x, -2)));
  CHECK(hamel::is_expanded_polynomial(ex(5)));
  CHECK_FALSE(hamel::is_expanded_polynomial(x * (y + z)));
  CHECK_FALSE(hamel::is_expanded_polynomial(GiNaC::pow(x + y, 2) + z));
  CHECK_FALSE(hamel::is_expanded_polynomial(GiNaC::sin(x) * y + z));
  CHECK_FALSE(hamel::is_expanded_polynomial(GiNaC::sqrt(x) + y));
  // expanded: p itself, now flagged, the same tree as GiNaC's expansion; otherwise GiNaC's expansion
  const ex e = hamel::expanded(p);
  CHECK(e.is_equal(p.expand()));
  CHECK(e.info(GiNaC::info_flags::expanded));
  const ex q = x * (y + z) + 1;
  CHECK(hamel::expanded(q).is_equal(x * y + x * z + 1));
}

TEST_CASE("divided_exactly divides every term by a monomial and a number as GiNaC's division does") {
  GiNaC::symbol x("x"), y("y"), z("z");
  const std::vector<ex> syms{x, y, z};
  const ex p = (6 * GiNaC::pow(x, 3) * y - 4 * x * y * z * z + 10 * x * x * GiNaC::pow(y, 2) / 3).expand();
  const auto q = hamel::divided_exactly(p, syms, {1, 1, 0}, GiNaC::numeric(2));
  REQUIRE(q);
  CHECK(q->is_equal((p / (2 * x * y)).expand()));                              // the same tree
  CHECK((*q - (3 * x * x - 2 * z * z + 5 * x * y / 3)).expand().is_zero());  // 3x² − 2z² + 5xy/3
  // refused: a term the monomial does not divide, a constant term, a function, a single term
  CHECK_FALSE(hamel::divided_exactly(p + z, syms, {1, 1, 0}, GiNaC::numeric(1)));
  CHECK_FALSE(hamel::divided_exactly(p + 1, syms, {1, 0, 0}, GiNaC::numeric(1)));
  CHECK_FALSE(hamel::divided_exactly(p + GiNaC::sin(z) * x * y, syms, {1, 1, 0}, GiNaC::numeric(1)));
  CHECK_FALSE(hamel::divided_exactly(6 * x * y, syms, {1, 1, 0}, GiNaC::numeric(1)));
}

}  // TEST_SUITE
