// geometry/lifts.hpp — tangent and cotangent bundles of a chart, and lifts of vector fields.
#pragma once

#include "geometry/vector_field.hpp"

namespace hamel {

/// TQ with coordinates (q, q_dot); the same chart on every call for the same Q.
Chart tangent_bundle(const Chart& Q);
/// T*Q with coordinates (q, p_q); the same chart on every call for the same Q.
Chart cotangent_bundle(const Chart& Q);
/// D* of a rank-r distribution D on Q, with coordinates (q, pi1..pir) (π_α = the value on the α-th
/// frame field), and D itself with (q, v1..vr): the same charts on every call for the same Q and r,
/// so that a reader and the system it describes share their symbols.
/// stem1, …, stem_r: the names of D*'s momenta (pi), D's quasi-velocities (v) and a default frame (X).
std::vector<std::string> numbered_names(const std::string& stem, std::size_t r);
Chart distribution_dual_chart(const Chart& Q, std::size_t r);
Chart distribution_chart(const Chart& Q, std::size_t r);
/// TQ × R with coordinates (q, q_dot, z); the same chart on every call for the same Q.
Chart contact_tangent_bundle(const Chart& Q);
/// T*Q × R with coordinates (q, p_q, z) (Darboux coordinates, η = dz − p_i dq^i); the same chart on
/// every call.  Its z is a symbol of its own: maps between the two charts (the Legendre transform)
/// carry it over.
Chart contact_cotangent_bundle(const Chart& Q);
/// The action variable z of a chart made by contact_tangent_bundle or contact_cotangent_bundle.
GiNaC::ex action_variable(const Chart& extended);
/// The fibre coordinates of TQ (q̇) or T*Q (p), in the order of Q's coordinates.
std::vector<GiNaC::ex> velocities(const Chart& Q);
std::vector<GiNaC::ex> momenta(const Chart& Q);
/// W_ij = ∂²L/∂q̇^i∂q̇^j over the velocities `v` (symbols), symmetric, each entry differentiated once;
/// not simplified. The kinetic-energy metric of a mechanical L, the Hessian of a regular one.
GiNaC::matrix velocity_hessian(const GiNaC::ex& L, const std::vector<GiNaC::ex>& v);

/// Tangent lift to TQ (004 (4.2)): Z^TQ = Z^j ∂_{q^j} + (∂Z^k/∂q^l) q̇^l ∂_{q̇^k}.
VectorField tangent_lift(const VectorField& Z);
/// Complete (cotangent) lift to T*Q (000, Definition 7): X^c = X^i ∂_{q^i} − p_j (∂X^j/∂q^i) ∂_{p_i}.
VectorField cotangent_lift(const VectorField& X);

}  // namespace hamel
