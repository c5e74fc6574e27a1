// core/abstract_function.cpp
#include "core/abstract_function.hpp"

#include <map>
#include <set>

#include "core/error.hpp"
#include "core/latex.hpp"

namespace hamel {
namespace {

struct Registry {
  std::map<std::pair<std::string, unsigned>, unsigned> by_name;
  std::map<unsigned, std::string> names;
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

std::string abstract_function_name(unsigned serial) {
  auto it = registry().names.find(serial);
  return it == registry().names.end() ? std::string() : it->second;
}

}  // namespace hamel
