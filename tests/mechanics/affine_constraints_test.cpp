// tests/mechanics/affine_constraints_test.cpp — affine constraints ω^k(q̇) + b^k(q) = 0 (issue 19 §1):
// the equations of motion on D* against an independent Lagrange–d'Alembert derivation with multipliers,
// and the ball on a rotating turntable against its classical solution (Neimark–Fufaev; Bloch §1.7): the
// centre moves on circles at 2Ω/7, the vertical spin is constant, the energy is not, the moving energy is.
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include "brackets/nonholonomic.hpp"
#include "core/error.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/affine_constraints.hpp"
#include "mechanics/hamel_equations.hpp"
#include "reduction/symmetry.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

namespace {

const GiNaC::symbol& sym(const ex& e) { return GiNaC::ex_to<GiNaC::symbol>(e); }

// The homogeneous ball (I = 2/5 m r²) on a table turning at Ω about the origin, in Euler angles (z-x-z):
// the contact point moves with the table, ẋ − r ω₂ + Ω y = 0, ẏ + r ω₁ − Ω x = 0, ω the space angular velocity.
hamel::NonholonomicSpec turntable() {
  const auto Q = hamel::Chart::make("ball", {"x", "y", "phi", "theta", "psi"}, {"m", "r", "Omega"});
  const auto v = hamel::velocities(Q);
  const ex m = Q.parameter("m"), r = Q.parameter("r"), W = Q.parameter("Omega");
  const ex phi = Q[2], th = Q[3];
  const ex w1 = v[3] * cos(phi) + v[4] * sin(th) * sin(phi), w2 = v[3] * sin(phi) - v[4] * sin(th) * cos(phi),
           w3 = v[2] + v[4] * cos(th);
  const ex L = m / 2 * (v[0] * v[0] + v[1] * v[1]) + m * r * r / 5 * (w1 * w1 + w2 * w2 + w3 * w3);
  return {Q, L, {v[0] - r * w2 + W * Q[1], v[1] + r * w1 - W * Q[0]}, {}, {}, {}};
}

// A system with nothing special: a metric with cross terms and a trigonometric coefficient, a potential,
// and an offset that depends on two coordinates.
hamel::NonholonomicSpec generic_affine() {
  const auto Q = hamel::Chart::make("generic", {"x", "y", "theta"});
  const auto v = hamel::velocities(Q);
  const ex th = Q[2];
  const ex L = (v[0] * v[0] + (1 + pow(sin(th), 2)) * v[1] * v[1] + v[2] * v[2]) / 2 + cos(th) * v[0] * v[2] / 3 -
               Q[1] * Q[1] / 2;
  return {Q, L, {v[1] - sin(th) * v[0] + Q[0] * cos(Q[1]) / 2}, {}, {}, {}};
}

// At (q, q̇) with q̇ allowed: q̈ and λ from d/dt ∂L/∂q̇ − ∂L/∂q = λ_k a^k and the differentiated
// constraints, solved as one linear system; then π̇_α = d/dt(∂L/∂q̇^i X^i_α) along them. Nothing of
// mechanics/hamel_equations is used.
std::vector<double> pidot_by_multipliers(const hamel::NonholonomicSystem& sys, const ex& L, const std::vector<ex>& constraints,
                                         const GiNaC::exmap& at) {
  const hamel::Chart& Q = sys.chart();
  const auto v = hamel::velocities(Q);
  const std::size_t n = Q.dim(), k = constraints.size(), r = sys.rank();
  const auto num = [&](const ex& e) { return hamel::test::value_at(e, at); };
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(static_cast<long>(n + k), static_cast<long>(n + k));
  Eigen::VectorXd rhs(static_cast<long>(n + k));
  for (std::size_t i = 0; i < n; ++i) {
    const ex p = L.diff(sym(v[i]));
    ex rest = -L.diff(sym(Q[i]));  // d/dt ∂L/∂q̇^i without the accelerations, minus ∂L/∂q^i
    for (std::size_t j = 0; j < n; ++j) {
      A(static_cast<long>(i), static_cast<long>(j)) = num(p.diff(sym(v[j])));
      rest += p.diff(sym(Q[j])) * v[j];
    }
    for (std::size_t c = 0; c < k; ++c) A(static_cast<long>(i), static_cast<long>(n + c)) = -num(constraints[c].diff(sym(v[i])));
    rhs(static_cast<long>(i)) = -num(rest);
  }
  for (std::size_t c = 0; c < k; ++c) {  // d/dt of the constraint: a_i q̈^i + (∂_j a_i q̇^i + ∂_j b) q̇^j = 0
    ex rest = 0;
    for (std::size_t j = 0; j < n; ++j) {
      A(static_cast<long>(n + c), static_cast<long>(j)) = num(constraints[c].diff(sym(v[j])));
      rest += constraints[c].diff(sym(Q[j])) * v[j];
    }
    rhs(static_cast<long>(n + c)) = -num(rest);
  }
  const Eigen::VectorXd sol = A.fullPivLu().solve(rhs);
  std::vector<double> pidot(r, 0.0);
  for (std::size_t a = 0; a < r; ++a) {
    const hamel::VectorField& X = sys.frame()[a];
    for (std::size_t i = 0; i < n; ++i) {
      const ex p = L.diff(sym(v[i]));
      ex dp = 0;
      for (std::size_t j = 0; j < n; ++j) dp += p.diff(sym(Q[j])) * v[j];
      double pdot = num(dp);
      for (std::size_t j = 0; j < n; ++j) pdot += num(p.diff(sym(v[j]))) * sol(static_cast<long>(j));
      double dX = 0;
      for (std::size_t j = 0; j < n; ++j) dX += num(X[i].diff(sym(Q[j])) * v[j]);
      pidot[a] += pdot * num(X[i]) + num(p) * dX;
    }
  }
  return pidot;
}

// The equations of motion on D* at the state (q, q̇ = X_0 + ρ w) against the multipliers' π̇.
void check_against_multipliers(const hamel::NonholonomicSpec& spec, const GiNaC::exmap& q_and_parameters,
                               const std::vector<double>& w) {
  const hamel::NonholonomicSystem sys(spec);
  const hamel::Chart& Q = sys.chart();
  const auto v = hamel::velocities(Q);
  const std::size_t n = Q.dim(), r = sys.rank();
  GiNaC::exmap at = q_and_parameters;
  for (std::size_t i = 0; i < n; ++i) {
    ex qdot = sys.drift()[i];
    for (std::size_t a = 0; a < r; ++a) qdot += sys.rho()(static_cast<unsigned>(i), static_cast<unsigned>(a)) * w[a];
    at[v[i]] = GiNaC::evalf(qdot.subs(q_and_parameters));
  }
  for (const ex& c : spec.constraints) CHECK(std::abs(hamel::test::value_at(c, at)) < 1e-12);  // q̇ is allowed
  GiNaC::exmap on_dual = q_and_parameters;  // π_α = ∂L/∂q̇^i X^i_α
  for (std::size_t a = 0; a < r; ++a) {
    ex pi = 0;
    for (std::size_t i = 0; i < n; ++i) pi += spec.lagrangian.diff(sym(v[i])) * sys.frame()[a][i];
    on_dual[sys.momenta()[a]] = GiNaC::evalf(pi.subs(at));
  }
  const hamel::VectorField X = hamel::nonholonomic_vector_field(sys);
  for (std::size_t i = 0; i < n; ++i) CHECK(hamel::test::value_at(X[i], on_dual) == doctest::Approx(hamel::test::value_at(v[i], at)).epsilon(1e-12));
  const std::vector<double> expected = pidot_by_multipliers(sys, spec.lagrangian, spec.constraints, at);
  for (std::size_t a = 0; a < r; ++a) CHECK(hamel::test::value_at(X[n + a], on_dual) == doctest::Approx(expected[a]).epsilon(1e-12));
}

}  // namespace

