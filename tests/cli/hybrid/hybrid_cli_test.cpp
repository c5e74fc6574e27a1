// tests/cli/hybrid/hybrid_cli_test.cpp — `hamel derive | check | simulate` on the hybrid examples
// (000 Examples 1–4), the JSON keys, the claims files that flag the errata, and bad input.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/numerics/temp_dir.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/csv.hpp"
#include "tests/support/derivation_json.hpp"
#include "tests/support/latex_report.hpp"
#include "tests/support/temp_file.hpp"

namespace {
using hamel::test::has;
using hamel::test::Run;
using hamel::test::run;

// A minimal valid hybrid file; `extra` is appended (tests of bad input replace parts of it).
std::string billiard(const std::string& guards, const std::string& extra = "") {
  return "parameters: [m, c]\ncoordinates: [x, y]\ntime_dependent: {time: t, functions: {f: \"2 - exp(t/10)\"}}\n"
         "lagrangian: \"m/2*exp(c*t/m)*(x_dot^2 + y_dot^2)\"\n"
         "force: {x: \"-2*c*exp(c*t/m)*(x_dot*x*y - y_dot*x^2)\", y: \"2*c*exp(c*t/m)*(y_dot*x*y - x_dot*y^2)\"}\n"
         "symmetry: {rotation: {x: \"-y\", y: \"x\"}}\n" +
         guards + extra;
}
const std::string kWall =
    "hybrid:\n  guards:\n    - name: wall\n      surface: \"x^2 + y^2 - f(t)\"\n      direction: rising\n"
    "      newtonian: {restitution: 1}\n";
}  // namespace

TEST_SUITE("cli") {

TEST_CASE("hamel derive: Example 3 (the billiard), checks, JSON keys and the A11 impacts") {
  hamel::test::TempFile json("", ".json");
  const Run r = run({"derive", "examples/hybrid_billiard.yaml", "--json", json.path()});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "[yes] J_rotation is a hybrid constant of the motion (Def. 4)"));
  CHECK(has(r.out, "[yes] J is a hybrid momentum map"));
  CHECK(has(r.out, "[yes] the reset of wall is the Newtonian impact (15) with e = 1"));
  CHECK(has(r.out, "[yes] cosymplectic: i_X omega = dH - R(H) eta + F and i_X eta = 1"));
  CHECK(has(r.out, "[yes] reduced simulation + reconstruction agrees with the full one (impact times to 1e-9)"));
  CHECK(has(r.out, "From t = 0 to 5: 14 impacts"));
  const auto j = hamel::test::read_json(json.path());
  for (const char* id : {"hybrid.lagrangian", "hybrid.force_lagrangian", "hybrid.accelerations", "hybrid.hamiltonian",
                         "hybrid.hamiltonian_field", "hybrid.momenta", "hybrid.components.wall.surface",
                         "hybrid.components.wall.reset", "hybrid.reduction.routhian", "hybrid.reduction.theta_dot"})
    CHECK_MESSAGE(j["objects"].contains(id), id);
  for (const char* id : {"hybrid.constant.J_rotation", "hybrid.momentum_map", "hybrid.generalized.wall",
                         "hybrid.reduction.routh_equations", "hybrid.simulation.completed", "hybrid.simulation.reduced_agrees"})
    CHECK_MESSAGE(j["checks"].contains(id), id);
  CHECK(hamel::test::symbol(j, "t")["meaning"] == "time");
  CHECK(hamel::test::row_where(hamel::test::table(j, "hybrid.components"), "C", "wall")["direction"] == "rising");
  const auto impacts = hamel::test::table(j, "hybrid.simulation.impacts");
  const auto t = hamel::test::column(impacts, "t"), t_reduced = hamel::test::column(impacts, "t_reduced");
  REQUIRE(t.size() == 14);
  CHECK(t[0].get<double>() == doctest::Approx(0.1413117295).epsilon(1e-9));
  REQUIRE(t_reduced.size() == 14);
  double worst = 0;
  for (std::size_t k = 0; k < t.size(); ++k) worst = std::max(worst, std::fabs(t[k].get<double>() - t_reduced[k].get<double>()));
  CHECK(worst < 1e-9);
  CHECK(hamel::test::entries(j, "hybrid.reduction.theta_dot").count("theta") == 1);
  CHECK(j["checks"]["hybrid.momentum_map"]["statement"] == "J is a hybrid momentum map ((14) with mu-: J o Delta = J on S)");
  CHECK(j["checks"]["hybrid.momentum_map"]["holds"] == true);
}

TEST_CASE("hamel derive: Example 1 reports where the paper's hypotheses fail (errata 20-22)") {
  const Run r = run({"derive", "examples/hybrid_rolling_disk.yaml", "--brief"});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "[no ] rotation is a hybrid action on the paper's S (with its conditions): maps S to itself"));
  CHECK(has(r.out, "[yes] spin is a hybrid action on the paper's S (with its conditions): Delta is equivariant"));
  CHECK(has(r.out, "[yes] J_spin is a hybrid constant of the motion (Def. 4) on the paper's S (with its conditions)"));
  CHECK(has(r.out, "[no ] J is a generalized hybrid momentum map on C1 (Def. 8)  (symbolic: rank d(mu-) = 2 < rank d(mu-, mu+) = 3"));
  CHECK(has(r.out, "two states of C1 with equal mu- and different mu+"));
  CHECK(has(r.out, "[yes] J is a generalized hybrid momentum map on C1 (Def. 8) on the paper's S (with its conditions)"));
  CHECK(has(r.out, "[no ] C1 drops to the quotient"));
  CHECK(has(r.out, "[yes] R^mu = 1/2 xdot^T"));
  // the hypotheses that fail (errata 20-22) are facts the derivation establishes, not failures
  CHECK(has(r.out, "a symmetry of L need not map S to itself: Example 1's rotation does not (erratum 22)"));
  CHECK(has(r.out, "no failures: every verdict is as expected"));
  // the nonholonomic module does not apply to a forced file
  CHECK_FALSE(has(r.out, "Nonholonomic bracket"));
}

