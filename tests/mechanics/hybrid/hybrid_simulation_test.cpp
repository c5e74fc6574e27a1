// tests/mechanics/hybrid/hybrid_simulation_test.cpp — hybrid flows computed numerically: the
// 14-impact run of Example 3 (A11), several guards, simultaneous impacts, grazing, Zeno, CSV and figures.
#include <doctest/doctest.h>

#include "core/error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>

#include "mechanics/hybrid/hybrid_automaton.hpp"
#include "mechanics/hybrid/hybrid_simulation.hpp"
#include "mechanics/hybrid/impact_rule.hpp"
#include "numerics/plot.hpp"
#include "tests/mechanics/hybrid/examples.hpp"
#include "tests/numerics/temp_dir.hpp"

using namespace hamel;
using GiNaC::ex;

namespace {

HybridSimulationSpec billiard_spec(const test::BilliardExample& b, double c) {
  HybridSimulationSpec spec;
  spec.initial = {0.25, 0.5, 2.8, 1.8};  // A11: the exact Cartesian state behind the paper's polar data
  spec.t1 = 5;
  spec.values = {{b.m, 1}, {b.c, c}};
  spec.functions = {{b.f, 2 - exp(b.t / 10)}};
  spec.observables = {{"J", b.m * exp(b.c * b.t / b.m) * (b.x * b.yd - b.y * b.xd)}};
  return spec;
}

// a unit mass in the plane, no force
struct Plane {
  Chart Q = Chart::make("Q", {"x", "y"});
  Chart TQ = tangent_bundle(Q);
  ForcedLagrangianSystem free() const {
    return ForcedLagrangianSystem(Q, (TQ[2] * TQ[2] + TQ[3] * TQ[3]) / 2, {0, 0});
  }
};

}  // namespace

