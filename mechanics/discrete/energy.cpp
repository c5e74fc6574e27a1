// mechanics/discrete/energy.cpp
#include "mechanics/discrete/energy.hpp"

#include <boost/numeric/odeint.hpp>
#include <cmath>

#include "core/error.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/hamel_equations.hpp"
#include "mechanics/nonholonomic_system.hpp"
#include "numerics/ode.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

const ContinuousData& continuous_of(const DiscreteSystem& S, const char* fn) {
  if (!S.continuous())
    throw DomainError(detail::message(fn, "the energy needs the continuous Lagrangian", "a system made by a quadrature rule",
                                      "a discrete Lagrangian given directly"));
  return *S.continuous();
}

double evaluate_number(const ex& e) {
  const ex v = e.evalf();
  HAMEL_CHECK(GiNaC::is_a<GiNaC::numeric>(v), InvalidArgument, "heun_energy", "a value is not a number", "a number",
              detail::str(v));
  return GiNaC::ex_to<GiNaC::numeric>(v).to_double();
}

}  // namespace

std::vector<double> discrete_energy(const DiscreteSystem& S, const ParameterValues& values, const DiscreteTrajectory& t) {
  const ContinuousData& c = continuous_of(S, "discrete_energy");
  const Chart& Q = S.chart();
  const auto v = velocities(Q);
  const ex h = S.step();
  // E(q, q̇) = ½ g(q̇, q̇) + V, at (q̄, Δq/h) written in (q0, q1)
  ex E = c.potential;
  for (unsigned i = 0; i < Q.dim(); ++i)
    for (unsigned j = 0; j < Q.dim(); ++j) E += c.metric(i, j) * v[i] * v[j] / 2;
  const auto s0 = slot(Q, 0), s1 = slot(Q, 1);
  GiNaC::exmap m;
  for (std::size_t i = 0; i < Q.dim(); ++i) {
    m[Q[i]] = (s0[i] + s1[i]) / 2;
    m[v[i]] = (s1[i] - s0[i]) / h;
  }
  return along_steps(S, E.subs(m), values, t.q);
}

std::vector<double> discrete_work(const DiscreteSystem& S, const ParameterValues& values, const DiscreteTrajectory& t) {
  const Chart& Q = S.chart();
  const auto s0 = slot(Q, 0), s1 = slot(Q, 1);
  const auto fm = S.force_minus(), fp = S.force_plus();
  ex w = 0;
  // f^− + f^+ ≈ ∫ F dt over the step (an impulse): the mean force times the displacement
  for (std::size_t i = 0; i < Q.dim(); ++i) w += (fm[i] + fp[i]) * (s1[i] - s0[i]) / S.step();
  const std::vector<double> step = along_steps(S, w, values, t.q);
  std::vector<double> W(step.size(), 0.0);
  for (std::size_t k = 1; k < step.size(); ++k) W[k] = W[k - 1] + (step[k - 1] + step[k]) / 2;
  return W;
}

namespace {

// Hamel's equations (q̇ = ρ v, v̇ = …) with the force's part ρ^i_α F_i(q, ρ v) added, and the power
// F_i q̇^i as one more component (the work, integrated with the state).
std::vector<ex> forced_rhs(const NonholonomicSystem& sys, const std::vector<ex>& force) {
  const Chart& Q = sys.chart();
  const Chart& D = sys.velocity_chart();
  const std::size_t n = Q.dim(), r = sys.rank();
  std::vector<ex> out = hamel_equations(sys).components();
  if (force.empty()) {
    out.push_back(0);
    return out;
  }
  GiNaC::exmap qdot;  // q̇^i = ρ^i_α v^α
  const auto v = velocities(Q);
  for (unsigned i = 0; i < n; ++i) {
    ex s = 0;
    for (unsigned a = 0; a < r; ++a) s += sys.rho()(i, a) * D[n + a];
    qdot[v[i]] = s;
  }
  std::vector<ex> F, Frho(r, 0);
  ex power = 0;
  for (unsigned i = 0; i < n; ++i) {
    F.push_back(force[i].subs(qdot));
    power += F[i] * qdot[v[i]];
    for (unsigned a = 0; a < r; ++a) Frho[a] += sys.rho()(i, a) * F[i];
  }
  for (unsigned a = 0; a < r; ++a)
    for (unsigned b = 0; b < r; ++b) out[n + a] += sys.constrained_inverse()(a, b) * Frho[b];
  out.push_back(power);
  return out;
}

}  // namespace

