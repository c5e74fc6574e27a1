// derivation/at_point.hpp — a derivation's objects at a point (`hamel eval FILE --at …`, issue 19 §6):
// every entry with the given coordinates, momenta, parameters, … replaced by numbers, so that the
// renderers print values where the derivation printed formulas.
#pragma once

#include <string>

#include "core/point.hpp"
#include "derivation/model.hpp"

namespace hamel {

/// The objects of `d` at `point` (name → exact number), each entry evaluated from the exact point in
/// ball arithmetic and its numbers written with 15 significant digits, every one correct (an exact 0
/// as 0; a value the balls cannot tell from 0 at 16384 bits is 0 with a note saying so);
/// an entry that still holds names the point does not give stays a formula in them. Prose, tables,
/// figures and verdicts are left out: they are facts about the system, not values at the point. A
/// numeric function (the gauge-momentum solutions Φ(s)) is evaluated where the point gives its argument.
/// @throws ParseError at a name that is none of the derivation's symbols (with a did-you-mean).
Derivation at_point(const Derivation& d, const Point& point);

/// How many entries `at_point` made numbers and how many are still formulas (eval's last line).
std::string at_point_summary(const Derivation& d);

}  // namespace hamel
