// tests/cli/search_simulation_test.cpp — `hamel simulate` monitors the gauge momenta a search finds
// (issue 19 §2): the Routh sphere's C1, C2, whose span holds Jellett's integral r p_W1 + e p_W2 (gauge.md A16).
#include <doctest/doctest.h>

#include <cmath>

#include "tests/support/cli_run.hpp"
#include "tests/support/csv.hpp"
#include "tests/support/temp_file.hpp"

TEST_CASE("hamel simulate: the Routh sphere's search momenta C1, C2 and Jellett's integral stay constant") {
  hamel::test::TempFile csv("", ".csv");
  const hamel::test::Run r = hamel::test::run({"simulate", "examples/routh_sphere.yaml", "--csv", csv.path()});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(hamel::test::has(r.out, "\n  C1 (gauge momentum 1 of the search, Σ_i f_i(theta) p_W_i with f numeric): f(t0) = "));
  const hamel::test::Csv c = hamel::test::read_csv(csv.path());
  REQUIRE(c.header == std::vector<std::string>{"t", "phi", "theta", "psi", "x", "y", "pi1", "pi2", "pi3", "H_c", "C1", "C2"});
  REQUIRE(c.rows.size() == 101);
  // Jellett: r pi1 + e pi2 (pi1 = p_W1, pi2 = p_W2; r = 0.5, e = 0.1), computed from the state alone
  const auto jellett = [](const std::vector<double>& v) { return 0.5 * v[6] + 0.1 * v[7]; };
  const double jellett0 = jellett(c.rows.front());
  for (const auto& v : c.rows) {
    CHECK(jellett(v) == doctest::Approx(jellett0).epsilon(1e-10));
    CHECK(v[10] == doctest::Approx(c.rows.front()[10]).epsilon(1e-10));
    CHECK(v[11] == doctest::Approx(c.rows.front()[11]).epsilon(1e-10));
    CHECK(std::isfinite(v[10]));  // inside the interval where the search solved
  }
  CHECK(std::abs(jellett0) > 0.1);  // not a trivially vanishing combination
}
