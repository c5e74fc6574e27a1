// tests/numerics/plot_plane_test.cpp — the zero sets drawn as walls, and the path in a mapped plane.
#include <doctest/doctest.h>

#include <cmath>

#include "numerics/plot_plane.hpp"

using namespace hamel;

TEST_SUITE("numerics") {

TEST_CASE("zero_set: a circle is one closed line whose points are on it to rounding") {
  const auto lines = zero_set([](double x, double y) { return x * x + y * y - 1; }, {-2, 2, -2, 2}, 50);
  REQUIRE(lines.size() == 1);
  const Polyline& c = lines[0];
  CHECK(c.size() > 60);
  CHECK(c.front() == c.back());
  for (const auto& p : c) CHECK(std::abs(p[0] * p[0] + p[1] * p[1] - 1) < 1e-14);
}

TEST_CASE("zero_set: an open line ends on the box, no zero beside a NaN, none where f keeps its sign") {
  const auto line = zero_set([](double x, double y) { return y - 0.3 + 0 * x; }, {-1, 1, -1, 1}, 40);
  REQUIRE(line.size() == 1);
  CHECK(line[0].front() != line[0].back());
  CHECK(std::abs(std::abs(line[0].front()[0]) - 1) < 1e-15);
  CHECK(std::abs(std::abs(line[0].back()[0]) - 1) < 1e-15);
  // sqrt is NaN for x < 0: the only zero is x = 1/4
  const auto root = zero_set([](double x, double) { return std::sqrt(x) - 0.5; }, {-1, 1, -1, 1}, 40);
  REQUIRE(root.size() == 1);
  for (const auto& p : root[0]) CHECK(std::abs(p[0] - 0.25) < 1e-15);
  CHECK(zero_set([](double x, double y) { return x * x + y * y + 1; }, {-1, 1, -1, 1}, 10).empty());
}

TEST_CASE("path_plot: a polar chart drawn as x = r cos(theta), y = r sin(theta), with its wall") {
  const GiNaC::realsymbol r("r"), th("theta"), phi("phi"), a("a");
  std::vector<State> samples;
  for (int k = 0; k <= 100; ++k) samples.push_back({0.5 + 0.004 * k, 0.07 * k, 0.0});
  PathPlotInput in{"polar", PlotPlane{"x", "y", r * cos(th), r * sin(th)}, {r, th, phi}, {{a, 0.9}},
                   {{"rim", r - a}, {"tilted", r - phi - 1}}};
  in.events = {{"impact at rim", {0.9, 0.5, 0.0}}};
  const PathPlot p = path_plot(in, samples);
  CHECK(p.plot.equal_aspect);
  CHECK(p.plot.xlabel == "x");
  REQUIRE(p.plot.x.size() == samples.size());
  for (std::size_t k = 0; k < samples.size(); ++k) {
    CHECK(std::abs(p.plot.x[k] - samples[k][0] * std::cos(samples[k][1])) < 1e-15);
    CHECK(std::abs(p.plot.series[0].y[k] - samples[k][0] * std::sin(samples[k][1])) < 1e-15);
  }
  REQUIRE(p.plot.curves.size() == 3);  // the rim, the impact, the start
  const Curve& rim = p.plot.curves[0];
  CHECK(rim.title == "rim");
  CHECK_FALSE(rim.points);
  for (std::size_t i = 0; i < rim.x.size(); ++i)
    if (!std::isnan(rim.x[i])) CHECK(std::abs(std::hypot(rim.x[i], rim.y[i]) - 0.9) < 1e-12);
  CHECK(p.plot.curves[1].points);
  CHECK(std::abs(p.plot.curves[1].x[0] - 0.9 * std::cos(0.5)) < 1e-15);
  CHECK(p.plot.curves[2].title == "start");
  REQUIRE(p.left_out.size() == 1);
  CHECK(p.left_out[0].surface.title == "tilted");
  CHECK(p.left_out[0].why == "it depends on r, phi, the plane shows r, theta");
  // seen in time instead: its value along the run, in a panel of its own
  Plot time{"t", "t", "coordinates", {}, {{"r", {}}}};
  for (int k = 0; k <= 100; ++k) {
    time.x.push_back(0.1 * k);
    time.series[0].y.push_back(samples[static_cast<std::size_t>(k)][0]);
  }
  add_left_out_panel(time, in, p, samples);
  REQUIRE(time.series.size() == 2);
  CHECK(time.series[1].panel == 1);
  CHECK(time.series[1].title == "tilted");
  CHECK(time.series[1].y[50] == doctest::Approx(samples[50][0] - 1));
  CHECK(time.panel_labels == std::vector<std::string>{"surface function (0 on it)"});
}

}  // TEST_SUITE
