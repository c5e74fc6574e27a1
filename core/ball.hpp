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

/// A value's decimal digits, each one proved by the ball (`decimal_value`).
struct DecimalValue {
  enum class Status {
    Digits,     ///< `real` (and `imag` when not 0) hold the digits
    NearZero,   ///< the ball still holds 0 at the highest precision: |value| < 10^log10_bound
    Unbounded,  ///< the ball is unbounded at every precision (a pole the exact values did not show)
    Imprecise,  ///< too wide at the highest precision (cos(10^5000)): no digit is known
  };
  Status status = Status::Digits;
  std::string real = "0";  ///< "%g"-like: 0.0516725327143998, 123456.789, -1.80953937585587e-17, 2
  std::string imag;        ///< empty when the imaginary part is exactly 0
  double log10_bound = 0;  ///< NearZero: a bound on log10 |value|
};

/// e at `point` (symbols ↦ exact numbers) with `digits` significant digits, rounded to nearest from a
/// ball whose radius is far below the last digit: the precision doubles from 128 bits up to `max_bits`
/// until the ball is that narrow (cos(10^40) needs about 200 bits, the double nearest 10^40 has the
/// wrong cosine). nullopt where ball_value gives none.
std::optional<DecimalValue> decimal_value(const GiNaC::ex& e, const GiNaC::exmap& point, int digits, long max_bits = 1L << 14);

/// Decimal digits of `bits` binary digits (rounded down).
long digits_of_bits(long bits);

}  // namespace hamel
