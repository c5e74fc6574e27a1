// tests/geometry/metric_test.cpp
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "geometry/lifts.hpp"
#include "geometry/linear_algebra.hpp"
#include "geometry/metric.hpp"
#include "examples/chaplygin_geometry.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

TEST_SUITE("geometry") {

TEST_CASE("inverse and determinant_of_entries: block by block, for matrices made of independent blocks") {
  // 8 independent 3 × 3 blocks (a constrained metric of a chain of 32 coordinates has 8 of them, in
  // interleaved positions): GiNaC's determinant expands minors (2^24 for the whole matrix)
  std::vector<std::string> names;
  for (int i = 0; i < 24; ++i) names.push_back("q" + std::to_string(i));
  const hamel::Chart Q = hamel::Chart::make("Q", names, {"m"});
  GiNaC::matrix M(24, 24);
  const auto at = [](int block, int k) { return static_cast<unsigned>(8 * k + block); };  // interleaved
  ex expected_det = 1;
  for (int b = 0; b < 8; ++b) {
    const ex x = Q[at(b, 0)], y = Q[at(b, 1)];
    const ex B[3][3] = {{1 + x * x, x, 0}, {x, 2, y}, {0, y, 1 + y * y}};
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) M(at(b, i), at(b, j)) = B[i][j];
    expected_det *= (1 + x * x) * (2 * (1 + y * y) - y * y) - x * x * (1 + y * y);
  }
  const GiNaC::matrix inv = hamel::inverse(M, Q);
  const GiNaC::matrix id = inv.mul(M);
  for (unsigned i = 0; i < 24; ++i)
    for (unsigned j = 0; j < 24; ++j) CHECK(hamel::simplify(id(i, j) - (i == j ? 1 : 0)).is_zero());
  CHECK(inv(at(0, 0), at(1, 0)).is_zero());  // no coupling between blocks appears
  CHECK(hamel::simplify(hamel::determinant_of_entries(M) - expected_det).is_zero());
  // a singular block makes the whole matrix singular: rows x·(x, 2) and 2·(x, 2) in block 3
  const ex x = Q[at(3, 0)];
  M(at(3, 0), at(3, 0)) = x * x;
  M(at(3, 0), at(3, 1)) = M(at(3, 1), at(3, 0)) = 2 * x;
  M(at(3, 1), at(3, 1)) = 4;
  M(at(3, 1), at(3, 2)) = M(at(3, 2), at(3, 1)) = 0;  // the block splits: the singular 2 × 2 and 1 + y²
  CHECK_THROWS_AS(hamel::inverse(M, Q), hamel::DomainError);
  CHECK(hamel::simplify(hamel::determinant_of_entries(M)).is_zero());
}

// One connected sparse block of 10 × 10 (a bidiagonal band with trigonometric entries, whose inverse is
// triangular with products of them): above 8 × 8 `inverse` eliminates [M | I] (GiNaC's determinant
// would expand 2^10 minors). A dense inverse of 10 coupled trigonometric rows is huge whichever way.
TEST_CASE("inverse: Gauss-Jordan for a connected 10 x 10 block, and its singular case located") {
  std::vector<std::string> names;
  for (int i = 0; i < 10; ++i) names.push_back("q" + std::to_string(i));
  const hamel::Chart Q = hamel::Chart::make("Q", names, {"k"});
  const ex k = Q.parameter("k");
  GiNaC::matrix M(10, 10);
  for (unsigned i = 0; i < 10; ++i) {
    M(i, i) = 2 + GiNaC::sin(Q[i]) * GiNaC::sin(Q[i]);
    if (i + 1 < 10) M(i, i + 1) = k * GiNaC::cos(Q[i]);
  }
  const GiNaC::matrix inv = hamel::inverse(M, Q);
  const GiNaC::matrix id = M.mul(inv);
  for (unsigned i = 0; i < 10; ++i)
    for (unsigned j = 0; j < 10; ++j) CHECK_MESSAGE(hamel::zero_test(id(i, j) - (i == j ? 1 : 0), Q).zero, i, ", ", j);
  // row 9 made the sum of rows 0 and 1: rank 9, reported with the rank
  for (unsigned j = 0; j < 10; ++j) M(9, j) = M(0, j) + M(1, j);
  try {
    (void)hamel::inverse(M, Q);
    FAIL("a singular matrix was inverted");
  } catch (const hamel::DomainError& e) {
    CHECK(std::string(e.what()).find("rank 9 of 10") != std::string::npos);
  }
}

