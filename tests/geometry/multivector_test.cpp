// tests/geometry/multivector_test.cpp — the Schouten–Nijenhuis bracket and its conventions.
#include <doctest/doctest.h>

#include "bench/bivectors.hpp"
#include "core/error.hpp"
#include "geometry/multivector.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;
using hamel::Multivector;

namespace {

// Σ_cyclic(i,j,k) Π^{il} ∂_l Π^{jk}, the cyclic Jacobiator sum, for i < j < k.
Multivector cyclic_sum(const Multivector& P) {
  const auto& Q = P.chart();
  const auto n = static_cast<unsigned>(Q.dim());
  const auto term = [&](unsigned i, unsigned j, unsigned k) {
    ex s = 0;
    for (unsigned l = 0; l < n; ++l) s += P.component({i, l}) * P.component({j, k}).diff(GiNaC::ex_to<GiNaC::symbol>(Q[l]));
    return s;
  };
  Multivector::Components c;
  for (const auto& t : hamel::detail::increasing_tuples(n, 3)) {
    const ex v = (term(t[0], t[1], t[2]) + term(t[1], t[2], t[0]) + term(t[2], t[0], t[1])).expand();
    if (!v.is_zero()) c[t] = v;
  }
  return Multivector(Q, 3, c);
}

struct R3 {
  hamel::Chart Q = hamel::Chart::make("R3", {"x", "y", "z"});
  ex x = Q[0], y = Q[1], z = Q[2];
  hamel::VectorField X{Q, {y * z, sin(x), x * x}};
  hamel::VectorField Y{Q, {cos(z), x * y, 1}};
  Multivector A = wedge(Multivector::from(X), Multivector::from(Y));
  Multivector B = Multivector(Q, 2, {{{0, 1}, x * z}, {{1, 2}, sin(y)}, {{0, 2}, x + y * y}});
  Multivector C = Multivector(Q, 3, {{{0, 1, 2}, exp(x) * y}});
};

}  // namespace

