// tests/core/atom_polynomial_test.cpp — polynomial_in_atoms against GiNaC's own to_polynomial on a
// copy of the same map: the same atoms added in the same order, the same polynomial.
#include <doctest/doctest.h>

#include "core/atom_polynomial.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

using GiNaC::ex;

namespace {

// A new symbol's serial number, read off its default name "symbolN" (the map orders symbols by hash).
long serial(const ex& sym) { return std::stol(GiNaC::ex_to<GiNaC::symbol>(sym).get_name().substr(6)); }

// The entries `after` has and `before` has not, in the order their symbols were made.
std::vector<std::pair<ex, ex>> added(const GiNaC::exmap& after, const GiNaC::exmap& before) {
  std::vector<std::pair<ex, ex>> out;
  for (const auto& entry : after)
    if (!before.count(entry.first)) out.push_back(entry);
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return serial(a.first) < serial(b.first); });
  return out;
}

// Both conversions of e from the same map; GiNaC's new symbols renamed to ours (theirs are other
// symbols), matched in the order they were made.
void check_same(const ex& e, hamel::AtomIndex& index, GiNaC::exmap& ours) {
  const GiNaC::exmap before = ours;
  const ex mine = hamel::polynomial_in_atoms(e, ours, index);
  GiNaC::exmap theirs = before;
  const ex expected = e.to_polynomial(theirs);
  const auto ours_new = added(ours, before), theirs_new = added(theirs, before);
  REQUIRE(ours_new.size() == theirs_new.size());
  GiNaC::exmap rename;
  for (std::size_t i = 0; i < ours_new.size(); ++i) {
    CHECK(ours_new[i].second.is_equal(theirs_new[i].second));
    rename[theirs_new[i].first] = ours_new[i].first;
  }
  const ex renamed = expected.subs(rename, GiNaC::subs_options::no_pattern);
  INFO("e = ", e, ", ours ", mine, ", GiNaC's ", renamed);
  CHECK(renamed.is_equal(mine));
}

}  // namespace

TEST_SUITE("core") {

TEST_CASE("polynomial_in_atoms gives GiNaC's to_polynomial: the polynomial and the atoms added") {
  GiNaC::symbol x("x"), y("y"), a("a"), b("b");
  const ex s = GiNaC::sin(x), c = GiNaC::cos(x), r = GiNaC::sqrt(a * a + b * GiNaC::pow(GiNaC::sin(y), 2));
  const ex cases[] = {
      a * s * s + b * c - 3 * s * c * GiNaC::cos(y),                   // sines and cosines, integer numbers
      GiNaC::numeric(1, 2) * a * s + GiNaC::numeric(3, 4),             // rationals are atoms of a polynomial
      GiNaC::pow(a + GiNaC::numeric(1, 3) * s, 2) * b,                 // … but not inside a power (to_rational)
      a * r + b / r + GiNaC::pow(r, 3),                                // a root, its inverse, its cube
      GiNaC::exp(a * x) * GiNaC::Pi + 2.5 * b,                         // a constant and a float
      (2 + 3 * GiNaC::I) * a + GiNaC::numeric(1, 2) * GiNaC::I * s,    // complex numbers: I is an atom
      GiNaC::pow(a * b + a * s, -2) + GiNaC::pow(x, GiNaC::numeric(5, 2)),  // a negative power, a half-integer one
      GiNaC::pow(x, a) + GiNaC::sin(s + y),                            // a symbolic exponent, a nested function
  };
  GiNaC::exmap ours;
  hamel::AtomIndex index;
  for (const ex& e : cases) check_same(e, index, ours);
  const std::size_t atoms = ours.size();
  for (const ex& e : cases) check_same(e, index, ours);  // every atom found again
  CHECK(ours.size() == atoms);
}

// The walk reads the stored pairs (c·x, x^k) and rebuilds a node from the first operand that changes:
// atoms only in a late term, only in the constant, behind coefficients and powers, made in GiNaC's order.
TEST_CASE("polynomial_in_atoms on terms with numbers and powers: atoms late, in the constant, in GiNaC's order") {
  GiNaC::symbol x("x"), y("y"), a("a"), b("b");
  const ex s = GiNaC::sin(x), c = GiNaC::cos(y);
  const ex cases[] = {
      3 * a * b + 5 * a * a - 7 * b * GiNaC::pow(c, 3),               // only the last term holds an atom
      2 * a * b + GiNaC::numeric(1, 3),                                // only the constant changes
      -4 * GiNaC::pow(s, 2) * GiNaC::pow(c, 5) * a + 6 * s * c,        // coefficients before powers of atoms
      a * GiNaC::pow(b, GiNaC::numeric(3, 2)) * s + 2 * GiNaC::pow(a + s, 3),  // a root factor, a power of a sum
      GiNaC::pow(c * a + 2 * s, -1) * b + 3,                           // a negative power inside a product
  };
  GiNaC::exmap ours;
  hamel::AtomIndex index;
  for (const ex& e : cases) check_same(e, index, ours);
  const ex plain = 3 * a * b + 5 * a * a;  // no atom: the node itself comes back
  CHECK(GiNaC::are_ex_trivially_equal(hamel::polynomial_in_atoms(plain, ours, index), plain));
}

TEST_CASE("polynomial_in_atoms substitutes the map into an atom that holds one of its symbols") {
  GiNaC::symbol x("x"), a("a");
  GiNaC::exmap ours;
  hamel::AtomIndex index;
  const ex p = hamel::polynomial_in_atoms(a * GiNaC::sin(x), ours, index);
  REQUIRE(ours.size() == 1);
  const ex sx = ours.begin()->first;
  check_same(GiNaC::cos(sx) + sx * GiNaC::sin(x), index, ours);  // cos(sin x): a new atom
  CHECK(p.is_equal(a * sx));
}

TEST_CASE("polynomial_in_atoms reads a map grown elsewhere") {
  GiNaC::symbol x("x");
  GiNaC::exmap ours;
  hamel::AtomIndex index;
  hamel::polynomial_in_atoms(GiNaC::sin(x), ours, index);
  const GiNaC::symbol t("t");
  ours[t] = GiNaC::tan(x);  // added by another hand: found, not made again
  CHECK(hamel::polynomial_in_atoms(3 * GiNaC::tan(x), ours, index).is_equal(3 * t));
  CHECK(ours.size() == 2);
}

}  // TEST_SUITE