TEST_CASE("hamel check: entry and verdict claims address the hybrid derivation by id (A4 and erratum 22)") {
  hamel::test::TempFile c(
      "claims:\n"
      "  - name: A4 Routhian\n"
      "    entry: {object: hybrid.reduction.routhian, value: \"m/2*r_dot^2 - mu1^2/(2*m*r^2) - mu2^2/(2*m*k^2)\"}\n"
      "  - name: A4 reduced force\n"
      "    entry: {object: hybrid.reduction.reduced_force, key: r, value: \"2*c*r*mu1/m\"}\n"
      "  - name: the rotation does not map S to itself\n"
      "    verdict: {id: hybrid.action.rotation.with_conditions.preserves_surface, holds: false}\n"
      "  - name: the phi-shift is a hybrid action\n"
      "    verdict: {id: hybrid.action.spin.with_conditions.equivariant, holds: true}\n");
  const Run r = run({"check", "examples/hybrid_rolling_disk.yaml", c.path()});
  CHECK(r.status == 0);
  CHECK(has(r.out, "4 claims: 4 true, 0 false"));
}

TEST_CASE("hamel derive: the LaTeX report of Example 1 has the hybrid sections and its plots, and compiles") {
  hamel::test::LatexReport report("examples/hybrid_rolling_disk.yaml");
  REQUIRE(report.status() == 0);
  for (const char* section : {"\\section{Forced Lagrangian system", "\\section{Switching surface and impact maps",
                              "\\section{Hybrid checks", "\\section{Forced Routh reduction", "\\section{Simulation"})
    CHECK_MESSAGE(has(report.text(), section), section);
  CHECK(has(report.text(), "R^{\\mu} &= "));
  CHECK(has(report.text(), "\\includegraphics"));
  hamel::test::check_compiles(report);
}

// Figures are named relative to the report's folder, however OUT was given: the report compiles where
// it lies, also when hamel ran elsewhere (here OUT is relative to the working directory).
TEST_CASE("hamel derive --latex: figure paths relative to the report's folder (README's billiard example)") {
  const hamel::test::TempDir dir;
  namespace fs = std::filesystem;
  fs::create_directories(dir.file("build/plots"));
  const std::string build = fs::relative(dir.file("build"), fs::current_path()).string();
  REQUIRE(build.rfind("..", 0) == 0);  // relative, through the parent folders
  SUBCASE("figures beside the report") {
    REQUIRE(run({"derive", "examples/hybrid_billiard.yaml", "--latex", build + "/billiard.tex", "--quiet"}).status == 0);
    const std::string tex = hamel::test::read_text(dir.file("build/billiard.tex"));
    if (fs::exists(dir.file("build/billiard-hybrid.png"))) {  // (unless gnuplot has no PNG terminal)
      CHECK(has(tex, "\\includegraphics[width=0.8\\textwidth]{billiard-hybrid.png}"));
      CHECK(has(tex, "\\includegraphics[width=0.8\\textwidth]{billiard-hybrid-path.png}"));
    }
  }
  SUBCASE("figures in --plots DIR, as the README runs it") {
    REQUIRE(run({"derive", "examples/hybrid_billiard.yaml", "--latex", build + "/billiard.tex", "--plots", build + "/plots", "--quiet"}).status == 0);
    const std::string tex = hamel::test::read_text(dir.file("build/billiard.tex"));
    if (fs::exists(dir.file("build/plots/hybrid_billiard-hybrid.png")))
      CHECK(has(tex, "\\includegraphics[width=0.8\\textwidth]{plots/hybrid_billiard-hybrid.png}"));
    if (!hamel::test::LatexReport::pdflatex_available()) return;
    const std::string cmd = "cd '" + dir.file("build") + "' && pdflatex -interaction=nonstopmode -halt-on-error billiard.tex > /dev/null 2>&1";
    CHECK(std::system(cmd.c_str()) == 0);
    CHECK(fs::exists(dir.file("build/billiard.pdf")));
  }
  SUBCASE("a report on standard output: its figures in the working folder, named by the system") {
    const fs::path example = fs::absolute("examples/hybrid_billiard.yaml");
    struct Back {
      fs::path to;
      ~Back() { fs::current_path(to); }
    } back{fs::current_path()};
    fs::current_path(dir.file("build"));
    const Run r = run({"derive", example.string(), "--latex", "-"});
    REQUIRE(r.status == 0);
    CHECK(has(r.out, "\\begin{document}"));
    CHECK(has(r.err, "LaTeX report written to standard output\n"));
    CHECK(!has(r.out + r.err, "hamel-stdout"));  // the temporary file's name, which the figures had
    if (fs::exists("hybrid_billiard-hybrid.png")) {  // (unless gnuplot has no PNG terminal)
      CHECK(has(r.out, "\\includegraphics[width=0.8\\textwidth]{hybrid_billiard-hybrid.png}"));
      CHECK(fs::exists("hybrid_billiard-hybrid-path.png"));
    }
  }
}

TEST_CASE("hamel check: the printed formulas of Examples 1-4, errata flagged") {
  SUBCASE("Example 1") {
    const Run r = run({"check", "examples/hybrid_rolling_disk.yaml", "examples/hybrid_rolling_disk.claims.yaml"});
    CHECK(r.status == 0);
    CHECK(has(r.out, "33 claims: 24 true, 9 false"));
    for (const char* f : {"FALSE L as printed, with k^2 phi^2", "FALSE polar r_ddot = (r - 2c/m r^3) theta_dot as printed",
                          "FALSE Remark 2: R^mu", "FALSE (J_L)_F o Delta, simplified second component",
                          "FALSE (19) theta_dot+ = -theta_dot-", "FALSE mu1+ = -mu1-", "FALSE (21) phi_dot+ with cos(phi)",
                          "FALSE (J_L)_F is a generalized hybrid momentum map (on S = {y = R",
                          "FALSE the rotation is a hybrid action"})
      CHECK_MESSAGE(has(r.out, f), f);
    CHECK(has(r.out, "TRUE  (20) r_dot+"));
    CHECK(has(r.out, "TRUE  (J_L)_F is a generalized hybrid momentum map (on the paper's S)"));
  }
  SUBCASE("Example 2") {
    const Run r = run({"check", "examples/hybrid_wong.yaml", "examples/hybrid_wong.claims.yaml"});
    CHECK(r.status == 0);
    CHECK(has(r.out, "10 claims: 10 true, 0 false"));
  }
  SUBCASE("Example 3") {
    const Run r = run({"check", "examples/hybrid_billiard.yaml", "examples/hybrid_billiard.claims.yaml"});
    CHECK(r.status == 0);
    CHECK(has(r.out, "21 claims: 18 true, 3 false"));
    CHECK(has(r.out, "FALSE polar theta_ddot = -(c/m) theta_dot as printed"));
    CHECK(has(r.out, "FALSE S_L^t: (x_dot, y_dot).(x, y) > f'(t) as printed"));
    CHECK(has(r.out, "FALSE (S_L)_mu = {r^2 = f(t), r_dot > 0} as printed"));
    CHECK(has(r.out, "TRUE  r_dot+ = f'/r - r_dot- (the linear form of (29))"));
  }
  SUBCASE("Example 4") {
    const Run r = run({"check", "examples/hybrid_disk_moving_wall.yaml", "examples/hybrid_disk_moving_wall.claims.yaml"});
    CHECK(r.status == 0);
    CHECK(has(r.out, "13 claims: 8 true, 5 false"));
    CHECK(has(r.out, "FALSE (J_L)_F is a generalized hybrid momentum map (on the paper's S)"));
    CHECK(has(r.out, "TRUE  mu1+ = -mu1- - 2 R (f(tau) - R) mu2/k^2 on C2 (corrected)"));
  }
}

