// tests/reduction/hybrid/forced_routh_test.cpp — forced Routh reduction (000 (9)–(12)) with the
// corrected Routhian (erratum 3), on Examples 1–3 (A4, A8, A9).
#include <doctest/doctest.h>

#include "core/error.hpp"

#include "reduction/hybrid/forced_routh.hpp"
#include "tests/mechanics/hybrid/examples.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;
using GiNaC::numeric;

TEST_SUITE("reduction") {

TEST_CASE("forced_routh_reduction: Example 1 in polar coordinates (A4, errata 3, 15, 17, 22)") {
  const auto d = test::disk();
  const CoordinateChange pc = test::polar_change(d.Q, true);
  const SimpleHybridSystem P = transport(pc, d.system(true));
  const Chart& U = pc.to;
  const Chart TU = tangent_bundle(U);
  const ex r = U[0], th = U[1], rd = TU[3], thd = TU[4], phid = TU[5];
  // polar L and F^L = 2 c r³ θ̇ dr
  CHECK_SYMBOLIC_EQ(P.system().lagrangian(), d.m / 2 * (rd * rd + r * r * thd * thd + d.k * d.k * phid * phid));
  CHECK_SYMBOLIC_EQ(P.system().force()[0], 2 * d.c * r * r * r * thd);
  CHECK_SYMBOLIC_EQ(P.system().force()[1], 0);
  // the full polar equation is r̈ = r θ̇² − (2c/m) r³ θ̇, not (r − (2c/m) r³) θ̇ (erratum 15)
  const VectorField X = forced_euler_lagrange_field(P.system());
  CHECK_SYMBOLIC_EQ(X[3], r * thd * thd - 2 * d.c / d.m * r * r * r * thd);
  CHECK_FALSE(is_zero(X[3] - (r - 2 * d.c / d.m * r * r * r) * thd, TU));

  const auto red = forced_routh_reduction(P, {1, 2});
  const ex mu1 = red.mu[0], mu2 = red.mu[1];
  CHECK_SYMBOLIC_EQ(red.routhian, d.m / 2 * rd * rd - mu1 * mu1 / (2 * d.m * r * r) - mu2 * mu2 / (2 * d.m * d.k * d.k));
  CHECK_SYMBOLIC_EQ(red.reduced_force[0], 2 * d.c * r * mu1 / d.m);
  CHECK_SYMBOLIC_EQ(red.acceleration[0], mu1 * mu1 / (d.m * d.m * r * r * r) - 2 * d.c * r * mu1 / (d.m * d.m));
  CHECK_SYMBOLIC_EQ(red.theta_dot[0], mu1 / (d.m * r * r));
  CHECK_SYMBOLIC_EQ(red.theta_dot[1], mu2 / (d.m * d.k * d.k));
  for (const ex& e : routh_defect(P, red)) CHECK_SYMBOLIC_EQ(e, 0);
  CHECK_SYMBOLIC_EQ(red.routhian, mechanical_routhian(P.system(), {1, 2}, red.mu));
  // Remark 2 as printed (½ Σ g_ij ẋẋ − V = m ṙ²/2) is not the Routhian
  CHECK_FALSE(is_zero(red.routhian - d.m / 2 * rd * rd, TU));
  // the rotation does not drop to the quotient: the surface r sin θ = R depends on θ (erratum 22)
  REQUIRE(red.components.size() == 2);
  CHECK_FALSE(red.components[0].invariant);
  CHECK(red.components[0].note.find("h depends on the cyclic coordinates") != std::string::npos);
  // reduced impact (20) on the paper's S with e = 1: ṙ⁺ = (2cos²θ − 1) ṙ⁻ − 2 r sinθ cosθ θ̇⁻
  const auto& C1 = P.components()[0];
  const SurfacePiece S1 = surface_piece(P, C1, true);
  const ex twenty = (2 * cos(th) * cos(th) - 1) * rd - 2 * r * sin(th) * cos(th) * thd;
  CHECK(zero_on_surface((C1.reset[0] - twenty).subs(d.e == 1), S1).zero);
  // (19) θ̇⁺ = −θ̇⁻ is false on the paper's S (erratum 17)
  CHECK_FALSE(zero_on_surface((C1.reset[1] + thd).subs(d.e == 1), S1).zero);
}

TEST_CASE("mechanical_routhian: the gyroscopic term with a non-diagonal metric") {
  // L = ½(ẋ² + 2 a(x) ẋ θ̇ + b(x) θ̇²) − V(x): R = ½(1 − a²/b) ẋ² + μ a ẋ / b − μ²/(2b) − V
  ChartSpec spec;
  spec.name = "Q";
  spec.coordinates = {"x", "theta"};
  spec.functions = {{"a", {"x"}}, {"b", {"x"}}, {"V", {"x"}}};
  const Chart Q(spec);
  const Chart TQ = tangent_bundle(Q);
  const ex a = Q.function_value("a"), b = Q.function_value("b"), V = Q.function_value("V");
  const ex xd = TQ[2], thd = TQ[3];
  const ForcedLagrangianSystem s(Q, (xd * xd + 2 * a * xd * thd + b * thd * thd) / 2 - V, {0, 0});
  const SimpleHybridSystem H(s, {});
  const auto red = forced_routh_reduction(H, {1});
  const ex mu = red.mu[0];
  CHECK_SYMBOLIC_EQ_ON(TQ, red.routhian, (1 - a * a / b) * xd * xd / 2 + mu * a * xd / b - mu * mu / (2 * b) - V);
  CHECK_SYMBOLIC_EQ_ON(TQ, red.routhian, mechanical_routhian(s, {1}, red.mu));
  for (const ex& e : routh_defect(H, red)) CHECK_SYMBOLIC_EQ_ON(TQ, e, 0);
  CHECK_SYMBOLIC_EQ_ON(TQ, red.theta_dot[0], (mu - a * xd) / b);  // (11) corrected
}

TEST_CASE("forced_routh_reduction: refuses a non-cyclic coordinate and a force along it") {
  const auto d = test::disk();
  CHECK_THROWS_WITH_AS(forced_routh_reduction(d.system(false), {0}), doctest::Contains("the force depends on the cyclic coordinate x"),
                       DomainError);
  const SimpleHybridSystem V(ForcedLagrangianSystem(d.Q, d.lagrangian().lagrangian() - d.y * d.phi, {0, 0, 0}), {});
  CHECK_THROWS_WITH_AS(forced_routh_reduction(V, {2}), doctest::Contains("phi is not cyclic"), DomainError);
  const SimpleHybridSystem W(ForcedLagrangianSystem(d.Q, d.lagrangian().lagrangian(), {0, 0, d.c * d.phid}), {});
  CHECK_THROWS_WITH_AS(forced_routh_reduction(W, {2}), doctest::Contains("momentum is not conserved"), DomainError);
}

TEST_CASE("Example 2 (A8): R^mu = 1/2 g_ij - 1/2 g^ab mu_a mu_b = ... - 4 at mu = (3, 5/2)") {
  const Chart Q = Chart::make("Q", {"q1", "q2", "a1", "a2"});
  const Chart TQ = tangent_bundle(Q);
  const ex q1 = Q[0], v1 = TQ[4], v2 = TQ[5], w1 = TQ[6], w2 = TQ[7];
  const ex L = (v1 * v1 + (1 + q1 * q1) * v2 * v2) / 2 + (2 * w1 * w1 + w1 * w2 + w2 * w2) / 2;
  const SimpleHybridSystem H(ForcedLagrangianSystem(Q, L, {0, 0, 0, 0}), {});
  const auto red = forced_routh_reduction(H, {2, 3});
  const ex R = red.routhian.subs(GiNaC::exmap{{red.mu[0], 3}, {red.mu[1], numeric(5, 2)}});
  CHECK_SYMBOLIC_EQ(R, (v1 * v1 + (1 + q1 * q1) * v2 * v2) / 2 - 4);
  for (const ex& e : routh_defect(H, red)) CHECK_SYMBOLIC_EQ(e, 0);
}

TEST_CASE("Example 3 (A9): the time-dependent Routhian, reduced force and equations") {
  const auto b = test::billiard();
  const CoordinateChange pc = test::polar_change(b.Q, false);
  const SimpleHybridSystem P = transport(pc, b.system());
  const Chart TU = tangent_bundle(pc.to);
  const ex r = pc.to[0], rd = TU[2], thd = TU[3];
  const ex E = exp(b.c * b.t / b.m);
  const VectorField X = forced_euler_lagrange_field(P.system());
  CHECK_SYMBOLIC_EQ(X[2], -2 * b.c * r * r * r / b.m * thd + r * thd * thd - b.c / b.m * rd);
  CHECK_SYMBOLIC_EQ(X[3], -b.c / b.m * thd - 2 * rd * thd / r);  // not −(c/m) θ̇ (erratum 23)
  const auto red = forced_routh_reduction(P, {1}, {"mu"});
  const ex mu = red.mu[0];
  CHECK_SYMBOLIC_EQ(red.routhian, b.m / 2 * E * rd * rd - mu * mu / (2 * b.m * r * r) / E);
  CHECK_SYMBOLIC_EQ(red.reduced_force[0], 2 * b.c * r * mu / b.m);
  CHECK_SYMBOLIC_EQ(red.acceleration[0], mu * mu / (b.m * b.m * r * r * r) / (E * E) - 2 * b.c * r * mu / (b.m * b.m) / E -
                                             rd * b.c / b.m);
  CHECK_SYMBOLIC_EQ(red.theta_dot[0], mu / (b.m * r * r) / E);
  for (const ex& e : routh_defect(P, red)) CHECK_SYMBOLIC_EQ(e, 0);
  // the component drops to the quotient: μ⁺ = μ and ṙ⁺ = ṙ + r(ḟ − 2rṙ)/f, which is ḟ/r − ṙ on S
  const auto& C = red.components[0];
  CHECK(C.invariant);
  CHECK_SYMBOLIC_EQ(C.mu_plus[0], mu);
  const ex f = b.f(b.t), fd = f.diff(GiNaC::ex_to<GiNaC::symbol>(b.t));
  CHECK_SYMBOLIC_EQ(C.reset[0], rd + r * (fd - 2 * r * rd) / f);
  const SurfacePiece S = surface_piece(P, P.components()[0], false);
  CHECK(zero_on_surface(C.reset[0] - (fd / r - rd), S).zero);
  // the reduced surface is r² = f with ṙ > ḟ/(2r), not ṙ > 0 (erratum 25)
  CHECK_SYMBOLIC_EQ(C.normal, 2 * r * rd - fd);
}

}  // TEST_SUITE
