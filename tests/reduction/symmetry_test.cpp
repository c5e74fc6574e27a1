// tests/reduction/symmetry_test.cpp — declared generators checked against L and D (004 §4.2).
#include <doctest/doctest.h>

#include "geometry/lifts.hpp"
#include "reduction/symmetry.hpp"
#include "tests/support/particle.hpp"

using GiNaC::ex;

namespace {

hamel::VectorField field(const hamel::Chart& Q, std::vector<ex> c) { return hamel::VectorField(Q, std::move(c)); }

}  // namespace

TEST_SUITE("reduction") {

TEST_CASE("check_generator: translations in x and z are symmetries of the nonholonomic particle") {
  const auto sys = hamel::test::nonholonomic_particle();
  const auto& Q = sys.chart();
  for (const auto& xi : {field(Q, {1, 0, 0}), field(Q, {0, 0, 1})}) {
    const auto c = check_generator(sys, xi);
    CHECK(c.holds());
    CHECK(c.lagrangian.zero);
    CHECK(c.distribution.zero);
  }
}

TEST_CASE("check_generator: ∂y keeps L but moves D, x∂x moves L — each names its failing component") {
  const auto sys = hamel::test::nonholonomic_particle();
  const auto& Q = sys.chart();
  const auto ty = check_generator(sys, field(Q, {0, 1, 0}), "ty");
  CHECK_FALSE(ty.holds());
  CHECK(ty.lagrangian.zero);
  CHECK_FALSE(ty.distribution.zero);
  CHECK(ty.distribution_failing.rfind("omega^1([ty, ", 0) == 0);
  // ω = dz − y dx and [∂y, X] for X = ∂x + y ∂z gives ∂z: ω(∂z) = 1 (or ± a multiple for another frame)
  CHECK_FALSE(ty.distribution_value.is_zero());
  CHECK(ty.distribution.point.empty() == (ty.distribution.method == hamel::Decision::Canonical));
  const auto dil = check_generator(sys, field(Q, {Q[0], 0, 0}), "d");
  CHECK_FALSE(dil.lagrangian.zero);
  CHECK_FALSE(dil.distribution.zero);  // [x∂x, ∂x + y∂z] = −∂x, and ω(−∂x) = y ≠ 0
  const auto v = hamel::velocities(Q);
  CHECK(hamel::zero_test(dil.lagrangian_value - v[0] * v[0], sys.tangent_chart()).zero);  // x∂x lifts to x∂x + ẋ∂ẋ
}

TEST_CASE("structure_constants: SE(2) closes, a generator with a non-constant bracket does not") {
  const auto Q = hamel::Chart::make("R3", {"x", "y", "phi"});
  const ex x = Q[0], y = Q[1];
  hamel::LieAlgebraAction se2{{"rotation", "tx", "ty"},
                              {field(Q, {-y, x, 1}), field(Q, {1, 0, 0}), field(Q, {0, 1, 0})}};
  const auto sc = structure_constants(se2);
  CHECK(sc.closed);
  CHECK(sc.c(0, 1, 2) == -1);  // [−y∂x + x∂y + ∂φ, ∂x] = −∂y
  CHECK(sc.c(0, 2, 1) == 1);
  hamel::LieAlgebraAction bad{{"a", "b"}, {field(Q, {1, 0, 0}), field(Q, {0, x * x, 0})}};
  const auto nc = structure_constants(bad);
  CHECK_FALSE(nc.closed);
  CHECK(nc.detail.find("[a, b]") != std::string::npos);
}

}  // TEST_SUITE
