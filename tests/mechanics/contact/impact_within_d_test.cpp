// tests/mechanics/contact/impact_within_d_test.cpp — impacts under always-on nonholonomic constraints:
// Lagrange–d'Alembert with impulses (003 (22)–(27) with (29)–(33)), q̇⁺ = q̇⁻ − (1 + α) W(n, q̇⁻)/W(n, n) n
// with n = P_D grad Ψ; the Carnot loss (003 (35)) with W(n, n) in place of W⁻¹(dΨ, dΨ).
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <cmath>

#include "core/error.hpp"
#include "mechanics/contact/constrained.hpp"
#include "mechanics/contact/contact_simulation.hpp"
#include "mechanics/contact/impact.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;
using hamel::test::value_at;

namespace {

// The tester's nonholonomic billiard: a damped particle with s_dot = y x_dot in the disk x² + y² ≤ 1.
struct NhBilliard {
  Chart Q = Chart::make("Q", {"x", "y", "s"}, {"gamma", "alpha"});
  Chart T = contact_tangent_bundle(Q);
  ContactLagrangian L{Q, (T[3] * T[3] + T[4] * T[4] + T[5] * T[5]) / 2 - Q.parameter("gamma") * T[6]};
  std::vector<Form> forms{Form::one_form(Q, {-Q[1], 0, 1})};  // s_dot − y x_dot
  ex psi = 1 - Q[0] * Q[0] - Q[1] * Q[1];
};

// W(n, n) for the billiard, by hand: n = grad Ψ − ψ (ψ·grad Ψ)/|ψ|² = (−2x/(1 + y²), −2y, −2xy/(1 + y²)).
double normal_norm(double x, double y) { return 4 * x * x / (1 + y * y) + 4 * y * y; }

// The projected reflection (W = Id), computed here from the formula and not by the library.
std::vector<double> projected_impact(const std::vector<double>& q, const std::vector<double>& v, double alpha) {
  const double x = q[0], y = q[1];
  const double g[3] = {-2 * x, -2 * y, 0}, p[3] = {-y, 0, 1};
  const double pg = p[0] * g[0] + p[1] * g[1] + p[2] * g[2], pp = p[0] * p[0] + p[1] * p[1] + p[2] * p[2];
  double n[3], nn = 0, nv = 0;
  for (int i = 0; i < 3; ++i) n[i] = g[i] - p[i] * pg / pp;
  for (int i = 0; i < 3; ++i) nn += n[i] * n[i], nv += n[i] * v[i];
  std::vector<double> out(3);
  for (int i = 0; i < 3; ++i) out[i] = v[i] - (1 + alpha) * nv / nn * n[i];
  return out;
}

double dot3(const std::vector<double>& a, const std::vector<double>& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

}  // namespace

TEST_SUITE("mechanics") {

TEST_CASE("Impact within D: the projected reflection keeps D, reverses dPsi and the speed (symbolic point)") {
  const NhBilliard b;
  const ex x = b.Q[0], y = b.Q[1], xd = b.T[3], yd = b.T[4], sd = b.T[5], alpha = b.Q.parameter("alpha");
  const auto post = restitution_map(b.L, b.psi, alpha, b.forms);
  const GiNaC::exmap on_d{{sd, y * xd}};  // q̇⁻ ∈ D
  const ex dpsi = -2 * x * xd - 2 * y * yd;
  const ex dpsi_after = -2 * x * post[0] - 2 * y * post[1];
  CHECK_SYMBOLIC_EQ_ON(b.T, (post[2] - y * post[0]).subs(on_d), 0);         // q̇⁺ ∈ D
  CHECK_SYMBOLIC_EQ_ON(b.T, (dpsi_after + alpha * dpsi).subs(on_d), 0);     // 003 (32)
  // Δq̇ ∈ span{grad Ψ, ψ} (W = Id): det(Δq̇, dΨ, ψ) = 0 (003 (27), (29))
  GiNaC::matrix M{{post[0] - xd, post[1] - yd, post[2] - sd}, {-2 * x, -2 * y, 0}, {-y, 0, 1}};
  CHECK_SYMBOLIC_EQ_ON(b.T, M.determinant(), 0);
  // for α = 1 the speed is kept on D, and the energy jump is Carnot's with W(n, n) (003 (35))
  const ex speed = xd * xd + yd * yd + sd * sd;
  const ex speed_after = post[0] * post[0] + post[1] * post[1] + post[2] * post[2];
  CHECK_SYMBOLIC_EQ_ON(b.T, (speed_after - speed).subs(alpha == 1).subs(on_d), 0);
  const ex N = 4 * x * x / (1 + y * y) + 4 * y * y;
  CHECK_SYMBOLIC_EQ_ON(b.T, ((speed_after - speed) / 2 + (1 - alpha * alpha) * dpsi * dpsi / (2 * N)).subs(on_d), 0);
  CHECK_SYMBOLIC_EQ_ON(b.T, carnot_energy_jump(b.L, b.psi, alpha, b.forms) + (1 - alpha * alpha) * dpsi * dpsi / (2 * N), 0);
  const DistributionNormal n = normal_in_distribution(b.L, b.psi, b.forms);
  CHECK_FALSE(n.vanishes);
  CHECK_SYMBOLIC_EQ_ON(b.T, n.norm, N);
  CHECK_SYMBOLIC_EQ_ON(b.T, n.normal[0], -2 * x / (1 + y * y));
  // the reflection about grad Ψ of the unconstrained law leaves D (the wrong result this replaces)
  const auto free = restitution_map(b.L, b.psi, 1);
  const GiNaC::exmap at{{x, GiNaC::numeric(3, 5)}, {y, GiNaC::numeric(4, 5)}, {xd, 1}, {yd, 1}, {sd, GiNaC::numeric(4, 5)}};
  CHECK(std::abs(value_at(free[2] - y * free[0], at)) > 0.5);
  CHECK(std::abs(value_at(post[2] - y * post[0], at)) < 1e-14);
}

TEST_CASE("Impact within D: the map equals Lagrange-d'Alembert with impulses solved directly (metric and z-term, two constraints)") {
  const Chart Q = Chart::make("Q", {"x", "y", "s", "u"}, {});
  const Chart T = contact_tangent_bundle(Q);
  const ex x = Q[0], y = Q[1], s = Q[2], u = Q[3], z = T[8];
  std::vector<ex> v{T[4], T[5], T[6], T[7]};
  // W(q) positive definite, plus a z-dependent linear term (momenta affine, E_L = ½ q̇ᵀWq̇ + V)
  GiNaC::matrix W{{2 + GiNaC::sin(y), ex(1) / 2, 0, x / 3}, {ex(1) / 2, 3, y / 4, 0}, {0, y / 4, 1 + x * x, 0}, {x / 3, 0, 0, 2}};
  ex L = z * y * v[0] - z * z / 3 - u * s;
  for (unsigned i = 0; i < 4; ++i)
    for (unsigned j = 0; j < 4; ++j) L += W(i, j) * v[i] * v[j] / 2;
  const ContactLagrangian CL(Q, L);
  const std::vector<Form> forms{Form::one_form(Q, {-y, 0, 1, 0}), Form::one_form(Q, {0, -x, 0, 1})};
  const ex psi = 1 - x * x - y * y / 4 - u * u;
  const ex alpha = GiNaC::numeric(3, 5);
  const auto post = restitution_map(CL, psi, alpha, forms);
  // a point in D: free (x_dot, y_dot), then s_dot = y x_dot, u_dot = x y_dot
  const double qx = 0.3, qy = -0.4, qs = 0.1, qu = 0.2, qz = 0.5, vx = 0.7, vy = -1.1;
  const std::vector<double> vm{vx, vy, qy * vx, qx * vy};
  GiNaC::exmap at{{x, qx}, {y, qy}, {s, qs}, {u, qu}, {z, qz}};
  for (unsigned i = 0; i < 4; ++i) at[v[i]] = vm[i];
  // unknowns (Δq̇, μ, λ₁, λ₂): W Δq̇ − μ dΨ − λ_a ψ^a = 0, ψ(q̇⁻ + Δq̇) = 0, dΨ(q̇⁻ + Δq̇) = −α dΨ(q̇⁻)
  const double a = 0.6;
  const double dpsi[4] = {-2 * qx, -qy / 2, 0, -2 * qu};
  const double P[2][4] = {{-qy, 0, 1, 0}, {0, -qx, 0, 1}};
  Eigen::Matrix<double, 7, 7> A = Eigen::Matrix<double, 7, 7>::Zero();
  Eigen::Matrix<double, 7, 1> rhs = Eigen::Matrix<double, 7, 1>::Zero();
  for (unsigned i = 0; i < 4; ++i) {
    for (unsigned j = 0; j < 4; ++j) A(i, j) = value_at(W(i, j), at);
    A(i, 4) = -dpsi[i];
    A(i, 5) = -P[0][i];
    A(i, 6) = -P[1][i];
  }
  double speed = 0;
  for (unsigned j = 0; j < 4; ++j) {
    A(4, j) = P[0][j];
    A(5, j) = P[1][j];
    A(6, j) = dpsi[j];
    rhs(4) -= P[0][j] * vm[j];
    rhs(5) -= P[1][j] * vm[j];
    speed += dpsi[j] * vm[j];
  }
  rhs(6) = -(1 + a) * speed;
  const Eigen::Matrix<double, 7, 1> sol = A.fullPivLu().solve(rhs);
  for (unsigned i = 0; i < 4; ++i) CHECK(value_at(post[i], at) == doctest::Approx(vm[i] + sol(i)).epsilon(1e-12));
  // the energy jump: E_L after − before = ½ (q̇⁺ᵀWq̇⁺ − q̇⁻ᵀWq̇⁻) = −½(1 − α²) dΨ(q̇⁻)²/W(n, n)
  const ex dE = energy_after(CL, post) - energy(CL);
  CHECK(value_at(dE, at) == doctest::Approx(value_at(carnot_energy_jump(CL, psi, alpha, forms), at)).epsilon(1e-12));
  CHECK(value_at(dE, at) < 0);
  const DistributionNormal n = normal_in_distribution(CL, psi, forms);
  CHECK(value_at(dE, at) == doctest::Approx(-(1 - a * a) * speed * speed / (2 * value_at(n.norm, at))).epsilon(1e-12));
}

TEST_CASE("Impact within D: the tester's nonholonomic billiard, alpha = 1, impacts reflect within D and E_L decays as exp(-gamma t)") {
  const NhBilliard b;
  ContactHybridSystem sys{b.L, b.forms, {{"rim", b.psi, 1}}, {}};
  ContactRunOptions o;
  const double gamma = 0.05;
  o.values = {{b.Q.parameter("gamma"), GiNaC::numeric(1, 20)}, {b.Q.parameter("alpha"), 1}};
  o.initial = {0.2, 0.3, 0, 1, 0.5, 0.3, 0};
  o.t1 = 6;
  const ContactRun run = simulate_contact(sys, o);
  REQUIRE(run.simulation.trajectory.completed());
  REQUIRE(run.events.size() == 3);
  for (const auto& e : run.events) {
    const std::vector<double> q(e.before.begin(), e.before.begin() + 3), vm(e.before.begin() + 3, e.before.begin() + 6),
        vp(e.after.begin() + 3, e.after.begin() + 6);
    const auto expected = projected_impact(q, vm, 1);
    for (int i = 0; i < 3; ++i) CHECK(std::abs(vp[i] - expected[i]) < 1e-9);
    CHECK(std::abs(vp[2] - q[1] * vp[0]) < 1e-9);                       // in D
    CHECK(dot3(vp, vp) == doctest::Approx(dot3(vm, vm)).epsilon(1e-12));  // |v| kept
    // dΨ(q̇⁺) = −dΨ(q̇⁻) up to the state's distance from D (the integration keeps ψ q̇ to ~1e-12)
    CHECK(std::abs(q[0] * vp[0] + q[1] * vp[1] + q[0] * vm[0] + q[1] * vm[1]) < 1e-9);
  }
  // the tester's first impact
  CHECK(std::abs(run.events[0].t - 0.6332) < 1e-4);
  CHECK(std::abs(run.events[0].after[3] + 0.4959) < 1e-4);
  CHECK(std::abs(run.events[0].after[4] + 0.9591) < 1e-4);
  CHECK(std::abs(run.events[0].after[5] + 0.3033) < 1e-4);
  // E_L e^{γt} is one constant over the whole run (α = 1: no loss at the impacts)
  const Trajectory& tr = run.simulation.trajectory;
  const double E0 = run.energy[0];
  double worst = 0;
  for (std::size_t i = 0; i < tr.t.size(); ++i) worst = std::max(worst, std::abs(run.energy[i] * std::exp(gamma * tr.t[i]) / E0 - 1));
  CHECK(worst < 1e-9);
  CHECK(run.energy_law_error < 1e-10);
}

TEST_CASE("Impact within D: restitution 0.7, E_L e^{gamma t} constant between impacts and dropping by Carnot's amount with W(n, n)") {
  const NhBilliard b;
  ContactHybridSystem sys{b.L, b.forms, {{"rim", b.psi, b.Q.parameter("alpha")}}, {}};
  ContactRunOptions o;
  const double gamma = 0.05, alpha = 0.7;
  o.values = {{b.Q.parameter("gamma"), GiNaC::numeric(1, 20)}, {b.Q.parameter("alpha"), GiNaC::numeric(7, 10)}};
  o.initial = {0.2, 0.3, 0, 1, 0.5, 0.3, 0};
  o.t1 = 10;
  const ContactRun run = simulate_contact(sys, o);
  REQUIRE(run.simulation.trajectory.completed());
  REQUIRE(run.events.size() >= 3);
  for (const auto& e : run.events) {
    const double x = e.before[0], y = e.before[1];
    const double a = -2 * x * e.before[3] - 2 * y * e.before[4];  // dΨ(q̇⁻) < 0
    CHECK(a < 0);
    const double carnot = -(1 - alpha * alpha) * a * a / (2 * normal_norm(x, y));
    CHECK(e.energy_after - e.energy_before == doctest::Approx(carnot).epsilon(1e-12));
    CHECK(carnot < -1e-3);
    CHECK(std::abs(e.after[5] - y * e.after[3]) < 1e-9);  // in D
    const std::vector<double> q(e.before.begin(), e.before.begin() + 3), vm(e.before.begin() + 3, e.before.begin() + 6);
    const auto expected = projected_impact(q, vm, alpha);
    for (int i = 0; i < 3; ++i) CHECK(std::abs(e.after[3 + i] - expected[i]) < 1e-9);
  }
  // between impacts E_L e^{γt} keeps its value after the last impact (each event time appears twice)
  const Trajectory& tr = run.simulation.trajectory;
  double worst = 0, c = run.energy[0];
  std::size_t impacts = 0;
  for (std::size_t i = 1; i < tr.t.size(); ++i) {
    const double ci = run.energy[i] * std::exp(gamma * tr.t[i]);
    if (tr.t[i] == tr.t[i - 1]) {
      ++impacts;
      c = ci;
      continue;
    }
    worst = std::max(worst, std::abs(ci / c - 1));
  }
  CHECK(impacts == run.events.size());
  CHECK(worst < 1e-9);
  // 003 Prop. 3 (corrected, E9) chained over the impacts: E⁻ at each impact and E at the end
  double predicted = run.energy[0] * std::exp(-gamma * run.events[0].t);
  for (std::size_t k = 0; k < run.events.size(); ++k) {
    const auto& e = run.events[k];
    CHECK(e.energy_before == doctest::Approx(predicted).epsilon(1e-9));
    const double next_t = k + 1 < run.events.size() ? run.events[k + 1].t : tr.t.back();
    predicted = e.energy_after * std::exp(-gamma * (next_t - e.t));
  }
  CHECK(run.energy.back() == doctest::Approx(predicted).epsilon(1e-9));
  CHECK(run.energy.back() < run.energy[0] * std::exp(-gamma * tr.t.back()));  // the impacts lost energy
}

TEST_CASE("Impact within D: a wall whose normal has no part in D is refused with the reason") {
  const Chart Q = Chart::make("Q", {"x", "y"}, {"gamma"});
  const Chart T = contact_tangent_bundle(Q);
  const ContactLagrangian L(Q, (T[2] * T[2] + T[3] * T[3]) / 2 - Q.parameter("gamma") * T[4]);
  const std::vector<Form> forms{Form::one_form(Q, {1, 0})};  // x_dot = 0: x never reaches the wall x = 1
  const ex psi = 1 - Q[0];
  const DistributionNormal n = normal_in_distribution(L, psi, forms);
  CHECK(n.vanishes);
  CHECK_THROWS_WITH_AS(restitution_map(L, psi, 1, forms), doctest::Contains("no impact is possible within D"), DomainError);
  ContactHybridSystem sys{L, forms, {{"wall", psi, 1}}, {}};
  ContactRunOptions o;
  o.values = {{Q.parameter("gamma"), GiNaC::numeric(1, 20)}};
  o.initial = {0.2, 0.3, 0, 0.5, 0};
  CHECK_THROWS_WITH_AS(simulate_contact(sys, o), doctest::Contains("wall 'wall'"), DomainError);
  // without the constraint the same wall is an ordinary one
  CHECK_FALSE(normal_in_distribution(L, psi, {Form::one_form(Q, {0, 1})}).vanishes);
}

}  // TEST_SUITE
