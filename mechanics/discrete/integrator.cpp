// mechanics/discrete/integrator.cpp
#include "mechanics/discrete/integrator.hpp"

#include <algorithm>
#include <cmath>

#include "mechanics/discrete/invariance.hpp"

namespace hamel {

namespace {

std::vector<GiNaC::ex> concat(std::vector<GiNaC::ex> a, const std::vector<GiNaC::ex>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

void require_values(const std::vector<GiNaC::ex>& e, const Chart& Q, const ParameterValues& values, const char* fn) {
  const auto missing = missing_values(e, Q, values);
  if (!missing.empty()) {
    std::string list;
    for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
    throw InvalidArgument(detail::message(fn, "a parameter has no numeric value", "a value for every parameter",
                                          "none for " + list));
  }
}

// (3) for the step solver, refused when it is not square or a parameter has no value.
DiscreteEquations step_equations(const DiscreteSystem& system, const ParameterValues& values) {
  HAMEL_CHECK(system.kinematic().size() == system.variational().size(), DomainError, "DiscreteIntegrator",
              "the discrete Lagrange-d'Alembert equations (3) are not square",
              "as many kinematic constraints (D_d) as variational ones (D): " + std::to_string(system.variational().size()),
              std::to_string(system.kinematic().size()));
  DiscreteEquations eq = lagrange_dalembert_equations(system);
  require_values(eq.residual, system.chart(), values, "DiscreteIntegrator");
  return eq;
}

// x_{k+1} = x_k + d, summed with Kahan's compensation c (rounding of earlier sums carried along): the
// positions stay within a rounding of the exact sum of the increments however long the run.
void compensated_add(double& sum, double& c, double d) {
  const double y = d - c;
  const double t = sum + y;
  c = (t - sum) - y;
  sum = t;
}

}  // namespace

std::vector<double> along_steps(const DiscreteSystem& S, const GiNaC::ex& f, const ParameterValues& values,
                                const std::vector<std::vector<double>>& q) {
  const Chart& Q = S.chart();
  std::vector<GiNaC::ex> inputs = slot(Q, 0);
  for (const auto& x : slot(Q, 1)) inputs.push_back(x);
  const CompiledFunction F = compile({f}, inputs, values);
  std::vector<double> out, in(2 * Q.dim());
  double v = 0;
  for (std::size_t k = 0; k + 1 < q.size(); ++k) {
    std::copy(q[k].begin(), q[k].end(), in.begin());
    std::copy(q[k + 1].begin(), q[k + 1].end(), in.begin() + static_cast<long>(Q.dim()));
    F(in.data(), &v);
    out.push_back(v);
  }
  return out;
}

std::vector<std::string> missing_values(const std::vector<GiNaC::ex>& e, const Chart& Q, const ParameterValues& values) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < Q.parameters().size(); ++i) {
    const GiNaC::ex& p = Q.parameters()[i];
    if (values.count(p)) continue;
    bool used = false;
    for (const auto& x : e) used = used || x.has(p);
    if (used) out.push_back(Q.parameter_specs()[i].name);
  }
  return out;
}

double DiscreteTrajectory::mean_iterations() const {
  if (steps.empty()) return 0;
  double s = 0;
  for (const auto& d : steps) s += d.iterations;
  return s / static_cast<double>(steps.size());
}

DiscreteIntegrator::DiscreteIntegrator(const DiscreteSystem& system, const ParameterValues& values, NewtonOptions options,
                                       CompileOptions compile_options, Translation translation)
    : DiscreteIntegrator(system, step_equations(system, values), values, options, compile_options, translation) {}

DiscreteIntegrator::DiscreteIntegrator(const DiscreteSystem& system, const DiscreteEquations& eq, const ParameterValues& values,
                                       NewtonOptions options, CompileOptions compile_options, Translation translation)
    : n_(system.dim()), m_(system.variational().size()),
      newton_(make_newton_solver(eq.residual, concat(slot(system.chart(), 0), slot(system.chart(), 1)), eq.unknowns, values,
                                 "DiscreteIntegrator::step", options, compile_options)) {
  const Chart& Q = system.chart();
  if (translation == Translation::Detect) translated_ = translation_invariant_coordinates(eq.residual, Q);
  is_translated_.assign(n_, 0);
  for (auto i : translated_) is_translated_[i] = 1;
  std::vector<GiNaC::ex> phi = system.kinematic();
  if (phi.empty()) phi.push_back(GiNaC::ex(0));
  phi_ = compile(phi, concat(slot(Q, 0), slot(Q, 1)), values, compile_options);
  known_.assign(2 * n_, 0.0);
  x_.assign(n_ + m_, 0.0);
}

