// io/modules/simulate_section.hpp — the parts of a 'simulate:' section that every kind of system file
// writes alike (docs/system-files.md, "Simulation"):
//
//   simulate:
//     values: {m: 1, R: 0.5}        # a number for every parameter the system uses
//     initial: {x: 0, x_dot: 1}     # the state; which names a kind accepts is its own (its reader)
//     time: 10                      # the end time, or [t0, t1]
//     step: 0.01                    # optional output grid (default: the integrator's steps)
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "io/system_file.hpp"

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

}  // namespace hamel
