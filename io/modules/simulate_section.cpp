// io/modules/simulate_section.cpp
#include "io/modules/simulate_section.hpp"

#include <algorithm>
#include <optional>
#include <set>

#include "core/did_you_mean.hpp"
#include "core/error.hpp"
#include "core/number_text.hpp"
#include "numerics/csv.hpp"

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
  std::string msg = where + ": unknown " + what + " '" + n + "'; expected " + one_of(known, "a " + what + " (the system file declares none)") +
                    ", got '" + n + "'";
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
    doc.fail(s["time"], "'simulate: time': expected an end time after the start " + number_text(t0) + ", got " + number_text(t1));
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

std::optional<PlotPlane> read_simulate_plot(const Document& doc, const YAML::Node& s, const Chart& Q, const ExpressionReader& q) {
  const YAML::Node& p = s["plot"];
  if (!p) return Q.dim() < 2 ? std::nullopt : std::optional<PlotPlane>(PlotPlane{Q.coordinate_name(0), Q.coordinate_name(1), Q[0], Q[1]});
  const std::string expected = "two coordinates [x, y] or two axes {X: \"expression\", Y: \"expression\"}";
  if (p.IsSequence()) {
    const auto axes = doc.sequence(p, "'simulate: plot'");
    if (axes.size() != 2) doc.fail(p, "'simulate: plot': expected " + expected + ", got " + std::to_string(axes.size()) + " entries");
    std::vector<std::string> names;
    for (std::size_t i = 0; i < Q.dim(); ++i) names.push_back(Q.coordinate_name(i));
    std::size_t at[2] = {0, 0};
    for (std::size_t a = 0; a < 2; ++a) {
      const std::string c = doc.scalar(axes[a], "'simulate: plot'");
      const auto i = Q.index_of(c);
      if (!i) doc.fail(axes[a], unknown_name("'simulate: plot'", "coordinate", c, names));
      at[a] = *i;
    }
    return PlotPlane{names[at[0]], names[at[1]], Q[at[0]], Q[at[1]]};
  }
  if (!p.IsMap()) doc.fail(p, "'simulate: plot': expected " + expected + ", got a scalar");
  const auto axes = doc.mapping(p, "'simulate: plot'");
  if (axes.size() != 2) doc.fail(p, "'simulate: plot': expected " + expected + ", got " + std::to_string(axes.size()) + " entries");
  PlotPlane plane;
  plane.xlabel = doc.scalar(axes[0].first, "an axis name");
  plane.ylabel = doc.scalar(axes[1].first, "an axis name");
  plane.x = doc.expression(axes[0].second, q, "'simulate: plot' " + plane.xlabel);
  plane.y = doc.expression(axes[1].second, q, "'simulate: plot' " + plane.ylabel);
  return plane;
}

namespace {

void say_written(const std::string& what, const PlotFiles& f, std::ostream& out) {
  out << what << " written to " << f.svg << (f.png.empty() ? "" : " and " + f.png) << "\n";
}

}  // namespace

namespace {

// The unit of a label: a coordinate's, t's, or a velocity's (the coordinate's over t's).
std::optional<std::string> unit_of(const std::string& name, const std::map<std::string, std::string>& units) {
  if (const auto it = units.find(name); it != units.end()) return it->second;
  const std::string dot = "_dot";
  if (name.size() > dot.size() && name.compare(name.size() - dot.size(), dot.size(), dot) == 0) {
    const auto q = units.find(name.substr(0, name.size() - dot.size())), t = units.find("t");
    if (q != units.end() && t != units.end()) return q->second + "/" + t->second;
  }
  return std::nullopt;
}

// The energies the kinds plot, alone or as a drift f − f(t0) (the label starts with the name):
// `units: {energy: J}` labels them.
bool is_energy(const std::string& label, const std::vector<std::string>& energies) {
  static const std::vector<std::string> always{"H_c", "E_L", "E_k"};
  const auto starts = [&](const std::string& e) { return label.rfind(e, 0) == 0; };
  const auto named = [&](const std::string& e) { return label == e || label.rfind(e + " ", 0) == 0; };
  return std::any_of(always.begin(), always.end(), starts) || std::any_of(energies.begin(), energies.end(), named);
}

std::string with_unit(const std::string& label, const std::map<std::string, std::string>& units,
                      const std::vector<std::string>& energies) {
  std::optional<std::string> u = unit_of(label, units);
  if (!u && (label == "t = k h")) u = unit_of("t", units);  // the discrete map's time axis
  if (!u && is_energy(label, energies) && units.count("energy")) u = units.at("energy");
  return u ? label + " [" + *u + "]" : label;
}

void label_units(Plot& p, const std::map<std::string, std::string>& units, const std::vector<std::string>& energies) {
  p.xlabel = with_unit(p.xlabel, units, energies);
  p.ylabel = with_unit(p.ylabel, units, energies);
  for (std::string& l : p.panel_labels) l = with_unit(l, units, energies);
  for (Series& s : p.series) s.title = with_unit(s.title, units, energies);
}

}  // namespace

void write_run_plots(const RunFigures& given, const std::string& path, std::ostream& out,
                     const std::map<std::string, std::string>& units, const std::vector<std::string>& energies) {
  RunFigures figures = given;
  label_units(figures.time, units, energies);
  if (figures.path) label_units(figures.path->plot, units, energies);
  try {
    const RunPlotFiles files = plot_run(figures, plot_base(path));
    say_written("plot", files.time, out);
    if (files.path) say_written("path plot", *files.path, out);
    if (figures.path)
      for (const LeftOut& l : figures.path->left_out)
        out << "path plot: not drawn: " << l.surface.title << " (" << l.why << "; its value is plotted against t)\n";
  } catch (const NotImplemented& e) {
    out << "no plot: " << e.what() << "\n";
  }
}

void write_events_csv(const SimulateOptions& o, const std::function<void(const std::string&)>& write, std::ostream& out) {
  const std::string path = o.csv_to_stdout ? "" : companion_csv(o.csv, "events");
  if (path.empty()) {
    out << "events CSV: not written (the trajectory went to standard output)\n";
    return;
  }
  write(path);
  out << "events written to " << path << "\n";
}

std::string stopped_early_note(Termination termination, const std::string& message, double t1) {
  if (termination == Termination::Completed) return "";
  // a Zeno stop and a run that hit max_events/max_impacts are both MaxEvents; the message tells them apart
  const bool zeno = message.find("Zeno accumulation") != std::string::npos;
  const std::string why = termination == Termination::MaxEvents ? (zeno ? "Zeno accumulation" : "the maximum number of events")
                                                                  : to_string(termination);
  return " (stopped before t = " + number_text(t1, 12) + ": " + why + ")";
}

}  // namespace hamel
