// reduction/discrete/chaplygin.hpp — reduction to a forced discrete system on the shape space M when
// the reduced variable w is the identity along solutions: the Chaplygin case (002 §10: Def 10.1,
// Lemma 10.3, Theorem 10.7, (51); Theorem 10.10) and, with the connection of a momentum level, the
// horizontal symmetries of §11 (Theorem 11.13).
//
//   L*_d(r0, r1) = Ľ(r0, e, r1) = L_d(σ(r0), pr_2 h_d(σ(r0), r1)),   f*^∓ = F^∓(r0, e, r1) (+ the unreduced forces),
//   D* = dπ(D) (TM in the Chaplygin case),   D*_d = {φ̌(r0, e, r1) = 0} (identically 0 in the Chaplygin case),
//   reconstruction q_{k+1} = pr_2 h_d(q_k, r_{k+1}).
#pragma once

#include <string>

#include "reduction/discrete/reduced_system.hpp"

namespace hamel {

/// Def 10.1: (1) D ⊕ V = TQ, (2) D_d is the Hor of an affine discrete connection.
struct ChaplyginTest {
  bool direct_sum = false;     ///< g^D = 0 and rank D + dim G = dim Q
  bool kinematic_horizontal = false;  ///< D_d = {φ = 0} is solved uniquely for g1 given (q0, r1)
  std::string detail;
  bool holds() const { return direct_sum && kinematic_horizontal; }
};
ChaplyginTest chaplygin_test(const DiscreteSystem& system, const TrivialBundle& bundle);

/// The connection whose Hor is D_d: 𝔄(r0, r1)⁻¹ is the g1 solving φ(σ(r0), (r1, g1)) = 0.
/// @throws DomainError if the number of constraints is not dim G, or they are not linear in g1, or
///   not uniquely solvable.
DiscreteConnection kinematic_connection(const DiscreteSystem& system, const TrivialBundle& bundle);

/// The forced system on M (chart bundle.shape_chart(), slot symbols of that chart).
DiscreteSystem shape_system(const ReducedSystem& reduced);

/// (51): the discrete equations of the shape system, paired with the directions of dπ(D), equal the
/// unreduced (3) paired with their horizontal lifts at q0 = σ(r0), q1 = pr_2 h_d(q0, r1),
/// q2 = pr_2 h_d(q1, r2) (identically in r0, r1, r2).
ZeroVerdict shape_system_check(const ReducedSystem& reduced, const DiscreteSystem& shape);

/// The symbols of slot k of the shape chart in terms of those of Q's slots, and back.
GiNaC::exmap shape_symbols_to_q(const TrivialBundle& bundle);
GiNaC::exmap q_symbols_to_shape(const TrivialBundle& bundle);

}  // namespace hamel
