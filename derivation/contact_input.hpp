// derivation/contact_input.hpp — a contact (Herglotz) system as plain data (docs/contact.md): what
// io/modules/contact/contact_file.cpp reads, or what a C++ user builds.  derivation/contact_system.cpp
// checks it with the library and reports what it refuses at the positions in `at`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/source_pos.hpp"
#include "geometry/chart.hpp"

namespace hamel {

/// An impulsive one-sided constraint Ψ(q) ≥ 0 with restitution (003 §3.1).
struct ContactWallInput {
  std::string name;
  GiNaC::ex psi;
  GiNaC::ex restitution = 1;
  std::string text;  ///< the inequality as written, for the section titles
};

/// Constraints linear in the velocities that switch on where w(q) > 0 (or ≥ 0) (003 §4).
struct ContactSwitchInput {
  std::string name;
  GiNaC::ex where;
  bool strict = true;
  std::vector<GiNaC::ex> constraints;
  std::string text;  ///< the region as written
};

/// The `simulate:` section.
struct ContactSimulationSpec {
  GiNaC::exmap values;          ///< parameter → number
  std::vector<double> initial;  ///< (q, q̇, z)
  double t0 = 0, t1 = 1;
  double step = 0;              ///< output grid (0: the integrator's steps)
  std::size_t max_events = 1000;
  const char* max_events_name = "max_events";  ///< how the input names it (a literal; the Zeno hint says what to raise)
};

struct ContactInput {
  ContactInput(Chart Q, GiNaC::ex lagrangian) : Q(std::move(Q)), lagrangian(std::move(lagrangian)) {}

  Chart Q;
  GiNaC::ex lagrangian;                ///< L(q, q_dot, z) on contact_tangent_bundle(Q)
  std::vector<GiNaC::ex> constraints;  ///< always active (003 (15)), linear in the velocities
  std::vector<ContactWallInput> walls;
  std::vector<ContactSwitchInput> switches;
  std::optional<ContactSimulationSpec> simulation;
  /// Where the parts were written: "" (the file), "lagrangian", "constraints", "constraints.<k>"
  /// (1-based), "impulsive.<name>" (its inequality), "switching.<name>" (its constraints),
  /// "switching.<name>.<k>".
  SourceMap at;
};

}  // namespace hamel
