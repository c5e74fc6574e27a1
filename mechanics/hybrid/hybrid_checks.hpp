// mechanics/hybrid/hybrid_checks.hpp — the checks of 000 §3–4 on a simple hybrid forced system, each
// with a verdict, how it was decided and, when it fails, a counterexample state.
//
//  * hybrid constant of the motion (Def. 4): X(f) = 0 and f∘Δ = f∘i on every component of S;
//  * force symmetry algebra g_F = {ξ : F(ξ^c) = 0, ι_{ξ^c} dF = 0} and the identity X(J^ξ) = −F(ξ^c)
//    (so J^ξ is conserved by the flow iff F(ξ^c) = 0);
//  * hybrid action (§4): ξ^c(L) = 0; ξ^c tangent to S; Δ equivariant (infinitesimally, for a connected
//    group: TΔ(ξ^c) = ξ^c∘Δ on S);
//  * hybrid momentum map ((14) with μ₋, erratum 10): J∘Δ = J on S;
//  * generalized hybrid momentum map (Def. 8): on each component C, J∘Δ is a function of J|_C.
// Everything is on the Lagrangian side (R ×) TQ; the Hamiltonian side is equivalent through FL (Prop. 2).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mechanics/hybrid/simple_hybrid_system.hpp"

namespace hamel {

/// An infinitesimal generator ξ_Q of the action, with its name.
struct Generator {
  std::string name;
  VectorField xi;
};

struct HybridVerdict {
  bool holds = false;
  std::string how;                          ///< how it was decided (the weakest stage used)
  std::string failed;                       ///< the condition that fails, e.g. "f∘Δ = f on C1"
  std::optional<SamplePoint> counterexample;
  std::string note;                         ///< more about the counterexample (values there)
};

/// Def. 4 (i): d f/dt = 0 along X_{L,F^L}(,t).
HybridVerdict flow_invariance(const SimpleHybridSystem& H, const GiNaC::ex& f);
/// Def. 4 (ii): f∘Δ = f on every component.
HybridVerdict impact_invariance(const SimpleHybridSystem& H, const GiNaC::ex& f, bool with_conditions = false);
/// Def. 4: both.
HybridVerdict hybrid_constant_of_motion(const SimpleHybridSystem& H, const GiNaC::ex& f, bool with_conditions = false);

/// The reset sends a crossing to the other side of C (000 Def. 1: the motion leaves S after the
/// impact): σ∘Δ · σ ≤ 0 on C, i.e. σ⁺ ≥ 0 wherever σ⁻ < 0 for a falling guard.  Decided from the
/// ratio σ∘Δ / σ when it is free of the state (σ⁺ = −e σ⁻ for (15)), else at sampled points of C.
/// Parameters are sampled in (0, 1] (physical masses and restitutions).
HybridVerdict reset_reverses_crossing(const SimpleHybridSystem& H, const SwitchingComponent& C);
/// ΔE_L = E_L∘Δ − E_L ≤ 0 on C (Remark 6: (15) with 0 ≤ e ≤ 1 on a fixed surface dissipates), at
/// sampled points of C (parameters in (0, 1]); a failure's note gives ΔE_L > 0 at the witness.
HybridVerdict reset_does_not_raise_energy(const SimpleHybridSystem& H, const SwitchingComponent& C);

/// The conditions on one generator for the force symmetry algebra.
struct ForceSymmetry {
  std::string name;
  ZeroVerdict lagrangian_invariant;  ///< ξ^c(L) = 0 (tangent lift)
  ZeroVerdict force_on_lift;         ///< F^L(ξ^c) = 0
  ZeroVerdict force_invariant;       ///< ι_{ξ^c} dF^L = 0
  ZeroVerdict conservation_identity; ///< X(J^ξ) + F^L(ξ^c) = 0 when ξ^c(L) = 0 (000 §4)
  ZeroVerdict conserved;             ///< X(J^ξ) = 0
  GiNaC::ex momentum;                ///< J^ξ on TQ
  bool in_g_F() const { return force_on_lift.zero && force_invariant.zero; }
};

struct ForceSymmetryAlgebra {
  std::vector<ForceSymmetry> generators;
  /// A basis of g_F: each row gives the coefficients of a basis element in the generators.
  std::vector<std::vector<GiNaC::ex>> basis;
  std::string how;
};
ForceSymmetryAlgebra force_symmetry_algebra(const ForcedLagrangianSystem& s, const std::vector<Generator>& g);

/// The three conditions of a hybrid action (§4), for one generator.
struct HybridActionVerdict {
  ZeroVerdict lagrangian_invariant;     ///< (1)
  HybridVerdict preserves_surface;      ///< (2) ξ^c(h), ξ^c(σ) (and ξ^c of the conditions) vanish on S
  HybridVerdict equivariant;            ///< (3)
  bool holds() const { return lagrangian_invariant.zero && preserves_surface.holds && equivariant.holds; }
};
HybridActionVerdict hybrid_action(const SimpleHybridSystem& H, const Generator& g, bool with_conditions = false);

/// (14) with μ₋: J^ξ∘Δ = J^ξ on S for every generator.
HybridVerdict hybrid_momentum_map(const SimpleHybridSystem& H, const std::vector<Generator>& g,
                                  bool with_conditions = false);

/// Def. 8 on one component.
struct GeneralizedComponent {
  std::string name;
  bool holds = false;
  std::string how;
  std::vector<GiNaC::ex> mu_plus;  ///< μ₊ as a function of the symbols `mu` (empty if not found)
  /// counterexample: two states of C with equal μ₋ and different μ₊
  std::optional<SamplePoint> first, second;
  std::vector<double> mu_minus, mu_plus_first, mu_plus_second;
};
struct GeneralizedMomentumVerdict {
  bool holds = false;
  std::vector<GeneralizedComponent> components;
};
/// `mu`: symbols standing for the values of μ₋ (for the formula of μ₊).
GeneralizedMomentumVerdict generalized_hybrid_momentum_map(const SimpleHybridSystem& H,
                                                           const std::vector<Generator>& g,
                                                           const std::vector<GiNaC::ex>& mu,
                                                           bool with_conditions = false);

/// The image of the configuration point of `p` under the flow of ξ_Q for parameter s (integrated
/// numerically; parameters are read from p).  Velocities are left as they are.
SamplePoint flow_of_generator(const VectorField& xi, const SamplePoint& p, double s);

}  // namespace hamel
