// io/modules/gauge_search_section.hpp — `gauge_momenta: {ansatz, shape, …}` in system files: the
// derived ODE f' = L(s) f (004 (7.7)), its numeric solution, the conservation check along (2.8), and
// the 3-form Λ from the adapted basis.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "io/report.hpp"
#include "io/system_file.hpp"
#include "reduction/gauge_search.hpp"

namespace hamel {

struct GaugeSearchInput {
  GaugeAnsatz ansatz;
  GiNaC::exmap values;                   ///< parameter ↦ number, for the numerics (empty: symbolic only)
  double s_min = 0, s_max = 0, s_base = 0;
  double check_time = 10;                ///< time span of the conservation check
  std::map<std::string, double> initial; ///< initial state of the check (coordinates and momenta)
};

/// Reads the mapping under `gauge_momenta` and the top-level `values`.
GaugeSearchInput read_gauge_search(const SystemFile& file, const NonholonomicSystem& system, const YAML::Node& node);

struct GaugeSearchResult {
  GaugeOde ode;
  Form Lambda;
  GiNaC::ex momentum;  ///< Σ f_i(s) p_{W_i} with the abstract solution f
};

/// Derives, reports (section "Gauge momentum search") and returns the ODE and Λ; with values, also
/// solves the ODE, tabulates and plots the solutions (to `plot_base`.svg/.png when not empty) and
/// checks their conservation along numerically integrated trajectories of (2.8).
GaugeSearchResult gauge_search_section(const NonholonomicSystem& system, const GaugeSearchInput& input,
                                       Report& report, const std::string& plot_base);

}  // namespace hamel
