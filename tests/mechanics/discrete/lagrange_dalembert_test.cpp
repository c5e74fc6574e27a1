// tests/mechanics/discrete/lagrange_dalembert_test.cpp — quadrature rules and the discrete
// Lagrange–d'Alembert equations (002 (3)) for the running example P2 (discrete.md §3.1, A2).
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "mechanics/discrete/lagrange_dalembert.hpp"
#include "tests/mechanics/discrete/systems.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;

TEST_SUITE("mechanics/discrete") {

TEST_CASE("discretize: P2 by the midpoint rule gives L_d = |dq|^2/(2h) and D_d: dy = (x1^2 - x0^2)/2") {
  test::P2 p;
  const auto s0 = slot(p.Q, 0), s1 = slot(p.Q, 1);
  const ex dx = s1[0] - s0[0], dy = s1[1] - s0[1];
  CHECK_SYMBOLIC_EQ(p.system.lagrangian(), (dx * dx + dy * dy) / (2 * p.h));
  REQUIRE(p.system.kinematic().size() == 1);
  // ω = dy − x dx at the midpoint, applied to Δq
  CHECK_SYMBOLIC_EQ(p.system.kinematic()[0], dy - (pow(s1[0], 2) - pow(s0[0], 2)) / 2);
  REQUIRE(p.system.d_basis().size() == 1);
  CHECK_SYMBOLIC_EQ(p.system.d_basis()[0][1] / p.system.d_basis()[0][0], p.Q[0]);  // X = ∂x + x ∂y
  CHECK(slot_name(p.Q, 1, 2) == "y2");
}

TEST_CASE("discrete_lagrangian: the trapezoidal rule averages the endpoint values") {
  const Chart Q = test::discrete_chart("Osc", {"x"}, {{"h"}, {"k"}});
  const ex h = Q.parameter("h"), k = Q.parameter("k"), v = velocities(Q)[0];
  const ex L = v * v / 2 - k * pow(Q[0], 2) / 2;
  const auto s0 = slot(Q, 0), s1 = slot(Q, 1);
  const ex dx = s1[0] - s0[0];
  CHECK_SYMBOLIC_EQ(discrete_lagrangian(L, Q, QuadratureRule::Trapezoidal, h),
                    dx * dx / (2 * h) - h * k * (pow(s0[0], 2) + pow(s1[0], 2)) / 4);
  CHECK_SYMBOLIC_EQ(discrete_lagrangian(L, Q, QuadratureRule::Midpoint, h),
                    dx * dx / (2 * h) - h * k * pow(s0[0] + s1[0], 2) / 8);
  // an evaluation point other than the midpoint
  CHECK_SYMBOLIC_EQ(discrete_lagrangian(L, Q, QuadratureRule::Midpoint, h, 0),
                    dx * dx / (2 * h) - h * k * pow(s0[0], 2) / 2);
  CHECK(to_string(QuadratureRule::Trapezoidal) == "trapezoidal");
}

TEST_CASE("lagrange_dalembert_equations: P2 (A2), E_k = (dx_{k-1} - dx_k, dy_{k-1} - dy_k)/h and E^x + x_k E^y = 0") {
  test::P2 p;
  const DiscreteEquations eq = lagrange_dalembert_equations(p.system);
  const auto s0 = slot(p.Q, 0), s1 = slot(p.Q, 1), s2 = slot(p.Q, 2);
  REQUIRE(eq.momentum_balance.size() == 2);
  CHECK_SYMBOLIC_EQ(eq.momentum_balance[0], ((s1[0] - s0[0]) - (s2[0] - s1[0])) / p.h);
  CHECK_SYMBOLIC_EQ(eq.momentum_balance[1], ((s1[1] - s0[1]) - (s2[1] - s1[1])) / p.h);
  REQUIRE(eq.on_d.size() == 1);
  CHECK_SYMBOLIC_EQ(eq.on_d[0] / p.system.d_basis()[0][0].subs(p.Q[0] == s1[0]),
                    eq.momentum_balance[0] + s1[0] * eq.momentum_balance[1]);
  // residual: E − ν (dy − x dx)(q1), then D_d at (q1, q2); unknowns (x2, y2, ν)
  REQUIRE(eq.residual.size() == 3);
  REQUIRE(eq.unknowns.size() == 3);
  const ex nu = eq.multipliers.at(0);
  CHECK_SYMBOLIC_EQ(eq.residual[0], eq.momentum_balance[0] - nu * (-s1[0]));
  CHECK_SYMBOLIC_EQ(eq.residual[1], eq.momentum_balance[1] - nu);
  CHECK_SYMBOLIC_EQ(eq.residual[2], (s2[1] - s1[1]) - (pow(s2[0], 2) - pow(s1[0], 2)) / 2);
  CHECK(eq.unknowns[2].is_equal(nu));
}

TEST_CASE("lagrange_dalembert_equations: forces enter as f+(q0, q1) + f-(q1, q2)") {
  // a damped oscillator, f^∓ = −(c/2) Δx (midpoint quadrature of F = −c ẋ)
  const Chart Q = test::discrete_chart("Damped", {"x"}, {{"h"}, {"c"}});
  const ex h = Q.parameter("h"), c = Q.parameter("c"), v = velocities(Q)[0];
  const auto f = discrete_forces({-c * v}, Q, QuadratureRule::Midpoint, h);
  const auto s0 = slot(Q, 0), s1 = slot(Q, 1), s2 = slot(Q, 2);
  CHECK_SYMBOLIC_EQ(f.minus[0], -c * (s1[0] - s0[0]) / 2);
  CHECK_SYMBOLIC_EQ(f.plus[0], -c * (s1[0] - s0[0]) / 2);
  DiscreteSpec spec{Q, h, discrete_lagrangian(v * v / 2, Q, QuadratureRule::Midpoint, h), {}, {}, f.minus, f.plus, std::nullopt};
  const DiscreteSystem sys(spec);
  CHECK(sys.forced());
  const auto E = momentum_balance(sys);
  CHECK_SYMBOLIC_EQ(E[0], ((s1[0] - s0[0]) - (s2[0] - s1[0])) / h - c * (s1[0] - s0[0]) / 2 - c * (s2[0] - s1[0]) / 2);
  CHECK_SYMBOLIC_EQ(momentum_balance(sys, false)[0], ((s1[0] - s0[0]) - (s2[0] - s1[0])) / h);
}

TEST_CASE("DiscreteSystem: bad input is refused with the offending part named") {
  test::P2 p;
  const GiNaC::realsymbol stray("q");
  DiscreteSpec spec{p.Q, p.h, stray * p.h, {}, {}, {}, {}, std::nullopt};
  CHECK_THROWS_WITH_AS(DiscreteSystem{spec}, doctest::Contains("L_d contains the symbol 'q'"), InvalidArgument);
  DiscreteSpec forces{p.Q, p.h, p.system.lagrangian(), {}, {}, {ex(1)}, {}, std::nullopt};
  CHECK_THROWS_WITH_AS(DiscreteSystem{forces}, doctest::Contains("expected 2 components, got 1"), InvalidArgument);
  const Chart clash = test::discrete_chart("Clash", {"x"}, {{"x1"}});
  CHECK_THROWS_WITH_AS(pair_chart(clash), doctest::Contains("clashes with a parameter"), InvalidArgument);
}

}  // TEST_SUITE
