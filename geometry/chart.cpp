// geometry/chart.cpp
#include "geometry/chart.hpp"

#include <set>

#include "core/error.hpp"
#include "core/latex.hpp"

namespace hamel {

struct Chart::Data {
  std::string name;
  std::vector<std::string> coordinate_names;
  std::vector<GiNaC::ex> coordinates;
  std::vector<ParameterSpec> parameter_specs;
  std::vector<GiNaC::ex> parameters;
  std::map<std::string, Interval> domain;
  std::vector<FunctionSpec> function_specs;
  std::map<std::string, AbstractFunction> functions;
  // Extensions are cached so that tangent_bundle(Q) is the same chart on every call.
  mutable std::map<std::string, std::shared_ptr<Data>> extensions;
};

namespace {

void check_name(const std::string& n, std::set<std::string>& seen, const std::string& what) {
  if (n.empty())
    throw InvalidArgument(detail::message("Chart", "empty " + what + " name", "a name", "\"\""));
  if (!seen.insert(n).second)
    throw InvalidArgument(detail::message("Chart", "duplicate name '" + n + "'",
                                          "distinct names for coordinates, parameters and functions",
                                          "'" + n + "' twice"));
}

// A cache key's suffix for the domain intervals given with new coordinates.
std::string domain_key(const std::map<std::string, Interval>& domain) {
  std::string key;
  for (const auto& [c, i] : domain) key += ";" + c + ":" + detail::str(i.lo) + ":" + detail::str(i.hi);
  return key;
}

}  // namespace

void Chart::set_domain(Data& d, const std::map<std::string, Interval>& domain, const std::string& chart) {
  for (const auto& kv : domain) {
    if (std::find(d.coordinate_names.begin(), d.coordinate_names.end(), kv.first) == d.coordinate_names.end())
      throw InvalidArgument(detail::message("Chart", "domain given for an unknown coordinate", "one of " + chart,
                                            "'" + kv.first + "'"));
    d.domain[kv.first] = kv.second;
  }
}

Chart::Chart(const ChartSpec& spec) : data_(std::make_shared<Data>()) {
  auto& d = *data_;
  d.name = spec.name;
  std::set<std::string> seen;
  for (const auto& c : spec.coordinates) {
    check_name(c, seen, "coordinate");
    d.coordinate_names.push_back(c);
    d.coordinates.push_back(GiNaC::realsymbol(c, latex_name(c)));
  }
  for (const auto& p : spec.parameters) {
    check_name(p.name, seen, "parameter");
    d.parameter_specs.push_back(p);
    if (p.positive)
      d.parameters.push_back(GiNaC::possymbol(p.name, latex_name(p.name)));
    else
      d.parameters.push_back(GiNaC::realsymbol(p.name, latex_name(p.name)));
  }
  set_domain(d, spec.domain, describe());
  for (const auto& f : spec.functions) {
    check_name(f.name, seen, "function");
    for (const auto& a : f.arguments)
      if (std::find(d.coordinate_names.begin(), d.coordinate_names.end(), a) ==
          d.coordinate_names.end())
        throw InvalidArgument(detail::message("Chart", "function '" + f.name +
                                                           "' depends on an unknown coordinate",
                                              "one of " + describe(), "'" + a + "'"));
    d.function_specs.push_back(f);
    d.functions.emplace(f.name, AbstractFunction::fresh(f.name, static_cast<unsigned>(f.arguments.size())));
  }
}

Chart Chart::make(const std::string& name, const std::vector<std::string>& coordinates,
                  const std::vector<std::string>& positive_parameters) {
  ChartSpec s;
  s.name = name;
  s.coordinates = coordinates;
  for (const auto& p : positive_parameters) s.parameters.push_back({p, true});
  return Chart(s);
}

const std::string& Chart::name() const { return data_->name; }
std::size_t Chart::dim() const { return data_->coordinates.size(); }

const GiNaC::ex& Chart::operator[](std::size_t i) const {
  if (i >= dim())
    throw InvalidArgument(detail::message("Chart::coordinate", "index out of range",
                                          "an index < " + std::to_string(dim()), std::to_string(i)));
  return data_->coordinates[i];
}

const std::vector<GiNaC::ex>& Chart::coordinates() const { return data_->coordinates; }
const std::string& Chart::coordinate_name(std::size_t i) const {
  (void)(*this)[i];
  return data_->coordinate_names[i];
}

std::optional<std::size_t> Chart::index_of(const GiNaC::ex& symbol) const {
  for (std::size_t i = 0; i < dim(); ++i)
    if (data_->coordinates[i].is_equal(symbol)) return i;
  return std::nullopt;
}

std::optional<std::size_t> Chart::index_of(const std::string& name) const {
  for (std::size_t i = 0; i < dim(); ++i)
    if (data_->coordinate_names[i] == name) return i;
  return std::nullopt;
}

GiNaC::ex Chart::parameter(const std::string& name) const {
  for (std::size_t i = 0; i < data_->parameter_specs.size(); ++i)
    if (data_->parameter_specs[i].name == name) return data_->parameters[i];
  throw InvalidArgument(detail::message("Chart::parameter", "unknown parameter",
                                        "a parameter of " + describe(), "'" + name + "'"));
}

const std::vector<ParameterSpec>& Chart::parameter_specs() const { return data_->parameter_specs; }
const std::vector<GiNaC::ex>& Chart::parameters() const { return data_->parameters; }

const AbstractFunction& Chart::function(const std::string& name) const {
  auto it = data_->functions.find(name);
  if (it == data_->functions.end())
    throw InvalidArgument(detail::message("Chart::function", "unknown function",
                                          "a function declared on " + describe(), "'" + name + "'"));
  return it->second;
}

GiNaC::ex Chart::function_value(const std::string& name) const {
  const auto& f = function(name);
  for (const auto& spec : data_->function_specs)
    if (spec.name == name) {
      GiNaC::exvector args;
      for (const auto& a : spec.arguments) args.push_back(data_->coordinates[*index_of(a)]);
      return f(args);
    }
  return 0;  // unreachable: function() found it
}

const std::vector<FunctionSpec>& Chart::function_specs() const { return data_->function_specs; }

std::optional<GiNaC::ex> Chart::symbol(const std::string& name) const {
  if (auto i = index_of(name)) return data_->coordinates[*i];
  for (std::size_t i = 0; i < data_->parameter_specs.size(); ++i)
    if (data_->parameter_specs[i].name == name) return data_->parameters[i];
  return std::nullopt;
}

GiNaC::symtab Chart::symbols() const {
  GiNaC::symtab t;
  for (std::size_t i = 0; i < dim(); ++i) t[data_->coordinate_names[i]] = data_->coordinates[i];
  for (std::size_t i = 0; i < data_->parameters.size(); ++i)
    t[data_->parameter_specs[i].name] = data_->parameters[i];
  return t;
}

std::optional<Interval> Chart::domain(std::size_t i) const {
  auto it = data_->domain.find(coordinate_name(i));
  if (it == data_->domain.end()) return std::nullopt;
  return it->second;
}

ProbeSpace Chart::probe_space() const {
  ProbeSpace s;
  for (std::size_t i = 0; i < dim(); ++i)
    if (auto dom = domain(i)) {
      const double lo = GiNaC::ex_to<GiNaC::numeric>(dom->lo.evalf()).to_double();
      const double hi = GiNaC::ex_to<GiNaC::numeric>(dom->hi.evalf()).to_double();
      s.ranges.push_back({data_->coordinates[i], lo, hi});
    }
  for (std::size_t i = 0; i < data_->parameters.size(); ++i)
    s.ranges.push_back({data_->parameters[i], data_->parameter_specs[i].positive ? 0.5 : -2.0, 2.5});
  return s;
}

Chart Chart::extend(const std::string& name, const std::vector<std::string>& more,
                    const std::map<std::string, Interval>& domain) const {
  std::string key = name;
  for (const auto& m : more) key += "," + m;
  key += domain_key(domain);
  auto it = data_->extensions.find(key);
  if (it != data_->extensions.end()) return Chart(it->second);
  auto d = std::make_shared<Data>(*data_);
  d->extensions.clear();
  d->name = name;
  std::set<std::string> seen(d->coordinate_names.begin(), d->coordinate_names.end());
  for (const auto& p : d->parameter_specs) seen.insert(p.name);
  for (const auto& f : d->function_specs) seen.insert(f.name);
  for (const auto& m : more) {
    check_name(m, seen, "coordinate");
    d->coordinate_names.push_back(m);
    d->coordinates.push_back(GiNaC::realsymbol(m, latex_name(m)));
  }
  set_domain(*d, domain, Chart(d).describe());
  data_->extensions[key] = d;
  return Chart(d);
}

Chart Chart::sibling(const std::string& name, const std::vector<std::string>& coordinates,
                     const std::map<std::string, Interval>& domain) const {
  std::string key = "sibling:" + name;
  for (const auto& c : coordinates) key += "," + c;
  key += domain_key(domain);
  auto it = data_->extensions.find(key);
  if (it != data_->extensions.end()) return Chart(it->second);
  auto d = std::make_shared<Data>();
  d->name = name;
  d->parameter_specs = data_->parameter_specs;
  d->parameters = data_->parameters;
  std::set<std::string> seen;
  for (const auto& p : d->parameter_specs) seen.insert(p.name);
  for (const auto& c : coordinates) {
    check_name(c, seen, "coordinate");
    d->coordinate_names.push_back(c);
    d->coordinates.push_back(GiNaC::realsymbol(c, latex_name(c)));
  }
  set_domain(*d, domain, Chart(d).describe());
  data_->extensions[key] = d;
  return Chart(d);
}

bool Chart::contains(const Chart& other) const {
  for (const auto& c : other.coordinates())
    if (!index_of(c)) return false;
  return true;
}

std::string Chart::describe() const {
  std::string s = data_->name + "(";
  for (std::size_t i = 0; i < dim(); ++i) s += (i ? ", " : "") + data_->coordinate_names[i];
  return s + ")";
}

ZeroVerdict zero_test(const GiNaC::ex& e, const Chart& chart) {
  return zero_test(e, chart.probe_space());
}

bool is_zero(const GiNaC::ex& e, const Chart& chart) {
  ProbeSpace space = chart.probe_space();
  space.witness = false;  // only the answer is used
  return zero_test(e, space).zero;
}

void require_same_chart(const Chart& a, const Chart& b, const char* fn) {
  if (a != b)
    throw InvalidArgument(detail::message(fn, "objects live on different charts",
                                          "chart " + a.describe(), "chart " + b.describe()));
}

}  // namespace hamel
