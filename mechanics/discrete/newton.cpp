// mechanics/discrete/newton.cpp
#include "mechanics/discrete/newton.hpp"

#include <cmath>
#include <algorithm>
#include <cstdio>
#include <limits>

namespace hamel {

namespace {

std::string sci(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2e", v);
  return b;
}

double inf_norm(const double* v, std::size_t n) {
  double m = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(v[i])) return std::numeric_limits<double>::infinity();
    m = std::max(m, std::fabs(v[i]));
  }
  return m;
}

}  // namespace

NewtonSolver::NewtonSolver(CompiledFunction residual, CompiledFunction jacobian, std::size_t known, std::string what,
                           NewtonOptions options)
    : F_(std::move(residual)), J_(std::move(jacobian)), k_(known), m_(F_.outputs()), what_(std::move(what)),
      options_(options) {
  HAMEL_CHECK(F_.inputs() == k_ + m_, InvalidArgument, "NewtonSolver", "the residual has the wrong number of inputs",
              std::to_string(k_ + m_) + " (known + unknowns)", std::to_string(F_.inputs()));
  HAMEL_CHECK(J_.inputs() == F_.inputs() && J_.outputs() == m_ * m_, InvalidArgument, "NewtonSolver",
              "the Jacobian does not match the residual", std::to_string(m_ * m_) + " outputs",
              std::to_string(J_.outputs()));
  in_.assign(k_ + m_, 0.0);
  f_.resize(static_cast<Eigen::Index>(m_));
  dx_.resize(static_cast<Eigen::Index>(m_));
  j_.resize(static_cast<Eigen::Index>(m_), static_cast<Eigen::Index>(m_));
  lu_ = Eigen::PartialPivLU<RowMatrix>(static_cast<Eigen::Index>(m_));
  history_.reserve(static_cast<std::size_t>(std::max(options_.max_iterations, 0)) + 2);
}

namespace {

// The rounding level of F near a point of size `scale`: a change of x by eps·scale moves F by up to
// ‖J‖∞ eps·scale (‖J‖∞ the largest row sum), and a residual below 64 times that cannot be improved in
// double precision (a knife edge at y = 10⁵ with h = 0.01 leaves |F| = 1.9e-9 at its solution).
double rounding_floor(const double* J, std::size_t m, double scale) {
  double rows = 0;
  for (std::size_t i = 0; i < m; ++i) {
    double sum = 0;
    for (std::size_t j = 0; j < m; ++j) sum += std::fabs(J[i * m + j]);
    rows = std::max(rows, sum);
  }
  return 64 * std::numeric_limits<double>::epsilon() * rows * scale;
}

// The size of the terms that evaluating e sums, |a| + |b| for a sum, |a| |b| for a product: F is
// evaluated as written, and an expanded r (theta1 - theta0)^2 = r theta0^2 - 2 r theta0 theta1 + r theta1^2
// rounds at eps r theta^2, however small the difference, once a group coordinate has grown large.
GiNaC::ex rounding_magnitude(const GiNaC::ex& e) {
  if (GiNaC::is_a<GiNaC::add>(e) || GiNaC::is_a<GiNaC::mul>(e)) {
    GiNaC::exvector ops;
    for (const auto& op : e) ops.push_back(rounding_magnitude(op));
    return GiNaC::is_a<GiNaC::add>(e) ? GiNaC::ex(GiNaC::add(ops)) : GiNaC::ex(GiNaC::mul(ops));
  }
  if (GiNaC::is_a<GiNaC::power>(e) && e.op(1).info(GiNaC::info_flags::integer))
    return GiNaC::pow(rounding_magnitude(e.op(0)), e.op(1));
  return GiNaC::abs(e);
}

}  // namespace

