// geometry/metric.hpp — symmetric 2-tensors (a Riemannian metric, or a Lie derivative of one).
#pragma once

#include <ginac/ginac.h>

#include <vector>

#include "geometry/chart.hpp"
#include "geometry/vector_field.hpp"

namespace hamel {

class Metric {
 public:
  /// @throws InvalidArgument on a wrong size, DomainError if g is not symmetric.
  Metric(Chart chart, GiNaC::matrix g);
  const Chart& chart() const { return chart_; }
  const GiNaC::matrix& matrix() const { return g_; }
  const GiNaC::ex& operator()(unsigned i, unsigned j) const { return g_(i, j); }

 private:
  Chart chart_;
  GiNaC::matrix g_;
};

/// ⟨X, Y⟩ = g_ij X^i Y^j.
GiNaC::ex inner(const Metric& g, const VectorField& X, const VectorField& Y);
/// g^{ij}. @throws DomainError "inverse: metric is degenerate; expected a nonzero determinant…".
GiNaC::matrix inverse(const Metric& g);
/// G_αβ = ⟨X_α, X_β⟩ for the given fields (004 §2.1).
GiNaC::matrix restrict(const Metric& g, const std::vector<VectorField>& fields);
/// A basis of the g-orthogonal complement of span(fields).
std::vector<VectorField> orthogonal_complement(const Metric& g, const std::vector<VectorField>& fields);
/// (L_X g)_ij = X(g_ij) + g_kj ∂_i X^k + g_ik ∂_j X^k.
Metric lie_derivative(const VectorField& X, const Metric& g);
Metric simplify(const Metric& g);

}  // namespace hamel