TEST_SUITE("mechanics") {

TEST_CASE("affine constraints: a constraint is split into its 1-form and its offset, constraint_form still refuses it") {
  const auto spec = generic_affine();
  const hamel::ConstraintParts c = hamel::constraint_parts(spec.constraints[0], spec.chart);
  CHECK_SYMBOLIC_EQ_ON(spec.chart, c.offset, spec.chart[0] * cos(spec.chart[1]) / 2);
  CHECK_SYMBOLIC_EQ_ON(spec.chart, c.form.component({0}), -sin(spec.chart[2]));
  CHECK_THROWS_WITH_AS(hamel::constraint_form(spec.constraints[0], spec.chart),
                       doctest::Contains("affine, not linear"), hamel::DomainError);
  const auto v = hamel::velocities(spec.chart);
  CHECK_THROWS_WITH_AS(hamel::constraint_parts(v[0] * v[1], spec.chart), doctest::Contains("not affine"), hamel::DomainError);
}

TEST_CASE("affine constraints: the equations on D* are Lagrange–d'Alembert's with multipliers, at several states") {
  const auto ball = turntable();
  const hamel::Chart& B = ball.chart;
  const GiNaC::exmap parameters{{B.parameter("m"), 1.3}, {B.parameter("r"), 0.7}, {B.parameter("Omega"), 0.9}};
  for (const auto& [q, w] : std::vector<std::pair<std::vector<double>, std::vector<double>>>{
           {{0.4, -1.1, 0.3, 1.2, -0.5}, {0.2, -0.7, 1.1}}, {{-2.0, 0.5, 2.9, 0.4, 1.7}, {-1.3, 0.1, 0.6}}}) {
    GiNaC::exmap at = parameters;
    for (std::size_t i = 0; i < q.size(); ++i) at[B[i]] = q[i];
    check_against_multipliers(ball, at, w);
  }
  const auto g = generic_affine();
  for (const auto& [q, w] : std::vector<std::pair<std::vector<double>, std::vector<double>>>{
           {{0.3, 0.8, -0.6}, {0.5, 1.4}}, {{-1.2, 2.1, 2.2}, {-0.9, 0.3}}}) {
    GiNaC::exmap at;
    for (std::size_t i = 0; i < q.size(); ++i) at[g.chart[i]] = q[i];
    check_against_multipliers(g, at, w);
  }
}

TEST_CASE("affine constraints: for linear constraints the Lagrange–d'Alembert field is (2.8)") {
  auto spec = generic_affine();
  const auto v = hamel::velocities(spec.chart);
  spec.constraints = {v[1] - sin(spec.chart[2]) * v[0]};
  const hamel::NonholonomicSystem sys(spec);
  CHECK_FALSE(sys.is_affine());
  CHECK(hamel::zero_test(hamel::lagrange_dalembert_vector_field(sys) - hamel::nonholonomic_vector_field(sys)).zero);
  CHECK(hamel::jacobi_candidates(sys, {}).empty());
}

TEST_CASE("affine constraints: the ball on a rotating turntable") {
  const hamel::NonholonomicSystem sys(turntable());
  const hamel::Chart& Q = sys.chart();
  const hamel::Chart& M = sys.dual_chart();
  const ex m = Q.parameter("m"), r = Q.parameter("r"), W = Q.parameter("Omega"), x = Q[0], y = Q[1];
  REQUIRE(sys.is_affine());
  // the drift in W = span{∂x, ∂y}: the table's velocity at the ball's centre
  CHECK_SYMBOLIC_EQ_ON(Q, sys.drift()[0], -W * y);
  CHECK_SYMBOLIC_EQ_ON(Q, sys.drift()[1], W * x);
  const hamel::VectorField X = hamel::nonholonomic_vector_field(sys);
  // the centre: ẍ = −(2/7) Ω ẏ, ÿ = (2/7) Ω ẋ (circles at 2Ω/7)
  CHECK_SYMBOLIC_EQ_ON(M, X(X(x)), -ex(2) / 7 * W * X(y));
  CHECK_SYMBOLIC_EQ_ON(M, X(X(y)), ex(2) / 7 * W * X(x));
  // the vertical spin ω₃ = φ̇ + ψ̇ cos θ is constant; the energy is not
  const ex qdot_phi = X[2], qdot_psi = X[4];
  CHECK_SYMBOLIC_EQ_ON(M, X(qdot_phi + qdot_psi * cos(Q[3])), 0);
  const ex H = hamel::constrained_hamiltonian(sys);
  CHECK_FALSE(hamel::zero_test(X(H), M).zero);
  // H_c is the energy ½m|ẋ|² + ½I|ω|² on the allowed velocities, whatever the frame
  CHECK_SYMBOLIC_EQ_ON(M, H, m / 2 * (X[0] * X[0] + X[1] * X[1]) +
                                 (ex(1) / 5) * m * r * r *
                                     (pow(X[3], 2) + pow(X[4] * sin(Q[3]), 2) + pow(X[2] + X[4] * cos(Q[3]), 2)));
  // X = Π_nh♯dH_c + Z: Z's configuration part is the drift's part orthogonal to D, not zero
  const hamel::VectorField Z = X - hamel::hamiltonian_vector_field(hamel::nonholonomic_bracket(sys), H);
  CHECK_FALSE(hamel::zero_test(Z).zero);
  // the moving energy: the table's rotation Ω(−y∂x + x∂y + ∂φ) lies in X_0 + D and H_c − ⟨p, Y⟩ is conserved
  const hamel::VectorField rotation(Q, {-y, x, 1, 0, 0});
  REQUIRE(hamel::drift_multiple(sys, rotation));
  CHECK_SYMBOLIC_EQ_ON(Q, *hamel::drift_multiple(sys, rotation), W);
  const auto candidates = hamel::jacobi_candidates(sys, {{"rotation", rotation}, {"spin", hamel::VectorField(Q, {0, 0, 0, 0, 1})}});
  REQUIRE(candidates.size() == 2);  // X0 and the rotation; the spin ∂ψ is in ker ω, not in X_0 + D
  CHECK(candidates[1].name == "rotation");
  for (const auto& c : candidates) CHECK_SYMBOLIC_EQ_ON(M, X(c.integral), 0);
  // the rotation is a symmetry of the affine constraints; a translation keeps D but not X_0 + D
  CHECK(hamel::check_generator(sys, rotation, "rotation").holds());
  const hamel::GeneratorCheck shift = hamel::check_generator(sys, hamel::VectorField(Q, {1, 0, 0, 0, 0}), "shift");
  CHECK(shift.lagrangian.zero);
  CHECK_FALSE(shift.distribution.zero);
  CHECK(shift.distribution_failing == "omega^2([shift, X_0])");
}

TEST_CASE("affine constraints: the Legendre map pi = G v + A and its inverse, and q' at pi = G v + A is X_0 + rho v") {
  const hamel::NonholonomicSystem sys(generic_affine());
  const auto to_pi = hamel::legendre_map(sys), to_v = hamel::inverse_legendre_map(sys);
  const auto& D = sys.velocity_chart();
  const auto v = sys.quasi_velocities();
  // v -> pi -> v is the identity
  for (const ex& va : v) CHECK_SYMBOLIC_EQ_ON(D, to_v.at(va).subs(to_pi), va);
  // the velocities with momenta pi (constrained_velocities) at pi = G v + A are X_0 + rho v
  const auto qdot = hamel::constrained_velocities(sys);
  for (std::size_t i = 0; i < qdot.size(); ++i) {
    ex expected = sys.drift()[i];
    for (unsigned a = 0; a < v.size(); ++a) expected += sys.rho()(static_cast<unsigned>(i), a) * v[a];
    CHECK_SYMBOLIC_EQ_ON(D, qdot[i].subs(to_pi), expected);
  }
}

}  // TEST_SUITE
