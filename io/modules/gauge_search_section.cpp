// io/modules/gauge_search_section.cpp
#include "io/modules/gauge_search_section.hpp"

#include <cmath>
#include <sstream>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "mechanics/hamel_equations.hpp"
#include "numerics/compiled_function.hpp"
#include "numerics/ode.hpp"
#include "numerics/plot.hpp"

namespace hamel {

namespace {

double number(const Document& doc, const YAML::Node& n, const std::string& what) {
  static const ExpressionReader constants;
  const GiNaC::ex v = doc.expression(n, constants, what).evalf();
  if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real())
    doc.fail(n, what + ": expected a real number, got '" + doc.scalar(n, what) + "'");
  return GiNaC::ex_to<GiNaC::numeric>(v).to_double();
}

}  // namespace

GaugeSearchInput read_gauge_search(const SystemFile& file, const NonholonomicSystem& system, const YAML::Node& node) {
  const Document& doc = file.doc;
  doc.check_keys(node, {"ansatz", "shape", "unknowns", "interval", "base", "check_time", "initial"}, "'gauge_momenta'");
  GaugeSearchInput in;
  const auto& names = system.frame_names();
  if (!node["ansatz"]) doc.fail(node, "'gauge_momenta': expected 'ansatz' (frame fields spanning S), got none");
  for (const auto& a : doc.sequence(node["ansatz"], "'ansatz'")) {
    const std::string n = doc.scalar(a, "'ansatz'");
    const auto it = std::find(names.begin(), names.end(), n);
    if (it == names.end()) {
      std::string msg = "'ansatz': unknown frame field '" + n + "'; expected one of";
      for (const auto& s : names) msg += " " + s;
      doc.fail(a, msg + ", got '" + n + "'");
    }
    in.ansatz.basis.push_back(system.frame()[static_cast<std::size_t>(it - names.begin())]);
    in.ansatz.basis_names.push_back(n);
  }
  if (!node["shape"]) doc.fail(node, "'gauge_momenta': expected 'shape' (an invariant coordinate), got none");
  const std::string shape = doc.scalar(node["shape"], "'shape'");
  const auto idx = system.chart().index_of(shape);
  if (!idx) doc.fail(node["shape"], "'shape': unknown coordinate '" + shape + "'; expected a coordinate");
  in.ansatz.shape = system.chart()[*idx];
  for (const auto& u : doc.sequence(node["unknowns"], "'unknowns'")) in.ansatz.unknowns.push_back(doc.name(u, "an unknown"));
  if (!in.ansatz.unknowns.empty() && in.ansatz.unknowns.size() != in.ansatz.basis.size())
    doc.fail(node["unknowns"], "'unknowns': expected one name per ansatz field (" + std::to_string(in.ansatz.basis.size()) +
                                   "), got " + std::to_string(in.ansatz.unknowns.size()));
  // the interval of s: the chart's domain shrunk by 1% at each end (the poles of 004 §7 are singular points of the chart)
  double lo = -3, hi = 3;
  if (auto dom = system.chart().domain(*idx)) {
    lo = GiNaC::ex_to<GiNaC::numeric>(dom->lo.evalf()).to_double();
    hi = GiNaC::ex_to<GiNaC::numeric>(dom->hi.evalf()).to_double();
  }
  in.s_min = lo + 0.01 * (hi - lo);
  in.s_max = hi - 0.01 * (hi - lo);
  if (node["interval"]) {
    const auto v = doc.sequence(node["interval"], "'interval'");
    if (v.size() != 2) doc.fail(node["interval"], "'interval': expected [lower, upper], got " + std::to_string(v.size()) + " values");
    in.s_min = number(doc, v[0], "'interval'");
    in.s_max = number(doc, v[1], "'interval'");
    if (!(in.s_min < in.s_max)) doc.fail(node["interval"], "'interval': expected lower < upper");
  }
  in.s_base = node["base"] ? number(doc, node["base"], "'base'") : (in.s_min + in.s_max) / 2;
  if (node["check_time"]) in.check_time = number(doc, node["check_time"], "'check_time'");
  const Chart& M = system.dual_chart();
  for (const auto& [k, v] : doc.mapping(node["initial"], "'initial'")) {
    const std::string n = doc.scalar(k, "'initial'");
    if (!M.index_of(n)) doc.fail(k, "'initial': unknown name '" + n + "'; expected a coordinate or a momentum pi1..");
    in.initial[n] = number(doc, v, "'initial' " + n);
  }
  // values of the parameters for the numerics
  const YAML::Node& root = doc.root();
  for (const auto& [k, v] : doc.mapping(root["values"], "'values'")) {
    const std::string n = doc.scalar(k, "'values'");
    const auto sym = system.chart().symbol(n);
    if (!sym || system.chart().index_of(n)) doc.fail(k, "'values': unknown parameter '" + n + "'; expected a parameter");
    in.values[*sym] = GiNaC::numeric(number(doc, v, "'values' " + n)) ;
  }
  return in;
}

}  // namespace hamel
