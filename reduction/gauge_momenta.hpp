// reduction/gauge_momenta.hpp — gauge momenta (004 §4–5): the test of Theorem 5.3 and the 3-form Λ
// of Lemma 5.4.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

/// ṗ_Z = Z^TQ[L]|_D (004 (4.1)): the evolution of the linear momentum of a section Z of D, as a
/// function on D = (q, v) (quasi-velocities of the system's frame).
GiNaC::ex momentum_evolution(const NonholonomicSystem& system, const VectorField& Z);

/// Theorem 4.3: p_Z is a first integral iff Z is an infinitesimal isometry on D,
/// (L_Z G)(u, u) = 0 for u ∈ D, and Z[V] = 0.  Both parts are reported.
struct FirstIntegralTest {
  bool isometry_on_D = false;
  bool annihilates_potential = false;
  bool first_integral() const { return isometry_on_D && annihilates_potential; }
  std::string detail;
};
FirstIntegralTest theorem_4_3_test(const NonholonomicSystem& system, const VectorField& Z);

/// Theorem 5.3: an equivariant section X_b of S = D ∩ g·q generates a gauge momentum iff
/// C_bαβ = −C_bβα for all α, β.  The verdict names the first pair that fails.
struct GaugeMomentumTest {
  bool passed = true;
  std::string detail;  ///< "C_123 = -C_132 ... (symbolic)" or the failing pair with its values
};
GaugeMomentumTest theorem_5_3_test(const NonholonomicSystem& system, std::size_t b);

/// The 3-form Λ of Lemma 5.4, built from an adapted basis (5.3)–(5.4): the frame fields with indices
/// `gauge` are the generators Z_b of gauge momenta; B_bβγ = ⟨[Z_b, X_β], X_γ⟩ and, for the remaining
/// indices I, J, K, B_IJK = `b_ijk` (default 0; irrelevant and unique when r − ℓ < 3).
/// @throws DomainError if some Z_b fails Theorem 5.3's test (Λ would not be alternating).
Form lemma_5_4_three_form(const NonholonomicSystem& system, const std::vector<std::size_t>& gauge,
                          const std::optional<Tensor3>& b_ijk = std::nullopt);

}  // namespace hamel
