// derivation/at_point.hpp — a derivation's objects at a point (`hamel eval FILE --at …`, issue 19 §6):
// every entry with the given coordinates, momenta, parameters, … replaced by numbers, so that the
// renderers print values where the derivation printed formulas.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "derivation/model.hpp"

namespace hamel {

/// The objects of `d` at `point` (name → number), each entry evaluated and its numbers written with 15
/// significant digits;
/// an entry that still holds names the point does not give stays a formula in them. Prose, tables,
/// figures and verdicts are left out: they are facts about the system, not values at the point. A
/// numeric function (the gauge-momentum solutions Φ(s)) is evaluated where the point gives its argument.
/// @throws InvalidArgument for a name that is none of the derivation's symbols (with a did-you-mean).
Derivation at_point(const Derivation& d, const std::vector<std::pair<std::string, double>>& point);

}  // namespace hamel
