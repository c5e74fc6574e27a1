// io/modules/simulate_section.cpp
#include "io/modules/simulate_section.hpp"

#include <algorithm>
#include <set>

#include "core/did_you_mean.hpp"

namespace hamel {

namespace {

std::vector<std::string> parameter_names(const Chart& Q) {
  std::vector<std::string> names;
  for (const auto& p : Q.parameter_specs()) names.push_back(p.name);
  return names;
}

// "unknown <what> 'n'; expected one of a b c, got 'n' (did you mean 'b'?)"
std::string unknown_name(const std::string& where, const std::string& what, const std::string& n,
                         const std::vector<std::string>& known) {
  std::string msg = where + ": unknown " + what + " '" + n + "'; expected one of";
  for (const auto& k : known) msg += " " + k;
  msg += ", got '" + n + "'";
  if (auto d = did_you_mean(n, known)) msg += " (did you mean '" + *d + "'?)";
  return msg;
}

}  // namespace

GiNaC::exmap read_simulate_values(const Document& doc, const YAML::Node& s, const Chart& Q) {
  const std::vector<std::string> names = parameter_names(Q);
  GiNaC::exmap values;
  for (const auto& [k, v] : doc.mapping(s["values"], "'simulate: values'")) {
    const std::string n = doc.scalar(k, "a parameter");
    const auto it = std::find(names.begin(), names.end(), n);
    if (it == names.end()) doc.fail(k, unknown_name("'simulate: values'", "parameter", n, names));
    values[Q.parameters()[static_cast<std::size_t>(it - names.begin())]] = parameter_value(doc, v, Q, n, "value of " + n);
  }
  return values;
}

void require_simulate_values(const Document& doc, const YAML::Node& s, const Chart& Q, const GiNaC::exmap& values,
                             const std::vector<GiNaC::ex>& used) {
  const std::vector<std::string> names = parameter_names(Q);
  std::string missing;
  for (std::size_t i = 0; i < Q.parameters().size(); ++i) {
    const bool needed = std::any_of(used.begin(), used.end(), [&](const GiNaC::ex& e) { return e.has(Q.parameters()[i]); });
    if (needed && !values.count(Q.parameters()[i])) missing += (missing.empty() ? "" : ", ") + names[i];
  }
  if (!missing.empty())
    doc.fail(s["values"] ? s["values"] : s,
             "'simulate: values': expected a number for every parameter of the system, got none for " + missing);
}

std::pair<double, double> read_simulate_time(const Document& doc, const YAML::Node& s) {
  if (!s["time"]) doc.fail(s, "'simulate': expected 'time' (the end time, or [t0, t1]), got none");
  double t0 = 0, t1 = 0;
  if (s["time"].IsSequence()) {
    const auto ends = doc.sequence(s["time"], "'simulate: time'");
    if (ends.size() != 2) doc.fail(s["time"], "'simulate: time': expected [t0, t1], got " + std::to_string(ends.size()) + " values");
    t0 = doc.number(ends[0], "'simulate: time' t0");
    t1 = doc.number(ends[1], "'simulate: time' t1");
  } else {
    t1 = doc.number(s["time"], "'simulate: time'");
  }
  if (!(t1 > t0))
    doc.fail(s["time"], "'simulate: time': expected an end time after the start " + std::to_string(t0) + ", got " + std::to_string(t1));
  return {t0, t1};
}

double read_simulate_step(const Document& doc, const YAML::Node& s, double t0, double t1) {
  if (!s["step"]) return 0;
  const double step = doc.number(s["step"], "'simulate: step'");
  if (!(step > 0) || (t1 - t0) / step > 1e7)
    doc.fail(s["step"], "'simulate: step': expected a positive output step with at most 1e7 samples, got " + doc.scalar(s["step"], ""));
  return step;
}

std::vector<std::pair<std::string, double>> read_simulate_initial(const Document& doc, const YAML::Node& s,
                                                                  const std::vector<std::string>& names,
                                                                  const std::string& expected) {
  if (!s["initial"]) doc.fail(s, "'simulate': expected 'initial' (" + expected + "), got none");
  std::vector<std::pair<std::string, double>> out;
  std::set<std::string> seen;
  for (const auto& [k, v] : doc.mapping(s["initial"], "'simulate: initial'")) {
    const std::string n = doc.scalar(k, "an initial value");
    if (std::find(names.begin(), names.end(), n) == names.end()) doc.fail(k, unknown_name("'simulate: initial'", "name", n, names));
    if (!seen.insert(n).second) doc.fail(k, "'simulate: initial': expected each name once, got '" + n + "' again");
    out.emplace_back(n, doc.number(v, "initial value of " + n));
  }
  return out;
}

}  // namespace hamel
