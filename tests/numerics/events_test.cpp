// tests/numerics/events_test.cpp — event location and the impact driver against closed forms.
#include <doctest/doctest.h>

#include <cmath>

#include "core/error.hpp"
#include "numerics/events.hpp"

using hamel::Direction;
using hamel::EventKind;
using hamel::State;

namespace {

const double pi = std::acos(-1.0);
constexpr double gravity = 9.81;

// Ball: x = (height y, velocity v); the ground guard y = 0 is crossed downwards.
void ball(const State& x, State& d, double) {
  d[0] = x[1];
  d[1] = -gravity;
}

hamel::Guard ground() { return {"ground", [](double, const State& x) { return x[0]; }, Direction::Falling}; }

hamel::ResetMap restitution(double e) {
  return [e](const hamel::Hit& h) -> std::optional<State> { return State{h.x[0], -e * h.x[1]}; };
}

// Dropped from rest at height h: first impact at t1 = √(2h/g) with speed v1 = g t1; after impact k
// the ball leaves with e^k v1 and flies for 2 e^k v1 / g.
std::vector<double> bounce_times(double h, double e, int n) {
  const double t1 = std::sqrt(2 * h / gravity), v1 = gravity * t1;
  std::vector<double> t = {t1};
  for (int k = 1; k < n; ++k) t.push_back(t.back() + 2 * std::pow(e, k) * v1 / gravity);
  return t;
}

void oscillator(const State& x, State& d, double) {
  d[0] = x[1];
  d[1] = -x[0];
}

}  // namespace

