// mechanics/contact/impact.cpp
#include "mechanics/contact/impact.hpp"

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "geometry/linear_algebra.hpp"
#include "mechanics/contact/constrained.hpp"
#include "mechanics/contact/momentum_jump.hpp"

namespace hamel {

namespace {

const GiNaC::symbol& sym(const GiNaC::ex& e) { return GiNaC::ex_to<GiNaC::symbol>(e); }

void require_affine(const ContactLagrangian& L, const char* fn) {
  if (!L.affine_momenta())
    throw NotImplemented(detail::message(fn, "solved only for momenta affine in the velocities",
                                         "a Hessian W = d^2L/dq_dot dq_dot independent of q_dot",
                                         "W depending on the velocities"));
}

std::vector<GiNaC::ex> gradient_of(const ContactLagrangian& L, const GiNaC::ex& psi) {
  std::vector<GiNaC::ex> d;
  for (const auto& q : L.coordinates()) d.push_back(psi.diff(sym(q)));
  return d;
}

// W^{-1} dΨ and W^{-1}(dΨ, dΨ)
std::pair<std::vector<GiNaC::ex>, GiNaC::ex> raised(const ContactLagrangian& L, const std::vector<GiNaC::ex>& dpsi) {
  const auto n = static_cast<unsigned>(L.dim());
  std::vector<GiNaC::ex> g(n, 0);
  GiNaC::ex norm = 0;
  for (unsigned i = 0; i < n; ++i) {
    for (unsigned j = 0; j < n; ++j) g[i] += L.inverse_hessian()(i, j) * dpsi[j];
    norm += dpsi[i] * g[i];
  }
  return {g, norm};
}

// dΨ(q̇)
GiNaC::ex normal_speed_of(const ContactLagrangian& L, const std::vector<GiNaC::ex>& dpsi) {
  GiNaC::ex a = 0;
  for (std::size_t i = 0; i < L.dim(); ++i) a += dpsi[i] * L.velocities()[i];
  return a;
}

// The impact within D, 003 (22)–(27) with (29)–(33): Δq̇ = W^{-1}(μ dΨ + λ_a ψ^a) and q̇⁺ ∈ D force
// Δq̇ ∈ D ∩ span{grad Ψ, D^⊥} = span{n}; the restitution law (32) fixes its length.
std::vector<GiNaC::ex> restitution_within_d(const ContactLagrangian& L, const GiNaC::ex& psi, const GiNaC::ex& alpha,
                                            const std::vector<Form>& forms) {
  const DistributionNormal d = normal_in_distribution(L, psi, forms);
  if (d.vanishes)
    throw DomainError(detail::message("restitution_map",
                                      "the wall's normal has no part in D: dPsi lies in span{psi^a}, so every velocity in D "
                                      "has dPsi(q_dot) = 0 and no impact is possible within D",
                                      "W(n, n) != 0 for n = P_D grad Psi", "W(n, n) = 0 for Psi = " + detail::str(psi)));
  const auto n = static_cast<unsigned>(L.dim());
  GiNaC::ex along = 0;  // W(n, q̇⁻), = dΨ(q̇⁻) on D
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j) along += d.normal[i] * L.hessian()(i, j) * L.velocities()[j];
  std::vector<GiNaC::ex> out;
  for (unsigned i = 0; i < n; ++i) out.push_back(simplify(L.velocities()[i] - (1 + alpha) * along / d.norm * d.normal[i]));
  return out;
}

}  // namespace

std::vector<VectorField> boundary_tangent_basis(const Chart& Q, const GiNaC::ex& psi) {
  GiNaC::matrix row(1, static_cast<unsigned>(Q.dim()));
  for (unsigned i = 0; i < Q.dim(); ++i) row(0, i) = psi.diff(sym(Q[i]));
  if (symbolic_rank(row, Q) == 0)
    throw DomainError(detail::message("boundary_tangent_basis", "dPsi vanishes identically",
                                      "a constraint function Psi(q) with dPsi != 0", "Psi = " + detail::str(psi)));
  return from_columns(nullspace(row, Q, PivotOrder::Simplest), Q);
}

