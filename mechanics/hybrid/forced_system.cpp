// mechanics/hybrid/forced_system.cpp
#include "mechanics/hybrid/forced_system.hpp"

#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "geometry/form.hpp"
#include "geometry/lifts.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

const GiNaC::symbol& sym(const ex& e) { return GiNaC::ex_to<GiNaC::symbol>(e); }

ex d(const ex& f, const ex& x) { return f.diff(sym(x)); }

// ∂²f/∂v_i∂v_j, checked to be free of the fibre variables v (f quadratic in v).
GiNaC::matrix fibre_hessian(const ex& f, const std::vector<ex>& v, const Chart& chart, const char* fn,
                            const char* what) {
  const std::size_t n = v.size();
  GiNaC::matrix W(static_cast<unsigned>(n), static_cast<unsigned>(n));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      const ex w = d(d(f, v[i]), v[j]).expand();
      for (const ex& x : v)
        if (!is_zero(d(w, x), chart))
          throw DomainError(detail::message(fn, std::string(what) + " is not quadratic in the fibre variables",
                                            "second derivatives free of them",
                                            "d^2/(d" + detail::str(v[i]) + " d" + detail::str(v[j]) + ") = " + detail::str(w)));
      W(static_cast<unsigned>(i), static_cast<unsigned>(j)) = simplify(w);
    }
  return W;
}

void check_force_size(const std::vector<ex>& F, const Chart& Q, const char* fn) {
  if (F.size() != Q.dim())
    throw InvalidArgument(detail::message(fn, "wrong number of force components",
                                          std::to_string(Q.dim()) + " (one per coordinate)",
                                          std::to_string(F.size())));
}

void refuse(const std::vector<ex>& F, const std::vector<ex>& symbols, const char* fn, const char* what) {
  for (std::size_t i = 0; i < F.size(); ++i)
    for (const ex& s : symbols)
      if (F[i].has(s))
        throw DomainError(detail::message(fn, std::string("force component ") + std::to_string(i + 1) + " contains " +
                                                  detail::str(s),
                                          std::string("a force in ") + what, detail::str(F[i])));
}

}  // namespace

ForcedLagrangianSystem::ForcedLagrangianSystem(Chart Q, ex lagrangian, std::vector<ex> force, std::optional<ex> time)
    : Q_(std::move(Q)), TQ_(tangent_bundle(Q_)), L_(std::move(lagrangian)), F_(std::move(force)), t_(std::move(time)) {
  const char* fn = "ForcedLagrangianSystem";
  check_force_size(F_, Q_, fn);
  refuse(F_, momenta(Q_), fn, "(t, q, q_dot)");
  if (t_ && !GiNaC::is_a<GiNaC::symbol>(*t_))
    throw InvalidArgument(detail::message(fn, "the time must be a symbol", "a symbol", detail::str(*t_)));
  W_ = fibre_hessian(L_, velocities(), TQ_, fn, "the Lagrangian");
  try {
    Winv_ = inverse(W_, TQ_, fn);
  } catch (const DomainError&) {
    throw DomainError(detail::message(fn, "the Lagrangian is degenerate: W = d^2L/dq_dot^2 is singular",
                                      "a regular Lagrangian (det W != 0)", "W = " + detail::str(W_)));
  }
}

std::vector<ex> ForcedLagrangianSystem::velocities() const { return hamel::velocities(Q_); }
std::vector<ex> ForcedLagrangianSystem::coordinates() const { return Q_.coordinates(); }

ForcedHamiltonianSystem::ForcedHamiltonianSystem(Chart Q, ex hamiltonian, std::vector<ex> force, std::optional<ex> time)
    : Q_(std::move(Q)), TstarQ_(cotangent_bundle(Q_)), H_(std::move(hamiltonian)), F_(std::move(force)),
      t_(std::move(time)) {
  const char* fn = "ForcedHamiltonianSystem";
  check_force_size(F_, Q_, fn);
  refuse(F_, hamel::velocities(Q_), fn, "(t, q, p)");
  A_ = fibre_hessian(H_, momenta(Q_), TstarQ_, fn, "the Hamiltonian");
  (void)inverse(A_, TstarQ_, fn);  // regular: FH is a diffeomorphism of the fibres
}

