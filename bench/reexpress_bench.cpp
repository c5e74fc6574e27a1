// bench/reexpress_bench.cpp — re-expressing the Chaplygin sphere's reduced objects in (M, γ) by
// elimination (reduction/reexpress.hpp): the relations among the variables, π1, and the 15 brackets of
// Π_nh^Λ; the same steps as bench/reference/reexpress_sympy.py. `-v` prints the values.
#include <chrono>
#include <cstring>
#include <iostream>

#include "brackets/nonholonomic.hpp"
#include "core/latex.hpp"
#include "examples/chaplygin_sphere.hpp"
#include "reduction/gauge_momenta.hpp"
#include "reduction/reexpress.hpp"

namespace {

using GiNaC::ex;
using Clock = std::chrono::steady_clock;

hamel::VariablesOnChart sphere_variables(const hamel::NonholonomicSystem& sys) {
  const hamel::Chart& Q = sys.chart();
  const ex th = Q[1], psi = Q[2];
  const auto p = sys.momenta();
  const hamel::Chart U = Q.sibling("U", {"M1", "M2", "M3", "gamma1", "gamma2", "gamma3"});
  return {sys.dual_chart(),
          U.coordinates(),
          {{"M1", (sin(psi) * p[0] + cos(psi) * sin(th) * p[1] - sin(psi) * cos(th) * p[2]) / sin(th)},
           {"M2", (cos(psi) * p[0] - sin(psi) * sin(th) * p[1] - cos(psi) * cos(th) * p[2]) / sin(th)},
           {"M3", p[2]},
           {"gamma1", sin(th) * sin(psi)},
           {"gamma2", sin(th) * cos(psi)},
           {"gamma3", cos(th)}}};
}

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

}  // namespace

int main(int argc, char** argv) {
  const bool verbose = argc > 1 && std::strcmp(argv[1], "-v") == 0;
  const hamel::NonholonomicSystem sys(hamel::examples::chaplygin_sphere().spec);
  const auto v = sphere_variables(sys);
  const auto BL = hamel::gauged_bracket(sys, hamel::lemma_5_4_three_form(sys, {0}));
  const auto table = hamel::bracket_table(BL, v.variables);

  auto t0 = Clock::now();
  const auto rel = hamel::variable_relations(v);
  std::cout << "RESULT relations " << seconds_since(t0) << "\n";
  if (verbose)
    for (const ex& r : rel.relations) std::cout << "# relation " << hamel::to_text(r) << " = 0\n";

  t0 = Clock::now();
  const auto pi1 = hamel::reexpress(sys.momenta()[0], v);
  std::cout << "RESULT pi1 " << seconds_since(t0) << "\n";
  if (verbose) std::cout << "# pi1 = " << hamel::to_text(pi1.value) << "\n";

  t0 = Clock::now();
  std::size_t expressed = 0;
  double slowest = 0;
  for (const auto& [ab, derived] : table) {
    const auto r = hamel::reexpress(derived, v);
    expressed += r.expressed();
    slowest = std::max(slowest, r.seconds);
    if (verbose)
      std::cout << "# {" << v.variables[ab.first].name << ", " << v.variables[ab.second].name << "} = "
                << (r.expressed() ? hamel::to_text(r.value) : "left in (q, pi): " + r.note) << "  [" << r.seconds
                << " s, " << r.verified.how() << "]\n";
  }
  std::cout << "RESULT brackets_15 " << seconds_since(t0) << "\n";
  std::cout << "# " << expressed << " of " << table.size() << " brackets re-expressed; slowest " << slowest << " s\n";
  return expressed == table.size() ? 0 : 1;
}