TEST_CASE("hamel derive --plots DIR: the directory is created and holds the simulation's plots") {
  hamel::test::TempDir dir;
  const std::string plots = dir.path() + "/new/plots";
  const Run r = run({"derive", "examples/hybrid_billiard.yaml", "--plots", plots, "--brief"});
  REQUIRE(r.status == 0);
  CHECK(std::ifstream(plots + "/hybrid_billiard-hybrid.svg").good());
  CHECK(std::ifstream(plots + "/hybrid_billiard-hybrid-path.svg").good());
}

TEST_CASE("hamel derive --plots: one coordinate and a moving table, the guard h = y - A sin(w t) in a panel against t") {
  hamel::test::TempDir dir;
  hamel::test::TempFile file(
      "parameters: [g, A, w]\ncoordinates: [y]\ntime_dependent: {time: t, functions: {f: \"sin(t)\"}}\n"
      "lagrangian: \"y_dot^2/2 - g*y\"\n"
      "hybrid:\n  guards:\n    - name: table\n      surface: \"y - A*f(w*t)\"\n      direction: falling\n"
      "      newtonian: {restitution: 1/2}\n"
      "simulate: {values: {g: 9.81, A: 0.05, w: 20}, initial: {y: 0.5, y_dot: 0}, time: 1.2, step: 0.01}\n",
      ".yaml");
  const Run r = run({"derive", file.path(), "--plots", dir.path(), "--brief"});
  REQUIRE(r.status == 0);
  const std::string stem = file.path().substr(file.path().rfind('/') + 1, file.path().size() - file.path().rfind('/') - 6);
  std::ifstream dat(dir.path() + "/" + stem + "-hybrid.dat");
  REQUIRE(dat.good());
  std::size_t rows = 0;
  double lowest = 1;
  for (std::string line; std::getline(dat, line);) {
    std::istringstream in(line);
    double t, y, yd, dE, h;
    if (!(in >> t >> y >> yd >> dE >> h)) continue;
    CHECK(std::fabs(h - (y - 0.05 * std::sin(20 * t))) < 1e-9);  // the last column is the guard's function
    lowest = std::min(lowest, h);
    ++rows;
  }
  CHECK(rows > 100);
  CHECK(lowest > -1e-6);  // the ball stays above the table: h reaches 0 at the impacts only
  std::ifstream gp(dir.path() + "/" + stem + "-hybrid.gp");
  const std::string script((std::istreambuf_iterator<char>(gp)), std::istreambuf_iterator<char>());
  CHECK(script.find("surface function (0 on it)") != std::string::npos);
}

// The tester's ball on a vibrating plate (A w^2 = 7.2 < g), moving in x too, reduced by the cyclic x.
const std::string kPlate =
    "parameters: [m, g, e, A, w]\ncoordinates: [x, y]\ntime_dependent: {time: t, functions: {f: \"A*sin(w*t)\"}}\n"
    "lagrangian: \"m/2*(x_dot^2 + y_dot^2) - m*g*y\"\nsymmetry: {shift: {x: 1}}\n"
    "hybrid:\n  guards:\n    - name: plate\n      surface: \"y - f(t)\"\n      direction: falling\n"
    "      newtonian: {restitution: e}\n  reduction: {cyclic: [x], momenta: [mu]}\n"
    "simulate:\n  values: {m: 1, g: 9.81, e: 0.8, A: 0.05, w: 12}\n  initial: {x: 0, y: 0.5, x_dot: 0.3, y_dot: 0}\n"
    "  time: 6\n  step: 0.002\n  reduced: true\n";

TEST_CASE("hamel derive | simulate: a ball sticking to a vibrating plate is Zeno accumulation, and both runs stop there") {
  hamel::test::TempFile file(kPlate, ".yaml");
  const Run d = run({"derive", file.path(), "--brief"});
  CHECK(has(d.out, "[yes] the reset of plate sends the motion back across S"));
  CHECK(has(d.out, "[no ] the simulation reaches t_end  (67 impacts, then Zeno accumulation at t = 2.02090728"));
  CHECK(!has(d.out, "does not reverse the crossing"));
  // the reduced run stops by the same rule at the same impact (it ran on to 999 before)
  CHECK(has(d.out, "[yes] reduced simulation + reconstruction agrees with the full one (impact times to 1e-9)  (67 and 67 impacts;"));
  const Run s = run({"simulate", file.path(), "--brief"});
  CHECK(s.status == 1);
  // the header says it stopped, and why, as the contact module's does
  CHECK_MESSAGE(has(s.out, "hybrid simulation: t = 0 .. 2.02 (stopped before t = 6: Zeno accumulation), 67 impacts"), s.out);
  CHECK(has(s.out, "stopped: 67 impacts, then Zeno accumulation at t = 2.02090728"));
  CHECK(has(s.out, "last impact times 2.0209063953987911, 2.0209065735009517, 2.02090671597918, 2.0209068299422936"));
}

TEST_CASE("hamel simulate | derive: a start outside an impact guard is refused at 'simulate: initial'") {
  std::string text = kPlate;
  text.replace(text.find("y: 0.5"), 6, "y: -0.5");  // below the plate: it would fall through unseen
  hamel::test::TempFile file(text, ".yaml");
  for (const char* cmd : {"simulate", "derive"}) {
    const Run r = run({cmd, file.path(), "--brief"});
    CHECK(r.status == 2);
    CHECK_MESSAGE(has(r.err, file.path() + ":15:12: 'simulate: initial': the initial state is outside guard 'plate' (its direction is "
                                           "falling: the motion lives where h >= 0); expected h(t0, q0) >= 0, got h(t0, q0) = -0.5"),
                  r.err);
  }
}

