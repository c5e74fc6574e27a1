// mechanics/contact/momentum_jump.cpp
#include "mechanics/contact/momentum_jump.hpp"

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"
#include "mechanics/contact/constrained.hpp"

namespace hamel {

namespace {

void require_affine(const ContactLagrangian& L, const char* fn) {
  if (!L.affine_momenta())
    throw NotImplemented(detail::message(fn, "solved only for momenta affine in the velocities",
                                         "a Hessian W = d^2L/dq_dot dq_dot independent of q_dot",
                                         "W depending on the velocities"));
}

}  // namespace

GiNaC::matrix jump_gram_matrix(const ContactLagrangian& L, const std::vector<Form>& psi) {
  const GiNaC::matrix P = constraint_matrix(L.base(), psi);
  return simplify(P.mul(L.inverse_hessian()).mul(P.transpose()));
}

GiNaC::matrix momentum_projector(const ContactLagrangian& L, const std::vector<Form>& psi) {
  require_affine(L, "momentum_projector");
  const GiNaC::matrix P = constraint_matrix(L.base(), psi);
  const GiNaC::matrix Ci = inverse(jump_gram_matrix(L, psi), L.chart(), "momentum_projector");
  const auto n = static_cast<unsigned>(L.dim());
  GiNaC::matrix Id(n, n);
  for (unsigned i = 0; i < n; ++i) Id(i, i) = 1;
  return simplify(Id.sub(P.transpose().mul(Ci).mul(P).mul(L.inverse_hessian())));
}

std::vector<GiNaC::ex> impulse_multipliers(const ContactLagrangian& L, const std::vector<Form>& psi) {
  require_affine(L, "impulse_multipliers");
  const GiNaC::matrix Ci = inverse(jump_gram_matrix(L, psi), L.chart(), "impulse_multipliers");
  const auto fbar = constraint_functions(L, psi);
  std::vector<GiNaC::ex> mu(fbar.size(), 0);
  for (unsigned a = 0; a < fbar.size(); ++a) {
    for (unsigned b = 0; b < fbar.size(); ++b) mu[a] -= Ci(a, b) * fbar[b];
    mu[a] = simplify(mu[a]);
  }
  return mu;
}

std::vector<GiNaC::ex> constraint_jump_map(const ContactLagrangian& L, const std::vector<Form>& psi) {
  const auto mu = impulse_multipliers(L, psi);
  const GiNaC::matrix P = constraint_matrix(L.base(), psi);
  const auto n = static_cast<unsigned>(L.dim());
  std::vector<GiNaC::ex> out;
  for (unsigned i = 0; i < n; ++i) {
    GiNaC::ex v = L.velocities()[i];  // q̇⁺ = q̇⁻ + W^{-1} ψᵀ μ̄
    for (unsigned j = 0; j < n; ++j)
      for (unsigned a = 0; a < P.rows(); ++a) v += L.inverse_hessian()(i, j) * P(a, j) * mu[a];
    out.push_back(simplify(v));
  }
  return out;
}

}  // namespace hamel
