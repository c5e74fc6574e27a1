// tests/derivation/at_point_test.cpp — derivation/at_point.hpp on a derivation built in code: what the
// balls cannot tell from 0, a formula left in names, a name located in the point.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "derivation/at_point.hpp"

namespace {

using GiNaC::ex;

// One scalar object per value, in a derivation over the coordinate x.
hamel::Derivation scalars(const std::vector<ex>& values) {
  hamel::Derivation d;
  d.name = "test";
  d.declare("x", hamel::SymbolKind::Coordinate);
  hamel::DerivationSection& s = d.add("s", "values");
  for (std::size_t i = 0; i < values.size(); ++i)
    s.object("v" + std::to_string(i), hamel::ObjectKind::Scalar, "a value").add({}, hamel::Label::symbol("v"), values[i]);
  return d;
}

const hamel::Entry& entry(const hamel::Derivation& d, std::size_t i) { return d.sections.front().objects.at(i).entries.front(); }

hamel::Point at_x(const ex& value) { return hamel::Point{"--at", {{"x", value, "x", 1, 3}}}; }

}  // namespace

TEST_SUITE("derivation") {

TEST_CASE("at_point: 0 where the balls cannot tell the value from 0, with a note") {
  GiNaC::symbol x("x");
  // at x = 3: √2·√x − √6 and sin² x + cos² x − 1 are 0, which GiNaC does not see: their balls hold 0 up
  // to 16384 bits, said in a note; the second is 0 for every x, which the canonical form proves (its
  // note says so); x − 3 is exactly 0 at once
  const hamel::Derivation d = scalars({GiNaC::sqrt(ex(2)) * GiNaC::sqrt(x) - GiNaC::sqrt(ex(6)), x - 3, x / 4,
                                       GiNaC::pow(GiNaC::sin(x), 2) + GiNaC::pow(GiNaC::cos(x), 2) - 1});
  const hamel::Derivation v = hamel::at_point(d, at_x(3));
  CHECK(entry(v, 0).value.is_zero());
  CHECK(entry(v, 0).note == "|value| < 10^-4930, not proved to be 0");
  CHECK(entry(v, 1).value.is_zero());
  CHECK(entry(v, 1).note.empty());
  CHECK(GiNaC::ex_to<GiNaC::numeric>(entry(v, 2).value).to_double() == 0.75);
  CHECK(entry(v, 3).value.is_zero());
  CHECK(entry(v, 3).note == "identically 0: the canonical form of the entry in (q, pi)");
  CHECK(v.description == "at x = 3");
}

TEST_CASE("at_point: a name the point does not give stays, a name the system lacks is located") {
  GiNaC::symbol x("x"), y("y");
  hamel::Derivation d = scalars({GiNaC::cos(x) * y + GiNaC::sin(x) * y + y * y / 3});
  d.declare("y", hamel::SymbolKind::Momentum);
  const hamel::Derivation v = hamel::at_point(d, at_x(GiNaC::numeric(1, 2)));
  // cos(1/2) + sin(1/2) = 1.357008100494576 gathered before it is rounded
  CHECK(GiNaC::ex_to<GiNaC::numeric>(entry(v, 0).value.coeff(y, 1)).to_double() == doctest::Approx(1.35700810049458).epsilon(1e-15));
  CHECK(entry(v, 0).value.coeff(y, 2).is_equal(GiNaC::numeric("0.333333333333333")));
  // a power of a name keeps its exponent: y^(1/3), not y^0.333333333333333
  const hamel::Derivation root = hamel::at_point(scalars({GiNaC::pow(y, GiNaC::numeric(1, 3)), GiNaC::sqrt(x) * GiNaC::pow(y, GiNaC::numeric(1, 3))}),
                                                 at_x(GiNaC::numeric(1, 2)));
  CHECK(entry(root, 0).value.is_equal(GiNaC::pow(y, GiNaC::numeric(1, 3))));
  CHECK(entry(root, 1).value.is_equal(GiNaC::numeric("0.707106781186548") * GiNaC::pow(y, GiNaC::numeric(1, 3))));
  const hamel::Point typo{"--at", {{"x", 1, "1", 1, 3}, {"z", 1, "1", 6, 8}}};
  CHECK_THROWS_WITH_AS(hamel::at_point(d, typo), "--at:1:6: 'z' is not a name of the system; expected a coordinate, velocity, momentum, parameter or variable", hamel::ParseError);
}

}  // TEST_SUITE
