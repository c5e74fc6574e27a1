// core/number_text.hpp — a double as text with a given number of significant digits (the C++ default
// notation: 0.25, 1e-12), as every message and report writes its numbers.
#pragma once

#include <string>

namespace hamel {

/// `x` printed with `digits` significant digits ("%g"-like, without trailing zeros).
std::string number_text(double x, int digits = 10);

/// An exact number's text ("98910578158002039069895/151115727451828646838272") as six significant
/// digits when it is longer than 12 characters, for a reader's eyes (the JSON keeps the exact one);
/// anything else unchanged.
std::string readable_number(const std::string& exact);

}  // namespace hamel
