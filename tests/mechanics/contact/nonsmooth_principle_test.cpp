// tests/mechanics/contact/nonsmooth_principle_test.cpp — the first variation behind 001 Theorem 1
// (acceptance case A7): for the two-segment Herglotz paths reflected at the wall y = 0, the action z(T)
// varies with the impact point ξ and time t_i as the momentum and energy jumps, weighted by
// e^{−γ(T − t_i)}; its critical point is the path whose impact satisfies (8).
#include <doctest/doctest.h>

#include <cmath>

#include "mechanics/contact/impact.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;

TEST_SUITE("mechanics") {

TEST_CASE("Nonsmooth Herglotz principle: dz(T)/dxi and dz(T)/dt_i are the jumps of (8) (A7)") {
  ChartSpec s;
  s.name = "Q";
  s.coordinates = {"x", "y"};
  s.parameters = {{"gamma", true}};
  const Chart Q(s);
  const Chart Tb = contact_tangent_bundle(Q);
  const ex gamma = Q.parameter("gamma");
  const ContactLagrangian L(Q, (Tb[2] * Tb[2] + Tb[3] * Tb[3]) / 2 - gamma * Tb[4]);

  const GiNaC::realsymbol t("t"), xi("xi"), ti("ti"), T("T"), x1("x1"), y1("y1"), x2("x2"), y2("y2");
  // segment 1 from q1 at 0 to (ξ, 0) at t_i, segment 2 from there to q2 at T: Herglotz solutions
  const ex Ax = (xi - x1) / (1 - exp(-gamma * ti)), Ay = -y1 / (1 - exp(-gamma * ti));
  const ex Bx = (x2 - xi) / (1 - exp(-gamma * (T - ti))), By = y2 / (1 - exp(-gamma * (T - ti)));
  const ex x_1 = x1 + Ax * (1 - exp(-gamma * t)), y_1 = y1 + Ay * (1 - exp(-gamma * t));
  const ex z_1 = exp(-gamma * t) * gamma * (Ax * Ax + Ay * Ay) * (1 - exp(-gamma * t)) / 2;
  const ex z_i = z_1.subs(t == ti);
  const ex x_2 = xi + Bx * (1 - exp(-gamma * (t - ti))), y_2 = By * (1 - exp(-gamma * (t - ti)));
  const ex z_2 = exp(-gamma * (t - ti)) * (z_i + gamma * (Bx * Bx + By * By) * (1 - exp(-gamma * (t - ti))) / 2);

  SUBCASE("both segments solve the Herglotz equations and z_dot = L") {
    for (const auto& [xs, ys, zs] : {std::tuple<ex, ex, ex>{x_1, y_1, z_1}, std::tuple<ex, ex, ex>{x_2, y_2, z_2}}) {
      const GiNaC::exmap on{{Q[0], xs}, {Q[1], ys}, {Tb[2], xs.diff(t)}, {Tb[3], ys.diff(t)}, {Tb[4], zs}};
      const auto h = herglotz_equations(L, {xs.diff(t, 2), ys.diff(t, 2)});
      CHECK(zero_test(h[0].subs(on), Tb).zero);
      CHECK(zero_test(h[1].subs(on), Tb).zero);
      CHECK(zero_test(zs.diff(t) - L.lagrangian().subs(on), Tb).zero);
    }
    CHECK(zero_test(z_1.subs(t == 0), Tb).zero);
    CHECK(zero_test(z_2.subs(t == ti) - z_i, Tb).zero);  // z continuous at the impact
  }

  const ex zT = z_2.subs(t == T);
  const ex vm_x = x_1.diff(t).subs(t == ti), vm_y = y_1.diff(t).subs(t == ti);
  const ex vp_x = x_2.diff(t).subs(t == ti), vp_y = y_2.diff(t).subs(t == ti);
  const ex Em = (vm_x * vm_x + vm_y * vm_y) / 2 + gamma * z_i, Ep = (vp_x * vp_x + vp_y * vp_y) / 2 + gamma * z_i;
  const ex weight = exp(-gamma * (T - ti));  // μ(t_i)/μ(T)

  SUBCASE("the first variation of the proof of Theorem 1") {
    CHECK(zero_test(zT.diff(xi) - weight * (vm_x - vp_x), Tb).zero);  // momentum along T∂C = span{∂x}
    CHECK(zero_test(zT.diff(ti) - weight * (Ep - Em), Tb).zero);      // energy
    CHECK_FALSE(zero_test(zT.diff(ti) - (Ep - Em), Tb).zero);         // the weight matters
  }

  SUBCASE("the critical point has the impact of (8); the numbers of A7") {
    const GiNaC::exmap data{{gamma, GiNaC::numeric(3, 10)}, {T, 2}, {x1, -1}, {y1, 1}, {x2, GiNaC::numeric(3, 2)},
                            {y2, GiNaC::numeric(4, 5)}};
    const double ti_star = -std::log(1 - 5.0 / 9 * (1 - std::exp(-0.6))) / 0.3;
    CHECK(ti_star == doctest::Approx(0.961875765588423).epsilon(1e-14));
    GiNaC::exmap at = data;
    at[xi] = GiNaC::numeric(7, 18);
    at[ti] = GiNaC::ex(ti_star);
    const auto value = [&](const ex& e) { return GiNaC::ex_to<GiNaC::numeric>(evaluate(e.subs(data), at, 40)).to_double(); };
    CHECK(std::abs(value(zT.diff(xi))) < 1e-13);
    CHECK(std::abs(value(zT.diff(ti))) < 1e-13);
    CHECK(value(zT) == doctest::Approx(1.7315015777815).epsilon(1e-12));
    CHECK(value(vm_x) == doctest::Approx(1.24561024470399).epsilon(1e-13));
    CHECK(value(vm_y) == doctest::Approx(-0.89683937618687).epsilon(1e-13));
    CHECK(value(vp_x) == doctest::Approx(1.24561024470399).epsilon(1e-13));
    CHECK(value(vp_y) == doctest::Approx(0.89683937618687).epsilon(1e-13));
    // the impact map of (8) for the wall y = 0 sends v⁻ to v⁺
    const auto post = restitution_map(L, Q[1], 1);
    const GiNaC::exmap pre{{Tb[2], vm_x}, {Tb[3], vm_y}};
    CHECK(value(post[0].subs(pre)) == doctest::Approx(value(vp_x)).epsilon(1e-13));
    CHECK(value(post[1].subs(pre)) == doctest::Approx(value(vp_y)).epsilon(1e-13));
    // a path with another impact point is not critical
    at[xi] = GiNaC::numeric(1, 2);
    CHECK(std::abs(value(zT.diff(xi))) > 1e-3);
  }
}

}  // TEST_SUITE
