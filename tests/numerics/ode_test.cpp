// tests/numerics/ode_test.cpp — integration against closed forms and conserved quantities.
#include <doctest/doctest.h>

#include <cmath>

#include "core/error.hpp"
#include "numerics/compiled_function.hpp"
#include "numerics/monitored.hpp"
#include "numerics/ode.hpp"

using hamel::State;

namespace {

const double pi = std::acos(-1.0);

void oscillator(const State& x, State& dxdt, double) {
  dxdt[0] = x[1];
  dxdt[1] = -x[0];
}

constexpr double g_over_l = 9.81 / 0.7;

void pendulum(const State& x, State& dxdt, double) {
  dxdt[0] = x[1];
  dxdt[1] = -g_over_l * std::sin(x[0]);
}

double pendulum_energy(const State& x) { return 0.5 * x[1] * x[1] - g_over_l * std::cos(x[0]); }

}  // namespace

TEST_SUITE("numerics") {

TEST_CASE("integrate: harmonic oscillator matches cos t to 1e-10 over 10 periods") {
  hamel::IntegrateOptions o;
  o.output_step = 0.1;
  const double T = 20 * pi;
  const auto r = hamel::integrate(oscillator, {1.0, 0.0}, 0, T, o);
  REQUIRE(r.completed());
  CHECK(r.message.empty());
  CHECK(r.t_end == T);
  CHECK(r.t.front() == 0);
  CHECK(r.t.back() == T);
  double worst = 0;
  for (std::size_t k = 0; k < r.t.size(); ++k) {
    worst = std::max(worst, std::fabs(r.x[k][0] - std::cos(r.t[k])));
    worst = std::max(worst, std::fabs(r.x[k][1] + std::sin(r.t[k])));
  }
  CHECK(worst <= 1e-10);
  // the uniform grid: 0, 0.1, ..., the last point ≤ T, from the interpolant
  REQUIRE(r.grid_t.size() == static_cast<std::size_t>(std::floor(T / 0.1)) + 1);
  double grid_worst = 0;
  for (std::size_t k = 0; k < r.grid_t.size(); ++k) {
    CHECK(r.grid_t[k] == doctest::Approx(0.1 * static_cast<double>(k)).epsilon(1e-14));
    grid_worst = std::max(grid_worst, std::fabs(r.grid_x[k][0] - std::cos(r.grid_t[k])));
  }
  CHECK(grid_worst <= 1e-10);
  CHECK(r.rhs_evaluations > 6 * r.steps - 1);  // Dormand–Prince: 6 new evaluations per accepted step
  MESSAGE("oscillator: " << r.steps << " steps, max error " << worst << " (steps), " << grid_worst << " (grid)");
}

TEST_CASE("integrate: the energy of a swinging pendulum is conserved to 2e-10 (relative) over 100 s") {
  const State x0 = {2.5, 0.0};  // a large amplitude: far from the linear regime
  const auto r = hamel::integrate(pendulum, x0, 0, 100);
  REQUIRE(r.completed());
  const double E0 = pendulum_energy(x0);
  double drift = 0;
  for (const auto& x : r.x) drift = std::max(drift, std::fabs(pendulum_energy(x) - E0));
  CHECK(drift <= 2e-10 * std::fabs(E0));  // about 70 periods, 22 000 steps
  MESSAGE("pendulum: " << r.steps << " steps, max energy drift " << drift << " (|E| = " << std::fabs(E0) << ")");
}

TEST_CASE("integrate: a compiled right-hand side gives the same solution as the hand-written one") {
  GiNaC::realsymbol th("theta"), w("omega"), t("t"), k("k");
  hamel::CompileOptions o;
  o.quiet = true;
  const auto f = hamel::compile({w, -k * sin(th)}, {th, w}, {{k, g_over_l}}, o);
  const auto r1 = hamel::integrate(hamel::make_rhs(f), {1.0, 0.5}, 0, 10);
  const auto r2 = hamel::integrate(pendulum, {1.0, 0.5}, 0, 10);
  CHECK(r1.x_end[0] == doctest::Approx(r2.x_end[0]).epsilon(1e-12));
  CHECK(r1.x_end[1] == doctest::Approx(r2.x_end[1]).epsilon(1e-12));
  // time-dependent: x' = cos t (time as the last input), x(t) = sin t
  const auto ft = hamel::compile({cos(t)}, {th, t}, {}, o);
  const auto r3 = hamel::integrate(hamel::make_rhs(ft), {0.0}, 0, 3);
  CHECK(std::fabs(r3.x_end[0] - std::sin(3.0)) <= 1e-11);
  CHECK_THROWS_WITH_AS(hamel::make_rhs(hamel::compile({th}, {th, w, t}, {}, o)),
                       doctest::Contains("make_rhs: a right-hand side maps n states to n rates; expected n or "
                                         "n + 1 inputs (time last) for n = 1 outputs, got 3 inputs"),
                       hamel::InvalidArgument);
}

TEST_CASE("integrate: failures end the run with a reason") {
  SUBCASE("blow-up of x' = x² at t = 1") {
    const auto r = hamel::integrate([](const State& x, State& d, double) { d[0] = x[0] * x[0]; }, {1.0}, 0, 2);
    CHECK_FALSE(r.completed());
    CHECK((r.termination == hamel::Termination::NotFinite || r.termination == hamel::Termination::StepFailed));
    CHECK(r.t_end == doctest::Approx(1.0).epsilon(1e-3));
    CHECK(r.t_end < 1.0);
    CHECK(r.message.find("integrate: ") == 0);
    MESSAGE(r.message);
  }
  SUBCASE("max_steps") {
    hamel::IntegrateOptions o;
    o.max_steps = 10;
    const auto r = hamel::integrate(oscillator, {1.0, 0.0}, 0, 100, o);
    CHECK(r.termination == hamel::Termination::MaxSteps);
    CHECK(r.steps == 10);
    CHECK(r.message.find("10 steps taken by t = ") != std::string::npos);
    CHECK(std::fabs(r.x_end[0] - std::cos(r.t_end)) <= 1e-11);
  }
  SUBCASE("bad input") {
    CHECK_THROWS_WITH_AS(hamel::integrate(oscillator, {1.0, 0.0}, 1, 0),
                         doctest::Contains("integrate: the time interval runs backwards or is not finite; "
                                           "expected t0 <= t1, got t0 = 1, t1 = 0"),
                         hamel::InvalidArgument);
    CHECK_THROWS_AS(hamel::integrate(oscillator, {}, 0, 1), hamel::InvalidArgument);
    CHECK_THROWS_AS(hamel::integrate(oscillator, {1.0, NAN}, 0, 1), hamel::InvalidArgument);
  }
}

TEST_CASE("integrate: max_step, store_steps and the progress callback") {
  hamel::IntegrateOptions o;
  o.max_step = 0.01;
  o.store_steps = false;
  std::vector<double> seen;
  o.progress = [&](const hamel::Progress& p) {
    seen.push_back(p.t);
    CHECK(p.t0 == 0);
    CHECK(p.t1 == 2);
  };
  o.progress_interval = 0;  // every step
  const auto r = hamel::integrate(oscillator, {1.0, 0.0}, 0, 2, o);
  CHECK(r.t.empty());
  CHECK(r.steps >= 200);
  CHECK(seen.size() == r.steps);
  CHECK(std::is_sorted(seen.begin(), seen.end()));
  CHECK(seen.back() == 2);
  CHECK(std::fabs(r.x_end[0] - std::cos(2.0)) <= 1e-12);
  o.progress_interval = 3600;  // never within this run
  seen.clear();
  hamel::integrate(oscillator, {1.0, 0.0}, 0, 2, o);
  CHECK(seen.empty());
}


TEST_CASE("integrate_monitored: max_samples bounds the samples kept, the drift still covers every step") {
  // a pendulum swinging over 200 s with short steps: about 20 000 accepted steps, the energy monitored
  const GiNaC::realsymbol th("theta"), w("omega");
  const std::vector<GiNaC::ex> field{w, -14 * sin(th)}, state{th, w};
  const std::vector<hamel::Monitored> energy{{"E", w * w / 2 - 14 * cos(th)}};
  hamel::IntegrateOptions o;
  o.max_step = 0.01;
  const auto full = hamel::integrate_monitored(field, state, energy, {}, {2.5, 0.0}, 0, 200, 0, o);
  const std::size_t N = full.trajectory.t.size();
  REQUIRE(N > 19000);
  const auto thin = hamel::integrate_monitored(field, state, energy, {}, {2.5, 0.0}, 0, 200, 0, o, 500);
  CHECK(thin.sample_count == N);
  CHECK(thin.trajectory.t.size() >= 500);
  CHECK(thin.trajectory.t.size() <= 2 * 500 + 1);
  CHECK(thin.samples.size() == thin.trajectory.t.size());
  CHECK(thin.drift == full.drift);  // the running maximum over the same steps, bit for bit
  CHECK(full.drift[0] > 0);
  CHECK(thin.trajectory.x_end == full.trajectory.x_end);
  std::size_t stride = 1;
  while (full.trajectory.t[stride] != thin.trajectory.t[1]) ++stride;
  CHECK((stride & (stride - 1)) == 0);
  for (std::size_t i = 0; i + 1 < thin.trajectory.t.size(); ++i) {
    CHECK(thin.trajectory.t[i] == full.trajectory.t[i * stride]);
    CHECK(thin.samples[i] == full.samples[i * stride]);
  }
  CHECK(thin.trajectory.t.back() == full.trajectory.t.back());
  // on a grid (step 0.001: 200 001 points) the grid is what is thinned
  const auto grid = hamel::integrate_monitored(field, state, energy, {}, {2.5, 0.0}, 0, 200, 0.001, o, 500);
  CHECK(grid.sample_count == 200001);
  CHECK(grid.trajectory.grid_t.size() <= 2 * 500 + 1);
  CHECK(grid.trajectory.grid_t.front() == 0);
  CHECK(grid.trajectory.grid_t.back() == doctest::Approx(200).epsilon(1e-12));
  CHECK(grid.trajectory.t.empty());
  CHECK(grid.drift == full.drift);
}
}  // TEST_SUITE