// The number after `label` in a witness text ("...; value there: -0.12").
double number_after(const std::string& text, const std::string& label) {
  const std::size_t at = text.find(label);
  REQUIRE(at != std::string::npos);
  return std::stod(text.substr(at + label.size()));
}

TEST_CASE("hamel check --json: a hybrid counterexample has its point and both values, and restitutions between 0 and 1") {
  // a ball on the ground with Newtonian restitution e
  hamel::test::TempFile sys("parameters: [m, g, e]\ncoordinates: [x, y]\nlagrangian: \"m/2*(x_dot^2 + y_dot^2) - m*g*y\"\n"
                            "hybrid:\n  guards:\n    - name: ground\n      surface: \"y\"\n      direction: falling\n"
                            "      newtonian: {restitution: e}\n",
                            ".yaml");
  hamel::test::TempFile claims("claims:\n  - name: elastic\n    impact_relation: {component: ground, lhs: \"y_dot_plus\", rhs: \"-y_dot\"}\n"
                               "  - name: energy kept\n    hybrid_constant: {function: \"m/2*(x_dot^2 + y_dot^2) + m*g*y\", holds: true}\n",
                               ".claims.yaml");
  hamel::test::TempFile json("", ".json");
  const Run r = run({"check", sys.path(), claims.path(), "--json", json.path()});
  const auto j = hamel::test::read_json(json.path());
  REQUIRE(j["claims"].size() == 2);
  for (const auto& c : j["claims"]) {
    REQUIRE(c.contains("counterexample"));
    const auto& ce = c["counterexample"];
    const std::string text = ce["text"];
    REQUIRE(ce["point"].size() >= 5);  // every coordinate, velocity and parameter of the state
    for (const auto& [name, value] : ce["point"].items()) {
      const std::string item = name + " = " + value.get<std::string>();
      CHECK_MESSAGE(text.find(item) != std::string::npos, std::string(item + " in " + text));
    }
    const double e = std::stod(ce["point"]["e"].get<std::string>());
    CHECK(e > 0);  // drawn where a restitution is physical, as derive's sign checks draw it
    CHECK(e <= 1);
  }
  // the impact relation: lhs = y_dot+ = -e y_dot, rhs = -y_dot at the point, in the text and the JSON
  const auto& ce = j["claims"][0]["counterexample"];
  const double e = std::stod(ce["point"]["e"].get<std::string>()), yd = std::stod(ce["point"]["y_dot"].get<std::string>());
  CHECK(yd < 0);  // a state of S: arriving at the ground
  CHECK(std::stod(ce["derived"].get<std::string>()) == doctest::Approx(-e * yd).epsilon(1e-5));
  CHECK(std::stod(ce["claimed"].get<std::string>()) == doctest::Approx(-yd).epsilon(1e-5));
  CHECK(has(r.out, "(lhs = " + ce["derived"].get<std::string>() + ", rhs = " + ce["claimed"].get<std::string>() + ")"));
  // the energy: an inelastic impact with e in (0, 1] loses (1 - e^2) m y_dot^2 / 2
  const auto& en = j["claims"][1]["counterexample"];
  const std::string note = en["text"];
  const double m = std::stod(en["point"]["m"].get<std::string>()), y2 = std::stod(en["point"]["y_dot"].get<std::string>()),
               e2 = std::stod(en["point"]["e"].get<std::string>());
  CHECK(number_after(note, "value there: ") == doctest::Approx(-(1 - e2 * e2) * m * y2 * y2 / 2).epsilon(1e-5));
}

TEST_CASE("hamel simulate --brief: a hybrid run leaves out its impacts, as a contact run its events") {
  const Run full = run({"simulate", "examples/hybrid_billiard.yaml"});
  const Run brief = run({"simulate", "examples/hybrid_billiard.yaml", "--brief"});
  REQUIRE(full.status == 0);
  REQUIRE(brief.status == 0);
  CHECK(has(full.out, "  impact 14: t = 4.98537"));
  // the same report without the lines of the impacts
  std::istringstream lines(full.out);
  std::string without, line;
  while (std::getline(lines, line))
    if (line.rfind("  impact ", 0) != 0) without += line + "\n";
  CHECK(brief.out == without);
  CHECK(has(brief.out, "14 impacts, 0 grazes"));
}

