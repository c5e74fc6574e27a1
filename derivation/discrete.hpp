// derivation/discrete.hpp — the derivation of a discrete nonholonomic system (docs/discrete.md): the
// discrete Lagrange–d'Alembert equations, symmetry and affine discrete connections, the reduced system
// checked against the unreduced one, the discrete momentum, the Chaplygin and horizontal-symmetry
// reductions, and a simulation that compares the reduced and unreduced integrators.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "derivation/discrete_input.hpp"
#include "derivation/model.hpp"
#include "mechanics/discrete/integrator.hpp"
#include "mechanics/discrete/lagrange_dalembert.hpp"
#include "mechanics/discrete/trivial_bundle.hpp"
#include "reduction/discrete/chaplygin.hpp"
#include "reduction/discrete/discrete_connection.hpp"
#include "reduction/discrete/discrete_momentum.hpp"
#include "reduction/discrete/horizontal_symmetry.hpp"
#include "reduction/discrete/nonholonomic_connection.hpp"
#include "reduction/discrete/reduced_system.hpp"

namespace hamel {

/// `simulate:` of a discrete system: numbers for the parameters, the first two points and a mode.
struct DiscreteSimulation {
  ParameterValues values;
  std::size_t steps = 0;
  std::vector<double> q0, q1;   ///< q1 completed on D_d
  using Mode = DiscreteSimulationInput::Mode;
  Mode mode = Mode::Both;
  bool energy = false;          ///< compare the energy with Heun's method
  NewtonOptions newton;
};

/// The system an input describes, built and checked by the library (derivation/discrete_setup.cpp).
struct DiscreteSetup {
  DiscreteSystem system;
  std::string origin;                              ///< "midpoint rule (q at alpha = 1/2)" or "given L_d"
  std::optional<TrivialBundle> bundle;             ///< `symmetry`
  std::optional<DiscreteConnection> connection;    ///< `connection` (default: trivial)
  std::string connection_origin;
  std::optional<GiNaC::matrix> horizontal;         ///< `horizontal`: the graph map, if given
  std::vector<std::size_t> subgroup;               ///< `horizontal_symmetry: subgroup` (indices into G)
  std::vector<GiNaC::ex> mu;                       ///< `horizontal_symmetry: momentum`
  std::vector<std::pair<std::string, Section>> sections;  ///< `momentum`
  std::optional<DiscreteSimulation> simulation;    ///< `simulate`
};

/// What derive, the claims and the simulation share: the equations and reductions, computed once.
struct DiscreteState {
  DiscreteSetup in;
  DiscreteEquations eq;
  std::optional<NonholonomicConnection> nh;
  std::string nh_note;  ///< how the nonholonomic connection was found, or why there is none
  std::optional<ReducedSystem> reduced;
  std::optional<ChaplyginTest> chaplygin;
  std::optional<ReducedSystem> chaplygin_reduced;
  std::optional<DiscreteSystem> chaplygin_system;
  std::optional<HorizontalSymmetryTest> hs_test;
  std::optional<TrivialBundle> hs_bundle;
  std::optional<MomentumConnection> hs_connection;
  std::optional<ReducedSystem> hs_reduced;
  std::optional<DiscreteSystem> hs_system;
  std::string hs_note;  ///< why there is no momentum connection
};

/// The equations and every reduction the input admits; a reduction that fails leaves a note.
DiscreteState discrete_state(const DiscreteSetup& in);

/// The trajectories of `simulate:`: unreduced, reduced and lifted back, and their energies.
struct DiscreteSimulationResult {
  std::optional<DiscreteTrajectory> unreduced;
  std::vector<std::vector<double>> reconstructed;  ///< from the reduced route
  std::vector<std::vector<double>> reduced_w;      ///< w_k (general route), empty otherwise
  std::string reduced_route;                       ///< how the reduced trajectory was computed
  std::string reduced_note;                        ///< why there is none
  bool reduced_failed = false;                     ///< there is a reduced system, but its run failed (the note says why)
  double reconstruction_error = -1;                ///< max |q_rec − q|, −1 if not compared
  double reconstruction_scale = 0;                 ///< max |q| of the unreduced run (the scale the error is read on)
  int reduced_max_iterations = 0;
  double reduced_max_residual = 0;
  std::vector<double> energy_dla, energy_heun;
  /// The work of the forces from E_0 to E_k (forced systems; empty otherwise): discrete_work, and for
  /// Heun ∫ F·q̇ dt.
  std::vector<double> work_dla, work_heun;
  /// The largest drift of each (when compared): max |E_k − E_0|, or for a forced system the distance
  /// from the energy balance max |E_k − E_0 − W_k|.
  double energy_error_dla = 0, energy_error_heun = 0;
  /// J^xi(q_k, q_{k+1}) (32), k = 0 … N−1, for each section of momentum_sections.
  struct Momentum {
    std::string name;
    std::vector<double> values;
    double drift() const;  ///< max_k |J_k − J_0|
  };
  std::vector<Momentum> momenta;
  /// Where the run (unreduced, else reconstructed; t_k = k h) left a coordinate's declared domain
  /// (derivation/domain_exits.hpp), as sentences.
  std::vector<std::string> domain_exits;
};

/// The sections xi of the discrete momentum: the file's `momentum`, else Ad_g eta_i of a basis of g^D
/// (named xi1, xi2, …); none without a symmetry.
std::vector<std::pair<std::string, Section>> momentum_sections(const DiscreteState& d);

/// Runs `simulate:` (which must be present). `progress` hears each phase's title as it starts (the
/// unreduced run, the reduced one, the energies, the momenta) and `detail` how far a long phase is, at
/// most once a second (DeriveOptions' callbacks: hamel's progress lines).
/// @throws DomainError when a Newton step does not converge.
DiscreteSimulationResult run_discrete_simulation(const DiscreteState& d, const DeriveOptions& progress = {});

/// The reconstructed and the unreduced runs agree when max |q_rec − q| <= abs + rel · max |q|: rounding
/// grows with the size of the coordinates (a run to y = 10⁴ differs by 9e-8, 1e-11 of y), so the bound
/// is relative to the scale of the values, with an absolute floor for runs near the origin.
constexpr double kReconstructionAbsTolerance = 1e-9;
constexpr double kReconstructionRelTolerance = 1e-9;
/// abs + rel · max |q| for this run.
double reconstruction_tolerance(const DiscreteSimulationResult& r);
/// The error is measured and within reconstruction_tolerance.
bool reconstruction_agrees(const DiscreteSimulationResult& r);

/// @throws SpecError at the input's entry the library refuses: a Lagrangian that is not mechanical, a
///   constraint not linear in the velocities, a system it cannot build, a law that is not a group, a
///   kinematic connection that does not exist, a subgroup that is not one, parameters without values,
///   a q1 that cannot be completed on D_d.
DiscreteSetup build_discrete_setup(const DiscreteInput& in);

/// The whole derivation, appended to `out`. @throws SpecError as build_discrete_setup.
void derive_discrete(const DiscreteInput& in, Derivation& out, const DeriveOptions& options);
/// The same for a system built in code from the library's objects.
void derive_discrete(const DiscreteSetup& in, Derivation& out, const DeriveOptions& options);

}  // namespace hamel
