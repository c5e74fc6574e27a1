// reduction/discrete/reduced_integrator.cpp
#include "reduction/discrete/reduced_integrator.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

std::vector<ex> concat(std::vector<ex> a, const std::vector<ex>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

NewtonSolver make_reduced_solver(const ReducedSystem& R, const ParameterValues& values, NewtonOptions o, const CompileOptions& co) {
  const TrivialBundle& B = R.bundle();
  std::vector<ex> residual = R.horizontal;
  residual.insert(residual.end(), R.vertical.begin(), R.vertical.end());
  residual.insert(residual.end(), R.step_constraints.begin(), R.step_constraints.end());
  const std::size_t unknowns = B.group().dim() + B.shape_dim();
  HAMEL_CHECK(residual.size() == unknowns, DomainError, "ReducedIntegrator", "the reduced equations are not square",
              std::to_string(unknowns) + " equations (dim G + dim M)",
              std::to_string(R.horizontal.size()) + " horizontal + " + std::to_string(R.vertical.size()) + " vertical + " +
                  std::to_string(R.step_constraints.size()) + " constraints");
  const auto missing = missing_values(residual, B.chart(), values);
  if (!missing.empty())
    throw InvalidArgument(detail::message("ReducedIntegrator", "a parameter has no numeric value", "a value for every parameter",
                                          "none for " + missing.front()));
  const auto known = concat(concat(shape_slot(B, 0), reduced_slot(B, 0)), shape_slot(B, 1));
  const auto x = concat(reduced_slot(B, 1), shape_slot(B, 2));
  return make_newton_solver(residual, known, x, values, "ReducedIntegrator::step", o, co);
}

}  // namespace

ReducedIntegrator::ReducedIntegrator(const ReducedSystem& R, const ParameterValues& values, NewtonOptions options,
                                     CompileOptions co)
    : n_(R.system.dim()), k_(R.bundle().group().dim()), dm_(R.bundle().shape_dim()), shape_(R.bundle().shape_indices()),
      group_(R.bundle().group_indices()), newton_(make_reduced_solver(R, values, options, co)) {
  const TrivialBundle& B = R.bundle();
  const Chart& Q = B.chart();
  const GiNaC::exmap wq = reduced_variables(R);
  std::vector<ex> w0;
  for (const auto& s : reduced_slot(B, 0)) w0.push_back(s.subs(wq));
  w_of_pair_ = compile(w0, concat(slot(Q, 0), slot(Q, 1)), values, co);
  next_g_ = compile(reconstruction_step(R),
                    concat(concat(concat(B.group_part(slot(Q, 0)), reduced_slot(B, 0)), shape_slot(B, 0)), shape_slot(B, 1)),
                    values, co);
  known_.assign(2 * dm_ + k_, 0.0);
  x_.assign(k_ + dm_, 0.0);
}

NewtonDiagnostics ReducedIntegrator::step(const double* r0, const double* w0, const double* r1, double* w1, double* r2,
                                          long k) const {
  for (std::size_t i = 0; i < dm_; ++i) {
    known_[i] = r0[i];
    known_[dm_ + k_ + i] = r1[i];
    x_[k_ + i] = 2 * r1[i] - r0[i];
  }
  for (std::size_t i = 0; i < k_; ++i) {
    known_[dm_ + i] = w0[i];
    x_[i] = w0[i];
  }
  const NewtonDiagnostics d = newton_.solve(known_.data(), x_.data(), k, "reduce the step h");
  for (std::size_t i = 0; i < k_; ++i) w1[i] = x_[i];
  for (std::size_t i = 0; i < dm_; ++i) r2[i] = x_[k_ + i];
  return d;
}

DiscreteReducedTrajectory ReducedIntegrator::run(const std::vector<double>& r0, const std::vector<double>& w0,
                                         const std::vector<double>& r1, std::size_t N, const StepReport& report) const {
  HAMEL_CHECK(r0.size() == dm_ && r1.size() == dm_ && w0.size() == k_, InvalidArgument, "ReducedIntegrator::run",
              "initial data of the wrong dimensions", "r: " + std::to_string(dm_) + ", w: " + std::to_string(k_),
              "r: " + std::to_string(r0.size()) + ", w: " + std::to_string(w0.size()));
  DiscreteReducedTrajectory t;
  t.r = {r0, r1};
  t.w = {w0};
  std::vector<double> w1(k_), r2(dm_);
  for (std::size_t k = 1; k < N; ++k) {
    const NewtonDiagnostics d = step(t.r[k - 1].data(), t.w[k - 1].data(), t.r[k].data(), w1.data(), r2.data(), static_cast<long>(k));
    t.r.push_back(r2);
    t.w.push_back(w1);
    t.steps.push_back(d);
    t.max_iterations = std::max(t.max_iterations, d.iterations);
    t.max_residual = std::max(t.max_residual, d.residual);
    if (report && k % kStepReportInterval == 0) report(k);
  }
  return t;
}

void ReducedIntegrator::reduce_pair(const std::vector<double>& q0, const std::vector<double>& q1, std::vector<double>& r0,
                                    std::vector<double>& w0, std::vector<double>& r1) const {
  HAMEL_CHECK(q0.size() == n_ && q1.size() == n_, InvalidArgument, "ReducedIntegrator::reduce_pair", "points of the wrong dimension",
              std::to_string(n_), std::to_string(q0.size()) + " and " + std::to_string(q1.size()));
  std::vector<double> in(q0);
  in.insert(in.end(), q1.begin(), q1.end());
  w0 = w_of_pair_(in);
  r0.clear();
  r1.clear();
  for (auto i : shape_) {
    r0.push_back(q0[i]);
    r1.push_back(q1[i]);
  }
}

std::vector<std::vector<double>> ReducedIntegrator::reconstruct(const DiscreteReducedTrajectory& t, const std::vector<double>& q0) const {
  HAMEL_CHECK(q0.size() == n_, InvalidArgument, "ReducedIntegrator::reconstruct", "q0 of the wrong dimension",
              std::to_string(n_), std::to_string(q0.size()));
  std::vector<std::vector<double>> q{q0};
  std::vector<double> in(2 * k_ + 2 * dm_), g(k_);
  for (std::size_t j = 0; j < k_; ++j) g[j] = q0[group_[j]];
  for (std::size_t kk = 0; kk + 1 < t.r.size() && kk < t.w.size(); ++kk) {
    for (std::size_t j = 0; j < k_; ++j) {
      in[j] = g[j];
      in[k_ + j] = t.w[kk][j];
    }
    for (std::size_t i = 0; i < dm_; ++i) {
      in[2 * k_ + i] = t.r[kk][i];
      in[2 * k_ + dm_ + i] = t.r[kk + 1][i];
    }
    next_g_(in.data(), g.data());
    std::vector<double> p(n_);
    for (std::size_t i = 0; i < dm_; ++i) p[shape_[i]] = t.r[kk + 1][i];
    for (std::size_t j = 0; j < k_; ++j) p[group_[j]] = g[j];
    q.push_back(p);
  }
  return q;
}

double max_difference(const std::vector<std::vector<double>>& a, const std::vector<std::vector<double>>& b) {
  double m = 0;
  for (std::size_t k = 0; k < std::min(a.size(), b.size()); ++k)
    for (std::size_t i = 0; i < std::min(a[k].size(), b[k].size()); ++i) m = std::max(m, std::fabs(a[k][i] - b[k][i]));
  return m;
}

}  // namespace hamel