TEST_CASE("hamel simulate: CSV of the trajectory and of the impacts, plots, exit status") {
  hamel::test::TempDir dir;
  const std::string csv = dir.path() + "/billiard.csv", svg = dir.path() + "/billiard.svg";
  const Run r = run({"simulate", "examples/hybrid_billiard.yaml", "--csv", csv, "--plot", svg});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "14 impacts"));
  CHECK(has(r.out, "impact 1: t = 0.141311729"));
  CHECK(has(r.out, "events written to " + dir.path() + "/billiard-events.csv"));
  const hamel::test::Csv ev = hamel::test::read_csv(dir.path() + "/billiard-events.csv");
  std::string header;
  for (const auto& h : ev.header) header += (header.empty() ? "" : ",") + h;
  CHECK(header.find("event,t,guard,from,to,x_before,y_before,x_dot_before,y_dot_before,J_rotation_before,energy_before") == 0);
  REQUIRE(ev.rows.size() == 14);
  // each row is an impact on the wall x^2 + y^2 = f(t) = 2 - exp(t/10) at its time, with the Newtonian
  // law of a moving circle: the tangential velocity kept, the radial one reflected about f'/(2r)
  const std::size_t t = ev.column("t"), x = ev.column("x_before"), y = ev.column("y_before");
  for (std::size_t k = 0; k < ev.rows.size(); ++k) {
    const auto& e = ev.rows[k];
    CHECK(ev.cells[k][ev.column("guard")] == "wall");
    CHECK(std::fabs(e[x] * e[x] + e[y] * e[y] - (2 - std::exp(e[t] / 10))) < 1e-9);
    CHECK(e[x] == e[ev.column("x_after")]);
    const double r2 = e[x] * e[x] + e[y] * e[y];
    const double vt_before = -e[y] * e[ev.column("x_dot_before")] + e[x] * e[ev.column("y_dot_before")];
    const double vt_after = -e[y] * e[ev.column("x_dot_after")] + e[x] * e[ev.column("y_dot_after")];
    CHECK(std::fabs(vt_before - vt_after) < 1e-9 * (1 + std::fabs(vt_before)) * r2);
  }
  std::ifstream tr(csv);
  std::getline(tr, header);
  CHECK(header == "t,x,y,x_dot,y_dot,domain,J_rotation,energy");
  if (has(r.out, "plot written to")) {
    std::ifstream time(svg), path(dir.path() + "/billiard-path.svg");
    CHECK(time.good());
    CHECK(path.good());
  }
  SUBCASE("a run cut short by Zeno accumulation exits 1 with the message") {
    hamel::test::TempFile f(
        "parameters: [g]\ncoordinates: [y]\nlagrangian: \"y_dot^2/2 - g*y\"\nhybrid:\n  guards:\n"
        "    - {name: ground, surface: \"y\", direction: falling, newtonian: {restitution: 0.5}}\n"
        "simulate: {values: {g: 9.81}, initial: {y: 1, y_dot: 0}, t_end: 3, max_impacts: 30}\n");
    const Run z = run({"simulate", f.path()});
    CHECK(z.status == 1);
    CHECK(has(z.out, "29 impacts"));  // the 30th event stops the run before its reset
    CHECK(has(z.out, "stopped: simulate_with_events: 30 events"));
    CHECK(has(z.out, "Zeno accumulation near t = 1.35457"));
    // the hint names the key this file takes (max_events is refused here)
    CHECK(has(z.out, "hint: raise 'max_impacts' in 'simulate', or switch the system to a constrained mode"));
    CHECK_FALSE(has(z.out, "max_events"));
    // 29 impacts, 20 listed: the rest are in the events CSV only when one is written
    CHECK(has(z.out, "  ... (9 more; --csv OUT.csv writes every impact to OUT-events.csv)\n"));
    hamel::test::TempDir dir;
    const Run c = run({"simulate", f.path(), "--csv", dir.file("z.csv")});
    CHECK(has(c.out, "  ... (9 more in the events CSV)\n"));
    CHECK(has(c.out, "events written to "));
    // derive's text report: the first 20 impacts, a line counting the others, the last 3; the JSON has all 29
    hamel::test::TempFile json("", ".json");
    const Run d = run({"derive", f.path(), "--json", json.path()});
    CHECK(has(d.out, "\n  ... (6 rows left out; the JSON report has every row)\n  27 "));
    CHECK(has(d.out, "\n  20 "));
    CHECK_FALSE(has(d.out, "\n  21 "));
    CHECK(has(d.out, "\n  29 "));
    CHECK(hamel::test::table(hamel::test::read_json(json.path()), "hybrid.simulation.impacts")["rows"].size() == 29);
  }
}

TEST_CASE("hamel derive: forced Routh reduction without impacts needs no guard (issue 19 §7)") {
  const std::string routh = "hybrid:\n  reduction: {coordinates: [r, theta], map: {x: \"r*cos(theta)\", y: \"r*sin(theta)\"}, "
                            "cyclic: [theta], momenta: [mu]}\n";
  hamel::test::TempFile f(billiard(routh), ".yaml");
  const Run r = run({"derive", f.path()});
  INFO(r.err);
  REQUIRE(r.status == 0);
  // 000 (9)-(12) for the dissipative billiard without its wall: the Routhian of Remark 2 (corrected)
  CHECK(r.out.find("R^mu = m*r_dot^2*exp(c*t/m)/2 - mu^2/(2*m*r^2*exp(c*t/m))") != std::string::npos);
  CHECK(r.out.find("[yes] the forced Routh equations are the full equations at J = mu") != std::string::npos);
  CHECK(r.out.find("no failures: every verdict is as expected") != std::string::npos);
  // neither guards nor a reduction: nothing hybrid to do
  hamel::test::TempFile none(billiard("hybrid: {constants: {}}\n"), ".yaml");
  CHECK(run({"derive", none.path()}).err.find("'hybrid': expected 'guards' (a list of switching surfaces) or 'reduction', got neither") !=
        std::string::npos);
}

TEST_CASE("hamel derive: the Routh prose names the cyclic coordinates and momentum values as the file does") {
  // two cyclic coordinates, neither called theta: a ball in the plane over a floor z = 0
  hamel::test::TempFile f(
      "parameters: [m, g]\ncoordinates: [X, Y, z]\nlagrangian: \"m/2*(X_dot^2 + Y_dot^2 + z_dot^2) - m*g*z\"\n"
      "hybrid:\n  guards:\n    - {name: floor, surface: \"z\", direction: falling, newtonian: {restitution: 1}}\n"
      "  reduction: {cyclic: [X, Y], momenta: [P, Q]}\n");
  const Run r = run({"derive", f.path()});
  REQUIRE(r.status == 0);
  CHECK_MESSAGE(has(r.out, "Cyclic coordinates X, Y; momentum values P, Q (J_X = ∂L/∂X_dot = P, J_Y = ∂L/∂Y_dot = Q)."), r.out);
  CHECK(has(r.out, "on [tau_i, tau_{i+1}], X_dot, Y_dot as above at that interval's momentum values (P, Q) and "
                   "X(t) = X(tau_i) + ∫_{tau_i}^t X_dot dt; Y(t) = Y(tau_i) + ∫_{tau_i}^t Y_dot dt;"));
  CHECK_FALSE(has(r.out, "theta"));
}

// Every value "r = <number>" in the "they differ at" lines of a check's output.
std::vector<double> witness_radii(const std::string& out) {
  std::vector<double> r;
  for (std::size_t at = out.find("differ at"); at != std::string::npos; at = out.find("differ at", at + 1)) {
    const std::string line = out.substr(at, out.find('\n', at) - at);
    const auto p = line.find(" r = ");
    if (p != std::string::npos) r.push_back(std::stod(line.substr(p + 5)));
  }
  return r;
}

TEST_CASE("hamel check: the reduction's 'domain' keeps sampled witnesses at r > 0 (issue 19 §7)") {
  // the billiard's reduction declares domain {r: [0, 3]}: the exact-evaluation point of the printed
  // theta_ddot and the sampled state of the printed (S_L)_mu lie there (before, r = -1.37 was printed)
  const Run r = run({"check", "examples/hybrid_billiard.yaml", "examples/hybrid_billiard.claims.yaml"});
  CHECK(has(r.out, "21 as expected (3 errata confirmed false)"));
  const std::vector<double> radii = witness_radii(r.out);
  REQUIRE(radii.size() == 2);
  for (double x : radii) {
    CHECK(x > 0);
    CHECK(x < 3);
  }
  // a narrower interval moves the witnesses into it, on S (r^2 = f(t)) too
  std::ifstream in("examples/hybrid_billiard.yaml");
  std::stringstream text;
  text << in.rdbuf();
  std::string narrow = text.str();
  const std::string from = "domain: {r: [0, 3]}";
  REQUIRE(narrow.find(from) != std::string::npos);
  narrow.replace(narrow.find(from), from.size(), "domain: {r: [1, 2]}");
  hamel::test::TempFile f(narrow);
  const Run n = run({"check", f.path(), "examples/hybrid_billiard.claims.yaml"});
  CHECK(has(n.out, "21 as expected (3 errata confirmed false)"));
  const std::vector<double> inside = witness_radii(n.out);
  REQUIRE(inside.size() == 2);
  for (double x : inside) {
    CHECK(x > 1);
    CHECK(x < 2);
  }
}