TEST_SUITE("mechanics") {

TEST_CASE("simulate_hybrid: Example 3 with c = 0.005 has 14 impacts before T = 5 (A11)") {
  const auto b = test::billiard();
  const auto tr = simulate_hybrid(b.system(), billiard_spec(b, 0.005));
  CHECK(tr.termination == Termination::Completed);
  const std::vector<double> times{0.141312, 0.689950, 1.207252, 1.693262, 2.148253, 2.572718, 2.967355,
                                  3.333045, 3.670829, 3.981882, 4.267482, 4.528988, 4.767807, 4.985375};
  REQUIRE(tr.impacts.size() == times.size());
  for (std::size_t k = 0; k < times.size(); ++k) CHECK(tr.impacts[k].t == doctest::Approx(times[k]).epsilon(1e-6 / times[k]));
  CHECK(std::fabs(tr.impacts[0].t - 0.1413117295) < 1e-8);
  CHECK(std::fabs(tr.impacts[1].t - 0.6899498819) < 1e-8);
  // impact 1: r, ṙ⁻, ṙ⁺ and K = |v|²/2 before and after
  const auto& i1 = tr.impacts[0];
  const double r = std::hypot(i1.before[0], i1.before[1]);
  const double rd_minus = (i1.before[0] * i1.before[2] + i1.before[1] * i1.before[3]) / r;
  const double rd_plus = (i1.after[0] * i1.after[2] + i1.after[1] * i1.after[3]) / r;
  CHECK(std::fabs(r - 0.992859) < 1e-6);
  CHECK(std::fabs(rd_minus - 3.186927) < 1e-6);
  CHECK(std::fabs(rd_plus + 3.289080) < 1e-6);
  CHECK(std::fabs((i1.before[2] * i1.before[2] + i1.before[3] * i1.before[3]) / 2 - 5.535372) < 1e-6);
  CHECK(std::fabs((i1.after[2] * i1.after[2] + i1.after[3] * i1.after[3]) / 2 - 5.866142) < 1e-6);
  // the energy grows at every impact (the wall moves inwards)
  for (const auto& i : tr.impacts) CHECK(i.energy_after > i.energy_before);
  // the state at T = 5
  REQUIRE(!tr.x.empty());
  CHECK(tr.t.back() == doctest::Approx(5));
  const auto& xe = tr.x.back();
  CHECK(std::fabs(xe[0] - 0.219580) < 1e-6);
  CHECK(std::fabs(xe[1] + 0.467000) < 1e-6);
  CHECK(std::fabs(xe[2] + 3.896750) < 1e-6);
  CHECK(std::fabs(xe[3] - 4.067933) < 1e-6);
  // unwrapped θ(5) and J ≡ −0.95
  double theta = std::atan2(tr.x[0][1], tr.x[0][0]), dev = 0;
  for (std::size_t k = 1; k < tr.x.size(); ++k) {
    double dth = std::atan2(tr.x[k][1], tr.x[k][0]) - std::atan2(tr.x[k - 1][1], tr.x[k - 1][0]);
    dth -= 2 * M_PI * std::round(dth / (2 * M_PI));
    theta += dth;
    dev = std::max(dev, std::fabs(tr.observables[k][0] + 0.95));
  }
  for (const auto& i : tr.impacts) dev = std::max({dev, std::fabs(i.observables_before[0] + 0.95), std::fabs(i.observables_after[0] + 0.95)});
  CHECK(std::fabs(theta + 32.547204) < 1e-6);
  MESSAGE("max |J + 0.95| over the run: " << dev);
  CHECK(dev < 1e-11);
}

TEST_CASE("simulate_hybrid: the progress callback sees the time and the impacts (hamel simulate's progress line)") {
  const auto b = test::billiard();
  auto spec = billiard_spec(b, 0.005);
  std::size_t calls = 0, last_events = 0;
  double last_t = 0;
  spec.options.progress_interval = 0;  // every step
  spec.options.progress = [&](const Progress& p) {
    ++calls;
    CHECK(p.t >= last_t);
    last_t = p.t;
    last_events = p.events;
  };
  const auto tr = simulate_hybrid(b.system(), spec);
  CHECK(calls > 10);
  CHECK(last_t == doctest::Approx(5).epsilon(1e-3));
  CHECK(last_events == tr.impacts.size());
}

TEST_CASE("simulate_hybrid: simultaneous impacts in a corner, several guards") {
  Plane p;
  const ForcedLagrangianSystem s = p.free();
  const SimpleHybridSystem H(s, {{"wall_x", p.Q[0], Direction::Falling, newtonian_impact(s, p.Q[0], 1), {}, ex(1)},
                                 {"wall_y", p.Q[1], Direction::Falling, newtonian_impact(s, p.Q[1], 1), {}, ex(1)}});
  HybridSimulationSpec spec;
  spec.initial = {1, 1, -1, -1};
  spec.t1 = 1.5;
  const auto tr = simulate_hybrid(H, spec);
  REQUIRE(tr.impacts.size() == 1);
  CHECK(tr.impacts[0].guards == "wall_x+wall_y");
  CHECK(tr.impacts[0].t == doctest::Approx(1).epsilon(1e-12));
  CHECK(tr.impacts[0].after[2] == doctest::Approx(1));
  CHECK(tr.impacts[0].after[3] == doctest::Approx(1));
  CHECK(tr.x.back()[0] == doctest::Approx(0.5).epsilon(1e-9));
}

TEST_CASE("simulate_hybrid: a tangential contact is a graze, not an impact") {
  Plane p;
  const ForcedLagrangianSystem s = p.free();
  const ex h = p.Q[0] * p.Q[0] + p.Q[1] * p.Q[1] - 1;  // the unit disk, touched at (0, 1)
  const SimpleHybridSystem H(s, {{"disk", h, Direction::Falling, newtonian_impact(s, h, 1), {}, ex(1)}});
  HybridSimulationSpec spec;
  spec.initial = {-1, 1, 1, 0};
  spec.t1 = 2;
  const auto tr = simulate_hybrid(H, spec);
  CHECK(tr.impacts.empty());
  REQUIRE(tr.grazes.size() == 1);
  CHECK(tr.grazes[0].kind == EventKind::Grazing);
  CHECK(tr.grazes[0].t == doctest::Approx(1).epsilon(1e-6));
}

TEST_CASE("simulate_hybrid: Zeno accumulation of a bouncing ball stops with a clear message") {
  const Chart Q = Chart::make("Q", {"y"});
  const Chart TQ = tangent_bundle(Q);
  const GiNaC::possymbol g("g");
  const ForcedLagrangianSystem s(Q, TQ[1] * TQ[1] / 2 - g * Q[0], {0});
  const ex e = GiNaC::numeric(1, 2);
  const SimpleHybridSystem H(s, {{"ground", Q[0], Direction::Falling, newtonian_impact(s, Q[0], e), {}, e}});
  HybridSimulationSpec spec;
  spec.initial = {1, 0};
  spec.t1 = 3;
  spec.values = {{g, 9.81}};
  spec.options.max_events = 30;  // beyond ~35 the intervals reach the 1e-12 time resolution
  const auto tr = simulate_hybrid(H, spec);
  CHECK(tr.termination == Termination::MaxEvents);
  CHECK(tr.message.find("Zeno accumulation near t = ") != std::string::npos);
  REQUIRE(tr.accumulation_time);
  // t∞ = √(2/g) (1 + e)/(1 − e) = 3 √(2/g)
  CHECK(*tr.accumulation_time == doctest::Approx(3 * std::sqrt(2 / 9.81)).epsilon(1e-8));
  // each impact: ẏ⁺ = −e ẏ⁻ and the energy drops by (1 − e²)
  for (const auto& i : tr.impacts) {
    CHECK(i.after[1] == doctest::Approx(-0.5 * i.before[1]));
    CHECK(i.energy_after == doctest::Approx(0.25 * i.energy_before + 0.75 * 9.81 * i.before[0]).epsilon(1e-6));
  }
}

TEST_CASE("simulate_hybrid: a reset that leaves the ball falling stops the run at the first impact, with that cause") {
  const Chart Q = Chart::make("Q", {"y"});
  const Chart TQ = tangent_bundle(Q);
  const GiNaC::possymbol g("g");
  const ForcedLagrangianSystem s(Q, TQ[1] * TQ[1] / 2 - g * Q[0], {0});
  const SimpleHybridSystem H(s, {{"floor", Q[0], Direction::Falling, {TQ[1]}, {}, std::nullopt}});
  HybridSimulationSpec spec;
  spec.initial = {1, 0};
  spec.t1 = 3;
  spec.values = {{g, 9.81}};
  const auto tr = simulate_hybrid(H, spec);
  CHECK(tr.termination == Termination::Stopped);
  CHECK(tr.impacts.empty());
  // falling from 1: t = sqrt(2/g), sigma = -sqrt(2 g) before and after
  CHECK(tr.message.find("the reset of floor does not reverse the crossing at t = 0.45152364") == 0);
  CHECK(tr.message.find("sigma = -4.4294469 before and -4.4294469 after") != std::string::npos);
  CHECK(tr.message.find("resting contact") == std::string::npos);
}

// A ball on a plate y = A sin(w t) with A w^2 = 7.2 < g: the plate never pulls away faster than the ball
// falls, the bounces shrink and the ball comes to rest on it (sticking) at a finite time.
TEST_CASE("simulate_hybrid: a ball sticking to a vibrating plate stops as Zeno accumulation, not as a bad reset") {
  const Chart Q = Chart::make("Q", {"y"});
  const Chart TQ = tangent_bundle(Q);
  const GiNaC::realsymbol t("t");
  const ForcedLagrangianSystem s(Q, TQ[1] * TQ[1] / 2 - 9.81 * Q[0], {0}, t);
  const ex h = Q[0] - GiNaC::numeric(1, 20) * sin(12 * t), e = GiNaC::numeric(4, 5);
  const SimpleHybridSystem H(s, {{"plate", h, Direction::Falling, newtonian_impact(s, h, e), {}, e}});
  HybridSimulationSpec spec;
  spec.initial = {0.5, 0};
  spec.t1 = 6;
  const auto tr = simulate_hybrid(H, spec);
  CHECK(tr.termination == Termination::MaxEvents);
  REQUIRE(tr.impacts.size() == 67);
  CHECK(tr.message.find("67 impacts, then Zeno accumulation at t = 2.02090") == 0);
  CHECK(tr.message.find("does not reverse") == std::string::npos);
  REQUIRE(tr.accumulation_time);
  const std::size_t n = tr.impacts.size();
  const double last = tr.impacts[n - 1].t, d1 = last - tr.impacts[n - 2].t, d0 = tr.impacts[n - 2].t - tr.impacts[n - 3].t;
  // near rest the plate's acceleration is steady over a hop: the intervals shrink by e, and the
  // accumulation time is the geometric limit t_N + d r/(1 - r), r = d_N/d_{N-1} (-> e)
  const double r = d1 / d0;
  CHECK(r == doctest::Approx(0.8).epsilon(1e-3));
  CHECK(*tr.accumulation_time == doctest::Approx(last + d1 * r / (1 - r)).epsilon(1e-12));
  CHECK(*tr.accumulation_time == doctest::Approx(2.0209073).epsilon(1e-7));
  // every applied impact reverses sigma with -e
  for (const auto& i : tr.impacts) {
    const double c = 0.6 * std::cos(12 * i.t);  // dh/dt
    CHECK(i.after[1] - c == doctest::Approx(-0.8 * (i.before[1] - c)).epsilon(1e-9));
  }
}

TEST_CASE("ImpactRule: an arriving crossing is an impact, a leaving one a graze, and one with no time after an impact Zeno") {
  ImpactRule rule(1e-12);
  using A = ImpactRule::Action;
  // impacts at 0, 1, 1.5, 1.75: the intervals halve, the accumulation is at 1.75 + 0.25 = 2
  for (double t : {0.0, 1.0, 1.5, 1.75}) {
    CHECK(rule.before_reset("floor", Direction::Falling, EventKind::Crossing, t, -2.0) == A::Apply);
    CHECK(rule.after_reset("floor", Direction::Falling, t, -2.0, 1.0));
    rule.applied(t);
  }
  CHECK(rule.before_reset("floor", Direction::Falling, EventKind::Crossing, 1.8, 1e-7) == A::Skip);   // a graze later on
  CHECK(rule.before_reset("floor", Direction::Falling, EventKind::Grazing, 1.75, 1e-7) == A::Skip);   // a touch
  CHECK(rule.before_reset("floor", Direction::Rising, EventKind::Crossing, 1.75, 1e-7) == A::Apply);  // arriving upwards
  CHECK(!rule.zeno());
  CHECK(rule.before_reset("floor", Direction::Falling, EventKind::Crossing, 1.75, 1e-7) == A::Stop);
  REQUIRE(rule.zeno());
  CHECK(*rule.accumulation_time() == doctest::Approx(2.0).epsilon(1e-14));
  CHECK(rule.message().find("4 impacts, then Zeno accumulation at t = 2: the next crossing of floor comes at t = 1.75") == 0);
  CHECK(rule.message().find("intervals 1 0.5 0.25") != std::string::npos);
  // a reset that keeps sigma falling is not an impact law; a plastic one (sigma+ = 0) is
  ImpactRule other(1e-12);
  CHECK(other.after_reset("floor", Direction::Falling, 0.5, -2.0, 0.0));
  CHECK(!other.after_reset("floor", Direction::Falling, 0.5, -2.0, -1.0));
  CHECK(other.message().find("the reset of floor does not reverse the crossing at t = 0.5: sigma = -2 before and -1 after") == 0);
  CHECK(!other.zeno());
}

TEST_CASE("simulate_hybrid: a start on the far side of an impact guard is refused (the wall would be passed silently)") {
  const Chart Q = Chart::make("Q", {"y"});
  const Chart TQ = tangent_bundle(Q);
  const ForcedLagrangianSystem s(Q, TQ[1] * TQ[1] / 2 - 9.81 * Q[0], {0});
  const ex e = GiNaC::numeric(1, 2);
  // rising on -y: the motion lives in y >= 0 and is reflected when y reaches 0 from above
  const SimpleHybridSystem H(s, {{"ground", -Q[0], Direction::Rising, newtonian_impact(s, -Q[0], e), {}, e}});
  HybridSimulationSpec spec;
  spec.initial = {-0.3, 0};
  spec.t1 = 1;
  CHECK_THROWS_WITH_AS(simulate_hybrid(H, spec),
                       doctest::Contains("the initial state is outside guard 'ground' (its direction is rising: the motion lives where h <= 0); expected h(t0, q0) <= 0, got h(t0, q0) = 0.3"),
                       InvalidArgument);
  spec.initial = {0.3, 0};  // inside: one bounce after sqrt(0.6/9.81) s
  const auto tr = simulate_hybrid(H, spec);
  REQUIRE(!tr.impacts.empty());
  CHECK(tr.impacts[0].t == doctest::Approx(std::sqrt(0.6 / 9.81)).epsilon(1e-10));
}

TEST_CASE("simulate_hybrid: two domains, rough and smooth (the automaton switches its vector field)") {
  const auto d = test::disk();
  HybridAutomaton A;
  const auto& ls = d.lagrangian();
  const DomainId rough = A.add_domain("rough", ls);
  const DomainId smooth = A.add_domain("smooth", ForcedLagrangianSystem(d.Q, ls.lagrangian(), {0, 0, 0}));
  A.add_transition(rough, smooth, {"enter", d.x, Direction::Falling, {d.xd, d.yd, d.phid}, {}, std::nullopt});
  A.add_transition(smooth, rough, {"leave", d.x, Direction::Rising, {d.xd, d.yd, d.phid}, {}, std::nullopt});
  HybridSimulationSpec spec;
  spec.initial = {1, 1, 0, -1, 0.1, 0};
  spec.t1 = 2;
  spec.values = {{d.m, 1}, {d.R, 1}, {d.k, 0.7}, {d.c, 0.2}, {d.h, 3}, {d.e, 1}};
  spec.observables = {{"J_rotation", d.m * (d.x * d.yd - d.y * d.xd)}};
  const auto tr = simulate_hybrid(A, spec);
  REQUIRE(tr.impacts.size() == 1);
  CHECK(tr.impacts[0].from == "rough");
  CHECK(tr.impacts[0].to == "smooth");
  CHECK(tr.domain.back() == smooth);
  // no jump at the crossing, and in the smooth region the motion is a straight line
  CHECK(tr.impacts[0].after == tr.impacts[0].before);
  const auto& xe = tr.x.back();
  const auto& xi = tr.impacts[0].after;
  CHECK(xe[2] == doctest::Approx(xi[2]).epsilon(1e-10));
  CHECK(xe[3] == doctest::Approx(xi[3]).epsilon(1e-10));
}

TEST_CASE("write_trajectory_csv, write_impacts_csv") {
  const auto b = test::billiard();
  auto spec = billiard_spec(b, 0.1);
  spec.t1 = 1;
  spec.options.output_step = 0.01;
  const auto tr = simulate_hybrid(b.system(), spec);
  test::TempDir dir;
  write_trajectory_csv(tr, dir.path() + "/traj.csv");
  write_impacts_csv(tr, dir.path() + "/impacts.csv");
  std::ifstream in(dir.path() + "/impacts.csv");
  std::string header, row;
  std::getline(in, header);
  CHECK(header == "event,t,guard,from,to,x_before,y_before,x_dot_before,y_dot_before,J_before,energy_before,x_after,y_after,"
                  "x_dot_after,y_dot_after,J_after,energy_after");
  std::size_t rows = 0;
  while (std::getline(in, row)) ++rows;
  CHECK(rows == tr.impacts.size());
  CHECK(rows >= 2);
  std::ifstream tin(dir.path() + "/traj.csv");
  std::getline(tin, header);
  CHECK(header == "t,x,y,x_dot,y_dot,domain,J,energy");
}

TEST_CASE("simulate_hybrid: max_samples keeps a bounded, evenly thinned part of the run, the CSV streams every sample") {
  const auto b = test::billiard();
  auto spec = billiard_spec(b, 0.005);
  spec.options.max_step = 1e-3;  // about 5000 steps
  const auto full = simulate_hybrid(b.system(), spec);
  const std::size_t N = full.t.size();
  REQUIRE(N > 4000);
  CHECK(full.samples == N);
  test::TempDir dir;
  spec.max_samples = 100;
  spec.csv = dir.path() + "/run.csv";
  const auto thin = simulate_hybrid(b.system(), spec);
  CHECK(thin.samples == N);
  CHECK(thin.csv_rows == N);
  // bounded: between max_samples and 2 max_samples, plus the last
  CHECK(thin.t.size() >= 100);
  CHECK(thin.t.size() <= 2 * 100 + 1);
  CHECK(thin.x.size() == thin.t.size());
  CHECK(thin.observables.size() == thin.t.size());
  CHECK(thin.energy.size() == thin.t.size());
  // every stride-th sample of the full run (the stride a power of two), then the last one
  std::size_t stride = 1;
  while (full.t[stride] != thin.t[1]) ++stride;
  CHECK((stride & (stride - 1)) == 0);
  CHECK(stride >= N / 200);
  for (std::size_t i = 0; i + 1 < thin.t.size(); ++i) {
    REQUIRE(i * stride < N);
    CHECK(thin.t[i] == full.t[i * stride]);
    CHECK(thin.x[i] == full.x[i * stride]);
    CHECK(thin.energy[i] == full.energy[i * stride]);
    CHECK(thin.observables[i] == full.observables[i * stride]);
  }
  CHECK(thin.t.back() == full.t.back());
  CHECK(thin.x.back() == full.x.back());
  // the integration itself is the same: the impacts bit for bit
  REQUIRE(thin.impacts.size() == 14);
  for (std::size_t k = 0; k < 14; ++k) CHECK(thin.impacts[k].t == full.impacts[k].t);
  // the CSV has every sample: row k is the full run's sample k (t read back exactly from %.17g)
  std::ifstream in(spec.csv);
  std::string line;
  std::getline(in, line);
  CHECK(line == "t,x,y,x_dot,y_dot,domain,J,energy");
  std::size_t rows = 0;
  while (std::getline(in, line)) {
    if (rows < N) CHECK(std::strtod(line.c_str(), nullptr) == full.t[rows]);
    ++rows;
  }
  CHECK(rows == N);
}

TEST_CASE("hybrid_figures: a dashed line at each impact, the moving wall at both ends, the impacts on it") {
  const auto b = test::billiard();
  auto spec = billiard_spec(b, 0.1);
  spec.t1 = 1;
  const auto tr = simulate_hybrid(b.system(), spec);
  REQUIRE(tr.impacts.size() >= 2);
  const RunFigures f = hybrid_figures(as_automaton(b.system()), spec, tr, std::nullopt, "Example 3");
  REQUIRE(f.time.markers.size() == tr.impacts.size());
  for (std::size_t k = 0; k < tr.impacts.size(); ++k) {
    CHECK(f.time.markers[k].x == tr.impacts[k].t);
    CHECK(f.time.markers[k].name == "impact at " + tr.impacts[k].guards);
  }
  // panels: q, q_dot, E_L - E_L(t0), J - J(t0)
  CHECK(f.time.series.back().title == "J - J(t0)");
  CHECK(f.time.series.back().panel == 3);
  CHECK(f.time.series.back().y.front() == 0);
  REQUIRE(f.path);
  CHECK(f.path->plot.equal_aspect);
  CHECK(f.path->left_out.empty());
  std::size_t walls = 0;
  for (const Curve& c : f.path->plot.curves) {
    const double t = c.title == "guard wall at t = 0" ? 0 : c.title == "guard wall at t = 1" ? 1 : -1;
    if (t < 0) continue;
    ++walls;
    CHECK(c.x.size() > 100);
    for (std::size_t i = 0; i < c.x.size(); ++i)
      if (!std::isnan(c.x[i])) CHECK(std::fabs(c.x[i] * c.x[i] + c.y[i] * c.y[i] - (2 - std::exp(t / 10))) < 1e-9);
  }
  CHECK(walls == 2);
  const auto impacts = std::find_if(f.path->plot.curves.begin(), f.path->plot.curves.end(), [](const Curve& c) { return c.points && c.title == "impact at wall"; });
  REQUIRE(impacts != f.path->plot.curves.end());
  REQUIRE(impacts->x.size() == tr.impacts.size());
  for (std::size_t k = 0; k < tr.impacts.size(); ++k)
    CHECK(std::fabs(impacts->x[k] * impacts->x[k] + impacts->y[k] * impacts->y[k] - (2 - std::exp(tr.impacts[k].t / 10))) < 1e-9);
  if (find_gnuplot().empty()) {
    MESSAGE("skipped the drawing: gnuplot is not installed");
    return;
  }
  test::TempDir dir;
  const RunPlotFiles files = plot_run(f, dir.path() + "/billiard");
  REQUIRE(files.path);
  CHECK(files.time.svg == dir.path() + "/billiard.svg");
  CHECK(files.path->svg == dir.path() + "/billiard-path.svg");
  for (const auto& svg : {files.time.svg, files.path->svg}) {
    std::ifstream in(svg);
    std::string first;
    std::getline(in, first);
    CHECK(first.find("<?xml") == 0);
  }
}

}  // TEST_SUITE
