// tests/derivation/contact_test.cpp — a contact input built in C++: what the library refuses comes back
// as a SpecError at the input's position for it.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "derivation/contact.hpp"
#include "geometry/lifts.hpp"

TEST_SUITE("derivation") {

TEST_CASE("derive_contact: dependent switching constraints are a SpecError at the switch") {
  const hamel::Chart Q = hamel::Chart::make("Q", {"x", "y"});
  const hamel::Chart T = hamel::contact_tangent_bundle(Q);
  hamel::ContactInput in{Q, (T[2] * T[2] + T[3] * T[3]) / 2 - T[4]};
  in.constraints = {T[3]};
  in.switches.push_back({"rail", Q[0], true, {2 * T[3]}, "x > 0"});
  in.at.set("switching.rail", {"c.yaml", 9, 18});
  try {
    hamel::Derivation d;
    hamel::derive_contact(in, d, hamel::DeriveOptions{});
    FAIL("expected a SpecError");
  } catch (const hamel::SpecError& e) {
    CHECK(std::string(e.what()) ==
          "c.yaml:9:18: switching constraint rail: the constraints are dependent; expected 2 independent constraints, got rank 1");
  }
}

}  // TEST_SUITE