TEST_CASE("hybrid system files: a bad 'domain' of the reduction names file:line:column") {
  const auto error_of = [](const std::string& reduction) {
    hamel::test::TempFile f(billiard(kWall, "  reduction: {coordinates: [r, theta], map: {x: \"r*cos(theta)\", y: \"r*sin(theta)\"}, "
                                            "cyclic: [theta], " + reduction + "}\n"));
    const Run r = run({"derive", f.path(), "--brief"});
    CHECK(r.status == 2);
    return r.err;
  };
  CHECK(has(error_of("domain: {rr: [0, 1]}"),
            ":13:111: 'domain' of 'reduction': unknown coordinate 'rr'; expected one of the coordinates, got 'rr' (did you mean 'r'?)"));
  CHECK(has(error_of("domain: {r: [1, 0]}"), "'domain' of r: expected an interval with lower < upper, got [1, 0]"));
  CHECK(has(error_of("domain: {r: [0]}"), "'domain' of r: expected [lower, upper], got 1 values"));
  hamel::test::TempFile q(billiard(kWall, "  reduction: {cyclic: [x], domain: {x: [0, 1]}}\n"));
  CHECK(has(run({"derive", q.path(), "--brief"}).err,
            "'domain' of 'reduction': expected 'coordinates' and 'map' beside it, got neither (the reduction's chart is then Q; "
            "hint: give Q's intervals in the top-level 'domain')"));
}

TEST_CASE("hamel check: identity claims on a hybrid system (issue 19 §7)") {
  hamel::test::TempFile claims(
      "claims:\n"
      "  - {name: same, identity: {lhs: \"m/2*exp(c*t/m)*(x_dot^2 + y_dot^2)\", rhs: \"m*exp(c*t/m)*(x_dot^2 + y_dot^2)/2\"}}\n"
      "  - {name: wrong, identity: {lhs: \"exp(c*t/m)\", rhs: \"1 + c*t/m\"}, expect: false}\n",
      ".yaml");
  const Run r = run({"check", "examples/hybrid_billiard.yaml", claims.path()});
  INFO(r.out, r.err);
  CHECK(r.status == 0);
  CHECK(r.out.find("TRUE  same ") != std::string::npos);
  CHECK(r.out.find("FALSE wrong ") != std::string::npos);
  CHECK(r.out.find("they differ at") != std::string::npos);
}

TEST_CASE("hybrid system files: a function of time named like a built-in one, or a time named pi, is refused") {
  // {exp: ...} shadowed the exponential in every expression after it, as functions: [sin(x)] did
  std::string text = billiard(kWall);
  text.replace(text.find("{f: "), 4, "{exp: ");
  text.replace(text.find("f(t)"), 4, "exp(t)");
  hamel::test::TempFile f(text);
  Run r = run({"derive", f.path(), "--brief"});
  CHECK(r.status == 2);
  CHECK_MESSAGE(has(r.err, f.path() + ":3:39: the name 'exp' is reserved for the built-in function exp of the expressions; "
                                      "expected another name for a function of time, got 'exp'"), r.err);
  std::string timed = billiard(kWall);
  timed.replace(timed.find("time: t,"), 8, "time: pi,");
  hamel::test::TempFile g(timed);
  r = run({"derive", g.path(), "--brief"});
  CHECK(r.status == 2);
  CHECK_MESSAGE(has(r.err, g.path() + ":3:24: the name 'pi' is reserved for the constant pi"), r.err);
}

