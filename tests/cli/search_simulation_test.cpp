// tests/cli/search_simulation_test.cpp — `hamel simulate` monitors the gauge momenta a search finds
// (issue 19 §2): the Routh sphere's C1, C2, whose span holds Jellett's integral r p_W1 + e p_W2 (gauge.md A16).
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_file.hpp"

TEST_CASE("hamel simulate: the Routh sphere's search momenta C1, C2 and Jellett's integral stay constant") {
  hamel::test::TempFile csv("", ".csv");
  const hamel::test::Run r = hamel::test::run({"simulate", "examples/routh_sphere.yaml", "--csv", csv.path()});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(hamel::test::has(r.out, "C1 (gauge momentum 1 of the search"));
  std::ifstream in(csv.path());
  std::string line;
  std::getline(in, line);
  REQUIRE(line == "t,phi,theta,psi,x,y,pi1,pi2,pi3,H_c,C1,C2");
  // Jellett: r pi1 + e pi2 (pi1 = p_W1, pi2 = p_W2; r = 0.5, e = 0.1), computed from the state alone
  double jellett0 = 0, c10 = 0, c20 = 0;
  int rows = 0;
  while (std::getline(in, line)) {
    std::vector<double> v;
    std::stringstream ss(line);
    for (std::string c; std::getline(ss, c, ',');) v.push_back(std::stod(c));
    const double jellett = 0.5 * v[6] + 0.1 * v[7];
    if (rows++ == 0) jellett0 = jellett, c10 = v[10], c20 = v[11];
    CHECK(jellett == doctest::Approx(jellett0).epsilon(1e-10));
    CHECK(v[10] == doctest::Approx(c10).epsilon(1e-10));
    CHECK(v[11] == doctest::Approx(c20).epsilon(1e-10));
    CHECK(std::isfinite(v[10]));  // inside the interval where the search solved
  }
  CHECK(rows == 101);
  CHECK(std::abs(jellett0) > 0.1);  // not a trivially vanishing combination
}