VectorField forced_euler_lagrange_field(const ForcedLagrangianSystem& s) {
  const std::size_t n = s.dim();
  const auto q = s.coordinates();
  const auto v = s.velocities();
  const ex& L = s.lagrangian();
  std::vector<ex> rhs(n);
  for (std::size_t j = 0; j < n; ++j) {
    const ex pj = d(L, v[j]);
    ex r = -s.force()[j] + d(L, q[j]);
    for (std::size_t k = 0; k < n; ++k) r -= d(pj, q[k]) * v[k];
    if (s.time()) r -= d(pj, *s.time());
    rhs[j] = r;
  }
  std::vector<ex> c(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    c[i] = v[i];
    ex a = 0;
    for (std::size_t j = 0; j < n; ++j) a += s.inverse_hessian()(static_cast<unsigned>(i), static_cast<unsigned>(j)) * rhs[j];
    c[n + i] = simplify(a);
  }
  return VectorField(s.tangent_chart(), c);
}

VectorField forced_hamiltonian_field(const ForcedHamiltonianSystem& s) {
  const Chart& Q = s.chart();
  const std::size_t n = Q.dim();
  const auto p = momenta(Q);
  std::vector<ex> c(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    c[i] = simplify(d(s.hamiltonian(), p[i]));
    c[n + i] = simplify(-(d(s.hamiltonian(), Q[i]) + s.force()[i]));
  }
  return VectorField(s.cotangent_chart(), c);
}

ex evolution_derivative(const VectorField& X, const std::optional<ex>& time, const ex& f) {
  ex r = X(f);
  if (time) r += d(f, *time);
  return r;
}

ex lagrangian_energy(const ForcedLagrangianSystem& s) {
  const auto v = s.velocities();
  ex E = -s.lagrangian();
  for (const ex& x : v) E += x * d(s.lagrangian(), x);
  return simplify(E);
}

std::vector<ex> legendre_momenta(const ForcedLagrangianSystem& s) {
  std::vector<ex> p;
  for (const ex& x : s.velocities()) p.push_back(simplify(d(s.lagrangian(), x)));
  return p;
}

std::vector<ex> legendre_velocities(const ForcedLagrangianSystem& s) {
  // p = W q̇ + b with b = ∂L/∂q̇ at q̇ = 0, so q̇ = W⁻¹(p − b)
  const std::size_t n = s.dim();
  const auto v = s.velocities();
  const auto p = momenta(s.chart());
  GiNaC::exmap at_rest;
  for (const ex& x : v) at_rest[x] = 0;
  const auto mom = legendre_momenta(s);
  std::vector<ex> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    ex r = 0;
    for (std::size_t j = 0; j < n; ++j)
      r += s.inverse_hessian()(static_cast<unsigned>(i), static_cast<unsigned>(j)) * (p[j] - mom[j].subs(at_rest));
    out[i] = simplify(r);
  }
  return out;
}

GiNaC::exmap pullback_by_legendre(const ForcedLagrangianSystem& s) {
  GiNaC::exmap m;
  const auto p = momenta(s.chart());
  const auto mom = legendre_momenta(s);
  for (std::size_t i = 0; i < s.dim(); ++i) m[p[i]] = mom[i];
  return m;
}

GiNaC::exmap pullback_by_inverse_legendre(const ForcedLagrangianSystem& s) {
  GiNaC::exmap m;
  const auto v = s.velocities();
  const auto vel = legendre_velocities(s);
  for (std::size_t i = 0; i < s.dim(); ++i) m[v[i]] = vel[i];
  return m;
}

ForcedHamiltonianSystem hamiltonian_side(const ForcedLagrangianSystem& s) {
  const auto to_p = pullback_by_inverse_legendre(s);
  const auto p = momenta(s.chart());
  const auto v = s.velocities();
  ex H = -s.lagrangian();
  for (std::size_t i = 0; i < s.dim(); ++i) H += p[i] * v[i];
  std::vector<ex> F;
  for (const ex& f : s.force()) F.push_back(simplify(f.subs(to_p)));
  return ForcedHamiltonianSystem(s.chart(), simplify(H.subs(to_p)), F, s.time());
}

