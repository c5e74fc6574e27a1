// reduction/discrete/reduced_system.hpp — Lagrangian reduction of a discrete nonholonomic system on the
// trivial bundle Q = M × G (002 §5 and §9; discrete.md §2.5, §2.6, §2.8):
//
//   reduced variables (r_k, w_k) with w_k = g_k⁻¹ g_{k+1} 𝔄(r_k, r_{k+1})  (read at σ(r_k)),
//   Ľ(r0, w, r1) = L_d((r0, e), (r1, w 𝔄⁻¹)),   Ď_d: φ((r0, e), (r1, w 𝔄⁻¹)) = 0,
//   F⁺(r0, w, r1) δr1 = ⟨D_w Ľ, w·(Ad_{𝔄⁻¹} 𝔥(r1) δr1 + 𝔄⁻¹ D_2𝔄 δr1)⟩,
//   F⁻(r0, w, r1) δr0 = ⟨D_w Ľ, w·(−Ad_{w⁻¹} 𝔥(r0) δr0 + 𝔄⁻¹ D_1𝔄 δr0)⟩,
//   horizontal (15)–(16): D_3Ľ(r0, w0, r1) δr + D_1Ľ(r1, w1, r2) δr + F⁺(r0, w0, r1) δr + F⁻(r1, w1, r2) δr = 0, δr ∈ H_M(r1),
//   vertical (17)–(18): ⟨D_wĽ(r0, w0, r1), w0·Ad_{𝔄(r0,r1)⁻¹} η⟩ − ⟨D_wĽ(r1, w1, r2), η·w1⟩ = 0, η ∈ g^D_{(r1,e)},
//
// in the slots (r0, w0, r1, w1, r2) = (r_{k-1}, w_{k-1}, r_k, w_k, r_{k+1}).  Forces of the unreduced system
// (G-equivariant) enter both equations, paired with the same lifts.
#pragma once

#include <vector>

#include "reduction/discrete/discrete_connection.hpp"
#include "reduction/discrete/nonholonomic_connection.hpp"

namespace hamel {

/// Q×Q×Q extended by the reduced group variables w0, w1 (names "w_<g>0", "w_<g>1" for each group
/// coordinate g).  Its shape symbols are those of the slot charts.
Chart reduced_chart(const TrivialBundle& B);
/// w0 (k = 0) or w1 (k = 1).
GroupElement reduced_slot(const TrivialBundle& B, std::size_t k);
/// r_k: the shape symbols of slot k of Q×Q×Q.
std::vector<GiNaC::ex> shape_slot(const TrivialBundle& B, std::size_t k);

struct ReducedSystem {
  DiscreteSystem system;
  DiscreteConnection connection;
  NonholonomicConnection nonholonomic;

  GiNaC::ex lagrangian;                    ///< Ľ(r0, w0, r1)
  std::vector<GiNaC::ex> constraints;      ///< φ̌(r0, w0, r1), those of Ď_d
  GiNaC::matrix curvature_minus;           ///< B_1(q0, q1) (Def 5.3): dim G × dim M, dA_d(hor δq0, 0)
  GiNaC::matrix curvature_plus;            ///< B_2(q0, q1): dA_d(0, hor δq1)
  std::vector<GiNaC::ex> force_minus;      ///< F⁻(r0, w0, r1) on ∂_{r0} (Def 5.8, (12))
  std::vector<GiNaC::ex> force_plus;       ///< F⁺(r0, w0, r1) on ∂_{r1} ((13))
  std::vector<GiNaC::ex> horizontal;       ///< one per direction of H_M(r1)
  std::vector<GiNaC::ex> vertical;         ///< one per element of the basis of g^D_{(r1,e)}
  std::vector<GiNaC::ex> step_constraints; ///< φ̌(r1, w1, r2)

  const TrivialBundle& bundle() const { return connection.bundle(); }
};

/// Derives the reduced system.
ReducedSystem reduce(const DiscreteSystem& system, const DiscreteConnection& connection,
                     const NonholonomicConnection& nonholonomic);

/// w0 and w1 in terms of (q0, q1, q2): w_k = g_k⁻¹ g_{k+1} 𝔄(r_k, r_{k+1}).
GiNaC::exmap reduced_variables(const ReducedSystem& R);

/// The verification built in: every reduced object, with w0, w1 written in (q0, q1, q2), against
/// the unreduced one (Theorem 5.11).
struct ReductionChecks {
  ZeroVerdict lagrangian;      ///< L_d = Ľ∘Φ
  ZeroVerdict constraints;     ///< D_d = Ď_d∘Φ (as functions, else as sets: vanishes_on_constraint)
  ZeroVerdict horizontal;      ///< reduced horizontal = unreduced E(q0, q1, q2) paired with Hor_{q1}(δr)
  ZeroVerdict vertical;        ///< reduced vertical = E paired with (Ad_{g1} η)_Q(q1)
  ZeroVerdict reconstruction;  ///< (43): g1 = g0 w0 𝔄(r0, r1)⁻¹
  ZeroVerdict forces_from_curvature;  ///< F∓ = ⟨D_wĽ, B_{1,2}⟩ (abelian G only; otherwise not checked)
  bool abelian = false;
};
ReductionChecks check_against_unreduced(const ReducedSystem& R);

/// (43): g_{k+1} in terms of g_k = g (group slot 0), w_k = w0, r_k = r0, r_{k+1} = r1.
GroupElement reconstruction_step(const ReducedSystem& R);

}  // namespace hamel
