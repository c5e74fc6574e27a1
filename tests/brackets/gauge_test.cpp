// tests/brackets/gauge_test.cpp — Ševera–Weinstein gauge transformations by 2-forms.
#include <doctest/doctest.h>

#include "brackets/gauge.hpp"
#include "brackets/jacobi.hpp"
#include "core/error.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

TEST_SUITE("brackets") {

TEST_CASE("gauge_transform: a closed 2-form keeps a Poisson bracket Poisson, a non-closed one need not") {
  const auto M = hamel::Chart::make("T*R2", {"q1", "q2", "p1", "p2"});
  const ex q1 = M[0], q2 = M[1];
  const auto B = hamel::AlmostPoissonBracket::from_coordinate_brackets(M, {{{0, 2}, 1}, {{1, 3}, 1}});
  using hamel::Form;
  // magnetic term B = b(q) dq1∧dq2 is closed: the result is Poisson with {p1, p2} = +b (as in 004 (3.6))
  const ex b = q1 * q2 + sin(q1);
  const auto Bm = hamel::gauge_transform(B, b * wedge(Form::differential(M, 0), Form::differential(M, 1)));
  CHECK(hamel::is_poisson(Bm).poisson);
  CHECK_SYMBOLIC_EQ(Bm(M[2], M[3]), b);
  CHECK_SYMBOLIC_EQ(Bm(q1, M[2]), 1);
  // a non-closed 2-form: p1 dq1∧dq2
  const auto Bn = hamel::gauge_transform(B, M[2] * wedge(Form::differential(M, 0), Form::differential(M, 1)));
  CHECK_FALSE(hamel::is_poisson(Bn).poisson);
}

TEST_CASE("gauge_transform: a non-invertible Id + Π♯B♭ is a clear error") {
  const auto M = hamel::Chart::make("T*R", {"q", "p"});
  const auto B = hamel::AlmostPoissonBracket::from_coordinate_brackets(M, {{{0, 1}, 1}});
  using hamel::Form;
  CHECK_THROWS_WITH_AS(hamel::gauge_transform(B, wedge(Form::differential(M, 0), Form::differential(M, 1))),
                       doctest::Contains("gauge_transform: Id + Pi#B_flat is not invertible; expected a nonzero determinant, got determinant 0"),
                       hamel::DomainError);
}

}  // TEST_SUITE
