// bench/geometry_bench.cpp — timings of the geometry layer (issue: foundation).
//   (a) Chaplygin sphere: frame (6.4) → C_αβγ (6.5) → G⁻¹ (6.7)
//   (b) the Schouten bracket [P, P] for three bivectors on R¹⁰ (bench/bivectors.hpp)
// Prints "RESULT <name> <seconds per run>" lines that bench/run pairs with the SymPy reference.
#include <chrono>
#include <functional>
#include <iostream>

#include "bench/bivectors.hpp"
#include "examples/chaplygin_geometry.hpp"
#include "geometry/frame.hpp"
#include "geometry/linear_algebra.hpp"

namespace {

// Best of `reps` timed runs, each of `inner` calls; seconds per call.
double time_best(const std::function<void()>& f, int reps, int inner) {
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < inner; ++i) f();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / inner;
    best = std::min(best, s);
  }
  return best;
}

void chaplygin_pipeline() {
  using namespace hamel;
  const examples::ChaplyginSphere S;
  const Frame F = Frame::with_coordinate_complement({S.Z1, S.Y2, S.Y3}, {3, 4});
  const Tensor3 C = lowered_structure(F, S.G);
  const GiNaC::matrix Ginv = inverse(restrict(S.G, F.distribution()), S.Q);
  if (C(0, 1, 2).is_zero() || Ginv(0, 0).is_zero()) std::abort();
}

}  // namespace

int main() {
  using namespace hamel;
  const double a = time_best(chaplygin_pipeline, 5, 5);
  std::cout << "RESULT chaplygin_frame_C_Ginv " << a << "\n";

  const Chart Q = bench::r10();
  const Multivector P1 = bench::so5_lie_poisson(Q), P2 = bench::quadratic(Q, false),
                    P3 = bench::quadratic(Q, true);
  std::size_t sizes[3] = {0, 0, 0};
  const double b1 = time_best([&] { sizes[0] = schouten_bracket(P1, P1).components().size(); }, 5, 20);
  const double b2 = time_best([&] { sizes[1] = schouten_bracket(P2, P2).components().size(); }, 5, 20);
  const double b3 = time_best([&] { sizes[2] = schouten_bracket(P3, P3).components().size(); }, 5, 20);
  std::cout << "RESULT schouten_so5 " << b1 << "\n"
            << "RESULT schouten_quadratic " << b2 << "\n"
            << "RESULT schouten_quadratic_perturbed " << b3 << "\n";
  // The answers, so that a fast wrong result cannot pass unnoticed.
  std::cout << "# nonzero components of [P,P]: " << sizes[0] << ", " << sizes[1] << ", " << sizes[2]
            << " (expected 0, 0, 8)\n";
  return (sizes[0] == 0 && sizes[1] == 0 && sizes[2] == 8) ? 0 : 1;
}
