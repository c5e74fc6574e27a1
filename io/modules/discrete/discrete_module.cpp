// io/modules/discrete/discrete_module.cpp — the discrete module of `hamel derive | check | simulate`
// (docs/discrete.md): it reads the `discrete:` section and hands it to the derivation
// (derivation/discrete.cpp); reads claims (derivation/claims/discrete.cpp checks them); prints and
// writes the trajectories of `simulate` (run by derivation/discrete.cpp).
#include "io/modules/discrete/discrete_module.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "core/throttle.hpp"
#include "derivation/discrete.hpp"
#include "io/modules/discrete/discrete_claims.hpp"
#include "io/modules/discrete/discrete_file.hpp"
#include "io/modules/simulate_section.hpp"
#include "numerics/csv.hpp"
#include "numerics/plot_plane.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

std::string sci(double v, int digits = 3) {
  char b[32];
  std::snprintf(b, sizeof b, "%.*g", digits, v);
  return b;
}

// The section as read (reading claims the names the section declares, so a copy of the file).
DiscreteFile load(const SystemFile& system_file) {
  SystemFile f = system_file;
  return read_discrete(f);
}

// ------------------------------------------------------------------ simulate

// What `hamel simulate` prints: Newton's work, the routes taken and the last point.
void print_summary(const SystemFile& file, const DiscreteState& d, const DiscreteSimulationResult& r, double h, std::ostream& out) {
  const Chart& Q = d.in.system.chart();
  const std::size_t N = d.in.simulation->steps;
  out << "discrete simulation of " << file.name << ": " << N << " steps of h = " << h << "\n";
  if (r.unreduced) {
    out << "  unreduced (3): max " << r.unreduced->max_iterations << " Newton iterations per step (mean "
        << sci(r.unreduced->mean_iterations()) << "), max residual " << sci(r.unreduced->max_residual);
    std::string in;
    for (auto i : r.unreduced->translated) in += (in.empty() ? "" : ", ") + Q.coordinate_name(i);
    if (!in.empty()) out << "; solved relative to q_k in " << in << " ((3) is translation invariant there)";
    out << "\n";
  }
  if (!r.reduced_route.empty()) out << "  reduced: " << r.reduced_route << ", max " << r.reduced_max_iterations << " iterations per step\n";
  if (!r.reduced_note.empty()) out << "  reduced: " << (r.reduced_failed ? "FAILED" : "none") << " (" << r.reduced_note << ")\n";
  if (!r.energy_dla.empty() && r.work_dla.empty())
    out << "  energy error: variational " << sci(r.energy_error_dla) << ", Heun " << sci(r.energy_error_heun) << "\n";
  if (!r.work_dla.empty())
    out << "  energy balance error max |E_k - E_0 - W_k| (W the work of the forces): variational " << sci(r.energy_error_dla)
        << ", Heun " << sci(r.energy_error_heun) << "; energy change " << sci(r.energy_dla.back() - r.energy_dla.front()) << "\n";
  for (const auto& J : r.momenta)
    if (!J.values.empty())
      out << "  momentum J_" << J.name << " (32): J_0 = " << sci(J.values.front(), 12) << ", J_" << J.values.size() - 1 << " = "
          << sci(J.values.back(), 12) << ", max |J_k - J_0| = " << sci(J.drift()) << "\n";
  const auto& last = r.unreduced ? r.unreduced->q.back() : r.reconstructed.back();
  out << "  q_" << N << " =";
  for (std::size_t i = 0; i < Q.dim(); ++i) out << " " << Q.coordinate_name(i) << " = " << sci(last[i], 10);
  out << "\n";
}

// The CSV's columns: k, t, then whichever of q, nu, q reconstructed, w, the energies and the momenta
// J^xi(q_k, q_{k+1}) the run has.
std::vector<std::string> csv_header(const DiscreteState& d, const DiscreteSimulationResult& r) {
  const Chart& Q = d.in.system.chart();
  std::vector<std::string> header{"k", "t"};
  if (r.unreduced) {
    for (std::size_t i = 0; i < Q.dim(); ++i) header.push_back(Q.coordinate_name(i));
    for (std::size_t a = 0; a < d.in.system.variational().size(); ++a) header.push_back("nu" + std::to_string(a + 1));
  }
  if (!r.reconstructed.empty())
    for (std::size_t i = 0; i < Q.dim(); ++i) header.push_back(Q.coordinate_name(i) + "_reconstructed");
  if (!r.reduced_w.empty())
    for (const auto& g : group_coordinate_names(*d.in.bundle)) header.push_back("w_" + g);
  if (!r.energy_dla.empty()) {
    header.push_back("energy_variational");
    header.push_back("energy_heun");
  }
  if (!r.work_dla.empty()) {
    header.push_back("work_variational");
    header.push_back("work_heun");
  }
  for (const auto& J : r.momenta) header.push_back("J_" + J.name);
  return header;
}

