// reduction/hybrid/forced_routh.cpp
#include "reduction/hybrid/forced_routh.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "core/symbolic.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

namespace {

using GiNaC::ex;
const GiNaC::symbol& sym(const ex& e) { return GiNaC::ex_to<GiNaC::symbol>(e); }
ex d(const ex& f, const ex& x) { return f.diff(sym(x)); }

GiNaC::matrix block(const GiNaC::matrix& M, const std::vector<std::size_t>& rows, const std::vector<std::size_t>& cols) {
  GiNaC::matrix B(static_cast<unsigned>(rows.size()), static_cast<unsigned>(cols.size()));
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < cols.size(); ++j)
      B(static_cast<unsigned>(i), static_cast<unsigned>(j)) = M(static_cast<unsigned>(rows[i]), static_cast<unsigned>(cols[j]));
  return B;
}

bool depends_on(const ex& e, const std::vector<ex>& symbols) {
  for (const ex& s : symbols)
    if (e.has(s)) return true;
  return false;
}

}  // namespace

ForcedRouthReduction forced_routh_reduction(const SimpleHybridSystem& H, const std::vector<std::size_t>& cyclic,
                                            const std::vector<std::string>& mu_names, const std::vector<GiNaC::ex>& mu_symbols) {
  const char* fn = "forced_routh_reduction";
  const auto& s = H.system();
  const Chart& Q = s.chart();
  const std::size_t n = Q.dim(), k = cyclic.size();
  if (k == 0 || k >= n)
    throw InvalidArgument(detail::message(fn, "wrong number of cyclic coordinates", "between 1 and " + std::to_string(n - 1),
                                          std::to_string(k)));
  ForcedRouthReduction r;
  r.cyclic = cyclic;
  for (std::size_t i = 0; i < n; ++i)
    if (std::find(cyclic.begin(), cyclic.end(), i) == cyclic.end()) r.shape.push_back(i);
  const auto q = s.coordinates();
  const auto v = s.velocities();
  std::vector<ex> theta, theta_dot_sym;
  for (std::size_t a : cyclic) {
    if (a >= n) throw InvalidArgument(detail::message(fn, "cyclic index out of range", "< " + std::to_string(n), std::to_string(a)));
    theta.push_back(q[a]);
    theta_dot_sym.push_back(v[a]);
  }
  // hypotheses: L and F^L free of θ, F^L_θ = 0 (so F(ξ^c) = 0 for ξ = ∂_θ and J_θ is conserved)
  const Chart& TQ = s.tangent_chart();
  for (std::size_t a = 0; a < k; ++a) {
    if (!is_zero(d(s.lagrangian(), theta[a]), TQ))
      throw DomainError(detail::message(fn, Q.coordinate_name(cyclic[a]) + " is not cyclic: L depends on it", "dL/d" +
                                            Q.coordinate_name(cyclic[a]) + " = 0", detail::str(simplify(d(s.lagrangian(), theta[a])))));
    for (std::size_t i = 0; i < n; ++i)
      if (!is_zero(d(s.force()[i], theta[a]), TQ))
        throw DomainError(detail::message(fn, "the force depends on the cyclic coordinate " + Q.coordinate_name(cyclic[a]),
                                          "F^L free of it", "F_" + Q.coordinate_name(i) + " = " + detail::str(s.force()[i])));
    if (!is_zero(s.force()[cyclic[a]], TQ))
      throw DomainError(detail::message(fn, "the force has a component along " + Q.coordinate_name(cyclic[a]) +
                                                ", so its momentum is not conserved (F(xi^c) != 0)",
                                        "F_" + Q.coordinate_name(cyclic[a]) + " = 0", detail::str(s.force()[cyclic[a]])));
  }
  for (std::size_t a = 0; a < k; ++a) {
    const std::string name = a < mu_names.size() ? mu_names[a] : "mu" + std::to_string(a + 1);
    r.mu.push_back(a < mu_symbols.size() ? mu_symbols[a] : GiNaC::realsymbol(name, latex_name(name)));  // mu1 prints as \mu_{1}
  }
  for (std::size_t a = 0; a < k; ++a) r.momentum.push_back(simplify(d(s.lagrangian(), theta_dot_sym[a])));

  // θ̇ from J = μ: J = G θ̇ + c(t, x, ẋ), G = ∂²L/∂θ̇∂θ̇ (G-regularity: G invertible)
  const GiNaC::matrix G = block(s.hessian(), cyclic, cyclic);
  const GiNaC::matrix Gi = inverse(G, TQ, fn);
  GiNaC::exmap at_rest;
  for (const ex& x : theta_dot_sym) at_rest[x] = 0;
  GiNaC::exmap to_mu;
  for (std::size_t a = 0; a < k; ++a) {
    ex val = 0;
    for (std::size_t b = 0; b < k; ++b)
      val += Gi(static_cast<unsigned>(a), static_cast<unsigned>(b)) * (r.mu[b] - r.momentum[b].subs(at_rest));
    r.theta_dot.push_back(simplify(val));
  }
  for (std::size_t a = 0; a < k; ++a) to_mu[theta_dot_sym[a]] = r.theta_dot[a];

  ex R = s.lagrangian();
  for (std::size_t a = 0; a < k; ++a) R -= r.mu[a] * theta_dot_sym[a];
  r.routhian = pretty(R.subs(to_mu));
  for (std::size_t j : r.shape) r.reduced_force.push_back(simplify(s.force()[j].subs(to_mu)));

  // forced Routh equations: W_R ẍ = −F_μ + ∂R/∂x − (∂²R/∂ẋ∂x) ẋ − ∂²R/∂ẋ∂t
  const std::size_t m = r.shape.size();
  GiNaC::matrix WR(static_cast<unsigned>(m), static_cast<unsigned>(m));
  std::vector<ex> rhs(m);
  for (std::size_t i = 0; i < m; ++i) {
    const ex pi = d(r.routhian, v[r.shape[i]]);
    for (std::size_t j = 0; j < m; ++j) WR(static_cast<unsigned>(i), static_cast<unsigned>(j)) = simplify(d(pi, v[r.shape[j]]));
    ex e = -r.reduced_force[i] + d(r.routhian, q[r.shape[i]]);
    for (std::size_t j = 0; j < m; ++j) e -= d(pi, q[r.shape[j]]) * v[r.shape[j]];
    if (s.time()) e -= d(pi, *s.time());
    rhs[i] = e;
  }
  const GiNaC::matrix WRi = inverse(WR, TQ, fn);
  for (std::size_t i = 0; i < m; ++i) {
    ex a = 0;
    for (std::size_t j = 0; j < m; ++j) a += WRi(static_cast<unsigned>(i), static_cast<unsigned>(j)) * rhs[j];
    r.acceleration.push_back(simplify(a));
  }

  // the components of S on T(Q/G)
  for (const auto& C : H.components()) {
    ReducedComponent rc;
    rc.name = C.name;
    rc.direction = C.direction;
    rc.surface = C.surface;
    rc.normal = simplify(normal_velocity(s, C.surface).subs(to_mu));
    for (const ex& c : C.conditions) rc.conditions.push_back(simplify(c.subs(to_mu)));
    for (std::size_t j : r.shape) rc.reset.push_back(simplify(C.reset[j].subs(to_mu)));
    for (const ex& J : r.momentum) rc.mu_plus.push_back(simplify(after_impact(H, C, J).subs(to_mu)));
    std::vector<std::string> why;
    if (depends_on(rc.surface, theta)) why.push_back("h depends on the cyclic coordinates (the action does not map S to itself)");
    bool reset_theta = false, mu_theta = false;
    for (const ex& e : rc.reset) reset_theta = reset_theta || depends_on(e, theta);
    for (const ex& e : rc.mu_plus) mu_theta = mu_theta || depends_on(e, theta);
    if (reset_theta) why.push_back("the reduced impact map depends on the cyclic coordinates");
    if (mu_theta) why.push_back("the momentum jump depends on the cyclic coordinates");
    rc.invariant = why.empty();
    for (const auto& w : why) rc.note += (rc.note.empty() ? "" : "; ") + w;
    r.components.push_back(rc);
  }
  return r;
}

