// tests/reduction/discrete/disk_reduction_test.cpp — the vertical rolling disk (002 §9.4, discrete.md
// §3.2): reduced Lagrangian, B = 0, F = 0, (44) ⇒ (46), the vertical equation, (45) (A8); reduced and
// reconstructed against unreduced integration and the closed form (A9); the discrete momentum (A10);
// and erratum 5 (the evaluation point of φ in D_d).
#include <doctest/doctest.h>

#include <cmath>

#include "core/error.hpp"
#include "mechanics/discrete/invariance.hpp"
#include "mechanics/discrete/rescaled_zero_test.hpp"
#include "reduction/discrete/discrete_momentum.hpp"
#include "reduction/discrete/reduced_integrator.hpp"
#include "tests/mechanics/discrete/systems.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;

namespace {

struct DiskReduction : test::Disk {
  std::vector<ex> s0 = slot(Q, 0), s1 = slot(Q, 1), s2 = slot(Q, 2);
  ex th0 = s0[0], ph0 = s0[1], x0 = s0[2], y0 = s0[3], th1 = s1[0], ph1 = s1[1], x1 = s1[2], y1 = s1[3], ph2 = s2[1];
  DiscreteConnection A = DiscreteConnection::trivial(bundle);  // A_d = (Δθ, Δx, Δy)
  NonholonomicConnection nh = nonholonomic_connection(system, bundle);
  ReducedSystem Rd = reduce(system, A, nh);
  GroupElement w0 = reduced_slot(bundle, 0), w1 = reduced_slot(bundle, 1);
  ParameterValues values{{h, 0.1}, {m, 1.0}, {R, 0.5}, {I, 0.125}, {J, 0.0625}};
};

}  // namespace

