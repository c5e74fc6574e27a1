// tests/mechanics/contact/contact_lagrangian_test.cpp — Herglotz equations, energy, contact form,
// Reeb field and Γ_L (acceptance cases A1 and A2 of contact.md).
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/contact/contact_lagrangian.hpp"
#include "mechanics/contact/contact_structure.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;

TEST_SUITE("mechanics") {

TEST_CASE("Herglotz equations: the dissipative billiard, 001 (23)-(24) (A1)") {
  const Chart Q = Chart::make("Q", {"x", "y"}, {"gamma"});
  const Chart T = contact_tangent_bundle(Q);
  const ex x = Q[0], y = Q[1], xd = T[2], yd = T[3], z = T[4], gamma = Q.parameter("gamma");
  CHECK(T.describe() == "TQxR(x, y, x_dot, y_dot, z)");
  const ContactLagrangian L(Q, (xd * xd + yd * yd) / 2 - gamma * z);
  const VectorField G = lagrangian_vector_field(L);
  CHECK_SYMBOLIC_EQ_ON(T, G[2], -gamma * xd);  // ẍ = −γẋ
  CHECK_SYMBOLIC_EQ_ON(T, G[3], -gamma * yd);
  CHECK_SYMBOLIC_EQ_ON(T, G[4], L.lagrangian());  // ż = L
  CHECK_SYMBOLIC_EQ_ON(T, energy(L), (xd * xd + yd * yd) / 2 + gamma * z);
  CHECK_SYMBOLIC_EQ_ON(T, dissipation_rate(L), -gamma);
  // the cyclic coordinates x, y give dissipated momenta ẋ, ẏ
  const auto cyc = cyclic_momenta(L);
  REQUIRE(cyc.size() == 2);
  CHECK(is_dissipated(L, cyc[0].second).zero);
  CHECK(is_dissipated(L, energy(L)).zero);         // 001 (7b): E_L is dissipated
  CHECK_FALSE(is_dissipated(L, xd * xd).zero);     // ẋ² decays at rate −2γ
}

TEST_CASE("Herglotz equations: polar billiard, r^2 theta_dot dissipated at rate -gamma (A1, 001 (27)-(29))") {
  const Chart Q = Chart::make("Q", {"r", "theta"}, {"gamma"});
  const Chart T = contact_tangent_bundle(Q);
  const ex r = Q[0], rd = T[2], thd = T[3], z = T[4], gamma = Q.parameter("gamma");
  const ContactLagrangian L(Q, (rd * rd + r * r * thd * thd) / 2 - gamma * z);
  const VectorField G = lagrangian_vector_field(L);
  CHECK_SYMBOLIC_EQ_ON(T, G[2], r * thd * thd - gamma * rd);
  CHECK_SYMBOLIC_EQ_ON(T, G[3], -gamma * thd - 2 * rd * thd / r);
  const auto cyc = cyclic_momenta(L);
  REQUIRE(cyc.size() == 1);
  CHECK(cyc[0].first == 1);
  CHECK_SYMBOLIC_EQ_ON(T, cyc[0].second, r * r * thd);
  CHECK(is_dissipated(L, r * r * thd).zero);  // (28)
  // (29) as printed, r̈ = −γṙ + ℓ/r with ℓ = r²θ̇, is not the Herglotz equation (E3); ℓ²/r³ is
  const ex ell = r * r * thd;
  CHECK_FALSE(zero_test(G[2] - (-gamma * rd + ell / r), T).zero);
  CHECK_SYMBOLIC_EQ_ON(T, G[2], -gamma * rd + ell * ell / (r * r * r));
}

TEST_CASE("Herglotz equations: general metric and V(u, w, z) against the Christoffel form 003 (13) (A1)") {
  const Chart Q = Chart::make("Q", {"u", "w"}, {});
  const Chart T = contact_tangent_bundle(Q);
  const ex u = Q[0], ud = T[2], wd = T[3], z = T[4];
  const AbstractFunction V("Vc", 3);
  const ex Lx = (ud * ud + (pow(sin(u), 2) + 2) * wd * wd) / 2 - V({Q[0], Q[1], z});
  const ContactLagrangian L(Q, Lx);
  const auto parts = contact_mechanical_parts(L);
  REQUIRE(parts);
  CHECK_SYMBOLIC_EQ_ON(T, parts->metric(1, 1), pow(sin(u), 2) + 2);
  const auto acc = mechanical_accelerations(L, *parts);
  const VectorField G = lagrangian_vector_field(L);
  CHECK_SYMBOLIC_EQ_ON(T, G[2], acc[0]);
  CHECK_SYMBOLIC_EQ_ON(T, G[3], acc[1]);
  // explicitly: ü = sin u cos u ẇ² − V_u − u̇ V_z
  const ex Vu = V({Q[0], Q[1], z}).diff(GiNaC::ex_to<GiNaC::symbol>(u));
  const ex Vz = V({Q[0], Q[1], z}).diff(GiNaC::ex_to<GiNaC::symbol>(z));
  CHECK_SYMBOLIC_EQ_ON(T, G[2], sin(u) * cos(u) * wd * wd - Vu - ud * Vz);
  // Γ_L solves the Herglotz equations (6)
  const GiNaC::realsymbol a1("a1"), a2("a2");
  const auto h = herglotz_equations(L, {G[2], G[3]});
  CHECK_SYMBOLIC_EQ_ON(T, h[0], 0);
  CHECK_SYMBOLIC_EQ_ON(T, h[1], 0);
  const auto h2 = herglotz_equations(L, {a1, a2});
  CHECK_FALSE(zero_test(h2[0], T).zero);
}

TEST_CASE("Contact Lagrangian structure: the identities of A2 on a non-mechanical L") {
  const Chart Q = Chart::make("Q", {"qa", "qb"}, {"a", "b", "c"});
  const Chart T = contact_tangent_bundle(Q);
  const ex qa = Q[0], qb = Q[1], va = T[2], vb = T[3], z = T[4];
  const ex a = Q.parameter("a"), b = Q.parameter("b"), c = Q.parameter("c");
  const ex Lx = (2 + sin(qa)) * va * va / 2 + vb * vb / 2 + va * vb * qb / 3 + a * qb * va * z - c * z * qa -
                cos(qb) * z * z / 3 + b * vb * z * z;
  const ContactLagrangian L(Q, Lx);
  CHECK(L.affine_momenta());
  CHECK_FALSE(contact_mechanical_parts(L).has_value());  // linear velocity terms
  const Form eta = contact_form(L);
  const ex E = energy(L);
  const VectorField R = reeb_field(L), G = lagrangian_vector_field(L);
  SUBCASE("(i) det flat_L = (det W)^2: eta_L is a contact form iff L is regular") {
    CHECK_SYMBOLIC_EQ_ON(T, flat_matrix(eta).determinant(), pow(L.hessian().determinant(), 2));
    CHECK_FALSE(contact_volume_test(eta).zero);
  }
  SUBCASE("(ii) flat_L(R_L) = eta_L, and R_L is the Reeb field solved from its definition") {
    CHECK(zero_test(flat(eta, R) - eta).zero);
    CHECK(zero_test(R - reeb_field(eta)).zero);
  }
  SUBCASE("(iii) flat_L(Gamma_L) = dE_L - (E_L + R_L(E_L)) eta_L (001 (43))") {
    CHECK(zero_test(flat(eta, G) - (differential(E, T) - (E + R(E)) * eta)).zero);
    CHECK(zero_test(G - contact_hamiltonian_vector_field(eta, E)).zero);
  }
  SUBCASE("(iv) R_L(E_L) = -dL/dz (001 Remark 2)") { CHECK_SYMBOLIC_EQ_ON(T, R(E), -dissipation_rate(L)); }
  SUBCASE("(v) Gamma_L(E_L) = (dL/dz) E_L (001 (44), (7b))") { CHECK(is_dissipated(L, E).zero); }
  SUBCASE("(vi) eta_L(Gamma_L) = -E_L and L_Gamma eta_L = -R_L(E_L) eta_L (003 (8))") {
    CHECK_SYMBOLIC_EQ_ON(T, evaluate(eta, {G}), -E);
    CHECK(zero_test(lie_derivative(G, eta) + R(E) * eta).zero);
  }
  SUBCASE("(vii) Gamma_L is a SODE solving (6)") {
    CHECK_SYMBOLIC_EQ_ON(T, G[0], va);
    CHECK_SYMBOLIC_EQ_ON(T, G[1], vb);
    const auto h = herglotz_equations(L, {G[2], G[3]});
    CHECK_SYMBOLIC_EQ_ON(T, h[0], 0);
    CHECK_SYMBOLIC_EQ_ON(T, h[1], 0);
  }
  SUBCASE("a wrong sign of the dissipation term in (48) is detected") {
    std::vector<ex> comp = G.components();
    comp[2] = comp[2] + 2 * dissipation_rate(L) * va;  // flips a -gamma-like term
    CHECK_FALSE(zero_test(flat(eta, VectorField(T, comp)) - (differential(E, T) - (E + R(E)) * eta)).zero);
  }
}

TEST_CASE("ContactLagrangian: singular Lagrangians and foreign symbols are refused") {
  const Chart Q = Chart::make("Q", {"x", "y"}, {});
  const Chart T = contact_tangent_bundle(Q);
  CHECK_THROWS_WITH_AS(ContactLagrangian(Q, T[2] * T[2] / 2 - T[4]), doctest::Contains("the Lagrangian is singular"),
                       DomainError);
  const GiNaC::realsymbol w("w");
  CHECK_THROWS_WITH_AS(ContactLagrangian(Q, (T[2] * T[2] + T[3] * T[3]) / 2 - w), doctest::Contains("got w"),
                       InvalidArgument);
  CHECK(action_variable(T).is_equal(T[4]));
  CHECK_THROWS_AS(action_variable(Q), InvalidArgument);
}

}  // TEST_SUITE

