// geometry/invariant_frame.hpp — frames that a group action leaves alone (issue 16 §2).
//
// A frame {E_i} of TQ is invariant under the generators ξ_b of an action when [ξ_b, E_i] = 0.  With
// one, a basis of an invariant distribution D is invariant too when it is read off the reduced echelon
// form of the constraints written in that frame (ω_k(E_i)): the echelon form depends only on the
// annihilator, which the action preserves.  This is how Hamel chooses the frame of D when the user
// gives none (the snakeboard's frame comes out in the body frame of SE(2), not as cot θ ∂x + …).
#pragma once

#include <optional>
#include <vector>

#include "geometry/chart.hpp"
#include "geometry/form.hpp"
#include "geometry/vector_field.hpp"

namespace hamel {

/// The product of the factors over Q of the polynomial p (in the coordinates, their sines and cosines
/// and the parameters) that involve a coordinate: where p vanishes on Q (parameters are nonzero).
GiNaC::ex coordinate_factors(const GiNaC::ex& p, const Chart& Q);

/// [ξ, X] = 0 for every generator ξ (each by the zero test).
bool commutes_with(const VectorField& X, const std::vector<VectorField>& generators);

/// A frame of TQ commuting with every generator, searched among the fields whose components are
/// polynomials (degree ≤ 2, or ≤ 1 when that ansatz is large) with constant coefficients in the
/// coordinates the generators move or depend on and in their cosines and sines.  The linear
/// conditions are solved at sample points modulo a prime; each field found is then checked exactly
/// ([ξ_b, E_i] has canonical form 0) and the frame is independent at a sample point.  nullopt when the
/// ansatz holds no such frame — one may still exist (SO(3) acting on Euler angles needs 1/sin θ), or
/// when the generators are not polynomial in those cosines and sines.
std::optional<std::vector<VectorField>> invariant_tangent_frame(const std::vector<VectorField>& generators,
                                                                const Chart& Q);

/// D = {X : ω_k(X) = 0} and a complement W, both read off the matrix (ω_k(E_i)) of the constraints in
/// the frame E of TQ: the basis X = Σ_i v_i E_i of D from its kernel, W spanned by the E_i of its pivot
/// columns (the analogue of the coordinates the constraints solve for).  The pivots are the columns
/// whose minor vanishes in the fewest places and, among those, with the most fields along the orbits
/// of `generators`: the constraints are solved for the group velocities where they can be, so that D
/// is spanned by the fields of the shape velocities (a differential drive's two wheel fields, each
/// with the motion of the base it causes, as in the textbooks); then with the earliest first
/// coordinates (the fields' first nonzero components), which decides when the action is transitive.
/// Both are invariant when E and D are.
struct SplitFrame {
  std::vector<VectorField> distribution;
  std::vector<VectorField> complement;
};
SplitFrame split_in_frame(const std::vector<Form>& constraints, const std::vector<VectorField>& E,
                          const std::vector<VectorField>& generators = {});

}  // namespace hamel
