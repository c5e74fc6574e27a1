// derivation/nonholonomic_simulation.hpp — `hamel simulate` for a nonholonomic system: the first-order
// system (2.8) of 004 on D* with coordinates (q, π) (for affine constraints the Lagrange–d'Alembert
// equations on D*), integrated numerically, with the constrained energy H_c (2.7), the declared gauge
// momenta and, for affine constraints, the conserved Jacobi-type integrals monitored along the solution.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "derivation/model.hpp"
#include "derivation/nonholonomic_input.hpp"
#include "mechanics/nonholonomic_system.hpp"
#include "numerics/monitored.hpp"

namespace hamel {

struct NonholonomicRunSpec {
  GiNaC::exmap values;  ///< parameter → number
  /// Every coordinate, and either every momentum π_a or every velocity q̇_i (which must lie in D).
  std::vector<std::pair<std::string, double>> initial;
  double t0 = 0, t1 = 1;
  double step = 0;  ///< output grid (0: the integrator's steps)
  /// > 0: keep only about this many samples (integrate_monitored; the drifts still cover every step), for
  /// a run whose samples only feed the figures. A gauge-momentum search keeps them all (its momenta are
  /// evaluated along the stored states after the run).
  std::size_t max_samples = 0;
};

struct NonholonomicRun {
  std::vector<std::string> state_names;  ///< q, then π_1..π_r, then the variables u_a (see `reduced`)
  State start;                           ///< (q, π) at t0
  MonitoredRun run;                      ///< monitored: H_c, π_b for each declared gauge momentum, J_Y (affine)
  std::vector<std::string> meanings;     ///< one per monitored quantity, for people
  std::vector<std::string> energies;     ///< the monitored quantities that are energies (H_c, Jacobi-type integrals)
  std::string equations;                 ///< which equations were integrated, for people
  /// The variables u_a integrated by the reduced equations in them, after q and π in the state (0: none),
  /// each monitored as u_a(q, π) − u_a: their drift is how far the reduced solution is from the full one.
  std::size_t reduced = 0;
  std::vector<std::string> notes;        ///< for people: what was not integrated or monitored, and why
};

/// The initial state on D* from the coordinates and momenta, or from the coordinates and velocities:
/// q̇ = ρ(q) v (004 (2.5)) is solved for the quasi-velocities v (least squares) and π = G(q) v (Leg_c, 004 §2.2).
/// @throws DomainError when the names are not every coordinate and every momentum (or velocity), or
///   when the velocities leave D (the constraint's residual is named).
State initial_on_dual(const NonholonomicSystem& sys, const GiNaC::exmap& values,
                      const std::vector<std::pair<std::string, double>>& initial);

/// Builds the system (as `hamel derive` does) and integrates (2.8); with `variables` whose reduced
/// equations the derivation writes in them, those too, beside (2.8) from u(q0, π0) (issue 19 §2).
/// @throws DomainError for a bad initial state, SpecError as build_nonholonomic_system.
/// `progress` hears each phase's title (building the system, the monitored quantities, the integration)
/// and `detail` how far the integration is (t, steps), at most once a second: hamel's progress lines.
NonholonomicRun simulate_nonholonomic(const NonholonomicInput& in, const NonholonomicRunSpec& spec, const DeriveOptions& progress = {});

}  // namespace hamel
