// derivation/discrete_setup.cpp — the discrete system of an input: the library discretises what is
// continuous, builds the system, the group (checking its axioms), the bundle and the connection, and
// completes q1 on D_d; each refusal becomes a SpecError at the entry it comes from.
#include "derivation/discrete.hpp"

#include "core/error.hpp"
#include "mechanics/discrete/lie_group.hpp"
#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

// L_d as given, or discretised from L(q, q_dot) by the rule; returns its origin.
std::string discrete_lagrangian_of(const DiscreteInput& in, DiscreteSpec& spec) {
  if (!in.rule) {
    spec.lagrangian = in.lagrangian;
    return "given L_d";
  }
  const Chart& Q = in.Q;
  MechanicalParts parts{Metric(Q, GiNaC::matrix(static_cast<unsigned>(Q.dim()), static_cast<unsigned>(Q.dim()))), 0};
  try {
    parts = mechanical_parts(in.lagrangian, Q);
  } catch (const DomainError& e) {
    throw SpecError(in.at.find({"lagrangian"}), "'lagrangian': " + without_function_name(e.what()));
  }
  spec.lagrangian = discrete_lagrangian(in.lagrangian, Q, *in.rule, spec.step, in.alpha);
  spec.continuous = ContinuousData{in.lagrangian, parts.metric, parts.potential, {}, {}};
  return to_string(*in.rule) + " rule" + (*in.rule == QuadratureRule::Midpoint ? " ($q$ at $alpha = " + detail::str(in.alpha) + "$)" : "");
}

// D from the velocity constraints; D_d as given or discretised by the rule; the forces likewise.
void constraints_and_forces(const DiscreteInput& in, DiscreteSpec& spec) {
  for (std::size_t k = 0; k < in.variational.size(); ++k) {
    const std::string what = "variational constraint " + std::to_string(k + 1);
    try {
      spec.variational.push_back(constraint_form(in.variational[k], in.Q));
    } catch (const DomainError& e) {
      throw SpecError(in.at.find({"variational." + std::to_string(k + 1)}), what + ": " + without_function_name(e.what()));
    }
    if (spec.continuous) spec.continuous->constraints.push_back(in.variational[k]);
  }
  if (in.kinematic) spec.kinematic = *in.kinematic;
  else if (in.rule) spec.kinematic = discrete_constraints(spec.variational, in.Q, *in.rule, in.alpha);
  spec.force_minus = in.force_minus;
  spec.force_plus = in.force_plus;
  if (!in.force.empty() && in.rule) {
    const DiscreteForces fd = discrete_forces(in.force, in.Q, *in.rule, spec.step, in.alpha);
    spec.force_minus = fd.minus;
    spec.force_plus = fd.plus;
    if (spec.continuous) spec.continuous->force = in.force;  // for the comparison integrator
  }
}

DiscreteSystem system_of(const DiscreteInput& in, std::string& origin) {
  DiscreteSpec spec{in.Q, in.step, 0, {}, {}, {}, {}, std::nullopt};
  origin = discrete_lagrangian_of(in, spec);
  constraints_and_forces(in, spec);
  try {
    return DiscreteSystem(spec);
  } catch (const std::exception& e) {
    throw SpecError(in.at.find({"discrete"}), "'discrete': " + without_function_name(e.what()));
  }
}

// The group of `symmetry`; a law given by the file must satisfy the axioms.
LieGroup group_of(const DiscreteInput& in) {
  const DiscreteGroupInput& g = in.group;
  if (g.named == "SE2") return LieGroup::se2();
  if (!g.named.empty()) return LieGroup::additive(in.group_coordinates.size());
  const LieGroup G = LieGroup::from_law("the group of the file", g.a, g.b, g.product, g.inverse, g.identity);
  const GroupAxioms ax = check_group_axioms(G);
  if (ax.hold()) return G;
  const std::string which = !ax.associativity.zero ? "associativity" : !ax.identity.zero ? "the identity" : "the inverse";
  const ZeroVerdict& z = !ax.associativity.zero ? ax.associativity : !ax.identity.zero ? ax.identity : ax.inverse;
  throw SpecError(in.at.find({"group", "symmetry"}), "'group': the law is not a group; expected associativity, an identity and "
                                                     "inverses, got a failure of " + which + " [" + z.how() + "]");
}