std::vector<double> heun_energy(const DiscreteSystem& S, const ParameterValues& values, const std::vector<double>& q0,
                                const std::vector<double>& qdot0, std::size_t N, bool project) {
  return heun_energy_balance(S, values, q0, qdot0, N, project).energy;
}

HeunEnergy heun_energy_balance(const DiscreteSystem& S, const ParameterValues& values, const std::vector<double>& q0,
                               const std::vector<double>& qdot0, std::size_t N, bool project) {
  const ContinuousData& c = continuous_of(S, "heun_energy");
  const Chart& Q = S.chart();
  const NonholonomicSystem sys(NonholonomicSpec{Q, c.lagrangian, c.constraints, {}, {}, Complement::orthogonal()});
  const Chart& D = sys.velocity_chart();
  const std::size_t n = Q.dim(), r = sys.rank();
  const CompiledFunction rhs = compile(forced_rhs(sys, c.force), D.coordinates(), values);
  const CompiledFunction energy = compile({constrained_lagrangian(sys) + 2 * sys.potential()}, D.coordinates(), values);
  // quasi-velocities of q̇0: solve ρ(q0) v = q̇0 (least squares; exact when q̇0 ∈ D)
  GiNaC::exmap at_q0 = values;
  for (std::size_t i = 0; i < n; ++i) at_q0[Q[i]] = q0.at(i);
  Eigen::MatrixXd rho(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(r));
  for (unsigned i = 0; i < n; ++i)
    for (unsigned a = 0; a < r; ++a) rho(i, a) = evaluate_number(sys.rho()(i, a).subs(at_q0));
  Eigen::VectorXd qd(static_cast<Eigen::Index>(n));
  for (std::size_t i = 0; i < n; ++i) qd[static_cast<Eigen::Index>(i)] = qdot0.at(i);
  const Eigen::VectorXd v0 = rho.colPivHouseholderQr().solve(qd);
  HAMEL_CHECK(project || (rho * v0 - qd).norm() <= 1e-10 * (1 + qd.norm()), DomainError, "heun_energy", "the initial velocity is not in D",
              "q_dot0 in D", "a residual of " + detail::str((rho * v0 - qd).norm()));
  State x(q0);
  for (std::size_t a = 0; a < r; ++a) x.push_back(v0[static_cast<Eigen::Index>(a)]);
  x.push_back(0);  // the work done so far

  namespace odeint = boost::numeric::odeint;
  // Heun: c = (0, 1), a = ((1)), b = (1/2, 1/2)
  using Heun = odeint::explicit_generic_rk<2, 2, State, double>;
  const boost::array<double, 1> a1{{1.0}};
  const boost::fusion::vector<boost::array<double, 1>> A(a1);
  const boost::array<double, 2> b{{0.5, 0.5}}, cc{{0.0, 1.0}};
  Heun stepper(A, b, cc);
  const double h = evaluate_number(S.step().subs(values));
  HeunEnergy out;
  double e = 0;
  const auto f = [&](const State& s, State& d, double) {
    d.resize(s.size());
    rhs(s.data(), d.data());
  };
  const auto record = [&] {
    energy(x.data(), &e);
    out.energy.push_back(e);
    out.work.push_back(x.back());
  };
  record();
  double t = 0;
  for (std::size_t k = 0; k < N; ++k) {
    stepper.do_step(f, x, t, h);
    t += h;
    record();
  }
  return out;
}

double max_energy_error(const std::vector<double>& energy) {
  double m = 0;
  for (double e : energy) m = std::max(m, std::fabs(e - energy.front()));
  return m;
}

double energy_balance_error(const std::vector<double>& energy, const std::vector<double>& work) {
  if (work.empty()) return max_energy_error(energy);
  double m = 0;
  for (std::size_t k = 0; k < energy.size() && k < work.size(); ++k) m = std::max(m, std::fabs(energy[k] - energy.front() - work[k]));
  return m;
}

}  // namespace hamel
