// tests/brackets/polynomial_casimirs_test.cpp — Casimirs among the polynomials of degree ≤ 2 in the
// variables (brackets/polynomial_casimirs.hpp), on brackets given by their table on a chart.
#include <doctest/doctest.h>

#include "brackets/polynomial_casimirs.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

namespace {

using Table = std::map<std::pair<std::size_t, std::size_t>, ex>;

// The variables u_a = the chart's coordinates, named alike on a sibling chart.
struct OnChart {
  hamel::Chart P;
  hamel::Chart U;
  std::vector<hamel::NamedFunction> variables;
  explicit OnChart(const std::vector<std::string>& names, const std::vector<std::string>& parameters = {})
      : P(hamel::Chart::make("P", names, parameters)), U(P.sibling("U", names)) {
    for (std::size_t a = 0; a < names.size(); ++a) variables.push_back({names[a], P[a]});
  }
  hamel::PolynomialCasimirs casimirs(const Table& t) const { return hamel::polynomial_casimirs(U.coordinates(), variables, t, P); }
};

// c·expected for some number c ≠ 0.
bool proportional(const ex& found, const ex& expected) {
  const ex r = (found / expected).normal();
  return GiNaC::is_a<GiNaC::numeric>(r) && !r.is_zero();
}

}  // namespace

TEST_CASE("polynomial_casimirs: so(3)*, {x, y} = z and cyclic, has x^2 + y^2 + z^2 and nothing of degree 1") {
  const OnChart c({"x", "y", "z"});
  const ex x = c.P[0], y = c.P[1], z = c.P[2];
  const auto r = c.casimirs({{{0, 1}, z}, {{1, 2}, x}, {{0, 2}, -y}});
  REQUIRE(r.found.size() == 1);
  const ex u1 = c.U[0], u2 = c.U[1], u3 = c.U[2];
  CHECK(proportional(r.found[0].in_variables, u1 * u1 + u2 * u2 + u3 * u3));
  CHECK(proportional(r.found[0].on_dual, x * x + y * y + z * z));
  CHECK(r.found[0].verified.zero);
  CHECK(r.not_lifted == 0);
}

TEST_CASE("polynomial_casimirs: a linear Casimir k once, not k^2, and a symplectic pair has none") {
  const OnChart c({"x", "y", "k"});
  // {x, y} = 1 + k^2: k commutes with x and y; k^2 does too, a function of k, left out
  const auto r = c.casimirs({{{0, 1}, 1 + c.P[2] * c.P[2]}});
  REQUIRE(r.found.size() == 1);
  CHECK(proportional(r.found[0].in_variables, c.U[2]));
  const OnChart plane({"x", "y"});
  CHECK(plane.casimirs({{{0, 1}, ex(1)}}).found.empty());
}

TEST_CASE("polynomial_casimirs: a coefficient that depends on a parameter is not a rational number, so not found") {
  // {x, z} = a, {y, z} = -1: a·y + x... is not; y·a − x is a Casimir only with a coefficient a
  const OnChart c({"x", "y", "z"}, {"a"});
  const ex a = c.P.parameter("a");
  const auto r = c.casimirs({{{0, 2}, ex(1)}, {{1, 2}, a}});
  CHECK(r.found.empty());
  // with a = 2 the combination 2x − y is found
  const auto two = c.casimirs({{{0, 2}, ex(1)}, {{1, 2}, ex(2)}});
  REQUIRE(two.found.size() == 1);
  CHECK(proportional(two.found[0].in_variables, 2 * c.U[0] - c.U[1]));
}

TEST_CASE("polynomial_casimirs: functions constant on D* (a relation among the variables) are not Casimirs found") {
  // u = (cos t, sin t, p) with {cos t, p} = −sin t, {sin t, p} = cos t: cos² + sin² = 1 commutes with all, but is constant
  const hamel::Chart P = hamel::Chart::make("P", {"t", "p"}, {});
  const hamel::Chart U = P.sibling("U", {"c", "s", "q"});
  const ex t = P[0], p = P[1];
  const std::vector<hamel::NamedFunction> vars{{"c", cos(t)}, {"s", sin(t)}, {"q", p}};
  const auto r = hamel::polynomial_casimirs(U.coordinates(), vars, {{{0, 2}, -sin(t)}, {{1, 2}, cos(t)}}, P);
  CHECK(r.found.empty());
  CHECK(r.skipped.empty());
}
