// reduction/discrete/nonholonomic_connection.hpp — the decomposition (2) TQ = H ⊕ S ⊕ U ⊕ W and the
// nonholonomic connection 𝒜 with Hor_𝒜 = H ⊕ W (002 Def 2.5, §9.1 (37)), on the trivial bundle, at
// the points σ(r) = (r, e) of the section (everything else follows by G-invariance):
//
//   g^D_{(r,e)} = {η : η_Q(r, e) ∈ D}   (S = D ∩ V = {η_Q : η ∈ g^D}),
//   H = D ∩ S^⊥, W = (D + V)^⊥ (orthogonal for the kinetic metric of the continuous Lagrangian),
//   Hor_𝒜 at (r, e) = the graph {(δr, 𝔥(r) δr)} of the map 𝔥(r): T_rM → g.
//
// Without a continuous Lagrangian, 𝔥 is given (key `horizontal`) and H = Hor_𝒜 ∩ D.
#pragma once

#include <string>
#include <vector>

#include "mechanics/discrete/discrete_system.hpp"
#include "mechanics/discrete/trivial_bundle.hpp"

namespace hamel {

/// All entries are functions of the shape coordinates r of Q (at g = e).
struct NonholonomicConnection {
  std::vector<std::vector<GiNaC::ex>> vertical;    ///< a basis η_i of g^D_{(r,e)} (Lie algebra components)
  std::vector<std::vector<GiNaC::ex>> horizontal;  ///< a basis of H at (r, e): vectors (δr, 𝔥 δr) on Q
  GiNaC::matrix graph;                             ///< 𝔥(r): dim G × dim M
  std::string how;                                 ///< how H and W were chosen
  /// The shape parts δr of the horizontal basis: a basis of H_M = dπ(D).
  std::vector<std::vector<GiNaC::ex>> shape_directions(const TrivialBundle& B) const;
};

/// g^D_{(r,e)}: the Lie algebra elements whose generator lies in D at (r, e).
std::vector<std::vector<GiNaC::ex>> vertical_algebra(const DiscreteSystem& system, const TrivialBundle& bundle);

/// With orthogonal complements for the kinetic metric.  @throws DomainError if the system has no
/// continuous Lagrangian (hint: give `horizontal`).
NonholonomicConnection nonholonomic_connection(const DiscreteSystem& system, const TrivialBundle& bundle);
/// With a given graph map 𝔥 (dim G × dim M, functions of r).  @throws DomainError if some
/// (δr, 𝔥 δr) with δr ∈ dπ(D) is not in D.
NonholonomicConnection nonholonomic_connection(const DiscreteSystem& system, const TrivialBundle& bundle,
                                               const GiNaC::matrix& graph);

}  // namespace hamel