void connection_of(const DiscreteInput& in, DiscreteSetup& out) {
  switch (in.connection.kind) {
    case DiscreteConnectionInput::Kind::Trivial:
      out.connection = DiscreteConnection::trivial(*out.bundle);
      out.connection_origin = "trivial: $A_d(q0, q1) = g1 g0^-1$";
      return;
    case DiscreteConnectionInput::Kind::Kinematic:
      try {
        out.connection = kinematic_connection(out.system, *out.bundle);
      } catch (const DomainError& e) {
        throw SpecError(in.at.find({"connection"}), "'connection': " + without_function_name(e.what()));
      }
      out.connection_origin = "kinematic: Hor = D_d (Def 10.1)";
      return;
    case DiscreteConnectionInput::Kind::Given:
      out.connection.emplace(*out.bundle, in.connection.form);
      out.connection_origin = "given $A_d(q0, q1)$";
  }
}

void symmetric(const DiscreteInput& in, DiscreteSetup& out) {
  out.bundle.emplace(in.Q, group_of(in), in.group_coordinates);
  connection_of(in, out);
  out.horizontal = in.horizontal;
  if (in.horizontal_symmetry) {
    try {
      (void)out.bundle->group().subgroup(in.subgroup);
    } catch (const DomainError& e) {
      throw SpecError(in.at.find({"subgroup"}), "'subgroup': " + without_function_name(e.what()));
    }
  }
  out.subgroup = in.subgroup;
  out.mu = in.mu;
  for (const auto& [name, xi] : in.sections) out.sections.emplace_back(name, xi);
}

// Every parameter the simulation evaluates needs a value: all missing ones are listed at once.
void check_values(const DiscreteInput& in, const DiscreteSetup& out, const GiNaC::exmap& values) {
  std::vector<ex> used{out.system.lagrangian(), out.system.step()};
  for (const auto& e : out.system.kinematic()) used.push_back(e);
  for (const auto& w : out.system.variational())
    for (unsigned i = 0; i < in.Q.dim(); ++i) used.push_back(w.component({i}));
  for (const auto& e : out.system.force_minus()) used.push_back(e);
  for (const auto& e : out.system.force_plus()) used.push_back(e);
  if (out.connection)
    for (const auto& e : out.connection->form()) used.push_back(e);
  for (const auto& e : out.mu) used.push_back(e);
  const auto missing = missing_values(used, in.Q, values);
  if (missing.empty()) return;
  std::string list;
  for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
  throw SpecError(in.at.find({"values", "simulate"}), "'simulate': every parameter needs a value; expected 'values' for " + list + ", got none");
}

// q1 with the components D_d determines left out, completed on D_d.
DiscreteSimulation simulation_of(const DiscreteInput& in, const DiscreteSetup& out) {
  const DiscreteSimulationInput& s = *in.simulation;
  check_values(in, out, s.values);
  DiscreteSimulation sim{s.values, s.steps, s.q0, s.q1, s.mode, s.energy, s.newton};
  const std::size_t n = in.Q.dim(), m = out.system.kinematic().size();
  if (s.unknown.size() != m)
    throw SpecError(in.at.find({"q1"}), "'q1': the components not given are solved from D_d; expected " + std::to_string(n - m) +
                                            " given components (" + std::to_string(m) + " kinematic constraints), got " +
                                            std::to_string(n - s.unknown.size()));
  try {
    sim.q1 = complete_on_constraint(out.system, sim.values, sim.q0, sim.q1, s.unknown, sim.newton);
  } catch (const std::exception& e) {
    throw SpecError(in.at.find({"q1"}), "'q1': cannot complete q1 on D_d: " + without_function_name(e.what()));
  }
  return sim;
}

}  // namespace

DiscreteSetup build_discrete_setup(const DiscreteInput& in) {
  std::string origin;
  DiscreteSystem system = system_of(in, origin);
  DiscreteSetup out{std::move(system), origin, std::nullopt, std::nullopt, "", std::nullopt, {}, {}, {}, std::nullopt};
  if (!in.group_coordinates.empty()) symmetric(in, out);
  if (in.simulation) out.simulation = simulation_of(in, out);
  return out;
}

}  // namespace hamel
