// numerics/monitored.hpp — the solution of x' = f(x) for f given as expressions, with functions of the
// state monitored along it: the quantities a derivation found conserved (an energy, gauge momenta,
// Casimirs), whose drift says how far the numerical solution can be trusted.
#pragma once

#include <string>
#include <vector>

#include <ginac/ginac.h>

#include "numerics/ode.hpp"

namespace hamel {

struct Monitored {
  std::string name;
  GiNaC::ex f;  ///< a function of the state's symbols
};

struct MonitoredRun {
  Trajectory trajectory;
  std::vector<std::string> names;            ///< one per monitored function
  std::vector<double> initial;               ///< each at t0
  std::vector<std::vector<double>> samples;  ///< samples[k][j]: function j at the k-th sample (grid if any, else steps)
  /// max over every accepted step of |f(t) − f(t0)|, and that over max(|f(t0)|, 1e-300): both, since a
  /// momentum that starts at 0 has no relative drift.
  std::vector<double> drift;
  std::vector<double> relative_drift;
  std::size_t sample_count = 0;  ///< samples of the run, kept or not (see max_samples)
};

/// Integrates x' = field(x) from x0 (state: the symbols, in the order of x0) over [t0, t1], sampled on
/// t0 + k·step when step > 0; `values` gives the parameters a number.  `max_samples` > 0 bounds the
/// memory of a long run: the drifts are running maxima over every accepted step as before, but only
/// about max_samples samples are kept (every k-th, k doubling whenever 2·max_samples are kept, and the
/// last), in the trajectory's steps (or grid) and in `samples` alike.
/// @throws InvalidArgument for sizes that do not match or a field that does not compile.
MonitoredRun integrate_monitored(const std::vector<GiNaC::ex>& field, const std::vector<GiNaC::ex>& state,
                                 const std::vector<Monitored>& monitors, const GiNaC::exmap& values, const State& x0,
                                 double t0, double t1, double step, const IntegrateOptions& options = {},
                                 std::size_t max_samples = 0);

}  // namespace hamel
