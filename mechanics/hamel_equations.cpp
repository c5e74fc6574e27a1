// mechanics/hamel_equations.cpp
#include "mechanics/hamel_equations.hpp"

#include "core/error.hpp"
#include "core/symbolic.hpp"

namespace hamel {

namespace {
const GiNaC::symbol& sym(const GiNaC::ex& e) { return GiNaC::ex_to<GiNaC::symbol>(e); }
unsigned u(std::size_t i) { return static_cast<unsigned>(i); }
}  // namespace

GiNaC::ex constrained_lagrangian(const NonholonomicSystem& system) {
  const auto v = system.quasi_velocities();
  const auto& G = system.constrained_metric();
  GiNaC::ex T = 0;
  for (std::size_t a = 0; a < v.size(); ++a)
    for (std::size_t b = 0; b < v.size(); ++b) T += G(u(a), u(b)) * v[a] * v[b];
  return T / 2 - system.potential();
}

namespace {

// A_α = ⟨X_0, X_α⟩.
std::vector<GiNaC::ex> drift_momenta(const NonholonomicSystem& system) {
  std::vector<GiNaC::ex> A(system.rank());
  for (std::size_t a = 0; a < A.size(); ++a) A[a] = simplify(inner(system.metric(), system.drift(), system.frame()[a]));
  return A;
}

// ½(|X_0|² − G^αβ A_α A_β) = ½|X_0^⊥|²: the energy of the drift that the momenta π do not see.
GiNaC::ex drift_energy(const NonholonomicSystem& system) {
  const auto A = drift_momenta(system);
  const auto& Gi = system.constrained_inverse();
  GiNaC::ex e = inner(system.metric(), system.drift(), system.drift());
  for (std::size_t a = 0; a < A.size(); ++a)
    for (std::size_t b = 0; b < A.size(); ++b) e -= Gi(u(a), u(b)) * A[a] * A[b];
  return simplify(e / 2);
}

}  // namespace

GiNaC::ex constrained_hamiltonian(const NonholonomicSystem& system) {
  const auto p = system.momenta();
  const auto& Gi = system.constrained_inverse();
  GiNaC::ex T = 0;
  for (std::size_t a = 0; a < p.size(); ++a)
    for (std::size_t b = 0; b < p.size(); ++b) T += Gi(u(a), u(b)) * p[a] * p[b];
  return T / 2 + system.potential() + (system.is_affine() ? drift_energy(system) : GiNaC::ex(0));
}

std::vector<GiNaC::ex> constrained_velocities(const NonholonomicSystem& system) {
  const auto p = system.momenta();
  const std::size_t r = p.size(), n = system.chart().dim();
  const auto& Gi = system.constrained_inverse();
  const auto& rho = system.rho();
  std::vector<GiNaC::ex> shifted = p;  // π − A
  if (system.is_affine()) {
    const auto A = drift_momenta(system);
    for (std::size_t a = 0; a < r; ++a) shifted[a] -= A[a];
  }
  std::vector<GiNaC::ex> v(r, 0), qdot(n);
  for (std::size_t a = 0; a < r; ++a)
    for (std::size_t b = 0; b < r; ++b) v[a] += Gi(u(a), u(b)) * shifted[b];
  for (std::size_t i = 0; i < n; ++i) {
    qdot[i] = system.drift()[i];
    for (std::size_t a = 0; a < r; ++a) qdot[i] += rho(u(i), u(a)) * v[a];
  }
  return qdot;
}

GiNaC::ex momentum_along(const NonholonomicSystem& system, const VectorField& Y) {
  require_same_chart(system.chart(), Y.chart(), "momentum_along");
  const auto qdot = constrained_velocities(system);
  GiNaC::ex s = 0;
  for (std::size_t i = 0; i < qdot.size(); ++i)
    for (std::size_t j = 0; j < qdot.size(); ++j) s += system.metric()(u(i), u(j)) * qdot[i] * Y[j];
  return simplify(s);
}

std::vector<GiNaC::ex> hamel_forces(const NonholonomicSystem& system) {
  const Chart& Q = system.chart();
  const auto v = system.quasi_velocities();
  const std::size_t r = v.size(), n = Q.dim();
  const auto& G = system.constrained_metric();
  const auto& rho = system.rho();
  const Tensor3& C = system.structure_lowered();
  const GiNaC::ex Lc = constrained_lagrangian(system);
  std::vector<GiNaC::ex> F(r, 0);
  for (std::size_t a = 0; a < r; ++a) {
    for (std::size_t i = 0; i < n; ++i)
      if (!rho(u(i), u(a)).is_zero()) F[a] += rho(u(i), u(a)) * Lc.diff(sym(Q[i]));
    // C_αβ^γ ∂L_c/∂v^γ = C_αβ^γ G_γδ v^δ = C_αβδ v^δ (2.6): without G^{-1}
    for (std::size_t b = 0; b < r; ++b)
      for (std::size_t d = 0; d < r; ++d)
        if (!C(a, b, d).is_zero()) F[a] -= C(a, b, d) * v[b] * v[d];
    // − d/dt(G_αβ) v^β with q̇ = ρ v
    for (std::size_t b = 0; b < r; ++b)
      for (std::size_t i = 0; i < n; ++i) {
        const GiNaC::ex dG = G(u(a), u(b)).diff(sym(Q[i]));
        if (dG.is_zero()) continue;
        for (std::size_t e = 0; e < r; ++e) F[a] -= dG * rho(u(i), u(e)) * v[e] * v[b];
      }
  }
  return F;
}

namespace {

// (2.5), q̇^i = ρ^i_α v^α, as the first n of n + r components (the others 0).
std::vector<GiNaC::ex> kinematics(const NonholonomicSystem& system) {
  const std::size_t n = system.chart().dim(), r = system.rank();
  const auto v = system.quasi_velocities();
  std::vector<GiNaC::ex> c(n + r, 0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t a = 0; a < r; ++a) c[i] += system.rho()(u(i), u(a)) * v[a];
  return c;
}

}  // namespace

VectorField hamel_equations(const NonholonomicSystem& system) {
  const std::size_t r = system.rank(), n = system.chart().dim();
  const auto& Gi = system.constrained_inverse();
  const auto F = hamel_forces(system);
  std::vector<GiNaC::ex> c = kinematics(system);
  for (std::size_t a = 0; a < r; ++a) {
    for (std::size_t b = 0; b < r; ++b) c[n + a] += Gi(u(a), u(b)) * F[b];
    c[n + a] = simplify(c[n + a]);
  }
  return VectorField(system.velocity_chart(), c);
}

std::vector<GiNaC::ex> hamel_equations_lhs(const NonholonomicSystem& system,
                                           const std::vector<GiNaC::ex>& accelerations) {
  const auto v = system.quasi_velocities();
  if (accelerations.size() != v.size())
    throw InvalidArgument(detail::message("hamel_equations_lhs", "one acceleration symbol per quasi-velocity",
                                          std::to_string(v.size()), std::to_string(accelerations.size())));
  const auto& G = system.constrained_metric();
  const auto F = hamel_forces(system);
  std::vector<GiNaC::ex> lhs(v.size());
  for (std::size_t a = 0; a < v.size(); ++a) {
    GiNaC::ex s = -F[a];
    for (std::size_t b = 0; b < v.size(); ++b) s += G(u(a), u(b)) * accelerations[b];
    lhs[a] = s;
  }
  return lhs;
}

VectorField nonholonomic_vector_field(const NonholonomicSystem& system) {
  if (system.is_affine()) return lagrange_dalembert_vector_field(system);
  const Chart& Q = system.chart();
  const auto p = system.momenta();
  const std::size_t r = p.size(), n = Q.dim();
  const auto& rho = system.rho();
  const auto& C = system.structure();
  const GiNaC::ex H = constrained_hamiltonian(system);
  std::vector<GiNaC::ex> dHdp(r), dHdq(n);
  for (std::size_t a = 0; a < r; ++a) dHdp[a] = H.diff(sym(p[a]));
  for (std::size_t i = 0; i < n; ++i) dHdq[i] = H.diff(sym(Q[i]));
  std::vector<GiNaC::ex> c(n + r, 0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t a = 0; a < r; ++a) c[i] += rho(u(i), u(a)) * dHdp[a];
  for (std::size_t a = 0; a < r; ++a) {
    for (std::size_t i = 0; i < n; ++i) c[n + a] -= rho(u(i), u(a)) * dHdq[i];
    for (std::size_t b = 0; b < r; ++b)
      for (std::size_t g = 0; g < r; ++g) c[n + a] -= C(a, b, g) * p[g] * dHdp[b];
  }
  for (auto& x : c) x = simplify(x);
  return VectorField(system.dual_chart(), c);
}

std::vector<GiNaC::ex> hamiltonian_differential_in_velocities(const NonholonomicSystem& system) {
  const Chart& Q = system.chart();
  const auto v = system.quasi_velocities();
  const std::size_t r = v.size(), n = Q.dim();
  const auto& G = system.constrained_metric();
  std::vector<GiNaC::ex> dH(n + r);
  for (std::size_t i = 0; i < n; ++i) {
    dH[i] = system.potential().diff(sym(Q[i]));
    for (std::size_t a = 0; a < r; ++a)
      for (std::size_t b = 0; b < r; ++b) {
        const GiNaC::ex dG = G(u(a), u(b)).diff(sym(Q[i]));
        if (!dG.is_zero()) dH[i] -= dG * v[a] * v[b] / 2;
      }
  }
  for (std::size_t a = 0; a < r; ++a) dH[n + a] = v[a];
  return dH;
}

GiNaC::ex hamiltonian_in_velocities(const NonholonomicSystem& system) {
  return constrained_lagrangian(system) + 2 * system.potential();  // ½ vᵀ G v − V + 2V
}

VectorField nonholonomic_vector_field_in_velocities(const NonholonomicSystem& system) {
  if (system.is_affine())
    throw InvalidArgument(detail::message("nonholonomic_vector_field_in_velocities", "linear constraints",
                                          "linear constraints", "affine ones"));
  const Chart& Q = system.chart();
  const auto v = system.quasi_velocities();
  const std::size_t r = v.size(), n = Q.dim();
  const auto& rho = system.rho();
  const Tensor3& C = system.structure_lowered();
  const auto dH = hamiltonian_differential_in_velocities(system);
  std::vector<GiNaC::ex> c = kinematics(system);
  for (std::size_t a = 0; a < r; ++a) {
    for (std::size_t i = 0; i < n; ++i) c[n + a] -= rho(u(i), u(a)) * dH[i];
    for (std::size_t b = 0; b < r; ++b)
      for (std::size_t d = 0; d < r; ++d)
        if (!C(a, b, d).is_zero()) c[n + a] -= C(a, b, d) * v[b] * v[d];
  }
  for (auto& x : c) x = simplify(x);
  return VectorField(system.dual_chart(), c);
}

std::optional<VectorField> readable_nonholonomic_vector_field(const NonholonomicSystem& system) {
  constexpr std::size_t kHamiltonianNodes = 4000, kComponentNodes = 5000;
  if (system.is_affine()) return nonholonomic_vector_field(system);
  if (tree_size(constrained_hamiltonian(system), kHamiltonianNodes + 1) > kHamiltonianNodes) return std::nullopt;
  VectorField X = nonholonomic_vector_field(system);
  for (const GiNaC::ex& c : X.components())
    if (tree_size(c, kComponentNodes + 1) > kComponentNodes) return std::nullopt;
  return X;
}

GiNaC::ex rate_in_velocities(const NonholonomicSystem& system, const VectorField& X, const GiNaC::ex& f) {
  require_same_chart(system.dual_chart(), X.chart(), "rate_in_velocities");
  return X(f).subs(legendre_map(system));
}

VectorField lagrange_dalembert_vector_field(const NonholonomicSystem& system) {
  const Chart& Q = system.chart();
  const std::size_t n = Q.dim(), r = system.rank();
  const Metric& g = system.metric();
  const auto qdot = constrained_velocities(system);
  std::vector<GiNaC::ex> p(n, 0), dLdq(n);  // p_i = g_ij q̇^j; ∂L/∂q^i = ½ ∂_i g_jk q̇^j q̇^k − ∂_i V
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) p[i] += g(u(i), u(j)) * qdot[j];
  for (std::size_t i = 0; i < n; ++i) {
    GiNaC::ex t = 0;
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t k = 0; k < n; ++k) {
        const GiNaC::ex dg = g(u(j), u(k)).diff(sym(Q[i]));
        if (!dg.is_zero()) t += dg * qdot[j] * qdot[k];
      }
    dLdq[i] = t / 2 - system.potential().diff(sym(Q[i]));
  }
  std::vector<GiNaC::ex> c(n + r, 0);
  for (std::size_t i = 0; i < n; ++i) c[i] = qdot[i];
  for (std::size_t a = 0; a < r; ++a) {
    const VectorField& X = system.frame()[a];
    for (std::size_t i = 0; i < n; ++i) {
      if (!X[i].is_zero()) c[n + a] += X[i] * dLdq[i];
      for (std::size_t j = 0; j < n; ++j) {
        const GiNaC::ex dX = X[i].diff(sym(Q[j]));
        if (!dX.is_zero()) c[n + a] += p[i] * dX * qdot[j];
      }
    }
  }
  for (auto& x : c) x = simplify(x);
  return VectorField(system.dual_chart(), c);
}

