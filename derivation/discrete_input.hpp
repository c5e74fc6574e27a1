// derivation/discrete_input.hpp — a discrete nonholonomic system as plain data (docs/discrete.md): what
// io/modules/discrete/discrete_file.cpp reads from the `discrete:` section, or what a C++ user builds.
// derivation/discrete_setup.cpp builds it with the library (the discretisation, the group and its
// axioms, the bundle, the connection, q1 completed on D_d) and reports what the library refuses at the
// positions in `at`.  The types borrowed from mechanics/ are data (an enum, options).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/source_pos.hpp"
#include "geometry/chart.hpp"
#include "mechanics/discrete/newton.hpp"
#include "mechanics/discrete/quadrature.hpp"

namespace hamel {

/// `symmetry: group`: additive, SE2, or a law in the symbols a (left) and b (right factor).
struct DiscreteGroupInput {
  std::string named;                  ///< "additive" or "SE2"; empty for a law
  std::vector<GiNaC::ex> a, b;        ///< the factors' symbols, one per group coordinate
  std::vector<GiNaC::ex> product, inverse, identity;
};

/// `connection`: trivial (A_d = g1 g0^-1), kinematic (Hor = D_d) or given A_d(q0, q1).
struct DiscreteConnectionInput {
  enum class Kind { Trivial, Kinematic, Given } kind = Kind::Trivial;
  std::vector<GiNaC::ex> form;        ///< A_d, one component per group coordinate (Given)
};

/// `simulate:`: numbers for the parameters, the first two points (q1 in part) and a mode.
struct DiscreteSimulationInput {
  GiNaC::exmap values;
  std::size_t steps = 0;
  std::vector<double> q0, q1;         ///< q1 with the components in `unknown` still to solve on D_d
  std::vector<std::size_t> unknown;   ///< the components of q1 not given
  enum class Mode { Unreduced, Reduced, Both } mode = Mode::Both;
  bool energy = false;
  NewtonOptions newton;
};

struct DiscreteInput {
  DiscreteInput(Chart Q, GiNaC::ex step) : Q(std::move(Q)), step(std::move(step)) {}

  Chart Q;
  GiNaC::ex step;                                    ///< h: a parameter or a positive number
  std::optional<QuadratureRule> rule;                ///< `quadrature`: L and the constraints are continuous
  GiNaC::ex alpha = GiNaC::numeric(1, 2);            ///< the midpoint rule's point
  GiNaC::ex lagrangian;                              ///< L_d(q0, q1), or L(q, q_dot) with a rule
  std::vector<GiNaC::ex> variational;                ///< velocity constraints (D), on TQ
  std::optional<std::vector<GiNaC::ex>> kinematic;   ///< D_d in (q0, q1) when given, else from the rule
  std::vector<GiNaC::ex> force_minus, force_plus;    ///< f_d^∓ in (q0, q1) (empty: none)
  std::vector<GiNaC::ex> force;                      ///< a continuous force (with a rule; empty: none)
  std::vector<std::size_t> group_coordinates;        ///< `symmetry: coordinates` (empty: no symmetry)
  DiscreteGroupInput group;
  DiscreteConnectionInput connection;
  std::optional<GiNaC::matrix> horizontal;           ///< the graph map of `horizontal`
  bool horizontal_symmetry = false;                  ///< `horizontal_symmetry` given
  std::vector<std::size_t> subgroup;                 ///< its subgroup (indices into the group coordinates)
  std::vector<GiNaC::ex> mu;                         ///< its momentum value
  std::vector<std::pair<std::string, std::vector<GiNaC::ex>>> sections;  ///< `momentum`
  std::optional<DiscreteSimulationInput> simulation;
  /// Where the parts were written: "" (the file), "discrete", "lagrangian", "variational.<k>",
  /// "group", "symmetry", "connection", "subgroup", "simulate", "values", "q1".
  SourceMap at;
};

}  // namespace hamel