TEST_SUITE("geometry") {

TEST_CASE("schouten_bracket: on vector fields it is the Lie bracket, and [X, P] = L_X P") {
  R3 F;
  const auto XY = hamel::schouten_bracket(Multivector::from(F.X), Multivector::from(F.Y));
  CHECK(hamel::zero_test(XY.as_vector_field() - hamel::lie_bracket(F.X, F.Y)).zero);
  CHECK(hamel::zero_test(hamel::schouten_bracket(Multivector::from(F.X), F.B) - hamel::lie_derivative(F.X, F.B)).zero);
  CHECK(hamel::zero_test(hamel::schouten_bracket(Multivector::from(F.X), F.C) - hamel::lie_derivative(F.X, F.C)).zero);
}

TEST_CASE("schouten_bracket: graded antisymmetry and graded Jacobi") {
  R3 F;
  using hamel::schouten_bracket;
  const auto Xv = Multivector::from(F.X);
  // [P, Q] = −(−1)^{(p−1)(q−1)} [Q, P]
  CHECK(hamel::zero_test(schouten_bracket(F.A, F.B) - schouten_bracket(F.B, F.A)).zero);  // symmetric on bivectors
  CHECK(hamel::zero_test(schouten_bracket(Xv, F.B) + schouten_bracket(F.B, Xv)).zero);
  // [P,[Q,R]] = [[P,Q],R] + (−1)^{(p−1)(q−1)} [Q,[P,R]] with p = 1, q = 2, r = 2 and p = q = 2, r = 1
  {
    const auto lhs = schouten_bracket(Xv, schouten_bracket(F.A, F.B));
    const auto rhs = schouten_bracket(schouten_bracket(Xv, F.A), F.B) + schouten_bracket(F.A, schouten_bracket(Xv, F.B));
    CHECK(hamel::zero_test(lhs - rhs).zero);
  }
  {
    const auto lhs = schouten_bracket(F.A, schouten_bracket(F.B, Xv));
    const auto rhs = schouten_bracket(schouten_bracket(F.A, F.B), Xv) -
                     schouten_bracket(F.B, schouten_bracket(F.A, Xv));
    CHECK(hamel::zero_test(lhs - rhs).zero);
  }
  // [X, Y∧Z] = [X,Y]∧Z + Y∧[X,Z]
  const auto Yv = Multivector::from(F.Y);
  const auto lhs = schouten_bracket(Xv, wedge(Yv, F.B));
  const auto rhs = wedge(schouten_bracket(Xv, Yv), F.B) + wedge(Yv, schouten_bracket(Xv, F.B));
  CHECK(hamel::zero_test(lhs - rhs).zero);
}

TEST_CASE("schouten_bracket: [Π, Π] = 2 × the cyclic Jacobiator sum") {
  R3 F;
  for (const Multivector& P : {F.A, F.B}) {
    const auto PP = hamel::schouten_bracket(P, P);
    CHECK_FALSE(hamel::zero_test(PP).zero);
    CHECK(hamel::zero_test(PP - GiNaC::ex(2) * cyclic_sum(P)).zero);
  }
}

TEST_CASE("schouten_bracket: Poisson and non-Poisson bivectors") {
  SUBCASE("canonical bracket on T*R³") {
    const auto M = hamel::Chart::make("T*R3", {"q1", "q2", "q3", "p1", "p2", "p3"});
    const Multivector Pi(M, 2, {{{0, 3}, 1}, {{1, 4}, 1}, {{2, 5}, 1}});
    CHECK(hamel::schouten_bracket(Pi, Pi).components().empty());
  }
  SUBCASE("Lie–Poisson bracket of so(3)*, and a perturbation") {
    const auto M = hamel::Chart::make("so3*", {"m1", "m2", "m3"});
    const ex m1 = M[0], m2 = M[1], m3 = M[2];
    const Multivector Pi(M, 2, {{{0, 1}, -m3}, {{1, 2}, -m1}, {{2, 0}, -m2}});
    CHECK(hamel::schouten_bracket(Pi, Pi).components().empty());
    // Π + m1² ∂1∧∂2: [Π,Π]^{123} = 2·(−2 m1 m2) exactly... computed from the cyclic sum by hand:
    // Σ_cyc Π^{il}∂_lΠ^{jk} = Π^{3l}∂_l(m1²) = Π^{31} 2 m1 = −2 m1 m2.
    const Multivector P = Pi + Multivector(M, 2, {{{0, 1}, m1 * m1}});
    const auto PP = hamel::schouten_bracket(P, P);
    CHECK(PP.components().size() == 1);
    CHECK_SYMBOLIC_EQ(PP.component({0, 1, 2}), -4 * m1 * m2);
  }
}

TEST_CASE("schouten_bracket: the benchmark bivectors on R¹⁰") {
  const auto Q = hamel::bench::r10();
  CHECK(hamel::schouten_bracket(hamel::bench::so5_lie_poisson(Q), hamel::bench::so5_lie_poisson(Q)).components().empty());
  CHECK(hamel::bench::so5_lie_poisson(Q).components().size() == 30);  // nonzero brackets of so(5)
  const auto P2 = hamel::bench::quadratic(Q, false);
  CHECK(hamel::schouten_bracket(P2, P2).components().empty());
  const auto P3 = hamel::bench::quadratic(Q, true);
  const auto J = cyclic_sum(P3);
  REQUIRE(J.components().size() == 8);
  CHECK_SYMBOLIC_EQ(J.component({0, 1, 2}), 3 * pow(Q[2], 3));
  for (unsigned k = 3; k < 10; ++k) CHECK_SYMBOLIC_EQ(J.component({0, 1, k}), -3 * pow(Q[2], 2) * Q[k]);
  const auto PP = hamel::schouten_bracket(P3, P3);
  CHECK(PP.components().size() == 8);
  CHECK(hamel::zero_test(PP - GiNaC::ex(2) * J).zero);
}

TEST_CASE("Multivector: sharp, contraction and the bivector matrix") {
  R3 F;
  const auto alpha = hamel::Form::one_form(F.Q, {F.y, 1, F.x});
  // (Π♯α)^i = Π^{ij} α_j
  const auto v = hamel::sharp(F.B, alpha);
  const auto M = F.B.matrix();
  for (unsigned i = 0; i < 3; ++i) {
    ex s = 0;
    for (unsigned j = 0; j < 3; ++j) s += M(i, j) * alpha.component({j});
    CHECK_SYMBOLIC_EQ(v[i], s);
  }
  // Π(df, dg) via evaluate equals Π^{ij} ∂_i f ∂_j g
  const ex f = F.x * F.y, g = sin(F.z);
  const ex val = hamel::evaluate(F.B, {hamel::differential(f, F.Q), hamel::differential(g, F.Q)});
  CHECK_SYMBOLIC_EQ(val, F.x * F.z * (F.y * 0 - F.x * 0) + (F.x + F.y * F.y) * F.y * cos(F.z) + sin(F.y) * F.x * cos(F.z));
  CHECK_THROWS_WITH_AS(Multivector::bivector(F.Q, GiNaC::matrix{{0, 1, 0}, {1, 0, 0}, {0, 0, 0}}),
                       doctest::Contains("not antisymmetric"), hamel::DomainError);
}

}  // TEST_SUITE
