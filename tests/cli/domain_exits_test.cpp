// tests/cli/domain_exits_test.cpp — hybrid, contact and discrete runs say when they leave a coordinate's
// declared domain, where the derivation's zero tests were decided (derivation/domain_exits.hpp); the
// nonholonomic case is in computed_frame_test.cpp.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_file.hpp"

using hamel::test::has;
using hamel::test::run;
using hamel::test::Run;

namespace {

// The number written after `key` in `text` (the first occurrence), NaN when absent.
double number_after(const std::string& text, const std::string& key) {
  const auto at = text.find(key);
  return at == std::string::npos ? std::nan("") : std::stod(text.substr(at + key.size()));
}

// The output of `hamel <command> FILE` (simulate with --brief), which must succeed.
std::string output_of(const std::string& command, const hamel::test::TempFile& f) {
  const Run r = command == "simulate" ? run({command, f.path(), "--brief"}) : run({command, f.path()});
  REQUIRE(r.status == 0);
  return r.out;
}

}  // namespace

TEST_SUITE("cli") {

// dropped from y = 1 under g = 1: y = 1 − t²/2 reaches the end 0.5 of (0.5, 2) at t = 1, before the floor
TEST_CASE("hamel simulate and derive: a hybrid run leaving its declared domain says when, on the output grid") {
  hamel::test::TempFile f("parameters: [m, g]\ncoordinates: [x, y]\ndomain: {y: [0.5, 2]}\n"
                          "lagrangian: \"m/2*(x_dot^2 + y_dot^2) - m*g*y\"\n"
                          "hybrid:\n  guards:\n    - {name: floor, surface: \"y\", direction: falling, newtonian: {restitution: 1}}\n"
                          "simulate:\n  values: {m: 1, g: 1}\n  initial: {x: 0, y: 1, x_dot: 0, y_dot: 0}\n  time: 1.5\n  step: 0.01\n",
                          ".yaml");
  const std::string simulated = output_of("simulate", f), key = "y leaves its declared domain (0.5, 2) by t = ";
  REQUIRE(has(simulated, key));
  CHECK(number_after(simulated, key) == doctest::Approx(1).epsilon(1e-9));
  CHECK(has(simulated, "the checks of the derivation were decided on the domain"));
  CHECK(has(output_of("derive", f), key));
}

// Herglotz: x_dot' = −γ x_dot, x = 2 (1 − e^{−t/2}) for x_dot(0) = 1, γ = 1/2, reaches 0.5 at t = 2 ln(4/3) ≈ 0.575
TEST_CASE("hamel simulate: a contact run leaving its declared domain says when") {
  hamel::test::TempFile f("parameters: [gamma]\ncoordinates: [x]\ndomain: {x: [-1, 0.5]}\naction_dependent: true\n"
                          "lagrangian: \"x_dot^2/2 - gamma*z\"\n"
                          "simulate:\n  values: {gamma: 0.5}\n  initial: {x: 0, x_dot: 1, z: 0}\n  time: 2\n  step: 0.01\n",
                          ".yaml");
  const std::string simulated = output_of("simulate", f), key = "x leaves its declared domain (-1, 0.5) by t = ";
  REQUIRE(has(simulated, key));
  const double t = number_after(simulated, key);
  CHECK(t >= 2 * std::log(4.0 / 3.0));
  CHECK(t < 0.7);
}

// x_k = 0.15 k (a free glide, midpoint rule, h = 0.1): first at 1 or beyond at k = 7, t = 0.7
TEST_CASE("hamel simulate and derive: a discrete run leaving its declared domain says at which t_k = k h") {
  hamel::test::TempFile f("parameters: [h, m]\ncoordinates: [x, y]\ndomain: {x: [-1, 1]}\n"
                          "discrete:\n  step: h\n  quadrature: midpoint\n  lagrangian: \"m/2*(x_dot^2 + y_dot^2)\"\n"
                          "  constraints: [\"y_dot\"]\n"
                          "  simulate:\n    values: {h: 0.1, m: 1}\n    steps: 20\n    q0: {x: 0, y: 0}\n    q1: {x: 0.15}\n",
                          ".yaml");
  CHECK(has(output_of("simulate", f), "x leaves its declared domain (-1, 1) by t = 0.7 (x = 1.05)"));
  CHECK(has(output_of("derive", f), "x leaves its declared domain (-1, 1) by t = 0.7 (x = 1.05)"));
}

// The three-link snake of bench/systems with its shape angles and two momenta as variables: derive writes
// the reduced equations with the momentum variables' velocities v_p1, v_p2 (the Legendre map listed), which
// `simulate` solved for in the variables (it stopped at "output 7 contains the symbol 'v_p1'"); the reduced
// run then agrees with the full one to rounding. The run on an output grid also reports its domain exits
// (they were looked for on the accepted steps only, which a grid run does not keep).
TEST_CASE("hamel simulate: reduced equations written with the velocities of the momentum variables are integrated") {
  hamel::test::TempFile f(
      "parameters: [m, J, l]\ncoordinates: [x, y, theta, phi1, phi2]\ndomain: {phi1: [-1, 1], phi2: [-1, 1]}\n"
      "lagrangian: \"m/2*(x_dot^2 + y_dot^2) + J/2*theta_dot^2 + m/2*((x_dot - l*sin(theta)*theta_dot - l*sin(theta + phi1)*"
      "(theta_dot + phi1_dot))^2 + (y_dot + l*cos(theta)*theta_dot + l*cos(theta + phi1)*(theta_dot + phi1_dot))^2) + "
      "J/2*(theta_dot + phi1_dot)^2 + m/2*((x_dot + l*sin(theta)*theta_dot + l*sin(theta + phi2)*(theta_dot + phi2_dot))^2 + "
      "(y_dot - l*cos(theta)*theta_dot - l*cos(theta + phi2)*(theta_dot + phi2_dot))^2) + J/2*(theta_dot + phi2_dot)^2\"\n"
      "constraints:\n  - \"-sin(theta)*x_dot + cos(theta)*y_dot\"\n"
      "  - \"-sin(theta + phi1)*x_dot + cos(theta + phi1)*y_dot + l*cos(phi1)*theta_dot + l*(theta_dot + phi1_dot)\"\n"
      "  - \"-sin(theta + phi2)*x_dot + cos(theta + phi2)*y_dot - l*cos(phi2)*theta_dot - l*(theta_dot + phi2_dot)\"\n"
      "symmetry:\n  rotation: {theta: 1, x: \"-y\", y: \"x\"}\n  translation_x: {x: 1}\n  translation_y: {y: 1}\n"
      "variables:\n  s1: \"phi1\"\n  s2: \"phi2\"\n  p1: \"pi1\"\n  p2: \"pi2\"\n"
      "simulate:\n  values: {m: 1, J: 0.1, l: 0.5}\n"
      "  initial: {x: 0, y: 0, theta: 0, phi1: 0.3, phi2: -0.2, pi1: 0.5, pi2: 0.1}\n  time: 10\n  step: 0.05\n",
      ".yaml");
  REQUIRE(has(output_of("derive", f), "d/dt s1 = -v_p1*cos(s1) - v_p1 + v_p2*sin(s1)"));
  const std::string simulated = output_of("simulate", f);
  CHECK_FALSE(has(simulated, "not integrated"));
  for (const std::string u : {"s1", "s2", "p1", "p2"}) {
    const std::string key = u + "_full - " + u + " (" + u + "(q, pi) of the full solution minus the reduced equations' " + u +
                            "): f(t0) = 0, drift ";
    REQUIRE(has(simulated, key));
    CHECK(number_after(simulated, key) < 1e-9);
  }
  CHECK(has(simulated, "phi2 leaves its declared domain (-1, 1) by t = 0.35 (phi2 = -1.07725)"));
}

}  // TEST_SUITE