TEST_SUITE("reduction/discrete") {

TEST_CASE("reduce: the disk (A8), reduced Lagrangian, B = 0, F = 0, (44), the vertical equation and (45)") {
  DiskReduction d;
  CHECK(equivariance(d.A).zero);
  CHECK(level_is_identity(d.A).zero);
  CHECK_SYMBOLIC_EQ(d.A.form()[0], d.th1 - d.th0);
  CHECK_SYMBOLIC_EQ(d.Rd.lagrangian, (d.I * d.w0[0] * d.w0[0] + d.J * pow(d.ph1 - d.ph0, 2) +
                                      d.m * (d.w0[1] * d.w0[1] + d.w0[2] * d.w0[2])) / (2 * d.h));
  for (unsigned i = 0; i < 3; ++i) {
    CHECK(simplify(d.Rd.curvature_minus(i, 0)).is_zero());
    CHECK(simplify(d.Rd.curvature_plus(i, 0)).is_zero());
  }
  CHECK(simplify(d.Rd.force_minus[0]).is_zero());
  CHECK(simplify(d.Rd.force_plus[0]).is_zero());
  // nonholonomic connection: H = span{∂φ}, graph map 0, g^D = span{(1, R cos φ, R sin φ)}
  CHECK(simplify(d.nh.graph(0, 0)).is_zero());
  REQUIRE(d.nh.vertical.size() == 1);
  const auto& eta = d.nh.vertical[0];
  CHECK_SYMBOLIC_EQ(eta[1] / eta[0], d.R * cos(d.Q[1]));
  CHECK_SYMBOLIC_EQ(eta[2] / eta[0], d.R * sin(d.Q[1]));
  // (44): J[(φ1 − φ0) − (φ2 − φ1)]/h per unit δφ
  REQUIRE(d.Rd.horizontal.size() == 1);
  const ex dphi = d.nh.horizontal[0][1];
  CHECK_SYMBOLIC_EQ(d.Rd.horizontal[0], dphi * d.J * ((d.ph1 - d.ph0) - (d.ph2 - d.ph1)) / d.h);
  // vertical, per unit η^θ at φ1
  REQUIRE(d.Rd.vertical.size() == 1);
  CHECK_SYMBOLIC_EQ_ON(d.Q, d.Rd.vertical[0] / eta[0].subs(d.Q[1] == d.ph1),
                       (d.I * (d.w0[0] - d.w1[0]) + d.m * d.R * cos(d.ph1) * (d.w0[1] - d.w1[1]) +
                        d.m * d.R * sin(d.ph1) * (d.w0[2] - d.w1[2])) / d.h);
  // (45), midpoint φ̄ = (φ0 + φ1)/2
  REQUIRE(d.Rd.constraints.size() == 2);
  const ex bar = (d.ph0 + d.ph1) / 2;
  CHECK_SYMBOLIC_EQ_ON(d.Q, d.Rd.constraints[0], d.w0[1] - d.R * cos(bar) * d.w0[0]);
  CHECK_SYMBOLIC_EQ_ON(d.Q, d.Rd.constraints[1], d.w0[2] - d.R * sin(bar) * d.w0[0]);
  const ReductionChecks c = check_against_unreduced(d.Rd);
  CHECK(c.lagrangian.zero);
  CHECK(c.constraints.zero);
  CHECK(c.horizontal.zero);
  CHECK(c.vertical.zero);
  CHECK(c.vertical.method == Decision::Canonical);  // half-angles rescaled into the canonical class
  CHECK(c.reconstruction.zero);
}

TEST_CASE("ReducedIntegrator: the disk (A9) reduced + (43) equals the unreduced Newton and the closed form") {
  DiskReduction d;
  const std::vector<double> q0{0, 0.1, 0, 0};
  const std::vector<double> q1 = complete_on_constraint(d.system, d.values, q0, {0.2, 0.15, 0, 0}, {2, 3});
  const DiscreteTrajectory u = DiscreteIntegrator(d.system, d.values).run(q0, q1, 30);
  const ReducedIntegrator I(d.Rd, d.values);
  CHECK(I.shape_dim() == 1);
  CHECK(I.group_dim() == 3);
  std::vector<double> r0, w0, r1;
  I.reduce_pair(q0, q1, r0, w0, r1);
  const DiscreteReducedTrajectory t = I.run(r0, w0, r1, 30);
  const auto q = I.reconstruct(t, q0);
  REQUIRE(q.size() == 31);
  CHECK(max_difference(q, u.q) < 1e-10);
  // (46) and w^θ constant; the closed form of discrete.md §3.2
  const double dth = 0.2, dph = 0.05, Rv = 0.5;
  for (std::size_t k = 0; k <= 30; ++k) {
    const double kk = static_cast<double>(k);
    CHECK(std::fabs(q[k][0] - kk * dth) < 1e-10);
    CHECK(std::fabs(q[k][1] - (0.1 + kk * dph)) < 1e-10);
    CHECK(std::fabs(q[k][2] - Rv * dth * (std::sin(0.1 + kk * dph) - std::sin(0.1)) / (2 * std::sin(dph / 2))) < 1e-10);
    CHECK(std::fabs(q[k][3] - Rv * dth * (std::cos(0.1) - std::cos(0.1 + kk * dph)) / (2 * std::sin(dph / 2))) < 1e-10);
  }
  const std::vector<double> q30{6.0, 1.6, 1.79966783233035, 2.04862076648655};
  for (std::size_t i = 0; i < 4; ++i) CHECK(std::fabs(q[30][i] - q30[i]) < 1e-10);
}

TEST_CASE("discrete_momentum: the disk (A10), (33), (35) and its identity, C-infinity linearity, J on D_d") {
  DiskReduction d;
  const Section xi{1, d.R * cos(d.Q[1]), d.R * sin(d.Q[1])};
  const ex J = discrete_momentum(d.system, d.bundle, xi);
  CHECK_SYMBOLIC_EQ_ON(d.Q, J, (d.I * (d.th1 - d.th0) + d.m * d.R * (cos(d.ph0) * (d.x1 - d.x0) + sin(d.ph0) * (d.y1 - d.y0))) / d.h);
  CHECK(lemma_8_2(d.system, d.bundle).zero);
  const MomentumEvolution ev = momentum_evolution(d.system, d.bundle, xi);
  CHECK(ev.identity.zero);
  CHECK(ev.linearity.zero);
  // on D_d (midpoint): J = (I + m R² cos(Δφ/2)) Δθ / h, and the right-hand side of (35) vanishes
  const ex bar = (d.ph0 + d.ph1) / 2, dth = d.th1 - d.th0;
  const GiNaC::exmap on_dd{{d.x1, d.x0 + d.R * cos(bar) * dth}, {d.y1, d.y0 + d.R * sin(bar) * dth}};
  CHECK_SYMBOLIC_EQ_ON(d.Q, J.subs(on_dd), (d.I + d.m * d.R * d.R * cos((d.ph1 - d.ph0) / 2)) * dth / d.h);
  CHECK(rescaled_zero_test(ev.rhs.subs(on_dd), d.Q).zero);  // so J is conserved along solutions
  const auto sections = vertical_sections(d.bundle, d.nh);
  REQUIRE(sections.size() == 1);
  CHECK_SYMBOLIC_EQ_ON(d.Q, sections[0][1] / sections[0][0], d.R * cos(d.Q[1]));
}

TEST_CASE("section_in_gD: the disk's rolling section is in g^D, a pure spin is not (omega^1 = -R cos phi)") {
  DiskReduction d;
  CHECK(section_in_gD(d.system, d.bundle, {1, d.R * cos(d.Q[1]), d.R * sin(d.Q[1])}).verdict.zero);
  const SectionInGD spin = section_in_gD(d.system, d.bundle, {1, 0, 0});
  CHECK_FALSE(spin.verdict.zero);
  CHECK(spin.failing == "omega^1(xi_Q)");
  CHECK_SYMBOLIC_EQ_ON(d.Q, spin.value, -d.R * cos(d.Q[1]));  // ω¹ = dx − R cos φ dθ on ∂θ
}

TEST_CASE("discrete_momentum: erratum 5, evaluating phi at q0 in D_d breaks the conservation of J") {
  test::Disk base;
  const auto v = base.v;
  const DiscreteSystem early = discretize(base.Q, base.L, {v[2] - base.R * cos(base.Q[1]) * v[0], v[3] - base.R * sin(base.Q[1]) * v[0]},
                                          QuadratureRule::Midpoint, base.h, 0);
  const ParameterValues values{{base.h, 0.1}, {base.m, 1.0}, {base.R, 0.5}, {base.I, 0.125}, {base.J, 0.0625}};
  const std::vector<double> q0{0, 0.1, 0, 0};
  const auto q1 = complete_on_constraint(early, values, q0, {0.2, 0.15, 0, 0}, {2, 3});
  const DiscreteTrajectory t = DiscreteIntegrator(early, values).run(q0, q1, 30);
  double jmin = 1e9, jmax = -1e9, dmin = 1e9, dmax = -1e9;
  for (std::size_t k = 0; k < 30; ++k) {
    const auto& a = t.q[k];
    const auto& b = t.q[k + 1];
    const double J = (0.125 * (b[0] - a[0]) + 0.5 * (std::cos(a[1]) * (b[2] - a[2]) + std::sin(a[1]) * (b[3] - a[3]))) / 0.1;
    jmin = std::min(jmin, J);
    jmax = std::max(jmax, J);
    dmin = std::min(dmin, b[0] - a[0]);
    dmax = std::max(dmax, b[0] - a[0]);
  }
  CHECK(jmax - jmin > 1e-4);  // no longer conserved
  CHECK(dmax - dmin > 1e-4);  // θ-increments no longer constant
}

}  // TEST_SUITE

