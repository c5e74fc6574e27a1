// tests/cli/plots_test.cpp — what one `--plot` writes (docs/system-files.md, "Plots") for every example
// with a simulate section, and what its figures draw: the impacts of the CSV at their times, the walls
// on their guards, a polar path in Cartesian coordinates.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "numerics/plot.hpp"
#include "tests/numerics/temp_dir.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/csv.hpp"
#include "tests/support/temp_file.hpp"

namespace {
using hamel::test::has;
using hamel::test::read_text;
using hamel::test::run;
using Rows = std::vector<std::vector<double>>;

std::vector<double> numbers(const std::string& line, char sep) {
  std::vector<double> v;
  std::stringstream ss(line);
  for (std::string cell; std::getline(ss, cell, sep);)
    if (!cell.empty()) v.push_back(std::stod(cell));
  return v;
}

// The rows of a CSV, after its header.
Rows csv_rows(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  Rows rows;
  while (std::getline(in, line)) rows.push_back(numbers(line, ','));
  return rows;
}

// Block k of a plot's data (blocks two blank lines apart; a single blank line, a break, is skipped).
Rows data_block(const std::string& path, std::size_t k) {
  const std::string text = read_text(path);
  std::size_t at = 0;
  for (std::size_t i = 0; i < k; ++i) at = text.find("\n\n\n", at) + 3;
  const std::string block = text.substr(at, text.find("\n\n\n", at) - at);
  Rows rows;
  std::stringstream ss(block);
  for (std::string line; std::getline(ss, line);)
    if (!line.empty()) rows.push_back(numbers(line, ' '));
  return rows;
}

// The data block a script draws under `title`.
std::size_t block_of(const std::string& script, const std::string& title) {
  const std::size_t t = script.find("title '" + title + "'");
  REQUIRE(t != std::string::npos);
  const std::size_t i = script.rfind(" index ", t);
  return std::stoul(script.substr(i + 7));
}

// The x of every vertical line a script draws (an impact).
std::vector<double> marker_times(const std::string& script) {
  std::vector<double> t;
  std::stringstream ss(script);
  for (std::string line; std::getline(ss, line);)
    if (line.rfind("set arrow from ", 0) == 0) t.push_back(std::stod(line.substr(15)));
  return t;
}

// The examples with a simulate section whose names start with `prefix` ("" for the nonholonomic ones).
std::vector<std::string> simulated(const std::string& prefix) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator("examples")) {
    const std::string n = e.path().stem().string(), text = read_text(e.path().string());
    if (e.path().extension() != ".yaml" || n.find(".claims") != std::string::npos) continue;
    if (text.find("\nsimulate:") == std::string::npos && text.find("\n  simulate:") == std::string::npos) continue;
    const bool other = n.rfind("contact_", 0) == 0 || n.rfind("hybrid_", 0) == 0 || n.rfind("discrete_", 0) == 0;
    if (prefix.empty() ? !other : n.rfind(prefix, 0) == 0) names.push_back(n);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// The files of the scheme exist and their scripts are portable and labelled.
void check_scheme(const std::string& prefix) {
  const auto names = simulated(prefix);
  REQUIRE(!names.empty());
  hamel::test::TempDir dir;
  for (const std::string& n : names) {
    CAPTURE(n);
    const auto r = run({"simulate", "examples/" + n + ".yaml", "--plot", dir.file(n + ".svg"), "--brief"});
    REQUIRE(r.status == 0);
    const bool png = has(r.out, n + ".png");  // (unless gnuplot has no PNG terminal)
    for (const std::string& base : {n, n + "-path"}) {
      CAPTURE(base);
      for (const char* ext : {".svg", ".gp", ".dat"}) CHECK(std::filesystem::exists(dir.file(base + ext)));
      CHECK(std::filesystem::exists(dir.file(base + ".png")) == png);
      const std::string gp = read_text(dir.file(base + ".gp"));
      CHECK(gp.find(dir.path()) == std::string::npos);  // no absolute path: the data is found beside the script
      for (std::size_t q = gp.find("'/"); q != std::string::npos; q = gp.find("'/", q + 1))
        CHECK(gp.compare(q, 3, "'/'") == 0);  // a '/' in the script's own path finding, never a quoted absolute path
      CHECK(gp.find("set ylabel ''") == std::string::npos);
      CHECK(gp.find("title ''") == std::string::npos);
      CHECK(has(gp, "set size ratio -1") == (base != n));  // the path to equal scale
      CHECK(has(gp, "title 'path'") == (base != n));
    }
    CHECK(has(r.out, "plot written to " + dir.file(n + ".svg")));
    CHECK(has(r.out, "path plot written to " + dir.file(n + "-path.svg")));
  }
}

}  // namespace

