// tests/geometry/form_test.cpp — d² = 0, Cartan's formula, pullbacks, and SO(3) in Euler angles.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "geometry/form.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;
using hamel::Form;

namespace {
struct R4 {
  hamel::Chart Q = hamel::Chart::make("R4", {"x", "y", "z", "w"});
  ex x = Q[0], y = Q[1], z = Q[2], w = Q[3];
  Form dx = Form::differential(Q, 0), dy = Form::differential(Q, 1), dz = Form::differential(Q, 2),
       dw = Form::differential(Q, 3);
  Form a1 = x * y * dz + sin(z * w) * dx + exp(x) * dw;
  Form a2 = wedge(a1, cos(y) * dy + x * dw) + z * z * wedge(dx, dz);
  Form a3 = wedge(a2, y * w * dx + dz) + sin(x) * wedge(wedge(dy, dz), dw);
  hamel::VectorField X{Q, {y * z, sin(w), x * x, cos(x * y)}};
};
}  // namespace

TEST_SUITE("geometry") {

TEST_CASE("Form: wedge sign and evaluation on vector fields") {
  R4 F;
  const Form b = wedge(F.dx, F.dy);
  CHECK(b.component({0, 1}) == 1);
  CHECK(b.component({1, 0}) == -1);
  CHECK(hamel::zero_test(wedge(F.dy, F.dx) + b).zero);
  CHECK(hamel::zero_test(wedge(F.a1, F.a1)).zero);  // α∧α = 0 for a 1-form
  // (α∧β)(X, Y) = α(X)β(Y) − α(Y)β(X)
  const Form beta = F.z * F.dy + F.dw;
  const hamel::VectorField Y(F.Q, {1, F.x, 0, F.y});
  const ex lhs = hamel::evaluate(wedge(F.a1, beta), {F.X, Y});
  const ex rhs = hamel::evaluate(F.a1, {F.X}) * hamel::evaluate(beta, {Y}) -
                 hamel::evaluate(F.a1, {Y}) * hamel::evaluate(beta, {F.X});
  CHECK_SYMBOLIC_EQ(lhs, rhs);
}

TEST_CASE("evaluate: a rational component is returned as it is, its powers of sums not expanded") {
  // GiNaC's determinant of a 1 x 1 matrix is its entry's normal(), which expanded (s^40 + 1)^2 with s a
  // sum of five coordinates: std::bad_alloc in a derivation with the symmetry {x: 1/(s^40 + 1)}
  const hamel::Chart Q = hamel::Chart::make("R5", {"x", "y", "z", "w", "v"});
  const ex s = Q[0] + Q[1] + Q[2] + Q[3] + Q[4];
  const ex f = 40 * pow(s, 39) / pow(pow(s, 40) + 1, 2);
  const hamel::VectorField X(Q, {f, 0, 0, 0, 1});
  CHECK(hamel::evaluate(Form::differential(Q, 0), {X}).is_equal(f));
  const hamel::VectorField Y(Q, {0, 1, 0, 0, Q[1]});
  // (dx∧dv)(X, Y) = X^x Y^v − X^v Y^x
  CHECK(hamel::evaluate(wedge(Form::differential(Q, 0), Form::differential(Q, 4)), {X, Y}).is_equal(f * Q[1]));
}

TEST_CASE("exterior_derivative: d∘d = 0 on 0-, 1- and 2-forms") {
  R4 F;
  using hamel::exterior_derivative;
  const Form f = Form::function(F.Q, sin(F.x * F.y) * F.z + F.w / (1 + F.x * F.x));
  for (const Form& a : {f, F.a1, F.a2}) {
    CHECK_FALSE(hamel::zero_test(exterior_derivative(a)).zero);
    CHECK(hamel::zero_test(exterior_derivative(exterior_derivative(a))).zero);
  }
  // d(α∧β) = dα∧β + (−1)^k α∧dβ
  const Form lhs = exterior_derivative(wedge(F.a1, F.a2));
  const Form rhs = wedge(exterior_derivative(F.a1), F.a2) - wedge(F.a1, exterior_derivative(F.a2));
  CHECK(hamel::zero_test(lhs - rhs).zero);
}

TEST_CASE("lie_derivative: Cartan's formula L_X = i_X d + d i_X on 1-, 2- and 3-forms") {
  R4 F;
  using namespace hamel;
  for (const Form& a : {F.a1, F.a2, F.a3}) {
    const Form cartan = interior_product(F.X, exterior_derivative(a)) +
                        exterior_derivative(interior_product(F.X, a));
    const Form L = lie_derivative(F.X, a);
    CHECK_FALSE(zero_test(L).zero);
    CHECK(zero_test(L - cartan).zero);
  }
}

TEST_CASE("pullback: commutes with d and with ∧") {
  R4 F;
  const auto S = hamel::Chart::make("S", {"u", "v"});
  const ex u = S[0], v = S[1];
  const hamel::ChartMap phi{S, F.Q, {u * v, sin(u), v * v, u + v}};
  using hamel::pullback;
  using hamel::exterior_derivative;
  CHECK(hamel::zero_test(pullback(phi, exterior_derivative(F.a1)) -
                         exterior_derivative(pullback(phi, F.a1)))
            .zero);
  const Form b = F.x * F.dy;
  CHECK(hamel::zero_test(pullback(phi, wedge(F.a1, b)) - wedge(pullback(phi, F.a1), pullback(phi, b))).zero);
  // φ*(dx) for x = u v is v du + u dv
  const Form dxp = pullback(phi, F.dx);
  CHECK_SYMBOLIC_EQ(dxp.component({0}), v);
  CHECK_SYMBOLIC_EQ(dxp.component({1}), u);
}

TEST_CASE("SO(3) in Euler angles (004 (6.1), (6.6)): Maurer–Cartan equations and the volume form") {
  hamel::ChartSpec spec;
  spec.name = "SO3";
  spec.coordinates = {"phi", "theta", "psi"};
  spec.domain["theta"] = {0, GiNaC::Pi};
  const hamel::Chart Q(spec);
  const ex phi = Q[0], th = Q[1], psi = Q[2];
  const Form dphi = Form::differential(Q, 0), dth = Form::differential(Q, 1),
             dpsi = Form::differential(Q, 2);
  // the left-invariant forms of (6.6)
  const Form l1 = sin(psi) * sin(th) * dphi + cos(psi) * dth;
  const Form l2 = cos(psi) * sin(th) * dphi - sin(psi) * dth;
  const Form l3 = cos(th) * dphi + dpsi;
  using hamel::exterior_derivative;
  // The signs we find: dλ^i = −½ ε_ijk λ^j∧λ^k, i.e. dλ¹ = −λ²∧λ³ and cyclically.
  CHECK(hamel::zero_test(exterior_derivative(l1) + wedge(l2, l3)).zero);
  CHECK(hamel::zero_test(exterior_derivative(l2) + wedge(l3, l1)).zero);
  CHECK(hamel::zero_test(exterior_derivative(l3) + wedge(l1, l2)).zero);
  // λ¹∧λ²∧λ³ = −sinθ dφ∧dθ∧dψ
  const Form vol = wedge(wedge(l1, l2), l3);
  CHECK(vol.components().size() == 1);
  CHECK_SYMBOLIC_EQ(vol.component({0, 1, 2}), -sin(th));
}

}  // TEST_SUITE
