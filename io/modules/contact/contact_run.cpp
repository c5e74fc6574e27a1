// io/modules/contact/contact_run.cpp
#include "io/modules/contact/contact_run.hpp"

#include <cstdio>

#include "core/error.hpp"
#include "derivation/contact.hpp"
#include "geometry/lifts.hpp"
#include "numerics/csv.hpp"
#include "io/modules/simulate_section.hpp"
#include "numerics/plot_plane.hpp"

namespace hamel {

namespace {

std::string fmt(double v, const char* f = "%.12g") {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

// The event table: one line per impact or switch, with Carnot's prediction beside the energy jump.
void print_events(const ContactRun& run, std::size_t N, std::ostream& out) {
  out << "  " << std::string(19, ' ') << "t  event            E-              E+         E+ - E-  Carnot -(1-a)/(1+a) T_l                z\n";
  for (const auto& e : run.events) {
    char line[256];
    std::snprintf(line, sizeof line, "  %20.15g  %-10s %14.10g  %14.10g  %14.6g  %22.6g  %15.10g%s\n", e.t, e.name.c_str(),
                  e.energy_before, e.energy_after, e.energy_after - e.energy_before, e.predicted_jump(), e.before[N - 1],
                  e.kind == ContactEventKind::Switch ? "  (constraints on)" : (e.grazing ? "  (grazing)" : ""));
    out << line;
  }
}

// The largest deviation of an event's energy jump from Carnot's prediction, relative to the energy.
double carnot_deviation(const ContactRun& run) {
  double carnot = 0;
  for (const auto& e : run.events)
    carnot = std::max(carnot, std::abs(e.energy_after - e.energy_before - e.predicted_jump()) / std::max(1.0, std::abs(e.energy_before)));
  return carnot;
}

// Final state, active switches and the two balances that check the run.
void print_summary(const ContactRun& run, const Chart& T, std::ostream& out) {
  const Trajectory& tr = run.simulation.trajectory;
  out << "final state at t = " << fmt(tr.t_end) << ":";
  for (std::size_t i = 0; i < T.dim(); ++i) out << " " << T.coordinate_name(i) << " = " << fmt(tr.x_end[i]);
  out << ", E_L = " << fmt(run.energy.empty() ? 0.0 : run.energy.back()) << "\n";
  if (!run.active_at_end.empty()) {
    out << "switching constraints active at the end:";
    for (const auto& s : run.active_at_end) out << " " << s;
    out << "\n";
    out << "max |lambda| of the constrained motion: " << fmt(run.max_multiplier, "%.3g") << "\n";
  }
  out << "energy law between events, E_L(t) = exp(∫_{t_k}^t ∂L/∂z) E_L(t_k+) (001 (7b), 003 Prop. 3 corrected): max relative deviation "
      << fmt(run.energy_law_error, "%.3g") << "\n";
  if (!run.events.empty()) out << "Carnot's balance at the events (003 (35)): max relative deviation " << fmt(carnot_deviation(run), "%.3g") << "\n";
  if (!tr.completed()) out << "stopped: " << tr.message << "\n";  // as the hybrid module says it
}

// The samples that are written and plotted: the output grid when 'step' is given, else the integrator's steps.
struct Samples {
  const std::vector<double>& t;
  const std::vector<State>& x;
  const std::vector<double>& E;
  const std::vector<std::vector<double>>& lambda;
};

Samples samples(const ContactRun& run, bool grid) {
  const Trajectory& tr = run.simulation.trajectory;
  return {grid ? tr.grid_t : tr.t, grid ? tr.grid_x : tr.x, grid ? run.grid_energy : run.energy,
          grid ? run.grid_multipliers : run.multipliers};
}

// lambda1, lambda2, … for the always-on constraints, lambda_<switch>_1, … for a switch's.
std::vector<std::string> multiplier_names(const ContactRun& run) {
  std::vector<std::string> names;
  for (const auto& [sw, a] : run.multiplier_columns)
    names.push_back(sw.empty() ? "lambda" + std::to_string(a) : "lambda_" + sw + "_" + std::to_string(a));
  return names;
}

void write_csv(const std::string& path, const Chart& T, const Samples& s, const ContactRun& run, std::ostream& out) {
  const std::size_t N = T.dim();
  std::vector<std::string> header{"t"};
  for (std::size_t i = 0; i < N; ++i) header.push_back(T.coordinate_name(i));
  header.push_back("E");
  const std::vector<std::string> lambdas = multiplier_names(run);
  header.insert(header.end(), lambdas.begin(), lambdas.end());
  CsvWriter w(path, header);
  for (std::size_t k = 0; k < s.t.size(); ++k) {
    std::vector<double> row{s.t[k]};
    row.insert(row.end(), s.x[k].begin(), s.x[k].begin() + static_cast<long>(N));
    row.push_back(s.E[k]);
    row.insert(row.end(), s.lambda[k].begin(), s.lambda[k].end());
    w.row(row);
  }
  w.finish();
  out << "CSV written to " << path << " (" << w.rows() << " rows: t, q, q_dot, z, E" << (lambdas.empty() ? "" : ", lambda") << ")\n";
}

// One row per event: its wall or switching set, the state (q, q_dot, z) and E_L before and after, and
// the jump beside Carnot's prediction (003 (35)).
void write_events(const std::string& path, const Chart& T, const ContactRun& run) {
  std::vector<std::string> header{"event", "t", "guard", "kind"};
  for (const char* when : {"before", "after"}) {
    for (std::size_t i = 0; i < T.dim(); ++i) header.push_back(T.coordinate_name(i) + "_" + when);
    header.push_back(std::string("E_") + when);
  }
  header.insert(header.end(), {"E_jump", "carnot_jump"});
  CsvWriter w(path, header);
  for (std::size_t k = 0; k < run.events.size(); ++k) {
    const ContactEventRecord& e = run.events[k];
    std::vector<std::string> row{std::to_string(k + 1), csv_number(e.t), e.name,
                                 e.kind == ContactEventKind::Switch ? "switch" : e.grazing ? "grazing impact" : "impact"};
    for (const State* x : {&e.before, &e.after}) {
      for (double v : *x) row.push_back(csv_number(v));
      row.push_back(csv_number(x == &e.before ? e.energy_before : e.energy_after));
    }
    row.push_back(csv_number(e.energy_after - e.energy_before));
    row.push_back(csv_number(e.predicted_jump()));
    w.text_row(row);
  }
  w.finish();
}

// The legend's name of an event: the wall hit, or the switching set entered.
std::string event_name(const ContactEventRecord& e) {
  return (e.kind == ContactEventKind::Switch ? "switch: " : "impact at ") + e.name;
}

// q, q_dot, z and E_L - E_L(t0) against t, each group in its own panel (the energy's 10^-3 drift is
// invisible on the coordinates' scale), a dashed line at every event.
Plot time_plot(const std::string& name, const Chart& T, std::size_t n, const Samples& s, const ContactRun& run) {
  Plot p{name + ": coordinates, velocities, action z and energy", "t", "coordinates", s.t, {}};
  p.panel_labels = {"velocities", "action z", "E_L - E_L(t0)"};
  for (std::size_t i = 0; i < T.dim(); ++i) {
    Series series{T.coordinate_name(i), {}, i < n ? 0u : i < 2 * n ? 1u : 2u};
    for (const auto& x : s.x) series.y.push_back(x[i]);
    p.series.push_back(series);
  }
  p.series.push_back(drift_series("E_L", s.E, 3));
  for (const auto& e : run.events) p.markers.push_back({e.t, event_name(e)});
  return p;
}

// Against t and, in the file's plane, the path with every wall (Psi = 0) and switching boundary (where = 0)
// and the events; a wall the plane cannot show is plotted against t.
RunFigures figures(const std::string& name, const ContactFile& cf, const Chart& T, const Samples& s, const ContactRun& run) {
  RunFigures f{time_plot(name, T, cf.Q.dim(), s, run)};
  if (!cf.plot) return f;
  PathPlotInput in{name + ": path", *cf.plot, cf.Q.coordinates(), cf.simulation->values, {}};
  for (const auto& w : cf.walls) in.surfaces.push_back({w.name + ": " + w.text, w.psi});
  for (const auto& sw : cf.switches) in.surfaces.push_back({"boundary of " + sw.name + ": " + sw.text, sw.where});
  for (const auto& e : run.events) in.events.push_back({event_name(e), e.before});
  f.path = path_plot(in, s.x);
  add_left_out_panel(f.time, in, *f.path, s.x);
  return f;
}

}  // namespace

int run_contact_simulation(const SystemFile& f, const ContactFile& cf, const SimulateOptions& o, std::ostream& out) {
  if (!cf.simulation)
    f.doc.fail(f.doc.root(), "'hamel simulate' needs a 'simulate' section (values, initial, time); expected one, got none");
  const ContactRun run = run_contact(cf);
  const Chart T = contact_tangent_bundle(cf.Q);  // q, q_dot, z
  const Trajectory& tr = run.simulation.trajectory;
  // the interval actually simulated: a Zeno stop at 3.457 of [0, 10] said "t in [0, 10]"
  out << "Simulation of " << f.name << ": t in [" << fmt(cf.simulation->t0) << ", " << fmt(tr.t_end) << "]"
      << stopped_early_note(tr.termination, tr.message, cf.simulation->t1) << ", " << run.events.size() << " event" << (run.events.size() == 1 ? "" : "s") << ", " << tr.steps << " steps\n";
  for (const std::string& exit : contact_domain_exits(cf, run)) out << exit << "\n";
  if (!o.quiet && !run.events.empty()) print_events(run, T.dim(), out);
  print_summary(run, T, out);
  const Samples s = samples(run, cf.simulation->step > 0);
  if (!o.csv.empty()) {
    write_csv(o.csv, T, s, run, out);
    write_events_csv(o, [&](const std::string& path) { write_events(path, T, run); }, out);
  }
  if (!o.plot.empty() && !s.t.empty())
    write_run_plots(figures(f.name, cf, T, s, run), o.plot, out, o.units);
  // a run that stopped before its end time, by Zeno accumulation too, exits 1 (docs/system-files.md), as
  // the hybrid module's does
  return tr.completed() ? 0 : 1;
}

}  // namespace hamel