TEST_CASE("hybrid system files: bad input gives file:line:column, what was expected and what was found") {
  const auto error_of = [](const std::string& text) {
    hamel::test::TempFile f(text);
    const Run r = run({"derive", f.path(), "--brief"});
    CHECK(r.status == 2);
    return r.err.substr(r.err.find(':', 7) == std::string::npos ? 0 : 0);
  };
  CHECK(has(error_of(billiard(kWall + "      conditions: [\"x_dot\"]\n      reset: {x_dot: 0}\n")),
            "expected 'reset' or 'newtonian', got both"));
  std::string bad = billiard("hybrid:\n  guards:\n    - name: wall\n      surface: \"x^2 + y^2 - f(t)\"\n      direction: falls\n"
                             "      newtonian: {restitution: 1}\n");
  std::string e = error_of(bad);
  CHECK(has(e, ":11:18: direction of wall: expected falling (h goes from > 0 to < 0), rising or either, got 'falls'"));
  e = error_of(billiard("hybrid:\n  guards:\n    - name: wall\n      surface: \"x^2 + y^2 - f(t)\"\n      direction: rising\n"
                        "      reset: {z_dot: 0}\n"));
  CHECK(has(e, "unknown name 'z_dot'; expected one of x_dot y_dot"));
  e = error_of(billiard("hybrid:\n  guards:\n    - name: wall\n      direction: rising\n      newtonian: {}\n"));
  CHECK(has(e, "guard 1: expected 'surface' (h(q), or h(t, q), = 0), got none"));
  e = error_of(billiard("hybrid:\n  guards:\n    - name: wall\n      surface: \"x_dot + y\"\n      direction: rising\n"
                        "      newtonian: {restitution: 1}\n"));
  CHECK(has(e, ":10:17: surface of wall: undeclared symbol 'x_dot'"));
  CHECK(has(e, "velocities are allowed in the Lagrangian, the force, resets, conditions and constants, not in surfaces"));
  e = error_of(billiard(kWall, "simulate: {values: {m: 1}, initial: {x: 0, y: 0, x_dot: 1, y_dot: 0}, t_end: 1}\n"));
  CHECK(has(e, "'values': expected a value for every parameter, got none for c"));
  e = error_of(billiard(kWall, "simulate: {values: {m: 1, c: 2}, initial: {x: 0, y: 0, x_dot: 1}, t_end: 1}\n"));
  CHECK(has(e, "'initial': expected a value for every coordinate and velocity, got none for y_dot"));
  e = error_of(billiard(kWall, "simulate: {values: {m: 1, c: 2}, initial: {x: 0, y: 0, x_dot: 1, y_dot: 0}, t_end: -1}\n"));
  CHECK(has(e, "'t_end': expected a time after t_start = 0, got -1"));
  // one schema with the other kinds (issue 19 §2): 'time' and 'step'; the older spelling not beside it
  e = error_of(billiard(kWall, "simulate: {values: {m: 1, c: 2}, initial: {x: 0, y: 0, x_dot: 1, y_dot: 0}, time: [2, 1]}\n"));
  CHECK(has(e, "'simulate: time': expected an end time after the start 2, got 1\n"));  // not 2.000000
  e = error_of(billiard(kWall, "simulate: {values: {m: 1, c: 2}, initial: {x: 0, y: 0, x_dot: 1, y_dot: 0}, time: 1, t_end: 1}\n"));
  CHECK(has(e, "'simulate': expected 'time' or 't_start'/'t_end', got both"));
  e = error_of(billiard(kWall, "simulate: {values: {m: 1, c: 2}, initial: {x: 0, y: 0, x_dot: 1, y_dot: 0}, time: 1, step: 0.1,"
                               " output: {step: 0.1}}\n"));
  CHECK(has(e, "'simulate': expected 'step' or 'output: {step}', got both"));
  e = error_of(billiard(kWall, "simulate: {values: {m: 1, c: 2}, initial: {x: 0, y: 0, x_dot: 1, y_dot: 0}, time: 1, step: -1}\n"));
  CHECK(has(e, "'simulate: step': expected a positive output step"));
  e = error_of(billiard(kWall, "  reduction: {coordinates: [r, theta], map: {x: \"r*cos(theta)\", y: \"r*sin(theta)\"}, cyclic: [r]}\n"));
  CHECK(has(e, "'cyclic': r is not cyclic: L depends on it"));
  e = error_of(billiard("hybrid: [1, 2]\n"));
  CHECK(has(e, "'hybrid': expected a mapping with 'guards', got a list"));
  // a force in velocities and momenta at once
  e = error_of("coordinates: [x]\nlagrangian: \"x_dot^2/2\"\nforce: {x: \"x_dot + p_x\"}\n");
  CHECK(has(e, "force component x: expected a force in velocities (F^L on TQ) or in momenta (F on T∗Q), got both"));
  e = error_of("coordinates: [x]\nlagrangian: \"x_dot^4\"\nforce: {x: \"x_dot\"}\n");
  CHECK(has(e, ":2:13: 'lagrangian': the Lagrangian is not quadratic in the fibre variables"));
  // a function of time without a formula cannot be simulated
  e = error_of("coordinates: [y]\ntime_dependent: {time: t, functions: {f: }}\nlagrangian: \"y_dot^2/2\"\n"
               "hybrid:\n  guards:\n    - {name: w, surface: \"y - f(t)\", direction: rising, newtonian: {}}\n"
               "simulate: {initial: {y: 0, y_dot: 1}, t_end: 1}\n");
  CHECK(has(e, "function f: the simulation needs a formula"));
  e = error_of("coordinates: [y]\ntime_dependent: {time: y}\nlagrangian: \"y_dot^2/2\"\nforce: {y: 0}\n");
  CHECK(has(e, "duplicate name 'y' for the time"));
  // a guard named like a coordinate: at the guard, naming the coordinate
  e = error_of("coordinates: [x, y]\nlagrangian: \"(x_dot^2 + y_dot^2)/2\"\n"
               "hybrid:\n  guards:\n    - {name: x, surface: \"y\", direction: falling, newtonian: {}}\n");
  CHECK(has(e, ":5:14: duplicate name 'x' for a guard; expected a name not used elsewhere in the file, got 'x', already declared as a "
               "coordinate at 1:15"));
}

TEST_CASE("hybrid claims: bad claims give positions") {
  hamel::test::TempFile c("claims:\n  - impact_relation: {component: C9, lhs: \"y_dot_plus\", rhs: \"0\"}\n");
  const Run r = run({"check", "examples/hybrid_rolling_disk.yaml", c.path()});
  CHECK(r.status == 2);
  CHECK(has(r.err, ":2:34: 'component': unknown guard 'C9'; expected one of C1 C2"));
  hamel::test::TempFile d("claims:\n  - routh_force: {coordinate: theta, value: \"0\"}\n");
  const Run s = run({"check", "examples/hybrid_rolling_disk.yaml", d.path()});
  CHECK(has(s.err, "expected a non-cyclic (shape) coordinate, got 'theta'"));
}

TEST_CASE("hybrid claims: an error in a claim is located in the claims file, not the system file") {
  // line 3 holds the bad claim: an unknown coordinate, then a missing 'value'
  hamel::test::TempFile c("claims:\n  - name: fine\n    hamiltonian_force: {coordinate: z, value: \"0\"}\n");
  const Run r = run({"check", "examples/hybrid_billiard.yaml", c.path()});
  CHECK(r.status == 2);
  // the first error names the claims file (a progress line may come before it on a loaded machine)
  CHECK_MESSAGE(r.err.find("error: ") == r.err.find("error: " + c.path() + ":3:"), r.err);
  CHECK_MESSAGE(r.err.find("error: ") != std::string::npos, r.err);
  CHECK(has(r.err, "'coordinate': unknown coordinate 'z'; expected one of x y"));
  CHECK_FALSE(has(r.err, "hybrid_billiard.yaml"));
  hamel::test::TempFile d("claims:\n  - switching_condition: {component: wall}\n");
  const Run s = run({"check", "examples/hybrid_billiard.yaml", d.path()});
  CHECK(s.status == 2);
  CHECK_MESSAGE(s.err.find("error: ") == s.err.find("error: " + d.path() + ":2:"), s.err);
  CHECK_MESSAGE(s.err.find("error: ") != std::string::npos, s.err);
  CHECK(has(s.err, "expected 'value', got none"));
}

