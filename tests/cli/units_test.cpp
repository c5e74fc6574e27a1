// tests/cli/units_test.cpp — `units:` label the plots (issue 20 §3): the coordinates, their velocities
// (the coordinate's unit over t's) and the time.
#include <doctest/doctest.h>

#include "tests/numerics/temp_dir.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_file.hpp"

namespace {
using hamel::test::has;
using hamel::test::run;
using hamel::test::Run;
const auto text = hamel::test::read_text;
}  // namespace

TEST_CASE("units: the ball's plots say x [m], theta [rad] and t [s]") {
  hamel::test::TempDir dir;
  const Run r = run({"simulate", "examples/ball_on_turntable.yaml", "--plot", dir.file("b.svg"), "--brief"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const std::string time = text(dir.file("b.gp")), path = text(dir.file("b-path.gp"));
  CHECK(has(time, "title 'x [m]'"));
  CHECK(has(time, "title 'theta [rad]'"));
  CHECK(has(time, "set xlabel 't [s]'"));
  CHECK(has(path, "set xlabel 'x [m]'"));
  CHECK(has(path, "set ylabel 'y [m]'"));
  // H_c and the Jacobi-type integrals H_c − p(Y) of the affine constraints are energies; π1 is not
  CHECK(has(time, "'H_c - H_c(t0) [J]'"));
  CHECK(has(time, "'J_rotation - J_rotation(t0) [J]'"));
  CHECK(has(time, "'J_X0 - J_X0(t0) [J]'"));
  CHECK(has(time, "'pi1 - pi1(t0)'"));
}

TEST_CASE("units: a velocity's unit is its coordinate's over t's, a name that is no coordinate is refused") {
  hamel::test::TempDir dir;
  std::string billiard = text("examples/contact_billiard.yaml");
  billiard += "units: {x: m, y: m, t: s, energy: J}\n";
  hamel::test::TempFile f(billiard, ".yaml");
  const Run r = run({"simulate", f.path(), "--plot", dir.file("p.svg"), "--brief"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const std::string time = text(dir.file("p.gp"));
  CHECK(has(time, "title 'x_dot [m/s]'"));
  CHECK(has(time, "'x [m]'"));
  CHECK(has(time, "'E_L - E_L(t0) [J]'"));  // the energy's drift, in its panel
  hamel::test::TempFile bad(text("examples/chaplygin_sleigh.yaml") + "units: {thetaa: rad}\n", ".yaml");
  const Run b = run({"derive", bad.path()});
  CHECK(b.status == 2);
  CHECK(has(b.err, "'units': expected a coordinate, t or energy, got 'thetaa' (did you mean 'theta'?)"));
}