ex mechanical_routhian(const ForcedLagrangianSystem& s, const std::vector<std::size_t>& cyclic, const std::vector<ex>& mu) {
  const std::size_t n = s.dim();
  std::vector<std::size_t> shape;
  for (std::size_t i = 0; i < n; ++i)
    if (std::find(cyclic.begin(), cyclic.end(), i) == cyclic.end()) shape.push_back(i);
  const auto v = s.velocities();
  const GiNaC::matrix& g = s.hessian();
  const GiNaC::matrix Gi = inverse(block(g, cyclic, cyclic), s.tangent_chart(), "mechanical_routhian");
  const GiNaC::matrix B = block(g, cyclic, shape);  // g_θx
  GiNaC::exmap rest;
  for (const ex& x : v) rest[x] = 0;
  const ex V = -s.lagrangian().subs(rest);  // L at rest is −V for a mechanical Lagrangian
  const std::size_t k = cyclic.size(), m = shape.size();
  GiNaC::matrix xd(static_cast<unsigned>(m), 1), muv(static_cast<unsigned>(k), 1);
  for (std::size_t j = 0; j < m; ++j) xd(static_cast<unsigned>(j), 0) = v[shape[j]];
  for (std::size_t a = 0; a < k; ++a) muv(static_cast<unsigned>(a), 0) = mu[a];
  const GiNaC::matrix gxx = block(g, shape, shape);
  const GiNaC::matrix Bt = B.transpose();
  const GiNaC::matrix reduced_metric = gxx.sub(Bt.mul(Gi).mul(B));
  const ex quad = xd.transpose().mul(reduced_metric).mul(xd)(0, 0);
  const ex gyro = muv.transpose().mul(Gi).mul(B).mul(xd)(0, 0);
  const ex amended = muv.transpose().mul(Gi).mul(muv)(0, 0);
  return simplify(quad / 2 + gyro - amended / 2 - V);
}

std::vector<ex> routh_defect(const SimpleHybridSystem& H, const ForcedRouthReduction& r) {
  const VectorField X = forced_euler_lagrange_field(H.system());
  const std::size_t n = H.system().dim();
  const auto v = H.system().velocities();
  GiNaC::exmap to_mu;
  for (std::size_t a = 0; a < r.cyclic.size(); ++a) to_mu[v[r.cyclic[a]]] = r.theta_dot[a];
  std::vector<ex> out;
  for (std::size_t j = 0; j < r.shape.size(); ++j) out.push_back(simplify(X[n + r.shape[j]].subs(to_mu) - r.acceleration[j]));
  return out;
}

}  // namespace hamel
