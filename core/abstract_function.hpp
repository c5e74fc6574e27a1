// core/abstract_function.hpp — undeclared functions f(θ) with symbolic derivatives f'(θ), f''(θ)...
//
// Papers state results for general shapes (the solid of revolution of 004 §7 is given by f1(θ),
// f2(θ)).  GiNaC represents them natively: a function registered at run time has no derivative
// rule, so differentiation produces `fderivative` objects D[0](f1)(θ).  The registry below remembers
// which GiNaC functions are ours, so that the zero test can treat their jets as independent unknowns.
#pragma once

#include <ginac/ginac.h>

#include <string>

namespace hamel {

class AbstractFunction {
 public:
  /// Registers (or finds) the function `name` of `nargs` arguments, printed in LaTeX as `latex`
  /// (default: the LaTeX form of `name`, f1 → f_1).
  AbstractFunction(const std::string& name, unsigned nargs, const std::string& latex = "");
  const std::string& name() const { return name_; }
  unsigned nargs() const { return nargs_; }
  unsigned serial() const { return serial_; }
  GiNaC::ex operator()(const GiNaC::ex& a) const;
  GiNaC::ex operator()(const GiNaC::exvector& args) const;

 private:
  std::string name_;
  unsigned nargs_;
  unsigned serial_;
};

/// True if `e` is an application of an abstract function or one of its derivatives.
bool is_abstract_jet(const GiNaC::ex& e);

/// The name of the abstract function `serial` (for printing).
std::string abstract_function_name(unsigned serial);

}  // namespace hamel
