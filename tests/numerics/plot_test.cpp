// tests/numerics/plot_test.cpp
#include <doctest/doctest.h>

#include <cmath>

#include "core/error.hpp"
#include "numerics/plot.hpp"
#include "tests/numerics/temp_dir.hpp"

TEST_SUITE("numerics") {

TEST_CASE("plot: a series of a small range beside a large one gets a panel of its own") {
  // a wheel angle growing to 550 beside a height within ±0.3 (a tester's ball in a turning cylinder):
  // the height would be a flat line on the angle's scale
  hamel::Plot p;
  p.ylabel = "coordinates";
  p.panel_labels = {"energy"};
  for (int i = 0; i <= 10; ++i) p.x.push_back(i);
  hamel::Series angle{"psi", {}}, height{"z", {}}, rate{"vt", {}}, energy{"H - H(t0)", {}, 1};
  for (double x : p.x) {
    angle.y.push_back(55 * x);
    height.y.push_back(0.3 * std::sin(x));
    rate.y.push_back(3 * x);  // 30: above a twentieth of 550, stays beside the angle
    energy.y.push_back(1e-12 * x);
  }
  p.series = {angle, height, rate, energy};
  const hamel::Plot q = hamel::split_by_scale(p);
  REQUIRE(q.series.size() == 4);
  CHECK(q.series[0].panel == 0);
  CHECK(q.series[1].panel == 1);
  CHECK(q.series[2].panel == 0);
  CHECK(q.series[3].panel == 2);
  CHECK(q.panel_labels == std::vector<std::string>{"coordinates", "energy"});
  // like ranges, or a path drawn to equal scale, stay as they are
  p.series = {angle, rate};
  CHECK(hamel::split_by_scale(p).series[1].panel == 0);
  p.series = {angle, height};
  p.equal_aspect = true;
  CHECK(hamel::split_by_scale(p).series[1].panel == 0);
}

TEST_CASE("plot: gnuplot draws an SVG with the series titles") {
  if (hamel::find_gnuplot().empty()) {
    MESSAGE("skipped: gnuplot is not installed (Debian: gnuplot-nox)");
    return;
  }
  hamel::test::TempDir dir;
  hamel::Plot p;
  p.title = "Pendulum test";
  p.xlabel = "time t [s]";
  p.ylabel = "angle";
  for (int i = 0; i <= 100; ++i) p.x.push_back(0.1 * i);
  hamel::Series s1{"theta_1 (it's mine)", {}}, s2{"omega & co", {}};
  for (double x : p.x) {
    s1.y.push_back(std::sin(x));
    s2.y.push_back(std::cos(x));
  }
  p.series = {s1, s2};
  const auto files = hamel::plot(p, dir.file("pendulum"));
  CHECK(files.svg == dir.file("pendulum.svg"));
  const std::string svg = hamel::test::read_text(files.svg);
  CHECK(svg.find("<svg") != std::string::npos);
  CHECK(svg.find("theta_1 (it's mine)") != std::string::npos);
  CHECK(svg.find("omega &amp; co") != std::string::npos);
  CHECK(svg.find("Pendulum test") != std::string::npos);
  CHECK(svg.find("time t [s]") != std::string::npos);
  CHECK(hamel::test::read_text(files.script).find("using 1:3") != std::string::npos);
  if (files.png.empty())
    MESSAGE("no PNG terminal in this gnuplot");
  else
    CHECK(hamel::test::read_text(files.png).substr(1, 3) == "PNG");
}

TEST_CASE("plot: a path forty times taller than wide is drawn as a strip, not to equal scale") {
  if (hamel::find_gnuplot().empty()) {
    MESSAGE("skipped: gnuplot is not installed (Debian: gnuplot-nox)");
    return;
  }
  // a cart's x in [0, 1] against its rotor's angle in [-35, 5] (a tester's cart between two walls): to
  // equal scale the x axis was about 18 pixels wide and its tic labels 0.5 and 1 ran into each other
  hamel::test::TempDir dir;
  hamel::Plot p;
  p.title = "cart: path";
  p.equal_aspect = true;
  hamel::Series theta{"path", {}};
  for (int i = 0; i <= 40; ++i) {
    p.x.push_back(0.5 + 0.5 * std::sin(i));
    theta.y.push_back(5.0 - i);
  }
  p.series = {theta};
  std::string script = hamel::test::read_text(hamel::plot(p, dir.file("strip")).script);
  CHECK(script.find("set size ratio 4\n") != std::string::npos);
  CHECK(script.find("set xtics 0.5\n") != std::string::npos);  // the x axis 180 px wide: tics at 0, 0.5, 1
  CHECK(script.find("cart: path (axes not to the same scale)") != std::string::npos);
  // a channel eight times longer than wide keeps its equal scale
  for (std::size_t i = 0; i < p.x.size(); ++i) theta.y[i] = 8 * p.x[i] * (i % 2 ? 1 : -1) / 2 + 4;
  p.series = {theta};
  script = hamel::test::read_text(hamel::plot(p, dir.file("channel")).script);
  CHECK(script.find("set size ratio -1\n") != std::string::npos);
  CHECK(script.find("not to the same scale") == std::string::npos);
}

TEST_CASE("plot: panels over one x, and a script that finds its data from any working directory") {
  if (hamel::find_gnuplot().empty()) {
    MESSAGE("skipped: gnuplot is not installed (Debian: gnuplot-nox)");
    return;
  }
  hamel::test::TempDir dir;
  hamel::Plot p{"run", "t", "coordinates", {0, 1, 2}, {{"x", {0, 1, 0}}, {"E", {1, 1 - 1e-9, 1 - 2e-9}, 1}}};
  p.panel_labels = {"energy"};
  const auto files = hamel::plot(p, dir.file("run"));
  const std::string script = hamel::test::read_text(files.script);
  CHECK(script.find("set multiplot layout 2,1") != std::string::npos);
  CHECK(script.find("set ylabel 'energy'") != std::string::npos);
  CHECK(script.find(dir.file("")) == std::string::npos);  // no absolute path: the data is found beside the script
  CHECK(script.find("dir . 'run.dat' index 0 using 1:3") != std::string::npos);
  const std::string svg = hamel::test::read_text(files.svg);
  CHECK(svg.find(">energy<") != std::string::npos);
  // a path in the plane: equal units on both axes
  hamel::Plot path{"path", "x", "y", {0, 1}, {{"path", {0, 1}}}, true};
  CHECK(hamel::test::read_text(hamel::plot(path, dir.file("path")).script).find("set size ratio -1") != std::string::npos);
}

TEST_CASE("plot: each panel's key starts just right of its axes, at one x for every panel") {
  if (hamel::find_gnuplot().empty()) {
    MESSAGE("skipped: gnuplot is not installed (Debian: gnuplot-nox)");
    return;
  }
  hamel::test::TempDir dir;
  hamel::Plot p{"run", "t", "coordinates", {0, 1, 2}, {{"x", {0, 1, 0}}, {"E - E(t0)", {0, 1e-9, 2e-9}, 1}}};
  p.panel_labels = {"energy"};
  const std::string svg = hamel::test::read_text(hamel::plot(p, dir.file("keys")).svg);
  // the x where gnuplot's SVG places a title's text: translate(X,Y) of the group that holds it
  const auto text_x = [&](const std::string& title) {
    const std::size_t t = svg.find("<text>" + title + "</text>");
    REQUIRE(t != std::string::npos);
    const std::size_t g = svg.rfind("translate(", t);
    return std::stod(svg.substr(g + 10));
  };
  // the axes end at 0.68 of the 1000 px canvas (680 px); before, `outside right` put "x" at about 960
  const double short_key = text_x("x"), long_key = text_x("E - E(t0)");
  CHECK(short_key > 680);
  CHECK(short_key < 780);
  CHECK(long_key == doctest::Approx(short_key));
}

TEST_CASE("plot: a line per marker across the panels, each name once in the legend, curves in their own data blocks") {
  if (hamel::find_gnuplot().empty()) {
    MESSAGE("skipped: gnuplot is not installed (Debian: gnuplot-nox)");
    return;
  }
  hamel::test::TempDir dir;
  hamel::Plot p{"run", "t", "coordinates", {0, 1, 2, 3}, {{"x", {0, 1, 0, 1}}, {"E - E(t0)", {0, 1e-9, 2e-9, 3e-9}, 1}}};
  p.panel_labels = {"energy"};
  p.markers = {{0.5, "impact at A"}, {1.25, "impact at B"}, {2.5, "impact at A"}};
  const double nan = std::nan("");
  p.curves = {{"wall", {0, 1, nan, 2, 3}, {0, 0, nan, 1, 1}}, {"hits", {0.5}, {0.25}, true}, {"empty", {}, {}}};
  const auto files = hamel::plot(p, dir.file("run"));
  const std::string script = hamel::test::read_text(files.script);
  std::size_t arrows = 0;
  for (std::size_t at = script.find("set arrow from "); at != std::string::npos; at = script.find("set arrow from ", at + 1)) ++arrows;
  CHECK(arrows == 3);
  CHECK(script.find("set arrow from 1.25, graph 0 to 1.25, graph 1") != std::string::npos);
  CHECK(script.find("title 'impact at A'") == script.rfind("title 'impact at A'"));  // once
  CHECK(script.find("index 1 using 1:2 with lines") != std::string::npos);
  CHECK(script.find("index 2 using 1:2 with points") != std::string::npos);
  CHECK(script.find("'empty'") == std::string::npos);  // no data, no entry
  CHECK(script.find("set ylabel ''") == std::string::npos);
  // the data: the table, then each curve after two blank lines, a NaN as one blank line
  CHECK(hamel::test::read_text(files.data).find("3 1 3e-09\n\n\n0 0\n1 0\n\n2 1\n3 1\n\n\n0.5 0.25\n") != std::string::npos);
  CHECK(hamel::test::read_text(files.svg).find("impact at B") != std::string::npos);
}

TEST_CASE("plot: series must match x") {
  hamel::Plot p;
  p.x = {0, 1, 2};
  p.series = {{"short", {1, 2}}};
  CHECK_THROWS_WITH_AS(hamel::plot(p, "/tmp/unused"),
                       doctest::Contains("plot: series 'short' does not match x; expected 3 values, got 2"),
                       hamel::InvalidArgument);
  p.series.clear();
  CHECK_THROWS_WITH_AS(hamel::plot(p, "/tmp/unused"), doctest::Contains("plot: nothing to draw"),
                       hamel::InvalidArgument);
  p.series = {{"x", {1, 2, 3}}};
  p.curves = {{"wall", {0, 1}, {0}}};
  CHECK_THROWS_WITH_AS(hamel::plot(p, "/tmp/unused"), doctest::Contains("plot: curve 'wall' has y of another length than x"),
                       hamel::InvalidArgument);
}

}  // TEST_SUITE
