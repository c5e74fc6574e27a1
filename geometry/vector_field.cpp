// geometry/vector_field.cpp
#include "geometry/vector_field.hpp"

#include "core/derivative_along.hpp"
#include "core/error.hpp"
#include "core/symbolic.hpp"

namespace hamel {

VectorField::VectorField(Chart chart, std::vector<GiNaC::ex> components)
    : chart_(std::move(chart)), components_(std::move(components)) {
  if (components_.size() != chart_.dim())
    throw InvalidArgument(detail::message("VectorField", "wrong number of components",
                                          std::to_string(chart_.dim()) + " (chart " +
                                              chart_.describe() + ")",
                                          std::to_string(components_.size())));
}

VectorField VectorField::coordinate(const Chart& chart, std::size_t i) {
  std::vector<GiNaC::ex> c(chart.dim(), 0);
  (void)chart[i];  // range check with a clear message
  c[i] = 1;
  return VectorField(chart, c);
}

VectorField VectorField::zero(const Chart& chart) {
  return VectorField(chart, std::vector<GiNaC::ex>(chart.dim(), 0));
}

GiNaC::ex VectorField::operator()(const GiNaC::ex& f) const {
  GiNaC::ex r = 0;
  for (std::size_t i = 0; i < dim(); ++i) {
    if (components_[i].is_zero()) continue;
    r += components_[i] * partial_derivative(f, GiNaC::ex_to<GiNaC::symbol>(chart_[i]));  // remembered: Lie brackets
  }
  return r;
}

VectorField operator+(const VectorField& X, const VectorField& Y) {
  require_same_chart(X.chart(), Y.chart(), "VectorField::operator+");
  std::vector<GiNaC::ex> c(X.dim());
  for (std::size_t i = 0; i < X.dim(); ++i) c[i] = X[i] + Y[i];
  return VectorField(X.chart(), c);
}

VectorField operator-(const VectorField& X) { return GiNaC::ex(-1) * X; }

VectorField operator-(const VectorField& X, const VectorField& Y) { return X + (-Y); }

VectorField operator*(const GiNaC::ex& f, const VectorField& X) {
  std::vector<GiNaC::ex> c(X.dim());
  for (std::size_t i = 0; i < X.dim(); ++i) c[i] = f * X[i];
  return VectorField(X.chart(), c);
}

VectorField linear_combination(const std::vector<GiNaC::ex>& coefficients,
                               const std::vector<VectorField>& fields) {
  if (coefficients.size() != fields.size() || fields.empty())
    throw InvalidArgument(detail::message("linear_combination", "coefficients and fields differ in number",
                                          std::to_string(fields.size()) + " coefficients",
                                          std::to_string(coefficients.size())));
  VectorField r = VectorField::zero(fields[0].chart());
  for (std::size_t k = 0; k < fields.size(); ++k) r = r + coefficients[k] * fields[k];
  return r;
}

namespace {

// Past this many nodes in the two fields, the bracket is taken through their shared subtrees
// (core/derivative_along.hpp): a cart with four trailers' [X_nh, ξ] spent most of its 20 s in GiNaC's
// diff of X_nh, whose entries hold the same subexpressions many times.
constexpr std::size_t kSharedNodes = 20000;

std::size_t nodes(const VectorField& X, std::size_t limit) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < X.dim() && n <= limit; ++i) n += tree_size(X[i], limit + 1);
  return n;
}

}  // namespace

VectorField lie_bracket(const VectorField& X, const VectorField& Y) {
  require_same_chart(X.chart(), Y.chart(), "lie_bracket");
  std::vector<GiNaC::ex> c(X.dim());
  // not expanded: expanding a difference of derivatives of rational functions multiplies out every
  // product of sums (90% of the snakeboard-with-one-axle's 7 s); zero tests and canonical forms take it as it is
  if (nodes(X, kSharedNodes) + nodes(Y, kSharedNodes) > kSharedNodes) return lie_bracket_through_shared(X, Y);
  for (std::size_t i = 0; i < X.dim(); ++i) c[i] = X(Y[i]) - Y(X[i]);
  return VectorField(X.chart(), c);
}

VectorField lie_bracket_through_shared(const VectorField& X, const VectorField& Y) {
  require_same_chart(X.chart(), Y.chart(), "lie_bracket");
  std::vector<GiNaC::ex> c(X.dim());
  const std::vector<GiNaC::ex>& x = X.chart().coordinates();
  DerivativeTable by_x, by_y;
  for (std::size_t i = 0; i < X.dim(); ++i)
    c[i] = derivative_along(Y[i], x, X.components(), by_x) - derivative_along(X[i], x, Y.components(), by_y);
  return VectorField(X.chart(), c);
}

VectorField simplify(const VectorField& X) {
  std::vector<GiNaC::ex> c(X.dim());
  for (std::size_t i = 0; i < X.dim(); ++i) c[i] = simplify(X[i]);
  return VectorField(X.chart(), c);
}

ZeroVerdict zero_test(const VectorField& X) {
  ZeroVerdict all;
  all.zero = true;
  all.method = Decision::Canonical;
  all.detail = "every component's canonical form is 0";
  for (std::size_t i = 0; i < X.dim(); ++i) {
    ZeroVerdict v = zero_test(X[i], X.chart());
    if (!v.zero) {
      v.detail = "component $" + X.chart().coordinate_name(i) + "$: " + v.detail;
      return v;
    }
    if (v.method == Decision::NumericProbing) all = v;
  }
  return all;
}

GiNaC::matrix as_columns(const std::vector<VectorField>& fields) {
  if (fields.empty()) return GiNaC::matrix(0, 0);
  const auto n = fields[0].dim();
  GiNaC::matrix m(n, fields.size());
  for (std::size_t k = 0; k < fields.size(); ++k) {
    require_same_chart(fields[0].chart(), fields[k].chart(), "as_columns");
    for (std::size_t i = 0; i < n; ++i) m(i, k) = fields[k][i];
  }
  return m;
}

std::vector<VectorField> from_columns(const GiNaC::matrix& M, const Chart& chart) {
  std::vector<VectorField> out;
  for (unsigned c = 0; c < M.cols(); ++c) {
    std::vector<GiNaC::ex> component(M.rows());
    for (unsigned i = 0; i < M.rows(); ++i) component[i] = M(i, c);
    out.emplace_back(chart, component);
  }
  return out;
}

VectorField without_denominators(const VectorField& X) {
  return VectorField(X.chart(), without_denominators(X.components()));
}

std::vector<GiNaC::ex> without_denominators(const std::vector<GiNaC::ex>& components) {
  GiNaC::ex scale = 1;
  for (const auto& x : components) {
    const GiNaC::ex den = simplify(x * scale).numer_denom().op(1);
    if (!GiNaC::is_a<GiNaC::numeric>(den)) scale *= den;
  }
  if (scale.is_equal(1)) return components;
  std::vector<GiNaC::ex> c;
  for (const auto& x : components) c.push_back(simplify(x * scale));
  return c;
}

std::vector<GiNaC::ex> gradient(const GiNaC::ex& f, const Chart& chart) {
  std::vector<GiNaC::ex> g(chart.dim());
  for (std::size_t i = 0; i < chart.dim(); ++i) g[i] = partial_derivative(f, GiNaC::ex_to<GiNaC::symbol>(chart[i]));
  return g;
}

}  // namespace hamel
