// tests/derivation/nonholonomic_simulation_test.cpp — `hamel simulate` for nonholonomic systems
// (derivation/nonholonomic_simulation.hpp) against a solution derived independently of Hamel.
//
// The nonholonomic particle L = m/2 (ẋ² + ẏ² + ż²), ż = y ẋ, by Lagrange–d'Alembert with a multiplier:
// m ẍ = −λ y, m ÿ = 0, m z̈ = λ, and the constraint's derivative z̈ = ẏ ẋ + y ẍ gives
// λ = m ẋ ẏ / (1 + y²).  So ẏ = c is constant, y = y0 + c t, and d/dt (ẋ √(1 + y²)) = 0:
// ẋ = K/√(1 + y²) with K = ẋ0 √(1 + y0²). Integrating,
//   x(t) = x0 + (K/c)(asinh y(t) − asinh y0),   z(t) = z0 + (K/c)(√(1 + y(t)²) − √(1 + y0²)).
#include <doctest/doctest.h>

#include <cmath>

#include "core/error.hpp"
#include "derivation/nonholonomic_simulation.hpp"
#include "geometry/lifts.hpp"

namespace {

// One input for every test: a chart's symbols are its own, so the values must name this one's m.
hamel::NonholonomicInput make_particle() {
  const hamel::Chart Q = hamel::Chart::make("Q", {"x", "y", "z"}, {"m"});
  const hamel::Chart TQ = hamel::tangent_bundle(Q);
  const GiNaC::ex y = Q[1], m = Q.parameters()[0], xd = TQ[3], yd = TQ[4], zd = TQ[5];
  hamel::NonholonomicInput in{Q, m / 2 * (xd * xd + yd * yd + zd * zd), {zd - y * xd}};
  return in;
}

const hamel::NonholonomicInput& particle() {
  static const hamel::NonholonomicInput in = make_particle();
  return in;
}

hamel::NonholonomicRunSpec particle_run(std::vector<std::pair<std::string, double>> initial) {
  hamel::NonholonomicRunSpec spec;
  spec.values[particle().Q.parameters()[0]] = 2.5;
  spec.initial = std::move(initial);
  spec.t1 = 6;
  return spec;
}

std::string error_of(const hamel::NonholonomicRunSpec& spec) {
  try {
    (void)hamel::simulate_nonholonomic(particle(), spec);
  } catch (const hamel::DomainError& e) {
    return e.what();
  }
  return "ok";
}

}  // namespace

