// io/render/breaking.hpp — a long displayed value cut into lines that fit the page: at the + and − of
// its sums, between the factors of its products (the next line starting with ×), inside the bracket
// of a factor that is a long sum, and with a long denominator named (𝒟₁ = …) and written on lines of
// its own.
#pragma once

#include <ginac/ginac.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hamel {

struct BrokenDisplay {
  std::vector<std::string> lines;  ///< the value's LaTeX, one string per display line
  /// Denominators named for this value: (name, lines of its value), to be displayed after the value.
  std::vector<std::pair<std::string, std::vector<std::string>>> named;
};

/// Breaks the values of one display (an align block) in turn.  A denominator named for one value is
/// named alike in the next ones (𝒟₁ stands for one expression in the whole block) and defined once,
/// after the first value that needs it.
class DisplayBreaker {
 public:
  /// `width`: the widest line in em; `names`: the user's LaTeX names.
  DisplayBreaker(double width, const std::map<std::string, std::string>* names) : width_(width), names_(names) {}

  /// Cuts `value` into lines of at most `width` em where its structure allows (a single factor that
  /// is no sum and is wider than the line stays whole).
  BrokenDisplay operator()(const GiNaC::ex& value);

 private:
  double width_;
  const std::map<std::string, std::string>* names_;
  std::vector<std::pair<std::string, std::string>> named_;  ///< (a denominator's LaTeX, its name)
};

/// One value broken on its own: DisplayBreaker(width, names)(value).
BrokenDisplay break_display(const GiNaC::ex& value, double width, const std::map<std::string, std::string>* names);

}  // namespace hamel
