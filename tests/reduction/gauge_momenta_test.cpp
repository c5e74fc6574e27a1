// tests/reduction/gauge_momenta_test.cpp — Theorem 5.3's test.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "examples/chaplygin_sphere.hpp"
#include "mechanics/hamel_equations.hpp"
#include "reduction/gauge_momenta.hpp"
#include "tests/support/symbolic_checks.hpp"

TEST_SUITE("reduction") {

TEST_CASE("theorem_5_3_test: Z1 of the Chaplygin sphere passes, Y2 and Y3 do not (gauge.md A2)") {
  const hamel::NonholonomicSystem sys(hamel::examples::chaplygin_sphere().spec);
  const auto z1 = hamel::theorem_5_3_test(sys, 0);
  CHECK(z1.passed);
  CHECK(z1.detail.find("symbolic") != std::string::npos);
  const auto y2 = hamel::theorem_5_3_test(sys, 1);
  CHECK_FALSE(y2.passed);
  CHECK(y2.detail.find("is not 0") != std::string::npos);
  CHECK_FALSE(hamel::theorem_5_3_test(sys, 2).passed);
  CHECK_THROWS_WITH_AS(hamel::lemma_5_4_three_form(sys, {1}),
                       doctest::Contains("does not generate a gauge momentum (Theorem 5.3)"), hamel::DomainError);
}

}  // TEST_SUITE

TEST_SUITE("reduction") {

TEST_CASE("momentum_evolution (4.1) agrees with (2.8), and Theorem 4.3 decides first integrals") {
  const hamel::NonholonomicSystem sys(hamel::examples::chaplygin_sphere(true, true).spec);  // with V(theta, psi)
  const auto X = hamel::nonholonomic_vector_field(sys);
  const auto toP = hamel::legendre_map(sys);
  for (std::size_t a = 0; a < 3; ++a) {
    const auto& Z = sys.frame()[a];
    // ṗ_Z = Z^TQ[L]|_D equals X_nh(p_Z) pushed to D by Leg_c
    CHECK_SYMBOLIC_EQ_ON(sys.velocity_chart(), hamel::momentum_evolution(sys, Z),
                         X(hamel::linear_momentum(sys, Z)).subs(toP));
  }
  // Z1 = ∂φ is an isometry on D; with V(θ, ψ) it annihilates V; Y2 is no isometry on D
  const auto z1 = hamel::theorem_4_3_test(sys, sys.frame()[0]);
  CHECK(z1.isometry_on_D);
  CHECK(z1.annihilates_potential);
  CHECK(z1.first_integral());
  CHECK_SYMBOLIC_EQ_ON(sys.velocity_chart(), hamel::momentum_evolution(sys, sys.frame()[0]), 0);
  const auto y2 = hamel::theorem_4_3_test(sys, sys.frame()[1]);
  CHECK_FALSE(y2.first_integral());
  CHECK_FALSE(y2.annihilates_potential);  // Y2 = ∂θ + … moves V(θ, ψ)
}

}  // TEST_SUITE
