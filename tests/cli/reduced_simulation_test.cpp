// tests/cli/reduced_simulation_test.cpp — `hamel simulate` with `variables` (issue 19 §2): the reduced
// equations in the variables integrated beside (2.8), against the Chaplygin sleigh's closed form.
#include <doctest/doctest.h>

#include <cmath>

#include "tests/numerics/temp_dir.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/csv.hpp"
#include "tests/support/temp_file.hpp"

namespace {
using hamel::test::has;
using hamel::test::run;
using hamel::test::Run;

}  // namespace

TEST_CASE("hamel simulate: the sleigh's reduced equations in (v, omega) follow the closed form beside (2.8)") {
  hamel::test::TempFile csv("", ".csv");
  const Run r = run({"simulate", "examples/chaplygin_sleigh.yaml", "--csv", csv.path()});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "v_full - v (v(q, pi) of the full solution minus the reduced equations' v)"));
  const hamel::test::Csv c = hamel::test::read_csv(csv.path());
  REQUIRE(c.header == std::vector<std::string>{"t", "x", "y", "theta", "pi1", "pi2", "v", "omega", "H_c", "v_full - v",
                                               "omega_full - omega"});
  // m v̇ = m a ω², energy E = m v²/2 + (J + m a²) ω²/2: v = c tanh(b c t + atanh(v0/c)), c = √(2E/m),
  // b = a m/(J + m a²) (m = 1, J = 1/2, a = 3/10; v0 = π1/m = 0.2, ω0 = π2/(J + m a²) = 0.4/0.59)
  const double m = 1, J = 0.5, a = 0.3, I = J + m * a * a, v0 = 0.2, w0 = 0.4 / I;
  const double cv = std::sqrt(v0 * v0 + I * w0 * w0 / m), b = a * m / I;
  for (const auto& x : c.rows) {
    const double t = x[0], v = x[6], w = x[7];
    CHECK(v == doctest::Approx(cv * std::tanh(b * cv * t + std::atanh(v0 / cv))).epsilon(1e-8));
    CHECK(w == doctest::Approx(std::sqrt(std::max(0.0, m * (cv * cv - v * v) / I))).epsilon(1e-6).scale(1e-3));
    CHECK(std::abs(x[9]) < 1e-12);  // the full solution's v = π1/m minus the reduced v
    CHECK(std::abs(x[10]) < 1e-12);
  }
  CHECK(c.rows.size() == 201);
}

TEST_CASE("hamel simulate: a variable that is not invariant: the reduced equations are not integrated, and it says why") {
  std::string text = hamel::test::read_text("examples/chaplygin_sleigh.yaml");
  const std::string from = "  omega: \"pi2/(J + m*a^2)\"";
  REQUIRE(text.find(from) != std::string::npos);
  text.replace(text.find(from), from.size(), from + "\n  X: \"x\"");
  hamel::test::TempFile file(text, ".yaml");
  const Run r = run({"simulate", file.path()});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "the reduced equations are not integrated: d/dt X is not written in the variables (the variable is not invariant)"));
  CHECK_FALSE(has(r.out, "v_full - v"));
}

TEST_CASE("hamel simulate: a deviation that starts at rounding level is reported with its absolute drift, not as f(t0) = 0") {
  const Run r = run({"simulate", "examples/chaplygin_sleigh.yaml"});
  REQUIRE(r.status == 0);
  // v(q0, pi0) - v0 is exactly 0; omega(q0, pi0) - omega0 = pi2/(J + m a^2) - omega0 is -1.1e-16 (rounding)
  CHECK(has(r.out, "v_full - v (v(q, pi) of the full solution minus the reduced equations' v): f(t0) = 0, drift "));
  CHECK(has(r.out, "no relative drift (f(t0) = 0: the drift is absolute)\n"));
  CHECK(has(r.out, "omega_full - omega (omega(q, pi) of the full solution minus the reduced equations' omega): f(t0) = "
                   "-1.11022302463e-16, drift "));
  CHECK(has(r.out, "no relative drift (|f(t0)| <= 1e-12, rounding level: the drift is absolute)\n"));
  CHECK(!has(r.out, "(f(t0) = 0)"));  // the old text, which contradicted the value printed before it
}

TEST_CASE("hamel simulate: a wrong initial state names 'simulate: initial' once, at the file's position") {
  hamel::test::TempFile f(
      "name: sleigh\nparameters: [m, J, a]\ncoordinates: [x, y, theta]\n"
      "lagrangian: \"m/2*((x_dot - a*sin(theta)*theta_dot)^2 + (y_dot + a*cos(theta)*theta_dot)^2) + J/2*theta_dot^2\"\n"
      "constraints: [\"-sin(theta)*x_dot + cos(theta)*y_dot\"]\n"
      "frame:\n  X1: {x: \"cos(theta)\", y: \"sin(theta)\"}\n  X2: {theta: 1}\n"
      "simulate:\n  values: {m: 1, J: 0.5, a: 0.3}\n  initial: {x: 0, y: 0, theta: 0.2, pi1: 1.0}\n  time: 1\n");
  const Run r = run({"simulate", f.path()});
  CHECK(r.status == 2);
  CHECK(has(r.err, ": 'simulate: initial': an initial state on D∗; expected every coordinate and every momentum pi_a, got none for pi2"));
  CHECK(!has(r.err, "simulate: an initial"));
}
