// mechanics/contact/impact.cpp
#include "mechanics/contact/impact.hpp"

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "geometry/linear_algebra.hpp"

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

}  // namespace

std::vector<VectorField> boundary_tangent_basis(const Chart& Q, const GiNaC::ex& psi) {
  GiNaC::matrix row(1, static_cast<unsigned>(Q.dim()));
  for (unsigned i = 0; i < Q.dim(); ++i) row(0, i) = psi.diff(sym(Q[i]));
  if (symbolic_rank(row, Q) == 0)
    throw DomainError(detail::message("boundary_tangent_basis", "dPsi vanishes identically",
                                      "a constraint function Psi(q) with dPsi != 0", "Psi = " + detail::str(psi)));
  return from_columns(nullspace(row, Q, PivotOrder::Simplest), Q);
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

std::vector<GiNaC::ex> restitution_map(const ContactLagrangian& L, const GiNaC::ex& psi, const GiNaC::ex& alpha) {
  require_affine(L, "restitution_map");
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

GiNaC::ex carnot_energy_jump(const ContactLagrangian& L, const GiNaC::ex& psi, const GiNaC::ex& alpha) {
  require_affine(L, "carnot_energy_jump");
  const auto dpsi = gradient_of(L, psi);
  const auto [grad, norm] = raised(L, dpsi);
  GiNaC::ex normal_speed = 0;
  for (std::size_t i = 0; i < L.dim(); ++i) normal_speed += dpsi[i] * L.velocities()[i];
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