ForcedLagrangianSystem lagrangian_side(const ForcedHamiltonianSystem& s) {
  // q̇ = A p + c with c = ∂H/∂p at p = 0, so p = A⁻¹(q̇ − c)
  const Chart& Q = s.chart();
  const std::size_t n = Q.dim();
  const auto p = momenta(Q);
  const auto v = velocities(Q);
  GiNaC::exmap at_rest;
  for (const ex& x : p) at_rest[x] = 0;
  const GiNaC::matrix Ainv = inverse(s.momentum_hessian(), s.cotangent_chart(), "lagrangian_side");
  GiNaC::exmap to_v;
  for (std::size_t i = 0; i < n; ++i) {
    ex r = 0;
    for (std::size_t j = 0; j < n; ++j)
      r += Ainv(static_cast<unsigned>(i), static_cast<unsigned>(j)) * (v[j] - d(s.hamiltonian(), p[j]).subs(at_rest));
    to_v[p[i]] = simplify(r);
  }
  ex L = -s.hamiltonian();
  for (std::size_t i = 0; i < n; ++i) L += p[i] * v[i];
  std::vector<ex> F;
  for (const ex& f : s.force()) F.push_back(simplify(f.subs(to_v)));
  return ForcedLagrangianSystem(Q, simplify(L.subs(to_v)), F, s.time());
}

std::vector<ex> legendre_relatedness_defect(const ForcedLagrangianSystem& s) {
  const VectorField XL = forced_euler_lagrange_field(s);
  const VectorField XH = forced_hamiltonian_field(hamiltonian_side(s));
  const auto to_v = pullback_by_legendre(s);
  const auto mom = legendre_momenta(s);
  const std::size_t n = s.dim();
  std::vector<ex> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(simplify(XL[i] - XH[i].subs(to_v)));
  for (std::size_t i = 0; i < n; ++i)
    out.push_back(simplify(evolution_derivative(XL, s.time(), mom[i]) - XH[n + i].subs(to_v)));
  return out;
}

std::vector<ex> cosymplectic_defect(const ForcedHamiltonianSystem& s) {
  const Chart& TQ = s.cotangent_chart();
  const std::size_t n = s.chart().dim();
  const Chart C = TQ.extend("Rx" + TQ.name(), {"t"});
  const ex tc = C[2 * n];
  GiNaC::exmap to_c;
  if (s.time()) to_c[*s.time()] = tc;
  const ex H = s.hamiltonian().subs(to_c);
  const VectorField XH = forced_hamiltonian_field(s);
  std::vector<ex> xc(2 * n + 1);
  for (std::size_t i = 0; i < 2 * n; ++i) xc[i] = XH[i].subs(to_c);
  xc[2 * n] = 1;  // X_{H,F,t} = R + X_{H,F}, R = ∂_t
  const VectorField X(C, xc);
  Form omega(C, 2);
  for (std::size_t i = 0; i < n; ++i) omega = omega + wedge(Form::differential(C, i), Form::differential(C, n + i));
  const Form eta = Form::differential(C, 2 * n);
  std::vector<ex> Fc(2 * n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) Fc[i] = s.force()[i].subs(to_c);
  const Form F = Form::one_form(C, Fc);  // semibasic: F(R) = 0
  const Form rhs = differential(H, C) - H.diff(sym(tc)) * eta + F;
  const Form defect = interior_product(X, omega) - rhs;
  std::vector<ex> out;
  for (std::size_t i = 0; i < C.dim(); ++i) out.push_back(simplify(defect.component({static_cast<unsigned>(i)})));
  out.push_back(simplify(evaluate(eta, {X}) - 1));
  return out;
}

ex lagrangian_momentum(const ForcedLagrangianSystem& s, const VectorField& xi) {
  require_same_chart(s.chart(), xi.chart(), "lagrangian_momentum");
  const auto p = legendre_momenta(s);
  ex J = 0;
  for (std::size_t i = 0; i < s.dim(); ++i) J += p[i] * xi[i];
  return simplify(J);
}

ex force_on_lift(const ForcedLagrangianSystem& s, const VectorField& xi) {
  require_same_chart(s.chart(), xi.chart(), "force_on_lift");
  // F^L is semibasic: only the base part of ξ^c = tangent_lift(ξ) enters
  ex r = 0;
  for (std::size_t i = 0; i < s.dim(); ++i) r += s.force()[i] * xi[i];
  return simplify(r);
}

}  // namespace hamel
