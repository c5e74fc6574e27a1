// tests/reduction/group_action_test.cpp — symmetries given as finite maps (issue 19 §5): generators at
// the identity, and the map's own checks, each failure with its component and value.
#include <doctest/doctest.h>

#include "geometry/lifts.hpp"
#include "reduction/group_action.hpp"
#include "tests/support/particle.hpp"

using GiNaC::ex;

TEST_SUITE("reduction") {

TEST_CASE("generators_of: SE(2) acting on (x, y, theta) gives -y d/dx + x d/dy + d/dtheta, d/dx, d/dy") {
  const auto Q = hamel::Chart::make("SE2", {"x", "y", "theta"});
  const GiNaC::realsymbol r("r"), a("a"), b("b");
  const ex x = Q[0], y = Q[1], th = Q[2];
  const hamel::GroupActionMap action{{r, a, b}, {x * cos(r) - y * sin(r) + a, x * sin(r) + y * cos(r) + b, th + r}};
  const auto xi = hamel::generators_of(Q, action);
  REQUIRE(xi.size() == 3);
  CHECK((xi[0][0] + y).is_zero());
  CHECK((xi[0][1] - x).is_zero());
  CHECK(xi[0][2] == 1);
  CHECK(xi[1][0] == 1);
  CHECK(xi[1][1] == 0);
  CHECK(xi[2][1] == 1);
  CHECK(hamel::fixes_identity(Q, action).verdict.zero);
}

TEST_CASE("the particle's translations in x and z, as a map, fix the identity and preserve L and D for every g") {
  const auto sys = hamel::test::nonholonomic_particle();
  const auto& Q = sys.chart();
  const GiNaC::realsymbol a("a"), b("b");
  const hamel::GroupActionMap shift{{a, b}, {Q[0] + a, Q[1], Q[2] + b}};
  CHECK(hamel::fixes_identity(Q, shift).verdict.zero);
  CHECK(hamel::preserves_lagrangian(sys, shift).verdict.zero);
  const auto d = hamel::preserves_constraints(sys, shift);
  CHECK(d.verdict.zero);
  CHECK(d.failing.empty());
}

TEST_CASE("maps that are not symmetries: each check names the failing component and its value") {
  const auto sys = hamel::test::nonholonomic_particle();
  const auto& Q = sys.chart();
  const GiNaC::realsymbol c("c"), s("s");
  // y ↦ y + c keeps L but not D: ω = dz − (y + c) dx at the image, on X1 = ∂x + y ∂z, is −c
  const hamel::GroupActionMap lift_y{{c}, {Q[0], Q[1] + c, Q[2]}};
  CHECK(hamel::preserves_lagrangian(sys, lift_y).verdict.zero);
  const auto d = hamel::preserves_constraints(sys, lift_y);
  CHECK_FALSE(d.verdict.zero);
  CHECK(d.failing == "omega^1(TPhi_g X1)");
  CHECK((d.value + c).is_zero());
  // x ↦ e^s x is the identity at s = 0 but scales the kinetic energy: L∘TΦ − L = (e^{2s} − 1) ẋ²/2
  const hamel::GroupActionMap scale{{s}, {Q[0] * exp(s), Q[1], Q[2]}};
  CHECK(hamel::fixes_identity(Q, scale).verdict.zero);
  const auto l = hamel::preserves_lagrangian(sys, scale);
  CHECK_FALSE(l.verdict.zero);
  const ex xdot = sys.tangent_chart()[3];
  CHECK(hamel::zero_test(l.value - (exp(2 * s) - 1) * xdot * xdot / 2).zero);
  // x ↦ x + 1 + c does not fix q at c = 0
  const hamel::GroupActionMap off{{c}, {Q[0] + 1 + c, Q[1], Q[2]}};
  const auto i = hamel::fixes_identity(Q, off);
  CHECK_FALSE(i.verdict.zero);
  CHECK(i.failing == "Phi_e(x) - x");
  CHECK(i.value == 1);
}

}  // TEST_SUITE
