// geometry/linear_algebra.cpp
#include "geometry/linear_algebra.hpp"

#include <algorithm>
#include <optional>

#include <Eigen/Dense>

#include "core/error.hpp"
#include "core/symbolic.hpp"

namespace hamel {

namespace {

// Expression size: number of nodes (a number counts 0, so numeric pivots win).
std::size_t complexity(const GiNaC::ex& e) {
  if (GiNaC::is_a<GiNaC::numeric>(e)) return 0;
  std::size_t n = 1;
  for (std::size_t i = 0; i < e.nops(); ++i) n += complexity(e.op(i));
  return n;
}

// The diagonal blocks of a square matrix: the connected components of the graph on its indices with
// an edge i–j where M(i, j) or M(j, i) is not 0, each in increasing order. After one permutation of
// rows and columns M is block diagonal: det M is the product of the blocks' determinants and M⁻¹ has
// their inverses. GiNaC's determinant of a sparse symbolic matrix expands minors (2^n of them), which
// took 115 s for the 30 × 30 constrained metric of a chain of 40 coordinates made of 10 blocks of 3.
std::vector<std::vector<unsigned>> diagonal_blocks(const GiNaC::matrix& M) {
  const unsigned n = M.rows();
  std::vector<unsigned> root(n);
  for (unsigned i = 0; i < n; ++i) root[i] = i;
  const auto find = [&](unsigned i) {
    while (root[i] != i) i = root[i] = root[root[i]];
    return i;
  };
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = i + 1; j < n; ++j)
      if (!M(i, j).is_zero() || !M(j, i).is_zero()) root[find(i)] = find(j);
  std::vector<std::vector<unsigned>> blocks;
  std::vector<int> block_of(n, -1);
  for (unsigned i = 0; i < n; ++i) {
    const unsigned r = find(i);
    if (block_of[r] < 0) block_of[r] = static_cast<int>(blocks.size()), blocks.emplace_back();
    blocks[static_cast<std::size_t>(block_of[r])].push_back(i);
  }
  return blocks;
}

GiNaC::matrix submatrix(const GiNaC::matrix& M, const std::vector<unsigned>& idx) {
  const auto k = static_cast<unsigned>(idx.size());
  GiNaC::matrix B(k, k);
  for (unsigned i = 0; i < k; ++i)
    for (unsigned j = 0; j < k; ++j) B(i, j) = M(idx[i], idx[j]);
  return B;
}

}  // namespace

Echelon row_echelon(const GiNaC::matrix& M, const Chart& chart, PivotOrder order) {
  GiNaC::matrix A = M;
  const unsigned rows = A.rows(), cols = A.cols();
  for (unsigned i = 0; i < rows; ++i)
    for (unsigned j = 0; j < cols; ++j) A(i, j) = simplify(A(i, j));
  Echelon out;
  std::vector<bool> used(cols, false);
  unsigned r = 0;
  unsigned next_col = 0;
  while (r < rows) {
    // Candidate columns: the next one (Columns) or every unused one (Simplest). The pivot is the
    // simplest nonzero candidate, the first in scan order among equals: candidates are zero-tested
    // simplest first and the first nonzero one is taken, so the entries a simpler nonzero one beats
    // are never tested (a zero test that finds a nonzero costs a point evaluation, often in balls).
    int best_i = -1, best_j = -1;
    struct Candidate {
      std::size_t complexity;
      unsigned i, j;
    };
    const auto take_simplest_nonzero = [&](std::vector<Candidate>& candidates) {
      std::stable_sort(candidates.begin(), candidates.end(),
                       [](const Candidate& a, const Candidate& b) { return a.complexity < b.complexity; });
      for (const Candidate& c : candidates)
        if (!is_zero(A(c.i, c.j), chart)) {
          best_i = static_cast<int>(c.i), best_j = static_cast<int>(c.j);
          return;
        }
    };
    std::vector<Candidate> candidates;
    for (unsigned j = (order == PivotOrder::Columns ? next_col : 0); j < cols; ++j) {
      if (used[j]) continue;
      for (unsigned i = r; i < rows; ++i)
        if (!A(i, j).is_zero()) candidates.push_back({complexity(A(i, j)), i, j});
      if (order == PivotOrder::Columns) {  // the leftmost column with a pivot
        take_simplest_nonzero(candidates);
        candidates.clear();
        if (best_i >= 0) break;
      }
    }
    if (order == PivotOrder::Simplest) take_simplest_nonzero(candidates);
    if (best_i < 0) break;
    const auto pi = static_cast<unsigned>(best_i), pj = static_cast<unsigned>(best_j);
    if (pi != r)
      for (unsigned j = 0; j < cols; ++j) std::swap(A(r, j), A(pi, j));
    const GiNaC::ex piv = A(r, pj);
    for (unsigned j = 0; j < cols; ++j)
      if (!A(r, j).is_zero()) A(r, j) = simplify(A(r, j) / piv);
    for (unsigned i = 0; i < rows; ++i) {
      if (i == r || A(i, pj).is_zero()) continue;
      const GiNaC::ex f = A(i, pj);
      for (unsigned j = 0; j < cols; ++j)
        if (!A(r, j).is_zero()) A(i, j) = simplify(A(i, j) - f * A(r, j));  // a zero there changes nothing
    }
    used[pj] = true;
    out.pivot_columns.push_back(pj);
    out.pivots.push_back(piv);
    next_col = pj + 1;
    ++r;
  }
  out.reduced = A;
  return out;
}

