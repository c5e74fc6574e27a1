// tests/reduction/gauge_search_test.cpp — the gauge-momentum search of 004 §7: the ODE (7.7) derived
// from the ansatz (7.5), its numeric solution against the closed forms of the Routh sphere
// (gauge.md A16), conservation along (2.8), and Λ (A12, A13).
#include <doctest/doctest.h>

#include <cmath>

#include "brackets/casimir.hpp"
#include "brackets/nonholonomic.hpp"
#include "derivation/gauge_search.hpp"
#include "derivation/nonholonomic.hpp"
#include "io/modules/nonholonomic.hpp"
#include "mechanics/hamel_equations.hpp"
#include "numerics/compiled_function.hpp"
#include "numerics/ode.hpp"
#include "reduction/gauge_momenta.hpp"
#include "reduction/gauge_search.hpp"
#include "reduction/symmetry.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

namespace {
// A system file's system, its symmetry and its search with the ansatz resolved on the system.
struct Search {
  hamel::GaugeAnsatz ansatz;
  GiNaC::exmap values;
  double s_min, s_max, s_base;
};
struct Loaded {
  hamel::NonholonomicSystem system;
  std::vector<std::pair<std::string, hamel::VectorField>> symmetry;
  std::optional<Search> search;
};
Loaded load(const std::string& path) {
  hamel::SystemFile f = hamel::read_system_file(hamel::Document::load(path));
  const hamel::NonholonomicFile in = hamel::read_nonholonomic(f);
  Loaded out{hamel::build_nonholonomic_system(in), in.symmetry, std::nullopt};
  if (in.search)
    out.search = Search{hamel::gauge_ansatz(out.system, *in.search), in.search->values, in.search->s_min,
                        in.search->s_max, in.search->s_base};
  return out;
}
}  // namespace