TEST_SUITE("derivation") {

TEST_CASE("simulate_nonholonomic: the nonholonomic particle follows its closed-form solution") {
  const double x0 = 0.3, y0 = -1.2, z0 = 0.1, xd0 = 0.8, c = 0.45;
  const auto spec = particle_run({{"x", x0}, {"y", y0}, {"z", z0}, {"x_dot", xd0}, {"y_dot", c}, {"z_dot", y0 * xd0}});
  const hamel::NonholonomicRun r = hamel::simulate_nonholonomic(particle(), spec);
  REQUIRE(r.run.trajectory.completed());
  const double T = spec.t1, yT = y0 + c * T, K = xd0 * std::sqrt(1 + y0 * y0);
  const hamel::State& end = r.run.trajectory.x_end;
  CHECK(end[0] == doctest::Approx(x0 + K / c * (std::asinh(yT) - std::asinh(y0))).epsilon(1e-10));
  CHECK(end[1] == doctest::Approx(yT).epsilon(1e-12));
  CHECK(end[2] == doctest::Approx(z0 + K / c * (std::sqrt(1 + yT * yT) - std::sqrt(1 + y0 * y0))).epsilon(1e-10));
  // H_c = m (ẋ² + ẏ² + ż²)/2 at the start, monitored along the run
  REQUIRE(r.run.names.front() == "H_c");
  CHECK(r.run.initial[0] == doctest::Approx(2.5 / 2 * (xd0 * xd0 + c * c + y0 * y0 * xd0 * xd0)).epsilon(1e-14));
  CHECK(r.run.relative_drift[0] < 1e-10);
  CHECK(r.state_names == std::vector<std::string>{"x", "y", "z", "pi1", "pi2"});
}

TEST_CASE("simulate_nonholonomic: the same start given by momenta runs the same motion") {
  const auto by_velocity = hamel::simulate_nonholonomic(particle(), particle_run({{"x", 0}, {"y", 0.5}, {"z", 0},
                                                                                  {"x_dot", 1}, {"y_dot", -0.2}, {"z_dot", 0.5}}));
  std::vector<std::pair<std::string, double>> by_momenta{{"x", 0}, {"y", 0.5}, {"z", 0}};
  for (std::size_t a = 0; a < 2; ++a) by_momenta.emplace_back(by_velocity.state_names[3 + a], by_velocity.start[3 + a]);
  const auto again = hamel::simulate_nonholonomic(particle(), particle_run(by_momenta));
  for (std::size_t i = 0; i < 5; ++i) CHECK(again.run.trajectory.x_end[i] == doctest::Approx(by_velocity.run.trajectory.x_end[i]).epsilon(1e-14));
}

TEST_CASE("simulate_nonholonomic: a start off D, or an incomplete one, is refused with what is wrong") {
  // ż = 0.7 but y ẋ = 0.5
  CHECK(error_of(particle_run({{"x", 0}, {"y", 0.5}, {"z", 0}, {"x_dot", 1}, {"y_dot", 0}, {"z_dot", 0.7}}))
            .find("the initial velocities do not satisfy the constraints (they are not in D)") != std::string::npos);
  CHECK(error_of(particle_run({{"x", 0}, {"y", 0.5}, {"z", 0}, {"x_dot", 1}, {"z_dot", 0.5}})).find("got none for y_dot") !=
        std::string::npos);
  CHECK(error_of(particle_run({{"x", 0}, {"y", 0.5}, {"z", 0}, {"pi1", 1}})).find("every momentum pi_a") != std::string::npos);
  CHECK(error_of(particle_run({{"x", 0}, {"y", 0.5}, {"z", 0}, {"x_dot", 1}, {"y_dot", 0}, {"z_dot", 0.5}, {"pi1", 1}}))
            .find("velocities or momenta, not both") != std::string::npos);
}

TEST_CASE("simulate_nonholonomic: the rolling disk keeps its constrained energy") {
  // a second system, with a frame from the constraints and five coordinates: H_c (2.7) is a first
  // integral of (2.8), so its drift is the integrator's error (tolerances 1e-12)
  const hamel::Chart Q = hamel::Chart::make("Q", {"phi", "theta", "psi", "x", "y"}, {"m", "R"});
  const hamel::Chart TQ = hamel::tangent_bundle(Q);
  const GiNaC::ex phi = Q[0], th = Q[1], m = Q.parameters()[0], R = Q.parameters()[1];
  const GiNaC::ex pd = TQ[5], td = TQ[6], sd = TQ[7], xd = TQ[8], yd = TQ[9];
  const GiNaC::ex I1 = m * R * R / 4, I3 = m * R * R / 2, a2 = R * cos(th);
  const GiNaC::ex L = ((I1 * pow(sin(th), 2) + I3 * pow(cos(th), 2)) * pd * pd + (I1 + m * a2 * a2) * td * td + I3 * sd * sd +
                       2 * I3 * cos(th) * pd * sd + m * (xd * xd + yd * yd)) / 2;
  hamel::NonholonomicInput in{Q, L, {xd + a2 * cos(phi) * pd - R * sin(th) * sin(phi) * td + R * cos(phi) * sd,
                                     yd + a2 * sin(phi) * pd + R * sin(th) * cos(phi) * td + R * sin(phi) * sd}};
  hamel::NonholonomicRunSpec spec;
  spec.values = {{m, 1.2}, {R, 0.8}};
  spec.initial = {{"phi", 0}, {"theta", 1.3}, {"psi", 0}, {"x", 0}, {"y", 0}, {"pi1", 0.2}, {"pi2", 0.5}, {"pi3", 0.1}};
  spec.t1 = 10;
  spec.step = 0.5;
  const hamel::NonholonomicRun r = hamel::simulate_nonholonomic(in, spec);
  REQUIRE(r.run.trajectory.completed());
  CHECK(r.run.relative_drift[0] < 1e-10);
  CHECK(r.run.samples.size() == 21);  // t = 0, 0.5, …, 10
}

}  // TEST_SUITE