bool in_row_span(const Echelon& e, const std::vector<GiNaC::ex>& row, const Chart& chart) {
  // Gauss–Jordan: pivot row k has 1 in its pivot column and 0 in the other pivot columns, so the row
  // is in the span iff it equals Σ_k row[p_k] · (pivot row k), with the row's own entries as
  // coefficients. Each other column is one zero test (exact evaluation finds a nonzero at once; a
  // zero is proved by the canonical form), not a canonical form per pivot and column.
  std::vector<bool> pivot(row.size(), false);
  for (unsigned p : e.pivot_columns) pivot[p] = true;
  for (unsigned j = 0; j < row.size(); ++j) {
    if (pivot[j]) continue;
    GiNaC::ex rest = row[j];
    for (std::size_t k = 0; k < e.rank(); ++k) rest -= row[e.pivot_columns[k]] * e.reduced(static_cast<unsigned>(k), j);
    if (!rest.is_zero() && !is_zero(rest, chart)) return false;
  }
  return true;
}

std::size_t symbolic_rank(const GiNaC::matrix& M, const Chart& chart) {
  return row_echelon(M, chart).rank();
}

std::size_t differential_rank(const std::vector<GiNaC::ex>& functions, const Chart& chart) {
  GiNaC::matrix J(static_cast<unsigned>(functions.size()), static_cast<unsigned>(chart.dim()));
  for (unsigned a = 0; a < J.rows(); ++a)
    for (unsigned i = 0; i < J.cols(); ++i) J(a, i) = simplify(partial_derivative(functions[a], GiNaC::ex_to<GiNaC::symbol>(chart[i])));
  return symbolic_rank(J, chart);
}

GiNaC::matrix nullspace(const GiNaC::matrix& M, const Chart& chart, PivotOrder order) {
  const Echelon e = row_echelon(M, chart, order);
  const unsigned cols = M.cols();
  std::vector<bool> pivot(cols, false);
  for (unsigned p : e.pivot_columns) pivot[p] = true;
  std::vector<unsigned> free_cols;
  for (unsigned c = 0; c < cols; ++c)
    if (!pivot[c]) free_cols.push_back(c);
  GiNaC::matrix N(cols, static_cast<unsigned>(free_cols.size()));
  for (unsigned f = 0; f < free_cols.size(); ++f) {
    N(free_cols[f], f) = 1;
    for (unsigned k = 0; k < e.pivot_columns.size(); ++k)
      N(e.pivot_columns[k], f) = simplify(-e.reduced(k, free_cols[f]));
  }
  return N;
}

namespace {

// (−1)^(i+j) det of M without row i and column j, as the cofactor polynomial of the entries.
GiNaC::ex cofactor(const GiNaC::matrix& M, unsigned i, unsigned j) {
  const unsigned n = M.rows();
  if (n == 1) return 1;
  GiNaC::matrix m(n - 1, n - 1);
  for (unsigned r = 0, rr = 0; r < n; ++r) {
    if (r == i) continue;
    for (unsigned c = 0, cc = 0; c < n; ++c)
      if (c != j) m(rr, cc++) = M(r, c);
    ++rr;
  }
  return ((i + j) % 2 ? -1 : 1) * determinant_of_entries(m);
}

}  // namespace

