// derivation/nonholonomic.hpp — the derivation of a nonholonomic system (004 §2–6): kinetic energy,
// frame, structure coefficients, equations of motion, Π_nh, gauge momenta, Λ, Π_nh^Λ, Casimirs, and
// the brackets of the user's variables.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "brackets/nonholonomic.hpp"
#include "brackets/variables.hpp"
#include "derivation/gauge_search.hpp"
#include "derivation/model.hpp"
#include "derivation/nonholonomic_input.hpp"
#include "mechanics/nonholonomic_system.hpp"
#include "reduction/gauge_momenta.hpp"
#include "reduction/symmetry.hpp"

namespace hamel {

/// What derive and the claims share: the brackets and momenta, computed once.
struct NonholonomicBrackets {
  AlmostPoissonBracket nh;
  std::optional<Form> Lambda;
  std::optional<AlmostPoissonBracket> gauged;
  std::vector<VectorField> orbits;  ///< lifted generators on D*
  std::string lambda_note;
  std::optional<GaugeSearchResult> search;
  std::vector<std::pair<std::string, GiNaC::ex>> momenta;  ///< gauge momenta (name, function on D*)
  /// Definition 5.1 for the listed gauge fields, when a symmetry is declared: Λ is built only on an
  /// adapted frame (Theorem 5.3's test and Lemma 5.4 assume one).
  std::optional<AdaptedBasisTest> adapted;
  /// One per declared generator (004 §4.2), and whether they close: only a declared symmetry that is
  /// one has frames adapted to it.
  std::vector<GeneratorCheck> generator_checks;
  StructureConstants closure;
  bool is_symmetry() const;
  /// The bracket the variables are reduced with: Π_nh^Λ when there is one.
  const AlmostPoissonBracket& reduced_source() const { return gauged ? *gauged : nh; }
};

/// The system the input describes (derivation/nonholonomic_system.cpp).
/// @throws SpecError at the input's entry the library refuses: a Lagrangian that is not mechanical, a
///   constraint not affine in the velocities, a frame field not tangent to D, a complement W that is
///   not complementary, …
NonholonomicSystem build_nonholonomic_system(const NonholonomicInput& in);

/// The constraints alone: fewer than the coordinates and independent (their forms' generic rank), so
/// that the names pi1..pir of D* are known before the rest of a file is read.
/// @throws SpecError at 'constraints' (or at the constraint or Lagrangian that is not well formed).
void check_constraints(const NonholonomicInput& in);

/// The brackets; a gauge-momentum search writes its section into `search_out`.
NonholonomicBrackets derive_brackets(const NonholonomicInput& in, const NonholonomicSystem& sys, Derivation& search_out,
                                     const DeriveOptions& options);

/// `in` with the generators of its finite `action` (named after the parameters) joined to `symmetry`.
NonholonomicInput with_action_generators(const NonholonomicInput& in);
/// The whole derivation, appended to `out`. @throws SpecError as build_nonholonomic_system.
void derive_nonholonomic(const NonholonomicInput& in, Derivation& out, const DeriveOptions& options);

}  // namespace hamel