// One Newton solve of (3).  A translated coordinate is moved by −q_k (exact, (3) being invariant): q_{k-1}
// sits at −back, q_k at 0, and `out` receives the increment q_{k+1} − q_k, solved near 0 so that its
// rounding is that of the increment, not of |q|.  The other coordinates are absolute, in and out.
NewtonDiagnostics DiscreteIntegrator::solve(const double* q0, const double* q1, const double* back, double* out, double* nu,
                                            long k) const {
  for (std::size_t i = 0; i < n_; ++i) {
    known_[i] = is_translated_[i] ? -back[i] : q0[i];
    known_[n_ + i] = is_translated_[i] ? 0.0 : q1[i];
    x_[i] = is_translated_[i] ? back[i] : 2 * q1[i] - q0[i];
  }
  for (std::size_t a = 0; a < m_; ++a) x_[n_ + a] = nu[a];
  const NewtonDiagnostics d = newton_.solve(known_.data(), x_.data(), k,
                                            "reduce the step h, or check that (q_{k-1}, q_k) lies on D_d");
  for (std::size_t i = 0; i < n_; ++i) out[i] = x_[i];
  for (std::size_t a = 0; a < m_; ++a) nu[a] = x_[n_ + a];
  return d;
}

NewtonDiagnostics DiscreteIntegrator::step(const double* q0, const double* q1, double* q2, double* nu, long k) const {
  std::vector<double> back(n_);
  for (std::size_t i = 0; i < n_; ++i) back[i] = q1[i] - q0[i];
  const NewtonDiagnostics d = solve(q0, q1, back.data(), q2, nu, k);
  for (auto i : translated_) q2[i] += q1[i];
  return d;
}

DiscreteTrajectory DiscreteIntegrator::run(const std::vector<double>& q0, const std::vector<double>& q1, std::size_t N,
                                           const StepReport& report) const {
  HAMEL_CHECK(q0.size() == n_ && q1.size() == n_, InvalidArgument, "DiscreteIntegrator::run",
              "initial points of the wrong dimension", std::to_string(n_), std::to_string(q0.size()) + " and " + std::to_string(q1.size()));
  HAMEL_CHECK(N >= 1, InvalidArgument, "DiscreteIntegrator::run", "no steps requested", "N >= 1", "0");
  DiscreteTrajectory t;
  t.translated = translated_;
  t.q.reserve(N + 1);
  t.multipliers.reserve(N);
  t.steps.reserve(N);
  t.q.push_back(q0);
  t.q.push_back(q1);
  std::vector<double> nu(m_, 0.0), out(n_), back(n_), c(n_, 0.0);
  for (std::size_t i = 0; i < n_; ++i) back[i] = q1[i] - q0[i];
  for (std::size_t k = 1; k < N; ++k) {
    const NewtonDiagnostics d = solve(t.q[k - 1].data(), t.q[k].data(), back.data(), out.data(), nu.data(), static_cast<long>(k));
    std::vector<double> q2(out);
    for (auto i : translated_) {
      back[i] = out[i];
      q2[i] = t.q[k][i];
      compensated_add(q2[i], c[i], out[i]);
    }
    t.q.push_back(std::move(q2));
    t.multipliers.push_back(nu);
    t.steps.push_back(d);
    t.max_iterations = std::max(t.max_iterations, d.iterations);
    t.max_residual = std::max(t.max_residual, d.residual);
    if (report && k % kStepReportInterval == 0) report(k);
  }
  return t;
}

double DiscreteIntegrator::constraint_violation(const std::vector<double>& q0, const std::vector<double>& q1) const {
  std::vector<double> in(q0);
  in.insert(in.end(), q1.begin(), q1.end());
  const auto out = phi_(in);
  double m = 0;
  for (double v : out) m = std::max(m, std::fabs(v));
  return m;
}

std::vector<double> complete_on_constraint(const DiscreteSystem& system, const ParameterValues& values,
                                           const std::vector<double>& q0, std::vector<double> q1,
                                           const std::vector<std::size_t>& unknown, NewtonOptions options) {
  const Chart& Q = system.chart();
  const std::size_t n = Q.dim();
  HAMEL_CHECK(unknown.size() == system.kinematic().size(), InvalidArgument, "complete_on_constraint",
              "the number of unknown components differs from the number of kinematic constraints",
              std::to_string(system.kinematic().size()), std::to_string(unknown.size()));
  HAMEL_CHECK(q0.size() == n && q1.size() == n, InvalidArgument, "complete_on_constraint", "points of the wrong dimension",
              std::to_string(n), std::to_string(q0.size()) + " and " + std::to_string(q1.size()));
  if (unknown.empty()) return q1;
  const auto s0 = slot(Q, 0), s1 = slot(Q, 1);
  std::vector<GiNaC::ex> known, x;
  std::vector<double> kv(q0);
  known = s0;
  for (std::size_t i = 0; i < n; ++i) {
    if (std::find(unknown.begin(), unknown.end(), i) != unknown.end()) continue;
    known.push_back(s1[i]);
    kv.push_back(q1[i]);
  }
  std::vector<double> xv;
  for (auto i : unknown) {
    HAMEL_CHECK(i < n, InvalidArgument, "complete_on_constraint", "component index out of range", "< " + std::to_string(n), std::to_string(i));
    x.push_back(s1[i]);
    xv.push_back(q1[i]);
  }
  require_values(system.kinematic(), Q, values, "complete_on_constraint");
  const NewtonSolver s = make_newton_solver(system.kinematic(), known, x, values, "complete_on_constraint", options);
  s.solve(kv.data(), xv.data(), 1, "give a q1 closer to D_d");
  for (std::size_t j = 0; j < unknown.size(); ++j) q1[unknown[j]] = xv[j];
  return q1;
}

}  // namespace hamel
