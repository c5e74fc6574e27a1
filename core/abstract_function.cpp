// core/abstract_function.cpp
#include "core/abstract_function.hpp"

#include <atomic>
#include <iostream>
#include <map>
#include <set>

#include "core/error.hpp"
#include "core/latex.hpp"

namespace hamel {
namespace {

struct Registry {
  std::map<std::pair<std::string, unsigned>, unsigned> by_name;
  std::map<unsigned, std::string> names;
  std::map<unsigned, std::string> latex;  // LaTeX given at declaration, if any
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

AbstractFunction::AbstractFunction(const std::string& name, unsigned nargs, const std::string& latex)
    : name_(name), nargs_(nargs) {
  if (name.empty() || nargs == 0)
    throw InvalidArgument(detail::message("AbstractFunction", "invalid declaration",
                                          "a name and at least one argument",
                                          "'" + name + "' with " + std::to_string(nargs)));
  auto& reg = registry();
  const auto key = std::make_pair(name, nargs);
  auto it = reg.by_name.find(key);
  if (it != reg.by_name.end()) {
    serial_ = it->second;
    return;
  }
  // GiNaC keeps a global table of functions; registering once per (name, arity) is enough.
  GiNaC::function_options opts(name, nargs);
  opts.latex_name(latex.empty() ? latex_name(name) : latex);
  serial_ = GiNaC::function::register_new(opts);
  reg.by_name[key] = serial_;
  reg.names[serial_] = name;
  if (!latex.empty()) reg.latex[serial_] = latex;
}

AbstractFunction AbstractFunction::fresh(const std::string& name, unsigned nargs) {
  if (name.empty() || nargs == 0)
    throw InvalidArgument(detail::message("AbstractFunction::fresh", "invalid declaration",
                                          "a name and at least one argument",
                                          "'" + name + "' with " + std::to_string(nargs)));
  GiNaC::function_options opts(name, nargs);
  opts.latex_name(latex_name(name));
  // GiNaC warns on std::cerr when a name is registered twice; each chart's functions are distinct on
  // purpose (they carry their own derivative rules), so the warning is silenced here.
  std::streambuf* saved = std::cerr.rdbuf(nullptr);
  const unsigned serial = GiNaC::function::register_new(opts);
  std::cerr.rdbuf(saved);
  registry().names[serial] = name;
  AbstractFunction f(serial, name, nargs);
  return f;
}

GiNaC::ex AbstractFunction::operator()(const GiNaC::ex& a) const {
  return (*this)(GiNaC::exvector{a});
}

GiNaC::ex AbstractFunction::operator()(const GiNaC::exvector& args) const {
  if (args.size() != nargs_)
    throw InvalidArgument(detail::message("AbstractFunction::operator()", "wrong number of arguments",
                                          std::to_string(nargs_), std::to_string(args.size())));
  return GiNaC::function(serial_, args);
}

bool is_abstract_jet(const GiNaC::ex& e) {
  if (!GiNaC::is_a<GiNaC::function>(e)) return false;
  return registry().names.count(GiNaC::ex_to<GiNaC::function>(e).get_serial()) > 0;
}

namespace {

struct Rule {
  GiNaC::ex argument;  // the argument the rule is stated at (e.g. theta)
  GiNaC::ex rhs;
};

std::map<unsigned, Rule>& rules() {
  static std::map<unsigned, Rule> r;
  return r;
}

}  // namespace

namespace {
std::atomic<std::size_t> rules_generation{0};  // see derivative_rules_generation
}  // namespace

void set_derivative_rule(const GiNaC::ex& jet, const GiNaC::ex& rhs) {
  const bool ok = GiNaC::is_a<GiNaC::fderivative>(jet) && is_abstract_jet(jet) && jet.nops() == 1 &&
                  GiNaC::ex_to<GiNaC::fderivative>(jet).derivatives().size() == 1 &&
                  GiNaC::is_a<GiNaC::symbol>(jet.op(0));
  if (!ok)
    throw InvalidArgument(detail::message("set_derivative_rule", "a rule gives a first derivative",
                                          "f'(x) of a one-argument abstract function at a coordinate x",
                                          detail::str(jet)));
  if (rhs.has(jet))
    throw InvalidArgument(detail::message("set_derivative_rule", "the rule is circular",
                                          "a right-hand side without " + detail::str(jet), detail::str(rhs)));
  rules()[GiNaC::ex_to<GiNaC::fderivative>(jet).get_serial()] = {jet.op(0), rhs};
  ++rules_generation;
}

bool has_derivative_rules() { return !rules().empty(); }
std::size_t derivative_rules_generation() { return rules_generation; }

GiNaC::ex apply_derivative_rules(const GiNaC::ex& e) {
  if (rules().empty()) return e;
  struct Apply : GiNaC::map_function {
    int depth = 0;
    GiNaC::ex operator()(const GiNaC::ex& x) override {
      if (GiNaC::is_a<GiNaC::fderivative>(x) && x.nops() == 1) {
        const auto& fd = GiNaC::ex_to<GiNaC::fderivative>(x);
        auto it = rules().find(fd.get_serial());
        if (it != rules().end() && x.op(0).is_equal(it->second.argument)) {
          if (++depth > 32)
            throw DomainError(detail::message("apply_derivative_rules", "the derivative rules do not terminate",
                                              "rules that eliminate derivatives", detail::str(x)));
          // f^(n) = d^{n-1}/dx^{n-1} rhs, each step with the rules applied again
          const auto& xs = GiNaC::ex_to<GiNaC::symbol>(it->second.argument);
          GiNaC::ex r = (*this)(it->second.rhs);
          for (std::size_t k = 1; k < fd.derivatives().size(); ++k) r = (*this)(r.diff(xs));
          --depth;
          return r;
        }
      }
      return x.map(*this);
    }
  } apply;
  return apply(e);
}

std::string abstract_function_name(unsigned serial) {
  auto it = registry().names.find(serial);
  return it == registry().names.end() ? std::string() : it->second;
}

std::string abstract_function_latex(unsigned serial) {
  auto it = registry().latex.find(serial);
  return it == registry().latex.end() ? std::string() : it->second;
}

}  // namespace hamel
