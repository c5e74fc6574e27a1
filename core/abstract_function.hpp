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
  /// Registers a new function even if one of that name exists: charts use this, so that the
  /// derivative rules of one system never leak into another.
  static AbstractFunction fresh(const std::string& name, unsigned nargs);
  const std::string& name() const { return name_; }
  unsigned nargs() const { return nargs_; }
  unsigned serial() const { return serial_; }
  GiNaC::ex operator()(const GiNaC::ex& a) const;
  GiNaC::ex operator()(const GiNaC::exvector& args) const;

 private:
  AbstractFunction(unsigned serial, std::string name, unsigned nargs)
      : name_(std::move(name)), nargs_(nargs), serial_(serial) {}
  std::string name_;
  unsigned nargs_;
  unsigned serial_;
};

/// True if `e` is an application of an abstract function or one of its derivatives.
bool is_abstract_jet(const GiNaC::ex& e);

/// A relation between abstract functions, as a rule for a first derivative: f'(x) = rhs, e.g. 004
/// (7.3) as f1'(θ) = cosθ (R_m − f1)/sinθ with R_m = −f2'(θ)/sinθ.  `jet` is the derivative as GiNaC
/// writes it (diff(f(x), x) for a one-argument f).  Higher derivatives follow by differentiating.
/// @throws InvalidArgument if `jet` is not the first derivative of a one-argument abstract function,
///   or if `rhs` contains it.
void set_derivative_rule(const GiNaC::ex& jet, const GiNaC::ex& rhs);
/// Replaces every derivative that has a rule (recursively, for higher derivatives).
GiNaC::ex apply_derivative_rules(const GiNaC::ex& e);
bool has_derivative_rules();
/// Changes whenever a rule is set: what was simplified before may simplify further now.
std::size_t derivative_rules_generation();

/// The name of the abstract function `serial` (for printing).
std::string abstract_function_name(unsigned serial);

/// The LaTeX given when the abstract function `serial` was declared; empty if none was (printing then
/// uses latex_name of its name).
std::string abstract_function_latex(unsigned serial);

}  // namespace hamel
