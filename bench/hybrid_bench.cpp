// bench/hybrid_bench.cpp — hybrid simulation throughput: the billiard of 000 Example 3 (dissipation c
// small, moving circular wall) for 10^5 impacts, against SciPy's solve_ivp with events doing the same
// (bench/reference/hybrid_scipy.py).
//
// The wall is x² + y² = f(t) with f(t) = 1 + sin(t)/5 (the paper's f = 2 − e^{t/10} closes at
// t = 6.93, so a long horizon needs a wall that stays open); m = 1, c = 1e-5; the exact initial state
// of A11, (x, y, ẋ, ẏ) = (1/4, 1/2, 14/5, 9/5).  The system is built symbolically (forced
// Euler–Lagrange field (1), the Newtonian impact with the moving-surface term, which is the paper's
// law on S), compiled, and integrated by simulate_hybrid (Dormand–Prince with dense output, impacts
// located by TOMS 748 to 1e-12) at abs = rel = 1e-12, the reference's tolerances.  The first 100
// impact times are written to $TMPDIR/hamel_hybrid_bench_impacts.txt for the reference to compare.
// Prints "RESULT <case> <seconds>" (best of 3).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "geometry/lifts.hpp"
#include "mechanics/hybrid/hybrid_simulation.hpp"

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
  const AbstractFunction f = AbstractFunction::fresh("f", 1);
  const ex E = exp(c * t / m);
  const ForcedLagrangianSystem s(Q, m / 2 * E * (xd * xd + yd * yd),
                                 {-2 * c * E * (xd * x * y - yd * x * x), 2 * c * E * (yd * x * y - xd * y * y)}, t);
  const ex h = x * x + y * y - f(t);
  const SimpleHybridSystem H(s, {{"wall", h, Direction::Rising, newtonian_impact(s, h, 1), {}, ex(1)}});

  const std::size_t impacts = 100000;
  HybridSimulationSpec run;
  run.initial = {0.25, 0.5, 2.8, 1.8};
  run.t1 = 1e6;
  run.values = {{m, 1.0}, {c, 1e-5}};
  run.functions = {{f, 1 + sin(t) / 5}};
  run.options.store_steps = false;
  run.options.max_events = impacts;  // stops at the 10^5-th impact
  double best = 1e300;
  HybridTrajectory tr;
  for (int rep = 0; rep < 3; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    tr = simulate_hybrid(H, run);
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  // the run ends at the 10^5-th event (before its reset): 10^5 − 1 impacts were applied
  if (tr.impacts.size() + 1 < impacts) {
    std::cerr << "hybrid_bench: only " << tr.impacts.size() << " impacts: " << tr.message << "\n";
    return 1;
  }
  std::printf("RESULT billiard_1e5_impacts %.6g\n", best);
  std::printf("# hamel: %zu impacts by t = %.1f in %.3f s (%.0f impacts/s), %zu steps\n", tr.impacts.size() + 1,
              tr.impacts.back().t, best, (tr.impacts.size() + 1) / best, tr.steps);
  const char* tmp = std::getenv("TMPDIR");
  std::ofstream out(std::string(tmp ? tmp : "/tmp") + "/hamel_hybrid_bench_impacts.txt");
  out.precision(17);
  for (std::size_t k = 0; k < 100 && k < tr.impacts.size(); ++k) out << tr.impacts[k].t << "\n";
  return 0;
}