TEST_CASE("hamel derive: g_F is {0} for a trivial kernel and a verified span otherwise") {
  const auto derive = [](const std::string& force) {
    hamel::test::TempFile f("parameters: [m, w]\ncoordinates: [x, y]\nlagrangian: \"m/2*(x_dot^2 + y_dot^2)\"\n"
                            "force: {" + force + "}\nsymmetry: {sx: {x: 1}, sy: {y: 1}}\n"
                            "hybrid:\n  guards:\n    - {name: floor, surface: \"y\", direction: falling, newtonian: {restitution: 1}}\n");
    return run({"derive", f.path()});
  };
  // F(xi^c) = w (c_x y + c_y x) = 0 only for c = 0
  const Run trivial = derive("x: \"w*y\", y: \"w*x\"");
  REQUIRE(trivial.status == 0);
  CHECK_MESSAGE(has(trivial.out, "g_F = {0} (kernel of xi ↦ (F(xi^c), i_{xi^c} dF) at 12 sampled points holds only xi = 0"),
                trivial.out);
  CHECK_FALSE(has(trivial.out, "span{"));
  // F(xi^c) = w (c_x - c_y) = 0 for c_x = c_y
  const Run diagonal = derive("x: \"w\", y: \"-w\"");
  REQUIRE(diagonal.status == 0);
  CHECK_MESSAGE(has(diagonal.out, "g_F = span{sx + sy} (kernel of xi ↦ (F(xi^c), i_{xi^c} dF) at 12 sampled points, "
                                  "each basis element verified symbolically)"),
                diagonal.out);
}

TEST_CASE("hybrid automaton in a system file: domains and transitions, checks edge by edge") {
  hamel::test::TempFile f(
      "parameters: [c]\ncoordinates: [x, y]\nlagrangian: \"(x_dot^2 + y_dot^2)/2\"\n"
      "symmetry: {rotation: {x: \"-y\", y: \"x\"}}\n"
      "hybrid:\n  domains:\n    rough: {force: {x: \"2*c*x*(x*y_dot - y*x_dot)\", y: \"2*c*y*(x*y_dot - y*x_dot)\"}}\n"
      "    smooth: {force: {x: 0, y: 0}}\n  guards:\n"
      "    - {name: enter, from: rough, to: smooth, surface: \"x\", direction: falling, reset: {}}\n"
      "    - {name: leave, from: smooth, to: rough, surface: \"x\", direction: rising, reset: {}}\n"
      "    - {name: wall, from: rough, to: rough, surface: \"y + 1\", direction: falling, newtonian: {restitution: 1}}\n"
      "simulate: {values: {c: 0.1}, initial: {x: 1, y: 1, x_dot: -1, y_dot: -0.2}, t_end: 3}\n");
  const Run r = run({"derive", f.path(), "--brief"});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "Multi-domain hybrid automaton: checks edge by edge"));
  CHECK(has(r.out, "[yes] J preserved by the flow on rough"));
  CHECK(has(r.out, "[yes] J preserved by enter (rough → smooth)"));
  CHECK(has(r.out, "[no ] J preserved by wall (rough → rough)"));
  CHECK(has(r.out, "[yes] the simulation reaches t_end"));
  const Run s = run({"simulate", f.path()});
  CHECK(s.status == 0);
  CHECK(has(s.out, "(enter)"));
}

TEST_CASE("hybrid automaton: every domain's force, every guard, and verdicts over all domains in either order") {
  // a spring over a floor rough for x > 0 (drag c): E_L decays in rough, so it is no hybrid constant
  const auto file = [](bool smooth_first, const std::string& start) {
    const std::string smooth = "    smooth: {}\n", rough = "    rough: {force: {x: \"c*x_dot\"}}\n";
    return "parameters: [m, kappa, c]\ncoordinates: [x]\nlagrangian: \"m/2*x_dot^2 - kappa/2*x^2\"\n"
           "hybrid:\n  domains:\n" + (smooth_first ? smooth + rough : rough + smooth) +
           "  guards:\n"
           "    - {name: enter, from: smooth, to: rough, surface: \"x\", direction: rising, reset: {x_dot: \"x_dot\"}}\n"
           "    - {name: leave, from: rough, to: smooth, surface: \"x\", direction: falling, reset: {x_dot: \"x_dot\"}}\n"
           "simulate: {values: {m: 1, kappa: 1, c: 0.5}, initial: {x: -1, x_dot: 0}, " + start + "time: 12}\n";
  };
  for (const bool smooth_first : {true, false}) {
    CAPTURE(smooth_first);
    hamel::test::TempFile f(file(smooth_first, "initial_domain: smooth, "));
    hamel::test::TempFile json("", ".json");
    const Run r = run({"derive", f.path(), "--json", json.path()});
    REQUIRE(r.status == 0);
    CHECK(has(r.out, "== Forced Lagrangian system in domain smooth"));
    CHECK(has(r.out, "== Forced Lagrangian system in domain rough"));
    CHECK(has(r.out, "enter from smooth to rough: rising"));
    CHECK(has(r.out, "leave from rough to smooth: falling"));
    CHECK_MESSAGE(has(r.out, "[no ] the energy E_L is a hybrid constant of the motion  (fails: df/dt = 0 along the flow in domain rough"),
                  r.out);
    CHECK(has(r.out, "[no ] E_L invariant on domain rough"));
    // the run starts in smooth whatever the order: x = -cos t reaches x = 0 at t = pi/2
    CHECK(has(r.out, "From t = 0 to 12 (starting in domain smooth): 4 impacts"));
    const auto j = hamel::test::read_json(json.path());
    CHECK(hamel::test::entries(j, "hybrid.domains.smooth.force_lagrangian").at("x") == "0");
    CHECK(hamel::test::entries(j, "hybrid.domains.rough.force_lagrangian").at("x") == "c*x_dot");
    CHECK(j["checks"]["hybrid.constant.energy"]["holds"] == false);
    const auto components = hamel::test::table(j, "hybrid.components");
    CHECK(hamel::test::row_where(components, "C", "enter")["from"] == "smooth");
    CHECK(hamel::test::row_where(components, "C", "leave")["to"] == "smooth");
  }
  SUBCASE("initial_domain: an unknown name and a file of one domain are refused") {
    hamel::test::TempFile f(file(true, "initial_domain: smoth, "));
    const Run r = run({"simulate", f.path()});
    CHECK(r.status == 2);
    CHECK_MESSAGE(has(r.err, "'initial_domain': unknown name 'smoth'; expected one of smooth rough, got 'smoth' (did you mean 'smooth'?)"), r.err);
    hamel::test::TempFile one(billiard(kWall, "simulate: {values: {m: 1, c: 1}, initial: {x: 0, y: 0, x_dot: 1, y_dot: 0}, "
                                              "initial_domain: D, time: 1}\n"));
    const Run s = run({"simulate", one.path()});
    CHECK(s.status == 2);
    CHECK_MESSAGE(has(s.err, "'initial_domain' needs 'hybrid.domains'"), s.err);
  }
}

}  // TEST_SUITE