NewtonDiagnostics NewtonSolver::solve(const double* known, double* x, long step, const std::string& hint) const {
  std::copy(known, known + k_, in_.begin());
  double* xin = in_.data() + k_;
  std::copy(x, x + m_, xin);
  std::vector<double>& history = history_;
  history.clear();
  const auto fail = [&](const std::string& what, const std::string& expected, const std::string& got, const std::string& why = "") {
    throw ConvergenceError(detail::message(what_, what + " at step " + std::to_string(step), expected, got,
                                           !why.empty() ? why : hint.empty() ? "reduce the step h or start closer to the solution" : hint),
                           step, history);
  };
  // A value that is not finite at the first iterate comes from the equations themselves (a division by
  // zero at the initial guess), which a smaller step does not cure.
  const auto singular_point = [](int it) -> std::string {
    return it > 1 ? "" :
      "the equations are undefined at this point (a coefficient divides by zero there); a smaller step does not help: "
      "change the initial points or write the data (basis, connection, section) so that it is regular there";
  };
  NewtonDiagnostics d;
  for (int it = 1; it <= options_.max_iterations; ++it) {
    F_(in_.data(), f_.data());
    const double fn = inf_norm(f_.data(), m_);
    history.push_back(fn);
    if (!std::isfinite(fn))
      fail("Newton's method met a non-finite residual", "finite values", "|F| = " + sci(fn) + " at iteration " + std::to_string(it), singular_point(it));
    J_(in_.data(), j_.data());
    if (!std::isfinite(inf_norm(j_.data(), m_ * m_)))
      fail("Newton's method met a non-finite Jacobian", "finite values", "a non-finite entry at iteration " + std::to_string(it), singular_point(it));
    lu_.compute(j_);
    // partial pivoting: a (numerically) singular J shows as a tiny pivot relative to the largest
    const auto pivots = lu_.matrixLU().diagonal().cwiseAbs();
    const double ratio = m_ == 0 ? 1.0 : pivots.minCoeff() / std::max(pivots.maxCoeff(), 1e-300);
    if (!(ratio > options_.singular_pivot))
      fail("Newton's method met a singular Jacobian", "a regular system (smallest/largest LU pivot > " + sci(options_.singular_pivot) + ")",
           "a pivot ratio of " + sci(ratio) + " at iteration " + std::to_string(it));
    dx_.noalias() = lu_.solve(f_);
    double xn = 0;
    for (std::size_t i = 0; i < m_; ++i) {
      xin[i] -= dx_[static_cast<Eigen::Index>(i)];
      xn = std::max(xn, std::fabs(xin[i]));
    }
    d.iterations = it;
    d.correction = inf_norm(dx_.data(), m_);
    if (d.correction <= options_.tolerance * (1 + xn)) {
      F_(in_.data(), f_.data());
      d.residual = inf_norm(f_.data(), m_);
      history.push_back(d.residual);
      double floor = rounding_floor(j_.data(), m_, std::max(xn, inf_norm(in_.data(), k_)));
      if (!(d.residual <= options_.residual_tolerance + floor) && make_magnitude_) {  // evaluated only when needed
        if (!magnitude_) magnitude_ = make_magnitude_();
        (*magnitude_)(in_.data(), f_.data());
        floor = std::max(floor, 64 * std::numeric_limits<double>::epsilon() * inf_norm(f_.data(), m_));
      }
      if (!(d.residual <= options_.residual_tolerance + floor))
        fail("Newton's method stalled away from a solution",
             "|F| <= " + sci(options_.residual_tolerance) + " + the rounding level of F (64 eps max(|J| |x|, |terms of F|)) = " +
                 sci(options_.residual_tolerance + floor),
             "|F| = " + sci(d.residual) + " after " + std::to_string(it) + " iterations");
      std::copy(xin, xin + m_, x);
      return d;
    }
  }
  F_(in_.data(), f_.data());
  fail("Newton's method did not converge",
       "|dx| <= " + sci(options_.tolerance) + " (1 + |x|) within " + std::to_string(options_.max_iterations) + " iterations",
       "|dx| = " + sci(d.correction) + " and |F| = " + sci(inf_norm(f_.data(), m_)) + " after " +
           std::to_string(options_.max_iterations) + " iterations");
  return d;  // not reached
}

NewtonSolver make_newton_solver(const std::vector<GiNaC::ex>& residual, const std::vector<GiNaC::ex>& known,
                                const std::vector<GiNaC::ex>& unknowns, const GiNaC::exmap& values, std::string what,
                                NewtonOptions options, const CompileOptions& compile_options) {
  HAMEL_CHECK(residual.size() == unknowns.size(), DomainError, what, "the system is not square",
              std::to_string(unknowns.size()) + " equations for " + std::to_string(unknowns.size()) + " unknowns",
              std::to_string(residual.size()) + " equations");
  std::vector<GiNaC::ex> inputs(known);
  inputs.insert(inputs.end(), unknowns.begin(), unknowns.end());
  std::vector<GiNaC::ex> entries;
  entries.reserve(residual.size() * unknowns.size());
  for (const auto& f : residual)
    for (const auto& x : unknowns) entries.push_back(f.diff(GiNaC::ex_to<GiNaC::symbol>(x)));
  std::vector<GiNaC::ex> magnitudes;
  for (const auto& f : residual) magnitudes.push_back(rounding_magnitude(f));
  NewtonSolver s(compile(residual, inputs, values, compile_options), compile(entries, inputs, values, compile_options),
                 known.size(), std::move(what), options);
  s.set_rounding_magnitude([magnitudes, inputs, values, compile_options] { return compile(magnitudes, inputs, values, compile_options); });
  return s;
}

}  // namespace hamel
