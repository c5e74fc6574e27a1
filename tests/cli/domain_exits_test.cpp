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

}  // TEST_SUITE
