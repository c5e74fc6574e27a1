// tests/mechanics/contact/generalized_distribution_test.cpp — generalized distributions of 003 §4:
// Example 1 (44) and the sphere's codistribution (81) (acceptance case A13).
#include <doctest/doctest.h>

#include <cmath>
#include <sstream>

#include "core/error.hpp"
#include "mechanics/contact/generalized_distribution.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;
using GiNaC::numeric;

TEST_SUITE("mechanics") {

TEST_CASE("flat_step: phi(y) of 003 (44) is exactly 0 for y <= 0 and exp(-1/y^2) for y > 0") {
  const GiNaC::realsymbol y("y");
  CHECK(flat_step(numeric(-1, 2)).is_zero());
  CHECK(flat_step(0).is_zero());
  CHECK(flat_step(numeric(1, 2)).is_equal(exp(ex(-4))));
  CHECK(GiNaC::ex_to<numeric>(flat_step(y).subs(y == numeric(1, 10)).evalf()).to_double() == doctest::Approx(std::exp(-100.0)));
  std::ostringstream os;
  os << flat_step(y);
  CHECK(os.str() == "phi(y)");
  // φ'(y) = 2φ(y)/y³
  CHECK_SYMBOLIC_EQ(flat_step(y).diff(y), 2 * flat_step(y) / pow(y, 3));
}

TEST_CASE("Generalized distribution, Example 1: rank 1 below the x-axis, 2 above, singular on it (A13)") {
  const Chart Q = Chart::make("Q", {"x", "y"});
  const ex x = Q[0], y = Q[1];
  // D = span{∂x, φ(y) ∂y}: generators as rows
  const GiNaC::matrix D(2, 2, GiNaC::lst{1, 0, 0, flat_step(y)});
  const auto below = classify_point(D, Q, {{x, numeric(3, 10)}, {y, numeric(-1, 2)}});
  CHECK(below.rank == 1);
  CHECK(below.regular);
  const auto above = classify_point(D, Q, {{x, numeric(3, 10)}, {y, numeric(1, 2)}});
  CHECK(above.rank == 2);
  CHECK(above.regular);
  const auto axis = classify_point(D, Q, {{x, numeric(3, 10)}, {y, 0}});
  CHECK(axis.rank == 1);
  CHECK(axis.nearby_max == 2);
  CHECK_FALSE(axis.regular);
  // regular points are local maxima of the rank (lower semicontinuity)
  CHECK(axis.nearby_min >= axis.rank);
}

TEST_CASE("Generalized codistribution of the sphere (81): 0 constraints for x <= 0, 2 for x > 0, case 1 at x = 0 (A13)") {
  const Chart Q = Chart::make("Q", {"x", "y", "q1", "q2", "q3"});
  const ex x = Q[0];
  const ex r = numeric(1, 2);
  // D° spanned by the smooth forms φ(x)(dx − r dq²), φ(x)(dy + r dq¹)
  const GiNaC::matrix Dc(2, 5, GiNaC::lst{flat_step(x), 0, 0, -r * flat_step(x), 0,  //
                                          0, flat_step(x), r * flat_step(x), 0, 0});
  GiNaC::exmap p{{Q[1], numeric(1, 5)}, {Q[2], 0}, {Q[3], 0}, {Q[4], 0}};
  p[x] = numeric(-1, 2);
  CHECK(classify_point(Dc, Q, p).rank == 0);
  CHECK(classify_point(Dc, Q, p).regular);
  p[x] = numeric(1, 2);
  CHECK(classify_point(Dc, Q, p).rank == 2);
  p[x] = 0;
  const auto at = classify_point(Dc, Q, p);
  CHECK(at.rank == 0);
  CHECK_FALSE(at.regular);
  const RankChange c = rank_change(0, at.rank, 2);
  CHECK(c.paper_case == 1);
  CHECK(c.impulsive);
  CHECK(c.describe().find("case 1 of 003") != std::string::npos);
  // the other cases
  CHECK(rank_change(2, 0, 0).paper_case == 2);
  CHECK_FALSE(rank_change(2, 0, 0).impulsive);
  CHECK(rank_change(1, 0, 2).paper_case == 3);
  CHECK(rank_change(1, 0, 2).impulsive);
  // Example 1 crossed downwards (ẏ = 0 holds for y ≤ 0): 0, 1, 1 constraints, impulsive
  CHECK(rank_change(0, 1, 1).paper_case == 0);
  CHECK(rank_change(0, 1, 1).impulsive);
  // case 0 is said in words: which counts, and why none of 003 §4's cases applies
  CHECK(rank_change(0, 1, 1).case_text() ==
        "case 0: rho- < rho0 = rho+ is none of the cases 1-3 of 003 §4; the constraints already hold at the crossing "
        "point (the region contains its boundary), so the jump is taken on reaching it, as in case 1");
  CHECK(rank_change(0, 1, 1).describe().find("1 after the crossing (case 0: rho- < rho0 = rho+ is none") != std::string::npos);
  CHECK(rank_change(1, 1, 1).case_text() == "case 0: rho- = rho0 = rho+ is none of the cases 1-3 of 003 §4; the number of constraints does not change");
  CHECK(rank_change(2, 0, 0).case_text() == "case 2 of 003 §4: rho- > rho0 = rho+");
  CHECK_THROWS_AS(classify_point(Dc, Q, p, -1), InvalidArgument);
}

}  // TEST_SUITE
