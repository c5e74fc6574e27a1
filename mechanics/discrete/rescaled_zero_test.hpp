// mechanics/discrete/rescaled_zero_test.hpp — the zero test for expressions of discrete mechanics.
//
// Midpoint rules put half-angles into trigonometric functions (cos((φ0 + φ1)/2)), which are outside the
// class where the canonical form decides (integer-linear arguments, docs/geometry.md).  Scaling each
// such symbol by the lcm of the denominators of its coefficients in trigonometric arguments
// (φ0 ↦ 2φ0) is an invertible change of variables, so the expression vanishes identically iff the
// rescaled one does, and the rescaled one is in the canonical class.  A witness point is mapped back.
#pragma once

#include <ginac/ginac.h>

#include "geometry/chart.hpp"

namespace hamel {

ZeroVerdict rescaled_zero_test(const GiNaC::ex& e, const Chart& chart);

/// Every entry of `v` vanishes: the verdict of the first nonzero entry (with its witness), else the last one.
ZeroVerdict rescaled_all_zero(const std::vector<GiNaC::ex>& v, const Chart& chart);

/// `pretty` (core/symbolic.hpp) after the same rescaling, mapped back: sin²(φ/2) + cos²(φ/2) cancels,
/// and the result is written in sin and cos of the half-angles.  Equal to e as a function.
GiNaC::ex rescaled_pretty(const GiNaC::ex& e, const GiNaC::lst& collect_in = GiNaC::lst{});

}  // namespace hamel