TEST_CASE("Metric: inverse, restriction to the Chaplygin frame and G⁻¹ of (6.7)") {
  hamel::examples::ChaplyginSphere S;
  const auto ginv = hamel::inverse(S.G);
  const GiNaC::matrix id = ginv.mul(S.G.matrix());
  for (unsigned i = 0; i < 5; ++i)
    for (unsigned j = 0; j < 5; ++j) CHECK_SYMBOLIC_EQ_ON(S.Q, id(i, j), i == j ? 1 : 0);
  const auto Gab = hamel::restrict(S.G, {S.Z1, S.Y2, S.Y3});
  CHECK_SYMBOLIC_EQ_ON(S.Q, Gab(1, 1), S.I1 + S.m * S.R * S.R);
  CHECK_SYMBOLIC_EQ_ON(S.Q, Gab(2, 2), S.I3 + S.m * S.R * S.R * pow(sin(S.th), 2));
  CHECK_SYMBOLIC_EQ_ON(S.Q, Gab(1, 2), 0);
  // (6.7) with mR² where the paper prints mr² (gauge.md, errata)
  const ex s2 = pow(sin(S.th), 2), c = cos(S.th), mR2 = S.m * S.R * S.R;
  const GiNaC::matrix expected{{S.I3 + mR2 * s2, 0, -S.I3 * c},
                               {0, S.K * s2 / (S.I1 + mR2), 0},
                               {-S.I3 * c, 0, S.I1 * s2 + S.I3 * c * c}};
  const auto Ginv = hamel::inverse(Gab, S.Q);
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = 0; j < 3; ++j) CHECK_SYMBOLIC_EQ_ON(S.Q, Ginv(i, j), expected(i, j) / (S.K * s2));
}

TEST_CASE("Metric: orthogonal complement and Lie derivative") {
  hamel::examples::ChaplyginSphere S;
  const auto W = hamel::orthogonal_complement(S.G, {S.Z1, S.Y2, S.Y3});
  REQUIRE(W.size() == 2);
  for (const auto& w : W)
    for (const auto& X : {S.Z1, S.Y2, S.Y3}) CHECK_SYMBOLIC_EQ_ON(S.Q, hamel::inner(S.G, w, X), 0);
  // Z1 = ∂φ and the SE(2) rotation generator are Killing fields: L_X G = 0.
  const hamel::VectorField rot(S.Q, {1, 0, 0, -S.Q[4], S.Q[3]});
  const auto L = hamel::lie_derivative(rot, S.G);
  for (unsigned i = 0; i < 5; ++i)
    for (unsigned j = 0; j < 5; ++j) CHECK_SYMBOLIC_EQ_ON(S.Q, L(i, j), 0);
  // ∂θ is not: (L_∂θ G)_φφ = 2 (I1 − I3) sinθ cosθ
  const auto Lt = hamel::lie_derivative(hamel::VectorField::coordinate(S.Q, 1), S.G);
  CHECK_SYMBOLIC_EQ_ON(S.Q, Lt(0, 0), 2 * (S.I1 - S.I3) * sin(S.th) * cos(S.th));
}

TEST_CASE("Metric: Lemma 4.4 of 004, (L_Z G)(u,u) = Z^TQ[G(u,u)]") {
  hamel::examples::ChaplyginSphere S;
  const hamel::VectorField Z(S.Q, {sin(S.th), S.Q[3], cos(S.psi), S.Q[4] * S.Q[4], 1});
  const auto TQ = hamel::tangent_bundle(S.Q);
  const auto u = hamel::velocities(S.Q);
  const auto quad = [&](const GiNaC::matrix& g) {
    ex s = 0;
    for (unsigned i = 0; i < 5; ++i)
      for (unsigned j = 0; j < 5; ++j) s += g(i, j) * u[i] * u[j];
    return s;
  };
  const auto lift = hamel::tangent_lift(Z);
  CHECK_SYMBOLIC_EQ_ON(TQ, quad(hamel::lie_derivative(Z, S.G).matrix()), lift(quad(S.G.matrix())));
}

TEST_CASE("Metric: errors name what was expected and found") {
  const auto Q = hamel::Chart::make("Q", {"x", "y"});
  const hamel::Metric g(Q, GiNaC::matrix{{1, Q[0]}, {Q[0], Q[0] * Q[0]}});
  CHECK_THROWS_WITH_AS(hamel::inverse(g),
                       doctest::Contains("inverse: metric is degenerate; expected a nonzero determinant, got determinant 0"),
                       hamel::DomainError);
  CHECK_THROWS_WITH_AS(hamel::Metric(Q, GiNaC::matrix{{1, 1}, {0, 1}}),
                       doctest::Contains("Metric: matrix is not symmetric"), hamel::DomainError);
  CHECK_THROWS_WITH_AS(hamel::Metric(Q, GiNaC::matrix{{1}}),
                       doctest::Contains("Metric: wrong matrix size; expected 2x2, got 1x1"),
                       hamel::InvalidArgument);
}

