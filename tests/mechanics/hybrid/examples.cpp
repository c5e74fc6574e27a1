// tests/mechanics/hybrid/examples.cpp
#include "tests/mechanics/hybrid/examples.hpp"

namespace hamel::test {

using GiNaC::ex;

DiskExample disk() {
  ChartSpec spec;
  spec.name = "Q";
  spec.coordinates = {"x", "y", "phi"};
  spec.parameters = {{"m", true}, {"R", true}, {"k", true}, {"c", true}, {"h", true}, {"e", true}};
  DiskExample d{Chart(spec), {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}};
  const Chart TQ = tangent_bundle(d.Q);
  d.x = d.Q[0], d.y = d.Q[1], d.phi = d.Q[2];
  d.xd = TQ[3], d.yd = TQ[4], d.phid = TQ[5];
  d.m = d.Q.parameter("m"), d.R = d.Q.parameter("R"), d.k = d.Q.parameter("k"), d.c = d.Q.parameter("c");
  d.h = d.Q.parameter("h"), d.e = d.Q.parameter("e");
  const ex k2 = d.k * d.k, R = d.R;
  d.impact = {(R * R * d.xd + k2 * R * d.phid) / (k2 + R * R), -d.e * d.yd, (R * d.xd + k2 * d.phid) / (k2 + R * R)};
  return d;
}

ForcedLagrangianSystem DiskExample::lagrangian() const {
  const ex L = m / 2 * (xd * xd + yd * yd + k * k * phid * phid);
  // F^L (A2): F^L_x = −2c(ẋxy − ẏx²), F^L_y = 2c(ẏxy − ẋy²)
  return ForcedLagrangianSystem(Q, L, {-2 * c * (xd * x * y - yd * x * x), 2 * c * (yd * x * y - xd * y * y), 0});
}

SimpleHybridSystem DiskExample::system(bool with_paper_conditions) const {
  SwitchingComponent C1{"C1", y - R, Direction::Falling, impact, {}, std::nullopt};
  SwitchingComponent C2{"C2", y - (h - R), Direction::Rising, impact, {}, std::nullopt};
  if (with_paper_conditions) {
    C1.conditions = {xd - R * phid};  // (18) as printed
    C2.conditions = {xd - R * phid};
  }
  return SimpleHybridSystem(lagrangian(), {C1, C2});
}

std::vector<Generator> DiskExample::generators() const {
  return {{"rotation", VectorField(Q, {-y, x, 0})}, {"spin", VectorField(Q, {0, 0, 1})}};
}

BilliardExample billiard() {
  ChartSpec spec;
  spec.name = "Q";
  spec.coordinates = {"x", "y"};
  spec.parameters = {{"m", true}, {"c", true}};
  BilliardExample b{Chart(spec), {}, {}, {}, {}, {}, {}, GiNaC::realsymbol("t"), AbstractFunction::fresh("f", 1)};
  const Chart TQ = tangent_bundle(b.Q);
  b.x = b.Q[0], b.y = b.Q[1], b.xd = TQ[2], b.yd = TQ[3];
  b.m = b.Q.parameter("m"), b.c = b.Q.parameter("c");
  return b;
}

SimpleHybridSystem BilliardExample::system() const {
  const ex E = exp(c * t / m);
  const ex L = m / 2 * E * (xd * xd + yd * yd);
  const std::vector<ex> F{-2 * c * E * (xd * x * y - yd * x * x), 2 * c * E * (yd * x * y - xd * y * y)};
  const ex ft = f(t), fdot = f(t).diff(GiNaC::ex_to<GiNaC::symbol>(t));
  const ex lam = (fdot - 2 * (x * xd + y * yd)) / ft;  // Sec. 3 (the printed, correct, impact law)
  SwitchingComponent wall{"wall", x * x + y * y - ft, Direction::Rising, {xd + lam * x, yd + lam * y}, {}, std::nullopt};
  return SimpleHybridSystem(ForcedLagrangianSystem(Q, L, F, t), {wall});
}

std::vector<Generator> BilliardExample::generators() const { return {{"rotation", VectorField(Q, {-y, x})}}; }

CoordinateChange polar_change(const Chart& Q, bool with_phi) {
  // a sibling chart shares the parameters' symbols
  const Chart P = Q.sibling(with_phi ? "P3" : "P2", with_phi ? std::vector<std::string>{"r", "theta", "phi"}
                                                         : std::vector<std::string>{"r", "theta"});
  std::vector<ex> map{P[0] * cos(P[1]), P[0] * sin(P[1])};
  if (with_phi) map.push_back(P[2]);
  return {Q, P, map};
}

}  // namespace hamel::test
