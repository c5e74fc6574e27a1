// derivation/characteristic.hpp — the characteristic distribution of a bracket and the commutators of
// Hamiltonian vector fields (issue 19 §3–4), the statements of 004 Corollary 5.8 made checkable:
//   E_Π = Π♯(T*M), spanned by the Π♯(dx^i): its generic rank, whether it is involutive (Frobenius:
//   integrable), and the rank of its involutive closure (brackets added until nothing new is spanned);
//   [X_nh, X_C] for the gauge momenta C, zero on D* or only tangent to the group orbits (zero after
//   reduction: the form in which 5.8(ii) holds, ../shared/reference/gauge.md), and [X_nh, ξ_D*].
// Claims (derivation/claims/nonholonomic.cpp) use the same functions: commutator, characteristic_rank,
// integrable.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "brackets/almost_poisson.hpp"
#include "derivation/model.hpp"
#include "geometry/distribution.hpp"

namespace hamel {

/// a, b ↦ the row (Jac(u_a, u_b, u_c))_c on D* (characteristic_on_image).
using JacobiatorRow = std::function<std::vector<GiNaC::ex>(std::size_t, std::size_t)>;

struct CharacteristicReport {
  std::size_t dimension = 0;     ///< of the manifold
  std::size_t rank = 0;          ///< generic rank of E_Π
  bool involutive = false;
  std::string witness;           ///< the first pair [X_{x^i}, X_{x^j}] that leaves E_Π, by coordinate names
  /// the witness leaves E_Π at a random point (exact arithmetic modulo a prime: the rank there is at most
  /// the generic rank), not by symbolic ranks; characteristic_report looks there first
  bool witness_at_a_point = false;
  std::size_t closure_rank = 0;  ///< generic rank of the smallest involutive distribution containing E_Π
  /// closure_rank is the dimension, shown by the fields and their brackets at a random point (exact
  /// arithmetic modulo a prime: a rank there is at most the generic rank), not by symbolic ranks
  bool closure_at_a_point = false;
};

/// Whether K lies in the span of `fields` (the lifted generators of a symmetry), as a zero test of
/// K − Σ c_a ξ_a with c solved on the coordinates where the ξ_a are independent: its verdict says how
/// it was decided. @throws DomainError when the fields are dependent everywhere.
ZeroVerdict in_span_of(const std::vector<VectorField>& fields, const VectorField& K);

/// Decided by symbolic rank (zero tests of the eliminations' pivots); a bracket leaving E_Π and a closure
/// of full rank by the rank at a random point where it shows them (witness_at_a_point, closure_at_a_point).
CharacteristicReport characteristic_report(const AlmostPoissonBracket& B);

/// How the witness was found, to begin a verdict's text: "symbolic rank" or the rank at a point.
std::string witness_how(const CharacteristicReport& r);

/// How the closure rank was decided, to follow it in a verdict's text: "" for symbolic ranks.
std::string closure_how(const CharacteristicReport& r);

/// The characteristic distribution of the reduced bracket of the variables u_a on the reduced space
/// itself, the image of D* under u, where the bracket table in the variables is defined only on the
/// zero set of the relations among them (|γ|² = 1): the fields Y_a = Π♯du_a on D* are u-related to
/// the reduced X_{u_a}, so at u(p) the distribution is the span of the columns (Y_a(u_c))(p) =
/// ({u_c, u_a}(p)), and brackets of Y's on D* push forward to brackets of X's. Ranks are symbolic ranks
/// of these k-row matrices on D*. `dimension` is the reduced space's: the rank of du (the generic rank of
/// the Jacobian of u).
///
/// With `jacobiator_row` (a, b ↦ (Jac(u_a, u_b, u_c))_c on D*), given when every {u_a, u_b} is a
/// function W_ab of the variables: [Y_a, Y_b](u_c) = Jac(u_a, u_b, u_c) − {u_c, W_ab(u)} and
/// {u_c, W_ab(u)} = Σ_d ∂_d W_ab Y_d(u_c), so the pushed-forward bracket equals the Jacobiator's row modulo
/// the span: that (small, shared with the Jacobi test) row is tested instead, and a zero row needs no test.
CharacteristicReport characteristic_on_image(const AlmostPoissonBracket& B, const std::vector<GiNaC::ex>& u,
                                             const std::vector<std::string>& names, const JacobiatorRow& jacobiator_row = {});

/// The k × k matrix (Y_a(u_c)) = ({u_c, u_a}) on D* whose columns span the reduced characteristic
/// distribution at u(p) (characteristic_on_image): its rank at a point of D* is the distribution's there.
GiNaC::matrix reduced_characteristic_matrix(const AlmostPoissonBracket& B, const std::vector<GiNaC::ex>& u);

struct NamedBracket {
  std::string key;   ///< in ids: "nonholonomic", "gauged", "reduced"
  std::string name;  ///< in statements and the table, plain text: "Pi_nh"
  AlmostPoissonBracket bracket;
};

/// Into `s`: the table "characteristic" (one row per bracket: name, dimension, rank, involutive,
/// closure rank) and for each bracket the fact "characteristic.<key>.integrable".
void characteristic_distributions(const std::vector<NamedBracket>& brackets, DerivationSection& s);

/// Into `s`: the table "characteristic" with one row, "the reduced bracket on the reduced space", from
/// characteristic_on_image, and the fact "characteristic.reduced.integrable".
void characteristic_on_reduced_space(const AlmostPoissonBracket& B, const std::vector<GiNaC::ex>& u,
                                     const std::vector<std::string>& names, DerivationSection& s,
                                     const JacobiatorRow& jacobiator_row = {});

/// Into `s`: for each gauge momentum (name, C) the fact "commutator.<name>.zero", whether
/// [X, Π♯dC] = 0 on D*; for each named generator ξ, the verdict "commutator.<ξ>" that [X, ξ] = 0
/// (expected: X is invariant). Tangency to the orbits is the `commutator` claim's (seconds per momentum).
void commutators(const VectorField& X, const AlmostPoissonBracket& B,
                 const std::vector<std::pair<std::string, GiNaC::ex>>& momenta,
                 const std::vector<std::pair<std::string, VectorField>>& generators, DerivationSection& s);

}  // namespace hamel
