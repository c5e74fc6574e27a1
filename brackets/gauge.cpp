// brackets/gauge.cpp
#include "brackets/gauge.hpp"

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

AlmostPoissonBracket gauge_transform(const AlmostPoissonBracket& bracket, const Form& B) {
  require_same_chart(bracket.chart(), B.chart(), "gauge_transform");
  if (B.degree() != 2)
    throw InvalidArgument(detail::message("gauge_transform", "gauges by a 2-form", "degree 2",
                                          "degree " + std::to_string(B.degree())));
  const auto n = static_cast<unsigned>(bracket.chart().dim());
  const GiNaC::matrix P = bracket.bivector().matrix();
  GiNaC::matrix Bm(n, n);
  for (const auto& kv : B.components()) {
    Bm(kv.first[0], kv.first[1]) = kv.second;
    Bm(kv.first[1], kv.first[0]) = -kv.second;
  }
  const GiNaC::matrix A = GiNaC::ex_to<GiNaC::matrix>(GiNaC::unit_matrix(n)).add(P.mul(Bm));
  const ZeroVerdict det = zero_test(A.determinant(), bracket.chart());
  if (det.zero)
    throw DomainError(detail::message("gauge_transform", "Id + Pi#B_flat is not invertible",
                                      "a nonzero determinant", "determinant 0 [" + det.how() + "]",
                                      "the 2-form is not an admissible gauge for this bracket"));
  const GiNaC::matrix PB = simplify(A.inverse().mul(P));
  Multivector::Components c;
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = i + 1; j < n; ++j)
      if (!PB(i, j).is_zero()) c[{i, j}] = PB(i, j);
  return AlmostPoissonBracket(Multivector(bracket.chart(), 2, c));
}

}  // namespace hamel