// Row k of the CSV, in the columns of csv_header; NaN where a sequence is shorter (no multiplier at k = 0).
std::vector<double> csv_row(const DiscreteState& d, const DiscreteSimulationResult& r, std::size_t k, double h) {
  const double nan = std::nan("");
  const auto at = [&](const std::vector<std::vector<double>>& v, std::size_t i, std::size_t j) { return i < v.size() ? v[i][j] : nan; };
  const std::size_t n = d.in.system.chart().dim();
  std::vector<double> row{static_cast<double>(k), k * h};
  if (r.unreduced) {
    for (std::size_t i = 0; i < n; ++i) row.push_back(r.unreduced->q[k][i]);
    for (std::size_t a = 0; a < d.in.system.variational().size(); ++a)
      row.push_back(k >= 1 ? at(r.unreduced->multipliers, k - 1, a) : nan);
  }
  if (!r.reconstructed.empty())
    for (std::size_t i = 0; i < n; ++i) row.push_back(at(r.reconstructed, k, i));
  if (!r.reduced_w.empty())
    for (std::size_t j = 0; j < group_coordinate_names(*d.in.bundle).size(); ++j) row.push_back(at(r.reduced_w, k, j));
  if (!r.energy_dla.empty()) {
    row.push_back(k < r.energy_dla.size() ? r.energy_dla[k] : nan);
    row.push_back(k < r.energy_heun.size() ? r.energy_heun[k] : nan);
  }
  if (!r.work_dla.empty()) {
    row.push_back(k < r.work_dla.size() ? r.work_dla[k] : nan);
    row.push_back(k < r.work_heun.size() ? r.work_heun[k] : nan);
  }
  for (const auto& J : r.momenta) row.push_back(k < J.values.size() ? J.values[k] : nan);
  return row;
}

void write_csv(const DiscreteState& d, const DiscreteSimulationResult& r, double h, const std::string& path, const SimulateOptions& o,
               std::ostream& out) {
  if (o.progress) o.progress("writing the CSV " + path);
  CsvWriter w(path, csv_header(d, r));
  const std::size_t N = d.in.simulation->steps;
  Throttle throttle;
  for (std::size_t k = 0; k <= N; ++k) {
    w.row(csv_row(d, r, k, h));
    if (o.detail && k % 1024 == 0 && throttle.due()) o.detail("CSV: row " + std::to_string(k) + " of " + std::to_string(N + 1));
  }
  w.finish();
  out << "CSV written to " << path << " (" << w.rows() << " rows)\n";
}

// Panels over t = k h: q_k, (q_{k+1} - q_k)/h, and with `energy: true` E_k - E_0 (with forces
// E_k - E_0 - W_k) of the variational integrator and of Heun's method (side by side: the comparison is the point); and the path of q_k.
RunFigures figures(const SystemFile& file, const DiscreteFile& df, const DiscreteState& d, const DiscreteSimulationResult& r,
                   double h) {
  const std::size_t N = d.in.simulation->steps;
  // every stride-th step (and the last): at most about kMaxPlotPoints points per series
  const std::size_t stride = plot_stride(N + 1);
  std::vector<std::size_t> ks;
  for (std::size_t k = 0; k <= N; k += stride) ks.push_back(k);
  if (ks.back() != N) ks.push_back(N);
  const auto& q = r.unreduced ? r.unreduced->q : r.reconstructed;
  const Chart& Q = d.in.system.chart();
  const double nan = std::nan("");
  Plot p{file.name + ": discrete trajectory" + (r.energy_dla.empty() ? "" : " and energy error, variational vs Heun"), "t = k h",
         "coordinates q_k", {}, {}};
  p.panel_labels = {"velocities (q_k+1 - q_k)/h"};
  for (std::size_t k : ks) p.x.push_back(static_cast<double>(k) * h);
  for (std::size_t i = 0; i < Q.dim(); ++i) {
    Series s{Q.coordinate_name(i), {}}, v{"(" + Q.coordinate_name(i) + "_k+1 - " + Q.coordinate_name(i) + "_k)/h", {}, 1};
    for (std::size_t k : ks) {
      s.y.push_back(k < q.size() ? q[k][i] : nan);
      v.y.push_back(k + 1 < q.size() ? (q[k + 1][i] - q[k][i]) / h : nan);
    }
    p.series.push_back(s);
    p.series.push_back(v);
  }
  if (!r.energy_dla.empty()) {
    const bool forced = !r.work_dla.empty();  // then the distance from the energy balance
    p.panel_labels.push_back(forced ? "E_k - E_0 - W_k" : "E_k - E_0");
    Series a{"variational", {}, 2}, b{"Heun (order 2)", {}, 2};
    const auto drift = [&](const std::vector<double>& E, const std::vector<double>& W, std::size_t k) {
      return k < E.size() ? E[k] - E[0] - (forced && k < W.size() ? W[k] : 0.0) : nan;
    };
    for (std::size_t k : ks) {
      a.y.push_back(drift(r.energy_dla, r.work_dla, k));
      b.y.push_back(drift(r.energy_heun, r.work_heun, k));
    }
    p.series.push_back(a);
    p.series.push_back(b);
  }
  RunFigures f{p};
  std::vector<std::vector<double>> path;
  for (std::size_t k : ks)
    if (k < q.size()) path.push_back(q[k]);
  if (df.plot) f.path = path_plot(PathPlotInput{file.name + ": path", *df.plot, Q.coordinates(), d.in.simulation->values, {}}, path);
  return f;
}