// contact_volume_test decides eta ^ (d eta)^n != 0 by the flat map's determinant (the product of its
// Gauss–Jordan pivots); the identity behind it, det flat = (coefficient of eta ^ (d eta)^n / n!)^2, is
// checked here against the wedge powers themselves, on forms whose coefficient is not a constant.
TEST_CASE("contact_volume_test: det of the flat map is the square of eta ^ (d eta)^n / n!") {
  const Chart M = Chart::make("M", {"x", "y", "u", "v", "w"}, {"a"});
  const ex x = M[0], y = M[1], u = M[2], v = M[3], w = M[4], a = M.parameter("a");
  const auto volume_coefficient = [&](const Form& eta) {
    const Form deta = exterior_derivative(eta);
    const Form vol = wedge(wedge(eta, deta), deta);  // n = 2
    return vol.component({0, 1, 2, 3, 4});
  };
  const std::vector<std::vector<ex>> forms = {
      {-u, -v, 0, 0, 1},                                        // Darboux: dw - u dx - v dy
      {-u * sin(y), -v * x, a * w, 0, 1 + x * x},               // coefficients depending on the point
      {sin(w), cos(w) * u, 0, x, y * y + a},                    // generic trigonometric
      {-u, 0, 0, 0, 1},                                         // dw - u dx: degenerate (rank 3 of d eta + eta eta)
      {0, 0, 0, 0, 1},                                          // dw: closed, degenerate
  };
  for (const auto& c : forms) {
    const Form eta = Form::one_form(M, c);
    const ex coefficient = volume_coefficient(eta);
    CHECK_SYMBOLIC_EQ_ON(M, flat_matrix(eta).determinant(), pow(coefficient / 2, 2));
    const ZeroVerdict z = contact_volume_test(eta);
    CHECK_MESSAGE(z.zero == zero_test(coefficient, M).zero, "eta = ", eta.component({0}), ", ", eta.component({4}));
    CHECK(z.how().find("flat map") != std::string::npos);
  }
  CHECK_FALSE(contact_volume_test(Form::one_form(M, forms[0])).zero);
  CHECK(contact_volume_test(Form::one_form(M, forms[3])).zero);
  CHECK(contact_volume_test(Form::one_form(M, forms[4])).zero);
}

// A contact form on T*R^n x R with n = 20 (41 coordinates): the wedge powers would have C(20, 10)
// components; the flat map's pivots decide it at once, and sharp (the Reeb field) needs no determinant.
TEST_CASE("contact_volume_test and the Reeb field on 41 coordinates") {
  std::vector<std::string> names;
  for (int i = 0; i < 20; ++i) names.push_back("q" + std::to_string(i));
  for (int i = 0; i < 20; ++i) names.push_back("p" + std::to_string(i));
  names.push_back("z");
  const Chart M = Chart::make("M", names, {});
  std::vector<ex> c(41, 0);
  for (unsigned i = 0; i < 20; ++i) c[i] = -M[20 + i] * (1 + M[i] * M[i]);
  c[40] = 1;
  const Form eta = Form::one_form(M, c);
  CHECK_FALSE(contact_volume_test(eta).zero);
  const VectorField R = reeb_field(eta);
  CHECK(zero_test(evaluate(eta, {R}) - 1, M).zero);  // eta(R) = 1
  CHECK(zero_test(interior_product(R, exterior_derivative(eta))).zero);  // i_R d eta = 0
}
