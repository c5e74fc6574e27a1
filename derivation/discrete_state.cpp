// derivation/discrete_state.cpp — what the discrete derivation, claims and simulation share: the
// equations and reductions of a discrete system computed once, and the simulation's trajectories.
#include <cmath>

#include "core/error.hpp"
#include "derivation/discrete.hpp"
#include "mechanics/discrete/energy.hpp"
#include "reduction/discrete/reduced_integrator.hpp"

namespace hamel {

namespace {

// Reduction by the whole group G (Theorem 5.11) and, when G is of Chaplygin type, to the forced system
// on M (Theorem 10.7).
void reduce_by_group(DiscreteState& d) {
  const TrivialBundle& B = *d.in.bundle;
  try {
    d.reduced = reduce(d.in.system, *d.in.connection, *d.nh);
    d.chaplygin = chaplygin_test(d.in.system, B);
    if (d.chaplygin->holds()) {
      d.chaplygin_reduced = reduce(d.in.system, kinematic_connection(d.in.system, B), *d.nh);
      d.chaplygin_system = shape_system(*d.chaplygin_reduced);
    }
  } catch (const DomainError& e) {  // e.g. a singular left translation of a user-given group law
    d.reduced.reset();
    d.nh_note = std::string("the reduction failed: ") + e.what();
  }
}

// Reduction by a horizontal subgroup H at J_nh = mu (Theorems 11.13, 11.14).
void reduce_by_subgroup(DiscreteState& d) {
  const TrivialBundle& B = *d.in.bundle;
  d.hs_test = horizontal_symmetry_test(d.in.system, B, d.in.subgroup);
  if (!d.hs_test->horizontal) return;
  d.hs_bundle = subgroup_bundle(B, d.in.subgroup);
  try {
    d.hs_connection = momentum_connection(d.in.system, *d.hs_bundle, d.in.mu);
    const NonholonomicConnection nh = nonholonomic_connection(d.in.system, *d.hs_bundle);
    d.hs_reduced = reduce(d.in.system, d.hs_connection->connection, nh);
    d.hs_system = shape_system(*d.hs_reduced);
  } catch (const DomainError& e) {
    d.hs_note = e.what();
  }
}

double number(const GiNaC::ex& e, const ParameterValues& values) {
  return GiNaC::ex_to<GiNaC::numeric>(e.subs(values).evalf()).to_double();
}

// The reduced route through the system on Q/H: w stays at the identity (J_nh = mu), the lift is Theorem 11.14.
void simulate_on_subgroup_quotient(const DiscreteState& d, DiscreteSimulationResult& r) {
  const DiscreteSimulation& s = *d.in.simulation;
  const TrivialBundle& H = *d.hs_bundle;
  std::vector<double> r0, r1;
  for (auto i : H.shape_indices()) {
    r0.push_back(s.q0[i]);
    r1.push_back(s.q1[i]);
  }
  const DiscreteTrajectory t = DiscreteIntegrator(*d.hs_system, s.values, s.newton).run(r0, r1, s.steps);
  DiscreteReducedTrajectory rt;
  rt.r = t.q;
  std::vector<double> e;
  for (const auto& x : H.group().identity()) e.push_back(number(x, {}));
  rt.w.assign(s.steps, e);
  r.reconstructed = ReducedIntegrator(*d.hs_reduced, s.values, s.newton).reconstruct(rt, s.q0);
  r.reduced_route = "the system on Q/H at J_nh = mu (Theorem 11.13), lifted by Theorem 11.14";
  r.reduced_max_iterations = t.max_iterations;
  r.reduced_max_residual = t.max_residual;
}

// The reduced route through the equations of Theorem 5.11 in (r, w), lifted by (31)/(43).
void simulate_reduced(const DiscreteState& d, DiscreteSimulationResult& r) {
  const DiscreteSimulation& s = *d.in.simulation;
  const ReducedIntegrator I(*d.reduced, s.values, s.newton);
  std::vector<double> r0, w0, r1;
  I.reduce_pair(s.q0, s.q1, r0, w0, r1);
  const DiscreteReducedTrajectory t = I.run(r0, w0, r1, s.steps);
  r.reconstructed = I.reconstruct(t, s.q0);
  r.reduced_w = t.w;
  r.reduced_route = "the reduced equations (Theorem 5.11) in (r, w), lifted by (31)/(43)";
  r.reduced_max_iterations = t.max_iterations;
  r.reduced_max_residual = t.max_residual;
}

// The energy along the trajectory and along Heun's method from the same start (q0, (q1 - q0)/h).
void compare_energy(const DiscreteState& d, DiscreteSimulationResult& r) {
  const DiscreteSimulation& s = *d.in.simulation;
  DiscreteTrajectory lifted;
  lifted.q = r.reconstructed;
  r.energy_dla = discrete_energy(d.in.system, s.values, r.unreduced ? *r.unreduced : lifted);
  std::vector<double> qdot(s.q0.size());
  const double h = number(d.in.system.step(), s.values);
  for (std::size_t i = 0; i < qdot.size(); ++i) qdot[i] = (s.q1[i] - s.q0[i]) / h;
  r.energy_heun = heun_energy(d.in.system, s.values, s.q0, qdot, s.steps, true);
}

}  // namespace

DiscreteState discrete_state(const DiscreteInput& in) {
  DiscreteState d{in,           lagrange_dalembert_equations(in.system), std::nullopt, "", std::nullopt, std::nullopt,
                  std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, ""};
  if (!d.in.bundle) return d;
  try {
    d.nh = d.in.horizontal ? nonholonomic_connection(d.in.system, *d.in.bundle, *d.in.horizontal)
                           : nonholonomic_connection(d.in.system, *d.in.bundle);
    d.nh_note = d.nh->how;
  } catch (const DomainError& e) {
    d.nh_note = e.what();
  }
  if (d.nh && d.in.subgroup.empty()) reduce_by_group(d);
  if (!d.in.subgroup.empty()) reduce_by_subgroup(d);
  return d;
}

DiscreteSimulationResult run_discrete_simulation(const DiscreteState& d) {
  const DiscreteSimulation& s = *d.in.simulation;
  DiscreteSimulationResult r;
  if (s.mode != DiscreteSimulation::Mode::Reduced)
    r.unreduced = DiscreteIntegrator(d.in.system, s.values, s.newton).run(s.q0, s.q1, s.steps);
  if (s.mode != DiscreteSimulation::Mode::Unreduced) {
    try {
      if (d.hs_system && d.hs_reduced) simulate_on_subgroup_quotient(d, r);
      else if (d.reduced) simulate_reduced(d, r);
      else r.reduced_note = "no reduced system (" + d.nh_note + ")";
    } catch (const DomainError& e) {  // the reduced route fails alone: the unreduced trajectory stands
      r.reduced_note = e.what();
    }
    if (r.unreduced && !r.reconstructed.empty()) r.reconstruction_error = max_difference(r.reconstructed, r.unreduced->q);
  }
  if (s.energy && (r.unreduced || !r.reconstructed.empty())) compare_energy(d, r);
  return r;
}

}  // namespace hamel
