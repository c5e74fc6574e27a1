// tests/derivation/discrete_test.cpp — a discrete input built in C++: what the library refuses comes back
// as a SpecError at the input's position for it.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "derivation/discrete.hpp"
#include "geometry/slot_charts.hpp"

TEST_SUITE("derivation") {

TEST_CASE("derive_discrete: a group law that is not associative is a SpecError at 'group'") {
  const hamel::Chart Q = hamel::Chart::make("Q", {"x", "y"}, {"h"});
  const hamel::Chart P = hamel::pair_chart(Q);  // x0, y0, x1, y1
  const GiNaC::ex h = Q.parameter("h");
  hamel::DiscreteInput in{Q, h};
  in.lagrangian = (pow(P[2] - P[0], 2) + pow(P[3] - P[1], 2)) / (2 * h);
  in.group_coordinates = {1};
  const GiNaC::realsymbol ya("y_a"), yb("y_b");
  in.group = {"", {ya}, {yb}, {ya + yb + ya * yb * yb}, {-ya}, {0}};
  in.at.set("group", {"d.yaml", 9, 12});
  try {
    hamel::Derivation d;
    hamel::derive_discrete(in, d, hamel::DeriveOptions{});
    FAIL("expected a SpecError");
  } catch (const hamel::SpecError& e) {
    CHECK(std::string(e.what()).find("d.yaml:9:12: 'group': the law is not a group; expected associativity, an identity and "
                                     "inverses, got a failure of associativity") == 0);
  }
}

}  // TEST_SUITE