TEST_CASE("determinant_of_entries: det of the Chaplygin metric and of a matrix with symbolic exponents") {
  // The cofactor polynomial of the entries is GiNaC's determinant (normalised) as a function.
  hamel::examples::ChaplyginSphere S;
  CHECK_SYMBOLIC_EQ_ON(S.Q, hamel::determinant_of_entries(S.G.matrix()), S.G.matrix().determinant());
  const auto Gab = hamel::restrict(S.G, {S.Z1, S.Y2, S.Y3});
  CHECK_SYMBOLIC_EQ_ON(S.Q, hamel::determinant_of_entries(Gab), Gab.determinant());
  // entries GiNaC normalises before expanding: det [[a^x, log a], [2, a^(2x)]] = a^(3x) - 2 log a
  const auto C = hamel::Chart::make("C", {"a", "x"});
  const ex a = C[0], x = C[1];
  const GiNaC::matrix M{{pow(a, x), log(a)}, {2, pow(a, 2 * x)}};
  CHECK_SYMBOLIC_EQ_ON(C, hamel::determinant_of_entries(M), pow(a, 3 * x) - 2 * log(a));
  // rank-one 3 x 3 (rows proportional): the zero test proves the determinant zero
  const GiNaC::matrix R{{1, pow(a, x), x}, {a, pow(a, x + 1), a * x}, {log(a), log(a) * pow(a, x), x * log(a)}};
  CHECK(hamel::zero_test(hamel::determinant_of_entries(R), C).zero);
  CHECK_THROWS_AS(hamel::determinant_of_entries(GiNaC::matrix(2, 3)), hamel::InvalidArgument);
}

TEST_CASE("definiteness_on_samples: the eigenvalues at sample points of the domain decide, with the first point that fails") {
  hamel::ChartSpec spec{"Q", {"x", "y"}, {{"m", true}}, {}, {}};
  spec.domain["x"] = {-2, 2};
  const hamel::Chart Q{spec};
  const ex x = Q[0], m = Q.parameter("m");
  const hamel::ProbeSpace space = Q.probe_space();
  // m (1 + x^2) and m: positive everywhere (m > 0 is drawn in (1/2, 5/2))
  const auto pd = hamel::definiteness_on_samples(GiNaC::matrix{{m * (1 + x * x), 0}, {0, m}}, space);
  CHECK(pd.positive_definite);
  CHECK(pd.evaluated == 16);
  CHECK(pd.failing == 0);
  // (x_dot^2 - y_dot^2)/2: eigenvalues -1 and 1 at every point
  const auto minus = hamel::definiteness_on_samples(GiNaC::matrix{{1, 0}, {0, -1}}, space);
  CHECK_FALSE(minus.positive_definite);
  CHECK(minus.failing == 16);
  REQUIRE(minus.eigenvalues.size() == 2);
  CHECK(minus.eigenvalues[0] == doctest::Approx(-1));
  CHECK(minus.eigenvalues[1] == doctest::Approx(1));
  CHECK(minus.how() == "not positive at 16 of the 16 sample points evaluated, of 16 drawn as a Latin hypercube: coordinates in their "
                       "domain intervals, positive parameters in (1/2, 5/2), other symbols in (-1.7, 1.9); eigenvalues of the entries "
                       "there at 30 digits");
  // m (1 - x^2): negative where |x| > 1, half of x's domain; the point named is one of them
  const auto half = hamel::definiteness_on_samples(GiNaC::matrix{{m * (1 - x * x), 0}, {0, m}}, space);
  CHECK_FALSE(half.positive_definite);
  CHECK(half.failing > 0);
  CHECK(half.failing < 16);
  const double xf = GiNaC::ex_to<GiNaC::numeric>(half.point.at(x)).to_double();
  const double mf = GiNaC::ex_to<GiNaC::numeric>(half.point.at(m)).to_double();
  CHECK(std::abs(xf) > 1);
  CHECK(half.eigenvalues[0] == doctest::Approx(mf * (1 - xf * xf)));
  // degenerate: [[m, m], [m, m]] has the eigenvalue 0 (as 0, not 1e-17), and 2m
  const auto singular = hamel::definiteness_on_samples(GiNaC::matrix{{m, m}, {m, m}}, space);
  CHECK_FALSE(singular.positive_definite);
  CHECK(singular.eigenvalues[0] == 0);
  CHECK(singular.eigenvalues[1] == doctest::Approx(2 * GiNaC::ex_to<GiNaC::numeric>(singular.point.at(m)).to_double()));
  // entries 10^28 apart ((1 + x^2)^40 beside 1): still positive definite. The small eigenvalue, within
  // 1e-10 of the largest, was taken as 0 and the metric called "not positive"; decided on the matrix
  // scaled to a unit diagonal (congruent: the same signs), it is not
  const auto apart = hamel::definiteness_on_samples(GiNaC::matrix{{m * pow(1 + x * x, 40), 0}, {0, m}}, space);
  CHECK(apart.positive_definite);
  CHECK(apart.evaluated == 16);
  const auto apart_minus = hamel::definiteness_on_samples(GiNaC::matrix{{m * pow(1 + x * x, 40), 0}, {0, -m}}, space);
  CHECK_FALSE(apart_minus.positive_definite);
  CHECK(apart_minus.failing == 16);
  // where an entry has no real value (sqrt(x) for x < 0) the point is skipped, not failed
  const auto root = hamel::definiteness_on_samples(GiNaC::matrix{{sqrt(x) + 1, 0}, {0, 1}}, space);
  CHECK(root.positive_definite);
  CHECK(root.evaluated > 0);
  CHECK(root.evaluated < 16);
}

}  // TEST_SUITE
