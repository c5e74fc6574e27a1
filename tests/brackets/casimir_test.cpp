// tests/brackets/casimir_test.cpp — π1 is a Casimir of the reduced Π_nh^Λ, not of the reduced Π_nh
// (004 Theorem 5.6, gauge.md A10).
#include <doctest/doctest.h>

#include "brackets/casimir.hpp"
#include "brackets/nonholonomic.hpp"
#include "examples/chaplygin_sphere.hpp"
#include "reduction/gauge_momenta.hpp"
#include "tests/support/symbolic_checks.hpp"

TEST_SUITE("brackets") {

TEST_CASE("casimir_check: the gauge momentum of the Chaplygin sphere") {
  const auto in = hamel::examples::chaplygin_sphere();
  const hamel::NonholonomicSystem sys(in.spec);
  std::vector<hamel::VectorField> orbits;
  for (const auto& xi : in.se2) {
    // the frame is SE(2)-equivariant: the lifted generators have no π components
    const auto lifted = hamel::lift_to_dual(sys, hamel::VectorField(sys.chart(), xi.components()));
    for (std::size_t a = 0; a < 3; ++a) CHECK_SYMBOLIC_EQ_ON(sys.dual_chart(), lifted[5 + a], 0);
    orbits.push_back(lifted);
  }
  const auto pi1 = sys.momenta()[0];
  const auto gauged = hamel::gauged_bracket(sys, hamel::lemma_5_4_three_form(sys, {0}));
  const auto yes = hamel::casimir_check(gauged, pi1, orbits);
  CHECK(yes.casimir);
  const auto no = hamel::casimir_check(hamel::nonholonomic_bracket(sys), pi1, orbits);
  CHECK_FALSE(no.casimir);
  CHECK(no.detail.find("not tangent") != std::string::npos);
  // π2 is not a Casimir of either
  CHECK_FALSE(hamel::casimir_check(gauged, sys.momenta()[1], orbits).casimir);
}

}  // TEST_SUITE