std::vector<VectorField> boundary_tangent_basis(const Chart& Q, const GiNaC::ex& psi, const std::vector<Form>& forms) {
  if (forms.empty()) return boundary_tangent_basis(Q, psi);
  const GiNaC::matrix P = constraint_matrix(Q, forms);
  GiNaC::matrix rows(P.rows() + 1, static_cast<unsigned>(Q.dim()));
  for (unsigned i = 0; i < Q.dim(); ++i) {
    rows(0, i) = psi.diff(sym(Q[i]));
    for (unsigned a = 0; a < P.rows(); ++a) rows(a + 1, i) = P(a, i);
  }
  return from_columns(nullspace(rows, Q, PivotOrder::Simplest), Q);
}

DistributionNormal normal_in_distribution(const ContactLagrangian& L, const GiNaC::ex& psi, const std::vector<Form>& forms) {
  require_affine(L, "normal_in_distribution");
  const auto dpsi = gradient_of(L, psi);
  const auto grad = raised(L, dpsi).first;
  // P_D q̇ = (Id − W^{-1}ψᵀC^{-1}ψ) q̇ is the jump map of 003 (74) on velocities; at q̇ = grad Ψ it is n
  const GiNaC::exmap at_grad = velocity_substitution(L, grad);
  DistributionNormal d;
  GiNaC::ex norm = 0;  // W(n, n) = W(grad Ψ, P_D grad Ψ) = dΨ(n): P_D is W-self-adjoint and idempotent
  const auto projected = constraint_jump_map(L, forms);
  for (std::size_t i = 0; i < L.dim(); ++i) {
    d.normal.push_back(simplify(projected[i].subs(at_grad)));
    norm += dpsi[i] * d.normal[i];
  }
  d.norm = simplify(norm);
  d.vanishes = zero_test(d.norm, L.chart()).zero;
  return d;
}

ImpactConditions impact_conditions(const ContactLagrangian& L, const GiNaC::ex& psi) {
  ImpactConditions c;
  c.tangent = boundary_tangent_basis(L.base(), psi);
  const Chart& C = L.chart();
  const std::size_t n = L.dim();
  for (std::size_t i = 0; i < n; ++i) c.post.push_back(GiNaC::realsymbol(C.coordinate_name(n + i) + "_plus"));
  const auto p = momenta(L);
  const GiNaC::exmap after = velocity_substitution(L, c.post);
  for (const auto& w : c.tangent) {
    GiNaC::ex e = 0;
    for (std::size_t i = 0; i < n; ++i) e += (p[i] - p[i].subs(after)) * w[i];
    c.equations.push_back(e);
  }
  const GiNaC::ex E = energy(L);
  c.equations.push_back(E - E.subs(after));
  return c;
}

std::vector<std::vector<GiNaC::ex>> solve_impact_conditions(const ContactLagrangian& L, const GiNaC::ex& psi) {
  require_affine(L, "solve_impact_conditions");
  const ImpactConditions c = impact_conditions(L, psi);
  const Chart& C = L.chart();
  const auto n = static_cast<unsigned>(L.dim());
  // the n − 1 momentum conditions are linear in the unknowns: A u = b
  GiNaC::matrix A(n - 1, n);
  for (unsigned k = 0; k + 1 < n; ++k)
    for (unsigned i = 0; i < n; ++i) A(k, i) = c.equations[k].diff(sym(c.post[i]));
  unsigned free = 0;
  GiNaC::exmap sub;
  if (n > 1) {
    const Echelon e = row_echelon(A, C);
    if (e.rank() != n - 1)
      throw DomainError(detail::message("solve_impact_conditions", "the momentum conditions are dependent",
                                        "rank " + std::to_string(n - 1), "rank " + std::to_string(e.rank())));
    while (std::find(e.pivot_columns.begin(), e.pivot_columns.end(), free) != e.pivot_columns.end()) ++free;
    GiNaC::lst eqs, unknowns;
    for (unsigned k = 0; k + 1 < n; ++k) eqs.append(c.equations[k] == 0);
    for (unsigned i = 0; i < n; ++i)
      if (i != free) unknowns.append(c.post[i]);
    const GiNaC::ex sol = GiNaC::lsolve(eqs, unknowns);
    for (std::size_t k = 0; k < sol.nops(); ++k) sub[sol.op(k).lhs()] = simplify(sol.op(k).rhs());
  }
  // the energy condition in the remaining unknown u: a u² + b u + c0 = 0, with the root u = q̇⁻_free
  const GiNaC::ex& u = c.post[free];
  const GiNaC::ex En = GiNaC::expand(c.equations.back().subs(sub));
  const GiNaC::ex a = simplify(En.diff(sym(u), 2) / 2), b = simplify(En.diff(sym(u)).subs(u == 0)),
                  c0 = simplify(En.subs(u == 0));
  if (!zero_test(En.diff(sym(u), 3), C).zero)
    throw DomainError(detail::message("solve_impact_conditions", "the energy condition is not quadratic",
                                      "E_L quadratic in the velocities", "degree > 2"));
  const GiNaC::ex identity_root = L.velocities()[free];
  std::vector<GiNaC::ex> roots{identity_root};
  if (!zero_test(a, C).zero) roots.push_back(simplify(-b / a - identity_root));
  for (const auto& r : roots) {
    const ZeroVerdict v = zero_test(a * r * r + b * r + c0, C);
    if (!v.zero)
      throw DomainError(detail::message("solve_impact_conditions", "a root does not satisfy the energy condition",
                                        "0", message_text(a * r * r + b * r + c0) + " [" + v.how() + "]"));
  }
  std::vector<std::vector<GiNaC::ex>> out;
  for (const auto& r : roots) {
    std::vector<GiNaC::ex> v(n);
    for (unsigned i = 0; i < n; ++i) v[i] = i == free ? r : simplify(sub.at(c.post[i]).subs(u == r));
    out.push_back(v);
  }
  return out;
}

