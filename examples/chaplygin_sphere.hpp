// examples/chaplygin_sphere.hpp — the Chaplygin sphere of 004 §6 from raw input: Q = SO(3)×R² in
// Euler angles (6.1), the Lagrangian with I1 = I2, the rolling constraints (6.3), the frame (6.4)
// (optional: without it Hamel computes one), W = span{∂x, ∂y}, and the SE(2) generators.
#pragma once

#include "mechanics/nonholonomic_system.hpp"
#include "reduction/reexpress.hpp"

namespace hamel::examples {

struct ChaplyginInput {
  Chart Q;
  NonholonomicSpec spec;
  std::vector<VectorField> se2;  ///< rotation, translation x, translation y
};

/// `with_frame`: give the frame (6.4) (else it is computed from the constraints);
/// `with_potential`: add an abstract SE(2)-invariant potential V(θ, ψ).
inline ChaplyginInput chaplygin_sphere(bool with_frame = true, bool with_potential = false) {
  ChartSpec cs;
  cs.name = "Q";
  cs.coordinates = {"phi", "theta", "psi", "x", "y"};
  cs.parameters = {{"m"}, {"R"}, {"I1"}, {"I3"}};
  cs.domain["theta"] = {0, GiNaC::Pi};
  if (with_potential) cs.functions = {{"V", {"theta", "psi"}}};
  const Chart Q(cs);
  const Chart TQ = Q.extend("TQ", {"phi_dot", "theta_dot", "psi_dot", "x_dot", "y_dot"});
  const GiNaC::ex phi = Q[0], th = Q[1], psi = Q[2];
  const GiNaC::ex dphi = TQ[5], dth = TQ[6], dpsi = TQ[7], dx = TQ[8], dy = TQ[9];
  const GiNaC::ex m = Q.parameter("m"), R = Q.parameter("R"), I1 = Q.parameter("I1"), I3 = Q.parameter("I3");
  // Ω in body coordinates (6.2)
  const GiNaC::ex W1 = dth * cos(psi) + dphi * sin(psi) * sin(th);
  const GiNaC::ex W2 = -dth * sin(psi) + dphi * cos(psi) * sin(th);
  const GiNaC::ex W3 = dphi * cos(th) + dpsi;
  const GiNaC::ex V = with_potential ? Q.function_value("V") : GiNaC::ex(0);
  NonholonomicSpec s{Q, (I1 * W1 * W1 + I1 * W2 * W2 + I3 * W3 * W3 + m * (dx * dx + dy * dy)) / 2 - V, {}, {}, {},
                     Complement::coordinate_span({3, 4})};
  // (6.3): ẋ = R(θ̇ sinφ − ψ̇ cosφ sinθ), ẏ = −R(θ̇ cosφ + ψ̇ sinφ sinθ)
  s.constraints = {dx - R * (dth * sin(phi) - dpsi * cos(phi) * sin(th)),
                   dy + R * (dth * cos(phi) + dpsi * sin(phi) * sin(th))};
  if (with_frame) {
    s.frame = {VectorField(Q, {1, 0, 0, 0, 0}), VectorField(Q, {0, 1, 0, R * sin(phi), -R * cos(phi)}),
               VectorField(Q, {0, 0, 1, -R * cos(phi) * sin(th), -R * sin(phi) * sin(th)})};
    s.frame_names = {"Z1", "Y2", "Y3"};
  }
  const GiNaC::ex x = Q[3], y = Q[4];
  return {Q, s,
          {VectorField(Q, {1, 0, 0, -y, x}), VectorField(Q, {0, 0, 0, 1, 0}), VectorField(Q, {0, 0, 0, 0, 1})}};
}

/// The variables M (the angular momentum about the contact point, body frame) and γ (the vertical,
/// body frame) of 004 §6 on D* = (q, π), in the chart U = (M1, M2, M3, γ1, γ2, γ3) (gauge.md A7).
inline VariablesOnChart chaplygin_sphere_variables(const NonholonomicSystem& sys) {
  const Chart& Q = sys.chart();
  const GiNaC::ex th = Q[1], psi = Q[2];
  const auto p = sys.momenta();
  const Chart U = Q.sibling("U", {"M1", "M2", "M3", "gamma1", "gamma2", "gamma3"});
  return {sys.dual_chart(),
          U.coordinates(),
          {{"M1", (sin(psi) * p[0] + cos(psi) * sin(th) * p[1] - sin(psi) * cos(th) * p[2]) / sin(th)},
           {"M2", (cos(psi) * p[0] - sin(psi) * sin(th) * p[1] - cos(psi) * cos(th) * p[2]) / sin(th)},
           {"M3", p[2]},
           {"gamma1", sin(th) * sin(psi)},
           {"gamma2", sin(th) * cos(psi)},
           {"gamma3", cos(th)}}};
}

}  // namespace hamel::examples
