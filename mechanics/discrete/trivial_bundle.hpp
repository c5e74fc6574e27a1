// mechanics/discrete/trivial_bundle.hpp — a Lie group acting on Q = M × G by left multiplication on
// the second factor, l_h(r, g) = (r, h g) (002 §9; discrete.md §1).  Every example of 002 has this
// form, and by Remark 4.16 a global discrete connection exists only on a trivial bundle.
//
// In coordinates, `group_coordinates` lists the coordinates of Q that are those of G (in G's order);
// the others are the coordinates r of M = Q/G.  The section is σ(r) = (r, e).
#pragma once

#include <ginac/ginac.h>

#include <vector>

#include "geometry/vector_field.hpp"
#include "mechanics/discrete/lie_group.hpp"

namespace hamel {

class TrivialBundle {
 public:
  /// @throws InvalidArgument for an index out of range or repeated, or a count different from dim G.
  TrivialBundle(Chart Q, LieGroup G, std::vector<std::size_t> group_coordinates);

  const Chart& chart() const { return Q_; }
  const LieGroup& group() const { return G_; }
  const std::vector<std::size_t>& group_indices() const { return group_; }
  const std::vector<std::size_t>& shape_indices() const { return shape_; }
  std::size_t shape_dim() const { return shape_.size(); }

  /// r and g of a point (any coordinates, e.g. a slot of Q×Q).
  std::vector<GiNaC::ex> shape_part(const std::vector<GiNaC::ex>& q) const;
  GroupElement group_part(const std::vector<GiNaC::ex>& q) const;
  /// The point (r, g).
  std::vector<GiNaC::ex> join(const std::vector<GiNaC::ex>& r, const GroupElement& g) const;
  /// l_h(q).
  std::vector<GiNaC::ex> act(const GroupElement& h, const std::vector<GiNaC::ex>& q) const;
  /// T_q l_h (v): the action on a vector v at q.
  std::vector<GiNaC::ex> push_forward(const GroupElement& h, const std::vector<GiNaC::ex>& q,
                                      const std::vector<GiNaC::ex>& v) const;
  /// ξ_Q(q) = d/dt l_{exp tξ}(q)|₀ = (0, ξ·g) for a Lie algebra element ξ (components).
  std::vector<GiNaC::ex> generator(const std::vector<GiNaC::ex>& xi, const std::vector<GiNaC::ex>& q) const;
  /// ξ_Q for the basis ∂/∂g^i|_e of the Lie algebra, as vector fields on Q.
  std::vector<VectorField> generators() const;
  /// A vector (δr, ζ) at q from its shape part δr and group part ζ (tangent to G at g).
  std::vector<GiNaC::ex> join_vector(const std::vector<GiNaC::ex>& dr, const std::vector<GiNaC::ex>& dg) const;
  /// M = Q/G with the shape coordinates (a sibling chart: other symbols, same parameters).
  Chart shape_chart() const;

 private:
  Chart Q_;
  LieGroup G_;
  std::vector<std::size_t> group_, shape_;
};

/// The names of the coordinates of Q that are G's, in G's order.
std::vector<std::string> group_coordinate_names(const TrivialBundle& B);

}  // namespace hamel