std::vector<GiNaC::ex> restitution_map(const ContactLagrangian& L, const GiNaC::ex& psi, const GiNaC::ex& alpha,
                                       const std::vector<Form>& forms) {
  require_affine(L, "restitution_map");
  if (!forms.empty()) return restitution_within_d(L, psi, alpha, forms);
  const auto dpsi = gradient_of(L, psi);
  const auto [grad, norm] = raised(L, dpsi);
  GiNaC::ex normal_speed = 0;  // dΨ(q̇⁻)
  for (std::size_t i = 0; i < L.dim(); ++i) normal_speed += dpsi[i] * L.velocities()[i];
  std::vector<GiNaC::ex> out;
  for (std::size_t i = 0; i < L.dim(); ++i)
    out.push_back(simplify(L.velocities()[i] - (1 + alpha) * normal_speed / norm * grad[i]));
  return out;
}

GiNaC::matrix normal_projector(const ContactLagrangian& L, const GiNaC::ex& psi) {
  require_affine(L, "normal_projector");
  const auto dpsi = gradient_of(L, psi);
  const auto [grad, norm] = raised(L, dpsi);
  const auto n = static_cast<unsigned>(L.dim());
  GiNaC::matrix Q(n, n);
  // g(grad Ψ, X) = dΨ(X)
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j) Q(i, j) = simplify(grad[i] * dpsi[j] / norm);
  return Q;
}

GiNaC::ex kinetic_energy(const ContactLagrangian& L, const std::vector<GiNaC::ex>& u) {
  GiNaC::ex t = 0;
  for (unsigned i = 0; i < L.dim(); ++i)
    for (unsigned j = 0; j < L.dim(); ++j) t += L.hessian()(i, j) * u[i] * u[j];
  return t / 2;
}

GiNaC::ex energy_after(const ContactLagrangian& L, const std::vector<GiNaC::ex>& post) {
  return energy(L).subs(velocity_substitution(L, post));
}

GiNaC::ex carnot_energy_jump(const ContactLagrangian& L, const GiNaC::ex& psi, const GiNaC::ex& alpha,
                             const std::vector<Form>& forms) {
  require_affine(L, "carnot_energy_jump");
  const auto dpsi = gradient_of(L, psi);
  // with constraints, W(n, n) in place of W^{-1}(dΨ, dΨ): ΔE = c W(n, q̇⁻) + ½ c² W(n, n) for
  // c = −(1 + α) W(n, q̇⁻)/W(n, n), and W(n, q̇⁻) = dΨ(q̇⁻) on D
  const GiNaC::ex norm = forms.empty() ? raised(L, dpsi).second : normal_in_distribution(L, psi, forms).norm;
  const GiNaC::ex normal_speed = normal_speed_of(L, dpsi);
  return simplify(-(1 - alpha * alpha) * normal_speed * normal_speed / (2 * norm));
}

std::vector<GiNaC::ex> momentum_map(const ContactLagrangian& L, const ContactLegendre& leg,
                                    const std::vector<GiNaC::ex>& post) {
  const auto p = momenta(L);
  const GiNaC::exmap after = velocity_substitution(L, post);
  std::vector<GiNaC::ex> out;
  for (const auto& pi : p) out.push_back(simplify(compose(pi.subs(after), leg.inverse)));
  return out;
}

}  // namespace hamel
