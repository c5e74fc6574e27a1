// bench/gauge_bench.cpp — the derivation of L(θ) of 004 (7.7) from the ansatz (7.5): with abstract
// shape functions f1, f2 (and the relation (7.3)), and with the Routh sphere's f1 = r,
// f2 = r cos θ + e.  Same steps as bench/reference/gauge_sympy.py.  Target: ≤ 2 s (abstract).
#include <chrono>
#include <iostream>

#include "derivation/gauge_search.hpp"
#include "derivation/nonholonomic.hpp"
#include "io/modules/nonholonomic.hpp"
#include "reduction/gauge_search.hpp"

namespace {

double derive_L(const char* file, std::size_t& entries) {
  double best = 1e300;
  for (int rep = 0; rep < 3; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    hamel::SystemFile f = hamel::read_system_file(hamel::Document::load(file));
    const auto in = hamel::read_nonholonomic(f);
    const auto system = hamel::build_nonholonomic_system(in);
    const auto ode = hamel::derive_gauge_ode(system, hamel::gauge_ansatz(system, *in.search));
    entries = 0;
    for (unsigned i = 0; i < ode.L.rows(); ++i)
      for (unsigned j = 0; j < ode.L.cols(); ++j) entries += ode.L(i, j).is_zero() ? 0 : 1;
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

}  // namespace

int main() {
  std::size_t a = 0, b = 0;
  std::cout << "RESULT gauge_ode_abstract " << derive_L("examples/solid_of_revolution.yaml", a) << "\n";
  std::cout << "RESULT gauge_ode_routh " << derive_L("examples/routh_sphere.yaml", b) << "\n";
  std::cout << "# nonzero entries of L: " << a << " (abstract), " << b << " (Routh)\n";
  return a == 4 && b == 4 ? 0 : 1;
}
