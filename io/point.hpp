// io/point.hpp — a point given on the command line, `--at "theta=1.2, pi1=0.3, m=pi/4"`: names and
// numbers (each value an expression of numbers, read as system files read expressions).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace hamel {

/// The name = value pairs of `text`, in order. `option` names the option in errors.
/// @throws ParseError located in the option's text (column of the offending part): a part without
///   '=', a name that is not an identifier or is given twice, a value that is not a real number.
std::vector<std::pair<std::string, double>> read_point(const std::string& text, const std::string& option = "--at");

}  // namespace hamel