// Cofactors grow as n! terms, and GiNaC's determinant (above 6 x 6) expands minors: 2^n work.
constexpr unsigned kLargestInvertedByDeterminant = 8;

GiNaC::matrix inverse(const GiNaC::matrix& M, const Chart& chart, const char* fn) {
  if (M.rows() != M.cols())
    throw InvalidArgument(detail::message(fn, "cannot invert a non-square matrix", "a square matrix",
                                          std::to_string(M.rows()) + "x" + std::to_string(M.cols())));
  const auto blocks = diagonal_blocks(M);
  if (blocks.size() > 1) {
    GiNaC::matrix out(M.rows(), M.cols());
    for (const auto& b : blocks) {
      const GiNaC::matrix inv = inverse(submatrix(M, b), chart, fn);
      for (unsigned i = 0; i < b.size(); ++i)
        for (unsigned j = 0; j < b.size(); ++j) out(b[i], b[j]) = inv(i, j);
    }
    return out;
  }
  const unsigned n = M.rows();
  // Small blocks: the determinant's zero test, then adj(M)/det M. Gauss–Jordan keeps every
  // intermediate entry in canonical form, and on dense trigonometric blocks with many parameters (the
  // Routh sphere's) those intermediate fractions are larger than the answer.
  if (n <= kLargestInvertedByDeterminant) {
    const GiNaC::ex det = determinant_of_entries(M);
    const ZeroVerdict v = zero_test(det, chart);
    if (v.zero)
      throw DomainError(detail::message(fn, "matrix is singular", "a nonzero determinant", "determinant 0 [" + v.how() + "]"));
    // adj(M)/det M entry by entry, each brought to canonical form: GiNaC's inverse normalises with its
    // rational-function gcds, which took 22 s on a 4 x 4 metric with entries (θ + φ) sin(θ + φ)
    // (found by fuzzing); the cofactors are expanded polynomials of the entries, the canonical form
    // knows the circle relations
    GiNaC::matrix inv(n, n);
    for (unsigned i = 0; i < n; ++i)
      for (unsigned j = 0; j < n; ++j) inv(i, j) = simplify(cofactor(M, j, i) / det);
    return inv;
  }
  // Larger ones: Gauss–Jordan on [M | I], pivots chosen by the trusted zero test, no determinant: GiNaC's
  // algorithm for a sparse symbolic matrix expands minors, exponential in n (the 25 x 25 flat map of a
  // 12-coordinate contact form took 90 s). The entries come out in canonical form.
  GiNaC::matrix A(n, 2 * n);
  for (unsigned i = 0; i < n; ++i) {
    for (unsigned j = 0; j < n; ++j) A(i, j) = M(i, j);
    A(i, n + i) = 1;
  }
  const Echelon e = row_echelon(A, chart);
  const auto rank = static_cast<std::size_t>(
      std::count_if(e.pivot_columns.begin(), e.pivot_columns.end(), [&](unsigned c) { return c < n; }));
  if (rank < n)
    throw DomainError(detail::message(fn, "matrix is singular", "a nonzero determinant",
                                      "rank " + std::to_string(rank) + " of " + std::to_string(n) +
                                          " [Gauss-Jordan elimination, pivots by the zero test]"));
  GiNaC::matrix inv(n, n);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j) inv(i, j) = e.reduced(i, n + j);
  return inv;
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

namespace {

// M's entries at `point` as doubles, or nullopt where one has no real value (a pole, a complex root).
std::optional<Eigen::MatrixXd> numeric_at(const GiNaC::matrix& M, const GiNaC::exmap& point) {
  Eigen::MatrixXd A(M.rows(), M.cols());
  for (unsigned i = 0; i < M.rows(); ++i)
    for (unsigned j = 0; j < M.cols(); ++j) {
      GiNaC::numeric v;
      try {
        v = GiNaC::ex_to<GiNaC::numeric>(evaluate(M(i, j), point, 30));
      } catch (const std::exception&) {
        return std::nullopt;
      }
      if (!v.imag().is_zero() && GiNaC::abs(v.imag()) > std::max(GiNaC::numeric(1), GiNaC::abs(v)) * GiNaC::numeric(10).power(-20))
        return std::nullopt;
      A(i, j) = v.real().to_double();
    }
  return A;
}

// A's eigenvalues, ascending, those within 1e-10 of the largest in size taken as 0.
Eigen::VectorXd eigenvalues_zeroed(const Eigen::MatrixXd& A) {
  Eigen::VectorXd ev = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(A, Eigen::EigenvaluesOnly).eigenvalues();
  const double scale = std::max(1.0, ev.cwiseAbs().maxCoeff());
  for (Eigen::Index k = 0; k < ev.size(); ++k)
    if (std::abs(ev[k]) <= 1e-10 * scale) ev[k] = 0;
  return ev;
}

bool positive_eigenvalues(const Eigen::MatrixXd& A) {
  const Eigen::VectorXd ev = eigenvalues_zeroed(A);
  return ev.size() > 0 && ev[0] > 0;
}

}  // namespace

