// geometry/linear_algebra.hpp — linear algebra over functions on a chart.
//
// Pivots are chosen with the trusted zero test, so ranks and kernels are those over the field of
// functions (generic rank); numeric ranks at a point use Eigen.
#pragma once

#include <ginac/ginac.h>

#include <vector>

#include "geometry/chart.hpp"

namespace hamel {

/// Row echelon data of a symbolic matrix.
struct Echelon {
  GiNaC::matrix reduced;             ///< reduced row echelon form (pivots 1, simplified)
  std::vector<unsigned> pivot_columns;
  std::vector<GiNaC::ex> pivots;     ///< the pivots before their rows were divided by them (canonical forms)
  std::size_t rank() const { return pivot_columns.size(); }
};

/// Where Gauss–Jordan elimination looks for its next pivot.
enum class PivotOrder {
  Columns,   ///< column by column, left to right (the usual echelon form)
  Simplest,  ///< the simplest nonzero entry of the remaining block (numbers first): keeps kernels tidy
};

/// Gauss–Jordan elimination; a pivot is accepted when the zero test says it is not identically 0.
/// `pivot_columns` lists the pivot of row k at position k (increasing only for PivotOrder::Columns).
Echelon row_echelon(const GiNaC::matrix& M, const Chart& chart, PivotOrder order = PivotOrder::Columns);
/// Whether `row` (one entry per column of the eliminated matrix) is a combination of the rows of M,
/// over the field of functions: reduced by the pivot rows of `e` (a Gauss–Jordan form of M), it must
/// vanish entry by entry (the trusted zero test). The cost of one row, not of eliminating M again.
bool in_row_span(const Echelon& e, const std::vector<GiNaC::ex>& row, const Chart& chart);
/// Generic rank (over the field of functions).
std::size_t symbolic_rank(const GiNaC::matrix& M, const Chart& chart);
/// The generic rank of df_1, …, df_k on `chart`: the symbolic rank of the Jacobian of the functions in
/// the chart's coordinates (the dimension of their image: the reduced space of variables u(q, π)).
std::size_t differential_rank(const std::vector<GiNaC::ex>& functions, const Chart& chart);
/// A basis of {v : M v = 0} as the columns of a matrix (cols = number of free columns).
GiNaC::matrix nullspace(const GiNaC::matrix& M, const Chart& chart,
                        PivotOrder order = PivotOrder::Columns);
/// Inverse with simplified entries. @throws DomainError if the determinant is identically 0.
GiNaC::matrix inverse(const GiNaC::matrix& M, const Chart& chart, const char* fn = "inverse");
/// det M as the cofactor polynomial of the entries, not normalised (for zero tests, which bring their
/// own canonical form), block by block (diagonal blocks after a permutation); blocks above 6 x 6 fall
/// back to GiNaC's determinant.
GiNaC::ex determinant_of_entries(const GiNaC::matrix& M);
/// Σ a_i b_i of two equally long lists of expressions.
GiNaC::ex dot(const std::vector<GiNaC::ex>& a, const std::vector<GiNaC::ex>& b);
/// Numeric rank at a point (Eigen FullPivLU, relative threshold 1e-10).
std::size_t rank_at(const GiNaC::matrix& M, const GiNaC::exmap& point);

/// Whether a symmetric matrix of functions (a kinetic metric g_ij(q), a Hessian ∂²L/∂q̇∂q̇) is positive
/// definite at the sample points of `space` (core/symbolic.hpp, sample_points), by its eigenvalues there:
/// the entries at 30 digits, Eigen's self-adjoint solver; an eigenvalue at most 10^-10 of the largest
/// |eigenvalue| (and of 1) counts as 0, so not positive. A point where an entry has no real value is skipped.
struct DefinitenessVerdict {
  bool positive_definite = true;    ///< at every sample point evaluated
  int drawn = 0, evaluated = 0;     ///< sample points drawn, and those where every entry has a real value
  int failing = 0;                  ///< of them, those with an eigenvalue that is not positive
  GiNaC::exmap point;               ///< the first of those
  std::vector<double> eigenvalues;  ///< there, increasing (0 for one that counts as 0)
  /// "not positive at 16 of the 16 sample points evaluated, of 16 drawn as a Latin hypercube: …"
  std::string how() const;
};
DefinitenessVerdict definiteness_on_samples(const GiNaC::matrix& M, const ProbeSpace& space, int points = 16);

}  // namespace hamel
