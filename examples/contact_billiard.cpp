// examples/contact_billiard.cpp — the dissipative billiard of 001 §III through the library: the
// Herglotz equations, the impact map solved from the conditions (8), and a simulation whose impact times
// are compared with the exact ones, t_k = -ln(1 - gamma S_k)/gamma (contact.md 2.1).  Exits 1 if they
// differ by more than 1e-9.
#include <cmath>
#include <cstdio>
#include <iostream>

#include "core/latex.hpp"
#include "mechanics/contact/contact_simulation.hpp"
#include "mechanics/contact/impact.hpp"

using namespace hamel;

int main() {
  ChartSpec spec;
  spec.name = "Q";
  spec.coordinates = {"x", "y"};
  spec.parameters = {{"gamma", true}};
  const Chart Q(spec);
  const Chart T = contact_tangent_bundle(Q);  // (x, y, x_dot, y_dot, z)
  const GiNaC::ex gamma = Q.parameter("gamma");
  const ContactLagrangian L(Q, (T[2] * T[2] + T[3] * T[3]) / 2 - gamma * T[4]);

  const VectorField G = lagrangian_vector_field(L);  // 001 (47)-(48)
  std::cout << "x_ddot = " << to_text(G[2]) << ",  z_dot = " << to_text(G[4]) << "\n";
  const GiNaC::ex psi = 1 - Q[0] * Q[0] - Q[1] * Q[1];  // the disk x^2 + y^2 <= 1
  const auto solutions = solve_impact_conditions(L, psi);  // 001 (8): the identity and the reflection
  std::cout << "x_dot+ = " << to_text(pretty(solutions[1][0])) << "\n";

  ContactHybridSystem sys{L, {}, {{"rim", psi, 1}}, {}};
  ContactRunOptions o;
  o.values = {{gamma, GiNaC::numeric(1, 10000)}};
  o.initial = {0.5, 0, 1, 1, 0};
  o.t1 = 10;
  const ContactRun run = simulate_contact(sys, o);
  double worst = 0;
  for (std::size_t k = 0; k < run.events.size(); ++k) {
    const double S = (std::sqrt(7.0) - 1) / 4 + static_cast<double>(k) * std::sqrt(7.0) / 2;  // undamped billiard
    const double exact = -std::log1p(-1e-4 * S) / 1e-4;
    worst = std::max(worst, std::abs(run.events[k].t - exact));
    std::printf("impact %zu at t = %.15f (exact %.15f), E = %.12f, z = %.12f\n", k + 1, run.events[k].t, exact,
                run.events[k].energy_before, run.events[k].before[4]);
  }
  std::printf("%zu impacts; largest deviation from the exact impact times %.2e\n", run.events.size(), worst);
  return run.events.size() == 8 && worst < 1e-9 ? 0 : 1;
}
