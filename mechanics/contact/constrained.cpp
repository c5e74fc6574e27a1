// mechanics/contact/constrained.cpp
#include "mechanics/contact/constrained.hpp"

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"
#include <algorithm>

namespace hamel {

GiNaC::matrix constraint_matrix(const Chart& Q, const std::vector<Form>& psi) {
  GiNaC::matrix P(static_cast<unsigned>(psi.size()), static_cast<unsigned>(Q.dim()));
  for (unsigned a = 0; a < psi.size(); ++a) {
    require_same_chart(Q, psi[a].chart(), "constraint_matrix");
    if (psi[a].degree() != 1)
      throw InvalidArgument(detail::message("constraint_matrix", "constraints are 1-forms", "degree 1",
                                            std::to_string(psi[a].degree())));
    for (unsigned i = 0; i < Q.dim(); ++i) P(a, i) = psi[a].component({i});
  }
  return P;
}

std::vector<GiNaC::ex> constraint_functions(const ContactLagrangian& L, const std::vector<Form>& psi) {
  const GiNaC::matrix P = constraint_matrix(L.base(), psi);
  std::vector<GiNaC::ex> out;
  for (unsigned a = 0; a < P.rows(); ++a) {
    GiNaC::ex f = 0;
    for (unsigned i = 0; i < P.cols(); ++i) f += P(a, i) * L.velocities()[i];
    out.push_back(f);
  }
  return out;
}

namespace {

// ψ W^{-1} ψᵀ (the matrix of (69), = −C of (52))
GiNaC::matrix raised_gram(const ContactLagrangian& L, const GiNaC::matrix& P) {
  return P.mul(L.inverse_hessian()).mul(P.transpose());
}

}  // namespace

ConstrainedHerglotz constrained_herglotz(const ContactLagrangian& L, const std::vector<Form>& psi) {
  const VectorField G = lagrangian_vector_field(L);
  const GiNaC::matrix P = constraint_matrix(L.base(), psi);
  const auto k = P.rows(), n = static_cast<unsigned>(L.dim());
  const GiNaC::matrix Ci = inverse(raised_gram(L, P), L.chart(), "constrained_herglotz");
  const auto fbar = constraint_functions(L, psi);
  std::vector<GiNaC::ex> lambda(k, 0);
  for (unsigned a = 0; a < k; ++a)
    for (unsigned b = 0; b < k; ++b) lambda[a] -= Ci(a, b) * G(fbar[b]);
  for (auto& l : lambda) l = simplify(l);
  std::vector<GiNaC::ex> comp = G.components();
  for (unsigned i = 0; i < n; ++i) {
    GiNaC::ex extra = 0;
    for (unsigned j = 0; j < n; ++j)
      for (unsigned a = 0; a < k; ++a) extra += L.inverse_hessian()(i, j) * P(a, j) * lambda[a];
    comp[n + i] = simplify(comp[n + i] + extra);
  }
  return {lambda, VectorField(L.chart(), comp)};
}

std::vector<VectorField> constraint_vector_fields(const ContactLagrangian& L, const std::vector<Form>& psi) {
  const GiNaC::matrix P = constraint_matrix(L.base(), psi);
  const auto n = static_cast<unsigned>(L.dim());
  std::vector<VectorField> out;
  for (unsigned a = 0; a < P.rows(); ++a) {
    std::vector<GiNaC::ex> comp(2 * n + 1, 0);
    for (unsigned i = 0; i < n; ++i) {
      GiNaC::ex c = 0;
      for (unsigned j = 0; j < n; ++j) c -= L.inverse_hessian()(i, j) * P(a, j);
      comp[n + i] = simplify(c);
    }
    out.emplace_back(L.chart(), comp);
  }
  return out;
}

GiNaC::matrix constraint_gram_matrix(const ContactLagrangian& L, const std::vector<Form>& psi) {
  const GiNaC::matrix P = constraint_matrix(L.base(), psi);
  GiNaC::matrix C = raised_gram(L, P).mul_scalar(-1);
  return simplify(C);
}

VectorField tangent_projection(const ContactLagrangian& L, const std::vector<Form>& psi, const VectorField& Y) {
  require_same_chart(L.chart(), Y.chart(), "tangent_projection");
  const auto Ya = constraint_vector_fields(L, psi);
  const GiNaC::matrix Cinv = inverse(constraint_gram_matrix(L, psi), L.chart(), "tangent_projection");
  const auto fbar = constraint_functions(L, psi);
  VectorField out = Y;
  for (unsigned a = 0; a < Ya.size(); ++a) {
    GiNaC::ex coeff = 0;  // λ^a = C^{ba} dψ̄^b(Y) (58)
    for (unsigned b = 0; b < Ya.size(); ++b) coeff += Cinv(b, a) * Y(fbar[b]);
    out = out - coeff * Ya[a];
  }
  return simplify(out);
}

VectorField constrained_vector_field(const ContactLagrangian& L, const std::vector<Form>& psi) {
  return tangent_projection(L, psi, lagrangian_vector_field(L));
}

DParametrisation parametrise_distribution(const ContactLagrangian& L, const std::vector<Form>& psi) {
  // ψ q̇ = 0 in reduced row echelon form: each pivot velocity is solved for in terms of the others
  const Echelon e = row_echelon(constraint_matrix(L.base(), psi), L.base(), PivotOrder::Simplest);
  if (e.rank() != psi.size())
    throw DomainError(detail::message("parametrise_distribution", "the constraints are dependent",
                                      std::to_string(psi.size()) + " independent constraints", "rank " + std::to_string(e.rank())));
  DParametrisation d;
  const auto n = static_cast<unsigned>(L.dim());
  for (unsigned j = 0; j < n; ++j)
    if (std::find(e.pivot_columns.begin(), e.pivot_columns.end(), j) == e.pivot_columns.end()) d.parameters.push_back(L.velocities()[j]);
  for (unsigned k = 0; k < e.rank(); ++k) {
    GiNaC::ex v = 0;
    for (unsigned j = 0; j < n; ++j)
      if (std::find(e.pivot_columns.begin(), e.pivot_columns.end(), j) == e.pivot_columns.end()) v -= e.reduced(k, j) * L.velocities()[j];
    d.substitution[L.velocities()[e.pivot_columns[k]]] = simplify(v);
  }
  return d;
}

GiNaC::ex dissipation_defect(const ContactLagrangian& L, const std::vector<Form>& psi, const GiNaC::ex& f) {
  const VectorField G = constrained_vector_field(L, psi);
  return simplify((G(f) - dissipation_rate(L) * f).subs(parametrise_distribution(L, psi).substitution));
}

ZeroVerdict is_dissipated(const ContactLagrangian& L, const std::vector<Form>& psi, const GiNaC::ex& f) {
  if (psi.empty()) return is_dissipated(L, f);
  ZeroVerdict v = zero_test(dissipation_defect(L, psi, f), L.chart());
  if (!v.point.empty()) {  // the witness on D: the solved velocities take their values there
    const GiNaC::exmap free = v.point;
    for (const auto& [x, value] : parametrise_distribution(L, psi).substitution) v.point[x] = value.subs(free).evalf();
  }
  v.detail = "along $Gamma_{L,D}$ on $D × R$" + (v.detail.empty() ? "" : ", " + v.detail);
  return v;
}

}  // namespace hamel
