// geometry/linear_algebra.cpp
#include "geometry/linear_algebra.hpp"

#include <Eigen/Dense>

#include "core/error.hpp"

namespace hamel {

Echelon row_echelon(const GiNaC::matrix& M, const Chart& chart) {
  GiNaC::matrix A = M;
  const unsigned rows = A.rows(), cols = A.cols();
  Echelon out;
  unsigned r = 0;
  for (unsigned c = 0; c < cols && r < rows; ++c) {
    // Prefer the simplest nonzero pivot: it keeps expressions small.
    int best = -1;
    std::size_t best_size = 0;
    for (unsigned i = r; i < rows; ++i) {
      A(i, c) = simplify(A(i, c));
      if (A(i, c).is_zero() || is_zero(A(i, c), chart)) continue;
      const std::size_t size = A(i, c).nops() + (GiNaC::is_a<GiNaC::numeric>(A(i, c)) ? 0 : 1);
      if (best < 0 || size < best_size) {
        best = static_cast<int>(i);
        best_size = size;
      }
    }
    if (best < 0) continue;
    if (static_cast<unsigned>(best) != r)
      for (unsigned j = 0; j < cols; ++j) std::swap(A(r, j), A(static_cast<unsigned>(best), j));
    const GiNaC::ex piv = A(r, c);
    for (unsigned j = 0; j < cols; ++j) A(r, j) = simplify(A(r, j) / piv);
    for (unsigned i = 0; i < rows; ++i) {
      if (i == r || A(i, c).is_zero()) continue;
      const GiNaC::ex f = A(i, c);
      for (unsigned j = 0; j < cols; ++j) A(i, j) = simplify(A(i, j) - f * A(r, j));
    }
    out.pivot_columns.push_back(c);
    ++r;
  }
  out.reduced = A;
  return out;
}

std::size_t symbolic_rank(const GiNaC::matrix& M, const Chart& chart) {
  return row_echelon(M, chart).rank();
}

GiNaC::matrix nullspace(const GiNaC::matrix& M, const Chart& chart) {
  const Echelon e = row_echelon(M, chart);
  const unsigned cols = M.cols();
  std::vector<unsigned> free_cols;
  for (unsigned c = 0, k = 0; c < cols; ++c) {
    if (k < e.pivot_columns.size() && e.pivot_columns[k] == c)
      ++k;
    else
      free_cols.push_back(c);
  }
  GiNaC::matrix N(cols, static_cast<unsigned>(free_cols.size()));
  for (unsigned f = 0; f < free_cols.size(); ++f) {
    N(free_cols[f], f) = 1;
    for (unsigned k = 0; k < e.pivot_columns.size(); ++k)
      N(e.pivot_columns[k], f) = simplify(-e.reduced(k, free_cols[f]));
  }
  return N;
}

GiNaC::matrix inverse(const GiNaC::matrix& M, const Chart& chart, const char* fn) {
  if (M.rows() != M.cols())
    throw InvalidArgument(detail::message(fn, "cannot invert a non-square matrix", "a square matrix",
                                          std::to_string(M.rows()) + "x" + std::to_string(M.cols())));
  const GiNaC::ex det = M.determinant();
  const ZeroVerdict v = zero_test(det, chart);
  if (v.zero)
    throw DomainError(detail::message(fn, "matrix is singular", "a nonzero determinant",
                                      "determinant 0 [" + v.how() + "]"));
  return simplify(M.inverse());
}

std::size_t rank_at(const GiNaC::matrix& M, const GiNaC::exmap& point) {
  Eigen::MatrixXd A(M.rows(), M.cols());
  for (unsigned i = 0; i < M.rows(); ++i)
    for (unsigned j = 0; j < M.cols(); ++j) {
      const GiNaC::ex v = evaluate(M(i, j), point, 20);
      A(i, j) = GiNaC::ex_to<GiNaC::numeric>(v).real().to_double();
    }
  Eigen::FullPivLU<Eigen::MatrixXd> lu(A);
  lu.setThreshold(1e-10);
  return static_cast<std::size_t>(lu.rank());
}

}  // namespace hamel
