// mechanics/hybrid/forced_system.hpp — forced Lagrangian and Hamiltonian systems (000 §2.2, §5).
//
// Sign convention (docs/hybrid.md §1, the paper's): a force is a semibasic 1-form that enters with a
// minus sign, d/dt ∂L/∂q̇^i − ∂L/∂q^i = −F^L_i and ṗ_i = −(∂H/∂q^i + F_i).  F is minus the Newtonian
// force.  Lagrangian and Hamiltonian data are related by E_L = H∘FL and F^L = FL*F, i.e.
// F^L_i(q, q̇) = F_i(q, ∂L/∂q̇).
//
// Time-dependent systems (000 §5) carry a time symbol t: L, F, H may depend on it; the dynamics is
// the evolution field X_t = ∂_t + X on R × TQ (R × T*Q with the cosymplectic structure
// ω = dq^i∧dp_i, η = dt and Reeb field ∂_t).  Vector fields are stored on TQ (T*Q) with components
// that may contain t; `evolution_derivative` adds the ∂_t part.
//
// Lagrangians must be quadratic in the velocities (L = ½ q̇ᵀW q̇ + b·q̇ − V with W, b, V functions of
// (t, q)): mechanical Lagrangians and the Routhians of reduction/hybrid (gyroscopic term b).
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <vector>

#include "geometry/vector_field.hpp"

namespace hamel {

/// (L, F^L) on TQ (or R × TQ when `time` is set).
class ForcedLagrangianSystem {
 public:
  /// @throws InvalidArgument if the force has not Q.dim() components or an expression contains a
  ///   velocity of another chart; DomainError if L is not quadratic in the velocities or W is
  ///   degenerate, or if F depends on momenta.
  ForcedLagrangianSystem(Chart Q, GiNaC::ex lagrangian, std::vector<GiNaC::ex> force,
                         std::optional<GiNaC::ex> time = std::nullopt);

  const Chart& chart() const { return Q_; }
  const Chart& tangent_chart() const { return TQ_; }
  std::size_t dim() const { return Q_.dim(); }
  const GiNaC::ex& lagrangian() const { return L_; }
  const std::vector<GiNaC::ex>& force() const { return F_; }
  const std::optional<GiNaC::ex>& time() const { return t_; }
  bool time_dependent() const { return t_.has_value(); }
  /// W_ij = ∂²L/∂q̇^i∂q̇^j and its inverse.
  const GiNaC::matrix& hessian() const { return W_; }
  const GiNaC::matrix& inverse_hessian() const { return Winv_; }
  std::vector<GiNaC::ex> velocities() const;
  std::vector<GiNaC::ex> coordinates() const;

 private:
  Chart Q_, TQ_;
  GiNaC::ex L_;
  std::vector<GiNaC::ex> F_;
  std::optional<GiNaC::ex> t_;
  GiNaC::matrix W_, Winv_;
};

/// (H, F) on T*Q (or R × T*Q).  H must be quadratic in the momenta.
class ForcedHamiltonianSystem {
 public:
  /// @throws InvalidArgument / DomainError as ForcedLagrangianSystem, for momenta.
  ForcedHamiltonianSystem(Chart Q, GiNaC::ex hamiltonian, std::vector<GiNaC::ex> force,
                          std::optional<GiNaC::ex> time = std::nullopt);
  const Chart& chart() const { return Q_; }
  const Chart& cotangent_chart() const { return TstarQ_; }
  const GiNaC::ex& hamiltonian() const { return H_; }
  const std::vector<GiNaC::ex>& force() const { return F_; }
  const std::optional<GiNaC::ex>& time() const { return t_; }
  /// ∂²H/∂p_i∂p_j (the inverse of the Lagrangian W).
  const GiNaC::matrix& momentum_hessian() const { return A_; }

 private:
  Chart Q_, TstarQ_;
  GiNaC::ex H_;
  std::vector<GiNaC::ex> F_;
  std::optional<GiNaC::ex> t_;
  GiNaC::matrix A_;
};

/// Forced Euler–Lagrange field (1): (q̇, q̈) with
/// q̈ = W⁻¹(−F^L + ∂L/∂q − (∂²L/∂q̇∂q) q̇ − ∂²L/∂q̇∂t), on TQ (the last term only when time-dependent).
VectorField forced_euler_lagrange_field(const ForcedLagrangianSystem& s);
/// X_{H,F} = ∂H/∂p_i ∂_{q^i} − (∂H/∂q^i + F_i) ∂_{p_i} (000 §2.2); the spatial part of X_{H,F,t}.
VectorField forced_hamiltonian_field(const ForcedHamiltonianSystem& s);
/// d f/dt along the flow: ∂f/∂t + X(f) (X(f) when autonomous).
GiNaC::ex evolution_derivative(const VectorField& X, const std::optional<GiNaC::ex>& time, const GiNaC::ex& f);

/// E_L = q̇^i ∂L/∂q̇^i − L.
GiNaC::ex lagrangian_energy(const ForcedLagrangianSystem& s);
/// p_i = ∂L/∂q̇^i as functions on TQ: the fibre part of FL.
std::vector<GiNaC::ex> legendre_momenta(const ForcedLagrangianSystem& s);
/// q̇^i(t, q, p) = ∂H/∂p_i: the fibre part of FH = FL⁻¹, as functions on T*Q.
std::vector<GiNaC::ex> legendre_velocities(const ForcedLagrangianSystem& s);
/// Substitution p → ∂L/∂q̇ (pulls functions on T*Q back by FL).
GiNaC::exmap pullback_by_legendre(const ForcedLagrangianSystem& s);
/// Substitution q̇ → q̇(q, p) (pulls functions on TQ back by FL⁻¹).
GiNaC::exmap pullback_by_inverse_legendre(const ForcedLagrangianSystem& s);

/// The Hamiltonian side: H = p·q̇ − L at q̇ = q̇(q, p) and F = (FL⁻¹)*F^L.
ForcedHamiltonianSystem hamiltonian_side(const ForcedLagrangianSystem& s);
/// The Lagrangian side: L = p·q̇ − H at p = p(q, q̇) (H quadratic in p) and F^L = FL*F.
ForcedLagrangianSystem lagrangian_side(const ForcedHamiltonianSystem& s);

/// Prop. 1 (Prop. 6 when time-dependent): T FL (X_{L,F^L}) − X_{H,F}∘FL, component by component
/// on TQ (all zero when the two sides correspond).
std::vector<GiNaC::ex> legendre_relatedness_defect(const ForcedLagrangianSystem& s);

/// The cosymplectic equations of §5 on R × T*Q, with ω = dq^i∧dp_i, η = dt, R = ∂_t:
/// ι_X ω − (dH − R(H)η + F − F(R)η) and ι_X η − 1 for X = X_{H,F,t}; the components (on the chart
/// T*Q extended by t) that must all vanish.  Works for autonomous systems too (∂_t H = 0).
std::vector<GiNaC::ex> cosymplectic_defect(const ForcedHamiltonianSystem& s);

/// J^ξ = ∂L/∂q̇^i ξ^i on TQ (the momentum map J∘FL of the lifted action).
GiNaC::ex lagrangian_momentum(const ForcedLagrangianSystem& s, const VectorField& xi);
/// F^L(ξ^c): the force evaluated on the complete (tangent) lift; J^ξ is conserved iff it vanishes.
GiNaC::ex force_on_lift(const ForcedLagrangianSystem& s, const VectorField& xi);

}  // namespace hamel
