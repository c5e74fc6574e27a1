// reduction/group_action.hpp — a symmetry given as a finite action Φ: G × Q → Q (issue 19 §5).
//
// Users read actions off papers as maps, (ϑ, a, b)·(x, y, φ) = (x cos ϑ − y sin ϑ + a, …, φ + ϑ), not as
// infinitesimal generators. The generators are the derivatives at the identity,
// ξ_k = Σ_i ∂Φ^i/∂g_k|_{g=0} ∂_{q^i}; the map itself is checked for what makes it a symmetry of a
// nonholonomic system: Φ_e = id, L ∘ TΦ_g = L and TΦ_g(D) = D, for every g at once (g stays symbolic).
// 004 §7 prints the SE(2)×S¹ action with cos φ (a coordinate) where cos ϑ (the group parameter) is
// meant (../shared/reference/gauge.md); these checks name what the printed map breaks.
#pragma once

#include <string>
#include <vector>

#include "core/symbolic.hpp"
#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

/// q^i ↦ Φ^i(q, g) in group coordinates g_1..g_m with the identity at g = 0.
struct GroupActionMap {
  std::vector<GiNaC::ex> parameters;  ///< g_k (symbols)
  std::vector<GiNaC::ex> images;      ///< Φ^i, one per coordinate of Q (q^i where the map keeps it)
};

/// ξ_k = ∂Φ/∂g_k at g = 0, one per parameter, on the chart Q.
std::vector<VectorField> generators_of(const Chart& Q, const GroupActionMap& action);

/// One property of the map: its verdict, and where it fails (a component and its value).
struct ActionCheck {
  ZeroVerdict verdict;
  std::string failing;     ///< e.g. "Phi_e(x) - x", "omega^1(TPhi_g X2)"; empty when it holds
  GiNaC::ex value = 0;
};

/// Φ(q, 0) = q, coordinate by coordinate.
ActionCheck fixes_identity(const Chart& Q, const GroupActionMap& action);
/// L(Φ_g q, TΦ_g q̇) = L(q, q̇) on TQ, for symbolic g.
ActionCheck preserves_lagrangian(const NonholonomicSystem& system, const GroupActionMap& action);
/// ω^k at Φ_g q vanishes on TΦ_g X_α(q) for every constraint form ω^k and frame field X_α of D.
ActionCheck preserves_constraints(const NonholonomicSystem& system, const GroupActionMap& action);

}  // namespace hamel
