// reduction/discrete/horizontal_symmetry.hpp — horizontal symmetries (002 §11): a closed subgroup
// H ⊂ G with D_q ∩ V_q = {ξ_Q(q) : ξ ∈ h} for all q ((53), Def 11.1), the momentum J_nh with values in
// h*, μ-goodness (Def 11.10) and the affine discrete connection Hor^μ = J_nh⁻¹(μ) (Prop 11.11) whose
// level is in general not e; reduction by H then goes through chaplygin.hpp's shape_system
// (Theorem 11.13) and reconstruction keeps J_nh = μ (Theorem 11.14).
#pragma once

#include <string>
#include <vector>

#include "reduction/discrete/discrete_connection.hpp"
#include "reduction/discrete/nonholonomic_connection.hpp"

namespace hamel {

/// (53) at a generic point: g^D_q computed over the field of functions on Q.
struct HorizontalSymmetryTest {
  bool horizontal = false;
  std::vector<std::vector<GiNaC::ex>> algebra;  ///< a basis of g^D_q = {ξ : ξ_Q(q) ∈ D_q}
  std::string detail;
};
/// `subgroup`: indices (into G's coordinates) of the coordinates spanning h.
HorizontalSymmetryTest horizontal_symmetry_test(const DiscreteSystem& system, const TrivialBundle& bundle,
                                                const std::vector<std::size_t>& subgroup);

/// Q = M' × H for the subgroup (its coordinates are those of G listed in `subgroup`).
TrivialBundle subgroup_bundle(const TrivialBundle& bundle, const std::vector<std::size_t>& subgroup);

/// J_nh(q0, q1)(e_j) for the basis of the Lie algebra of the bundle's group.
std::vector<GiNaC::ex> momentum_map(const DiscreteSystem& system, const TrivialBundle& bundle);

/// Lemma 11.4: J_nh(l_h q0, l_h q1) = Ad*_{h⁻¹} J_nh(q0, q1).
ZeroVerdict lemma_11_4(const DiscreteSystem& system, const TrivialBundle& bundle);
/// Def 11.6: D_12 L_d restricted to h_Q(q0) × h_Q(q1) is nondegenerate (the verdict is that of
/// "its determinant vanishes identically"; H-regular when it is not zero).
ZeroVerdict h_regularity(const DiscreteSystem& system, const TrivialBundle& bundle);

/// Prop 11.11: β(q0, q1) ∈ H with J_nh(q0, l_β q1) = μ (μ-goodness, solved symbolically; J must be
/// linear in β), and A^μ_d(q0, q1) = β⁻¹.  @throws DomainError when not uniquely solvable.
struct MomentumConnection {
  DiscreteConnection connection;
  GroupElement beta;
  ZeroVerdict coadjoint_invariant;  ///< Ad*_h μ = μ for all h (needed by Prop 11.11)
};
MomentumConnection momentum_connection(const DiscreteSystem& system, const TrivialBundle& bundle,
                                       const std::vector<GiNaC::ex>& mu);

}  // namespace hamel
