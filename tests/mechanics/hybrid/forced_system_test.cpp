// tests/mechanics/hybrid/forced_system_test.cpp — forced Lagrangian/Hamiltonian systems (000 §2.2, §5):
// acceptance cases A1–A3 of docs/hybrid.md, Prop. 1 and the cosymplectic equations.
#include <doctest/doctest.h>

#include "core/error.hpp"

#include "mechanics/hybrid/forced_system.hpp"
#include "tests/mechanics/hybrid/examples.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;

TEST_SUITE("mechanics") {

TEST_CASE("ForcedHamiltonianSystem: X_{H,F} of 000 Example 1 (A1, sign convention of section 1)") {
  const auto d = test::disk();
  const Chart TsQ = cotangent_bundle(d.Q);
  const ex px = TsQ[3], py = TsQ[4], pphi = TsQ[5];
  const ex H = (px * px + py * py) / (2 * d.m) + pphi * pphi / (2 * d.m * d.k * d.k);  // (16)
  const std::vector<ex> F{-2 * d.c / d.m * (px * d.x * d.y - py * d.x * d.x), 2 * d.c / d.m * (py * d.x * d.y - px * d.y * d.y), 0};
  const ForcedHamiltonianSystem hs(d.Q, H, F);
  const VectorField X = forced_hamiltonian_field(hs);
  CHECK_SYMBOLIC_EQ(X[0], px / d.m);
  CHECK_SYMBOLIC_EQ(X[1], py / d.m);
  CHECK_SYMBOLIC_EQ(X[2], pphi / (d.m * d.k * d.k));
  CHECK_SYMBOLIC_EQ(X[3], 2 * d.c / d.m * (px * d.x * d.y - py * d.x * d.x));
  CHECK_SYMBOLIC_EQ(X[4], -2 * d.c / d.m * (py * d.x * d.y - px * d.y * d.y));
  CHECK_SYMBOLIC_EQ(X[5], 0);

  SUBCASE("the Lagrangian side (A2): L and F^L = FL*F") {
    const ForcedLagrangianSystem ls = lagrangian_side(hs);
    CHECK_SYMBOLIC_EQ(ls.lagrangian(), d.m / 2 * (d.xd * d.xd + d.yd * d.yd + d.k * d.k * d.phid * d.phid));
    CHECK_SYMBOLIC_EQ(ls.force()[0], -2 * d.c * (d.xd * d.x * d.y - d.yd * d.x * d.x));
    CHECK_SYMBOLIC_EQ(ls.force()[1], 2 * d.c * (d.yd * d.x * d.y - d.xd * d.y * d.y));
    CHECK_SYMBOLIC_EQ(ls.force()[2], 0);
    // and back: H = E_L∘FL⁻¹, F = (FL⁻¹)*F^L
    const ForcedHamiltonianSystem back = hamiltonian_side(ls);
    CHECK_SYMBOLIC_EQ(back.hamiltonian(), H);
    for (std::size_t i = 0; i < 3; ++i) CHECK_SYMBOLIC_EQ(back.force()[i], F[i]);
  }
  SUBCASE("Prop. 1: T FL maps X_{L,F^L} to X_{H,F}") {
    for (const ex& e : legendre_relatedness_defect(lagrangian_side(hs))) CHECK_SYMBOLIC_EQ(e, 0);
  }
}

TEST_CASE("forced_euler_lagrange_field: (1) for Example 1 and the sign of the force") {
  const auto d = test::disk();
  const VectorField X = forced_euler_lagrange_field(d.lagrangian());
  // m ẍ = −2c(ẏx² − ẋxy), m ÿ = 2c(ẋy² − ẏxy), φ̈ = 0
  CHECK_SYMBOLIC_EQ(X[3], -2 * d.c * (d.yd * d.x * d.x - d.xd * d.x * d.y) / d.m);
  CHECK_SYMBOLIC_EQ(X[4], 2 * d.c * (d.xd * d.y * d.y - d.yd * d.x * d.y) / d.m);
  CHECK_SYMBOLIC_EQ(X[5], 0);
  // the closed form F^L = 2 c l (x dx + y dy), l = x ẏ − y ẋ: central but not dissipative, Ė = −2c l r ṙ
  const ex l = d.x * d.yd - d.y * d.xd;
  CHECK_SYMBOLIC_EQ(X(lagrangian_energy(d.lagrangian())), -2 * d.c * l * (d.x * d.xd + d.y * d.yd));
}

TEST_CASE("ForcedLagrangianSystem: refuses non-quadratic Lagrangians and wrong force sizes") {
  const auto d = test::disk();
  CHECK_THROWS_WITH_AS(ForcedLagrangianSystem(d.Q, d.xd * d.xd * d.xd + d.yd * d.yd + d.phid * d.phid, {0, 0, 0}),
                       doctest::Contains("not quadratic"), DomainError);
  CHECK_THROWS_WITH_AS(ForcedLagrangianSystem(d.Q, d.xd * d.xd + d.yd * d.yd + d.phid * d.phid, {0, 0}),
                       doctest::Contains("expected 3 (one per coordinate), got 2"), InvalidArgument);
  CHECK_THROWS_WITH_AS(ForcedLagrangianSystem(d.Q, d.xd * d.xd + d.yd * d.yd, {0, 0, 0}),
                       doctest::Contains("degenerate"), DomainError);
}

TEST_CASE("Time-dependent systems: Example 3, the cosymplectic equations and Prop. 6") {
  const auto b = test::billiard();
  const auto H = b.system();
  const auto& ls = H.system();
  const VectorField X = forced_euler_lagrange_field(ls);
  // c ẋ + m ẍ = −2c(ẏx² − ẋxy), c ẏ + m ÿ = 2c(ẋy² − ẏxy)
  CHECK_SYMBOLIC_EQ(b.c * b.xd + b.m * X[2], -2 * b.c * (b.yd * b.x * b.x - b.xd * b.x * b.y));
  CHECK_SYMBOLIC_EQ(b.c * b.yd + b.m * X[3], 2 * b.c * (b.xd * b.y * b.y - b.yd * b.x * b.y));
  const ForcedHamiltonianSystem hs = hamiltonian_side(ls);
  const Chart TsQ = cotangent_bundle(b.Q);
  CHECK_SYMBOLIC_EQ(hs.hamiltonian(), exp(-b.c * b.t / b.m) * (TsQ[2] * TsQ[2] + TsQ[3] * TsQ[3]) / (2 * b.m));
  for (const ex& e : cosymplectic_defect(hs)) CHECK_SYMBOLIC_EQ(e, 0);
  for (const ex& e : legendre_relatedness_defect(ls)) CHECK_SYMBOLIC_EQ(e, 0);
}

TEST_CASE("Momentum and F(xi^c): X(J^xi) = -F(xi^c), so J^xi is conserved iff F(xi^c) = 0 (A3)") {
  const auto d = test::disk();
  const auto ls = d.lagrangian();
  const VectorField X = forced_euler_lagrange_field(ls);
  const auto g = d.generators();
  CHECK_SYMBOLIC_EQ(lagrangian_momentum(ls, g[0].xi), d.m * (d.x * d.yd - d.y * d.xd));
  CHECK_SYMBOLIC_EQ(lagrangian_momentum(ls, g[1].xi), d.m * d.k * d.k * d.phid);
  // a translation in x is a symmetry of L but not of F: the identity holds and J_x is not conserved
  const VectorField tx(d.Q, {1, 0, 0});
  const ex Jx = lagrangian_momentum(ls, tx);
  CHECK_SYMBOLIC_EQ(X(Jx), -force_on_lift(ls, tx));
  CHECK_FALSE(simplify(force_on_lift(ls, tx)).is_zero());
}

}  // TEST_SUITE