TEST_SUITE("numerics") {

TEST_CASE("simulate_with_events: bouncing ball impact times match the closed form to 1e-11") {
  const double h = 1.0, e = 0.9;
  const auto exact = bounce_times(h, e, 20);
  hamel::EventOptions o;
  o.max_events = 20;
  const auto sim = hamel::simulate_with_events(ball, {ground()}, restitution(e), {h, 0.0}, 0, 100, o);
  REQUIRE(sim.hits.size() == 20);
  double worst = 0;
  for (std::size_t k = 0; k < 20; ++k) {
    INFO("bounce " << k + 1);
    CHECK(std::fabs(sim.hits[k].t - exact[k]) <= 1e-11);
    worst = std::max(worst, std::fabs(sim.hits[k].t - exact[k]));
    REQUIRE(sim.hits[k].events.size() == 1);
    CHECK(sim.hits[k].events[0].kind == EventKind::Crossing);
    CHECK(sim.hits[k].events[0].direction == Direction::Falling);
    CHECK(std::fabs(sim.hits[k].x[0]) <= 1e-10);  // on the ground
    const double v_in = std::sqrt(2 * gravity * h) * std::pow(e, static_cast<double>(k));
    CHECK(sim.hits[k].x[1] == doctest::Approx(-v_in).epsilon(1e-10));
  }
  CHECK(sim.trajectory.termination == hamel::Termination::MaxEvents);
  // each impact time appears twice in the trajectory: before and after the reset
  std::size_t jumps = 0;
  for (std::size_t i = 1; i < sim.trajectory.t.size(); ++i)
    if (sim.trajectory.t[i] == sim.trajectory.t[i - 1]) {
      ++jumps;
      CHECK(sim.trajectory.x[i][1] == doctest::Approx(-e * sim.trajectory.x[i - 1][1]).epsilon(1e-15));
    }
  CHECK(jumps == 19);  // the 20th hit ends the run before its reset
  MESSAGE("bouncing ball: max impact time error over 20 bounces " << worst);
}

TEST_CASE("simulate_with_events: a sink receives exactly the samples a stored run keeps, and the run keeps none") {
  // short steps (1e-3): each flight has hundreds of them, so samples are released during a segment
  // (beyond kSinkDelay) while events still cut the last steps back
  hamel::EventOptions o;
  o.max_events = 12;
  o.max_step = 1e-3;
  o.output_step = 0.01;
  const auto stored = hamel::simulate_with_events(ball, {ground()}, restitution(0.9), {1.0, 0.0}, 0, 100, o);
  REQUIRE(stored.trajectory.t.size() > 10 * hamel::kSinkDelay);
  std::vector<double> t, grid_t;
  std::vector<State> x, grid_x;
  o.sink = [&](double time, const State& state, bool grid) {
    (grid ? grid_t : t).push_back(time);
    (grid ? grid_x : x).push_back(state);
  };
  const auto streamed = hamel::simulate_with_events(ball, {ground()}, restitution(0.9), {1.0, 0.0}, 0, 100, o);
  CHECK(streamed.trajectory.t.empty());
  CHECK(streamed.trajectory.grid_t.empty());
  REQUIRE(streamed.hits.size() == stored.hits.size());
  for (std::size_t k = 0; k < stored.hits.size(); ++k) CHECK(streamed.hits[k].t == stored.hits[k].t);
  CHECK(t == stored.trajectory.t);  // bit for bit, the jump times twice
  CHECK(x == stored.trajectory.x);
  CHECK(grid_t == stored.trajectory.grid_t);
  CHECK(grid_x == stored.trajectory.grid_x);
  CHECK(streamed.trajectory.x_end == stored.trajectory.x_end);
}

TEST_CASE("simulate_with_events: Zeno accumulation ends the run with a clear message") {
  const double h = 1.0, e = 0.5;
  const double t1 = std::sqrt(2 * h / gravity);
  const double t_inf = t1 * (1 + 2 * e / (1 - e));  // t1 + Σ 2 e^k v1/g
  hamel::EventOptions o;
  o.max_events = 30;
  const auto sim = hamel::simulate_with_events(ball, {ground()}, restitution(e), {h, 0.0}, 0, 10, o);
  REQUIRE(sim.trajectory.termination == hamel::Termination::MaxEvents);
  CHECK(sim.hits.size() == 30);
  const auto exact = bounce_times(h, e, 30);
  CHECK(std::fabs(sim.hits.back().t - exact.back()) <= 1e-10);
  CHECK(t_inf - sim.hits.back().t < 1e-8);
  REQUIRE(sim.accumulation_time);
  CHECK(std::fabs(*sim.accumulation_time - t_inf) <= 1e-10);
  const std::string& m = sim.trajectory.message;
  CHECK(m.find("simulate_with_events: 30 events by t = ") == 0);
  CHECK(m.find("last event times") != std::string::npos);
  CHECK(m.find(", shrinking: Zeno accumulation near t = 1.35457") != std::string::npos);
  // the hint names how the caller raises the budget: the option, or a file's key when one is given
  CHECK(m.find("; hint: raise EventOptions::max_events, or switch the system to a constrained mode") != std::string::npos);
  o.max_events_name = "'max_impacts' in 'simulate'";
  const auto keyed = hamel::simulate_with_events(ball, {ground()}, restitution(e), {h, 0.0}, 0, 10, o);
  CHECK(keyed.trajectory.message.find("; hint: raise 'max_impacts' in 'simulate', or switch") != std::string::npos);
  MESSAGE(m);
  MESSAGE("closed-form accumulation time " << t_inf);
}

TEST_CASE("simulate_with_events: a plastic impact (e = 0) is reported as resting contact") {
  hamel::EventOptions o;
  o.max_events = 10;
  const auto sim = hamel::simulate_with_events(ball, {ground()}, restitution(0), {1.0, 0.0}, 0, 10, o);
  REQUIRE(sim.trajectory.termination == hamel::Termination::MaxEvents);
  // After the impact the ball rests within rounding of the ground: each later "hop" falls from the
  // last ~1e-15 m and takes ~1e-8 s.
  const double t1 = std::sqrt(2 / gravity);
  CHECK(std::fabs(sim.hits[0].t - t1) <= 1e-12);
  for (std::size_t k = 1; k < sim.hits.size(); ++k) {
    CHECK(std::fabs(sim.hits[k].t - t1) <= 1e-6);
    CHECK(std::fabs(sim.hits[k].x[1]) <= 1e-6);  // no speed after the first impact
  }
  CHECK_FALSE(sim.accumulation_time);
  CHECK(sim.trajectory.message.find("not shrinking but tiny: the state stays at the surface (resting contact?)") !=
        std::string::npos);
  MESSAGE(sim.trajectory.message);
}

TEST_CASE("integrate_until_event: a guard that stays on its surface (sliding) does not stall") {
  auto slide = [](const State&, State& d, double) {
    d[0] = 1;
    d[1] = 0;
  };
  const hamel::Guard floor{"y", [](double, const State& x) { return x[1]; }, Direction::Falling};
  hamel::EventOptions o;
  o.max_step = 0.01;
  const auto seg = hamel::integrate_until_event(slide, {floor}, {0.0, 0.0}, 0, 1, o);
  CHECK_FALSE(seg.hit);
  CHECK(seg.trajectory.completed());
  CHECK(seg.trajectory.steps >= 100);
}

TEST_CASE("simulate_with_events: the reset map can stop the run, and must keep the state size") {
  auto stop_second = [n = 0](const hamel::Hit& h) mutable -> std::optional<State> {
    if (++n == 2) return std::nullopt;
    return State{h.x[0], -h.x[1]};
  };
  const auto sim = hamel::simulate_with_events(ball, {ground()}, stop_second, {1.0, 0.0}, 0, 10);
  CHECK(sim.trajectory.termination == hamel::Termination::Stopped);
  CHECK(sim.hits.size() == 2);
  CHECK(sim.trajectory.message.find("the reset map stopped the run at t = ") != std::string::npos);
  const auto bad = [](const hamel::Hit&) -> std::optional<State> { return State{0.0}; };
  CHECK_THROWS_WITH_AS(hamel::simulate_with_events(ball, {ground()}, bad, {1.0, 0.0}, 0, 10),
                       doctest::Contains("the reset map returned an unusable state"), hamel::InvalidArgument);
}

TEST_CASE("integrate_until_event: direction filtering") {
  // s = sin t, c = cos t from t0 = 0.5: s falls through 0 at π and rises through it at 2π.
  const State x0 = {std::sin(0.5), std::cos(0.5)};
  auto first = [&](Direction d) {
    const hamel::Guard g{"s", [](double, const State& x) { return x[0]; }, d};
    const auto seg = hamel::integrate_until_event(oscillator, {g}, x0, 0.5, 10);
    REQUIRE(seg.hit);
    CHECK(seg.trajectory.termination == hamel::Termination::Event);
    CHECK(seg.trajectory.t_end == seg.hit->t);
    return seg.hit->events.at(0);
  };
  const auto falling = first(Direction::Falling), rising = first(Direction::Rising), either = first(Direction::Either);
  CHECK(std::fabs(falling.t - pi) <= 1e-11);
  CHECK(falling.direction == Direction::Falling);
  CHECK(std::fabs(rising.t - 2 * pi) <= 1e-11);
  CHECK(rising.direction == Direction::Rising);
  CHECK(std::fabs(either.t - pi) <= 1e-11);
}

TEST_CASE("integrate_until_event: two guards hit at the same time are reported together") {
  auto flow = [](const State&, State& d, double) {
    d[0] = -1;
    d[1] = -1;
  };
  const std::vector<hamel::Guard> walls = {{"x", [](double, const State& x) { return x[0]; }},
                                           {"y", [](double, const State& x) { return x[1]; }}};
  const auto corner = hamel::integrate_until_event(flow, walls, {1.0, 1.0}, 0, 5);
  REQUIRE(corner.hit);
  REQUIRE(corner.hit->events.size() == 2);
  CHECK(corner.hit->events[0].guard + corner.hit->events[1].guard == 1);
  for (const auto& e : corner.hit->events) CHECK(std::fabs(e.t - 1) <= 1e-12);
  // 1e-6 apart is not simultaneous
  const auto apart = hamel::integrate_until_event(flow, walls, {1.0, 1.0 + 1e-6}, 0, 5);
  REQUIRE(apart.hit);
  REQUIRE(apart.hit->events.size() == 1);
  CHECK(apart.hit->events[0].guard == 0);
  CHECK(std::fabs(apart.hit->t - 1) <= 1e-12);
}

TEST_CASE("integrate_until_event: a double root is a graze, not a crossing") {
  // x' = 1 from 0, g = (x − 1)²: touches zero at t = 1 without changing sign.
  auto drift = [](const State&, State& d, double) { d[0] = 1; };
  const hamel::Guard touch{"touch", [](double, const State& x) { return (x[0] - 1) * (x[0] - 1); }};
  hamel::EventOptions o;
  SUBCASE("stop") {
    const auto seg = hamel::integrate_until_event(drift, {touch}, {0.0}, 0, 3, o);
    REQUIRE(seg.hit);
    REQUIRE(seg.hit->events.size() == 1);
    CHECK(seg.hit->events[0].kind == EventKind::Grazing);
    CHECK(seg.hit->events[0].direction == Direction::Falling);  // touched from above
    CHECK(std::fabs(seg.hit->t - 1) <= 1e-6);
  }
  SUBCASE("record and go on") {
    o.grazing = hamel::GrazingPolicy::Record;
    const auto seg = hamel::integrate_until_event(drift, {touch}, {0.0}, 0, 3, o);
    CHECK_FALSE(seg.hit);
    CHECK(seg.trajectory.completed());
    REQUIRE(seg.grazes.size() == 1);
    CHECK(std::fabs(seg.grazes[0].t - 1) <= 1e-6);
  }
  SUBCASE("ignore") {
    o.grazing = hamel::GrazingPolicy::Ignore;
    const auto seg = hamel::integrate_until_event(drift, {touch}, {0.0}, 0, 3, o);
    CHECK_FALSE(seg.hit);
    CHECK(seg.grazes.empty());
  }
}

TEST_CASE("integrate_until_event: a particle tangent to a wall grazes it, a deeper one crosses twice") {
  // x = cos t: the wall x = w is touched at t = 2πk when w = 1, crossed when w < 1, missed when w > 1.
  const double t0 = 0.5;
  const State x0 = {std::cos(t0), -std::sin(t0)};
  auto wall = [](double w) {
    return hamel::Guard{"wall", [w](double, const State& x) { return w - x[0]; }, Direction::Falling};
  };
  hamel::EventOptions o;
  SUBCASE("tangent: grazes at 2π and 4π") {
    o.grazing = hamel::GrazingPolicy::Record;
    const auto seg = hamel::integrate_until_event(oscillator, {wall(1)}, x0, t0, 13, o);
    CHECK_FALSE(seg.hit);
    REQUIRE(seg.grazes.size() == 2);
    CHECK(std::fabs(seg.grazes[0].t - 2 * pi) <= 1e-6);
    CHECK(std::fabs(seg.grazes[1].t - 4 * pi) <= 1e-6);
    o.grazing = hamel::GrazingPolicy::Stop;
    const auto stop = hamel::integrate_until_event(oscillator, {wall(1)}, x0, t0, 13, o);
    REQUIRE(stop.hit);
    CHECK(stop.hit->events[0].kind == EventKind::Grazing);
    CHECK(std::fabs(stop.hit->t - 2 * pi) <= 1e-6);
  }
  SUBCASE("penetrating by 1e-6: a crossing at 2π − acos(w), even inside one step") {
    const double w = 1 - 1e-6;
    o.max_step = 0.5;  // several samples, but the dip (width 2.8e-3) falls between two of them
    const auto seg = hamel::integrate_until_event(oscillator, {wall(w)}, x0, t0, 13, o);
    REQUIRE(seg.hit);
    CHECK(seg.hit->events[0].kind == EventKind::Crossing);
    CHECK(seg.hit->events[0].direction == Direction::Falling);
    // Near tangency the crossing time is ill-conditioned: dg/dt = sin(acos w) ≈ 1.4e-3, so a state
    // error of 2e-12 moves the root by 1.5e-9.
    CHECK(std::fabs(seg.hit->t - (2 * pi - std::acos(w))) <= 5e-9);
  }
  SUBCASE("missing by 1e-6: nothing") {
    o.grazing = hamel::GrazingPolicy::Record;
    const auto seg = hamel::integrate_until_event(oscillator, {wall(1 + 1e-6)}, x0, t0, 13, o);
    CHECK_FALSE(seg.hit);
    CHECK(seg.grazes.empty());
  }
}

TEST_CASE("integrate_until_event: starting on the surface") {
  const hamel::Guard g = ground();
  SUBCASE("moving into the watched side is an event at the start (no tunnelling)") {
    const auto seg = hamel::integrate_until_event(ball, {g}, {0.0, -1.0}, 2, 5);
    REQUIRE(seg.hit);
    CHECK(seg.hit->t == 2);
  }
  SUBCASE("moving away (a bounce) is not; the landing is") {
    const auto seg = hamel::integrate_until_event(ball, {g}, {0.0, 1.0}, 2, 5);
    REQUIRE(seg.hit);
    CHECK(std::fabs(seg.hit->t - (2 + 2 / gravity)) <= 1e-12);
  }
  SUBCASE("an Either guard ignores the departure from its surface") {
    const hamel::Guard either{"y", [](double, const State& x) { return x[0]; }, Direction::Either};
    const auto seg = hamel::integrate_until_event(ball, {either}, {0.0, -1.0}, 0, 0.5);
    CHECK_FALSE(seg.hit);
  }
}

TEST_CASE("integrate_until_event: an event decided one step late cuts the trajectory back to it") {
  // x' = 1 in steps of exactly 0.25.  The guard crosses 1e-11 before the step end at 0.5, where it is
  // still on its surface, so the decision waits for the next step and lands in the previous one.
  auto drift = [](const State&, State& d, double) { d[0] = 1; };
  const double root = 0.5 - 1e-11;
  const hamel::Guard g{"g", [root](double, const State& x) { return root - x[0]; }};
  hamel::EventOptions o;
  o.initial_step = 0.25;
  o.max_step = 0.25;
  o.output_step = 0.125;
  const auto seg = hamel::integrate_until_event(drift, {g}, {0.0}, 0, 2, o);
  REQUIRE(seg.hit);
  CHECK(std::fabs(seg.hit->t - root) <= 1e-12);
  CHECK(std::fabs(seg.hit->x[0] - root) <= 1e-12);
  const auto& tr = seg.trajectory;
  CHECK(tr.t == std::vector<double>{0, 0.25, seg.hit->t});
  CHECK(tr.grid_t == std::vector<double>{0, 0.125, 0.25, 0.375});
  CHECK(tr.t_end == seg.hit->t);
}

TEST_CASE("integrate_until_event: invalid guards and options") {
  CHECK_THROWS_WITH_AS(hamel::integrate_until_event(ball, {hamel::Guard{"empty", nullptr}}, {1.0, 0.0}, 0, 1),
                       doctest::Contains("integrate_until_event: guard 0 has no function"), hamel::InvalidArgument);
  hamel::EventOptions o;
  o.time_tol = 0;
  CHECK_THROWS_WITH_AS(hamel::integrate_until_event(ball, {ground()}, {1.0, 0.0}, 0, 1, o),
                       doctest::Contains("invalid event options"), hamel::InvalidArgument);
}

}  // TEST_SUITE
