// geometry/metric.cpp
#include "geometry/metric.hpp"

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

Metric::Metric(Chart chart, GiNaC::matrix g) : chart_(std::move(chart)), g_(std::move(g)) {
  const auto n = chart_.dim();
  if (g_.rows() != n || g_.cols() != n)
    throw InvalidArgument(detail::message("Metric", "wrong matrix size",
                                          std::to_string(n) + "x" + std::to_string(n),
                                          std::to_string(g_.rows()) + "x" + std::to_string(g_.cols())));
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = i + 1; j < n; ++j)
      if (!(g_(i, j) - g_(j, i)).expand().is_zero() && !is_zero(g_(i, j) - g_(j, i), chart_))
        throw DomainError(detail::message("Metric", "matrix is not symmetric", "g(i,j) = g(j,i)",
                                          "g(" + std::to_string(i) + "," + std::to_string(j) +
                                              ") - g(" + std::to_string(j) + "," + std::to_string(i) +
                                              ") = " + detail::str(g_(i, j) - g_(j, i))));
}

GiNaC::ex inner(const Metric& g, const VectorField& X, const VectorField& Y) {
  require_same_chart(g.chart(), X.chart(), "inner");
  require_same_chart(g.chart(), Y.chart(), "inner");
  GiNaC::ex r = 0;
  for (unsigned i = 0; i < X.dim(); ++i) {
    if (X[i].is_zero()) continue;
    for (unsigned j = 0; j < Y.dim(); ++j)
      if (!Y[j].is_zero() && !g(i, j).is_zero()) r += g(i, j) * X[i] * Y[j];
  }
  return r;
}

GiNaC::matrix inverse(const Metric& g) {
  const GiNaC::ex det = g.matrix().determinant();
  const ZeroVerdict v = zero_test(det, g.chart());
  if (v.zero)
    throw DomainError(detail::message("inverse", "metric is degenerate", "a nonzero determinant",
                                      "determinant 0 [" + v.how() + "]",
                                      "check the kinetic energy for a missing velocity"));
  return simplify(g.matrix().inverse());
}

GiNaC::matrix restrict(const Metric& g, const std::vector<VectorField>& fields) {
  const auto r = static_cast<unsigned>(fields.size());
  GiNaC::matrix G(r, r);
  for (unsigned a = 0; a < r; ++a)
    for (unsigned b = a; b < r; ++b) {
      G(a, b) = simplify(inner(g, fields[a], fields[b]));
      G(b, a) = G(a, b);
    }
  return G;
}

std::vector<VectorField> orthogonal_complement(const Metric& g, const std::vector<VectorField>& fields) {
  const Chart& Q = g.chart();
  // v ⊥ X_α for all α  ⇔  (ρᵀ g) v = 0.
  GiNaC::matrix A(static_cast<unsigned>(fields.size()), static_cast<unsigned>(Q.dim()));
  for (unsigned a = 0; a < fields.size(); ++a) {
    require_same_chart(Q, fields[a].chart(), "orthogonal_complement");
    for (unsigned j = 0; j < Q.dim(); ++j) {
      GiNaC::ex s = 0;
      for (unsigned i = 0; i < Q.dim(); ++i) s += fields[a][i] * g(i, j);
      A(a, j) = s;
    }
  }
  const GiNaC::matrix N = nullspace(A, Q);
  std::vector<VectorField> out;
  for (unsigned k = 0; k < N.cols(); ++k) {
    std::vector<GiNaC::ex> c(Q.dim());
    for (unsigned i = 0; i < Q.dim(); ++i) c[i] = N(i, k);
    out.emplace_back(Q, c);
  }
  return out;
}

Metric lie_derivative(const VectorField& X, const Metric& g) {
  require_same_chart(X.chart(), g.chart(), "lie_derivative");
  const Chart& Q = g.chart();
  const unsigned n = static_cast<unsigned>(Q.dim());
  GiNaC::matrix dX(n, n);  // dX(k, i) = ∂_i X^k
  for (unsigned k = 0; k < n; ++k)
    for (unsigned i = 0; i < n; ++i) dX(k, i) = X[k].diff(GiNaC::ex_to<GiNaC::symbol>(Q[i]));
  GiNaC::matrix L(n, n);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = i; j < n; ++j) {
      GiNaC::ex s = X(g(i, j));
      for (unsigned k = 0; k < n; ++k) s += g(k, j) * dX(k, i) + g(i, k) * dX(k, j);
      L(i, j) = L(j, i) = s;
    }
  return Metric(Q, L);
}

Metric simplify(const Metric& g) { return Metric(g.chart(), simplify(g.matrix())); }

}  // namespace hamel
