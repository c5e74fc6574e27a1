// bench/reexpress_bench.cpp — re-expressing the Chaplygin sphere's reduced objects in (M, γ) by
// elimination (reduction/reexpress.hpp): the relations among the variables, π1, and the 15 brackets of
// Π_nh^Λ; the same steps as bench/reference/reexpress_sympy.py. `-v` prints the values.
#include <chrono>
#include <algorithm>
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
  return hamel::examples::chaplygin_sphere_variables(sys);
}

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// The best of three runs, printed as a RESULT line.
template <typename Work>
void best_of_three(const char* name, Work work) {
  double best = 1e300;
  for (int run = 0; run < 3; ++run) {
    const auto t0 = Clock::now();
    work();
    best = std::min(best, seconds_since(t0));
  }
  std::cout << "RESULT " << name << " " << best << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  const bool verbose = argc > 1 && std::strcmp(argv[1], "-v") == 0;
  const hamel::NonholonomicSystem sys(hamel::examples::chaplygin_sphere().spec);
  const auto v = sphere_variables(sys);
  const auto BL = hamel::gauged_bracket(sys, hamel::lemma_5_4_three_form(sys, {0}));
  const auto table = hamel::bracket_table(BL, v.variables);

  hamel::VariableRelations rel;
  best_of_three("relations", [&] { rel = hamel::variable_relations(v); });
  if (verbose)
    for (const ex& r : rel.relations) std::cout << "# relation " << hamel::to_text(r) << " = 0\n";

  hamel::Reexpressed pi1;
  best_of_three("pi1", [&] { pi1 = hamel::reexpress(sys.momenta()[0], v); });
  if (verbose) std::cout << "# pi1 = " << hamel::to_text(pi1.value) << "\n";

  std::vector<hamel::Reexpressed> out;
  best_of_three("brackets_15", [&] {
    out.clear();
    for (const auto& entry : table) out.push_back(hamel::reexpress(entry.second, v));
  });
  std::size_t expressed = 0, k = 0;
  double slowest = 0;
  for (const auto& [ab, derived] : table) {
    const auto& r = out[k++];
    expressed += r.expressed();
    slowest = std::max(slowest, r.seconds);
    if (verbose)
      std::cout << "# {" << v.variables[ab.first].name << ", " << v.variables[ab.second].name << "} = "
                << (r.expressed() ? hamel::to_text(r.value) : "left in (q, pi): " + r.note) << "  [" << r.seconds
                << " s, " << r.verified.how() << "]\n";
  }
  std::cout << "# " << expressed << " of " << table.size() << " brackets re-expressed; slowest " << slowest << " s\n";
  return expressed == table.size() ? 0 : 1;
}
