// mechanics/discrete/lie_group.hpp — a Lie group in coordinates around the identity: its product,
// inverse and identity as expressions, and what the discrete theory needs of it (002 §2, §9):
// left and right translations of Lie algebra elements (w·ζ, ζ·w), Ad_g, the group axioms.
//
// Additive groups (R^n, tori written additively as in 002 §9.4) and SE(2) are built in; any other
// group is given by its law (docs/discrete.md, key `group`).
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "core/symbolic.hpp"

namespace hamel {

using GroupElement = std::vector<GiNaC::ex>;  ///< coordinates of a group element

class LieGroup {
 public:
  /// (R^n, +): product a + b, inverse −a, identity 0.
  static LieGroup additive(std::size_t dim);
  /// SE(2) ∋ (θ, x, y), the rotation by θ followed by the translation (x, y):
  /// (θ, x, y)(θ', x', y') = (θ + θ', x + cos θ x' − sin θ y', y + sin θ x' + cos θ y').
  static LieGroup se2();
  /// A group from its law: `product` in the symbols a, b (dim each), `inverse` in a, `identity`.
  static LieGroup from_law(std::string name, std::vector<GiNaC::ex> a, std::vector<GiNaC::ex> b,
                           std::vector<GiNaC::ex> product, std::vector<GiNaC::ex> inverse, GroupElement identity);

  const std::string& name() const { return name_; }
  std::size_t dim() const { return identity_.size(); }
  const GroupElement& identity() const { return identity_; }
  GroupElement product(const GroupElement& g, const GroupElement& h) const;
  GroupElement inverse(const GroupElement& g) const;
  /// g_1 g_2 ⋯ (left to right).
  GroupElement product(std::initializer_list<GroupElement> factors) const;
  /// True when the product is commutative (decided by the zero test).
  bool abelian() const { return abelian_; }
  /// The subgroup of elements whose coordinates outside `indices` are those of the identity, with
  /// coordinates `indices`.  @throws DomainError if that set is not closed under the product.
  LieGroup subgroup(const std::vector<std::size_t>& indices) const;

 private:
  LieGroup(std::string name, std::vector<GiNaC::ex> a, std::vector<GiNaC::ex> b, std::vector<GiNaC::ex> product,
           std::vector<GiNaC::ex> inverse, GroupElement identity);
  std::string name_;
  std::vector<GiNaC::ex> a_, b_, product_, inverse_;
  GroupElement identity_;
  bool abelian_ = false;
};

/// The matrix of ζ ↦ w·ζ = d/dt w exp(tζ)|₀ (Lie algebra components in the basis ∂/∂g^i at e).
GiNaC::matrix left_translation(const LieGroup& G, const GroupElement& w);
/// The matrix of ζ ↦ ζ·w = d/dt exp(tζ) w|₀.
GiNaC::matrix right_translation(const LieGroup& G, const GroupElement& w);
/// Ad_g.
GiNaC::matrix adjoint(const LieGroup& G, const GroupElement& g);

/// Associativity, identity and inverse, each decided by the zero test on random-symbol elements.
struct GroupAxioms {
  ZeroVerdict associativity, identity, inverse;
  bool hold() const { return associativity.zero && identity.zero && inverse.zero; }
};
GroupAxioms check_group_axioms(const LieGroup& G);

/// Fresh symbols for a generic group element (for invariance checks): name_1 … name_dim.
GroupElement generic_element(const LieGroup& G, const std::string& name);

/// A matrix times a vector of expressions.
std::vector<GiNaC::ex> matrix_times(const GiNaC::matrix& M, const std::vector<GiNaC::ex>& v);

}  // namespace hamel
