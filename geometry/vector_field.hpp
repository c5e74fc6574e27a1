// geometry/vector_field.hpp — X = X^i ∂_i, by components in the coordinate frame of a chart.
#pragma once

#include <ginac/ginac.h>

#include <vector>

#include "geometry/chart.hpp"

namespace hamel {

class VectorField {
 public:
  /// @throws InvalidArgument if components.size() != chart.dim().
  VectorField(Chart chart, std::vector<GiNaC::ex> components);
  /// The coordinate field ∂_i.
  static VectorField coordinate(const Chart& chart, std::size_t i);
  static VectorField zero(const Chart& chart);

  const Chart& chart() const { return chart_; }
  std::size_t dim() const { return components_.size(); }
  const GiNaC::ex& operator[](std::size_t i) const { return components_.at(i); }
  const std::vector<GiNaC::ex>& components() const { return components_; }
  /// X(f) = X^i ∂f/∂x^i.
  GiNaC::ex operator()(const GiNaC::ex& f) const;

 private:
  Chart chart_;
  std::vector<GiNaC::ex> components_;
};

VectorField operator+(const VectorField& X, const VectorField& Y);
VectorField operator-(const VectorField& X, const VectorField& Y);
VectorField operator-(const VectorField& X);
/// f X, for a function f.
VectorField operator*(const GiNaC::ex& f, const VectorField& X);

/// Σ_k f_k X_k. @throws InvalidArgument on size or chart mismatch.
VectorField linear_combination(const std::vector<GiNaC::ex>& coefficients,
                               const std::vector<VectorField>& fields);

/// [X, Y]^i = X(Y^i) − Y(X^i). @throws InvalidArgument if X and Y live on different charts.
VectorField lie_bracket(const VectorField& X, const VectorField& Y);
/// [X, Y] through the fields' shared subtrees (core/derivative_along.hpp), each subexpression
/// differentiated once along each field: what lie_bracket does past 20 000 nodes in X and Y. The same
/// field, another tree.
VectorField lie_bracket_through_shared(const VectorField& X, const VectorField& Y);

/// Components brought to canonical form (core/symbolic.hpp).
VectorField simplify(const VectorField& X);
/// Zero test of every component; the verdict of the first nonzero one, or "zero" with the
/// weakest method used.
ZeroVerdict zero_test(const VectorField& X);

/// The components of a list of fields as the columns of an n × k matrix.
GiNaC::matrix as_columns(const std::vector<VectorField>& fields);
/// The columns of an n×k matrix as k vector fields on `chart` (the inverse of as_columns).
std::vector<VectorField> from_columns(const GiNaC::matrix& M, const Chart& chart);
/// f X for the function f that clears the denominators of X's components (their canonical forms):
/// cot(θ)∂x + ∂y becomes cos(θ)∂x + sin(θ)∂y.  Spans the same line where X is defined, and stays
/// defined where X blows up.
VectorField without_denominators(const VectorField& X);
/// The same for the components of a vector that is not a field on a chart (a Lie algebra element
/// depending on the coordinates): (cot θ, 1) becomes (cos θ, sin θ).
std::vector<GiNaC::ex> without_denominators(const std::vector<GiNaC::ex>& components);

/// Differential of a function as the row of its partial derivatives.
std::vector<GiNaC::ex> gradient(const GiNaC::ex& f, const Chart& chart);

}  // namespace hamel
