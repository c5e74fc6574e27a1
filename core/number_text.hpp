// core/number_text.hpp — a double as text with a given number of significant digits (the C++ default
// notation: 0.25, 1e-12), as every message and report writes its numbers.
#pragma once

#include <string>

namespace hamel {

/// `x` printed with `digits` significant digits ("%g"-like, without trailing zeros).
std::string number_text(double x, int digits = 10);

}  // namespace hamel
