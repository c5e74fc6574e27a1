// mechanics/hybrid/simple_hybrid_system.hpp — simple hybrid forced Lagrangian systems
// (D, X, S, Δ) = (TQ, X_{L,F^L}, S_L, Δ_L) of 000 Defs. 1–2, and their time-dependent version (Def. 10).
//
// The switching surface is a union of connected components C_k, each given by a function h_k(t, q)
// on the configuration space and a direction condition on the normal velocity
// σ_k = ∂_t h_k + dh_k q̇ (Falling: σ < 0, the motion goes from h > 0 to h < 0; Rising: σ > 0), each with
// its own impact map.  Impact maps fix the base point and the time (docs/hybrid.md §1, erratum 1):
// Δ_k(t, q, q̇) = (t, q, P_k(t, q, q̇)).  A component may carry further equations (`conditions`) that a
// paper adds to S (e.g. the rolling condition of 000 (18), which makes S of codimension 2): checks can
// be made with or without them; the simulation uses h alone.
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "mechanics/hybrid/forced_system.hpp"
#include "mechanics/hybrid/on_surface.hpp"
#include "numerics/events.hpp"

namespace hamel {

struct SwitchingComponent {
  std::string name;
  GiNaC::ex surface;                      ///< h(t, q)
  Direction direction = Direction::Falling;
  std::vector<GiNaC::ex> reset;           ///< P(t, q, q̇⁻): the velocities after the impact
  std::vector<GiNaC::ex> conditions;      ///< further equations on R × TQ (a paper's S), may be empty
  std::optional<GiNaC::ex> restitution;   ///< set when the reset is the Newtonian impact (15)
};

class SimpleHybridSystem {
 public:
  /// @throws InvalidArgument if a reset has not dim Q components, a surface depends on velocities,
  ///   or a component has no name; DomainError if a surface is not regular (check_regular_surface).
  SimpleHybridSystem(ForcedLagrangianSystem system, std::vector<SwitchingComponent> components);
  const ForcedLagrangianSystem& system() const { return system_; }
  const std::vector<SwitchingComponent>& components() const { return components_; }
  const SwitchingComponent& component(const std::string& name) const;

 private:
  ForcedLagrangianSystem system_;
  std::vector<SwitchingComponent> components_;
};

/// σ = ∂_t h + (∂h/∂q^i) q̇^i, the rate of change of h along any motion through (t, q, q̇).
GiNaC::ex normal_velocity(const ForcedLagrangianSystem& s, const GiNaC::ex& h);

/// The component as a piece of surface for checks; with_conditions adds its `conditions`.
SurfacePiece surface_piece(const SimpleHybridSystem& H, const SwitchingComponent& C, bool with_conditions);

/// f∘Δ: substitutes the post-impact velocities into a function on R × TQ.
GiNaC::ex after_impact(const SimpleHybridSystem& H, const SwitchingComponent& C, const GiNaC::ex& f);

/// Refuses a surface h = 0 that is not regular anywhere (000 Def. 1 needs S to be a submanifold and
/// (15) divides by dh W⁻¹ dhᵀ): dh vanishes on all of {h = 0}, as for h = y².  Decided for h
/// polynomial in (t, q) and the parameters: with g = gcd(h, ∂h/∂x for every symbol x), r = h / g is
/// the square-free part of h, and dh vanishes on {h = 0} = {r = 0} iff r divides every ∂h/∂q^i.
/// Non-polynomial surfaces are accepted unchecked.
/// @throws DomainError naming r ("write the surface as r").
void check_regular_surface(const ForcedLagrangianSystem& s, const GiNaC::ex& h);

/// Newtonian impact (15), with the moving-surface term: for σ = ∂_t h + dh q̇ and b = dh W⁻¹ dhᵀ,
/// P(t, q, q̇) = q̇ − (1 + e) σ / b · W⁻¹ dhᵀ.  For h = h(q) it is (15) exactly; it reverses σ times e
/// (σ⁺ = −e σ⁻).
std::vector<GiNaC::ex> newtonian_impact(const ForcedLagrangianSystem& s, const GiNaC::ex& h, const GiNaC::ex& e);
/// (13) on T*Q: P_q(p) = p − (1 + e) (⟨⟨p − b, dh⟩⟩ + ∂_t h)/‖dh‖² dh, with ⟨⟨α, β⟩⟩ = α_i β_j W⁻¹_ij
/// (erratum 9) and b the linear part of L (zero for mechanical Lagrangians).
std::vector<GiNaC::ex> newtonian_impact_momenta(const ForcedLagrangianSystem& s, const GiNaC::ex& h,
                                                const GiNaC::ex& e);
/// The jump of ½ q̇ᵀW q̇ at the Newtonian impact: (1 + e) σ (½(1 + e) σ − a) / b with a = dh q̇;
/// for a fixed surface (σ = a) it is −(1 − e²) a² / (2 b) (Remark 6).
GiNaC::ex newtonian_energy_jump(const ForcedLagrangianSystem& s, const GiNaC::ex& h, const GiNaC::ex& e);

}  // namespace hamel
