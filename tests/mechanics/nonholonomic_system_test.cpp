// tests/mechanics/nonholonomic_system_test.cpp — 004 §2 objects from raw input (the Chaplygin sphere, §6).
#include <doctest/doctest.h>

#include "brackets/almost_poisson.hpp"
#include "brackets/nonholonomic.hpp"
#include "core/error.hpp"
#include "examples/chaplygin_sphere.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/nonholonomic_system.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

TEST_SUITE("mechanics") {

TEST_CASE("NonholonomicSystem: the Chaplygin sphere from its Lagrangian and constraints (004 §6)") {
  const auto in = hamel::examples::chaplygin_sphere();
  const hamel::NonholonomicSystem sys(in.spec);
  const auto& Q = sys.chart();
  const ex th = Q[1], m = Q.parameter("m"), R = Q.parameter("R"), I1 = Q.parameter("I1"),
           I3 = Q.parameter("I3");
  const ex mR2 = m * R * R;
  SUBCASE("the metric read off L is the G of §6") {
    const auto& G = sys.metric();
    CHECK_SYMBOLIC_EQ_ON(Q, G(0, 0), I1 * pow(sin(th), 2) + I3 * pow(cos(th), 2));
    CHECK_SYMBOLIC_EQ_ON(Q, G(0, 2), I3 * cos(th));
    CHECK_SYMBOLIC_EQ_ON(Q, G(1, 1), I1);
    CHECK_SYMBOLIC_EQ_ON(Q, G(3, 3), m);
    CHECK_SYMBOLIC_EQ_ON(Q, G(0, 1), 0);
    CHECK_SYMBOLIC_EQ_ON(Q, sys.potential(), 0);
  }
  SUBCASE("C_αβγ (6.5), G⁻¹ (6.7) with mR², C_23^γ") {
    const auto& C = sys.structure_lowered();
    CHECK_SYMBOLIC_EQ_ON(Q, C(0, 1, 2), -mR2 * sin(th));
    CHECK_SYMBOLIC_EQ_ON(Q, C(0, 2, 1), mR2 * sin(th));
    CHECK_SYMBOLIC_EQ_ON(Q, C(1, 2, 2), mR2 * sin(th) * cos(th));
    CHECK_SYMBOLIC_EQ_ON(Q, C(1, 2, 0), 0);
    const ex K = I1 * mR2 * pow(sin(th), 2) + I3 * mR2 * pow(cos(th), 2) + I1 * I3;
    const auto& Gi = sys.constrained_inverse();
    CHECK_SYMBOLIC_EQ_ON(Q, Gi(0, 0), (I3 + mR2 * pow(sin(th), 2)) / (K * pow(sin(th), 2)));
    CHECK_SYMBOLIC_EQ_ON(Q, Gi(0, 2), -I3 * cos(th) / (K * pow(sin(th), 2)));
    CHECK_SYMBOLIC_EQ_ON(Q, Gi(1, 1), 1 / (I1 + mR2));
    CHECK_SYMBOLIC_EQ_ON(Q, Gi(2, 2), (I1 * pow(sin(th), 2) + I3 * pow(cos(th), 2)) / (K * pow(sin(th), 2)));
    // the printed (6.7) has mr² (lower-case r): a different symbol, so a different matrix entry
    const ex r = GiNaC::realsymbol("r");
    CHECK_FALSE(hamel::zero_test(Gi(0, 0) - (I3 + m * r * r * pow(sin(th), 2)) / (K * pow(sin(th), 2)), Q).zero);
    const auto& Cu = sys.structure();
    CHECK_SYMBOLIC_EQ_ON(Q, Cu(1, 2, 0), -mR2 * I3 * pow(cos(th), 2) / (K * sin(th)));
    CHECK_SYMBOLIC_EQ_ON(Q, Cu(1, 2, 1), 0);
    CHECK_SYMBOLIC_EQ_ON(Q, Cu(1, 2, 2), mR2 * cos(th) * (I1 * pow(sin(th), 2) + I3 * pow(cos(th), 2)) / (K * sin(th)));
  }
  SUBCASE("μ^α = dφ, dθ, dψ for W = span{∂x, ∂y}") {
    for (std::size_t a = 0; a < 3; ++a)
      CHECK(hamel::zero_test(sys.frame().coframe(a) - hamel::Form::differential(Q, a)).zero);
  }
}

TEST_CASE("NonholonomicSystem: the frame computed from the constraints is (6.4)") {
  const hamel::NonholonomicSystem given(hamel::examples::chaplygin_sphere(true).spec);
  const hamel::NonholonomicSystem computed(hamel::examples::chaplygin_sphere(false).spec);
  REQUIRE(computed.rank() == 3);
  // Different charts (each input builds its own); compare components after renaming the symbols.
  GiNaC::exmap rename;
  for (std::size_t i = 0; i < 5; ++i) rename[computed.chart()[i]] = given.chart()[i];
  for (const auto& p : {"m", "R", "I1", "I3"}) rename[computed.chart().parameter(p)] = given.chart().parameter(p);
  for (std::size_t a = 0; a < 3; ++a)
    for (std::size_t i = 0; i < 5; ++i)
      CHECK_SYMBOLIC_EQ_ON(given.chart(), computed.frame()[a][i].subs(rename), given.frame()[a][i]);
  CHECK(computed.frame_names() == std::vector<std::string>{"X1", "X2", "X3"});
}

TEST_CASE("NonholonomicSystem: bad descriptions are clear errors") {
  const auto Q = hamel::Chart::make("Q", {"x", "y", "z"});
  const auto v = hamel::velocities(Q);
  const ex x = Q[0], y = Q[1];
  const ex T = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) / 2;
  const auto make = [&](ex L, std::vector<ex> c) {
    return hamel::NonholonomicSystem(hamel::NonholonomicSpec{Q, L, c, {}, {}, {}});
  };
  CHECK_THROWS_WITH_AS(make(T + pow(v[0], 3), {v[2] - y * v[0]}), doctest::Contains("not quadratic in the velocities"),
                       hamel::DomainError);
  // g degenerate on TQ: refused without constraints; with them only G_ab = g(X_a, X_b) on D counts (a
  // massless z: D = span{∂x + y ∂z, ∂y}, G = identity), and a G degenerate on D is named as such
  CHECK_THROWS_WITH_AS(make((v[0] * v[0] + v[1] * v[1]) / 2, {}),
                       doctest::Contains("the kinetic energy is degenerate; expected a nondegenerate quadratic form"),
                       hamel::DomainError);
  const hamel::NonholonomicSystem massless_z = make((v[0] * v[0] + v[1] * v[1]) / 2, {v[2] - y * v[0]});
  CHECK(hamel::zero_test(massless_z.constrained_metric()(0, 0) - 1, Q).zero);
  CHECK(hamel::zero_test(massless_z.constrained_metric()(1, 1) - 1, Q).zero);
  CHECK(hamel::zero_test(massless_z.constrained_metric()(0, 1), Q).zero);
  CHECK_THROWS_WITH_AS(make(v[0] * v[0] / 2, {v[2] - y * v[0]}), doctest::Contains("degenerate on the constraint distribution D"),
                       hamel::DomainError);
  CHECK_THROWS_WITH_AS(make(T + x * v[1], {v[2] - y * v[0]}), doctest::Contains("linear in the velocities"),
                       hamel::DomainError);
  CHECK_THROWS_WITH_AS(make(T, {v[2] - y * v[0] * v[0]}), doctest::Contains("constraint is not affine in the velocities"),
                       hamel::DomainError);
  // an affine constraint is a system with a drift (tests/mechanics/affine_constraints_test.cpp)
  CHECK(hamel::NonholonomicSystem(hamel::NonholonomicSpec{Q, T, {v[2] - y * v[0] - 1}, {}, {}, {}}).is_affine());
  CHECK_THROWS_WITH_AS(make(T, {v[2] - y * v[0], 2 * v[2] - 2 * y * v[0]}),
                       doctest::Contains("constraints are linearly dependent"), hamel::DomainError);
  // frame fields: not tangent, wrong number
  hamel::NonholonomicSpec s{Q, T, {v[2] - y * v[0]}, {hamel::VectorField(Q, {1, 0, 0}), hamel::VectorField(Q, {0, 1, 0})}, {}, {}};
  CHECK_THROWS_WITH_AS(hamel::NonholonomicSystem{s}, doctest::Contains("frame field is not tangent to D"),
                       hamel::DomainError);
  s.frame = {hamel::VectorField(Q, {1, 0, y})};
  CHECK_THROWS_WITH_AS(hamel::NonholonomicSystem{s}, doctest::Contains("wrong number of frame fields; expected 2"),
                       hamel::DomainError);
  // W = span{∂y} is inside D
  s.frame = {};
  s.complement = hamel::Complement::coordinate_span({1});
  CHECK_THROWS_WITH_AS(hamel::NonholonomicSystem{s}, doctest::Contains("do not form a basis of TQ"),
                       hamel::DomainError);
}

