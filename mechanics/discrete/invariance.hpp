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
/// f^∓(l_h q0, l_h q1) ∘ T l_h = f^∓(q0, q1).
ZeroVerdict force_equivariance(const DiscreteSystem& system, const TrivialBundle& bundle);

/// f(q0, q1) with both slots moved by l_h.
GiNaC::ex act_on_pair(const GiNaC::ex& f, const TrivialBundle& bundle, const GroupElement& h0, const GroupElement& h1);

}  // namespace hamel
