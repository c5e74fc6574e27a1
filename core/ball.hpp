// core/ball.hpp — values of expressions as complex balls (Arb's acb_t: a midpoint and a radius that
// rigorously enclose the true value), for zero tests whose "nonzero" is a proof: a ball that excludes
// 0 proves the expression nonzero at that point, whatever the rounding (issue 17 §1).
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>

namespace hamel {

/// What a ball says about a value.
struct BallValue {
  bool excludes_zero = false;  ///< proved nonzero
  bool finite = true;          ///< false: the ball is unbounded (a pole, a branch cut in the ball)
  double log10_radius = 0;     ///< log10 of the radius (of |value| when it contains 0); -inf for an exact 0
  double log10_abs = 0;        ///< log10 of |midpoint| (−inf when 0)
  std::string text;            ///< "[1.000e-108 +/- 3e-230]" for reports
};

/// e at `point` (symbols ↦ exact rational or floating numbers) in ball arithmetic with `bits` of
/// working precision: + × ^, exp, log, sin, cos, tan, the inverse and hyperbolic functions, atan2 (of
/// real arguments), abs, π, Euler's and Catalan's constants.
/// nullopt when e holds anything else (an abstract function, a symbol without a value).
std::optional<BallValue> ball_value(const GiNaC::ex& e, const GiNaC::exmap& point, long bits);

/// Decimal digits of `bits` binary digits (rounded down).
long digits_of_bits(long bits);

}  // namespace hamel
