// io/point.hpp — a point given on the command line, `--at "theta=1.2, pi1=0.3, m=pi/4"`: names and
// numbers (each value an expression of numbers, read as system files read expressions, and kept exact).
#pragma once

#include <string>
#include <vector>

#include "core/point.hpp"
#include "geometry/chart.hpp"

namespace hamel {

/// The name = value pairs of `text`, in order. `option` names the option in errors.
/// @throws ParseError located in the option's text (column of the offending part): a part without
///   '=', a name that is not an identifier or is given twice, a value that is not a real number, an
///   unbalanced '(' (at it).
Point read_point(const std::string& text, const std::string& option = "--at");

/// Refuses a value ≤ 0 for a parameter declared positive, as a system file's `values:` does.
/// @throws ParseError at the value.
void check_positive_parameters(const Point& point, const std::vector<ParameterSpec>& parameters);

}  // namespace hamel
