// derivation/nonholonomic_input.hpp — a nonholonomic system and what is asked of it, as plain data:
// what io/modules/nonholonomic.cpp reads from a system file, or what a C++ user builds.  Nothing here
// is checked by the library yet: derivation/nonholonomic_system.cpp does that, and reports what it
// refuses at the positions in `at`.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "brackets/variables.hpp"
#include "core/source_pos.hpp"
#include "geometry/vector_field.hpp"
#include "reduction/group_action.hpp"

namespace hamel {

/// `gauge_momenta: {ansatz, shape, …}`: the search of 004 §7 and the numbers of its numerics.
struct GaugeSearchInput {
  std::vector<std::string> ansatz;         ///< frame fields W_i spanning S
  GiNaC::ex shape;                         ///< s, a coordinate of Q
  std::vector<AbstractFunction> unknowns;  ///< f_i(s), one per ansatz field (claims may name them)
  GiNaC::exmap values;                     ///< parameter ↦ number, for the numerics (empty: symbolic only)
  double s_min = 0, s_max = 0, s_base = 0;
  double check_time = 10;                  ///< time span of the conservation check
  std::map<std::string, double> initial;   ///< initial state of the check (coordinates and momenta)
};

struct NonholonomicInput {
  NonholonomicInput(Chart Q, GiNaC::ex lagrangian, std::vector<GiNaC::ex> constraints = {})
      : Q(std::move(Q)), lagrangian(std::move(lagrangian)), constraints(std::move(constraints)) {}

  Chart Q;
  GiNaC::ex lagrangian;                                        ///< L(q, q_dot), on tangent_bundle(Q)
  std::vector<GiNaC::ex> constraints;                          ///< linear or affine in the velocities, each = 0
  std::vector<VectorField> frame;                              ///< a basis of D; empty: from the constraints
  std::vector<std::string> frame_names;                        ///< one per frame field
  std::vector<std::size_t> complement;                         ///< coordinates spanning W; empty: chosen
  bool orthogonal_complement = false;                          ///< W = D^⊥ ('complement: orthogonal')
  std::vector<std::pair<std::string, VectorField>> symmetry;  ///< generators ξ_Q
  /// `action`: a finite action; its generators (named after its parameters) join `symmetry`
  std::optional<GroupActionMap> action;
  std::vector<std::size_t> reduce_by;                          ///< generators the variables are invariant under; empty: all
  std::vector<std::size_t> gauge;                              ///< frame fields claimed to generate gauge momenta
  std::optional<GaugeSearchInput> search;                      ///< gauge_momenta: {ansatz, shape, …}
  std::vector<NamedFunction> variables;                        ///< u_a(q, π)
  std::optional<Chart> variable_chart;                         ///< coordinates u_a
  GiNaC::exmap inverse;                                        ///< rules rewriting (q, π) in the u_a
  std::optional<GiNaC::ex> conformal_factor;                   ///< in (q, π)
  /// Where the parts were written: "" (the file), "lagrangian", "constraints", "constraints.<k>"
  /// (1-based), "frame", "frame.<name>", "complement".
  SourceMap at;

  /// The rank r of D: what the names of D* (pi1..pir) and of the frame (X1..Xr) need while reading,
  /// before the library has checked that the constraints are independent.
  std::size_t rank() const;
  /// The frame fields' names: the given ones, else X1..Xr.
  std::vector<std::string> field_names() const;
  /// The symmetry generators' names: `symmetry`'s, then the parameters of `action`, in the order the
  /// derivation joins them (with_action_generators, derivation/nonholonomic.hpp).
  std::vector<std::string> generator_names() const;
  /// D* with coordinates (q, pi1..pir): the chart of the system's momenta, shared with it.
  Chart dual_chart() const;
};

}  // namespace hamel