// 004 §2.2: TQ = D ⊕ W for any complement W; the bracket (2.9) uses the D^⊥ projection, so it is the
// same whichever W completes the frame.  The default W is chosen from the constraint matrix.
TEST_CASE("NonholonomicSystem: the default complement is a coordinate span from the constraint matrix") {
  const auto Q = hamel::Chart::make("Q", {"x", "y", "th"});
  const auto v = hamel::velocities(Q);
  const ex x = Q[0], th = Q[2];
  const ex L = (v[0] * v[0] + v[1] * v[1] + (2 + pow(sin(th), 2)) * v[2] * v[2] + cos(th) * v[0] * v[2]) / 2;
  SUBCASE("a numeric pivot: W = span{∂y}, complementary everywhere") {
    const hamel::NonholonomicSystem sys(hamel::NonholonomicSpec{Q, L, {v[1] - x * v[2]}, {}, {}, {}});
    CHECK(sys.complement().kind == hamel::Complement::Kind::Automatic);
    CHECK(sys.complement().coordinates == std::vector<std::size_t>{1});
    CHECK_SYMBOLIC_EQ_ON(Q, sys.complement_minor(), 1);
    for (std::size_t i = 0; i < 3; ++i) CHECK_SYMBOLIC_EQ_ON(Q, sys.frame()[2][i], i == 1 ? 1 : 0);
  }
  SUBCASE("no numeric pivot (the knife edge): the minor says where W is complementary") {
    const hamel::NonholonomicSystem sys(hamel::NonholonomicSpec{Q, L, {sin(th) * v[0] - cos(th) * v[1]}, {}, {}, {}});
    REQUIRE(sys.complement().coordinates.size() == 1);
    const std::size_t j = sys.complement().coordinates[0];
    CHECK((j == 0 || j == 1));
    CHECK_SYMBOLIC_EQ_ON(Q, sys.complement_minor(), j == 0 ? sin(th) : -cos(th));
  }
  SUBCASE("the bracket on D* is the same for W = D^⊥; W = D^⊥ is orthogonal to D") {
    const std::vector<ex> c{v[1] - x * v[2]};
    const hamel::NonholonomicSystem chosen(hamel::NonholonomicSpec{Q, L, c, {}, {}, {}});
    const hamel::NonholonomicSystem orth(hamel::NonholonomicSpec{Q, L, c, {}, {}, hamel::Complement::orthogonal()});
    CHECK(orth.complement().kind == hamel::Complement::Kind::Orthogonal);
    CHECK_SYMBOLIC_EQ_ON(Q, orth.complement_minor(), 0);
    for (std::size_t a = 0; a < 2; ++a) CHECK_SYMBOLIC_EQ_ON(Q, hamel::inner(orth.metric(), orth.frame()[a], orth.frame()[2]), 0);
    CHECK_FALSE(hamel::zero_test(hamel::inner(chosen.metric(), chosen.frame()[1], chosen.frame()[2]), Q).zero);
    CHECK(hamel::same_bracket(hamel::nonholonomic_bracket(chosen), hamel::nonholonomic_bracket(orth)).zero);
  }
}

}  // TEST_SUITE
