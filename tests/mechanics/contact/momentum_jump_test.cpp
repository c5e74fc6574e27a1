// tests/mechanics/contact/momentum_jump_test.cpp — the momentum jump when constraints switch on
// (003 (65)–(74)): the cylinder's touchdown (Example 2, A10, E11) and the rolling sphere (Example 3,
// A11), in quasi-coordinates as the paper and, as a second route, in Euler angles.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "mechanics/contact/constrained.hpp"
#include "mechanics/contact/impact.hpp"
#include "mechanics/contact/momentum_jump.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;
using hamel::test::value_at;

namespace {

std::vector<ex> apply(const GiNaC::matrix& P, const std::vector<ex>& p) {
  std::vector<ex> out(P.rows(), 0);
  for (unsigned i = 0; i < P.rows(); ++i)
    for (unsigned j = 0; j < P.cols(); ++j) out[i] += P(i, j) * p[j];
  return out;
}

}  // namespace

TEST_SUITE("mechanics") {

TEST_CASE("Momentum jump: the rolling cylinder touches down, Example 2 (A10, E11)") {
  const Chart Q = Chart::make("Q", {"x", "y", "phi", "h"}, {"m", "M", "I", "r", "gamma", "k", "g", "beta"});
  const Chart T = contact_tangent_bundle(Q);
  const ex y = Q[1], phi = Q[2], h = Q[3], xd = T[4], yd = T[5], phid = T[6], hd = T[7], z = T[8];
  const ex m = Q.parameter("m"), M = Q.parameter("M"), I = Q.parameter("I"), r = Q.parameter("r"), gamma = Q.parameter("gamma");
  const ContactLagrangian L(Q, m * (xd * xd + yd * yd) / 2 + M * hd * hd / 2 + I * phid * phid / 2 -
                                   Q.parameter("k") * h * h / 2 - m * Q.parameter("g") * y - M * Q.parameter("g") * h +
                                   Q.parameter("beta") * z);
  const ex rho = r + gamma * cos(phi);
  const std::vector<Form> psi{Form::one_form(Q, {1, 0, -rho, 0}), Form::one_form(Q, {0, 1, gamma * sin(phi), -1})};
  const GiNaC::matrix C = jump_gram_matrix(L, psi);
  CHECK_SYMBOLIC_EQ_ON(T, C(0, 1), -gamma * sin(phi) * (gamma * cos(phi) + r) / I);
  CHECK_SYMBOLIC_EQ_ON(T, C(1, 1), pow(gamma * sin(phi), 2) / I + 1 / m + 1 / M);
  const GiNaC::matrix P = momentum_projector(L, psi);
  const GiNaC::realsymbol px("px"), py("py"), pphi("pphi"), ph("ph");
  const auto pp = apply(P, {px, py, pphi, ph});
  const ex Den1 = 2 * (m + M) * (I + m * r * r) + gamma * gamma * m * (m + 2 * M) +
                  gamma * m * (gamma * m * cos(2 * phi) + 4 * r * (m + M) * cos(phi));
  const ex kappa = gamma * sin(phi) * (m * ph - M * py) + (m + M) * (gamma * px * cos(phi) + px * r + pphi);
  const ex A = I + m * r * r + gamma * m * cos(phi) * (gamma * cos(phi) + 2 * r);
  const ex px_plus = 2 * m * (gamma * cos(phi) + r) * kappa / Den1;
  const ex pphi_plus = 2 * I * kappa / Den1;
  const ex py_plus = m * ((ph + py) * A - gamma * M * sin(phi) * (gamma * px * cos(phi) + px * r + pphi) +
                          gamma * gamma * M * py * pow(sin(phi), 2)) /
                     ((m + M) * A + gamma * gamma * m * M * pow(sin(phi), 2));
  const ex ph_plus = M / Den1 *
                     (2 * (ph + py) * (I + m * r * r) +
                      gamma * m * (4 * r * (ph + py) * cos(phi) + 2 * sin(phi) * (gamma * px * cos(phi) + px * r + pphi) + gamma * py * cos(2 * phi)) +
                      gamma * gamma * m * (2 * ph + py));
  CHECK_SYMBOLIC_EQ_ON(T, pp[0], px_plus);
  CHECK_SYMBOLIC_EQ_ON(T, pp[1], py_plus);
  CHECK_SYMBOLIC_EQ_ON(T, pp[2], pphi_plus);
  CHECK_SYMBOLIC_EQ_ON(T, pp[3], ph_plus);
  // P is a projector, p⁺ satisfies the constraints, p⁺ − p⁻ ∈ span ψ (65)
  CHECK(zero_test(simplify(P.mul(P).sub(P))(2, 0), T).zero);
  const GiNaC::matrix Psi = constraint_matrix(Q, psi);
  const GiNaC::matrix Wi = L.inverse_hessian();
  for (unsigned a = 0; a < 2; ++a) {
    ex c = 0;
    for (unsigned i = 0; i < 4; ++i)
      for (unsigned j = 0; j < 4; ++j) c += Psi(a, i) * Wi(i, j) * pp[j];
    CHECK_SYMBOLIC_EQ_ON(T, c, 0);
  }
  // the printed row (0, 1, −γ sinφ, −1) of (76) gives other p⁺ (E11)
  const std::vector<Form> printed{Form::one_form(Q, {1, 0, -rho, 0}), Form::one_form(Q, {0, 1, -gamma * sin(phi), -1})};
  CHECK_FALSE(zero_test(apply(momentum_projector(L, printed), {px, py, pphi, ph})[0] - px_plus, T).zero);

  SUBCASE("the numbers of A10") {
    const GiNaC::exmap at{{m, 1}, {M, 5}, {I, GiNaC::numeric(1, 2)}, {r, GiNaC::numeric(3, 10)}, {gamma, GiNaC::numeric(1, 10)},
                          {phi, GiNaC::numeric(7, 10)}, {px, GiNaC::numeric(2, 5)}, {py, GiNaC::numeric(-6, 5)}, {pphi, 1},
                          {ph, GiNaC::numeric(3, 2)}};
    CHECK(value_at(pp[0], at) == doctest::Approx(0.718379455877406).epsilon(1e-13));
    CHECK(value_at(pp[1], at) == doctest::Approx(-0.0524373950271334).epsilon(1e-12));
    CHECK(value_at(pp[2], at) == doctest::Approx(0.954063172028414).epsilon(1e-13));
    CHECK(value_at(pp[3], at) == doctest::Approx(0.352437395027133).epsilon(1e-13));
    // the velocity form of the jump and Carnot with α = 0
    const auto vplus = constraint_jump_map(L, psi);
    GiNaC::exmap atv = at;
    atv[xd] = GiNaC::numeric(2, 5);
    atv[yd] = GiNaC::numeric(-6, 5);
    atv[phid] = 2;
    atv[hd] = GiNaC::numeric(3, 10);
    const std::vector<double> want{0.718379455877406, -0.0524373950271334, 1.90812634405683, 0.0704874790054267};
    for (std::size_t i = 0; i < 4; ++i) CHECK(value_at(vplus[i], atv) == doctest::Approx(want[i]).epsilon(1e-12));
    std::vector<ex> dv;
    for (std::size_t i = 0; i < 4; ++i) dv.push_back(vplus[i] - L.velocities()[i]);
    const ex Tminus = kinetic_energy(L, L.velocities()), Tplus = kinetic_energy(L, vplus);
    CHECK(value_at(Tminus, atv) == doctest::Approx(2.025));
    CHECK(value_at(Tplus, atv) == doctest::Approx(1.18206710947425).epsilon(1e-13));
    CHECK(value_at(Tplus - Tminus, atv) == doctest::Approx(-0.842932890525755).epsilon(1e-13));
    CHECK(value_at(Tplus - Tminus + kinetic_energy(L, dv), atv) == doctest::Approx(0).epsilon(1e-14));
  }
}

TEST_CASE("Momentum jump: the rolling sphere reaches the rough half-plane, Example 3 (A11)") {
  const Chart Q = Chart::make("Q", {"x", "y", "q1", "q2", "q3"}, {"k", "r", "beta"});
  const Chart T = contact_tangent_bundle(Q);
  const ex k = Q.parameter("k"), r = Q.parameter("r"), beta = Q.parameter("beta");
  const ex xd = T[5], yd = T[6], w1 = T[7], w2 = T[8], w3 = T[9], Z = T[10];
  const ContactLagrangian L(Q, (xd * xd + yd * yd + k * k * (w1 * w1 + w2 * w2 + w3 * w3)) / 2 - beta * Z);
  const std::vector<Form> psi{Form::one_form(Q, {1, 0, 0, -r, 0}), Form::one_form(Q, {0, 1, r, 0, 0})};
  const GiNaC::matrix C = jump_gram_matrix(L, psi);
  CHECK_SYMBOLIC_EQ_ON(T, C(0, 0), (k * k + r * r) / (k * k));
  CHECK_SYMBOLIC_EQ_ON(T, C(1, 1), (k * k + r * r) / (k * k));
  CHECK_SYMBOLIC_EQ_ON(T, C(0, 1), 0);
  const GiNaC::matrix P = momentum_projector(L, psi);
  const ex s = k * k + r * r;
  const GiNaC::matrix printed(5, 5, GiNaC::lst{r * r / s, 0, 0, r / s, 0,                   //
                                               0, r * r / s, -r / s, 0, 0,                  //
                                               0, -k * k * r / s, k * k / s, 0, 0,          //
                                               k * k * r / s, 0, 0, k * k / s, 0,           //
                                               0, 0, 0, 0, 1});
  for (unsigned i = 0; i < 5; ++i)
    for (unsigned j = 0; j < 5; ++j) CHECK_SYMBOLIC_EQ_ON(T, P(i, j), printed(i, j));
  // (88)
  const auto v = constraint_jump_map(L, psi);
  CHECK_SYMBOLIC_EQ_ON(T, v[0], (r * r * xd + r * k * k * w2) / s);
  CHECK_SYMBOLIC_EQ_ON(T, v[1], (r * r * yd - r * k * k * w1) / s);
  CHECK_SYMBOLIC_EQ_ON(T, v[2], (-r * yd + k * k * w1) / s);
  CHECK_SYMBOLIC_EQ_ON(T, v[3], (r * xd + k * k * w2) / s);
  CHECK_SYMBOLIC_EQ_ON(T, v[4], w3);
  // the energy lost (Carnot with α = 0, Z continuous)
  CHECK_SYMBOLIC_EQ_ON(T, energy_after(L, v) - energy(L),
                       -k * k * (pow(xd - r * w2, 2) + pow(yd + r * w1, 2)) / (2 * s));
  SUBCASE("the numbers of A11") {
    const GiNaC::exmap at{{k, GiNaC::sqrt(GiNaC::numeric(1, 10))}, {r, GiNaC::numeric(1, 2)}, {beta, GiNaC::numeric(1, 5)},
                          {xd, GiNaC::numeric(9, 10)}, {yd, GiNaC::numeric(9, 20)}, {w1, GiNaC::numeric(27, 100)},
                          {w2, GiNaC::numeric(-18, 100)}, {w3, GiNaC::numeric(63, 100)}, {Z, GiNaC::numeric(2952, 10000)}};
    CHECK(value_at(energy(L), at) == doctest::Approx(0.5904).epsilon(1e-14));
    const std::vector<double> want{0.617142857142857, 0.282857142857143, -0.565714285714286, 1.23428571428571, 0.63};
    for (std::size_t i = 0; i < 5; ++i) CHECK(value_at(v[i], at) == doctest::Approx(want[i]).epsilon(1e-13));
    CHECK(value_at(energy_after(L, v), at) == doctest::Approx(0.401496428571429).epsilon(1e-13));
    CHECK(value_at(energy_after(L, v) - energy(L), at) == doctest::Approx(-0.188903571428571).epsilon(1e-13));
  }
}

TEST_CASE("Momentum jump: the sphere in Euler angles gives the same angular velocities (second route to (88))") {
  const Chart Q = Chart::make("Q", {"x", "y", "ph", "th", "ps"}, {"k", "r", "beta"});
  const Chart T = contact_tangent_bundle(Q);
  const ex th = Q[3], ps = Q[4];
  const ex xd = T[5], yd = T[6], phd = T[7], thd = T[8], psd = T[9];
  const ex k = Q.parameter("k"), r = Q.parameter("r");
  const ex wx = thd * cos(ps) + phd * sin(th) * sin(ps), wy = thd * sin(ps) - phd * sin(th) * cos(ps), wz = phd * cos(th) + psd;
  const ContactLagrangian L(Q, (xd * xd + yd * yd + k * k * (wx * wx + wy * wy + wz * wz)) / 2 - Q.parameter("beta") * T[10]);
  // ẋ − r ω_y = 0, ẏ + r ω_x = 0 (80) as forms in Euler angles
  const std::vector<Form> psi{Form::one_form(Q, {1, 0, r * sin(th) * cos(ps), -r * sin(ps), 0}),
                              Form::one_form(Q, {0, 1, r * sin(th) * sin(ps), r * cos(ps), 0})};
  const auto v = constraint_jump_map(L, psi);
  const GiNaC::exmap after = velocity_substitution(L, v);
  const ex s = k * k + r * r;
  CHECK_SYMBOLIC_EQ_ON(T, v[0], (r * r * xd + r * k * k * wy) / s);
  CHECK_SYMBOLIC_EQ_ON(T, wx.subs(after), (-r * yd + k * k * wx) / s);
  CHECK_SYMBOLIC_EQ_ON(T, wy.subs(after), (r * xd + k * k * wy) / s);
  CHECK_SYMBOLIC_EQ_ON(T, wz.subs(after), wz);
}

TEST_CASE("Momentum jump: dependent constraints are refused") {
  const Chart Q = Chart::make("Q", {"x", "y"}, {});
  const Chart T = contact_tangent_bundle(Q);
  const ContactLagrangian L(Q, (T[2] * T[2] + T[3] * T[3]) / 2 - T[4]);
  CHECK_THROWS_AS(momentum_projector(L, {Form::one_form(Q, {1, 0}), Form::one_form(Q, {3, 0})}), DomainError);
}

}  // TEST_SUITE
