// reduction/symmetry.hpp — a Lie algebra acting on Q by infinitesimal generators ξ_Q, and what a
// nonholonomic system needs of it (004 §4.2–4.3): structure constants, invariance of L, V and D,
// equivariance of frame fields, the distribution S = D ∩ g·q and freeness.
#pragma once

#include <string>
#include <vector>

#include "geometry/frame.hpp"
#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

struct LieAlgebraAction {
  std::vector<std::string> names;
  std::vector<VectorField> generators;  ///< ξ_Q for a basis of the Lie algebra
};

/// [ξ_a, ξ_b] = c_ab^c ξ_c (the bracket of the generating vector fields; for a left action the Lie
/// algebra bracket is its negative).  `closed` is false, with the offending pair in `detail`, if a
/// bracket is not a constant combination of the generators.
struct StructureConstants {
  Tensor3 c;
  bool closed = true;
  std::string detail;
};
StructureConstants structure_constants(const LieAlgebraAction& action);

/// ξ^TQ[L] = 0 (tangent lift, 004 (4.2)).
ZeroVerdict lagrangian_invariance(const NonholonomicSystem& system, const VectorField& xi);
/// ξ[V] = 0.
ZeroVerdict potential_invariance(const NonholonomicSystem& system, const VectorField& xi);
/// L_ξ D ⊂ D: [ξ, X_α] is a section of D for every frame field.
bool preserves_distribution(const NonholonomicSystem& system, const VectorField& xi);
/// Whether a declared generator ξ is a symmetry of the system (004 §4.2), component by component:
/// ξ^TQ[L] = 0 on TQ, and ω^k([ξ, X_α]) = 0 for every constraint form ω^k and frame field X_α of D
/// (L_ξ D ⊂ D), and for affine constraints ω^k([ξ, X_0]) = 0 (the lift keeps X_0 + D).  A failure
/// names its component and value: "xi^TQ[L]" = lagrangian_value, or the first
/// "omega^1([xi, X2])" that is not zero; the verdicts say how each was decided and where it fails.
struct GeneratorCheck {
  ZeroVerdict lagrangian;
  GiNaC::ex lagrangian_value = 0;     ///< ξ^TQ[L]
  ZeroVerdict distribution;           ///< of the first failing component (or of the last one tested)
  std::string distribution_failing;   ///< "omega^k([xi, X_a])"; empty when L_ξ D ⊂ D
  GiNaC::ex distribution_value = 0;   ///< its value
  bool holds() const { return lagrangian.zero && distribution.zero; }
};
GeneratorCheck check_generator(const NonholonomicSystem& system, const VectorField& xi, const std::string& name = "xi");

/// [ξ, X_α] = 0: the frame field X_α is equivariant (for a connected group).
ZeroVerdict equivariance(const NonholonomicSystem& system, const VectorField& xi, std::size_t alpha);

/// equivariance() of every field of D under every generator, stopping at the first pair that fails:
/// `verdict` is that pair's (then `generator` and `field` name it), else the last one decided by
/// numeric probing, else a canonical "0".
struct FrameEquivariance {
  ZeroVerdict verdict;
  std::string generator;
  std::size_t field = 0;
};
FrameEquivariance frame_equivariance(const NonholonomicSystem& system,
                                     const std::vector<std::pair<std::string, VectorField>>& generators);

/// A basis of S = D ∩ g·q at generic points, as combinations of the generators, and where its rank
/// drops (the common zeros of its maximal minors, factored; empty if nowhere on the chart).
struct OrbitIntersection {
  std::vector<VectorField> basis;
  std::size_t generic_rank = 0;
  GiNaC::ex drop_locus;  ///< rank drops where this vanishes (1 if nowhere)
};
OrbitIntersection orbit_intersection(const NonholonomicSystem& system, const LieAlgebraAction& action);

/// Rank of the generators: the action is locally free where it equals dim g.
struct Freeness {
  bool free_generically = false;
  std::size_t generic_rank = 0;
  GiNaC::ex drop_locus;  ///< not free where this vanishes (1 if free on the whole chart)
};
Freeness freeness(const LieAlgebraAction& action, const Chart& Q);

/// gcd of the numerators of the nonzero maximal minors of M (generic rank r): M has rank < r exactly
/// where it vanishes.
GiNaC::ex rank_drop_locus(const GiNaC::matrix& M, const Chart& chart);

}  // namespace hamel
