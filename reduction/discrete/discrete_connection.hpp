// reduction/discrete/discrete_connection.hpp — affine discrete connections on the trivial bundle
// Q = M × G (002 §4.1: Defs 4.3, 4.9, (4), (6)–(8), Lemma 4.15) and the model space maps Φ, Φ⁻¹
// (Def 4.18, Prop 4.19, Lemma 4.21).
//
// A connection is given by its form A_d(q0, q1) ∈ G.  Equivariance (7),
// A_d(l_{g0} q0, l_{g1} q1) = g1 A_d(q0, q1) g0⁻¹, makes it A_d((r0, g0), (r1, g1)) = g1 𝔄(r0, r1) g0⁻¹ with
// 𝔄(r0, r1) = A_d((r0, e), (r1, e)); Hor = A_d⁻¹(e), level γ(q) = A_d(q, q)⁻¹ (Remark 4.8), γ ≡ e for the
// connections of Leok–Marsden–Weinstein (Remark 4.5).
#pragma once

#include <vector>

#include "mechanics/discrete/discrete_system.hpp"
#include "mechanics/discrete/trivial_bundle.hpp"

namespace hamel {

class DiscreteConnection {
 public:
  /// From A_d(q0, q1), written in the slot symbols of pair_chart(Q).
  DiscreteConnection(TrivialBundle bundle, GroupElement form);
  /// From 𝔄(r0, r1) (shape symbols of slots 0 and 1): A_d = g1 𝔄 g0⁻¹.
  static DiscreteConnection from_shape_map(TrivialBundle bundle, const GroupElement& shape_map);
  /// 𝔄 ≡ e: A_d(q0, q1) = g1 g0⁻¹.
  static DiscreteConnection trivial(TrivialBundle bundle);

  const TrivialBundle& bundle() const { return bundle_; }
  /// A_d(q0, q1).
  const GroupElement& form() const { return form_; }
  /// 𝔄(r0, r1) = A_d((r0, e), (r1, e)).
  const GroupElement& shape_map() const { return shape_map_; }

 private:
  TrivialBundle bundle_;
  GroupElement form_, shape_map_;
};

/// (7), decided by the zero test with generic g0, g1.
ZeroVerdict equivariance(const DiscreteConnection& A);
/// γ(q) = A_d(q, q)⁻¹ (a function on Q).
GroupElement level(const DiscreteConnection& A);
/// γ(l_g q) = g γ(q) g⁻¹ (Def 4.3).
ZeroVerdict level_equivariance(const DiscreteConnection& A);
/// (4): Hor_q and the orbit V_d(q) are complementary at (q, l_γ(q) q), i.e. the derivative of A_d(q, ·)
/// along the orbit, ∂A_d/∂g1, is invertible there.  The verdict is that of "det ∂A_d/∂g1 ≡ 0"
/// (complementary when it is not zero).
ZeroVerdict complementarity(const DiscreteConnection& A);
/// True when γ ≡ e.
ZeroVerdict level_is_identity(const DiscreteConnection& A);

/// (8): h_d(q0, r1) = (q0, l_{A_d(q0, q1)⁻¹} q1) for q1 = σ(r1); the returned point is the second one,
/// in the symbols of slot 0 (q0) and the shape symbols of slot 1 (r1).
std::vector<GiNaC::ex> horizontal_lift(const DiscreteConnection& A);
/// (8) for an arbitrary q1 = (r1, g) ∈ π⁻¹(r1), and h_d(q0, r1) ∈ Hor (A_d = e there).
ZeroVerdict horizontal_lift_check(const DiscreteConnection& A);
/// Lemma 4.15: h_d(l_g q0, r1) = (l_g × l_g) h_d(q0, r1).
ZeroVerdict lemma_4_15(const DiscreteConnection& A);

/// Φ(q0, q1) = ((q0, A_d(q0, q1)), π(q1)): the element w and r1 (Def 4.18 / Prop 4.19).
struct ModelPoint {
  GroupElement w;
  std::vector<GiNaC::ex> r1;
};
ModelPoint model_map(const DiscreteConnection& A);
/// pr_2 Φ⁻¹((q0, w), r1) = l_w(pr_2 h_d(q0, r1)), in slot-0 symbols, w and the shape symbols of slot 1.
std::vector<GiNaC::ex> model_inverse(const DiscreteConnection& A, const GroupElement& w);
/// Φ∘Φ⁻¹ = id, Φ⁻¹∘Φ = id, and Lemma 4.21 A_d(Φ⁻¹((q0, w), r1)) = w.
struct ModelSpaceChecks {
  ZeroVerdict phi_of_inverse, inverse_of_phi, lemma_4_21;
};
ModelSpaceChecks model_space_checks(const DiscreteConnection& A);

/// Replaces the group coordinates of slot k by the identity (points of the section σ).
GiNaC::exmap on_section(const TrivialBundle& B, std::size_t k);

}  // namespace hamel
