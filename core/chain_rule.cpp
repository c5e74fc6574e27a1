// core/chain_rule.cpp
#include "core/chain_rule.hpp"

#include <ginac/ginac.h>

#include <vector>

namespace hamel {

namespace {

// function's protected registry and partial derivative, named through a derived class: GiNaC keeps
// the function options of every registered function there, and pderivative(i) is ∂_i f at the args.
struct FunctionAccess : GiNaC::function {
  static std::vector<GiNaC::function_options>& options() { return registered_functions(); }
  static GiNaC::ex partial(const GiNaC::function& f, unsigned i) {
    const auto pd = &FunctionAccess::pderivative;
    return (f.*pd)(i);
  }
};

// The chain rule of GiNaC's function::derivative, for the function being differentiated
// (function::current_serial, set by GiNaC before it calls an explicit derivative).
GiNaC::ex chain_rule(const GiNaC::exvector& args, const GiNaC::symbol& s) {
  // built before the arguments are differentiated: a function inside them sets current_serial again
  const GiNaC::function f(GiNaC::function::current_serial, args);
  GiNaC::ex result;
  for (unsigned i = 0; i < args.size(); ++i) {
    const GiNaC::ex d = args[i].diff(s);
    if (!d.is_zero()) result += FunctionAccess::partial(f, i) * d;
  }
  return result;
}

}  // namespace

bool install_chain_rules() {
  static const bool installed = [] {
    std::vector<GiNaC::function_options>& all = FunctionAccess::options();
    for (const unsigned serial : {GiNaC::sin_SERIAL::serial, GiNaC::cos_SERIAL::serial, GiNaC::tan_SERIAL::serial,
                                  GiNaC::exp_SERIAL::serial, GiNaC::log_SERIAL::serial, GiNaC::sinh_SERIAL::serial,
                                  GiNaC::cosh_SERIAL::serial, GiNaC::tanh_SERIAL::serial, GiNaC::asin_SERIAL::serial,
                                  GiNaC::acos_SERIAL::serial, GiNaC::atan_SERIAL::serial, GiNaC::atan2_SERIAL::serial})
      all.at(serial).expl_derivative_func(chain_rule);
    return true;
  }();
  return installed;
}

}  // namespace hamel
