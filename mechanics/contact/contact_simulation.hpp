// mechanics/contact/contact_simulation.hpp — simulation of contact Lagrangian systems with impacts and
// switching constraints, on numerics/events.hpp (guards, directions, grazing, simultaneous events,
// Zeno detection):
//   * between events Γ_L (001 (47)–(48)), or Γ_{L,D} (003 Prop. 5) for the active constraints;
//   * a wall Ψ(q) ≥ 0 (003 §3.1): Falling guard on Ψ (so the guard dΨ(q̇) < 0 of E17 holds), impact
//     q̇⁺ = (P̃ − α Q̃) q̇⁻ (003 (33); for α = 1 the solution of 001 (8)), or, when constraints are
//     active, the impact within their D (003 (22)–(27) with (29)–(33): the jump along n = P_D grad Ψ);
//   * a switching constraint set active where w(q) > 0 (or ≥ 0) (003 §4): Rising guard on w, momentum
//     jump 003 (74) onto the constraints, then the constrained dynamics.  Constraints only switch on.
// The state is (q, q̇, z, s) with s = ∫ ∂L/∂z dt, so that the energy law of 003 Prop. 3 (corrected,
// E9), E(t) = exp(s(t) − s(t_k)) E(t_k⁺) after the last event t_k, is checked along the run.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mechanics/contact/contact_lagrangian.hpp"
#include "numerics/compiled_function.hpp"
#include "numerics/events.hpp"

namespace hamel {

/// A one-sided constraint Ψ(q) ≥ 0 with restitution α ∈ [0, 1] (003 §3.1).
struct ContactWall {
  std::string name;
  GiNaC::ex psi;
  GiNaC::ex restitution = 1;
};

/// Linear constraints that hold where w(q) > 0 (strict) or w(q) ≥ 0 (003 §4).
struct ContactSwitch {
  std::string name;
  GiNaC::ex where;
  bool strict = true;
  std::vector<Form> constraints;
};

struct ContactHybridSystem {
  ContactLagrangian lagrangian;
  std::vector<Form> constraints;      ///< always active (003 (15))
  std::vector<ContactWall> walls;
  std::vector<ContactSwitch> switches;
};

struct ContactRunOptions {
  GiNaC::exmap values;          ///< parameter → number
  std::vector<double> initial;  ///< (q, q̇, z)
  double t0 = 0;
  double t1 = 1;
  /// Tolerances, output_step, max_events, …; events are located to 4 ulp of t (time_tol below it):
  /// each impact is applied at the last time before the surface, so a coarser bracket would shift the
  /// later impacts by about time_tol each.
  EventOptions events = fine_events();
  static EventOptions fine_events() {
    EventOptions e;
    e.time_tol = 1e-15;
    return e;
  }
  CompileOptions compile;
};

enum class ContactEventKind { Impact, Switch };

struct ContactEventRecord {
  double t = 0;
  std::string name;             ///< the wall or switch
  ContactEventKind kind = ContactEventKind::Impact;
  bool grazing = false;
  State before, after;          ///< (q, q̇, z)
  double energy_before = 0, energy_after = 0;
  double lost_kinetic = 0;      ///< T_l = T(q̇⁺ − q̇⁻)
  double restitution = 0;       ///< α (0 for a switch: Carnot with α = 0)
  /// −(1 − α)/(1 + α) T_l: Carnot's balance (003 (35)); its difference from the actual jump is a check.
  double predicted_jump() const { return -(1 - restitution) / (1 + restitution) * lost_kinetic + 0.0; }  // + 0.0: no -0
};

struct ContactRun {
  Simulation simulation;              ///< states (q, q̇, z, s); each event time appears twice
  std::vector<double> energy;         ///< E_L at simulation.trajectory.t
  std::vector<double> grid_energy;    ///< E_L at simulation.trajectory.grid_t
  std::vector<ContactEventRecord> events;
  std::vector<std::string> active_at_end;  ///< switches active at the end
  /// max over the steps of |E − exp(s − s_k) E(t_k⁺)| / max(1, |E|): the energy law of Prop. 3.
  double energy_law_error = 0;
  /// max |λ_a| at the steps of constrained modes (0 if none).
  double max_multiplier = 0;
  /// λ of (15) at simulation.trajectory.t and at its grid_t, one column per constraint of the system
  /// (the always-on ones, then each switch's in order), NaN where it is not active.
  std::vector<std::vector<double>> multipliers, grid_multipliers;
  /// For each column of `multipliers`: the switch it belongs to ("" for an always-on constraint) and
  /// its index (1-based) among that set's constraints.
  std::vector<std::pair<std::string, std::size_t>> multiplier_columns;
};

/// Runs the system. @throws InvalidArgument for a wrong number of initial values or a parameter
/// without value (named), DomainError for dependent constraints.
ContactRun simulate_contact(const ContactHybridSystem& system, const ContactRunOptions& options);

}  // namespace hamel
