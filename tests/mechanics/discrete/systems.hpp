// tests/mechanics/discrete/systems.hpp — the discrete systems of discrete.md §3, built through the
// library (the system files in examples/ describe the same systems for the command line).
#pragma once

#include "geometry/lifts.hpp"
#include "mechanics/discrete/quadrature.hpp"
#include "mechanics/discrete/trivial_bundle.hpp"

namespace hamel::test {

inline Chart discrete_chart(const std::string& name, const std::vector<std::string>& coords,
                            const std::vector<ParameterSpec>& params) {
  ChartSpec s;
  s.name = name;
  s.coordinates = coords;
  s.parameters = params;
  return Chart(s);
}

/// P2 (discrete.md §3.1): particle in R² with ẏ = x ẋ, midpoint rule; G = (R, +) on y.
struct P2 {
  Chart Q = discrete_chart("P2", {"x", "y"}, {{"h"}, {"lambda", false}});
  GiNaC::ex h = Q.parameter("h"), lambda = Q.parameter("lambda");
  GiNaC::ex xd = velocities(Q)[0], yd = velocities(Q)[1];
  DiscreteSystem system = discretize(Q, (xd * xd + yd * yd) / 2, {yd - Q[0] * xd}, QuadratureRule::Midpoint, h);
  TrivialBundle bundle{Q, LieGroup::additive(1), {1}};
};

/// The vertical rolling disk (§3.2): q = (θ, φ, x, y), G = S¹ × R² on (θ, x, y), M = S¹ ∋ φ.
struct Disk {
  Chart Q = discrete_chart("Disk", {"theta", "phi", "x", "y"}, {{"h"}, {"m"}, {"R"}, {"I"}, {"J"}});
  GiNaC::ex h = Q.parameter("h"), m = Q.parameter("m"), R = Q.parameter("R"), I = Q.parameter("I"), J = Q.parameter("J");
  std::vector<GiNaC::ex> v = velocities(Q);
  GiNaC::ex L = (I * v[0] * v[0] + J * v[1] * v[1] + m * (v[2] * v[2] + v[3] * v[3])) / 2;
  DiscreteSystem system = discretize(Q, L, {v[2] - R * cos(Q[1]) * v[0], v[3] - R * sin(Q[1]) * v[0]},
                                     QuadratureRule::Midpoint, h);
  TrivialBundle bundle{Q, LieGroup::additive(3), {0, 2, 3}};
};

/// §3.3: the particle in R³ with ẏ = x ẋ, G = R² on (y, z), H = {(0, b)}.
struct HorizontalParticle {
  Chart Q = discrete_chart("P3", {"x", "y", "z"}, {{"h"}, {"c", false}});
  GiNaC::ex h = Q.parameter("h"), c = Q.parameter("c");
  std::vector<GiNaC::ex> v = velocities(Q);
  DiscreteSystem system = discretize(Q, (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) / 2, {v[1] - Q[0] * v[0]},
                                     QuadratureRule::Midpoint, h);
  TrivialBundle bundle{Q, LieGroup::additive(2), {1, 2}};
};

/// The discrete Chaplygin sleigh on SE(2) (non-abelian): (θ, x, y) with (x, y) the contact point, the
/// centre of mass at distance a along the blade; constraint −sin θ ẋ + cos θ ẏ = 0.
struct Sleigh {
  Chart Q = discrete_chart("Sleigh", {"theta", "x", "y"}, {{"h"}, {"m"}, {"a"}, {"I"}});
  GiNaC::ex h = Q.parameter("h"), m = Q.parameter("m"), a = Q.parameter("a"), I = Q.parameter("I");
  std::vector<GiNaC::ex> v = velocities(Q);
  GiNaC::ex th = Q[0];
  GiNaC::ex L = m / 2 * (pow(v[1] - a * sin(th) * v[0], 2) + pow(v[2] + a * cos(th) * v[0], 2)) + I / 2 * v[0] * v[0];
  DiscreteSystem system = discretize(Q, L, {-sin(th) * v[1] + cos(th) * v[2]}, QuadratureRule::Midpoint, h);
  TrivialBundle bundle{Q, LieGroup::se2(), {0, 1, 2}};
};

/// ż = r² θ̇ in V = k r²/2 (the "Heisenberg" system), midpoint rule: θ and z are cyclic in (3); θ grows
/// without bound.  No symmetry is declared.
struct Heisenberg {
  Chart Q = discrete_chart("Heisenberg", {"r", "theta", "z"}, {{"h"}, {"k"}});
  GiNaC::ex h = Q.parameter("h"), k = Q.parameter("k");
  std::vector<GiNaC::ex> v = velocities(Q);
  GiNaC::ex r = Q[0];
  GiNaC::ex L = (v[0] * v[0] + r * r * v[1] * v[1] + v[2] * v[2]) / 2 - k * r * r / 2;
  DiscreteSystem system = discretize(Q, L, {v[2] - r * r * v[1]}, QuadratureRule::Midpoint, h);
};

}  // namespace hamel::test
