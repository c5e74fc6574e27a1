// core/point.hpp — a point given as text, `theta=1.2, pi1=0.3, m=pi/4` (`hamel eval --at`, a rank
// claim's `at:`): names and exact values, each located in the text, so that whoever checks a name or a
// value later can still say where it is.
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "core/error.hpp"

namespace hamel {

/// One name = value of a point.
struct PointValue {
  std::string name;
  GiNaC::ex value;       ///< exact: a real number or an expression of numbers (6172839/50000, pi/4, sqrt(2))
  std::string text;      ///< the value as written
  int name_column = 1;   ///< where the name starts in the text (from 1)
  int value_column = 1;  ///< where the value starts
};

/// The pairs of a point, in order, and the option or key they were read from ("--at").
struct Point {
  std::string option;
  std::vector<PointValue> values;

  bool empty() const { return values.empty(); }
  /// A ParseError at `column` of the point's text (line 1).
  [[noreturn]] void fail(int column, const std::string& what) const { throw ParseError(option, 1, column, what); }
};

}  // namespace hamel
