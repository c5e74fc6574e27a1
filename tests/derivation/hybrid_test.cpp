// tests/derivation/hybrid_test.cpp — a hybrid input built in C++: what the library refuses comes back as
// a SpecError at the input's position for it.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "derivation/hybrid.hpp"
#include "geometry/lifts.hpp"

TEST_SUITE("derivation") {

TEST_CASE("derive_hybrid: a degenerate Lagrangian is a SpecError at 'lagrangian'") {
  const hamel::Chart Q = hamel::Chart::make("Q", {"x", "y"});
  const hamel::Chart TQ = hamel::tangent_bundle(Q);
  hamel::HybridInput in{"h", Q, {"", TQ[2] * TQ[2] / 2, {0, 0}, false}};  // no kinetic term in y_dot
  in.at.set("lagrangian", {"h.yaml", 3, 13});
  try {
    hamel::Derivation d;
    hamel::derive_hybrid(in, d, hamel::DeriveOptions{});
    FAIL("expected a SpecError");
  } catch (const hamel::SpecError& e) {
    CHECK(std::string(e.what()).find("h.yaml:3:13: 'lagrangian': ") == 0);
  }
}

}  // TEST_SUITE
