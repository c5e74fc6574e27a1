// examples/hybrid_billiard.cpp — the hybrid API on 000 Example 3 (docs/hybrid.md): the billiard with
// dissipation inside the moving circle x² + y² = f(t).  Builds the time-dependent forced system and
// its impact map, checks that J = m e^{ct/m}(x ẏ − y ẋ) is a hybrid momentum map, reduces by the
// rotation in polar coordinates, and simulates the 14 impacts of A11 with and without reduction.
// Exits 1 if a result is not the expected one, so that the example cannot rot.
#include <cmath>
#include <cstdio>

#include "core/latex.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/hybrid/coordinate_change.hpp"
#include "reduction/hybrid/reduced_simulation.hpp"

using namespace hamel;
using GiNaC::ex;

int main() {
  ChartSpec spec;
  spec.name = "Q";
  spec.coordinates = {"x", "y"};
  spec.parameters = {{"m", true}, {"c", true}};
  const Chart Q(spec);
  const Chart TQ = tangent_bundle(Q);
  const ex x = Q[0], y = Q[1], xd = TQ[2], yd = TQ[3], m = Q.parameter("m"), c = Q.parameter("c");
  const GiNaC::realsymbol t("t");
  const AbstractFunction f = AbstractFunction::fresh("f", 1);  // the wall: arbitrary in the checks

  // (L, F^L) with F the minus-Newtonian force of hybrid.md §1, and the wall with its Newtonian impact
  const ex E = exp(c * t / m);
  const ForcedLagrangianSystem s(Q, m / 2 * E * (xd * xd + yd * yd),
                                 {-2 * c * E * (xd * x * y - yd * x * x), 2 * c * E * (yd * x * y - xd * y * y)}, t);
  const ex h = x * x + y * y - f(t);
  const SimpleHybridSystem H(s, {{"wall", h, Direction::Rising, newtonian_impact(s, h, 1), {}, ex(1)}});
  const Generator rotation{"rotation", VectorField(Q, {-y, x})};

  const HybridVerdict hm = hybrid_momentum_map(H, {rotation});
  std::printf("J is a hybrid momentum map: %s (%s)\n", hm.holds ? "yes" : "no", hm.how.c_str());

  // polar coordinates, where θ is cyclic, and the forced Routh reduction
  const Chart P = Q.sibling("P", {"r", "theta"});
  const CoordinateChange polar{Q, P, {P[0] * cos(P[1]), P[0] * sin(P[1])}};
  const SimpleHybridSystem HP = transport(polar, H);
  const ForcedRouthReduction red = forced_routh_reduction(HP, {1}, {"mu"});
  std::printf("R^mu = %s\n", to_text(red.routhian).c_str());

  HybridSimulationSpec run;
  run.initial = {0.25, 0.5, 2.8, 1.8};
  run.t1 = 5;
  run.values = {{m, 1.0}, {c, 0.005}};
  run.functions = {{f, 2 - exp(t / 10)}};
  const HybridTrajectory full = simulate_hybrid(H, run);
  HybridSimulationSpec rrun = run;
  const double r0 = std::hypot(0.25, 0.5);
  rrun.initial = {r0, std::atan2(0.5, 0.25), (0.25 * 2.8 + 0.5 * 1.8) / r0, (0.25 * 1.8 - 0.5 * 2.8) / (r0 * r0)};
  const ReducedTrajectory reduced = simulate_reduced(HP, red, rrun);
  double worst = 0;
  for (std::size_t k = 0; k < full.impacts.size() && k < reduced.impact_times.size(); ++k) {
    std::printf("impact %2zu: t = %.10f (reduced: %.10f)\n", k + 1, full.impacts[k].t, reduced.impact_times[k]);
    worst = std::max(worst, std::fabs(full.impacts[k].t - reduced.impact_times[k]));
  }
  const bool ok = hm.holds && full.impacts.size() == 14 && reduced.impact_times.size() == 14 && worst < 1e-9 &&
                  std::fabs(full.impacts[0].t - 0.1413117295) < 1e-8;
  std::printf("%s: 14 impacts, full and reduced agree to %.1e\n", ok ? "ok" : "FAILED", worst);
  return ok ? 0 : 1;
}
