// io/modules/gauge_search_section.cpp
#include "io/modules/gauge_search_section.hpp"

#include <algorithm>

#include "core/did_you_mean.hpp"
#include "core/error.hpp"

namespace hamel {

namespace {


// The ansatz: frame fields by name, the shape coordinate, and the unknowns f_i(s) as functions, so
// that claims can name them.
void read_ansatz(const SystemFile& file, const NonholonomicInput& system, const YAML::Node& node, GaugeSearchInput& in) {
  const Document& doc = file.doc;
  const auto names = system.field_names();
  if (!node["ansatz"]) doc.fail(node, "'gauge_momenta': expected 'ansatz' (frame fields spanning S), got none");
  for (const auto& a : doc.sequence(node["ansatz"], "'ansatz'")) {
    const std::string n = doc.scalar(a, "'ansatz'");
    if (std::find(names.begin(), names.end(), n) == names.end()) {
      doc.fail(a, "'ansatz': unknown frame field '" + n + "'; expected " + one_of(names, "a frame field (the system has none)") + ", got '" + n + "'");
    }
    in.ansatz.push_back(n);
  }
  if (!node["shape"]) doc.fail(node, "'gauge_momenta': expected 'shape' (an invariant coordinate), got none");
  const std::string shape = doc.scalar(node["shape"], "'shape'");
  const auto idx = file.Q.index_of(shape);
  if (!idx) doc.fail(node["shape"], "'shape': unknown coordinate '" + shape + "'; expected a coordinate");
  in.shape = file.Q[*idx];
  std::vector<std::string> unknowns;
  for (const auto& u : doc.sequence(node["unknowns"], "'unknowns'")) unknowns.push_back(doc.name(u, "an unknown"));
  if (!unknowns.empty() && unknowns.size() != in.ansatz.size())
    doc.fail(node["unknowns"], "'unknowns': expected one name per ansatz field (" + std::to_string(in.ansatz.size()) +
                                   "), got " + std::to_string(unknowns.size()));
  for (std::size_t i = 0; i < in.ansatz.size(); ++i)
    in.unknowns.push_back(AbstractFunction::fresh(i < unknowns.size() ? unknowns[i] : "f" + std::to_string(i + 1), 1));
}

}  // namespace

GaugeSearchInput read_gauge_search(const SystemFile& file, const NonholonomicInput& system, const YAML::Node& node) {
  const Document& doc = file.doc;
  doc.check_keys(node, {"ansatz", "shape", "unknowns", "interval", "base", "check_time", "initial"}, "'gauge_momenta'");
  GaugeSearchInput in;
  read_ansatz(file, system, node, in);
  const std::size_t idx = *file.Q.index_of(in.shape);
  // the interval of s: the chart's domain shrunk by 1% at each end (the poles of 004 §7 are singular points of the chart)
  double lo = -3, hi = 3;
  if (auto dom = file.Q.domain(idx)) {
    lo = GiNaC::ex_to<GiNaC::numeric>(dom->lo.evalf()).to_double();
    hi = GiNaC::ex_to<GiNaC::numeric>(dom->hi.evalf()).to_double();
  }
  in.s_min = lo + 0.01 * (hi - lo);
  in.s_max = hi - 0.01 * (hi - lo);
  if (node["interval"]) {
    const auto v = doc.sequence(node["interval"], "'interval'");
    if (v.size() != 2) doc.fail(node["interval"], "'interval': expected [lower, upper], got " + std::to_string(v.size()) + " values");
    in.s_min = doc.number(v[0], "'interval'");
    in.s_max = doc.number(v[1], "'interval'");
    if (!(in.s_min < in.s_max)) doc.fail(node["interval"], "'interval': expected lower < upper");
  }
  in.s_base = node["base"] ? doc.number(node["base"], "'base'") : (in.s_min + in.s_max) / 2;
  if (node["check_time"]) in.check_time = doc.number(node["check_time"], "'check_time'");
  const Chart M = system.dual_chart();
  for (const auto& [k, v] : doc.mapping(node["initial"], "'initial'")) {
    const std::string n = doc.scalar(k, "'initial'");
    if (!M.index_of(n)) doc.fail(k, "'initial': unknown name '" + n + "'; expected a coordinate or a momentum pi1..");
    in.initial[n] = doc.number(v, "'initial' " + n);
  }
  // values of the parameters for the numerics
  const YAML::Node& root = doc.root();
  for (const auto& [k, v] : doc.mapping(root["values"], "'values'")) {
    const std::string n = doc.scalar(k, "'values'");
    const auto sym = file.Q.symbol(n);
    if (!sym || file.Q.index_of(n)) doc.fail(k, "'values': unknown parameter '" + n + "'; expected a parameter");
    in.values[*sym] = parameter_value(doc, v, file.Q, n, "'values' " + n).evalf();
  }
  return in;
}

}  // namespace hamel
