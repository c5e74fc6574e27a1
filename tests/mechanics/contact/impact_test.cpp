// tests/mechanics/contact/impact_test.cpp — impact conditions (8) of the nonsmooth Herglotz principle,
// restitution and Carnot's balance (acceptance cases A4, A6 (symbolic), A9, A12; errata E5, E10).
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "mechanics/contact/impact.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;
using hamel::test::value_at;

TEST_SUITE("mechanics") {

TEST_CASE("Impact conditions (8): the circle has exactly two solutions, the identity and (25)-(26) (A4)") {
  const Chart Q = Chart::make("Q", {"x", "y"}, {"gamma"});
  const Chart T = contact_tangent_bundle(Q);
  const ex x = Q[0], y = Q[1], xd = T[2], yd = T[3], z = T[4], gamma = Q.parameter("gamma");
  const ContactLagrangian L(Q, (xd * xd + yd * yd) / 2 - gamma * z);
  const ex psi = 1 - x * x - y * y;
  const ImpactConditions c = impact_conditions(L, psi);
  REQUIRE(c.tangent.size() == 1);
  CHECK_SYMBOLIC_EQ_ON(Q, c.tangent[0](psi), 0);  // tangent to the circle
  REQUIRE(c.equations.size() == 2);
  const auto sols = solve_impact_conditions(L, psi);
  REQUIRE(sols.size() == 2);
  CHECK_SYMBOLIC_EQ_ON(T, sols[0][0], xd);
  CHECK_SYMBOLIC_EQ_ON(T, sols[0][1], yd);
  const ex r2 = x * x + y * y;
  CHECK_SYMBOLIC_EQ_ON(T, sols[1][0], (-xd * x * x + xd * y * y - 2 * yd * x * y) / r2);  // (25)
  CHECK_SYMBOLIC_EQ_ON(T, sols[1][1], (-2 * xd * x * y + yd * x * x - yd * y * y) / r2);  // (26)
  // the closed form (33) with α = 1 is the same map
  const auto refl = restitution_map(L, psi, 1);
  CHECK_SYMBOLIC_EQ_ON(T, sols[1][0], refl[0]);
  CHECK_SYMBOLIC_EQ_ON(T, sols[1][1], refl[1]);
  // numbers of A4
  const GiNaC::exmap at{{x, GiNaC::numeric(3, 5)}, {y, GiNaC::numeric(4, 5)}, {xd, 1}, {yd, 1}, {z, 0}, {gamma, 1}};
  CHECK(value_at(refl[0], at) == doctest::Approx(-0.68).epsilon(1e-14));
  CHECK(value_at(refl[1], at) == doctest::Approx(-1.24).epsilon(1e-14));
  CHECK(value_at(refl[0] * refl[0] + refl[1] * refl[1], at) == doctest::Approx(2).epsilon(1e-14));
  CHECK(value_at(x * refl[0] + y * refl[1], at) == doctest::Approx(-1.4).epsilon(1e-14));  // ṙ⁺ = −ṙ⁻ = −1.4
  CHECK(value_at(x * refl[1] - y * refl[0], at) == doctest::Approx(-0.2).epsilon(1e-14));  // xẏ − yẋ kept
  // every solution satisfies (8): momentum along the tangent and energy
  for (const auto& s : sols) {
    GiNaC::exmap post;
    for (std::size_t i = 0; i < 2; ++i) post[c.post[i]] = s[i];
    for (const auto& e : c.equations) CHECK_SYMBOLIC_EQ_ON(T, e.subs(post), 0);
  }
}

TEST_CASE("Impact conditions (8) in polar coordinates give (30)-(31): r_dot reversed, theta_dot kept (A4)") {
  const Chart Q = Chart::make("Q", {"r", "theta"}, {"gamma"});
  const Chart T = contact_tangent_bundle(Q);
  const ex r = Q[0], rd = T[2], thd = T[3];
  const ContactLagrangian L(Q, (rd * rd + r * r * thd * thd) / 2 - Q.parameter("gamma") * T[4]);
  const auto sols = solve_impact_conditions(L, 1 - r);
  REQUIRE(sols.size() == 2);
  CHECK_SYMBOLIC_EQ_ON(T, sols[1][0], -rd);
  CHECK_SYMBOLIC_EQ_ON(T, sols[1][1], thd);
}

TEST_CASE("Elliptic billiard: (36)-(37) and (38) follow from (8), the printed (39) does not, the corrected one does (A6, E5)") {
  const Chart Q = Chart::make("Q", {"x", "y"}, {"gamma", "a", "b"});
  const Chart T = contact_tangent_bundle(Q);
  const ex x = Q[0], y = Q[1], xd = T[2], yd = T[3], a = Q.parameter("a"), b = Q.parameter("b");
  const ContactLagrangian L(Q, (xd * xd + yd * yd) / 2 - Q.parameter("gamma") * T[4]);
  const ex psi = 1 - x * x / (a * a) - y * y / (b * b);
  const auto sols = solve_impact_conditions(L, psi);
  REQUIRE(sols.size() == 2);
  const ex den = pow(a, 4) * y * y + pow(b, 4) * x * x;
  const ex x36 = (pow(a, 4) * xd * y * y - 2 * a * a * b * b * yd * x * y - pow(b, 4) * xd * x * x) / den;
  const ex y37 = (-pow(a, 4) * yd * y * y - 2 * a * a * b * b * xd * x * y + pow(b, 4) * yd * x * x) / den;
  CHECK_SYMBOLIC_EQ_ON(T, sols[1][0], x36);
  CHECK_SYMBOLIC_EQ_ON(T, sols[1][1], y37);
  // |v| preserved and an involution
  CHECK_SYMBOLIC_EQ_ON(T, x36 * x36 + y37 * y37, xd * xd + yd * yd);
  const GiNaC::exmap again{{xd, x36}, {yd, y37}};
  CHECK_SYMBOLIC_EQ_ON(T, x36.subs(again), xd);
  CHECK_SYMBOLIC_EQ_ON(T, y37.subs(again), yd);

  const Chart P = Chart::make("Q", {"r", "theta"}, {"gamma", "a", "b"});
  const Chart TP = contact_tangent_bundle(P);
  const ex r = P[0], th = P[1], rd = TP[2], thd = TP[3], ap = P.parameter("a"), bp = P.parameter("b");
  const ContactLagrangian LP(P, (rd * rd + r * r * thd * thd) / 2 - P.parameter("gamma") * TP[4]);
  const ex psiP = 1 - pow(r * cos(th) / ap, 2) - pow(r * sin(th) / bp, 2);
  const auto polar = solve_impact_conditions(LP, psiP);
  REQUIRE(polar.size() == 2);
  const ex bracket = 2 * r * thd * (pow(bp, 4) - pow(ap, 4)) * sin(2 * th) + 2 * rd * (pow(ap, 4) - pow(bp, 4)) * cos(2 * th) +
                     r * thd * pow(ap * ap - bp * bp, 2) * sin(4 * th) - rd * pow(ap * ap - bp * bp, 2) * cos(4 * th) -
                     rd * pow(ap * ap + bp * bp, 2);
  const ex printed = r / (4 * r * (pow(ap, 4) * pow(sin(th), 2) + pow(bp, 4) * pow(cos(th), 2))) * bracket;
  CHECK_SYMBOLIC_EQ_ON(TP, polar[1][0], printed);              // (38) holds
  CHECK_FALSE(zero_test(polar[1][1] - printed, TP).zero);      // (39) as printed (= (38)) does not
  const ex c = cos(th), s = sin(th);
  const ex K = rd * (bp * bp * c * c + ap * ap * s * s) + r * thd * c * s * (ap * ap - bp * bp);
  const ex N = pow(bp, 4) * c * c + pow(ap, 4) * s * s;
  CHECK_SYMBOLIC_EQ_ON(TP, polar[1][0], rd - 2 * (bp * bp * c * c + ap * ap * s * s) * K / N);  // E5, ṙ⁺
  CHECK_SYMBOLIC_EQ_ON(TP, polar[1][1], thd - 2 * (ap * ap - bp * bp) * c * s * K / (r * N));   // E5, θ̇⁺
}

TEST_CASE("Impact for a general metric: the g-reflection is the unique non-trivial solution of (8) (A12)") {
  SUBCASE("the numbers of A12") {
    const Chart Q = Chart::make("Q", {"x", "y"}, {});
    const Chart T = contact_tangent_bundle(Q);
    const ex xd = T[2], yd = T[3];
    const ContactLagrangian L(Q, (2 * xd * xd + xd * yd + yd * yd) / 2);  // G = [[2, 1/2], [1/2, 1]]
    const auto sols = solve_impact_conditions(L, Q[0] + 2 * Q[1]);
    REQUIRE(sols.size() == 2);
    const GiNaC::exmap at{{xd, 1}, {yd, -1}};
    CHECK(value_at(sols[1][0], at) == doctest::Approx(1.0).epsilon(1e-15));
    CHECK(value_at(sols[1][1], at) == doctest::Approx(0.0).epsilon(1e-15));
    CHECK(value_at(kinetic_energy(L, {xd, yd}), at) == doctest::Approx(1.0));
    CHECK(value_at(kinetic_energy(L, sols[1]), at) == doctest::Approx(1.0));
    // g(v±, w) = 3.5 for the tangent w = (2, −1)
    const ex gvw_minus = 2 * xd * 2 + (xd * (-1) + yd * 2) / 2 + yd * (-1);
    CHECK(value_at(gvw_minus, at) == doctest::Approx(3.5));
    CHECK(value_at(gvw_minus.subs(GiNaC::exmap{{xd, sols[1][0]}, {yd, sols[1][1]}}), at) == doctest::Approx(3.5));
  }
  SUBCASE("symbolic: metric g_ij(x, y), wall h(x, y), potential V(x, y) and a z-term") {
    ChartSpec s;
    s.name = "Q";
    s.coordinates = {"x", "y"};
    s.parameters = {{"gamma", true}};
    s.functions = {{"g11", {"x", "y"}}, {"g12", {"x", "y"}}, {"g22", {"x", "y"}}, {"h", {"x", "y"}}, {"V", {"x", "y"}}};
    const Chart Q(s);
    const Chart T = contact_tangent_bundle(Q);
    const ex xd = T[2], yd = T[3];
    const ex g11 = Q.function_value("g11"), g12 = Q.function_value("g12"), g22 = Q.function_value("g22");
    const ex h = Q.function_value("h");
    const ContactLagrangian L(Q, (g11 * xd * xd + 2 * g12 * xd * yd + g22 * yd * yd) / 2 - Q.function_value("V") -
                                    Q.parameter("gamma") * T[4]);
    const auto sols = solve_impact_conditions(L, h);
    REQUIRE(sols.size() == 2);
    // the g-reflection of 1.5: q̇⁺ = q̇⁻ − 2 dh(q̇⁻)/g^{-1}(dh, dh) grad h
    const ex hx = h.diff(GiNaC::ex_to<GiNaC::symbol>(Q[0])), hy = h.diff(GiNaC::ex_to<GiNaC::symbol>(Q[1]));
    const ex det = g11 * g22 - g12 * g12;
    const ex gradx = (g22 * hx - g12 * hy) / det, grady = (-g12 * hx + g11 * hy) / det;
    const ex norm = hx * gradx + hy * grady, dh_v = hx * xd + hy * yd;
    CHECK_SYMBOLIC_EQ_ON(T, sols[1][0], xd - 2 * dh_v / norm * gradx);
    CHECK_SYMBOLIC_EQ_ON(T, sols[1][1], yd - 2 * dh_v / norm * grady);
    // Carnot for α = 1: no energy change
    CHECK_SYMBOLIC_EQ_ON(T, energy_after(L, sols[1]) - energy(L), 0);
  }
}

TEST_CASE("Restitution and Carnot: 003 (33)-(35) on the rolling cylinder (A9, E10)") {
  const Chart Q = Chart::make("Q", {"x", "y", "phi", "h"}, {"m", "M", "I", "r", "gamma", "k", "g", "beta", "alpha"});
  const Chart T = contact_tangent_bundle(Q);
  const ex y = Q[1], phi = Q[2], h = Q[3];
  const ex xd = T[4], yd = T[5], phid = T[6], hd = T[7], z = T[8];
  const ex m = Q.parameter("m"), M = Q.parameter("M"), I = Q.parameter("I"), r = Q.parameter("r"), gamma = Q.parameter("gamma");
  const ex k = Q.parameter("k"), g = Q.parameter("g"), beta = Q.parameter("beta"), alpha = Q.parameter("alpha");
  const ex Lx = m * (xd * xd + yd * yd) / 2 + M * hd * hd / 2 + I * phid * phid / 2 - k * h * h / 2 - m * g * y - M * g * h + beta * z;
  const ContactLagrangian L(Q, Lx);
  const ex psi = y - h - gamma * cos(phi) - r;
  const auto post = restitution_map(L, psi, alpha);
  const ex D = 1 / m + 1 / M + pow(gamma * sin(phi), 2) / I;
  const ex J = (yd - hd + gamma * sin(phi) * phid) / D;
  // the corrected (39): ẋ⁺ = ẋ⁻, ẏ⁺ = ẏ⁻ − (1+α)J/m, ḣ⁺ = ḣ⁻ + (1+α)J/M, φ̇⁺ = φ̇⁻ − (1+α)γ sinφ J/I
  CHECK_SYMBOLIC_EQ_ON(T, post[0], xd);
  CHECK_SYMBOLIC_EQ_ON(T, post[1], yd - (1 + alpha) * J / m);
  CHECK_SYMBOLIC_EQ_ON(T, post[2], phid - (1 + alpha) * gamma * sin(phi) * J / I);
  CHECK_SYMBOLIC_EQ_ON(T, post[3], hd + (1 + alpha) * J / M);
  // dΨ(q̇⁺) = −α dΨ(q̇⁻)
  const ex dpsi_v = yd - hd + gamma * sin(phi) * phid;
  CHECK_SYMBOLIC_EQ_ON(T, dpsi_v.subs(velocity_substitution(L, post)), -alpha * dpsi_v);
  // Carnot (35): E⁺ − E⁻ = −(1−α)/(1+α) T_l = −½(1 − α²) dΨ(q̇⁻)²/D, and T_l = ½(1+α)² J² D (43)
  std::vector<ex> jump;
  for (std::size_t i = 0; i < 4; ++i) jump.push_back(post[i] - L.velocities()[i]);
  const ex Tl = kinetic_energy(L, jump);
  CHECK_SYMBOLIC_EQ_ON(T, Tl, pow(1 + alpha, 2) * J * J * D / 2);
  CHECK_SYMBOLIC_EQ_ON(T, energy_after(L, post) - energy(L), -(1 - alpha) / (1 + alpha) * Tl);
  CHECK_SYMBOLIC_EQ_ON(T, energy_after(L, post) - energy(L), carnot_energy_jump(L, psi, alpha));
  // (34) for the projectors (31): Q̃ is the g-orthogonal projector onto grad Ψ
  const GiNaC::matrix Qt = normal_projector(L, psi);
  CHECK(zero_test(simplify(Qt.mul(Qt).sub(Qt))(1, 1), T).zero);
  CHECK_SYMBOLIC_EQ_ON(T, Qt(1, 1), 1 / (m * D));

  SUBCASE("the numbers of A9") {
    const GiNaC::exmap at{{m, 1}, {M, 5}, {I, GiNaC::numeric(1, 2)}, {gamma, GiNaC::numeric(1, 10)}, {alpha, GiNaC::numeric(1, 2)},
                          {phi, GiNaC::numeric(7, 10)}, {xd, GiNaC::numeric(2, 5)}, {yd, GiNaC::numeric(-6, 5)},
                          {phid, 2}, {hd, GiNaC::numeric(3, 10)}, {r, GiNaC::numeric(3, 10)}, {k, 10}, {g, 10},
                          {beta, 1}, {y, 1}, {h, 0}, {z, 0}};
    CHECK(value_at(D, at) == doctest::Approx(1.208300328571).epsilon(1e-12));
    CHECK(value_at(J, at) == doctest::Approx(-1.13478117164304).epsilon(1e-13));
    CHECK(value_at(post[0], at) == doctest::Approx(0.4).epsilon(1e-14));
    CHECK(value_at(post[1], at) == doctest::Approx(0.502171757464554).epsilon(1e-13));
    CHECK(value_at(post[2], at) == doctest::Approx(2.21931383057503).epsilon(1e-13));
    CHECK(value_at(post[3], at) == doctest::Approx(-0.0404343514929107).epsilon(1e-12));
    CHECK(value_at(Tl, at) == doctest::Approx(1.75045785421635).epsilon(1e-13));
    CHECK(value_at(energy_after(L, post) - energy(L), at) == doctest::Approx(-0.583485951405451).epsilon(1e-13));
  }
  SUBCASE("with the printed denominator 1/m - 1/M + ... of (38)-(39) neither dPsi(v+) = -alpha dPsi(v-) nor Carnot holds (E10)") {
    const ex Dp = 1 / m - 1 / M + pow(gamma * sin(phi), 2) / I;
    const ex Jp = dpsi_v / Dp;
    const std::vector<ex> printed{xd, yd - (1 + alpha) * Jp / m, phid - (1 + alpha) * gamma * sin(phi) * Jp / I,
                                  hd + (1 + alpha) * Jp / M};
    const ZeroVerdict v = zero_test(dpsi_v.subs(velocity_substitution(L, printed)) + alpha * dpsi_v, T);
    CHECK_FALSE(v.zero);
    std::vector<ex> jp;
    for (std::size_t i = 0; i < 4; ++i) jp.push_back(printed[i] - L.velocities()[i]);
    CHECK_FALSE(zero_test(energy_after(L, printed) - energy(L) + (1 - alpha) / (1 + alpha) * kinetic_energy(L, jp), T).zero);
  }
}

TEST_CASE("Impact: bad constraint functions and non-affine momenta are refused") {
  const Chart Q = Chart::make("Q", {"x", "y"}, {});
  const Chart T = contact_tangent_bundle(Q);
  const ContactLagrangian L(Q, (T[2] * T[2] + T[3] * T[3]) / 2 - T[4]);
  CHECK_THROWS_WITH_AS(impact_conditions(L, GiNaC::ex(3)), doctest::Contains("dPsi vanishes identically"), DomainError);
  const ContactLagrangian quartic(Q, pow(T[2], 4) / 12 + (T[2] * T[2] + T[3] * T[3]) / 2 - T[4]);
  CHECK_THROWS_WITH_AS(solve_impact_conditions(quartic, 1 - Q[0]), doctest::Contains("affine in the velocities"), NotImplemented);
  CHECK_THROWS_AS(restitution_map(quartic, 1 - Q[0], 1), NotImplemented);
}

}  // TEST_SUITE
