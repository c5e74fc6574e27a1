// mechanics/discrete/invariance.hpp — G-invariance of a discrete system (002 Def 3.6): L_d, D, D_d
// invariant under the diagonal action, the forces equivariant.  Each check substitutes generic
// group elements (fresh symbols) and is decided by the zero test.
#pragma once

#include "mechanics/discrete/discrete_system.hpp"
#include "mechanics/discrete/trivial_bundle.hpp"

namespace hamel {

/// L_d(l_h q0, l_h q1) = L_d(q0, q1).
ZeroVerdict lagrangian_invariance(const DiscreteSystem& system, const TrivialBundle& bundle);
/// T l_h (D_q) ⊂ D_{l_h q}: ω^a(l_h q)(T l_h X_α(q)) = 0 for the basis of D.
ZeroVerdict variational_invariance(const DiscreteSystem& system, const TrivialBundle& bundle);
/// φ^b(l_h q0, l_h q1) = φ^b(q0, q1) (invariant defining functions: sufficient for D_d invariant).
ZeroVerdict kinematic_invariance(const DiscreteSystem& system, const TrivialBundle& bundle);
/// The set D_d = {φ = 0} is invariant: the test above, and when its functions are not invariant,
/// φ^b(l_h q0, l_h q1) must vanish on D_d (vanishes_on_constraint).  Undecided, with the reason in
/// `detail`, when D_d cannot be solved that way.
ZeroVerdict kinematic_set_invariance(const DiscreteSystem& system, const TrivialBundle& bundle);

/// Every f vanishes on {φ = 0}: φ is solved for as many of the `unknowns` as it has equations, among
/// those in which it is affine with coefficients free of the others (D_d as a graph u = u*(rest) where
/// that coefficient matrix is regular), and f at u = u* goes to the zero test — a decision on that
/// dense open part of the set.  Undecided, with the reason, when φ is not affine in enough unknowns.
ZeroVerdict vanishes_on_constraint(const std::vector<GiNaC::ex>& f, const std::vector<GiNaC::ex>& phi,
                                   const std::vector<GiNaC::ex>& unknowns, const Chart& chart);
/// f^∓(l_h q0, l_h q1) ∘ T l_h = f^∓(q0, q1).
ZeroVerdict force_equivariance(const DiscreteSystem& system, const TrivialBundle& bundle);

/// The coordinates x of Q in which (3) is translation invariant: every residual (E − Σ ν ω, φ(q1, q2)) is
/// unchanged when x0, x1, x2 all move by the same t (decided by the zero test; undecided counts as not).
/// Then a step may be solved with x relative to x1 and moved back, exactly.  The residual is what
/// matters, not L_d: a potential linear in x changes L_d by a constant but leaves (3) invariant.
std::vector<std::size_t> translation_invariant_coordinates(const std::vector<GiNaC::ex>& residual, const Chart& Q);

/// f(q0, q1) with both slots moved by l_h.
GiNaC::ex act_on_pair(const GiNaC::ex& f, const TrivialBundle& bundle, const GroupElement& h0, const GroupElement& h1);

}  // namespace hamel
