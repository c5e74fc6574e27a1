// geometry/frame.hpp — moving frames adapted to a distribution D (004 §2.1).
//
// A Frame is a local basis {X_1, …, X_r} of D completed by a basis {X_{r+1}, …, X_n} of a chosen
// complement W (TQ = D ⊕ W): by default W = D^⊥ for a metric, or a user-given span such as
// span{∂x, ∂y} (004 §6).  From it: ρ (X_j = ρ^i_j ∂_i), the dual coframe μ^i (μ^α annihilates W), and
// the structure functions [X_i, X_j] = C_ij^k X_k, where for α, β ≤ r the components C_αβ^γ (γ ≤ r)
// are along D and C_αβ^A (A > r) along W.
#pragma once

#include <ginac/ginac.h>

#include <memory>
#include <vector>

#include "geometry/form.hpp"
#include "geometry/metric.hpp"
#include "geometry/vector_field.hpp"

namespace hamel {

/// A cubic array T(a, b, c) of expressions with every index < size().
class Tensor3 {
 public:
  explicit Tensor3(std::size_t n = 0) : n_(n), v_(n * n * n, GiNaC::ex(0)) {}
  std::size_t size() const { return n_; }
  GiNaC::ex& operator()(std::size_t a, std::size_t b, std::size_t c) { return v_.at((a * n_ + b) * n_ + c); }
  const GiNaC::ex& operator()(std::size_t a, std::size_t b, std::size_t c) const {
    return v_.at((a * n_ + b) * n_ + c);
  }

 private:
  std::size_t n_;
  std::vector<GiNaC::ex> v_;
};

class Frame {
 public:
  /// @throws InvalidArgument if the counts do not add up to dim or charts differ;
  ///         DomainError if the n fields are linearly dependent.
  Frame(std::vector<VectorField> distribution, std::vector<VectorField> complement);
  /// W = D^⊥ for the metric g, each basis field with its denominators cleared (without_denominators):
  /// −sin φ ∂x + cos φ ∂y, not −tan φ ∂x + ∂y, which is singular at φ = π/2.
  static Frame orthogonal(std::vector<VectorField> distribution, const Metric& g);
  /// W = span{∂_k : k in coordinates}.
  static Frame with_coordinate_complement(std::vector<VectorField> distribution,
                                          const std::vector<std::size_t>& coordinates);

  const Chart& chart() const;
  std::size_t rank() const;  ///< r = rank D
  std::size_t dim() const;   ///< n
  /// X_i, 0 ≤ i < n (the first r span D).
  const VectorField& operator[](std::size_t i) const;
  /// X_1 … X_r.
  std::vector<VectorField> distribution() const;
  /// X_{r+1} … X_n.
  std::vector<VectorField> complement() const;
  /// ρ^i_α, the n × r matrix of the fields of D (004 §2.1).
  GiNaC::matrix rho() const;
  /// The n × n matrix whose columns are all n fields, and its (simplified) inverse.
  const GiNaC::matrix& matrix() const;
  const GiNaC::matrix& inverse() const;
  /// μ^i, the dual 1-form: μ^i(X_j) = δ^i_j; for i < r it annihilates W.
  Form coframe(std::size_t i) const;
  /// C_ij^k with [X_i, X_j] = C_ij^k X_k, all indices < n (simplified).
  const GiNaC::ex& structure(std::size_t i, std::size_t j, std::size_t k) const;
  /// [X_i, X_j] in coordinates (unsimplified).
  const VectorField& bracket(std::size_t i, std::size_t j) const;

 private:
  struct Data;
  std::shared_ptr<const Data> data_;
};

/// C_αβγ = ⟨[X_α, X_β], X_γ⟩ for α, β, γ < r (004 (2.6)); independent of the complement W.
Tensor3 lowered_structure(const Frame& frame, const Metric& g);

}  // namespace hamel
