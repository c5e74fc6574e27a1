// examples/chaplygin_geometry.hpp — the Chaplygin sphere of 004 §6 (I1 = I2), built by hand at the
// geometry level (the mechanics layer derives the same objects from the Lagrangian, see
// examples/chaplygin_sphere.hpp); used by the geometry tests, examples and benchmarks.
#pragma once

#include "geometry/frame.hpp"
#include "geometry/metric.hpp"

namespace hamel::examples {

struct ChaplyginSphere {
  Chart Q = [] {
    ChartSpec s;
    s.name = "Q";
    s.coordinates = {"phi", "theta", "psi", "x", "y"};
    s.parameters = {{"m"}, {"R"}, {"I1"}, {"I3"}};
    s.domain["theta"] = {0, GiNaC::Pi};
    return Chart(s);
  }();
  GiNaC::ex phi = Q[0], th = Q[1], psi = Q[2];
  GiNaC::ex m = Q.parameter("m"), R = Q.parameter("R"), I1 = Q.parameter("I1"), I3 = Q.parameter("I3");
  // the kinetic-energy metric of 004 §6
  Metric G{Q, GiNaC::matrix{{I1 * pow(sin(th), 2) + I3 * pow(cos(th), 2), 0, I3 * cos(th), 0, 0},
                            {0, I1, 0, 0, 0},
                            {I3 * cos(th), 0, I3, 0, 0},
                            {0, 0, 0, m, 0},
                            {0, 0, 0, 0, m}}};
  // the frame (6.4)
  VectorField Z1{Q, {1, 0, 0, 0, 0}};
  VectorField Y2{Q, {0, 1, 0, R * sin(phi), -R * cos(phi)}};
  VectorField Y3{Q, {0, 0, 1, -R * cos(phi) * sin(th), -R * sin(phi) * sin(th)}};
  // K(θ) of (6.7)
  GiNaC::ex K = I1 * m * R * R * pow(sin(th), 2) + I3 * m * R * R * pow(cos(th), 2) + I1 * I3;
};

}  // namespace hamel::examples
