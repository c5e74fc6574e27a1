// mechanics/contact/contact_lagrangian.hpp — action-dependent Lagrangians L(q, q̇, z) on TQ × R and the
// Herglotz objects derived from them (001 §II-A and §IV, 003 §2):
//   the Herglotz equations (001 (6) = 003 (11)) with ż = L (001 (3)),
//   the energy E_L = q̇^i ∂L/∂q̇^i − L with dE_L/dt = (∂L/∂z) E_L (001 (7b), Remark 1),
//   the contact form η_L = dz − ∂L/∂q̇^i dq^i, the Reeb field R_L (003 (6)),
//   the Lagrangian vector field Γ_L of 001 (47)–(48), and the mechanical form 003 (13).
//
// The action variable is called z, as in the papers; TQ × R has the coordinates (q, q_dot, z), with the
// velocity symbols of tangent_bundle(Q), so expressions read for TQ are valid here.
#pragma once

#include <ginac/ginac.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "geometry/form.hpp"
#include "geometry/lifts.hpp"
#include "geometry/metric.hpp"
#include "geometry/vector_field.hpp"

namespace hamel {

// TQ × R and T*Q × R: contact_tangent_bundle, contact_cotangent_bundle, action_variable (geometry/lifts.hpp).

/// A regular action-dependent Lagrangian L(q, q̇, z).  Immutable; the Hessian W_ij = ∂²L/∂q̇^i∂q̇^j
/// and its inverse are computed once.
class ContactLagrangian {
 public:
  /// @throws InvalidArgument if L contains symbols of another chart's coordinates;
  ///   DomainError if L is singular (det W = 0 identically), naming the verdict.
  ContactLagrangian(const Chart& Q, const GiNaC::ex& L);

  const Chart& base() const;            ///< Q
  const Chart& chart() const;           ///< TQ × R
  const GiNaC::ex& lagrangian() const;  ///< L
  const GiNaC::ex& z() const;           ///< the action variable
  const std::vector<GiNaC::ex>& coordinates() const;  ///< q
  const std::vector<GiNaC::ex>& velocities() const;   ///< q̇
  std::size_t dim() const;              ///< n = dim Q
  const GiNaC::matrix& hessian() const;          ///< W (may depend on q, q̇, z)
  const GiNaC::matrix& inverse_hessian() const;  ///< W^{-1}
  /// True when W does not depend on the velocities (∂L/∂q̇ is affine in q̇): then the Legendre
  /// transform, the impact conditions (8) and the momentum jumps are solved in closed form.
  bool affine_momenta() const;

 private:
  struct Data;
  std::shared_ptr<const Data> data_;
};

/// p_i = ∂L/∂q̇^i (functions on TQ × R).
std::vector<GiNaC::ex> momenta(const ContactLagrangian& L);
/// ∂L/∂z, the rate in dE_L/dt = (∂L/∂z) E_L (001 (7b)); −R_L(E_L) by 001 Remark 2.
GiNaC::ex dissipation_rate(const ContactLagrangian& L);
/// E_L = q̇^i ∂L/∂q̇^i − L.
GiNaC::ex energy(const ContactLagrangian& L);

/// The left-hand sides of the Herglotz equations 001 (6),
///   ∂L/∂q^i − d/dt ∂L/∂q̇^i + ∂L/∂q̇^i ∂L/∂z,
/// along a curve with accelerations `accelerations` (one symbol per coordinate) and ż = L.
std::vector<GiNaC::ex> herglotz_equations(const ContactLagrangian& L, const std::vector<GiNaC::ex>& accelerations);

/// Γ_L of 001 (47)–(48): q̇^i ∂_{q^i} + W^{ji}(∂L/∂q^j − q̇^k ∂²L/∂q^k∂q̇^j − L ∂²L/∂z∂q̇^j
/// + ∂L/∂z ∂L/∂q̇^j) ∂_{q̇^i} + L ∂_z, with simplified components.  Its q̇-components are the
/// accelerations solving (6).
VectorField lagrangian_vector_field(const ContactLagrangian& L);

/// η_L = dz − ∂L/∂q̇^i dq^i (001 §IV, 003 §2), a contact form iff L is regular.
Form contact_form(const ContactLagrangian& L);
/// R_L = ∂_z − W^{ij} ∂²L/∂q̇^i∂z ∂_{q̇^j} (003 (6)).
VectorField reeb_field(const ContactLagrangian& L);

/// Whether f is a dissipated quantity (001 Def. 1, (19)): Γ_L(f) = (∂L/∂z) f.
ZeroVerdict is_dissipated(const ContactLagrangian& L, const GiNaC::ex& f);
/// The momenta p_i of the cyclic coordinates (∂L/∂q^i = 0): each is dissipated, since
/// d/dt p_i = ∂L/∂q^i + p_i ∂L/∂z by (6).  Returns (coordinate index, p_i).
std::vector<std::pair<std::size_t, GiNaC::ex>> cyclic_momenta(const ContactLagrangian& L);

/// The mechanical case L = ½ g_ij(q) q̇^i q̇^j − V(q, z) (003 (12)).
struct ContactMechanicalParts {
  Metric metric;
  GiNaC::ex potential;  ///< V(q, z)
};
/// The metric and V of a mechanical L, or nothing when L is not of that form.
std::optional<ContactMechanicalParts> contact_mechanical_parts(const ContactLagrangian& L);
/// The accelerations of 003 (13), −Γ^i_jk q̇^j q̇^k − g^{ij} ∂V/∂q^j − q̇^i ∂V/∂z, from the
/// Christoffel symbols of g: a second route to the q̇-components of Γ_L.
std::vector<GiNaC::ex> mechanical_accelerations(const ContactLagrangian& L, const ContactMechanicalParts& parts);

/// The substitution q̇ ↦ the given velocity expressions (and nothing else).
GiNaC::exmap velocity_substitution(const ContactLagrangian& L, const std::vector<GiNaC::ex>& v);

}  // namespace hamel
