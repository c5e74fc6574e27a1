// io/render/breaking.hpp — a long displayed value cut into lines that fit the page: at the + and − of
// its sums, inside the bracket of a factor that is a long sum, and with a long denominator named
// (𝒟₁ = …) and written on lines of its own.
#pragma once

#include <ginac/ginac.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hamel {

struct BrokenDisplay {
  std::vector<std::string> lines;  ///< the value's LaTeX, one string per display line
  /// Named denominators: (name, lines of its value), to be displayed after the value.
  std::vector<std::pair<std::string, std::vector<std::string>>> named;
};

/// Cuts `value` into lines of at most `width` em where its structure allows (a single factor wider
/// than the line stays whole); `names` are the user's LaTeX names.
BrokenDisplay break_display(const GiNaC::ex& value, double width, const std::map<std::string, std::string>* names);

}  // namespace hamel
