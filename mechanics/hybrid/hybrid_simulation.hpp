// mechanics/hybrid/hybrid_simulation.hpp — hybrid flows (000 Def. 3) computed numerically.
//
// The forced (possibly time-dependent) Euler–Lagrange field of each domain and every guard, reset,
// energy and observable are compiled (numerics/compiled_function.hpp) and run by
// numerics/events.hpp: Dormand–Prince with dense output, impacts located on the interpolant by
// TOMS 748 to EventOptions::time_tol (1e-12), several guards, grazing contacts (recorded, no jump:
// GrazingPolicy::Record), simultaneous impacts (all their resets applied, in guard order), Zeno
// accumulation (stop after max_events with the accumulation time).  The state integrated is
// (q, q̇, domain); a guard is active only in its source domain.
#pragma once

#include <string>
#include <vector>

#include "core/abstract_function.hpp"
#include "mechanics/hybrid/hybrid_automaton.hpp"
#include "numerics/compiled_function.hpp"
#include "numerics/events.hpp"
#include "numerics/plot_plane.hpp"

namespace hamel {

/// A concrete formula for an abstract function of time f(t) (symbolic checks keep f arbitrary).
struct TimeFunction {
  AbstractFunction function;
  GiNaC::ex formula;  ///< in the time symbol
};

/// f(t), f'(t), f''(t), … replaced by the formula and its derivatives (at the same argument).
GiNaC::ex substitute_time_functions(const GiNaC::ex& e, const std::vector<TimeFunction>& fs, const GiNaC::ex& time);

struct HybridSimulationSpec {
  State initial;                     ///< (q, q̇)
  DomainId initial_domain = 0;
  double t0 = 0;
  double t1 = 1;
  GiNaC::exmap values;               ///< parameter → number
  std::vector<TimeFunction> functions;
  /// Functions on (R ×) TQ recorded along the run and at every impact (e.g. the momenta J^ξ).
  std::vector<std::pair<std::string, GiNaC::ex>> observables;
  EventOptions options;              ///< tolerances, max_events (Zeno), output_step, progress, …
  CompileOptions compile;
  /// 0: keep every sample (accepted step, or grid point). Else keep about max_samples of them: every
  /// k-th from the start, k doubling whenever 2·max_samples are kept, and the last (for the figures
  /// of a long run, whose memory then stays bounded).
  std::size_t max_samples = 0;
  /// Non-empty: every sample is written to this CSV as the run goes (the columns of
  /// write_trajectory_csv), whatever max_samples keeps.
  std::string csv;
};

/// One stop of the hybrid flow (a hit: one or several simultaneous impacts, or a graze).
struct ImpactRecord {
  double t = 0;
  std::string guards;                ///< guard names, "C1+C2" for a simultaneous impact
  std::string from, to;              ///< domains
  State before, after;               ///< (q, q̇)
  std::vector<double> observables_before, observables_after;
  double energy_before = 0, energy_after = 0;
};

struct HybridTrajectory {
  std::vector<std::string> state_names;       ///< q…, q_dot…
  std::vector<std::string> observable_names;
  std::vector<double> t;                      ///< samples (accepted steps, or the grid); jumps appear twice
  std::vector<State> x;
  std::vector<std::size_t> domain;
  std::vector<std::vector<double>> observables;  ///< per sample
  std::vector<double> energy;                    ///< E_L per sample
  std::vector<ImpactRecord> impacts;
  std::vector<Event> grazes;
  Termination termination = Termination::Completed;
  std::string message;
  std::optional<double> accumulation_time;       ///< Zeno
  std::size_t steps = 0;
  std::size_t samples = 0;                       ///< of the run, kept or not (see max_samples)
  std::size_t csv_rows = 0;                      ///< written to spec.csv
};

/// Impacts follow mechanics/hybrid/impact_rule.hpp: a crossing leaving S is a graze (no reset), one at
/// the time of the previous impact ends the run as Zeno accumulation (termination MaxEvents, with
/// accumulation_time), a reset that does not reverse σ ends it (Stopped).
/// @throws InvalidArgument for an initial state of the wrong size, a missing parameter value, an
///   unknown initial domain, or an initial state outside an impact guard of its domain (h < 0 for a
///   falling guard, h > 0 for a rising one: the motion would pass it unseen).
HybridTrajectory simulate_hybrid(const HybridAutomaton& A, const HybridSimulationSpec& spec);
HybridTrajectory simulate_hybrid(const SimpleHybridSystem& H, const HybridSimulationSpec& spec);

/// CSV of the samples: t, the state, the domain, the observables, the energy.
void write_trajectory_csv(const HybridTrajectory& tr, const std::string& path);
/// CSV of the impacts: index, time, the guard ("C1+C2" for a simultaneous impact), the domains before
/// and after, then state, observables and energy before and after.
void write_impacts_csv(const HybridTrajectory& tr, const std::string& path);

/// The figures of a run (numerics/plot_plane.hpp; plot_run draws them): the coordinates, the velocities,
/// E_L - E_L(t0) and each observable's J - J(t0) against t, each in its own panel, a dashed line at every
/// impact named after its guards; and the path in `plane` (default: the first two coordinates, none with
/// one) with every guard's zero set (a moving one at the start and at the end) and the impact points.
RunFigures hybrid_figures(const HybridAutomaton& A, const HybridSimulationSpec& spec, const HybridTrajectory& tr,
                          const std::optional<PlotPlane>& plane = std::nullopt, const std::string& title = "");

}  // namespace hamel
