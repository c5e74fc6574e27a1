// tests/mechanics/contact/legendre_test.cpp — Legendre transform and contact Hamiltonian vector field
// (acceptance case A3; 001 (20), (32), (40)–(42a), (52)–(53); erratum E4 of (33)).
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "mechanics/contact/contact_structure.hpp"
#include "mechanics/contact/legendre.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;

namespace {

void check_all_zero(const std::vector<ex>& v, const Chart& C) {
  for (std::size_t i = 0; i < v.size(); ++i) {
    INFO("component " << i << ": " << v[i]);
    CHECK(zero_test(v[i], C).zero);
  }
}

}  // namespace

TEST_SUITE("mechanics") {

TEST_CASE("Legendre transform: the billiard's H and X_H, 001 (32), (52)-(53) (A3)") {
  const Chart Q = Chart::make("Q", {"x", "y"}, {"gamma"});
  const Chart T = contact_tangent_bundle(Q), M = contact_cotangent_bundle(Q);
  CHECK(M.describe() == "T*QxR(x, y, p_x, p_y, z)");
  const ex gamma = Q.parameter("gamma"), px = M[2], py = M[3], zM = M[4];
  const ContactLagrangian L(Q, (T[2] * T[2] + T[3] * T[3]) / 2 - gamma * T[4]);
  const ContactLegendre leg = legendre_transform(L);
  CHECK_SYMBOLIC_EQ_ON(M, leg.hamiltonian, (px * px + py * py) / 2 + gamma * zM);
  const VectorField XH = darboux_hamiltonian_vector_field(M, leg.hamiltonian);
  const std::vector<ex> expected{px, py, -gamma * px, -gamma * py, (px * px + py * py) / 2 - gamma * zM};
  for (std::size_t i = 0; i < 5; ++i) CHECK_SYMBOLIC_EQ_ON(M, XH[i], expected[i]);
  // (33) as printed has ṗ_y = −γ p_x (E4)
  CHECK_FALSE(zero_test(XH[3] + gamma * px, M).zero);
  const Form eta = darboux_contact_form(M);
  const VectorField R = reeb_field(eta);
  CHECK_SYMBOLIC_EQ_ON(M, R[4], 1);
  CHECK_SYMBOLIC_EQ_ON(M, XH(leg.hamiltonian), -gamma * leg.hamiltonian);       // X_H(H) = −R(H) H (42a)
  CHECK_SYMBOLIC_EQ_ON(M, evaluate(eta, {XH}), -leg.hamiltonian);               // η(X_H) = −H (003 (2))
  // (41) against the definition (40), solved with ♭^{-1}
  CHECK(zero_test(XH - contact_hamiltonian_vector_field(eta, leg.hamiltonian)).zero);
  // ι_{X_H} dη = dH − R(H) η (42a)
  CHECK(zero_test(interior_product(XH, exterior_derivative(eta)) - (differential(leg.hamiltonian, M) - R(leg.hamiltonian) * eta)).zero);
  // both directions: Leg_* Γ_L = X_H and Leg^{-1}_* X_H = Γ_L
  check_all_zero(relatedness_defect(leg.forward, lagrangian_vector_field(L), XH), T);
  check_all_zero(relatedness_defect(leg.inverse, XH, lagrangian_vector_field(L)), M);
}

TEST_CASE("Legendre transform: polar coordinates and a non-mechanical L relate Gamma_L and X_H (A3)") {
  SUBCASE("polar billiard") {
    const Chart Q = Chart::make("Q", {"r", "theta"}, {"gamma"});
    const Chart T = contact_tangent_bundle(Q), M = contact_cotangent_bundle(Q);
    const ex r = Q[0], gamma = Q.parameter("gamma");
    const ContactLagrangian L(Q, (T[2] * T[2] + r * r * T[3] * T[3]) / 2 - gamma * T[4]);
    const ContactLegendre leg = legendre_transform(L);
    CHECK_SYMBOLIC_EQ_ON(M, leg.hamiltonian, (M[2] * M[2] + M[3] * M[3] / (r * r)) / 2 + gamma * M[4]);
    const VectorField XH = darboux_hamiltonian_vector_field(M, leg.hamiltonian);
    check_all_zero(relatedness_defect(leg.forward, lagrangian_vector_field(L), XH), T);
    check_all_zero(relatedness_defect(leg.inverse, XH, lagrangian_vector_field(L)), M);
  }
  SUBCASE("momenta with linear and z-dependent terms") {
    const Chart Q = Chart::make("Q", {"qa", "qb"}, {"a", "b", "c"});
    const Chart T = contact_tangent_bundle(Q), M = contact_cotangent_bundle(Q);
    const ex qa = Q[0], qb = Q[1], va = T[2], vb = T[3], z = T[4];
    const ex Lx = (2 + sin(qa)) * va * va / 2 + vb * vb / 2 + va * vb * qb / 3 + Q.parameter("a") * qb * va * z -
                  Q.parameter("c") * z * qa - cos(qb) * z * z / 3 + Q.parameter("b") * vb * z * z;
    const ContactLagrangian L(Q, Lx);
    const ContactLegendre leg = legendre_transform(L);
    // Leg ∘ Leg^{-1} = id on the momenta
    for (std::size_t i = 0; i < 2; ++i) CHECK_SYMBOLIC_EQ_ON(M, compose(leg.forward.images[2 + i], leg.inverse), M[2 + i]);
    const VectorField XH = darboux_hamiltonian_vector_field(M, leg.hamiltonian);
    check_all_zero(relatedness_defect(leg.forward, lagrangian_vector_field(L), XH), T);
    // a Hamiltonian field with the z-term of ṗ dropped is not related to Γ_L
    std::vector<ex> wrong = XH.components();
    wrong[2] = wrong[2] + M[2] * leg.hamiltonian.diff(GiNaC::ex_to<GiNaC::symbol>(M[4]));
    bool all_zero = true;
    for (const auto& d : relatedness_defect(leg.forward, lagrangian_vector_field(L), VectorField(M, wrong)))
      all_zero = all_zero && zero_test(d, T).zero;
    CHECK_FALSE(all_zero);
  }
}

TEST_CASE("Legendre transform: momenta not affine in the velocities are refused with a reason") {
  const Chart Q = Chart::make("Q", {"x"}, {});
  const Chart T = contact_tangent_bundle(Q);
  const ContactLagrangian L(Q, pow(T[1], 4) / 12 + T[1] * T[1] / 2 - T[2]);
  CHECK_FALSE(L.affine_momenta());
  CHECK_THROWS_WITH_AS(legendre_transform(L), doctest::Contains("affine in the velocities"), NotImplemented);
  CHECK(legendre_map(L).images.size() == 3);
}

}  // TEST_SUITE
