// tests/mechanics/hamel_equations_test.cpp — (2.4)–(2.8) of 004 checked against each other.
#include <doctest/doctest.h>

#include "brackets/nonholonomic.hpp"
#include "examples/chaplygin_sphere.hpp"
#include "mechanics/hamel_equations.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

TEST_SUITE("mechanics") {

TEST_CASE("Hamel equations: Π_nh♯ dH_c is (2.8), the Legendre image of (2.4)–(2.5), and conserves H_c and π1") {
  // with an abstract SE(2)-invariant potential V(θ, ψ)
  const hamel::NonholonomicSystem sys(hamel::examples::chaplygin_sphere(true, true).spec);
  const auto& M = sys.dual_chart();
  const ex H = hamel::constrained_hamiltonian(sys);
  const auto Xnh = hamel::nonholonomic_vector_field(sys);
  // (2.8) = Π_nh♯(dH_c), exactly
  CHECK(hamel::zero_test(hamel::hamiltonian_vector_field(hamel::nonholonomic_bracket(sys), H) - Xnh).zero);
  // energy, and the gauge momentum π1 = p_Z1 (004 §6)
  CHECK_SYMBOLIC_EQ_ON(M, Xnh(H), 0);
  CHECK_SYMBOLIC_EQ_ON(M, Xnh(sys.momenta()[0]), 0);
  CHECK_FALSE(hamel::zero_test(Xnh(sys.momenta()[1]), M).zero);
  // Hamel's equations pushed forward by Leg_c: q̇ agrees, and π̇ = d/dt(G v) agrees with (2.8)
  const auto Y = hamel::hamel_equations(sys);
  const auto toV = hamel::inverse_legendre_map(sys);
  const auto& D = sys.velocity_chart();
  const auto v = sys.quasi_velocities();
  const auto& G = sys.constrained_metric();
  for (std::size_t i = 0; i < 5; ++i) CHECK_SYMBOLIC_EQ_ON(M, Y[i].subs(toV), Xnh[i]);
  for (std::size_t a = 0; a < 3; ++a) {
    ex pidot = 0;  // d/dt (G_ab v^b) along Y
    for (std::size_t b = 0; b < 3; ++b) pidot += Y(G(a, b) * v[b]);
    CHECK_SYMBOLIC_EQ_ON(M, pidot.subs(toV), Xnh[5 + a]);
  }
  // the implicit form (2.4) vanishes on Y's accelerations
  std::vector<ex> acc = {Y[5], Y[6], Y[7]};
  for (const ex& e : hamel::hamel_equations_lhs(sys, acc)) CHECK_SYMBOLIC_EQ_ON(D, e, 0);
  // p_Z for Z = Z1 is π1
  CHECK_SYMBOLIC_EQ_ON(M, hamel::linear_momentum(sys, sys.frame()[0]), sys.momenta()[0]);
}

TEST_CASE("Hamel equations at pi = G v: (2.8) without the inverse metric, Hamel's G v' = F, and dH_c") {
  // issue 18: the forms that motion_at_velocities prints for a large G^{-1}, against the explicit ones
  const hamel::NonholonomicSystem sys(hamel::examples::chaplygin_sphere(true, true).spec);
  const auto& D = sys.velocity_chart();
  const auto toPi = hamel::legendre_map(sys);  // π ↦ G v
  const auto Xnh = hamel::nonholonomic_vector_field(sys);
  const auto Xv = hamel::nonholonomic_vector_field_in_velocities(sys);
  // the sphere's (2.8) in (q, π) is short: the derivation prints it (H_c 214 nodes, components < 300)
  const auto readable = hamel::readable_nonholonomic_vector_field(sys);
  REQUIRE(readable);
  CHECK(hamel::zero_test(*readable - Xnh).zero);
  for (std::size_t k = 0; k < 8; ++k) CHECK_SYMBOLIC_EQ_ON(D, Xv[k], Xnh[k].subs(toPi));
  // (2.8) at π = G v has no inverse metric: polynomial in v, denominators free of v and small
  for (std::size_t k = 5; k < 8; ++k) CHECK(Xv[k].is_polynomial(sys.quasi_velocities()[0]));
  // dH_c in the velocities is the differential of H_c at π = G v
  const ex H = hamel::constrained_hamiltonian(sys);
  const auto dH = hamel::hamiltonian_differential_in_velocities(sys);
  const auto& M = sys.dual_chart();
  for (std::size_t k = 0; k < 8; ++k)
    CHECK_SYMBOLIC_EQ_ON(D, dH[k], H.diff(GiNaC::ex_to<GiNaC::symbol>(M[k])).subs(toPi));
  // X_nh(H_c) and X_nh(π1) (004 §6's gauge momentum) vanish, X_nh(π2) does not, checked at π = G v
  CHECK_SYMBOLIC_EQ_ON(D, hamel::rate_in_velocities(sys, Xv, H), 0);
  CHECK_SYMBOLIC_EQ_ON(D, hamel::rate_in_velocities(sys, Xv, sys.momenta()[0]), 0);
  CHECK_FALSE(hamel::zero_test(hamel::rate_in_velocities(sys, Xv, sys.momenta()[1]), D).zero);
  // G v' = F with v' from hamel_equations (which solves it with G^{-1})
  const auto Y = hamel::hamel_equations(sys);
  const auto F = hamel::hamel_forces(sys);
  const auto& G = sys.constrained_metric();
  for (unsigned a = 0; a < 3; ++a) {
    ex Gvdot = 0;
    for (unsigned b = 0; b < 3; ++b) Gvdot += G(a, b) * Y[5 + b];
    CHECK_SYMBOLIC_EQ_ON(D, Gvdot, F[a]);
  }
}

}  // TEST_SUITE