TEST_SUITE("reduction/discrete") {

TEST_CASE("reduce: a forced disk (friction -c theta_dot d theta - c phi_dot d phi): forces enter both reduced equations") {
  test::Disk d;
  const ex c = GiNaC::numeric(3, 10);
  const auto f = discrete_forces({-c * d.v[0], -c * d.v[1], 0, 0}, d.Q, QuadratureRule::Midpoint, d.h);
  DiscreteSpec spec{d.Q, d.h, d.system.lagrangian(), d.system.variational(), d.system.kinematic(), f.minus, f.plus,
                    d.system.continuous()};
  const DiscreteSystem forced(spec);
  CHECK(force_equivariance(forced, d.bundle).zero);
  const ReducedSystem R = reduce(forced, DiscreteConnection::trivial(d.bundle), nonholonomic_connection(forced, d.bundle));
  const ReductionChecks c1 = check_against_unreduced(R);
  CHECK(c1.horizontal.zero);
  CHECK(c1.vertical.zero);
  // numerically: reduced + (43) = unreduced, and the friction slows the rolling (Δθ decreases)
  const ParameterValues values{{d.h, 0.1}, {d.m, 1.0}, {d.R, 0.5}, {d.I, 0.125}, {d.J, 0.0625}};
  const std::vector<double> q0{0, 0.1, 0, 0};
  const auto q1 = complete_on_constraint(forced, values, q0, {0.2, 0.15, 0, 0}, {2, 3});
  const DiscreteTrajectory u = DiscreteIntegrator(forced, values).run(q0, q1, 30);
  const ReducedIntegrator I(R, values);
  std::vector<double> r0, w0, r1;
  I.reduce_pair(q0, q1, r0, w0, r1);
  CHECK(max_difference(I.reconstruct(I.run(r0, w0, r1, 30), q0), u.q) < 1e-10);
  CHECK(u.q[30][0] - u.q[29][0] < 0.9 * (u.q[1][0] - u.q[0][0]));
  // an unforced equivariance failure is caught: a force depending on x
  DiscreteSpec bad = spec;
  bad.force_minus = {0, 0, -c * slot(d.Q, 0)[2], 0};
  CHECK_FALSE(force_equivariance(DiscreteSystem(bad), d.bundle).zero);
}

}  // TEST_SUITE
