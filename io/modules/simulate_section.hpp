// io/modules/simulate_section.hpp — the parts of a 'simulate:' section that every kind of system file
// writes alike (docs/system-files.md, "Simulation"):
//
//   simulate:
//     values: {m: 1, R: 0.5}        # a number for every parameter the system uses
//     initial: {x: 0, x_dot: 1}     # the state; which names a kind accepts is its own (its reader)
//     time: 10                      # the end time, or [t0, t1]
//     step: 0.01                    # optional output grid (default: the integrator's steps)
//     plot: {x: "r*cos(theta)", y: "r*sin(theta)"}   # optional: the plane of the path plot
#pragma once

#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "io/system_file.hpp"
#include "numerics/ode.hpp"
#include "numerics/plot_plane.hpp"

namespace hamel {

/// 'simulate: values': parameter symbol → number, each checked as `parameter_value` checks it.
/// @throws ParseError at an unknown name (with a did-you-mean) or a bad value.
GiNaC::exmap read_simulate_values(const Document& doc, const YAML::Node& section, const Chart& Q);

/// Refuses values that leave a parameter of `used` without a number.
/// @throws ParseError at 'values' (or the section) naming the parameters without one.
void require_simulate_values(const Document& doc, const YAML::Node& section, const Chart& Q, const GiNaC::exmap& values,
                             const std::vector<GiNaC::ex>& used);

/// 'simulate: time': t1 (from t0 = 0) or [t0, t1], with t1 > t0.
std::pair<double, double> read_simulate_time(const Document& doc, const YAML::Node& section);

/// 'simulate: step': the output grid, 0 when absent; positive, with at most 1e7 samples.
double read_simulate_step(const Document& doc, const YAML::Node& section, double t0, double t1);

/// 'simulate: initial' as written: name → value, each name one of `names` (what the kind accepts),
/// in the order of the file. @throws ParseError at an unknown name or a value that is not a number.
std::vector<std::pair<std::string, double>> read_simulate_initial(const Document& doc, const YAML::Node& section,
                                                                  const std::vector<std::string>& names,
                                                                  const std::string& expected);

/// 'simulate: plot', the plane the path is drawn in: [a, b] (two coordinates) or {X: "…", Y: "…"} (two
/// axes, named by their keys, as functions of the coordinates and parameters read by `q`, e.g. x = r cos θ,
/// y = r sin θ for a polar chart). Absent: the first two coordinates, or none with fewer than two.
/// @throws ParseError at a list or mapping of other than two entries, an unknown coordinate, a bad expression.
std::optional<PlotPlane> read_simulate_plot(const Document& doc, const YAML::Node& section, const Chart& Q,
                                            const ExpressionReader& q);

/// Draws a run's figures for `--plot PATH` (numerics/plot_plane.hpp plot_run, on plot_base(PATH)) and says
/// which files were written, what the path plot leaves out, or why there is no plot (no gnuplot).
/// `units` (the file's `units:`) label the axes and the series: t [s], x [m], x_dot [m/s]; the energy unit
/// goes to H_c, E_L, E_k and to the quantities named in `energies` (and to their drifts f − f(t0)).
void write_run_plots(const RunFigures& figures, const std::string& path, std::ostream& out,
                     const std::map<std::string, std::string>& units = {}, const std::vector<std::string>& energies = {});

/// What a run's header adds when it stopped before its end time `t1` (empty when it reached it), the
/// same for every kind: " (stopped before t = 10: Zeno accumulation)"; the `stopped:` line below the
/// summary gives the whole message. The header itself names the interval actually simulated.
std::string stopped_early_note(Termination termination, const std::string& message, double t1);

/// The events (impacts, switches) of a run in a CSV of their own beside `--csv OUT.csv`: OUT-events.csv
/// (numerics/csv.hpp companion_csv), written by `write`; says where, or that `--csv -` has none.
void write_events_csv(const SimulateOptions& o, const std::function<void(const std::string&)>& write, std::ostream& out);

}  // namespace hamel
