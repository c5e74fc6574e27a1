// mechanics/contact/generalized_distribution.hpp — generalized (non-constant-rank) distributions and
// codistributions (003 §4): the rank at a point, regular and singular points, and the case analysis
// of 003 §4 when a trajectory crosses the singular set.
//
// Ranks are counted for the object that is given by smooth generators (and so has a lower
// semicontinuous rank, regular points being local maxima): dim D for a distribution such as Example 1,
// the number of constraints (rank of D°, E13) for a codistribution such as the sphere's (81).
#pragma once

#include <string>
#include <vector>

#include "geometry/chart.hpp"

namespace hamel {

/// φ(y) of 003 (44): 0 for y ≤ 0 and exp(−1/y²) for y > 0 (smooth, flat at 0).  A GiNaC function
/// that evaluates to an exact 0 at real numbers y ≤ 0; printed phi(y).
GiNaC::ex flat_step(const GiNaC::ex& y);

/// The rank of a matrix of functions at a point (map symbol → number): the generators of a
/// (co)distribution as rows.  Entries are decided by the zero test on constants, which reads values
/// below about 1e-100 (relative) as 0 — keep points where the generators are not that flat.
std::size_t rank_at_point(const GiNaC::matrix& generators, const Chart& chart, const GiNaC::exmap& point);

/// Rank at q and at 2n + 2 sampled points at distance `radius` (q ± r e_i and q ± r(1, …, 1)/√n).
struct PointClassification {
  std::size_t rank = 0;         ///< at q
  std::size_t nearby_min = 0;   ///< over the samples
  std::size_t nearby_max = 0;
  bool regular = false;         ///< rank constant on the samples and equal to the rank at q
};
/// Regular points are where the rank is locally constant (003 §4).  A sampled test: it can miss a
/// change of rank between the samples; the radius should be below the distance to other strata.
PointClassification classify_point(const GiNaC::matrix& generators, const Chart& chart, const GiNaC::exmap& point,
                                   double radius = 0.1);

/// The case analysis of 003 §4 for the number of constraints before (ρ₋), at (ρ₀) and after (ρ₊) a
/// crossing of the singular set (counting constraints, E13).
struct RankChange {
  std::size_t before = 0, at = 0, after = 0;
  int paper_case = 0;      ///< 1: ρ₋ = ρ₀ < ρ₊; 2: ρ₋ > ρ₀ = ρ₊; 3: ρ₋ > ρ₀ < ρ₊; 0: none of these
  bool impulsive = false;  ///< new constraints must hold after the crossing: a momentum jump (65)–(74)
  /// The case in words: "case 1 of 003 §4: rho- = rho0 < rho+", or for case 0 why none of 1–3 applies
  /// (ρ₋ < ρ₀ = ρ₊: a region that contains its boundary switches on at the crossing point itself).
  std::string case_text() const;
  std::string describe() const;
};
RankChange rank_change(std::size_t before, std::size_t at, std::size_t after);

}  // namespace hamel
