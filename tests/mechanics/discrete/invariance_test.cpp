// tests/mechanics/discrete/invariance_test.cpp — D_d invariant as a set when its defining functions are
// not (the vertical disk under SE(2)), a non-invariant D_d, and the solve behind the set test.
#include <doctest/doctest.h>

#include "mechanics/discrete/invariance.hpp"
#include "tests/mechanics/discrete/systems.hpp"

using namespace hamel;

namespace {

// The vertical disk on (x, y, φ, χ), trapezoidal rule; SE(2) on (φ, x, y) rotates (φ¹, φ²).
struct DiskSE2 {
  Chart Q = test::discrete_chart("DiskSE2", {"x", "y", "phi", "chi"}, {{"h"}, {"m"}, {"R"}});
  GiNaC::ex h = Q.parameter("h"), m = Q.parameter("m"), R = Q.parameter("R");
  std::vector<GiNaC::ex> v = velocities(Q);
  DiscreteSystem system = discretize(Q, m * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]) / 2,
                                     {v[0] - R * cos(Q[2]) * v[3], v[1] - R * sin(Q[2]) * v[3]}, QuadratureRule::Trapezoidal, h);
  TrivialBundle bundle{Q, LieGroup::se2(), {2, 0, 1}};
};

}  // namespace

TEST_SUITE("mechanics/discrete") {

TEST_CASE("kinematic_set_invariance: the disk's D_d is SE(2)-invariant, its defining functions are not") {
  DiskSE2 d;
  CHECK_FALSE(kinematic_invariance(d.system, d.bundle).zero);  // φ ∘ l_h = Rot(h_θ) φ, not φ
  const ZeroVerdict v = kinematic_set_invariance(d.system, d.bundle);
  CHECK(v.zero);
  CHECK_FALSE(v.undecided);
  CHECK(v.detail.find("solved for x1, y1") != std::string::npos);
}

TEST_CASE("kinematic_set_invariance: a shift of the knife's angle moves D_d (decided no, not undecided)") {
  test::Sleigh s;  // −sin θ ẋ + cos θ ẏ = 0; θ ↦ θ + h is no symmetry of it
  const TrivialBundle theta{s.Q, LieGroup::additive(1), {0}};
  const ZeroVerdict v = kinematic_set_invariance(s.system, theta);
  CHECK_FALSE(v.zero);
  CHECK_FALSE(v.undecided);
}

TEST_CASE("vanishes_on_constraint: a consequence of the constraint, a function that is not, and a constraint it cannot solve") {
  const auto C = test::discrete_chart("C", {"a", "b", "t"}, {});
  const GiNaC::ex a = C[0], b = C[1], t = C[2];
  const std::vector<GiNaC::ex> phi{b - a * cos(t)};
  CHECK(vanishes_on_constraint({b * b - a * a * cos(t) * cos(t)}, phi, {b}, C).zero);  // (b - a cos t)(b + a cos t)
  CHECK_FALSE(vanishes_on_constraint({b - a}, phi, {b}, C).zero);
  const ZeroVerdict u = vanishes_on_constraint({b}, {sin(b) - a}, {b}, C);  // not affine in b
  CHECK(u.undecided);
  CHECK(u.detail.find("cannot be solved for 1 of the unknowns") != std::string::npos);
}

}  // TEST_SUITE
