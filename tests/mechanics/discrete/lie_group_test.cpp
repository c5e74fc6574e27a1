// tests/mechanics/discrete/lie_group_test.cpp — Lie groups in coordinates (translations, Ad), the
// trivial-bundle action, invariance checks, and the rescaled zero test for half-angles.
#include <doctest/doctest.h>

#include <cmath>

#include "core/error.hpp"
#include "mechanics/discrete/invariance.hpp"
#include "mechanics/discrete/rescaled_zero_test.hpp"
#include "tests/mechanics/discrete/systems.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;

TEST_SUITE("mechanics/discrete") {

TEST_CASE("LieGroup: SE(2) translations w.z and z.w, and Ad, in coordinates") {
  const LieGroup G = LieGroup::se2();
  const GiNaC::realsymbol t("t"), a("a"), b("b");
  const GroupElement w{t, a, b};
  // w·ζ = d/ds w exp(sζ): rotate the translation part by θ_w
  const GiNaC::matrix L = left_translation(G, w);
  CHECK_SYMBOLIC_EQ(L(0, 0), 1);
  CHECK_SYMBOLIC_EQ(L(1, 1), cos(t));
  CHECK_SYMBOLIC_EQ(L(1, 2), -sin(t));
  CHECK_SYMBOLIC_EQ(L(2, 1), sin(t));
  // ζ·w = d/ds exp(sζ) w: a rotation rate moves the translation part, (−b, a)
  const GiNaC::matrix Rm = right_translation(G, w);
  CHECK_SYMBOLIC_EQ(Rm(1, 0), -b);
  CHECK_SYMBOLIC_EQ(Rm(2, 0), a);
  CHECK_SYMBOLIC_EQ(Rm(1, 1), 1);
  // Ad_w e_θ = (1, b, −a)
  const GiNaC::matrix Ad = adjoint(G, w);
  CHECK_SYMBOLIC_EQ(Ad(0, 0), 1);
  CHECK_SYMBOLIC_EQ(Ad(1, 0), b);
  CHECK_SYMBOLIC_EQ(Ad(2, 0), -a);
  CHECK_SYMBOLIC_EQ(G.inverse(w)[1], -cos(t) * a - sin(t) * b);
}

TEST_CASE("TrivialBundle: the action, generators (right translates) and push-forward on the sleigh") {
  test::Sleigh s;
  const auto gens = s.bundle.generators();
  REQUIRE(gens.size() == 3);
  // the rotation generator at (θ, x, y) is (1, −y, x)
  CHECK_SYMBOLIC_EQ(gens[0][1], -s.Q[2]);
  CHECK_SYMBOLIC_EQ(gens[0][2], s.Q[1]);
  const GiNaC::realsymbol al("al");
  const auto moved = s.bundle.act({al, 0, 0}, s.Q.coordinates());
  CHECK_SYMBOLIC_EQ(moved[1], cos(al) * s.Q[1] - sin(al) * s.Q[2]);
  CHECK_THROWS_WITH_AS(TrivialBundle(s.Q, LieGroup::se2(), {0, 1}), doctest::Contains("expected 3 (SE(2)), got 2"), InvalidArgument);
  CHECK_THROWS_WITH_AS(TrivialBundle(s.Q, LieGroup::additive(2), {1, 1}), doctest::Contains("a group coordinate is repeated"),
                       InvalidArgument);
}

TEST_CASE("invariance: P2 is invariant under translations of y but not of x") {
  test::P2 p;
  CHECK(lagrangian_invariance(p.system, p.bundle).zero);
  CHECK(variational_invariance(p.system, p.bundle).zero);
  CHECK(kinematic_invariance(p.system, p.bundle).zero);
  const TrivialBundle along_x(p.Q, LieGroup::additive(1), {0});
  CHECK(lagrangian_invariance(p.system, along_x).zero);       // L_d only sees Δq
  CHECK_FALSE(variational_invariance(p.system, along_x).zero);  // dy − x dx is not
  const ZeroVerdict k = kinematic_invariance(p.system, along_x);
  CHECK_FALSE(k.zero);
  CHECK_FALSE(k.point.empty());  // with a witness
}

TEST_CASE("rescaled_zero_test: half-angles of the midpoint rule are decided by the canonical form") {
  const Chart Q = test::discrete_chart("A", {"a", "b"}, {});
  const ex a = Q[0], b = Q[1], m = (a + b) / 2;
  const ex id = pow(sin(m), 2) + pow(cos(m), 2) - 1 + sin(a) - 2 * sin(a / 2) * cos(a / 2);
  const ZeroVerdict v = rescaled_zero_test(id, Q);
  CHECK(v.zero);
  CHECK(v.method == Decision::Canonical);
  CHECK_FALSE(is_canonical_class(id));  // the plain zero test would have to probe numerically
  // a nonzero one gets a witness in the original variables
  const ZeroVerdict n = rescaled_zero_test(cos(m) - cos(a / 2), Q);
  CHECK_FALSE(n.zero);
  REQUIRE_FALSE(n.point.empty());
  const ex at = (cos(m) - cos(a / 2)).subs(n.point).evalf();
  CHECK(std::fabs(GiNaC::ex_to<GiNaC::numeric>(at).to_double()) > 1e-12);
  // printing: sin²(m) + cos²(m) cancels after rescaling
  CHECK(rescaled_pretty(pow(sin(m), 2) + pow(cos(m), 2)).is_equal(GiNaC::ex(1)));
}

TEST_CASE("rescaled_zero_test: a rescaled half-angle is drawn inside its coordinate's domain") {
  ChartSpec spec{"A", {"a", "b"}, {}, {{"a", {0, GiNaC::Pi}}, {"b", {0, GiNaC::Pi}}}, {}};
  const Chart Q(spec);
  const ex m = (Q[0] + Q[1]) / 2;
  // |sin m| = sin m for a, b in (0, pi); a = 2u, b = 2w must draw u, w in (0, pi/2), not in (0, pi)
  const ZeroVerdict v = rescaled_zero_test(sqrt(pow(sin(m), 2)) - sin(m), Q);
  CHECK(v.zero);
  CHECK_FALSE(rescaled_zero_test(sqrt(pow(sin(m), 2)) - sin(m), test::discrete_chart("B", {"a", "b"}, {})).zero);
}

}  // TEST_SUITE