DefinitenessVerdict definiteness_on_samples(const GiNaC::matrix& M, const ProbeSpace& space, int points) {
  GiNaC::exmap jets;  // an abstract function's value is some real number, sampled like a symbol
  GiNaC::matrix F(M.rows(), M.cols());
  GiNaC::exset syms;
  for (unsigned i = 0; i < M.rows(); ++i)
    for (unsigned j = 0; j < M.cols(); ++j) collect_symbols(F(i, j) = freeze_jets(M(i, j), jets), syms);
  DefinitenessVerdict r;
  for (const GiNaC::exmap& pt : sample_points(syms, space, points)) {
    ++r.drawn;
    const auto A = numeric_at(F, pt);
    if (!A || !A->allFinite()) continue;
    ++r.evaluated;
    // decided on S A S, S = diag(1/sqrt|a_ii|): congruent to A, so its eigenvalues have A's signs
    // (Sylvester's law of inertia), and a metric whose entries differ by 10¹⁶ ((1 + x²)⁴⁰ ẋ² beside
    // I θ̇²) keeps its small eigenvalues above the tolerance (they were zeroed: "not positive").
    Eigen::VectorXd s = A->diagonal().cwiseAbs();
    for (Eigen::Index k = 0; k < s.size(); ++k) s[k] = s[k] > 0 ? 1 / std::sqrt(s[k]) : 1;
    const Eigen::MatrixXd scaled = s.asDiagonal() * *A * s.asDiagonal();
    if (!scaled.allFinite() || positive_eigenvalues(scaled)) continue;
    if (r.failing++ == 0) {
      const Eigen::VectorXd ev = eigenvalues_zeroed(*A);
      r.point = pt, r.eigenvalues.assign(ev.data(), ev.data() + ev.size());
    }
    r.positive_definite = false;
  }
  return r;
}

std::string DefinitenessVerdict::how() const {
  return "not positive at " + std::to_string(failing) + " of the " + std::to_string(evaluated) + " sample points evaluated, of " +
         std::to_string(drawn) + " drawn as a Latin hypercube: coordinates in their domain intervals, positive parameters in "
         "(1/2, 5/2), other symbols in (-1.7, 1.9); eigenvalues of the entries there at 30 digits";
}

GiNaC::ex determinant_of_entries(const GiNaC::matrix& M) {
  const unsigned n = M.rows();
  if (n != M.cols())
    throw InvalidArgument(detail::message("determinant_of_entries", "not a square matrix", "a square matrix",
                                          std::to_string(n) + "x" + std::to_string(M.cols())));
  // GiNaC normalises entries that are not rational functions (powers with symbolic exponents, logs)
  // before expanding; with huge entries that normal form took minutes (found by fuzzing). The
  // determinant of a matrix of placeholder symbols is a polynomial it only expands (n! terms: hence
  // the size limit); the entries are put back afterwards.
  const auto blocks = diagonal_blocks(M);
  if (blocks.size() > 1) {
    GiNaC::ex det = 1;
    for (const auto& b : blocks) det *= determinant_of_entries(submatrix(M, b));
    return det;
  }
  if (n > 6) return M.determinant();
  GiNaC::matrix S(n, n);
  GiNaC::exmap entries;
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j)
      if (!M(i, j).is_zero()) {
        const GiNaC::symbol s;
        S(i, j) = s;
        entries[s] = M(i, j);
      }
  return S.determinant().subs(entries, GiNaC::subs_options::no_pattern);
}

GiNaC::ex dot(const std::vector<GiNaC::ex>& a, const std::vector<GiNaC::ex>& b) {
  GiNaC::ex s = 0;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) s += a[i] * b[i];
  return s;
}

}  // namespace hamel
