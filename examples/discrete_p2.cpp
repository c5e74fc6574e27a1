// examples/discrete_p2.cpp — the running example P2 of 002 through the library (docs/discrete.md):
// discretise, integrate (3) by Newton, reduce with the connection A^lambda, check the reduction against
// the unreduced equations, reduce to the Chaplygin system (52) and reconstruct.
#include <cmath>
#include <iostream>

#include "core/latex.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/discrete/integrator.hpp"
#include "mechanics/discrete/quadrature.hpp"
#include "reduction/discrete/chaplygin.hpp"
#include "reduction/discrete/reduced_integrator.hpp"

int main() {
  using namespace hamel;
  ChartSpec spec;
  spec.name = "P2";
  spec.coordinates = {"x", "y"};
  spec.parameters = {{"h"}, {"lambda", false}};
  const Chart Q(spec);
  const GiNaC::ex h = Q.parameter("h"), lambda = Q.parameter("lambda");
  const auto v = velocities(Q);
  // L = |q_dot|^2/2 with y_dot = x x_dot, midpoint rule: L_d = |q1 - q0|^2/(2h), D_d: y1 - y0 = (x1^2 - x0^2)/2
  const DiscreteSystem S = discretize(Q, (v[0] * v[0] + v[1] * v[1]) / 2, {v[1] - Q[0] * v[0]}, QuadratureRule::Midpoint, h);
  const TrivialBundle B(Q, LieGroup::additive(1), {1});  // G = (R, +) translating y
  const auto s0 = slot(Q, 0), s1 = slot(Q, 1);
  const DiscreteConnection A(B, {s1[1] - s0[1] - lambda / 2 * (s1[0] * s1[0] - s0[0] * s0[0])});  // (9)
  const ReducedSystem R = reduce(S, A, nonholonomic_connection(S, B));
  std::cout << "mixed curvature B1 = " << to_text(pretty(R.curvature_minus(0, 0))) << " dx0\n";
  const ReductionChecks c = check_against_unreduced(R);
  std::cout << "reduced = unreduced: horizontal " << c.horizontal.zero << " (" << c.horizontal.how() << ")\n";
  // Chaplygin reduction with Hor = D_d: the unconstrained, unforced system (52) on M = R
  const DiscreteSystem star = shape_system(reduce(S, kinematic_connection(S, B), nonholonomic_connection(S, B)));
  std::cout << "L*_d = " << to_text(pretty(star.lagrangian())) << "\n";
  // A7: x_40 by the unreduced integrator and by (52)
  const ParameterValues values{{h, 0.1}, {lambda, 0.3}};
  const DiscreteTrajectory u = DiscreteIntegrator(S, values).run({0.5, 0.0}, {0.6, 0.055}, 40);
  const DiscreteTrajectory r = DiscreteIntegrator(star, values).run({0.5}, {0.6}, 40);
  std::cout.precision(15);
  std::cout << "x_40 = " << u.q[40][0] << " (unreduced), " << r.q[40][0] << " (52)\n";
  return (c.horizontal.zero && std::fabs(u.q[40][0] - 2.8148463855379) < 1e-10 && std::fabs(r.q[40][0] - u.q[40][0]) < 1e-10) ? 0 : 1;
}
