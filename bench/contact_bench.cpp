// bench/contact_bench.cpp — contact (Herglotz) systems: symbolic derivations and a simulation with
// impacts, timed against bench/reference/contact_reference.py (SymPy and SciPy doing the same work).
// Prints "RESULT <case> <seconds per run>" (best of several runs), as bench/run expects.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>

#include "bench/timing.hpp"
#include "mechanics/contact/contact_simulation.hpp"
#include "mechanics/contact/impact.hpp"
#include "mechanics/contact/momentum_jump.hpp"

using namespace hamel;
using GiNaC::ex;

namespace {

// the best of `reps` runs of f, in seconds
double best(const std::function<void()>& f, int reps) { return hamel::bench::best_seconds(reps, f); }

Chart chart(const std::vector<std::string>& coords, const std::vector<std::string>& params) {
  ChartSpec s;
  s.name = "Q";
  s.coordinates = coords;
  for (const auto& p : params) s.parameters.push_back({p, true});
  return Chart(s);  // a fresh chart (fresh symbols) on every call: no cached results
}

bool ok = true;

// Γ_L of 001 (47)-(48) for the non-mechanical Lagrangian of A2, and the Herglotz equations (6) checked on it.
void herglotz_a2() {
  const Chart Q = chart({"qa", "qb"}, {"a", "b", "c"});
  const Chart T = contact_tangent_bundle(Q);
  const ex qa = Q[0], qb = Q[1], va = T[2], vb = T[3], z = T[4];
  const ContactLagrangian L(Q, (2 + sin(qa)) * va * va / 2 + vb * vb / 2 + va * vb * qb / 3 + Q.parameter("a") * qb * va * z -
                                   Q.parameter("c") * z * qa - cos(qb) * z * z / 3 + Q.parameter("b") * vb * z * z);
  const VectorField G = lagrangian_vector_field(L);
  for (const auto& h : herglotz_equations(L, {G[2], G[3]})) ok = ok && simplify(h).is_zero();
}

// the impact map of the ellipse solved from the conditions (8), compared with (36)
void ellipse_impact() {
  const Chart Q = chart({"x", "y"}, {"gamma", "a", "b"});
  const Chart T = contact_tangent_bundle(Q);
  const ex x = Q[0], y = Q[1], xd = T[2], yd = T[3], a = Q.parameter("a"), b = Q.parameter("b");
  const ContactLagrangian L(Q, (xd * xd + yd * yd) / 2 - Q.parameter("gamma") * T[4]);
  const auto sols = solve_impact_conditions(L, 1 - x * x / (a * a) - y * y / (b * b));
  const ex x36 = (pow(a, 4) * xd * y * y - 2 * a * a * b * b * yd * x * y - pow(b, 4) * xd * x * x) / (pow(a, 4) * y * y + pow(b, 4) * x * x);
  ok = ok && sols.size() == 2 && simplify(sols[1][0] - x36).is_zero();
}

// the momentum-jump projector (74) of the rolling cylinder's touchdown (Example 2), P² = P checked
void touchdown_projector() {
  const Chart Q = chart({"x", "y", "phi", "h"}, {"m", "M", "I", "r", "gamma"});
  const Chart T = contact_tangent_bundle(Q);
  const ex phi = Q[2], gamma = Q.parameter("gamma"), r = Q.parameter("r");
  const ContactLagrangian L(Q, (Q.parameter("m") * (T[4] * T[4] + T[5] * T[5]) + Q.parameter("I") * T[6] * T[6] +
                                Q.parameter("M") * T[7] * T[7]) / 2 - T[8]);
  const std::vector<Form> psi{Form::one_form(Q, {1, 0, -(r + gamma * cos(phi)), 0}), Form::one_form(Q, {0, 1, gamma * sin(phi), -1})};
  const GiNaC::matrix P = momentum_projector(L, psi);
  const GiNaC::matrix D = P.mul(P).sub(P);
  for (unsigned i = 0; i < 4; ++i)
    for (unsigned j = 0; j < 4; ++j) ok = ok && simplify(D(i, j)).is_zero();
}

}  // namespace

int main() {
  std::printf("RESULT herglotz_field_A2 %.6g\n", best(herglotz_a2, 5));
  std::printf("RESULT impact_map_ellipse_from_8 %.6g\n", best(ellipse_impact, 5));
  std::printf("RESULT touchdown_projector_74 %.6g\n", best(touchdown_projector, 3));
  // the billiard of A5: 10 s, 8 impacts, tolerance 1e-12; the compiled functions are cached on disk
  const Chart Q = chart({"x", "y"}, {"gamma"});
  const Chart T = contact_tangent_bundle(Q);
  const ContactLagrangian L(Q, (T[2] * T[2] + T[3] * T[3]) / 2 - Q.parameter("gamma") * T[4]);
  const ContactHybridSystem sys{L, {}, {{"rim", 1 - Q[0] * Q[0] - Q[1] * Q[1], 1}}, {}};
  ContactRunOptions o;
  o.values = {{Q.parameter("gamma"), GiNaC::numeric(1, 10000)}};
  o.initial = {0.5, 0, 1, 1, 0};
  o.t1 = 10;
  std::size_t impacts = 0;
  double t8 = 0;
  const double t = best([&] {
    const ContactRun run = simulate_contact(sys, o);
    impacts = run.events.size();
    t8 = run.events.empty() ? 0 : run.events.back().t;
  }, 5);
  std::printf("RESULT billiard_A5_simulation %.6g\n", t);
  std::printf("# billiard: %zu impacts, t_8 = %.15f (exact 9.67624739506535)\n", impacts, t8);
  if (!ok || impacts != 8) {
    std::printf("# a result was wrong\n");
    return 1;
  }
  return 0;
}
