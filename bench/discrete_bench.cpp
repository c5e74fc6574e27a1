// bench/discrete_bench.cpp — the discrete Lagrange–d'Alembert integrator (issue 8, docs/discrete.md).
//
// rolling_disk_1e5_steps: 10⁵ steps of the vertical rolling disk (002 §9.4, acceptance case A9 data),
//   unreduced: each step solves (3) for (q_{k+1}, ν_k) ∈ R⁶ by Newton's method with the residual and
//   its Jacobian derived by GiNaC and compiled (native C when a compiler is found).  Setup (derivation,
//   compilation) is excluded; best of 3.  bench/reference/discrete_scipy.py does the same iteration with
//   SymPy-lambdified NumPy (same initial guess 2 q_k − q_{k−1}, same stopping rule, numpy.linalg.solve).
// oscillator_energy_1e5_steps: the nonholonomic oscillator (examples/discrete_nonholonomic_oscillator.yaml),
//   10⁵ steps of the variational integrator and of Heun's method (order 2, not variational) with the
//   same h = 0.1; prints the energy errors and plots them (numerics/plot.hpp) into the directory given
//   as the first argument (default: the system temporary directory).
// Prints "RESULT <case> <seconds per run>" (bench/README.md) and notes as "#" lines.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "bench/timing.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/discrete/energy.hpp"
#include "mechanics/discrete/integrator.hpp"
#include "mechanics/discrete/quadrature.hpp"
#include "numerics/plot.hpp"

namespace {

using namespace hamel;

hamel::Chart chart(const std::vector<std::string>& coords, const std::vector<ParameterSpec>& params) {
  ChartSpec s;
  s.name = "Q";
  s.coordinates = coords;
  s.parameters = params;
  return Chart(s);
}

template <class F>
double best_of(int reps, F&& f) {
  return hamel::bench::best_seconds(reps, std::forward<F>(f));
}

void rolling_disk() {
  const Chart Q = chart({"theta", "phi", "x", "y"}, {{"h"}, {"m"}, {"R"}, {"I"}, {"J"}});
  const auto v = velocities(Q);
  const GiNaC::ex h = Q.parameter("h"), m = Q.parameter("m"), R = Q.parameter("R"), I = Q.parameter("I"), J = Q.parameter("J");
  const DiscreteSystem S = discretize(Q, (I * v[0] * v[0] + J * v[1] * v[1] + m * (v[2] * v[2] + v[3] * v[3])) / 2,
                                      {v[2] - R * cos(Q[1]) * v[0], v[3] - R * sin(Q[1]) * v[0]}, QuadratureRule::Midpoint, h);
  const ParameterValues values{{h, 0.1}, {m, 1.0}, {R, 0.5}, {I, 0.125}, {J, 0.0625}};
  const DiscreteIntegrator integrator(S, values);
  const std::vector<double> q0{0, 0.1, 0, 0};
  const std::vector<double> q1 = complete_on_constraint(S, values, q0, {0.2, 0.15, 0, 0}, {2, 3});
  const std::size_t N = 100000;
  DiscreteTrajectory t;
  const double s = best_of(3, [&] { t = integrator.run(q0, q1, N); });
  std::printf("RESULT rolling_disk_1e5_steps %.6f\n", s);
  std::printf("# rolling disk: %.3g steps/s, mean %.2f Newton iterations per step (max %d), max residual %.2e\n",
              static_cast<double>(N) / s, t.mean_iterations(), t.max_iterations, t.max_residual);
  std::printf("# rolling disk: q_100000 = (%.15g, %.15g, %.15g, %.15g)\n", t.q[N][0], t.q[N][1], t.q[N][2], t.q[N][3]);
}

void oscillator_energy(const std::string& dir) {
  const Chart Q = chart({"x", "y", "z"}, {{"h"}});
  const auto v = velocities(Q);
  const GiNaC::ex h = Q.parameter("h");
  const DiscreteSystem S = discretize(Q, (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) / 2 - (Q[0] * Q[0] + Q[1] * Q[1]) / 2,
                                      {v[2] - Q[1] * v[0]}, QuadratureRule::Midpoint, h);
  const ParameterValues values{{h, 0.1}};
  const std::vector<double> q0{1, 0, 0};
  const std::vector<double> q1 = complete_on_constraint(S, values, q0, {1.03, 0.08, 0}, {2});
  const std::size_t N = 100000;
  const DiscreteIntegrator integrator(S, values);
  DiscreteTrajectory t;
  const double s = best_of(1, [&] { t = integrator.run(q0, q1, N); });
  std::printf("RESULT oscillator_energy_1e5_steps %.6f\n", s);
  const std::vector<double> e = discrete_energy(S, values, t);
  std::vector<double> qdot(3);
  for (std::size_t i = 0; i < 3; ++i) qdot[i] = (q1[i] - q0[i]) / 0.1;
  const std::vector<double> heun = heun_energy(S, values, q0, qdot, N, true);
  const auto window = [](const std::vector<double>& x, std::size_t from, std::size_t to) {
    double m = 0;
    for (std::size_t k = from; k < to && k < x.size(); ++k) m = std::max(m, std::fabs(x[k] - x[0]));
    return m;
  };
  std::printf("# oscillator energy error |E_k - E_0|, variational: max over k < 10^3 %.3e, < 10^4 %.3e, < 10^5 %.3e\n",
              window(e, 0, 1000), window(e, 0, 10000), window(e, 0, N));
  std::printf("# oscillator energy error |E_k - E_0|, Heun:         max over k < 10^3 %.3e, < 10^4 %.3e, < 10^5 %.3e\n",
              window(heun, 0, 1000), window(heun, 0, 10000), window(heun, 0, N + 1));
  Plot p{"energy error, 10^5 steps, h = 0.1", "t = k h", "E_k - E_0", {}, {}};
  Series a{"discrete Lagrange-d'Alembert (midpoint)", {}}, b{"Heun (order 2)", {}};
  for (std::size_t k = 0; k < N; k += 50) {
    p.x.push_back(0.1 * static_cast<double>(k));
    a.y.push_back(e[k] - e[0]);
    b.y.push_back(heun[k] - heun[0]);
  }
  p.series = {a, b};
  try {
    const PlotFiles f = plot(p, (std::filesystem::path(dir) / "discrete_energy").string());
    std::printf("# energy plot: %s\n", f.svg.c_str());
  } catch (const std::exception& ex) {
    std::printf("# energy plot not drawn: %s\n", ex.what());
  }
}

}  // namespace

int main(int argc, char** argv) {
  rolling_disk();
  oscillator_energy(argc > 1 ? argv[1] : std::filesystem::temp_directory_path().string());
  return 0;
}