// A run that fails (Newton's method at some step) is the file's error, at its `simulate` block: what to
// change there (h, q0, q1, the tolerances) is the user's, not the name of an internal class.
DiscreteSimulationResult run_at_simulate(const DiscreteFile& df, const DiscreteState& d, const SimulateOptions& o) {
  try {
    DeriveOptions progress;
    progress.progress = o.progress;
    progress.detail = o.detail;
    return run_discrete_simulation(d, progress);
  } catch (const DomainError& e) {
    throw SpecError(df.at.find({"simulate"}), "'simulate': the integration of (3) failed: " + without_function_name(e.what()));
  }
}

int simulate_file(const SystemFile& file, const SimulateOptions& o, std::ostream& out) {
  const DiscreteFile df = load(file);
  const DiscreteState d = discrete_state(build_discrete_setup(df));
  const DiscreteSimulationResult r = run_at_simulate(df, d, o);
  const double h = GiNaC::ex_to<GiNaC::numeric>(d.in.system.step().subs(d.in.simulation->values).evalf()).to_double();
  if (!o.quiet) print_summary(file, d, r, h, out);
  for (const std::string& exit : r.domain_exits) out << "  " << exit << "\n";  // with --brief too, as the other runs
  if (r.reconstruction_error >= 0)
    out << "  reduced-then-reconstructed vs unreduced: max |dq| = " << sci(r.reconstruction_error) << " against 1e-9 + 1e-9 max |q| = "
        << sci(reconstruction_tolerance(r)) << " (max |q| = " << sci(r.reconstruction_scale, 10) << ")"
        << (reconstruction_agrees(r) ? " (agree)" : " (DISAGREE)") << "\n";
  if (!o.csv.empty()) write_csv(d, r, h, o.csv, o, out);
  if (!o.plot.empty()) {
    if (o.progress) o.progress("drawing the plots");
    write_run_plots(figures(file, df, d, r, h), o.plot, out, o.units);
  }
  return r.reduced_failed || (r.reconstruction_error >= 0 && !reconstruction_agrees(r)) ? 1 : 0;
}

class DiscreteModule : public Module {
 public:
  std::string name() const override { return "discrete"; }
  std::vector<std::string> keys() const override { return {"discrete"}; }
  bool applies(const SystemFile& f) const override { return static_cast<bool>(f.doc.root()["discrete"]); }
  void derive(const SystemFile& f, Derivation& out, const DeriveOptions& options) const override {
    derive_discrete(load(f), out, options);
  }
  std::vector<std::string> claim_kinds() const override { return discrete_claim_kinds(); }
  // io reads the section and the claims, the derivation checks them
  std::vector<ClaimResult> check(const SystemFile& f, const std::vector<Claim>& claims, const ClaimsContext& ctx) const override {
    const DiscreteFile file = load(f);
    std::vector<ClaimResult> results = check_discrete_claims(file, read_discrete_claims(f, file, claims, ctx));
    name_results(results, claims);
    return results;
  }
  bool can_simulate(const SystemFile& f) const override {
    const YAML::Node& d = f.doc.root()["discrete"];
    return d.IsMap() && static_cast<bool>(d["simulate"]);
  }
  int simulate(const SystemFile& f, const SimulateOptions& o, std::ostream& out) const override { return simulate_file(f, o, out); }
};

}  // namespace

std::unique_ptr<Module> make_discrete_module() { return std::make_unique<DiscreteModule>(); }

}  // namespace hamel