TEST_SUITE("reduction") {

TEST_CASE("derive_gauge_ode: the solid of revolution gives 2 conditions and L = L~/K (004 (7.6)-(7.8))") {
  const auto in = load("examples/solid_of_revolution.yaml");
  const auto& sys = in.system;
  const auto ode = hamel::derive_gauge_ode(sys, in.search->ansatz);
  // six conditions (L_Z G)(X_a, X_b): four hold for any g, k, two give the ODE
  CHECK(ode.conditions.size() == 6);
  CHECK(std::count(ode.identically_zero.begin(), ode.identically_zero.end(), true) == 4);
  const auto& Q = sys.chart();
  const ex th = Q[1], m = Q.parameter("m"), I1 = Q.parameter("I1"), I3 = Q.parameter("I3");
  const ex f1 = Q.function_value("f1"), f2 = Q.function_value("f2");
  const ex Rp = f1, Rm = -f2.diff(GiNaC::ex_to<GiNaC::symbol>(th)) / sin(th), a1 = f1 * sin(th);
  const ex z = pow(sin(th), 2) * f1 + cos(th) * f2, a2 = sin(th) * (cos(th) * f1 - f2);
  const ex K = I1 * I3 + m * I1 * a1 * a1 + m * I3 * f2 * f2;
  CHECK_SYMBOLIC_EQ_ON(Q, ode.L(0, 0), (m * I3 * f2 * (Rm - Rp) / sin(th) - m * a2 * f1 * (I3 + m * z * f1)) / K);
  CHECK_SYMBOLIC_EQ_ON(Q, ode.L(0, 1), (m * I3 * f2 * cos(th) * (Rm - Rp) / sin(th) - m * f1 * a1 * (I3 + m * z * f1)) / K);
  CHECK_SYMBOLIC_EQ_ON(Q, ode.L(1, 0),
                       (m * f1 * (I1 * pow(sin(th), 2) + I3 * pow(cos(th), 2)) * (Rp - Rm) / sin(th) +
                        m * a2 / pow(sin(th), 2) *
                            (m * a1 * a2 * z + (Rm - Rp) * I3 * cos(th) + (I3 - I1) * a1 * sin(th) * cos(th))) / K);
  CHECK_SYMBOLIC_EQ_ON(Q, ode.L(1, 1),
                       (m * cos(th) * (I1 * a1 * sin(th) + I3 * f2 * cos(th)) * (Rp - Rm) / sin(th) +
                        m * f1 * f1 * (m * z * a2 + (I3 - I1) * sin(th) * cos(th))) / K);
  SUBCASE("Lambda = -m z R_p sin(theta) dphi^dtheta^dpsi, independent of the solution (A13)") {
    const auto L = hamel::gauge_three_form(sys, in.search->ansatz, ode);
    REQUIRE(L.components().size() == 1);
    CHECK_SYMBOLIC_EQ_ON(Q, L.component({0, 1, 2}), -m * z * Rp * sin(th));
  }
  SUBCASE("with Y2 = W1 and Z1 = g W1 + h W2: C_123 = -m h z a1 (A12)") {
    const hamel::AbstractFunction g = hamel::AbstractFunction::fresh("g", 1), h = hamel::AbstractFunction::fresh("h", 1);
    const auto W = sys.frame().distribution();
    hamel::NonholonomicSpec spec{Q, sys.lagrangian(), {}, {g(th) * W[0] + h(th) * W[1], W[0], W[2]},
                                 {"Z1", "Y2", "Y3"}, hamel::Complement::coordinate_span({3, 4})};
    const hamel::NonholonomicSystem adapted(spec);
    CHECK_SYMBOLIC_EQ_ON(Q, adapted.structure_lowered()(0, 1, 2), -m * h(th) * z * a1);
  }
}

TEST_CASE("symmetry: SE(2) x S^1 acts on the solid of revolution (004 §7)") {
  const auto in = load("examples/solid_of_revolution.yaml");
  const auto& sys = in.system;
  hamel::LieAlgebraAction action;
  for (const auto& [n, xi] : in.symmetry) {
    action.names.push_back(n);
    action.generators.push_back(xi);
  }
  const auto sc = hamel::structure_constants(action);
  CHECK(sc.closed);
  // [rotation, translation_x] = -translation_y for these generators
  CHECK_SYMBOLIC_EQ(sc.c(0, 1, 2), -1);
  CHECK_SYMBOLIC_EQ(sc.c(0, 2, 1), 1);
  CHECK_SYMBOLIC_EQ(sc.c(0, 3, 0), 0);
  for (const auto& xi : action.generators) {
    CHECK(hamel::lagrangian_invariance(sys, xi).zero);
    CHECK(hamel::potential_invariance(sys, xi).zero);
    CHECK(hamel::preserves_distribution(sys, xi));
    for (std::size_t a = 0; a < 3; ++a) CHECK(hamel::equivariance(sys, xi, a).zero);
  }
  // S = D ∩ g·q has rank 2, spanned by W1, W2 (up to combination)
  const auto S = hamel::orbit_intersection(sys, action);
  CHECK(S.generic_rank == 2);
  const hamel::Distribution span_W({sys.frame()[0], sys.frame()[1]});
  for (const auto& v : S.basis) CHECK(hamel::contains(span_W, v));
  const auto fr = hamel::freeness(action, sys.chart());
  CHECK(fr.free_generically);
  // ∂θ is not a symmetry of the Lagrangian
  CHECK_FALSE(hamel::lagrangian_invariance(sys, hamel::VectorField::coordinate(sys.chart(), 1)).zero);
}

TEST_CASE("solve_gauge_ode: the Routh sphere's numeric solutions are Jellett's and Routh's integrals (A16)") {
  const auto in = load("examples/routh_sphere.yaml");
  const auto& sys = in.system;
  const auto& Q = sys.chart();
  const auto ode = hamel::derive_gauge_ode(sys, in.search->ansatz);
  const ex th = Q[1], m = Q.parameter("m"), I1 = Q.parameter("I1"), I3 = Q.parameter("I3"), r = Q.parameter("r"),
           e = Q.parameter("e");
  const ex K = I1 * I3 + m * I1 * r * r * pow(sin(th), 2) + m * I3 * pow(r * cos(th) + e, 2);
  const std::vector<std::vector<ex>> closed = {
      {r, e}, {m * r * (r * cos(th) + e) / sqrt(K), (I1 + m * e * e + m * e * r * cos(th)) / sqrt(K)}};
  // both satisfy f' = L f symbolically
  for (const auto& f : closed)
    for (unsigned i = 0; i < 2; ++i)
      CHECK_SYMBOLIC_EQ_ON(Q, f[i].diff(GiNaC::ex_to<GiNaC::symbol>(th)) - ode.L(i, 0) * f[0] - ode.L(i, 1) * f[1], 0);
  // numerically (m = 2 ≠ 1, as gauge.md asks): f(s) = Φ(s) f(s_base)
  const auto& v = in.search->values;
  const double base = in.search->s_base;
  const auto sols = hamel::solve_gauge_ode(ode, th, v, in.search->s_min, in.search->s_max, base);
  REQUIRE(sols.count() == 2);
  for (const auto& f : closed) {
    const auto at = [&](unsigned i, double s) {
      GiNaC::exmap pt = v;
      pt[th] = s;
      return GiNaC::ex_to<GiNaC::numeric>(GiNaC::ex(f[i].subs(pt)).evalf()).to_double();
    };
    const double c0 = at(0, base), c1 = at(1, base);
    double worst = 0;
    for (double s = in.search->s_min; s <= in.search->s_max; s += 0.05) {
      const auto p = sols(0, s), q = sols(1, s);
      for (unsigned i = 0; i < 2; ++i) worst = std::max(worst, std::abs(c0 * p[i] + c1 * q[i] - at(i, s)));
    }
    CHECK(worst < 1e-9);
  }
}

TEST_CASE("homogeneous sphere (e = 0): the closed-form gauge momenta are conserved along (2.8)") {
  const auto in = load("examples/routh_sphere.yaml");
  const auto& sys = in.system;
  const auto& Q = sys.chart();
  const ex th = Q[1], m = Q.parameter("m"), I1 = Q.parameter("I1"), I3 = Q.parameter("I3"), r = Q.parameter("r"),
           e = Q.parameter("e");
  GiNaC::exmap v = in.search->values;
  v[e] = 0;
  const ex K = I1 * I3 + m * I1 * r * r * pow(sin(th), 2) + m * I3 * pow(r * cos(th), 2);
  const ex jellett = hamel::gauge_momentum(sys, in.search->ansatz, {r, 0});
  const ex routh = hamel::gauge_momentum(sys, in.search->ansatz, {m * r * r * cos(th) / sqrt(K), I1 / sqrt(K)});
  const auto& M = sys.dual_chart();
  const auto X = hamel::nonholonomic_vector_field(sys);
  const auto f = hamel::compile(X.components(), M.coordinates(), v);
  const auto C = hamel::compile({jellett, routh}, M.coordinates(), v);
  const hamel::State x0{0.3, 1.1, -0.4, 0.2, -0.1, 0.5, 0.3, -0.2};
  const auto tr = hamel::integrate(hamel::make_rhs(f), x0, 0.0, 20.0);
  REQUIRE(tr.completed());
  const auto c0 = C(x0);
  double worst = 0;
  for (const auto& x : tr.x) {
    const auto c = C(x);
    for (int k = 0; k < 2; ++k) worst = std::max(worst, std::abs(c[k] - c0[k]) / std::abs(c0[k]));
  }
  INFO("relative drift over t in [0, 20]: ", worst);
  CHECK(worst < 1e-9);
}

}  // TEST_SUITE
