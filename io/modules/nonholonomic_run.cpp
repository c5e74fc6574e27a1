// io/modules/nonholonomic_run.cpp
#include "io/modules/nonholonomic_run.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "core/error.hpp"
#include "core/number_text.hpp"
#include "derivation/nonholonomic_simulation.hpp"
#include "geometry/lifts.hpp"
#include "io/modules/simulate_section.hpp"
#include "numerics/csv.hpp"
#include "numerics/plot.hpp"
#include "numerics/plot_plane.hpp"

namespace hamel {

namespace {

// Below this a monitored quantity's value at t0 is rounding, not a scale to measure its drift against.
constexpr double kRoundingLevel = 1e-12;

// What 'initial' may name: the coordinates, their velocities and the momenta π_a.
std::vector<std::string> initial_names(const NonholonomicFile& in) {
  std::vector<std::string> names;
  const Chart T = tangent_bundle(in.Q), M = in.dual_chart();
  for (std::size_t i = 0; i < T.dim(); ++i) names.push_back(T.coordinate_name(i));
  for (std::size_t i = in.Q.dim(); i < M.dim(); ++i) names.push_back(M.coordinate_name(i));
  return names;
}

// Every expression of the system that may hold a parameter.
std::vector<GiNaC::ex> system_expressions(const NonholonomicFile& in) {
  std::vector<GiNaC::ex> used{in.lagrangian};
  used.insert(used.end(), in.constraints.begin(), in.constraints.end());
  for (const VectorField& X : in.frame)
    for (const GiNaC::ex& c : X.components()) used.push_back(c);
  return used;
}

NonholonomicRunSpec read_run(const SystemFile& f, const NonholonomicFile& in) {
  const Document& doc = f.doc;
  const YAML::Node& s = doc.root()["simulate"];
  doc.check_keys(s, {"values", "initial", "time", "step", "plot"}, "'simulate'");
  NonholonomicRunSpec spec;
  spec.values = read_simulate_values(doc, s, f.Q);
  require_simulate_values(doc, s, f.Q, spec.values, system_expressions(in));
  spec.initial = read_simulate_initial(doc, s, initial_names(in), "every coordinate, and every momentum pi_a or every velocity");
  std::tie(spec.t0, spec.t1) = read_simulate_time(doc, s);
  spec.step = read_simulate_step(doc, s, spec.t0, spec.t1);
  return spec;
}

// A quantity that starts at 0, or at rounding level (a deviation u(q, pi) - u of 1e-16), has no relative
// drift: its drift is read as absolute, and the line says why without contradicting the value printed.
std::string relative_drift_text(double initial, double relative) {
  if (std::abs(initial) > kRoundingLevel) return "relative " + number_text(relative, 3);
  if (initial == 0) return "no relative drift (f(t0) = 0: the drift is absolute)";
  return "no relative drift (|f(t0)| <= 1e-12, rounding level: the drift is absolute)";
}

void print_summary(const NonholonomicRun& r, std::ostream& out) {
  const Trajectory& tr = r.run.trajectory;
  out << "final state at t = " << number_text(tr.t_end, 12) << ":";
  for (std::size_t i = 0; i < r.state_names.size(); ++i) out << " " << r.state_names[i] << " = " << number_text(tr.x_end[i], 12);
  out << "\nmonitored along every accepted step (max |f(t) - f(t0)|, and relative to |f(t0)|):\n";
  for (std::size_t j = 0; j < r.run.names.size(); ++j)
    out << "  " << r.run.names[j] << " (" << r.meanings[j] << "): f(t0) = " << number_text(r.run.initial[j], 12) << ", drift "
        << number_text(r.run.drift[j], 3) << ", " << relative_drift_text(r.run.initial[j], r.run.relative_drift[j]) << "\n";
  for (const std::string& note : r.notes) out << note << "\n";
  if (!tr.completed()) out << to_string(tr.termination) << ": " << tr.message << "\n";
}

std::vector<double> sample_times(const NonholonomicRun& r, bool grid) { return grid ? r.run.trajectory.grid_t : r.run.trajectory.t; }
const std::vector<State>& sample_states(const NonholonomicRun& r, bool grid) { return grid ? r.run.trajectory.grid_x : r.run.trajectory.x; }

void write_csv(const std::string& path, const NonholonomicRun& r, bool grid, std::ostream& out) {
  std::vector<std::string> header{"t"};
  header.insert(header.end(), r.state_names.begin(), r.state_names.end());
  // a declared gauge momentum pi_b is already the state's column pi_b
  std::vector<std::size_t> extra;
  for (std::size_t j = 0; j < r.run.names.size(); ++j)
    if (std::find(r.state_names.begin(), r.state_names.end(), r.run.names[j]) == r.state_names.end()) {
      extra.push_back(j);
      header.push_back(r.run.names[j]);
    }
  CsvWriter w(path, header);
  const std::vector<double> t = sample_times(r, grid);
  const std::vector<State>& x = sample_states(r, grid);
  for (std::size_t k = 0; k < t.size(); ++k) {
    std::vector<double> row{t[k]};
    row.insert(row.end(), x[k].begin(), x[k].end());
    for (std::size_t j : extra) row.push_back(r.run.samples[k][j]);
    w.row(row);
  }
  w.finish();
  std::string columns;
  for (const std::string& h : header) columns += (columns.empty() ? "" : ", ") + h;
  out << "CSV written to " << path << " (" << w.rows() << " rows: " << columns << ")\n";
}

// Panels over t: the coordinates, the momenta on D*, and f(t) - f(t0) of each monitored quantity in
// its own (a drift of 1e-12 is invisible beside the values themselves, and one quantity's beside another's).
Plot time_plot(const NonholonomicRun& r, bool grid, const std::string& name, std::size_t n) {
  Plot p{name + ": coordinates, momenta on D∗ and the drift of the monitored quantities", "t", "coordinates",
         sample_times(r, grid), {}};
  p.panel_labels = {"momenta pi"};
  if (r.reduced) p.panel_labels.push_back("variables (reduced equations)");
  const std::size_t on_dual = r.state_names.size() - r.reduced, first_drift = r.reduced ? 3 : 2;
  for (std::size_t i = 0; i < r.state_names.size(); ++i) {
    Series s{r.state_names[i], {}, i < n ? 0u : i < on_dual ? 1u : 2u};
    for (const State& x : sample_states(r, grid)) s.y.push_back(x[i]);
    p.series.push_back(s);
  }
  for (std::size_t j = 0; j < r.run.names.size(); ++j) {
    std::vector<double> f;
    for (const auto& v : r.run.samples) f.push_back(v[j]);
    // the reduced solution's deviations (the last monitors) start at 0: shown as they are
    const bool deviation = j + r.reduced >= r.run.names.size();
    p.series.push_back(deviation ? Series{r.run.names[j], f, first_drift + j} : drift_series(r.run.names[j], f, first_drift + j));
    p.panel_labels.push_back(p.series.back().title);
  }
  return p;
}

RunFigures figures(const NonholonomicRun& r, const NonholonomicFile& in, const NonholonomicRunSpec& spec,
                   const std::optional<PlotPlane>& plane, const std::string& name) {
  const bool grid = spec.step > 0;
  RunFigures f{time_plot(r, grid, name, in.Q.dim())};
  if (plane) f.path = path_plot(PathPlotInput{name + ": path", *plane, in.Q.coordinates(), spec.values, {}}, sample_states(r, grid));
  return f;
}

}  // namespace

void read_nonholonomic_simulation(const SystemFile& f, NonholonomicFile& in) {
  if (!f.doc.root()["simulate"]) return;
  in.simulation = read_run(f, in);
  in.plot = read_simulate_plot(f.doc, f.doc.root()["simulate"], f.Q, f.q);
}

int run_nonholonomic_simulation(const SystemFile& f, const NonholonomicFile& in, const SimulateOptions& o, std::ostream& out) {
  if (!in.simulation) f.doc.fail(f.doc.root(), "expected a 'simulate' section, got none");
  NonholonomicRunSpec spec = *in.simulation;
  // without a CSV the samples only feed the plots: about kMaxPlotPoints of them, memory bounded
  if (o.csv.empty()) spec.max_samples = kMaxPlotPoints;
  const std::optional<PlotPlane>& plane = in.plot;
  NonholonomicRun r;
  try {
    DeriveOptions progress;
    progress.progress = o.progress;
    progress.detail = o.detail;
    r = simulate_nonholonomic(in, spec, progress);
  } catch (const DomainError& e) {
    // the library's message starts with its own name ("simulate: "): the file's position replaces it
    f.doc.fail(f.doc.root()["simulate"]["initial"], "'simulate: initial': " + without_function_name(e.what()));
  }
  const Trajectory& tr = r.run.trajectory;
  out << "Simulation of " << f.name << " on D∗ (" << r.equations << "): t in [" << number_text(spec.t0, 12) << ", " << number_text(spec.t1, 12)
      << "], " << tr.steps << " steps\n";
  print_summary(r, out);
  const bool grid = spec.step > 0;
  if (!o.csv.empty()) {
    if (o.progress) o.progress("writing the CSV " + o.csv);
    write_csv(o.csv, r, grid, out);
  }
  if (!o.plot.empty() && o.progress) o.progress("drawing the plots");
  if (!o.plot.empty() && !sample_times(r, grid).empty()) write_run_plots(figures(r, in, spec, plane, f.name), o.plot, out, o.units, r.energies);
  return tr.completed() ? 0 : 1;
}

}  // namespace hamel
