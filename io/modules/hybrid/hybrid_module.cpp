// io/modules/hybrid/hybrid_module.cpp — the Module: derive (derivation/hybrid), claims, simulate.
#include "io/modules/hybrid/hybrid_module.hpp"

#include <sstream>

#include "core/error.hpp"
#include "derivation/hybrid.hpp"
#include "io/modules/simulate_section.hpp"
#include "numerics/plot.hpp"

namespace hamel {

namespace {

std::string fmt(double v, int digits = 10) {
  std::ostringstream os;
  os.precision(digits);
  os << v;
  return os.str();
}

}  // namespace

namespace {

class HybridModule : public Module {
 public:
  std::string name() const override { return "hybrid"; }
  std::vector<std::string> keys() const override {
    return {"lagrangian", "force", "time_dependent", "symmetry", "hybrid", "simulate"};
  }
  bool applies(const SystemFile& f) const override { return is_hybrid_file(f); }
  void derive(const SystemFile& f, Derivation& out, const DeriveOptions& options) const override {
    const HybridFile in = read_hybrid(f);
    // the time functions f(t) are functions of the derivation, as the file's `functions` are: the JSON's
    // table lists them, so that a strict reader knows f
    for (const std::string& name : in.function_names) out.declare(name, SymbolKind::Function, "a function of time");
    derive_hybrid(in, out, options);
  }
  std::vector<std::string> claim_kinds() const override { return hybrid_claim_kinds(); }
  std::vector<ClaimResult> check(const SystemFile& f, const std::vector<Claim>& claims, const ClaimsContext& ctx) const override {
    // io reads the file and the claims, the derivation checks them
    const HybridFile in = read_hybrid(f);
    std::vector<ClaimResult> results = check_hybrid_claims(in, read_hybrid_claims(f, in, claims, ctx));
    name_results(results, claims);
    return results;
  }
  bool can_simulate(const SystemFile& f) const override { return static_cast<bool>(f.doc.root()["simulate"]); }
  // `simulate: output: {csv, plot}` (read_hybrid refuses any other shape, after this)
  std::vector<std::pair<std::string, std::string>> simulate_outputs(const SystemFile& f) const override {
    std::vector<std::pair<std::string, std::string>> named;
    const YAML::Node& s = f.doc.root()["simulate"];
    if (!s || !s.IsMap() || !s["output"] || !s["output"].IsMap()) return named;
    for (const char* key : {"csv", "plot"})
      if (s["output"][key] && s["output"][key].IsScalar()) named.emplace_back(std::string("--") + key, s["output"][key].Scalar());
    return named;
  }
  int simulate(const SystemFile& f, const SimulateOptions& o, std::ostream& out) const override {
    return run_hybrid_simulation(read_hybrid(f), o, out);
  }
};

}  // namespace

int run_hybrid_simulation(const HybridFile& file, const SimulateOptions& options, std::ostream& out) {
  if (!file.simulation) throw InvalidArgument("hamel simulate: the system file has no 'simulate' section");
  if (options.progress) options.progress("building the hybrid system");
  const HybridSystem in = build_hybrid_system(file);
  const auto& si = *in.simulation;
  HybridSimulationSpec spec = si.spec;
  spec.compile.quiet = options.quiet;
  SimulateOptions written = options;  // the file's output.csv when the command line gives none
  if (written.csv.empty()) written.csv = si.csv;
  // memory bounded however long the run: the CSV is written as the run goes, the figures get about
  // kMaxPlotPoints samples of it (the impacts are kept in full)
  spec.csv = written.csv;
  spec.max_samples = kMaxPlotPoints;
  if (options.progress)
    options.progress("integrating over t in [" + fmt(spec.t0, 6) + ", " + fmt(spec.t1, 6) + "]" +
                     (spec.csv.empty() ? "" : ", writing the CSV " + spec.csv));
  if (options.detail)
    spec.options.progress = [detail = options.detail](const Progress& p) {
      detail("t = " + fmt(p.t, 6) + " of " + fmt(p.t1, 6) + ", " + std::to_string(p.events) + " impacts, " + std::to_string(p.steps) +
             " steps");
    };
  const HybridTrajectory tr = run_hybrid(in, spec);
  out << "hybrid simulation: t = " << spec.t0 << " .. " << tr.t.back() << stopped_early_note(tr.termination, tr.message, spec.t1)
      << (in.automaton ? " from domain " + in.automaton->domain(spec.initial_domain).name : std::string()) << ", "
      << tr.impacts.size() << " impacts, " << tr.grazes.size() << " grazes, " << tr.steps << " steps\n";
  for (const std::string& exit : hybrid_domain_exits(in, spec, tr)) out << exit << "\n";
  // --brief leaves out the impacts, as it leaves out a contact run's events
  const std::size_t show = options.quiet ? 0 : std::min<std::size_t>(tr.impacts.size(), 20);
  for (std::size_t k = 0; k < show; ++k) {
    const auto& i = tr.impacts[k];
    out << "  impact " << k + 1 << ": t = " << fmt(i.t, 12) << " (" << i.guards << ")  E " << fmt(i.energy_before, 8) << " -> "
        << fmt(i.energy_after, 8);
    for (std::size_t o = 0; o < tr.observable_names.size(); ++o)
      out << "  " << tr.observable_names[o] << " " << fmt(i.observables_before[o], 8) << " -> " << fmt(i.observables_after[o], 8);
    out << "\n";
  }
  // the events CSV goes beside a trajectory CSV written to a file (write_events_csv)
  const bool events_csv = !written.csv.empty() && !written.csv_to_stdout;
  if (!options.quiet && tr.impacts.size() > show)
    out << "  ... (" << tr.impacts.size() - show << " more"
        << (events_csv ? " in the events CSV" : "; --csv OUT.csv writes every impact to OUT-events.csv") << ")\n";
  if (!tr.message.empty()) out << "stopped: " << tr.message << "\n";
  if (!written.csv.empty()) {
    out << "trajectory written to " << written.csv << " (" << tr.csv_rows << " rows: every "
        << (spec.options.output_step > 0 ? "point of the output step" : "accepted step") << ")\n";
    write_events_csv(written, [&tr](const std::string& path) { write_impacts_csv(tr, path); }, out);
  }
  const std::string plot_path = options.plot.empty() ? si.plot : options.plot;
  if (!plot_path.empty() && !tr.t.empty()) {
    if (options.progress) options.progress("drawing the plots");
    const HybridAutomaton A = in.automaton ? *in.automaton : as_automaton(*in.system);
    write_run_plots(hybrid_figures(A, spec, tr, si.plane, in.name), plot_path, out, options.units);
  }
  if (si.reduced && in.reduction) out << "(the reduced simulation is compared with this one by 'hamel derive')\n";
  return tr.termination == Termination::Completed ? 0 : 1;
}

std::unique_ptr<Module> make_hybrid_module() { return std::make_unique<HybridModule>(); }

}  // namespace hamel
