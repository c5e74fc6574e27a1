// geometry/distribution.hpp — distributions given by spanning vector fields.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "geometry/form.hpp"
#include "geometry/linear_algebra.hpp"
#include "geometry/vector_field.hpp"

namespace hamel {

class Distribution {
 public:
  /// @throws InvalidArgument if empty or the fields live on different charts.
  explicit Distribution(std::vector<VectorField> generators);
  const Chart& chart() const { return generators_[0].chart(); }
  const std::vector<VectorField>& generators() const { return generators_; }

 private:
  std::vector<VectorField> generators_;
};

/// Rank over the field of functions (the rank at generic points), by symbolic elimination.
std::size_t generic_rank(const Distribution& D);
/// Numeric rank at a point (map symbol → value; parameters included).
std::size_t rank_at(const Distribution& D, const GiNaC::exmap& point);
/// A maximal independent subset of the generators (generically).
std::vector<VectorField> basis(const Distribution& D);
/// Whether X takes values in D (generically).
bool contains(const Distribution& D, const VectorField& X);
/// A basis of the 1-forms annihilating D.
std::vector<Form> annihilator(const Distribution& D);

/// D's generators as the rows of one Gauss–Jordan form, for testing many fields against one span:
/// each test reduces the field's row (in_row_span, one zero test per non-pivot column) instead of
/// eliminating [basis(D) | X] again, as contains(D, X) does.
class SpanTest {
 public:
  explicit SpanTest(const Distribution& D);
  /// Whether X takes values in D (generically): the same answer as contains(D, X).
  bool contains(const VectorField& X) const;
  std::size_t rank() const { return rows_.rank(); }

 private:
  Distribution D_;
  Echelon rows_;
};

/// Involutivity: every [X_a, X_b] lies in D; otherwise the first pair that leaves it.
struct InvolutivityVerdict {
  bool involutive = true;
  std::optional<std::pair<std::size_t, std::size_t>> witness;  ///< generator indices
  std::string detail;
};
InvolutivityVerdict involutivity(const Distribution& D);

}  // namespace hamel
