// tests/cli/computed_frame_test.cpp — the frame of D Hamel computes when the system file gives none
// (issue 16 §2): regular where an invariant one is, and its degeneracy named where none can be.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_file.hpp"

namespace {
using hamel::test::has;
using hamel::test::run;
using hamel::test::Run;

// A vertical penny tied to the origin by a spring; its symmetry rotates about the origin.
const std::string kPenny =
    "parameters: [m, I, J, R, k]\ncoordinates: [x, y, theta, phi]\n"
    "lagrangian: \"m/2*(x_dot^2 + y_dot^2) + I/2*theta_dot^2 + J/2*phi_dot^2 - k/2*(x^2 + y^2)\"\n"
    "constraints:\n  - \"x_dot - R*cos(theta)*phi_dot\"\n  - \"y_dot - R*sin(theta)*phi_dot\"\n"
    "symmetry:\n  rotation: {x: \"-y\", y: \"x\", theta: 1}\n  roll: {phi: 1}\n"
    "simulate:\n  values: {m: 1, I: 0.5, J: 0.25, R: 0.5, k: 2}\n"
    "  initial: {x: 1, y: 0, theta: 3.141592653589793, phi: 0, theta_dot: 0, phi_dot: 1, x_dot: -0.5, y_dot: 0}\n"
    "  time: 30\n  step: 0.1\n";

// The Heisenberg system rotated about the z axis, with `frame` (empty: Hamel computes one).
std::string heisenberg(const std::string& frame) {
  return "parameters: [m, k]\ncoordinates: [x, y, z]\n"
         "lagrangian: \"m/2*(x_dot^2 + y_dot^2 + z_dot^2) - k/2*(x^2 + y^2)\"\n"
         "constraints:\n  - \"z_dot - (x*y_dot - y*x_dot)/2\"\n" +
         frame + "symmetry:\n  rotation: {x: \"-y\", y: \"x\"}\n  lift: {z: 1}\n";
}

double value_after(const std::string& text, const std::string& key) {
  const auto at = text.find(key);
  REQUIRE(at != std::string::npos);
  return std::stod(text.substr(at + key.size()));
}
}  // namespace

TEST_CASE("hamel derive: the penny's rolling field without the factor x^2 + y^2 the kernel came with") {
  // before: X2 = (x² + y²)(R cos θ ∂x + R sin θ ∂y + ∂φ), G_22 = (J + m R²)(x² + y²)², singular at the origin
  hamel::test::TempFile penny(kPenny, ".yaml");
  const Run r = run({"derive", penny.path()});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "  X2^x = R*cos(theta)\n  X2^y = R*sin(theta)\n  X2^phi = 1\n"));
  CHECK(has(r.out, "  G_22 = J + m*R^2\n"));
  CHECK(has(r.out, "[yes] the frame Hamel computed is invariant under the generators"));
  CHECK_FALSE(has(r.out, "degenerates"));
}

TEST_CASE("hamel simulate: the penny rolls through the origin as the closed form says") {
  // θ = π: x'' = −k R² x/(J + m R²) = −x, so x = cos t − sin t/2 (before: x(1.2) = 0.191 for −0.104,
  // H_c jumped from 1.25 to 4.25 at the origin and the run stopped at t = 23.1)
  hamel::test::TempFile penny(kPenny, ".yaml");
  const Run r = run({"simulate", penny.path()});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(value_after(r.out, "final state at t = 30: x = ") == doctest::Approx(std::cos(30.0) - std::sin(30.0) / 2).epsilon(1e-7));
  CHECK(value_after(r.out, "H_c (constrained energy, 004 (2.7)): f(t0) = 1.25, drift ") < 1e-8);
}

TEST_CASE("hamel derive: a computed frame that degenerates at a fixed point of the rotation says where") {
  // the Heisenberg system rotated about the z axis: D at the origin holds no rotation-invariant vector,
  // the invariant frame found (−y ∂x + x ∂y + …, x ∂x + y ∂y) vanishes there
  hamel::test::TempFile computed(heisenberg(""), ".yaml");
  const Run r = run({"derive", computed.path()});
  INFO(r.err);
  REQUIRE(r.status == 0);
  // det G = m² (x² + y²)² (x² + y² + 4)/4: the factor with no real zero left out, the other named once
  CHECK(has(r.out, "The frame Hamel computed degenerates where det G vanishes, at the zeros of x^2 + y^2: its equations"));
  // a frame given in the file is the user's: nothing said
  hamel::test::TempFile given(heisenberg("frame:\n  X1: {x: 1, z: \"-y/2\"}\n  X2: {y: 1, z: \"x/2\"}\n"), ".yaml");
  const Run g = run({"derive", given.path()});
  INFO(g.err);
  REQUIRE(g.status == 0);
  CHECK_FALSE(has(g.out, "degenerates"));
}

// A car steering at a constant rate (the steering momentum is conserved, the car stands still): φ = 0.3 + 10 t
// leaves its declared (−1.2, 1.2) at t = 0.09, which the run reports at its first step beyond.
TEST_CASE("hamel simulate: a run that leaves a coordinate's declared domain says when") {
  const std::string car =
      "parameters: [m, J, K, L]\ncoordinates: [x, y, theta, phi]\ndomain: {phi: [-1.2, 1.2]}\n"
      "lagrangian: \"m/2*(x_dot^2 + y_dot^2) + J/2*theta_dot^2 + K/2*phi_dot^2\"\n"
      "constraints:\n  - \"-sin(theta)*x_dot + cos(theta)*y_dot\"\n"
      "  - \"-sin(theta + phi)*x_dot + cos(theta + phi)*y_dot - L*cos(phi)*theta_dot\"\n"
      "symmetry:\n  rotation: {theta: 1, x: \"-y\", y: \"x\"}\n  translation_x: {x: 1}\n  translation_y: {y: 1}\n"
      "simulate:\n  values: {m: 1, J: 0.2, K: 0.1, L: 1}\n"
      "  initial: {x: 0, y: 0, theta: 0, phi: 0.3, x_dot: 0, y_dot: 0, theta_dot: 0, phi_dot: 10}\n  time: 1\n";
  hamel::test::TempFile f(car, ".yaml");
  const Run r = run({"simulate", f.path()});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "phi leaves its declared domain (-1.2, 1.2) by t = "));
  const double t = value_after(r.out, "phi leaves its declared domain (-1.2, 1.2) by t = ");
  CHECK(t > 0.09);
  CHECK(t < 0.2);
  CHECK(value_after(r.out, "final state at t = 1: x = ") == doctest::Approx(0).epsilon(1e-9));
  CHECK(value_after(r.out, " phi = ") == doctest::Approx(10.3).epsilon(1e-7));
}