TEST_SUITE("cli") {

TEST_CASE("plots: the hybrid billiard marks each impact of its CSV and draws its moving wall at both ends") {
  if (hamel::find_gnuplot().empty()) {
    MESSAGE("skipped: gnuplot is not installed");
    return;
  }
  hamel::test::TempDir dir;
  const auto r = run({"simulate", "examples/hybrid_billiard.yaml", "--csv", dir.file("b.csv"), "--plot", dir.file("b.svg"), "--brief"});
  REQUIRE(r.status == 0);
  const Rows impacts = hamel::test::read_csv(dir.file("b-events.csv")).rows;  // event, t, guard, …
  REQUIRE(impacts.size() == 14);
  const std::vector<double> lines = marker_times(read_text(dir.file("b.gp")));
  REQUIRE(lines.size() == impacts.size());
  for (std::size_t k = 0; k < impacts.size(); ++k) CHECK(lines[k] == impacts[k][1]);
  // the wall x^2 + y^2 = f(t) = 2 - exp(t/10) at t = 0 and t = 5, and the impacts on it at their times
  const std::string gp = read_text(dir.file("b-path.gp"));
  for (double t : {0.0, 5.0}) {
    const Rows wall = data_block(dir.file("b-path.dat"), block_of(gp, "guard wall at t = " + std::to_string(int(t))));
    CHECK(wall.size() > 500);
    for (const auto& p : wall) CHECK(std::abs(p[0] * p[0] + p[1] * p[1] - (2 - std::exp(t / 10))) < 1e-9);
  }
  const Rows hits = data_block(dir.file("b-path.dat"), block_of(gp, "impact at wall"));
  REQUIRE(hits.size() == impacts.size());
  for (std::size_t k = 0; k < hits.size(); ++k)
    CHECK(std::abs(hits[k][0] * hits[k][0] + hits[k][1] * hits[k][1] - (2 - std::exp(impacts[k][1] / 10))) < 1e-9);
}

TEST_CASE("plots: the polar billiard is drawn at (r cos theta, r sin theta) of its CSV rows, inside the unit circle") {
  if (hamel::find_gnuplot().empty()) {
    MESSAGE("skipped: gnuplot is not installed");
    return;
  }
  hamel::test::TempDir dir;
  const auto r = run({"simulate", "examples/contact_billiard_polar.yaml", "--csv", dir.file("p.csv"), "--plot", dir.file("p.png"), "--brief"});
  REQUIRE(r.status == 0);
  CHECK(read_text(dir.file("p.csv")).rfind("t,r,theta,", 0) == 0);
  const Rows rows = csv_rows(dir.file("p.csv")), path = data_block(dir.file("p-path.dat"), 0);
  REQUIRE(path.size() == rows.size());
  for (std::size_t k = 0; k < rows.size(); ++k) {
    CHECK(std::abs(path[k][0] - rows[k][1] * std::cos(rows[k][2])) < 1e-12);
    CHECK(std::abs(path[k][1] - rows[k][1] * std::sin(rows[k][2])) < 1e-12);
  }
  const Rows rim = data_block(dir.file("p-path.dat"), block_of(read_text(dir.file("p-path.gp")), "rim: r <= 1"));
  CHECK(rim.size() > 300);
  for (const auto& p : rim) CHECK(std::abs(std::hypot(p[0], p[1]) - 1) < 1e-9);
  // on the integrator's steps an impact is a time written twice (before and after the jump): one line each
  std::vector<double> twice;
  for (std::size_t k = 1; k < rows.size(); ++k)
    if (rows[k][0] == rows[k - 1][0]) twice.push_back(rows[k][0]);
  CHECK(twice.size() == 8);
  CHECK(marker_times(read_text(dir.file("p.gp"))) == twice);
}

TEST_CASE("plots: a bad 'simulate: plot' is refused where it is written") {
  const std::string head =
      "coordinates: [r, theta]\nparameters: [gamma]\naction_dependent: true\nlagrangian: \"(r_dot^2 + r^2*theta_dot^2)/2 - gamma*z\"\n"
      "simulate:\n  values: {gamma: 0.1}\n  initial: {r: 0.5, theta: 0, r_dot: 1, theta_dot: 1}\n  time: 1\n";
  const auto simulate = [&](const std::string& plot) {
    hamel::test::TempFile f(head + "  plot: " + plot + "\n");
    return run({"simulate", f.path(), "--brief"});
  };
  const std::string expected = "expected two coordinates [x, y] or two axes {X: \"expression\", Y: \"expression\"}";
  auto r = simulate("[r]");
  CHECK(r.status == 2);
  CHECK(has(r.err, ":9:9: 'simulate: plot': " + expected + ", got 1 entries"));
  r = simulate("{x: \"r*cos(theta)\", y: \"r*sin(theta)\", z: \"r\"}");
  CHECK(r.status == 2);
  CHECK(has(r.err, expected + ", got 3 entries"));
  r = simulate("r");
  CHECK(has(r.err, expected + ", got a scalar"));
  r = simulate("[r, thet]");
  CHECK(r.status == 2);
  CHECK(has(r.err, ":9:13: 'simulate: plot': unknown coordinate 'thet'"));
  CHECK(has(r.err, "(did you mean 'theta'?)"));
  r = simulate("{x: \"r*cos(theta)\", y: \"r*sin(phi)\"}");
  CHECK(r.status == 2);
  CHECK(has(r.err, ":9:"));
  CHECK(has(r.err, "phi"));
  CHECK(simulate("{X: \"r*cos(theta)\", Y: \"r*sin(theta)\"}").status == 0);
}

TEST_CASE("plots: the contact examples write the files of the naming scheme") {
  if (hamel::find_gnuplot().empty()) {
    MESSAGE("skipped: gnuplot is not installed");
    return;
  }
  check_scheme("contact_");
}

TEST_CASE("plots: the hybrid examples write the files of the naming scheme") {
  if (hamel::find_gnuplot().empty()) {
    MESSAGE("skipped: gnuplot is not installed");
    return;
  }
  check_scheme("hybrid_");
}

TEST_CASE("plots: the discrete examples write the files of the naming scheme") {
  if (hamel::find_gnuplot().empty()) {
    MESSAGE("skipped: gnuplot is not installed");
    return;
  }
  check_scheme("discrete_");
}

TEST_CASE("plots: the nonholonomic time plot's title names D∗ as the reports write it (it said D*)") {
  if (hamel::find_gnuplot().empty()) {
    MESSAGE("skipped: gnuplot is not installed");
    return;
  }
  hamel::test::TempDir dir;
  const auto r = run({"simulate", "examples/nonholonomic_particle.yaml", "--plot", dir.file("n.svg"), "--brief"});
  REQUIRE(r.status == 0);
  CHECK(has(read_text(dir.file("n.gp")),
            "\nset multiplot layout 4,1 title 'nonholonomic_particle: coordinates, momenta on D∗ and the drift of the monitored "
            "quantities'\n"));
}

TEST_CASE("plots: the nonholonomic examples write the files of the naming scheme") {
  if (hamel::find_gnuplot().empty()) {
    MESSAGE("skipped: gnuplot is not installed");
    return;
  }
  check_scheme("");
}

}  // TEST_SUITE
