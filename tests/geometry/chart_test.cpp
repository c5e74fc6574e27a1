// tests/geometry/chart_test.cpp
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "geometry/chart.hpp"

using GiNaC::ex;

TEST_SUITE("geometry") {

TEST_CASE("Chart: coordinates, parameters, domains and abstract functions") {
  hamel::ChartSpec spec;
  spec.name = "Q";
  spec.coordinates = {"phi", "theta", "psi"};
  spec.parameters = {{"m", true}, {"c", false}};
  spec.domain["theta"] = {0, GiNaC::Pi};
  spec.functions = {{"f1", {"theta"}}};
  const hamel::Chart Q(spec);
  CHECK(Q.dim() == 3);
  CHECK(Q.coordinate_name(1) == "theta");
  CHECK(Q.index_of(Q[2]) == std::optional<std::size_t>(2));
  CHECK(Q.index_of("psi") == std::optional<std::size_t>(2));
  CHECK_FALSE(Q.index_of("x"));
  // A positive parameter is a possymbol: √(m²) = m.
  CHECK((sqrt(pow(Q.parameter("m"), 2)) - Q.parameter("m")).is_zero());
  // The abstract function differentiates symbolically.
  const ex f = Q.function_value("f1");
  CHECK(GiNaC::is_a<GiNaC::fderivative>(f.diff(GiNaC::ex_to<GiNaC::symbol>(Q[1]))));
  CHECK(f.diff(GiNaC::ex_to<GiNaC::symbol>(Q[0])).is_zero());
  // Probing respects the domain: sinθ > 0 on (0, π), so |sinθ| − sinθ is zero there.
  const auto v = hamel::zero_test(abs(sin(Q[1])) - sin(Q[1]), Q);
  CHECK(v.zero);
  CHECK(v.method == hamel::Decision::NumericProbing);
  CHECK(Q.describe() == "Q(phi, theta, psi)");
}

TEST_CASE("Chart: extensions share symbols and are cached") {
  const auto Q = hamel::Chart::make("Q", {"x", "y"});
  const auto P = Q.extend("P", {"p1", "p2"});
  CHECK(P.dim() == 4);
  CHECK(P[0].is_equal(Q[0]));
  CHECK(P == Q.extend("P", {"p1", "p2"}));
  CHECK(P.contains(Q));
  CHECK_FALSE(Q.contains(P));
}

TEST_CASE("Chart: a sibling with a domain probes there, and its tangent bundle too") {
  const auto Q = hamel::Chart::make("Q", {"x", "y"}, {"m"});
  const auto U = Q.sibling("U", {"r", "theta"}, {{"r", {0, 3}}});
  REQUIRE(U.domain(0));
  CHECK_FALSE(U.domain(1));
  CHECK(U == Q.sibling("U", {"r", "theta"}, {{"r", {0, 3}}}));  // cached with its domain
  CHECK(U != Q.sibling("U", {"r", "theta"}));                    // a different chart without it
  CHECK(U.parameters()[0].is_equal(Q.parameters()[0]));
  // |r| - r vanishes only for r > 0: zero on U, not on the sibling without a domain
  CHECK(hamel::zero_test(abs(U[0]) - U[0], U).zero);
  CHECK_FALSE(hamel::zero_test(abs(U[0]) - U[0], Q.sibling("V", {"r", "theta"})).zero);
  const auto TU = U.extend("TU", {"r_dot", "theta_dot"});
  CHECK(TU.domain(0));
  const auto E = U.extend("E", {"s"}, {{"s", {-1, 1}}});  // an extension with intervals of its own
  CHECK(E.domain(0));
  CHECK(E.domain(2));
  CHECK(E != U.extend("E", {"s"}));
  CHECK_THROWS_WITH_AS(Q.sibling("W", {"r"}, {{"s", {0, 1}}}),
                       doctest::Contains("Chart: domain given for an unknown coordinate; expected one of W(r), got 's'"),
                       hamel::InvalidArgument);
}

TEST_CASE("Chart: bad declarations and mixing charts give clear errors") {
  CHECK_THROWS_WITH_AS(hamel::Chart::make("Q", {"x", "x"}), doctest::Contains("duplicate name 'x'"),
                       hamel::InvalidArgument);
  hamel::ChartSpec spec;
  spec.name = "Q";
  spec.coordinates = {"x"};
  spec.domain["z"] = {0, 1};
  CHECK_THROWS_WITH_AS(hamel::Chart{spec}, doctest::Contains("unknown coordinate"), hamel::InvalidArgument);
  const auto A = hamel::Chart::make("A", {"x"});
  const auto B = hamel::Chart::make("B", {"x"});
  CHECK_THROWS_WITH_AS(hamel::require_same_chart(A, B, "wedge"),
                       doctest::Contains("wedge: objects live on different charts; expected chart A(x), got chart B(x)"),
                       hamel::InvalidArgument);
}

}  // TEST_SUITE
