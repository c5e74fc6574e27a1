// mechanics/contact/contact_structure.hpp — contact manifolds (M, η) (001 §IV, 003 §2): the musical
// map ♭(v) = ι_v dη + η(v) η, the Reeb field, the contact Hamiltonian vector field of 001 (40) =
// 003 (1) solved from its definition, and the Darboux formula 001 (41) on T*Q × R.
#pragma once

#include "geometry/form.hpp"
#include "geometry/vector_field.hpp"

namespace hamel {

/// The matrix B of ♭: ♭(v)_j = B(j, i) v^i, B(j, i) = dη(∂_i, ∂_j) + η_i η_j.
GiNaC::matrix flat_matrix(const Form& eta);
/// ♭(v) = ι_v dη + η(v) η. @throws InvalidArgument unless eta is a 1-form on v's chart.
Form flat(const Form& eta, const VectorField& v);
/// η ∧ (dη)^n ≠ 0 on a (2n+1)-dimensional chart: the verdict of the zero test of its single component
/// (zero = *not* a contact form).  @throws InvalidArgument on an even-dimensional chart.
ZeroVerdict contact_volume_test(const Form& eta);
/// ♭^{-1}(α), by inverting flat_matrix over the functions. @throws DomainError if ♭ is singular.
VectorField sharp(const Form& eta, const Form& alpha);
/// The Reeb field: ι_R dη = 0, η(R) = 1, i.e. ♭(R) = η (solved, not from a formula).
VectorField reeb_field(const Form& eta);
/// X_H from ♭(X_H) = dH − (R(H) + H) η (001 (40)), solved with ♭^{-1}.
VectorField contact_hamiltonian_vector_field(const Form& eta, const GiNaC::ex& H);

/// η = dz − p_i dq^i on T*Q × R (a chart from contact_cotangent_bundle).
Form darboux_contact_form(const Chart& TstarQxR);
/// X_H in Darboux coordinates, 001 (41):
///   ∂H/∂p_i ∂_{q^i} − (∂H/∂q^i + p_i ∂H/∂z) ∂_{p_i} + (p_i ∂H/∂p_i − H) ∂_z.
VectorField darboux_hamiltonian_vector_field(const Chart& TstarQxR, const GiNaC::ex& H);

}  // namespace hamel
