// tests/mechanics/hybrid/hybrid_checks_test.cpp — hybrid constants of the motion (Def. 4), the force
// symmetry algebra, hybrid actions, hybrid and generalized hybrid momentum maps (Def. 8), on the
// paper's Examples 1–3 (A3, A6, A8, A9 and errata 17, 20–22 of docs/hybrid.md).
#include <doctest/doctest.h>

#include "core/error.hpp"

#include <cmath>

#include "mechanics/hybrid/hybrid_automaton.hpp"
#include "mechanics/hybrid/hybrid_checks.hpp"
#include "tests/mechanics/hybrid/examples.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;
using GiNaC::numeric;

TEST_SUITE("mechanics") {

TEST_CASE("force_symmetry_algebra: Example 1, g_F = g and X(J) = 0 (A3)") {
  const auto d = test::disk();
  const auto a = force_symmetry_algebra(d.lagrangian(), d.generators());
  REQUIRE(a.generators.size() == 2);
  for (const auto& g : a.generators) {
    CHECK(g.lagrangian_invariant.zero);
    CHECK(g.force_on_lift.zero);
    CHECK(g.force_invariant.zero);
    CHECK(g.conserved.zero);
    CHECK(g.conservation_identity.zero);
    CHECK(g.in_g_F());
  }
  CHECK(a.basis.size() == 2);
  SUBCASE("a translation is not in g_F: F(xi^c) != 0; the kernel keeps the rotation") {
    auto gens = d.generators();
    gens.push_back({"translation_x", VectorField(d.Q, {1, 0, 0})});
    const auto b = force_symmetry_algebra(d.lagrangian(), gens);
    CHECK_FALSE(b.generators[2].force_on_lift.zero);
    CHECK_FALSE(b.generators[2].conserved.zero);
    CHECK(b.generators[2].conservation_identity.zero);  // X(J) = −F(ξ^c) still holds
    REQUIRE(b.basis.size() == 2);
    for (const auto& row : b.basis) CHECK(row[2] == 0);
    CHECK(b.how.find("verified symbolically") != std::string::npos);
  }
}

TEST_CASE("force_symmetry_algebra: the kernel of xi -> (F(xi^c), i_{xi^c} dF) over two translations") {
  ChartSpec spec;
  spec.name = "Q";
  spec.coordinates = {"x", "y"};
  spec.parameters = {{"m", true}, {"b", true}, {"w", true}};
  const Chart Q(spec);
  const Chart TQ = tangent_bundle(Q);
  const ex x = Q[0], y = Q[1], xd = TQ[2], yd = TQ[3];
  const ex m = Q.parameter("m"), b = Q.parameter("b"), w = Q.parameter("w");
  const ex L = m / 2 * (xd * xd + yd * yd);
  const std::vector<Generator> gens{{"sx", VectorField(Q, {1, 0})}, {"sy", VectorField(Q, {0, 1})}};
  const auto g_F = [&](const std::vector<ex>& F) { return force_symmetry_algebra(ForcedLagrangianSystem(Q, L, F), gens); };
  SUBCASE("F = (w y, w x): F(xi^c) = w (c_x y + c_y x) vanishes only for c = 0, so g_F = {0}") {
    const auto a = g_F({w * y, w * x});
    CHECK(a.basis.empty());  // not a row holding a residue: Eigen's kernel of a full-rank matrix is one zero column
    CHECK(a.how.find("holds only $xi = 0$") != std::string::npos);
  }
  SUBCASE("F = (b x_dot, 0): only the translation along y leaves the force out, g_F = span{sy}") {
    const auto a = g_F({b * xd, 0});
    REQUIRE(a.basis.size() == 1);
    CHECK(a.basis[0][0] == 0);
    CHECK(a.basis[0][1] == 1);
    CHECK(a.how.find("each basis element verified symbolically") != std::string::npos);
  }
  SUBCASE("F = (w, -7 w): F(xi^c) = w (c_x - 7 c_y), g_F = span{sx + 1/7 sy} (the echelon form, pivot 1)") {
    const auto a = g_F({w, -7 * w});
    REQUIRE(a.basis.size() == 1);
    CHECK(a.basis[0][0] == 1);
    CHECK(a.basis[0][1] == numeric(1, 7));
    CHECK(a.how.find("each basis element verified symbolically") != std::string::npos);
  }
}

TEST_CASE("hybrid_action: Example 1, the rotation fails (S is not invariant), the spin passes (A6)") {
  const auto d = test::disk();
  const auto H = d.system();
  const auto g = d.generators();
  const auto rot = hybrid_action(H, g[0], true);
  CHECK(rot.lagrangian_invariant.zero);
  CHECK_FALSE(rot.preserves_surface.holds);
  CHECK_FALSE(rot.holds());
  REQUIRE(rot.preserves_surface.counterexample);
  const auto& p = *rot.preserves_surface.counterexample;
  // a state of C1 (y = R, rolling) where ξ^c(h) = x ≠ 0
  CHECK(rot.preserves_surface.failed.find("xi^c(h) = 0 on C1") == 0);
  CHECK(std::fabs(evaluate_at(d.y - d.R, p)) < 1e-10);
  CHECK(std::fabs(evaluate_at(d.xd - d.R * d.phid, p)) < 1e-10);
  CHECK(std::fabs(evaluate_at(d.x, p)) > 1e-3);
  CHECK(rot.preserves_surface.note.find("where $h = ") != std::string::npos);
  // the quarter turn of A6: psi_{pi/2}(2, R) = (−R, 2) has y = 2 ≠ R (R = 1)
  const SamplePoint q{{d.x, 2}, {d.y, 1}, {d.phi, 0}, {d.R, 1}};
  const SamplePoint moved = flow_of_generator(g[0].xi, q, 3.14159265358979323846 / 2);
  CHECK(evaluate_at(d.x, moved) == doctest::Approx(-1).epsilon(1e-9));
  CHECK(evaluate_at(d.y, moved) == doctest::Approx(2).epsilon(1e-9));
  const auto spin = hybrid_action(H, g[1], true);
  CHECK(spin.holds());
  CHECK(hybrid_action(H, g[1], false).holds());
}

TEST_CASE("hybrid constants: Example 1, J2 = m k^2 phi_dot on the paper's S only (A6, erratum 20)") {
  const auto d = test::disk();
  const ex J2 = d.m * d.k * d.k * d.phid;
  const auto paper = hybrid_constant_of_motion(d.system(true), J2, true);
  CHECK(paper.holds);
  const auto genuine = hybrid_constant_of_motion(d.system(false), J2, false);
  CHECK_FALSE(genuine.holds);
  CHECK(genuine.failed == "$f o Delta = f$ on C1");
  REQUIRE(genuine.counterexample);
  // there ẋ ≠ Rφ̇: J2 jumps
  CHECK(std::fabs(evaluate_at(d.xd - d.R * d.phid, *genuine.counterexample)) > 1e-6);
  // the energy is not a hybrid constant of the motion: the flow is not conservative (Ė = −2c l r ṙ)
  const auto E = hybrid_constant_of_motion(d.system(true), lagrangian_energy(d.lagrangian()), true);
  CHECK_FALSE(E.holds);
  CHECK(E.failed == "df/dt = 0 along the flow");
}

TEST_CASE("generalized_hybrid_momentum_map: Example 1 on the paper's S and on the genuine S (errata 17, 21)") {
  const auto d = test::disk();
  const GiNaC::realsymbol mu1("mu1"), mu2("mu2");
  SUBCASE("the paper's S: mu+ = (-e mu1 - (1+e) y_w R mu2/k^2, mu2), not -mu1") {
    const auto v = generalized_hybrid_momentum_map(d.system(true), d.generators(), {mu1, mu2}, true);
    CHECK(v.holds);
    REQUIRE(v.components.size() == 2);
    for (const auto& c : v.components) {
      CHECK(c.holds);
      CHECK(c.how.find("symbolic") == 0);
      REQUIRE(c.mu_plus.size() == 2);
      const ex yw = c.name == "C1" ? ex(d.R) : d.h - d.R;
      CHECK_SYMBOLIC_EQ(c.mu_plus[0], -d.e * mu1 - (1 + d.e) * yw * d.R * mu2 / (d.k * d.k));
      CHECK_SYMBOLIC_EQ(c.mu_plus[1], mu2);
    }
    // so J is not a hybrid momentum map
    CHECK_FALSE(hybrid_momentum_map(d.system(true), d.generators(), true).holds);
  }
  SUBCASE("a dependent third generator (2 xi1 + xi2): mu+ of all three in (mu1, mu2), the third's as 2 mu1+ + mu2+") {
    auto gens = d.generators();
    gens.push_back({"both", 2 * gens[0].xi + gens[1].xi});
    const GiNaC::realsymbol mu3("mu3");
    const auto v = generalized_hybrid_momentum_map(d.system(true), gens, {mu1, mu2, mu3}, true);
    CHECK(v.holds);
    for (const auto& c : v.components) {
      CHECK(c.how.find("dependent: $mu+$ in mu1, mu2") != std::string::npos);
      REQUIRE(c.mu_plus.size() == 3);
      const ex yw = c.name == "C1" ? ex(d.R) : d.h - d.R;
      const ex first = -d.e * mu1 - (1 + d.e) * yw * d.R * mu2 / (d.k * d.k);
      CHECK_SYMBOLIC_EQ(c.mu_plus[0], first);
      CHECK_SYMBOLIC_EQ(c.mu_plus[2], 2 * first + mu2);
      CHECK_FALSE(c.mu_plus[2].has(mu3));
    }
  }
  SUBCASE("the genuine codimension-1 S: two states with equal mu- and different mu+") {
    const auto v = generalized_hybrid_momentum_map(d.system(false), d.generators(), {mu1, mu2}, false);
    CHECK_FALSE(v.holds);
    const auto& c = v.components[0];
    CHECK_FALSE(c.holds);
    REQUIRE(c.first);
    REQUIRE(c.second);
    const ex J1 = d.m * (d.x * d.yd - d.y * d.xd), J2 = d.m * d.k * d.k * d.phid;
    const auto H = d.system(false);
    for (const auto* p : {&*c.first, &*c.second}) {
      CHECK(std::fabs(evaluate_at(d.y - d.R, *p)) < 1e-10);  // both on C1
      CHECK(evaluate_at(d.yd, *p) < 0);
    }
    CHECK(evaluate_at(J1, *c.first) == doctest::Approx(evaluate_at(J1, *c.second)).epsilon(1e-9));
    CHECK(evaluate_at(J2, *c.first) == doctest::Approx(evaluate_at(J2, *c.second)).epsilon(1e-9));
    const double dp1 = evaluate_at(after_impact(H, H.components()[0], J1), *c.first) -
                       evaluate_at(after_impact(H, H.components()[0], J1), *c.second);
    const double dp2 = evaluate_at(after_impact(H, H.components()[0], J2), *c.first) -
                       evaluate_at(after_impact(H, H.components()[0], J2), *c.second);
    CHECK(std::max(std::fabs(dp1), std::fabs(dp2)) > 1e-6);
  }
}

TEST_CASE("Example 2 instance (A8): the Newtonian impact (26) and a hybrid momentum map") {
  const Chart Q = Chart::make("Q", {"q1", "q2", "a1", "a2"});
  const Chart TQ = tangent_bundle(Q);
  const ex q1 = Q[0], q2 = Q[1], v1 = TQ[4], v2 = TQ[5], w1 = TQ[6], w2 = TQ[7];
  // g_ij = diag(1, 1 + q1²), g_ab = [[2, 1/2], [1/2, 1]]
  const ex L = (v1 * v1 + (1 + q1 * q1) * v2 * v2) / 2 + (2 * w1 * w1 + w1 * w2 + w2 * w2) / 2;
  const ForcedLagrangianSystem s(Q, L, {0, 0, 0, 0});
  const ex h = q1 * q1 + q2 - 1, e = numeric(1, 2);
  const SimpleHybridSystem H(s, {{"S", h, Direction::Falling, newtonian_impact(s, h, e), {}, e}});
  const GiNaC::exmap at{{q1, numeric(1, 2)}, {q2, numeric(3, 4)}, {v1, -1}, {v2, -1}, {w1, 1}, {w2, 2}};
  const auto& P = H.components()[0].reset;
  CHECK(GiNaC::normal(P[0].subs(at)) == numeric(2, 3));
  CHECK(GiNaC::normal(P[1].subs(at)) == numeric(1, 3));
  CHECK(GiNaC::normal(P[2].subs(at)) == 1);
  CHECK(GiNaC::normal(P[3].subs(at)) == 2);
  const std::vector<Generator> g{{"t1", VectorField(Q, {0, 0, 1, 0})}, {"t2", VectorField(Q, {0, 0, 0, 1})}};
  CHECK(GiNaC::normal(lagrangian_momentum(s, g[0].xi).subs(at)) == 3);
  CHECK(GiNaC::normal(lagrangian_momentum(s, g[1].xi).subs(at)) == numeric(5, 2));
  const auto v = hybrid_momentum_map(H, g);
  CHECK(v.holds);
  CHECK(v.how.find("vanishes identically") == 0);
  for (const auto& gen : g) CHECK(hybrid_action(H, gen).holds());
}

TEST_CASE("Example 3 (A9): J = m e^{ct/m} (x y_dot - y x_dot) is a hybrid constant and a hybrid momentum map") {
  const auto b = test::billiard();
  const auto H = b.system();
  const ex J = lagrangian_momentum(H.system(), b.generators()[0].xi);
  CHECK_SYMBOLIC_EQ(J, b.m * exp(b.c * b.t / b.m) * (b.x * b.yd - b.y * b.xd));
  CHECK(hybrid_constant_of_motion(H, J).holds);
  CHECK(hybrid_momentum_map(H, b.generators()).holds);
  CHECK(hybrid_action(H, b.generators()[0]).holds());
  // the kinetic energy grows at the impacts: E∘Δ − E = m e^{ct/m} λ (λ r² + 2 r ṙ)/2 ≠ 0
  CHECK_FALSE(impact_invariance(H, lagrangian_energy(H.system())).holds);
}

TEST_CASE("HybridAutomaton: one vertex with a self-loop per component, checks edge by edge") {
  const auto d = test::disk();
  const auto A = as_automaton(d.system(true));
  CHECK(A.domains() == 1);
  CHECK(A.transitions() == 2);
  const ex J2 = d.m * d.k * d.k * d.phid;
  auto v = hybrid_constant_by_edge(A, J2, true);
  REQUIRE(v.size() == 3);
  for (const auto& e : v) CHECK(e.verdict.holds);  // with the paper's conditions on each edge
  SUBCASE("two domains: the disk in a dissipative and a frictionless region") {
    HybridAutomaton B;
    const auto& ls = d.lagrangian();
    const DomainId rough = B.add_domain("rough", ls);
    const DomainId smooth = B.add_domain("smooth", ForcedLagrangianSystem(d.Q, ls.lagrangian(), {0, 0, 0}));
    // crossing x = 0 moves between the regions without a jump
    B.add_transition(rough, smooth, {"enter", d.x, Direction::Falling, {d.xd, d.yd, d.phid}, {}, std::nullopt});
    B.add_transition(smooth, rough, {"leave", d.x, Direction::Rising, {d.xd, d.yd, d.phid}, {}, std::nullopt});
    B.add_transition(rough, rough, {"wall", d.y - d.R, Direction::Falling, d.impact, {}, std::nullopt});
    const auto m = hybrid_momentum_by_edge(B, {d.generators()[0]});
    REQUIRE(m.size() == 5);
    for (std::size_t k = 0; k < 2; ++k) CHECK(m[k].verdict.holds);  // both flows conserve x ẏ − y ẋ
    for (std::size_t k = 2; k < 5; ++k) {
      INFO(m[k].edge);
      // crossing the boundary keeps J; the wall changes it
      CHECK(m[k].verdict.holds == (m[k].edge != "wall"));
      if (m[k].edge == "wall") CHECK(m[k].from == "rough");
    }
    CHECK_FALSE(hybrid_constant_by_edge(B, d.m * (d.x * d.yd - d.y * d.xd)).back().verdict.how.empty());
    CHECK_THROWS_WITH_AS(B.add_domain("rough", ls), doctest::Contains("duplicate domain name"), InvalidArgument);
  }
}

TEST_CASE("reset checks: the identity reset does not reverse the crossing, a gaining reset raises E_L, (15) does neither") {
  const Chart Q = Chart::make("Q", {"x", "y"}, {"m", "g", "e"});
  const Chart TQ = tangent_bundle(Q);
  const ex m = Q.parameter("m"), g = Q.parameter("g"), e = Q.parameter("e"), xd = TQ[2], yd = TQ[3];
  const ForcedLagrangianSystem s(Q, m / 2 * (xd * xd + yd * yd) - m * g * Q[1], {0, 0});
  const auto check = [&](const std::vector<ex>& reset) {
    const SimpleHybridSystem H(s, {{"floor", Q[1], Direction::Falling, reset, {}, std::nullopt}});
    return std::make_pair(reset_reverses_crossing(H, H.components()[0]), reset_does_not_raise_energy(H, H.components()[0]));
  };
  const auto [same_cross, same_energy] = check({xd, yd});
  CHECK_FALSE(same_cross.holds);
  CHECK(same_cross.how == "$sigma o Delta = 1 * sigma$ on floor (symbolic)");
  REQUIRE(same_cross.counterexample);
  CHECK(evaluate_at(yd, *same_cross.counterexample) < 0);  // a falling state of S
  CHECK(same_energy.holds);  // E_L is unchanged: the fault is the direction, not the energy
  const auto [gain_cross, gain_energy] = check({xd + yd, -2 * yd});
  CHECK(gain_cross.holds);
  CHECK(gain_cross.how == "$sigma o Delta = -2 * sigma$ on floor (symbolic)");
  CHECK_FALSE(gain_energy.holds);
  // Delta E_L = m/2 ((x_dot + y_dot)^2 + 4 y_dot^2 - x_dot^2 - y_dot^2) = m y_dot (x_dot + 2 y_dot)
  REQUIRE(gain_energy.counterexample);
  const auto& p = *gain_energy.counterexample;
  CHECK(evaluate_at(m * yd * (xd + 2 * yd), p) > 0);
  CHECK(gain_energy.note.find("the reset can increase the energy: $Delta E_L = ") == 0);
  const auto [newton_cross, newton_energy] = check(newtonian_impact(s, Q[1], e));
  CHECK(newton_cross.holds);
  CHECK(newton_cross.how.find("$sigma o Delta = -e * sigma$ on floor; ≤ 0 at 24 sampled points") == 0);
  CHECK(newton_energy.holds);  // -(1 - e^2) m y_dot^2 / 2 with e in (0, 1]
}

}  // TEST_SUITE
