// reduction/hybrid/forced_routh.hpp — forced Routh reduction of a simple hybrid forced Lagrangian
// system with cyclic coordinates θ^a (000 §2.3, §4.1 (9)–(12), Remark 7), with the corrections of
// docs/hybrid.md (errata 3, 7, 13).
//
// J_a = ∂L/∂θ̇^a = μ_a is solved for θ̇(t, x, ẋ, μ) (L is quadratic in the velocities, so this is
// linear; G-regularity is the invertibility of ∂²L/∂θ̇∂θ̇).  Then
//   R^μ(t, x, ẋ) = [L − μ_a θ̇^a]_{θ̇ = θ̇(t, x, ẋ, μ)}   (9, 28),     F_μ = F^L|_{θ̇ = θ̇(…)}   (10),
// and the forced Routh equations d/dt ∂R/∂ẋ − ∂R/∂x = −F_μ.  For a mechanical L the Routhian carries
// the gyroscopic term μᵀ g_θθ⁻¹ g_θx ẋ (erratum 3).  Each component of S reduces to a surface on
// T(Q/G) and an impact map ẋ⁺(t, x, ẋ, μ) with the jump μ⁺(t, x, ẋ, μ) of the momentum; when h, the
// reset or μ⁺ depend on θ the component does not drop to the quotient (the rotation of 000 Example 1,
// erratum 22) and the reduced simulation carries θ along.  Reconstruction (11)–(12), corrected:
// θ̇ = g_θθ⁻¹(x)(μ − g_θx(x) ẋ) and θ(t) = θ(τ_i) + ∫_{τ_i}^t θ̇ ds.
#pragma once

#include <string>
#include <vector>

#include "mechanics/hybrid/simple_hybrid_system.hpp"

namespace hamel {

struct ReducedComponent {
  std::string name;
  GiNaC::ex surface;                   ///< h(t, x) (contains θ when not invariant)
  GiNaC::ex normal;                    ///< σ at θ̇ = θ̇(μ)
  Direction direction = Direction::Falling;
  std::vector<GiNaC::ex> reset;        ///< ẋ⁺(t, x, ẋ, μ)
  std::vector<GiNaC::ex> mu_plus;      ///< μ⁺(t, x, ẋ, μ): the momentum after the impact
  std::vector<GiNaC::ex> conditions;   ///< the component's extra equations at θ̇ = θ̇(μ)
  bool invariant = true;               ///< surface, reset and μ⁺ are free of θ
  std::string note;                    ///< why not
};

struct ForcedRouthReduction {
  std::vector<std::size_t> cyclic;      ///< indices of the θ^a in Q
  std::vector<std::size_t> shape;       ///< indices of the x^j in Q
  std::vector<GiNaC::ex> mu;            ///< the symbols μ_a
  std::vector<GiNaC::ex> momentum;      ///< J_a = ∂L/∂θ̇^a on TQ
  std::vector<GiNaC::ex> theta_dot;     ///< θ̇^a(t, x, ẋ, μ): the reconstruction equation (11)
  GiNaC::ex routhian;                   ///< R^μ (9)
  std::vector<GiNaC::ex> reduced_force; ///< (F_μ)_j along the x^j (10)
  std::vector<GiNaC::ex> acceleration;  ///< ẍ^j from the forced Routh equations
  std::vector<ReducedComponent> components;
};

/// @throws DomainError if L or F^L depends on a θ^a, F^L has a component along a θ^a (then J_a is
///   not conserved: F(ξ^c) ≠ 0), or ∂²L/∂θ̇∂θ̇ is singular (not G-regular); InvalidArgument for bad
///   indices.  `mu_names` default to mu1, mu2, …; `mu_symbols`, when given, are the symbols μ_a
///   themselves (a reader that has parsed expressions in them).
ForcedRouthReduction forced_routh_reduction(const SimpleHybridSystem& H, const std::vector<std::size_t>& cyclic,
                                            const std::vector<std::string>& mu_names = {},
                                            const std::vector<GiNaC::ex>& mu_symbols = {});

/// The corrected closed form for a mechanical L = ½ q̇ᵀ g q̇ − V with cyclic θ (docs/hybrid.md §2):
/// ½ ẋᵀ(g_xx − g_xθ g_θθ⁻¹ g_θx) ẋ + μᵀ g_θθ⁻¹ g_θx ẋ − ½ μᵀ g_θθ⁻¹ μ − V.
GiNaC::ex mechanical_routhian(const ForcedLagrangianSystem& s, const std::vector<std::size_t>& cyclic,
                              const std::vector<GiNaC::ex>& mu);

/// The forced Euler–Lagrange accelerations of the full system restricted to J = μ, minus those of
/// the forced Routh equations, for each x^j: all zero when the reduction is right (000 §2.3 (a)).
std::vector<GiNaC::ex> routh_defect(const SimpleHybridSystem& H, const ForcedRouthReduction& r);

}  // namespace hamel
