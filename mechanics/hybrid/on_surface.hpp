// mechanics/hybrid/on_surface.hpp — deciding whether a function vanishes on a switching surface, and
// sampling points of it.
//
// A piece of switching surface is S = {E_1 = … = E_k = 0, σ ⋈ 0} in R × TQ (σ the normal velocity,
// ⋈ the direction condition).  `zero_on_surface(e, S)` decides e|_S = 0 in stages, and says which:
//   1. e vanishes identically (the trusted zero test of core/symbolic.hpp);
//   2. symbolic elimination: equations linear in a coordinate are solved for it and substituted;
//      an equation quadratic in a coordinate with a numeric leading coefficient reduces the numerator
//      of e by polynomial remainder; then the zero test decides — a zero is a proof on S;
//   3. sampling: random points are projected onto E = 0 (Gauss–Newton, minimum-norm steps), kept if
//      they satisfy the direction condition, and e is evaluated there.  A value clearly away from zero
//      is a counterexample (a point of S); otherwise the verdict is "zero at N sampled points of S".
// Abstract functions of time (f(t), f'(t)) are independent unknowns, as in the zero test.
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "geometry/chart.hpp"
#include "numerics/events.hpp"

namespace hamel {

struct SurfacePiece {
  Chart chart;                        ///< TQ (or T*Q); parameters are sampled in its probe ranges
  std::optional<GiNaC::ex> time;      ///< the time symbol of a time-dependent system
  std::vector<GiNaC::ex> equations;   ///< E_k = 0
  GiNaC::ex normal;                   ///< σ; the direction condition is σ < 0 (Falling) / > 0 (Rising) / ≠ 0
  Direction direction = Direction::Either;
  std::string name;                   ///< for messages, e.g. "C1"
  /// Parameters that are coefficients of restitution: sampled in (0, 1], where they are physical (a
  /// counterexample with e = 1.1 is a state no impact reaches), whatever the range of the others.
  std::vector<GiNaC::ex> restitutions = {};
};

/// A numeric point: every symbol (coordinates, velocities, time, parameters, frozen jets) → value.
using SamplePoint = GiNaC::exmap;

/// "x = 2, y = 1, ..." (coordinates first, then the rest), six significant digits; a value within 1e-12
/// of the point's largest (at least 1) is 0 (x = -1.1e-21 left by a projection onto x = 0).
std::string describe_sample(const SamplePoint& p);
/// The same point as (name, value) pairs, in the same order and digits (a claim's JSON `point`).
std::vector<std::pair<std::string, std::string>> sample_items(const SamplePoint& p);

struct SurfaceVerdict {
  bool zero = false;
  std::string how;                     ///< which stage decided
  std::optional<SamplePoint> witness;  ///< a point of S where e ≠ 0
  double value = 0;                    ///< e there
};

/// Decides e|_S = 0 (see the header comment).  `samples`: points of S to try in stage 3.
SurfaceVerdict zero_on_surface(const GiNaC::ex& e, const SurfacePiece& S, int samples = 24);

/// The substitution found by stage 2 (variables solved from the equations), and whether every
/// equation was eliminated (then the remaining coordinates parametrize S locally).
struct Elimination {
  GiNaC::exmap substitution;
  std::vector<GiNaC::ex> solved;      ///< the eliminated symbols, in order
  std::vector<GiNaC::ex> remaining;   ///< equations that could not be solved linearly
  std::string describe() const;       ///< "y = R, x_dot = R*phi_dot"
};
Elimination eliminate(const SurfacePiece& S);

/// Up to `count` points of S (fewer if S is hard to hit). `extra` lists expressions whose symbols
/// must get values too; `parameters`: where every parameter is drawn instead of its probe range
/// (default: the chart's probe range; sign checks use (0, 1], physical masses and restitutions).
/// Reproducible for a given seed.
std::vector<SamplePoint> sample_surface(const SurfacePiece& S, int count, unsigned seed,
                                        const std::vector<GiNaC::ex>& extra = {},
                                        const std::optional<std::pair<double, double>>& parameters = std::nullopt);

/// e at a point, in double precision; jets of abstract functions are looked up in the point by the
/// symbols `freeze` gave them. @throws InvalidArgument if a symbol has no value.
double evaluate_at(const GiNaC::ex& e, const SamplePoint& p);

/// Abstract-function jets replaced by symbols, consistently across calls (one table per process).
GiNaC::ex freeze(const GiNaC::ex& e);

/// The symbols of e (after freezing jets).
std::vector<GiNaC::ex> symbols_of(const std::vector<GiNaC::ex>& es);

/// Refines `start` onto {G = 0} by Gauss–Newton steps in the symbols `vary` (others fixed).
/// Returns nothing if it does not converge to |G| < 1e-12 (scaled).
std::optional<SamplePoint> project(const std::vector<GiNaC::ex>& G, const std::vector<GiNaC::ex>& vary,
                                   SamplePoint start);

/// True if the point satisfies the direction condition of S with margin.
bool satisfies_direction(const SurfacePiece& S, const SamplePoint& p);

}  // namespace hamel
