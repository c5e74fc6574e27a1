// geometry/frame.cpp
#include "geometry/frame.hpp"

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

struct Frame::Data {
  std::vector<VectorField> fields;  // X_1..X_n
  std::size_t r = 0;
  GiNaC::matrix P, Pinv;
  Tensor3 C;
  std::vector<VectorField> brackets;  // [X_i, X_j], index i * n + j, i < j
};

Frame::Frame(std::vector<VectorField> distribution, std::vector<VectorField> complement) {
  if (distribution.empty())
    throw InvalidArgument(detail::message("Frame", "no fields given for the distribution",
                                          "at least one field", "none"));
  const Chart Q = distribution[0].chart();
  const std::size_t n = Q.dim();
  if (distribution.size() + complement.size() != n)
    throw InvalidArgument(detail::message(
        "Frame", "the fields of D and of its complement W must together form a basis",
        std::to_string(n) + " fields in all (chart " + Q.describe() + ")",
        std::to_string(distribution.size()) + " + " + std::to_string(complement.size())));
  auto d = std::make_shared<Data>();
  d->r = distribution.size();
  d->fields = std::move(distribution);
  for (auto& w : complement) d->fields.push_back(std::move(w));
  for (const auto& X : d->fields) require_same_chart(Q, X.chart(), "Frame");
  d->P = as_columns(d->fields);
  const GiNaC::ex det = d->P.determinant();
  const ZeroVerdict v = zero_test(det, Q);
  if (v.zero) {
    const std::size_t rk = symbolic_rank(d->P, Q);
    throw DomainError(detail::message("Frame", "the fields are linearly dependent",
                                      std::to_string(n) + " independent fields",
                                      "rank " + std::to_string(rk) + " [" + v.how() + "]",
                                      "check the frame fields and the complement"));
  }
  d->Pinv = simplify(d->P.inverse());
  d->C = Tensor3(n);
  d->brackets.assign(n * n, VectorField::zero(Q));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const VectorField B = lie_bracket(d->fields[i], d->fields[j]);
      d->brackets[i * n + j] = B;
      for (std::size_t k = 0; k < n; ++k) {
        GiNaC::ex c = 0;
        for (std::size_t l = 0; l < n; ++l)
          if (!B[l].is_zero()) c += d->Pinv(static_cast<unsigned>(k), static_cast<unsigned>(l)) * B[l];
        c = simplify(c);
        d->C(i, j, k) = c;
        d->C(j, i, k) = -c;
      }
    }
  data_ = d;
}

Frame Frame::orthogonal(std::vector<VectorField> distribution, const Metric& g) {
  if (distribution.empty())
    throw InvalidArgument(detail::message("Frame::orthogonal", "no fields given for the distribution",
                                          "at least one field", "none"));
  auto W = orthogonal_complement(g, distribution);
  for (auto& X : W) X = without_denominators(X);
  if (distribution.size() + W.size() != g.chart().dim())
    throw DomainError(detail::message("Frame::orthogonal", "the fields of D are linearly dependent",
                                      std::to_string(distribution.size()) + " independent fields",
                                      "rank " + std::to_string(g.chart().dim() - W.size())));
  return Frame(std::move(distribution), std::move(W));
}

Frame Frame::with_coordinate_complement(std::vector<VectorField> distribution,
                                        const std::vector<std::size_t>& coordinates) {
  if (distribution.empty())
    throw InvalidArgument(detail::message("Frame::with_coordinate_complement",
                                          "no fields given for the distribution", "at least one field",
                                          "none"));
  std::vector<VectorField> W;
  for (auto k : coordinates) W.push_back(VectorField::coordinate(distribution[0].chart(), k));
  return Frame(std::move(distribution), std::move(W));
}

const Chart& Frame::chart() const { return data_->fields[0].chart(); }
std::size_t Frame::rank() const { return data_->r; }
std::size_t Frame::dim() const { return data_->fields.size(); }

const VectorField& Frame::operator[](std::size_t i) const {
  if (i >= dim())
    throw InvalidArgument(detail::message("Frame::operator[]", "index out of range",
                                          "an index < " + std::to_string(dim()), std::to_string(i)));
  return data_->fields[i];
}

std::vector<VectorField> Frame::distribution() const {
  return {data_->fields.begin(), data_->fields.begin() + static_cast<long>(data_->r)};
}

std::vector<VectorField> Frame::complement() const {
  return {data_->fields.begin() + static_cast<long>(data_->r), data_->fields.end()};
}

GiNaC::matrix Frame::rho() const {
  GiNaC::matrix m(static_cast<unsigned>(dim()), static_cast<unsigned>(rank()));
  for (unsigned i = 0; i < dim(); ++i)
    for (unsigned a = 0; a < rank(); ++a) m(i, a) = data_->P(i, a);
  return m;
}

const GiNaC::matrix& Frame::matrix() const { return data_->P; }
const GiNaC::matrix& Frame::inverse() const { return data_->Pinv; }

Form Frame::coframe(std::size_t i) const {
  (void)(*this)[i];
  std::vector<GiNaC::ex> row(dim());
  for (unsigned j = 0; j < dim(); ++j) row[j] = data_->Pinv(static_cast<unsigned>(i), j);
  return Form::one_form(chart(), row);
}

const GiNaC::ex& Frame::structure(std::size_t i, std::size_t j, std::size_t k) const {
  if (i >= dim() || j >= dim() || k >= dim())
    throw InvalidArgument(detail::message("Frame::structure", "index out of range",
                                          "indices < " + std::to_string(dim()),
                                          std::to_string(i) + "," + std::to_string(j) + "," +
                                              std::to_string(k)));
  return data_->C(i, j, k);
}

const VectorField& Frame::bracket(std::size_t i, std::size_t j) const {
  if (i >= dim() || j >= dim() || i >= j)
    throw InvalidArgument(detail::message("Frame::bracket", "needs i < j < n",
                                          "i < j < " + std::to_string(dim()),
                                          std::to_string(i) + "," + std::to_string(j)));
  return data_->brackets[i * dim() + j];
}

Tensor3 lowered_structure(const Frame& frame, const Metric& g) {
  require_same_chart(frame.chart(), g.chart(), "lowered_structure");
  const std::size_t r = frame.rank();
  Tensor3 C(r);
  for (std::size_t a = 0; a < r; ++a)
    for (std::size_t b = a + 1; b < r; ++b)
      for (std::size_t c = 0; c < r; ++c) {
        const GiNaC::ex v = simplify(inner(g, frame.bracket(a, b), frame[c]));
        C(a, b, c) = v;
        C(b, a, c) = -v;
      }
  return C;
}

}  // namespace hamel
