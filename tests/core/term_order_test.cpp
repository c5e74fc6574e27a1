// tests/core/term_order_test.cpp — the order of terms and factors depends on names and structure only.
#include <doctest/doctest.h>

#include "core/latex.hpp"
#include "core/stored_terms.hpp"
#include "core/term_order.hpp"
#include "tests/core/symbol_sets.hpp"

using GiNaC::ex;

TEST_SUITE("core") {

TEST_CASE("compare_names: case ignored first, runs of digits by value") {
  CHECK(hamel::compare_names("I2", "I10") < 0);
  CHECK(hamel::compare_names("I10", "I2") > 0);
  CHECK(hamel::compare_names("m", "R") < 0);       // a person's alphabet, not ASCII's
  CHECK(hamel::compare_names("pi1", "pi1_dot") < 0);
  CHECK(hamel::compare_names("x01", "x1") != 0);  // equal values, different names: still an order
  CHECK(hamel::compare_names("theta", "theta") == 0);
}

TEST_CASE("ordered_operands: terms lexicographic in their atoms, numbers last, factors by kind and name") {
  GiNaC::realsymbol x("x"), y("y"), m("m"), R("R"), th("theta");
  const std::vector<ex> terms = hamel::ordered_operands(1 + pow(y, 2) + 2 * x * y + pow(x, 2));
  REQUIRE(terms.size() == 4);
  CHECK(terms[0].is_equal(pow(x, 2)));
  CHECK(terms[1].is_equal(2 * x * y));
  CHECK(terms[2].is_equal(pow(y, 2)));
  CHECK(terms[3].is_equal(1));
  const std::vector<ex> factors = hamel::ordered_operands(3 * sin(th) * (x + y) * pow(R, 2) * m);
  REQUIRE(factors.size() == 5);
  CHECK(factors[0].is_equal(3));
  CHECK(factors[1].is_equal(m));
  CHECK(factors[2].is_equal(pow(R, 2)));
  CHECK(factors[3].is_equal(x + y));
  CHECK(factors[4].is_equal(sin(th)));
}

TEST_CASE("ordered_operands: the same order whatever GiNaC's hash order") {
  // Each symbol set is made in another order; GiNaC hashes symbols by serial number, so its own order
  // of the operands differs between the sets, as it does between processes.
  std::set<std::string> ginac_orders, ours;
  for (const auto& S : hamel::test::symbol_sets({"a", "b", "c", "d", "x"})) {
    const ex e = S["x"] * S["a"] + S["b"] * S["c"] - pow(S["d"], 3) + S["a"] * S["b"] * S["c"] * S["d"];
    std::string g, o;
    for (std::size_t i = 0; i < e.nops(); ++i) g += hamel::test::ginac_text(e.op(i)) + ";";
    for (const ex& t : hamel::ordered_operands(e)) o += hamel::to_text(t) + ";";
    ginac_orders.insert(g);
    ours.insert(o);
  }
  CHECK(ginac_orders.size() > 1);  // the sets do reorder GiNaC's operands
  CHECK(ours.size() == 1);
  CHECK(*ours.begin() == "a*b*c*d;a*x;b*c;-d^3;");
}

TEST_CASE("leads_with_minus and written_negative: the sign a printer writes") {
  GiNaC::realsymbol a("a"), b("b"), c("c");
  CHECK(hamel::leads_with_minus(-a + b));
  CHECK_FALSE(hamel::leads_with_minus(a - b));
  CHECK_FALSE(hamel::leads_with_minus(a));
  CHECK(hamel::written_negative(-2 * a));
  CHECK(hamel::written_negative(ex(-3)));
  CHECK_FALSE(hamel::written_negative(ex(GiNaC::numeric(-1, 1) + 2 * GiNaC::I)));  // (-1 + 2*I)
  // c*(b - a) is written -c*(a - b), whichever sign GiNaC keeps inside the product
  CHECK(hamel::written_negative(c * (b - a)));
  CHECK_FALSE(hamel::written_negative(c * (a - b)));
  CHECK(hamel::written_negative(c / (b - a)));
  CHECK_FALSE(hamel::written_negative(-c / (b - a)));
  CHECK_FALSE(hamel::written_negative(c * pow(b - a, 2)));  // an even power keeps its sign
}

TEST_CASE("OrderedAsAtoms: symbols standing for atoms are ordered as the atoms, only while it lives") {
  const GiNaC::symbol z("z"), a("a"), th("th"), S("sin(th)"), C("cos(th)");
  const GiNaC::exmap atoms{{S, sin(th)}, {C, cos(th)}};
  const ex sum = z - S;
  // by name sin(th) comes before z; as a function after every symbol
  CHECK(hamel::ordered_operands(sum) == std::vector<ex>{-S, z});
  CHECK(hamel::leads_with_minus(sum));
  CHECK_FALSE(hamel::ordered_as_atoms());
  {
    const hamel::OrderedAsAtoms ordered(atoms);
    CHECK(hamel::ordered_as_atoms());
    CHECK(hamel::ordered_operands(sum) == std::vector<ex>{z, -S});
    CHECK_FALSE(hamel::leads_with_minus(sum));
    CHECK(hamel::compare_factors(S, z - a) > 0);  // a sum factor before sin θ, after a symbol
    CHECK(hamel::compare_factors(C, S) < 0);      // cos before sin
    CHECK(hamel::leads_with_minus(C - z));        // −z + cos θ
    CHECK_THROWS_WITH_AS(hamel::OrderedAsAtoms{atoms}, "OrderedAsAtoms: one already lives on this thread", std::logic_error);
    CHECK(hamel::ordered_as_atoms());  // the one living is still in force
  }
  // and the names' order again: the order found with the stand-ins is not remembered for the sum
  CHECK_FALSE(hamel::ordered_as_atoms());
  CHECK(hamel::ordered_operands(sum) == std::vector<ex>{-S, z});
  CHECK(hamel::leads_with_minus(sum));
  CHECK(hamel::compare_factors(S, z - a) < 0);
  CHECK(hamel::compare_factors(C, S) < 0);  // by name too
  CHECK_FALSE(hamel::leads_with_minus(C - z));  // cos(th) before z
}


TEST_CASE("OrderedAsAtoms: a new map of stand-ins replaces the one before, found by value") {
  const GiNaC::symbol z("z"), b("b"), th("th"), S("s");
  const GiNaC::exmap as_sine{{S, sin(th)}}, as_symbol{{S, b}};
  const ex sum = z - S;
  {  // sin θ after every symbol: z leads
    const hamel::OrderedAsAtoms ordered(as_sine);
    CHECK(hamel::ordered_operands(sum) == std::vector<ex>{z, -S});
    CHECK_FALSE(hamel::leads_with_minus(sum));
  }
  {  // s as b, before z: −s leads
    const hamel::OrderedAsAtoms ordered(as_symbol);
    CHECK(hamel::ordered_operands(sum) == std::vector<ex>{-S, z});
    CHECK(hamel::leads_with_minus(sum));
    CHECK(hamel::compare_factors(S, b) == 0);
  }
  {  // a copy of the symbol (another node, the same symbol) stands in too
    const GiNaC::symbol copy = S;
    const hamel::OrderedAsAtoms ordered(as_sine);
    CHECK(hamel::compare_factors(ex(copy), z) > 0);
    CHECK(hamel::compare_factors(ex(copy), sin(th)) == 0);
  }
}

TEST_CASE("ordered_factors: a product's factors as (base, exponent), in ordered_operands' order") {
  const GiNaC::symbol x("x"), y("y"), m("m"), R("R"), th("th");
  using Factors = std::vector<std::pair<ex, ex>>;
  CHECK(hamel::ordered_factors(3 * y * pow(x, -2)) == Factors{{3, 1}, {x, -2}, {y, 1}});
  CHECK(hamel::ordered_factors(pow(x, y) * m) == Factors{{m, 1}, {x, y}});
  CHECK(hamel::ordered_factors(pow(x + y, 3)) == Factors{{x + y, 3}});
  CHECK(hamel::ordered_factors(x) == Factors{{x, 1}});
  // every factor is the operand ordered_operands has in its place
  for (const ex& e : {3 * sin(th) * (x + y) * pow(R, 2) * m, -pow(sin(th), 2) * pow(x - y, -3) / (2 * m) * sqrt(R)}) {
    const std::vector<ex> operands = hamel::ordered_operands(e);
    const Factors factors = hamel::ordered_factors(e);
    REQUIRE(factors.size() == operands.size());
    for (std::size_t i = 0; i < factors.size(); ++i) CHECK(pow(factors[i].first, factors[i].second) == operands[i]);
  }
}

TEST_CASE("written_negative of a sum's stored term (x, c): the sign of c·x, without building it") {
  const GiNaC::symbol a("a"), b("b"), c("c"), d("d"), th("th");
  // sum factors to odd and even powers, each sign, above and below; functions to powers; a number
  const ex s = 3 * c * pow(b - a, 3) / (d - c) - 2 * a * pow(a - b, 2) * pow(sin(th), 2) + c / (b - a) -
               GiNaC::numeric(5, 2) * pow(exp(a), 3) * pow(c - d, -1) + 7 * pow(a + b, GiNaC::numeric(1, 2)) - 4;
  std::size_t terms = 0, negative = 0;
  hamel::for_each_term(
      s,
      [&](const ex& x, const ex& k) {
        const bool built = hamel::written_negative(x * k);
        CHECK_MESSAGE(hamel::written_negative(x, GiNaC::ex_to<GiNaC::numeric>(k)) == built, x * k);
        ++terms;
        negative += built ? 1 : 0;
      },
      [](const ex&) {});
  CHECK(terms == 5);
  CHECK(negative > 0);
  CHECK(negative < terms);
}

TEST_CASE("first_term: the first of ordered_operands, found without sorting the sum") {
  const GiNaC::symbol z("z"), a("a"), b("b"), th("th"), S("s");
  // first_term before ordered_operands, which remembers the sum's order and answers first_term after
  const std::vector<ex> sums = {3 - a * b + pow(a, 2) * z, -z / (b - a) + a * z / (a - b) + 2 * b,
                                pow(z, 3) * (a - b) + pow(z, 3) * (b - a) * a + 4};
  for (const ex& sum : sums) {
    const ex first = hamel::first_term(sum);
    CHECK_MESSAGE(first.is_equal(hamel::ordered_operands(sum).front()), sum);
  }
  // with s standing for sin θ, 2 s and −3 sin θ have the same factors: the coefficients decide
  const GiNaC::exmap atoms{{S, sin(th)}};
  const hamel::OrderedAsAtoms ordered(atoms);
  const ex sum = 2 * S - 3 * sin(th) + 5;
  const ex first = hamel::first_term(sum);
  CHECK(first.is_equal(-3 * sin(th)));
  CHECK(first.is_equal(hamel::ordered_operands(sum).front()));
}

}  // TEST_SUITE
