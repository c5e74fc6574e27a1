// reduction/discrete/discrete_momentum.hpp — the nonholonomic discrete momentum (002 §8):
//
//   J^ξ̃(q0, q1) = −D_1 L_d(q0, q1)(ξ̃(q0)_Q(q0))   (32, sign of discrete.md §1: "mass × velocity"),
//   (33) D_1 L_d(q0, q1)(ξ_Q(q0)) + D_2 L_d(q0, q1)(ξ_Q(q1)) = 0 for every ξ ∈ g,
//   (35) J^ξ̃(q1, q2) − J^ξ̃(q0, q1) = D_2 L_d(q0, q1)((ξ̃(q1) − ξ̃(q0))_Q(q1)) along solutions, because
//        LHS − RHS = −⟨D_2 L_d(q0, q1) + D_1 L_d(q1, q2), ξ̃(q1)_Q(q1)⟩, which vanishes when ξ̃(q1) ∈ g^D.
//
// A section ξ̃: Q → g is given by its Lie algebra components as functions on Q.
#pragma once

#include <string>
#include <vector>

#include "mechanics/discrete/discrete_system.hpp"
#include "mechanics/discrete/trivial_bundle.hpp"
#include "reduction/discrete/nonholonomic_connection.hpp"

namespace hamel {

using Section = std::vector<GiNaC::ex>;  ///< ξ̃(q), Lie algebra components

/// J^ξ̃(q0, q1).
GiNaC::ex discrete_momentum(const DiscreteSystem& system, const TrivialBundle& bundle, const Section& xi);
/// The sections ξ̃_i(r, g) = Ad_g η_i(r) transporting the basis of g^D_{(r,e)}: ξ̃_i(q) ∈ g^D_q.
std::vector<Section> vertical_sections(const TrivialBundle& bundle, const NonholonomicConnection& nh);
/// Whether ξ̃ takes values in g^D: ω^a(ξ̃(q)_Q(q)) = 0 for every form of D = ∩ ker ω^a, where (35)
/// holds only then. On failure `failing` names the form and `value` is ω^a(ξ̃_Q), simplified.
struct SectionInGD {
  ZeroVerdict verdict;
  std::string failing;
  GiNaC::ex value;
};
SectionInGD section_in_gD(const DiscreteSystem& system, const TrivialBundle& bundle, const Section& xi);
/// (33) for the basis of g (Lemma 8.2).
ZeroVerdict lemma_8_2(const DiscreteSystem& system, const TrivialBundle& bundle);

/// (35) as derived, and the identity LHS − RHS = −⟨E(q0, q1, q2), ξ̃(q1)_Q(q1)⟩ (E unforced).
struct MomentumEvolution {
  GiNaC::ex lhs;          ///< J^ξ̃(q1, q2) − J^ξ̃(q0, q1)
  GiNaC::ex rhs;          ///< D_2 L_d(q0, q1)((ξ̃(q1) − ξ̃(q0))_Q(q1))
  ZeroVerdict identity;   ///< lhs − rhs + ⟨E, ξ̃(q1)_Q(q1)⟩ = 0
  ZeroVerdict linearity;  ///< lhs − rhs for f ξ̃ equals f(q1) (lhs − rhs) for ξ̃ (C^∞(Q)-linearity)
};
MomentumEvolution momentum_evolution(const DiscreteSystem& system, const TrivialBundle& bundle, const Section& xi);

}  // namespace hamel
