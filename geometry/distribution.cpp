// geometry/distribution.cpp
#include "geometry/distribution.hpp"

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

Distribution::Distribution(std::vector<VectorField> generators) : generators_(std::move(generators)) {
  if (generators_.empty())
    throw InvalidArgument(detail::message("Distribution", "no generators", "at least one vector field",
                                          "none"));
  for (const auto& X : generators_) require_same_chart(generators_[0].chart(), X.chart(), "Distribution");
}

std::size_t generic_rank(const Distribution& D) {
  return symbolic_rank(as_columns(D.generators()), D.chart());
}

std::size_t rank_at(const Distribution& D, const GiNaC::exmap& point) {
  return rank_at(as_columns(D.generators()), point);
}

std::vector<VectorField> basis(const Distribution& D) {
  const Echelon e = row_echelon(as_columns(D.generators()), D.chart());
  std::vector<VectorField> out;
  for (unsigned c : e.pivot_columns) out.push_back(D.generators()[c]);
  return out;
}

bool contains(const Distribution& D, const VectorField& X) {
  require_same_chart(D.chart(), X.chart(), "contains");
  auto gens = basis(D);
  const std::size_t r = gens.size();
  gens.push_back(X);
  return symbolic_rank(as_columns(gens), D.chart()) == r;
}

SpanTest::SpanTest(const Distribution& D) : D_(D), rows_(row_echelon(as_columns(D.generators()).transpose(), D.chart())) {}

bool SpanTest::contains(const VectorField& X) const {
  require_same_chart(D_.chart(), X.chart(), "SpanTest::contains");
  return in_row_span(rows_, X.components(), D_.chart());
}

std::vector<Form> annihilator(const Distribution& D) {
  // α annihilates D  ⇔  Σ_i α_i X_a^i = 0 for every generator: the kernel of the k × n matrix.
  const GiNaC::matrix A = as_columns(D.generators()).transpose();
  const GiNaC::matrix N = nullspace(A, D.chart());
  std::vector<Form> out;
  for (unsigned k = 0; k < N.cols(); ++k) {
    std::vector<GiNaC::ex> a(D.chart().dim());
    for (unsigned i = 0; i < a.size(); ++i) a[i] = N(i, k);
    out.push_back(Form::one_form(D.chart(), a));
  }
  return out;
}

InvolutivityVerdict involutivity(const Distribution& D) {
  const auto gens = basis(D);
  const SpanTest span(D);
  InvolutivityVerdict v;
  for (std::size_t a = 0; a < gens.size(); ++a)
    for (std::size_t b = a + 1; b < gens.size(); ++b)
      if (!span.contains(lie_bracket(gens[a], gens[b]))) {
        v.involutive = false;
        v.witness = std::make_pair(a, b);
        v.detail = "[X" + std::to_string(a + 1) + ", X" + std::to_string(b + 1) +
                   "] is not in the span (symbolic rank)";
        return v;
      }
  v.detail = "all brackets of a basis lie in the span (symbolic rank)";
  return v;
}

}  // namespace hamel