GiNaC::exmap legendre_map(const NonholonomicSystem& system) {
  const auto p = system.momenta();
  const auto v = system.quasi_velocities();
  const auto& G = system.constrained_metric();
  const auto A = system.is_affine() ? drift_momenta(system) : std::vector<GiNaC::ex>(p.size(), 0);
  GiNaC::exmap m;
  for (std::size_t a = 0; a < p.size(); ++a) {
    GiNaC::ex s = A[a];
    for (std::size_t b = 0; b < v.size(); ++b) s += G(u(a), u(b)) * v[b];
    m[p[a]] = s;
  }
  return m;
}

GiNaC::exmap inverse_legendre_map(const NonholonomicSystem& system) {
  const auto p = system.momenta();
  const auto v = system.quasi_velocities();
  const auto& Gi = system.constrained_inverse();
  const auto A = system.is_affine() ? drift_momenta(system) : std::vector<GiNaC::ex>(p.size(), 0);
  GiNaC::exmap m;
  for (std::size_t a = 0; a < v.size(); ++a) {
    GiNaC::ex s = 0;
    for (std::size_t b = 0; b < p.size(); ++b) s += Gi(u(a), u(b)) * (p[b] - A[b]);
    m[v[a]] = s;
  }
  return m;
}

GiNaC::ex linear_momentum(const NonholonomicSystem& system, const VectorField& Z) {
  require_same_chart(system.chart(), Z.chart(), "linear_momentum");
  // Z^α = μ^α(Z) for the coframe of the frame (exact for a section of D).
  const auto& F = system.frame();
  const auto p = system.momenta();
  GiNaC::ex s = 0;
  for (std::size_t i = F.rank(); i < F.dim(); ++i) {
    const ZeroVerdict v = zero_test(evaluate(F.coframe(i), {Z}), system.chart());
    if (!v.zero)
      throw DomainError(detail::message("linear_momentum", "the generator is not a section of D",
                                        "Z with values in D", "a component along W [" + v.how() + "]"));
  }
  for (std::size_t a = 0; a < F.rank(); ++a) s += simplify(evaluate(F.coframe(a), {Z})) * p[a];
  return s;
}

}  // namespace hamel
