// derivation/gauge_search.hpp — `gauge_momenta: {ansatz, shape, …}`: the derived ODE f' = L(s) f
// (004 (7.7)), its numeric solution, the conservation check along (2.8), and the 3-form Λ from the
// adapted basis, as a section of the derivation.
#pragma once

#include <map>
#include <string>

#include "derivation/model.hpp"
#include "derivation/nonholonomic_input.hpp"
#include "mechanics/nonholonomic_system.hpp"
#include "reduction/gauge_search.hpp"

namespace hamel {

struct GaugeSearchResult {
  GaugeOde ode;
  Form Lambda;
  GiNaC::ex momentum;  ///< Σ f_i(s) p_{W_i} with the abstract solution f
};

/// Whether `s` enters e only through sin, cos and tan of n·s + (terms free of s), n an integer: e is
/// then 2π-periodic in s, as a function of an angle is (Lemma 7.2 is checked only then).
bool periodic_in(const GiNaC::ex& e, const GiNaC::ex& s);

/// The ansatz of the input on the system: its frame fields by name, the shape, the unknowns.
/// @throws InvalidArgument for a name that is not one of the system's frame fields.
GaugeAnsatz gauge_ansatz(const NonholonomicSystem& system, const GaugeSearchInput& input);

/// Derives the ODE and Λ and writes the section "Gauge momentum search" into `out`; with values, also
/// solves the ODE, tabulates and plots the solutions (to options.plot_base when not empty) and checks
/// their conservation along numerically integrated trajectories of (2.8).
GaugeSearchResult derive_gauge_search(const NonholonomicSystem& system, const GaugeSearchInput& input, Derivation& out,
                                      const DeriveOptions& options);

}  // namespace hamel
