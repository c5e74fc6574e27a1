// tests/cli/eval_test.cpp — `hamel eval --at` (tester report t2 §5, 9-12): digits from the exact point,
// a located error for every bad point, no count of checks. Reference values from mpmath at 1000 digits.
#include <doctest/doctest.h>

#include "tests/support/cli_run.hpp"

namespace {
using hamel::test::has;
using hamel::test::run;
using hamel::test::Run;

const char* const kSleigh = "examples/chaplygin_sleigh.yaml";

// The sleigh (X1 = cos θ ∂x + sin θ ∂y + …) at θ, the rest fixed.
Run sleigh_at(const std::string& theta) {
  return run({"eval", kSleigh, "--at", "theta=" + theta + ", m=1, J=1, a=1, pi1=0.3, pi2=1"});
}

}  // namespace

TEST_CASE("hamel eval: cos and sin of an exact decimal, with 15 correct digits however large") {
  // read as a double, 123456.789 gave 0.0516725327187014 (11 digits), 1e23 the wrong sign, 1e40 cos = 1
  const std::vector<std::vector<std::string>> rows = {
      {"123456.789", "0.0516725327143998", "-0.998664082343447"},
      {"1e23", "-0.713023003230048", "0.701140639861078"},
      {"1e40", "-0.821898891907024", "-0.569633400953636"},
      {"1e300", "-0.168214444374245", "-0.985750425160377"},
  };
  for (const auto& row : rows) {
    const Run r = sleigh_at(row[0]);
    INFO(row[0], r.err);
    REQUIRE(r.status == 0);
    CHECK(has(r.out, "  X1^x = " + row[1] + "\n"));
    CHECK(has(r.out, "  X1^y = " + row[2] + "\n"));
  }
}

TEST_CASE("hamel eval: a value exactly 0 at the point is printed 0") {
  // cos(pi/2) printed -1.8E-17 when pi/2 was a double
  const Run r = sleigh_at("pi/2");
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "  X1^x = 0\n"));
  CHECK(has(r.out, "  X1^y = 1\n"));
  CHECK(has(r.out, "at theta = 1.5707963267949, m = 1"));
}

TEST_CASE("hamel eval: every bad point is a located error with exit status 2") {
  const auto error_of = [](const std::string& at) {
    const Run r = run({"eval", kSleigh, "--at", at});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    return r.err;
  };
  const std::string open = ": unbalanced parentheses; expected a matching ')' for this '(', got the end of the text\n";
  // an open '(' dropped the assignments after it, with exit status 0
  CHECK(error_of("theta=sin(") == "error: --at:1:10" + open);
  CHECK(error_of("pi1=2, theta=(1") == "error: --at:1:14" + open);
  CHECK(error_of("Theta=1") == "error: --at:1:1: 'Theta' is not a name of the system; expected a coordinate, velocity, "
                               "momentum, parameter or variable (did you mean 'theta'?)\n");
  CHECK(error_of("m=1, Theta=1").find("error: --at:1:6: 'Theta'") == 0);
  CHECK(error_of("theta=1/0") == "error: --at:1:9: the value is not defined: a division by zero; got '0'\n");
  CHECK(error_of("theta=log(0)") == "error: --at:1:12: the value is not defined: log(0); got ')'\n");
  // m, J, a are positive by default, as a `values: {m: 0}` of the file is refused
  const std::string positive = "expected a positive value (the parameter m is declared positive; 'positive: false' in the "
                               "system file allows any), got ";
  CHECK(error_of("theta=1, m=-1, J=1") == "error: --at:1:12: " + positive + "'-1'\n");
  CHECK(error_of("m=0") == "error: --at:1:3: " + positive + "'0'\n");
  CHECK(error_of("m = 1 - 1") == "error: --at:1:5: " + positive + "'1 - 1'\n");
  CHECK(sleigh_at("1").status == 0);  // m = 1 > 0
  // a second --at replaced the first
  const Run twice = run({"eval", kSleigh, "--at", "theta=1", "--at", "m=2"});
  CHECK(twice.status == 2);
  CHECK(twice.err == "error: option --at given twice; expected it once (every name=value in one --at, separated by commas)\n");
}

TEST_CASE("hamel eval: ends with the count of entries evaluated, not an empty count of checks") {
  // every name the sleigh's objects use: every entry is a number
  const std::string all = "x=0, y=0, theta=0.5, pi1=1, pi2=1, v=1, omega=0.5, v1=1, v2=1, m=1, J=1, a=1";
  const Run r = run({"eval", kSleigh, "--at", all});
  REQUIRE(r.status == 0);
  CHECK_FALSE(has(r.out, "checks:"));
  CHECK_FALSE(has(r.out, "no failures"));
  CHECK(has(r.out, "\n43 entries at the point: 43 numbers, 0 formulas\n"));
  const Run brief = run({"eval", kSleigh, "--at", all, "--brief"});
  REQUIRE(brief.status == 0);
  CHECK_FALSE(has(brief.out, "checks:"));
  CHECK(has(brief.out, "at x = 0, y = 0, theta = 0.5"));
  CHECK(has(brief.out, " numbers, 0 formulas\n"));
  CHECK_FALSE(has(brief.out, "X1^x"));  // --brief leaves out the objects
  // a name left out keeps the formulas in it
  const Run partial = run({"eval", kSleigh, "--at", "theta=0.5"});
  REQUIRE(partial.status == 0);
  CHECK_FALSE(has(partial.out, " 0 formulas\n"));
}

TEST_CASE("hamel eval: the coefficients of a formula left in names are as exact as the numbers") {
  // the Chaplygin sphere at θ = 3/10, I1 = 2, I3 = 1, m = R = 1: the Hamel equation of v1 keeps v1, v2,
  // v3; its coefficients were two rounded numbers GiNaC multiplied (-4.3712675561915324773); the
  // Jacobiator, 2.38353590674168|498 by mpmath, was printed …169
  const Run r = run({"eval", "examples/chaplygin_sphere.yaml", "--at", "theta=0.3, I1=2, I3=1, m=1, R=1, psi=0.4, phi=0.5"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "  d/dt v1 = -4.37126755619154*v1*v2 + 2.19209540845328*v2*v3\n"));
  CHECK(has(r.out, "  Jac_psi,pi1,pi2 = 1.19176795337084\n"));
}

TEST_CASE("hamel eval: a point in (q, pi) is a point in the variables, whose entries are numbers too") {
  // The flagship's {M1, M2} = 2(g1 g3 M1 + g2 g3 M2 - M3)/(g3^2 + 2) and {M1, M3} (its (6.10) at m = R = I1 = 1,
  // I3 = 3) with M, gamma of the file's definitions at theta = 1, psi = 0.5, pi = (0.1, 0.2, 0.3): the
  // values by hand in double arithmetic, -0.2910632012303507 and -0.172854814655527 (a tester: they stayed
  // formulas in M and gamma).
  const Run r = run({"eval", "examples/chaplygin_sphere.yaml", "--at",
                     "m=1, R=1, I1=1, I3=3, theta=1, psi=0.5, pi1=0.1, pi2=0.2, pi3=0.3"});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "  {M1, M2} = -0.291063201230351\n"));
  CHECK(has(r.out, "  {M1, M3} = -0.172854814655527\n"));
  CHECK(has(r.out, "  {M1, gamma2} = -0.54030230586814\n"));  // -gamma3 = -cos 1
  CHECK_FALSE(has(r.out, "{M2, M3} = (2*gamma1"));
}
