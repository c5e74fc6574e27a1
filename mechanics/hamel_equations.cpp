// mechanics/hamel_equations.cpp
#include "mechanics/hamel_equations.hpp"

#include "core/error.hpp"

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

GiNaC::ex constrained_hamiltonian(const NonholonomicSystem& system) {
  const auto p = system.momenta();
  const auto& Gi = system.constrained_inverse();
  GiNaC::ex T = 0;
  for (std::size_t a = 0; a < p.size(); ++a)
    for (std::size_t b = 0; b < p.size(); ++b) T += Gi(u(a), u(b)) * p[a] * p[b];
  return T / 2 + system.potential();
}

namespace {

// The right-hand side of G_αβ v̇^β = F_α in Hamel's equations.
std::vector<GiNaC::ex> hamel_forces(const NonholonomicSystem& system) {
  const Chart& Q = system.chart();
  const auto v = system.quasi_velocities();
  const std::size_t r = v.size(), n = Q.dim();
  const auto& G = system.constrained_metric();
  const auto& rho = system.rho();
  const auto& C = system.structure();
  const GiNaC::ex Lc = constrained_lagrangian(system);
  std::vector<GiNaC::ex> F(r, 0);
  for (std::size_t a = 0; a < r; ++a) {
    for (std::size_t i = 0; i < n; ++i)
      if (!rho(u(i), u(a)).is_zero()) F[a] += rho(u(i), u(a)) * Lc.diff(sym(Q[i]));
    for (std::size_t b = 0; b < r; ++b)
      for (std::size_t c = 0; c < r; ++c) {
        if (C(a, b, c).is_zero()) continue;
        GiNaC::ex dL = 0;  // ∂L_c/∂v^c = G_cd v^d
        for (std::size_t d = 0; d < r; ++d) dL += G(u(c), u(d)) * v[d];
        F[a] -= C(a, b, c) * v[b] * dL;
      }
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

}  // namespace

VectorField hamel_equations(const NonholonomicSystem& system) {
  const Chart& Q = system.chart();
  const auto v = system.quasi_velocities();
  const std::size_t r = v.size(), n = Q.dim();
  const auto& rho = system.rho();
  const auto& Gi = system.constrained_inverse();
  const auto F = hamel_forces(system);
  std::vector<GiNaC::ex> c(n + r, 0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t a = 0; a < r; ++a) c[i] += rho(u(i), u(a)) * v[a];
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

GiNaC::exmap legendre_map(const NonholonomicSystem& system) {
  const auto p = system.momenta();
  const auto v = system.quasi_velocities();
  const auto& G = system.constrained_metric();
  GiNaC::exmap m;
  for (std::size_t a = 0; a < p.size(); ++a) {
    GiNaC::ex s = 0;
    for (std::size_t b = 0; b < v.size(); ++b) s += G(u(a), u(b)) * v[b];
    m[p[a]] = s;
  }
  return m;
}

GiNaC::exmap inverse_legendre_map(const NonholonomicSystem& system) {
  const auto p = system.momenta();
  const auto v = system.quasi_velocities();
  const auto& Gi = system.constrained_inverse();
  GiNaC::exmap m;
  for (std::size_t a = 0; a < v.size(); ++a) {
    GiNaC::ex s = 0;
    for (std::size_t b = 0; b < p.size(); ++b) s += Gi(u(a), u(b)) * p[b];
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
