// tests/cli/contact/contact_cli_test.cpp — `hamel derive | check | simulate` on contact systems: the
// example files, their claims (the errata flagged), the CSV of a simulation against A5, and the errors of
// the contact keys (file:line:column, exit status 2).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>

#include <ginac/ginac.h>

#include "numerics/plot.hpp"
#include "tests/numerics/temp_dir.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/csv.hpp"
#include "tests/support/check_report.hpp"
#include "tests/support/derivation_json.hpp"
#include "tests/support/latex_report.hpp"
#include "tests/support/temp_file.hpp"

namespace {

using hamel::test::has;
using hamel::test::Run;
using hamel::test::run;

// a printed expression (text or JSON) equals `expected`: both parsed by GiNaC with the same symbols
bool same(const std::string& printed, const std::string& expected) {
  GiNaC::symtab table;
  for (const char* n : {"x", "y", "x_dot", "y_dot", "z", "gamma"}) table[n] = GiNaC::symbol(n);
  GiNaC::parser reader(table);
  return GiNaC::normal(reader(printed) - reader(expected)).is_zero();
}

// the rest of the line after `prefix` in `text`
std::string after(const std::string& text, const std::string& prefix) {
  const auto at = text.find(prefix);
  if (at == std::string::npos) return "";
  const auto start = at + prefix.size();
  return text.substr(start, text.find('\n', start) - start);
}

// derive on a temporary system file; the error must name the file and `line:column`
void expect_error(const std::string& yaml, const std::string& where, const std::string& message,
                  const std::string& command = "derive") {
  hamel::test::TempFile f(yaml);
  const Run r = run({command, f.path()});
  INFO("stderr: " << r.err);
  CHECK(r.status == 2);
  CHECK(has(r.err, "error: " + f.path() + ":" + where + ": "));
  CHECK(has(r.err, message));
}

const char* kBilliard =
    "coordinates: [x, y]\n"
    "parameters: [gamma]\n"
    "action_dependent: true\n"
    "lagrangian: \"(x_dot^2 + y_dot^2)/2 - gamma*z\"\n";

}  // namespace

TEST_SUITE("cli") {

TEST_CASE("hamel derive: the dissipative billiard, text and JSON (001 §III)") {
  hamel::test::TempFile json("", ".json");
  const Run r = run({"derive", "examples/contact_billiard.yaml", "--json", json.path()});
  REQUIRE(r.status == 0);
  CHECK(same(after(r.out, "  d/dt x_dot = "), "-gamma*x_dot"));
  CHECK(has(r.out, "[yes] E_L is dissipated: dE_L/dt = (∂L/∂z) E_L (001 (7b), Remark 1)"));
  CHECK(has(r.out, "[yes] 'rim': the non-trivial solution of (8) is the W-reflection (003 (33), alpha = 1)"));
  CHECK(has(r.out, "have 2 solutions"));
  CHECK(has(r.out, "[yes] Leg_* Gamma_L = X_H (Lagrangian to Hamiltonian)"));
  CHECK(has(r.out, "30 checks: 30 yes, 0 no"));
  // the energy after an impact with ∫ as the text report writes it (it said int)
  CHECK(has(r.out, ": E_L(t) = exp(∫_{t1}^t ∂L/∂z) [E_L(q1, q1_dot, z1) - (1 - alpha)/(1 + alpha) T_l(t1)]; the printed "));
  const auto j = hamel::test::read_json(json.path());
  for (const char* id : {"contact.lagrangian", "contact.energy", "contact.herglotz_equations", "contact.dissipated",
                         "contact.contact_form", "contact.reeb_field", "contact.lagrangian_vector_field", "contact.hamiltonian",
                         "contact.hamiltonian_vector_field", "contact.impact.rim.velocity_map"})
    CHECK_MESSAGE(j["objects"].contains(id), id);
  const auto herglotz = hamel::test::entries(j, "contact.herglotz_equations");
  CHECK(same(herglotz.at("x_dot"), "-gamma*x_dot"));
  CHECK(same(herglotz.at("z"), "(x_dot^2 + y_dot^2)/2 - gamma*z"));
  const auto velocity_map = hamel::test::entries(j, "contact.impact.rim.velocity_map");
  REQUIRE(velocity_map.count("x_dot") == 1);
  CHECK(same(velocity_map.at("x_dot"), "(-x_dot*x^2 + x_dot*y^2 - 2*y_dot*x*y)/(x^2 + y^2)"));
  CHECK(hamel::test::scalar(j, "contact.impact.rim.energy_jump") == "0");
  CHECK(hamel::test::first_keys(j, "contact.impact.rim.solutions_of_8").size() == 2);
  CHECK(hamel::test::entries(j, "contact.impact.rim.momentum_map").count("p_y") == 1);
  CHECK(hamel::test::check(j, "contact.impact.rim.reflection")["holds"] == true);
  CHECK(hamel::test::check(j, "contact.energy_dissipated")["status"] == "as expected");
  CHECK(j["checks"].size() == 30);
}

TEST_CASE("hamel derive: the rolling sphere reports case 1 of 003 §4 and vanishing multipliers (A13, E14)") {
  hamel::test::TempFile json("", ".json");
  const Run r = run({"derive", "examples/contact_sphere.yaml", "--json", json.path(), "--brief"});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, " 0 no\n"));
  const auto j = hamel::test::read_json(json.path());
  const auto rank = hamel::test::entries(j, "contact.switching.rough.rank_change");
  CHECK(rank == std::map<std::string, std::string>{{"before", "0"}, {"at", "0"}, {"after", "2"}, {"case", "1"}});
  CHECK(hamel::test::entries(j, "contact.switching.rough.multipliers") == std::map<std::string, std::string>{{"1", "0"}, {"2", "0"}});
  CHECK(hamel::test::entries(j, "contact.switching.rough.velocity_jump").at("q3_dot") == "q3_dot");
  // Example 1: y_dot = 0 where y <= 0 (the constraint holds at the singular set)
  hamel::test::TempFile json2("", ".json");
  REQUIRE(run({"derive", "examples/contact_distribution.yaml", "--json", json2.path(), "--brief"}).status == 0);
  const auto d = hamel::test::read_json(json2.path());
  const auto lower = hamel::test::entries(d, "contact.switching.lower.rank_change");
  CHECK(lower.at("before") == "0");
  CHECK(lower.at("at") == "1");
  CHECK(lower.at("after") == "1");
  CHECK(hamel::test::entries(d, "contact.switching.lower.velocity_jump").at("y_dot") == "0");
}

TEST_CASE("hamel derive: Example 1 of 003 says what its case 0 means (the region y <= 0 contains its boundary)") {
  const Run r = run({"derive", "examples/contact_distribution.yaml"});
  CHECK(r.status == 0);
  CHECK(has(r.out, "constraints 0 before, 1 at, 1 after the crossing (case 0: rho- < rho0 = rho+ is none of the cases 1-3 of 003 §4; "
                   "the constraints already hold at the crossing point (the region contains its boundary), so the jump is "
                   "taken on reaching it, as in case 1); new constraints after the crossing: momentum jump"));
  CHECK(has(r.out, "  case = 0   [case 0: rho- < rho0 = rho+ is none of the cases 1-3 of 003 §4;"));
}

TEST_CASE("hamel derive: formulas in prose are typeset as displays are (V with gamma^10, the sleigh's constraint force)") {
  hamel::test::TempFile f("coordinates: [q]\nparameters: [k, gamma]\naction_dependent: true\n"
                          "lagrangian: \"q_dot^2/2 - k*q^12/12 - gamma^10*z\"\n");
  hamel::test::LatexReport report(f.path());
  REQUIRE(report.status() == 0);
  CHECK(has(report.text(), "with $V$ = $\\gamma^{10} z + \\frac{1}{12} k q^{12}$."));
  const Run text = run({"derive", f.path()});
  CHECK(has(text.out, "with V = gamma^10*z + k*q^12/12."));
  hamel::test::TempFile s("coordinates: [x, y, phi]\nparameters: [m, I, a, gamma]\naction_dependent: true\n"
                          "lagrangian: \"m*(x_dot^2 + y_dot^2)/2 + I*phi_dot^2/2 - gamma*z\"\n"
                          "constraints: [\"-sin(phi)*x_dot + cos(phi)*y_dot - a*phi_dot\"]\n");
  hamel::test::LatexReport sleigh(s.path());
  REQUIRE(sleigh.status() == 0);
  CHECK(has(sleigh.text(), "its momentum $p_{\\varphi}$ = $I \\dot{\\varphi}$ is not dissipated under the constraints: "
                           "$d/dt p_{\\varphi} - (\\partial L/\\partial z) p_{\\varphi}$ = $-a \\lambda_{1}$, which does not vanish on $D$"));
}

TEST_CASE("hamel derive: the LaTeX report of the sphere compiles, with the jump and the multipliers named") {
  hamel::test::LatexReport report("examples/contact_sphere.yaml");
  REQUIRE(report.status() == 0);
  CHECK(has(report.text(), "$\\lambda_{1} = 0$"));  // a vanishing object is a sentence, not a display
  CHECK(has(report.text(), "\\dot{x}^{+} &= "));
  CHECK(has(report.text(), "\\ddot{q}_{1} &= "));  // the dot on the letter, the index outside
  hamel::test::check_compiles(report);
}

TEST_CASE("hamel check: the printed formulas of 001 and 003, errata flagged") {
  SUBCASE("the billiard: z(t) (E2) and (33) (E4)") {
    const Run r = run({"check", "examples/contact_billiard.yaml", "examples/contact_billiard.claims.yaml"});
    CHECK(r.status == 0);
    CHECK(has(r.out, "FALSE x(t), y(t) and z(t) as printed [001 §III (E2)]"));
    CHECK(has(r.out, "TRUE  x(t), y(t) and z(t) corrected"));
    CHECK(has(r.out, "FALSE p_y_dot = -gamma p_x as printed [001 (33) (E4)]"));
    CHECK(has(r.out, "TRUE  x_dot+ [001 (25)]"));
    CHECK(has(r.out, "TRUE  p_y+ [001 (35)]"));
    CHECK(has(r.out, "17 claims: 15 true, 2 false"));
  }
  SUBCASE("polar billiard: (29) (E3)") {
    const Run r = run({"check", "examples/contact_billiard_polar.yaml", "examples/contact_billiard_polar.claims.yaml"});
    CHECK(has(r.out, "FALSE r_ddot = -gamma r_dot + l0 exp(-gamma t)/r as printed [001 (29) (E3)]"));
    CHECK(has(r.out, "TRUE  r^2 theta_dot is dissipated [001 (28)]"));
    CHECK(has(r.out, "7 claims: 6 true, 1 false"));
  }
  SUBCASE("ellipse: (36)-(37) hold") {
    const Run r = run({"check", "examples/contact_ellipse.yaml", "examples/contact_ellipse.claims.yaml"});
    CHECK(r.status == 0);
    CHECK(has(r.out, "3 claims: 3 true, 0 false"));
  }
  SUBCASE("the sphere: (83), (85) (E14) and the arrival time (E16)") {
    const Run r = run({"check", "examples/contact_sphere.yaml", "examples/contact_sphere.claims.yaml"});
    CHECK(has(r.out, "FALSE k^2 omega_dot + beta omega = 0 as printed [003 (83) (E14)]"));
    CHECK(has(r.out, "FALSE the rough half-plane is reached at t = -x0/xd0 as printed [003 Example 3 (E16)]"));
    CHECK(has(r.out, "TRUE  the motion on the smooth half-plane corrected"));
    CHECK(has(r.out, "TRUE  (omega_y)+ [003 (88)]"));
    CHECK(has(r.out, "TRUE  lambda_1 = 0 on the rough half-plane"));
    CHECK(has(r.out, "20 claims: 17 true, 3 false"));
  }
  SUBCASE("Example 1") {
    const Run r = run({"check", "examples/contact_distribution.yaml", "examples/contact_distribution.claims.yaml"});
    CHECK(r.status == 0);
    CHECK(has(r.out, "4 claims: 4 true, 0 false"));
  }
}

TEST_CASE("hamel check: the rolling cylinder's printed aerial equations, impact and energies (E6, E9, E10, E12)") {
  const Run r = run({"check", "examples/contact_cylinder.yaml", "examples/contact_cylinder.claims.yaml"});
  CHECK(r.status == 0);
  CHECK(has(r.out, "FALSE m x_ddot - beta x_dot = 0 as printed [003 §3.2 (E6)]"));
  CHECK(has(r.out, "TRUE  M h_ddot + k h + M g - M beta h_dot = 0 (missing) [E6]"));
  CHECK(has(r.out, "FALSE y_dot+ as printed [003 (39) (E10)]"));
  CHECK(has(r.out, "TRUE  y_dot+ corrected [E10 corrected]"));
  CHECK(has(r.out, "FALSE E+ = V(q1, q_dot1, z1) - (1-alpha)/(1+alpha) T_l as printed [003 (36), Prop. 3 (E9)]"));
  CHECK(has(r.out, "TRUE  E+ = E_L(q1, q_dot1, z1) - (1-alpha)/(1+alpha) T_l [Prop. 3, E9 corrected]"));
  CHECK(has(r.out, "FALSE min over psi of Psi at psi = pi as printed [003 §3.2 (E12)]"));
  CHECK(has(r.out, "25 claims: 15 true, 10 false"));
}

TEST_CASE("hamel simulate: the billiard's CSV matches the exact solution (A5), plots drawn") {
  hamel::test::TempFile csv("", ".csv");
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("hamel_contact_plot_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const Run r = run({"simulate", "examples/contact_billiard.yaml", "--csv", csv.path(), "--plot", (dir / "b.svg").string()});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "8 events"));
  CHECK(has(r.out, "0.411446292052"));
  // the law in Unicode as the derivation writes it (it said exp(int dL/dz))
  CHECK(has(r.out, "\nenergy law between events, E_L(t) = exp(∫_{t_k}^t ∂L/∂z) E_L(t_k+) (001 (7b), 003 Prop. 3 corrected): "
                   "max relative deviation "));
  std::ifstream in(csv.path());
  std::string header, line, last;
  std::getline(in, header);
  CHECK(header == "t,x,y,x_dot,y_dot,z,E");
  std::size_t rows = 0;
  while (std::getline(in, line)) {
    last = line;
    ++rows;
  }
  CHECK(rows == 1001);
  std::vector<double> v;
  std::stringstream ss(last);
  for (std::string cell; std::getline(ss, cell, ',');) v.push_back(std::stod(cell));
  REQUIRE(v.size() == 7);
  CHECK(v[0] == doctest::Approx(10.0));
  CHECK(std::abs(v[1] - 0.2054053487) < 1e-9);
  CHECK(std::abs(v[2] + 0.5579439759) < 1e-9);
  CHECK(std::abs(v[5] - 9.9850116604) < 1e-9);
  CHECK(std::abs(v[6] - 0.999000499833) < 1e-11);
  if (hamel::find_gnuplot().empty()) {
    MESSAGE("skipped the plot files: gnuplot is not installed");
  } else {
    CHECK(std::filesystem::exists(dir / "b.svg"));
    CHECK(std::filesystem::exists(dir / "b-path.svg"));
  }
  std::filesystem::remove_all(dir);
  std::filesystem::remove(csv.path().substr(0, csv.path().size() - 4) + "-events.csv");
  // no simulate section
  hamel::test::TempFile nosim{std::string(kBilliard)};
  CHECK(has(run({"simulate", nosim.path()}).err, "has nothing to simulate"));
}

TEST_CASE("hamel simulate: a Zeno run's hint names this file's key, 'max_events'") {
  hamel::test::TempFile f(
      "coordinates: [y]\nparameters: [g, gamma]\naction_dependent: true\nlagrangian: \"y_dot^2/2 - g*y - gamma*z\"\n"
      "impulsive:\n  floor: {constraint: \"y >= 0\", restitution: 0.5}\n"
      "simulate: {values: {g: 10, gamma: 0.1}, initial: {y: 1, y_dot: 0, z: 0}, time: 5, max_events: 40}\n");
  const Run r = run({"simulate", f.path(), "--brief"});
  CHECK(r.status == 1);  // stopped before t = 5, as the hybrid module's runs exit
  CHECK_MESSAGE(has(r.out, "shrinking: Zeno accumulation near t = 1.319040875"), r.out);
  CHECK(has(r.out, "hint: raise 'max_events' in 'simulate', or switch the system to a constrained mode"));
  CHECK(has(r.out, "(stopped before t = 5: Zeno accumulation), 39 events"));
}

TEST_CASE("hamel simulate: a contact run stopped by Zeno accumulation names the interval it simulated, and exits 1") {
  // docs/contact.md's ball with Herglotz damping on the floor y + x/4 >= 0: 68 impacts, then Zeno at 3.457
  hamel::test::TempFile f(
      "coordinates: [x, y]\nparameters: [m, g, gamma, s, alpha]\naction_dependent: true\n"
      "lagrangian: \"m*(x_dot^2 + y_dot^2)/2 - m*g*y - gamma*z\"\n"
      "impulsive:\n  floor: {constraint: \"y + s*x >= 0\", restitution: alpha}\n"
      "simulate:\n  values: {m: 1, g: 9.81, gamma: 0.3, s: 0.25, alpha: 0.8}\n  initial: {x: 0, y: 1, x_dot: 1, y_dot: 0}\n"
      "  time: 10\n  step: 0.001\n");
  const Run r = run({"simulate", f.path(), "--brief"});
  CHECK(r.status == 1);
  // before: "t in [0, 10], 68 events" and "max events: 68 events …", exit status 0
  CHECK_MESSAGE(has(r.out, ": t in [0, 3.45740418568] (stopped before t = 10: Zeno accumulation), 68 events"), r.out);
  CHECK(has(r.out, "\nstopped: 68 events (68 impacts), then Zeno accumulation at t = 3.45740499703"));
  CHECK_FALSE(has(r.out, "t in [0, 10]"));
  CHECK_FALSE(has(r.out, "max events:"));
  // a run that reaches its end says nothing more
  std::string text = hamel::test::read_text(f.path());
  text.replace(text.find("time: 10"), 8, "time: 1");
  hamel::test::TempFile short_run(text);
  const Run s = run({"simulate", short_run.path(), "--brief"});
  CHECK(s.status == 0);
  CHECK(has(s.out, ": t in [0, 1], "));
  CHECK_FALSE(has(s.out, "stopped"));
}

TEST_CASE("hamel simulate: the multipliers of an always-on constraint are CSV columns, as (15) gives them by hand") {
  // W = 1, F = -gamma q_dot, psi = (-x, 1): d/dt (y_dot - x x_dot) = 0 gives
  // lambda (1 + x^2) = x_dot^2 + gamma (y_dot - x x_dot)
  hamel::test::TempFile f(
      "coordinates: [x, y]\nparameters: [gamma]\naction_dependent: true\n"
      "lagrangian: \"(x_dot^2 + y_dot^2)/2 - gamma*z\"\nconstraints: [\"y_dot - x*x_dot\"]\n"
      "simulate: {values: {gamma: 0.3}, initial: {x: 0.2, y: 0, x_dot: 1, y_dot: 0.2, z: 0}, time: 2, step: 0.01}\n");
  hamel::test::TempDir dir;
  const Run r = run({"simulate", f.path(), "--csv", dir.file("n.csv"), "--brief"});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "rows: t, q, q_dot, z, E, lambda)"));
  const hamel::test::Csv c = hamel::test::read_csv(dir.file("n.csv"));
  REQUIRE(c.rows.size() == 201);
  const std::size_t x = c.column("x"), xd = c.column("x_dot"), yd = c.column("y_dot"), l = c.column("lambda1");
  for (const auto& row : c.rows) {
    const double by_hand = (row[xd] * row[xd] + 0.3 * (row[yd] - row[x] * row[xd])) / (1 + row[x] * row[x]);
    CHECK(std::fabs(row[l] - by_hand) < 1e-12);
  }
  CHECK(c.rows[0][l] == doctest::Approx(1 / 1.04));
  CHECK(std::ifstream(dir.file("n-events.csv")).good());  // written, with its header only: no event
  CHECK(hamel::test::read_csv(dir.file("n-events.csv")).rows.empty());
}

TEST_CASE("hamel simulate: a switching set's multiplier is NaN until its switch, then g, the switch is a row of OUT-events.csv") {
  // a particle falling onto y = 0, where y_dot = 0 switches on: y_dd = -g - beta y_dot + lambda = 0
  // with y_dot = 0 gives lambda = g
  hamel::test::TempFile f(
      "coordinates: [x, y]\nparameters: [g, beta]\naction_dependent: true\n"
      "lagrangian: \"(x_dot^2 + y_dot^2)/2 - g*y - beta*z\"\n"
      "switching:\n  floor: {where: \"y <= 0\", constraints: [\"y_dot\"]}\n"
      "simulate: {values: {g: 9.81, beta: 0.5}, initial: {x: 0, y: 0.5, x_dot: 1, y_dot: 0, z: 0}, time: 1, step: 0.01}\n");
  hamel::test::TempDir dir;
  const Run r = run({"simulate", f.path(), "--csv", dir.file("s.csv"), "--brief"});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "events written to " + dir.file("s-events.csv")));
  const hamel::test::Csv ev = hamel::test::read_csv(dir.file("s-events.csv"));
  REQUIRE(ev.rows.size() == 1);
  CHECK(ev.cells[0][ev.column("guard")] == "floor");
  CHECK(ev.cells[0][ev.column("kind")] == "switch");
  const auto& e = ev.rows[0];
  const double t_switch = e[ev.column("t")];
  CHECK(std::fabs(e[ev.column("y_before")]) < 1e-12);       // on the boundary y = 0
  CHECK(e[ev.column("y_dot_before")] < -1);                  // falling
  CHECK(std::fabs(e[ev.column("y_dot_after")]) < 1e-12);     // the jump onto y_dot = 0 (003 (74))
  CHECK(e[ev.column("x_dot_after")] == e[ev.column("x_dot_before")]);
  // Carnot with alpha = 0: E+ - E- = -T_l = -y_dot-^2/2
  CHECK(std::fabs(e[ev.column("E_jump")] + 0.5 * e[ev.column("y_dot_before")] * e[ev.column("y_dot_before")]) < 1e-12);
  const hamel::test::Csv c = hamel::test::read_csv(dir.file("s.csv"));
  const std::size_t t = c.column("t"), l = c.column("lambda_floor_1");
  std::size_t before = 0, after = 0;
  for (const auto& row : c.rows) {
    if (row[t] < t_switch) {
      CHECK(std::isnan(row[l]));
      ++before;
    } else {
      CHECK(std::fabs(row[l] - 9.81) < 1e-9);
      ++after;
    }
  }
  CHECK(before > 10);
  CHECK(after > 10);
}

TEST_CASE("hamel simulate: the billiard's impacts in OUT-events.csv lie on the rim and reflect the velocity") {
  hamel::test::TempDir dir;
  const Run r = run({"simulate", "examples/contact_billiard.yaml", "--csv", dir.file("b.csv"), "--brief"});
  REQUIRE(r.status == 0);
  const hamel::test::Csv ev = hamel::test::read_csv(dir.file("b-events.csv"));
  REQUIRE(ev.rows.size() == 8);
  const std::size_t x = ev.column("x_before"), y = ev.column("y_before");
  for (std::size_t k = 0; k < ev.rows.size(); ++k) {
    const auto& e = ev.rows[k];
    CHECK(ev.cells[k][ev.column("guard")] == "rim");
    CHECK(ev.cells[k][ev.column("kind")] == "impact");
    CHECK(e[ev.column("event")] == k + 1);
    CHECK(std::fabs(e[x] * e[x] + e[y] * e[y] - 1) < 1e-9);
    // restitution 1, W = 1: v+ = v- - 2 (v-.n) n with n = (x, y)
    const double vx = e[ev.column("x_dot_before")], vy = e[ev.column("y_dot_before")], vn = vx * e[x] + vy * e[y];
    CHECK(std::fabs(e[ev.column("x_dot_after")] - (vx - 2 * vn * e[x])) < 1e-9);
    CHECK(std::fabs(e[ev.column("y_dot_after")] - (vy - 2 * vn * e[y])) < 1e-9);
    CHECK(e[ev.column("z_after")] == e[ev.column("z_before")]);
  }
  const Run to_stdout = run({"simulate", "examples/contact_billiard.yaml", "--csv", "-", "--brief"});
  CHECK(has(to_stdout.err, "events CSV: not written (the trajectory went to standard output)"));
}

TEST_CASE("hamel derive: bad contact input names file:line:column and exits 2") {
  expect_error("coordinates: [x, z]\naction_dependent: true\nlagrangian: \"x_dot^2/2\"\n", "1:18",
               "the name 'z' is the action variable of an action-dependent system (001 (3)); expected another name, got 'z'");
  expect_error("coordinates: [x]\nparameters: [z]\naction_dependent: true\nlagrangian: \"x_dot^2/2\"\n", "2:14", "the name 'z' is the action variable");
  expect_error("coordinates: [x, y]\nlagrangian: \"(x_dot^2 + y_dot^2)/2\"\nimpulsive:\n  rim: {constraint: \"x < 1\"}\n", "3:1",
               "'impulsive' belongs to contact systems; expected 'action_dependent: true' in the file, got none");
  expect_error("coordinates: [x]\naction_dependent: yes\nlagrangian: \"x_dot^2/2\"\n", "2:19", "'action_dependent': expected true or false, got 'yes'");
  expect_error(std::string(kBilliard) + "impulsive:\n  rim: {constraint: \"x^2 + y^2 - 1\"}\n", "6:21",
               "expected an inequality such as 'x > 0' or 'x^2 + y^2 <= 1', got 'x^2 + y^2 - 1'");
  expect_error(std::string(kBilliard) + "impulsive:\n  rim: {constraint: \"x^2 + y^2 <= 1 < 2\"}\n", "6:21", "expected one comparison");
  expect_error(std::string(kBilliard) + "impulsive:\n  rim: {constraint: \"x^2 + y^2 <= 1\", restitution: 1.5}\n", "6:52",
               "expected a restitution coefficient in [0, 1], got '1.5'");
  // a restitution given by a parameter is checked with the values of 'simulate', its number written as elsewhere
  expect_error("coordinates: [x, y]\nparameters: [gamma, e]\naction_dependent: true\nlagrangian: \"(x_dot^2 + y_dot^2)/2 - gamma*z\"\n"
               "impulsive:\n  rim: {constraint: \"x^2 + y^2 <= 1\", restitution: e}\n"
               "simulate:\n  values: {gamma: 1, e: 1.5}\n  initial: {x: 0.5, y: 0, x_dot: 1, y_dot: 1}\n  time: 1\n",
               "6:52", "impulsive constraint rim: expected a restitution coefficient in [0, 1], got 1.5 with the values of 'simulate'\n",
               "simulate");
  expect_error(std::string(kBilliard) + "impulsive:\n  rim: {constraint: \"x < 1\", restitusion: 1}\n", "6:30",
               "unknown key 'restitusion' in impulsive constraint rim; expected one of constraint restitution, got 'restitusion' (did you mean 'restitution'?)");
  expect_error(std::string(kBilliard) + "impulsive:\n  rim: {constraint: \"x + z < 1\"}\n", "6:26",
               "undeclared symbol 'z'; expected a declared name, got 'z' (z is the action variable, allowed only in the Lagrangian)");
  expect_error(std::string(kBilliard) + "impulsive:\n  rim: {constraint: \"1 < 2\"}\n", "6:21", "expected an inequality in the coordinates");
  expect_error("coordinates: [x, y]\naction_dependent: true\nlagrangian: \"x_dot^2/2 - z\"\n", "3:13", "the Lagrangian is singular");
  expect_error("coordinates: [x, y]\naction_dependent: true\n", "1:1", "missing key 'lagrangian'");
  // a parameter named as a momentum of T∗Q × R (the message said T*Q x R)
  expect_error("coordinates: [x]\nparameters: [p_x]\naction_dependent: true\nlagrangian: \"x_dot^2/2 - p_x*z\"\n", "1:14",
               "the momenta p_<coordinate> of T∗Q × R are reserved names; expected other names for parameters and functions, "
               "got a clash (duplicate name 'p_x'; expected distinct names for coordinates, parameters and functions, got 'p_x' twice)\n");
  // z in a Lagrangian without the flag: the reader says what z would be
  expect_error("coordinates: [q]\nparameters: [gamma]\nlagrangian: \"q_dot^2/2 - gamma*z\"\n", "3:32",
               "'lagrangian': undeclared symbol 'z'; expected a declared name, got 'z' (z is the action: set action_dependent: true)");
  expect_error(std::string(kBilliard) + "constraints: [\"x_dot^2 - y_dot\"]\n", "5:15", "not linear in the velocities");
  expect_error(std::string(kBilliard) + "switching:\n  s: {where: \"x > 0\", constraints: [\"x_dot\", \"2*x_dot\"]}\n", "6:36",
               "the constraints are dependent; expected 2 independent constraints, got rank 1");
  expect_error(std::string(kBilliard) + "switching:\n  s: {where: \"x > 0\"}\n", "6:6", "expected 'constraints'");
  expect_error(std::string(kBilliard) + "switching:\n  s: {where: \"x > 0\", constraints: [\"y_dot + z\"]}\n", "6:46", "undeclared symbol 'z'");
}

TEST_CASE("hamel simulate: bad simulate sections name file:line:column and exit 2") {
  const std::string base = std::string(kBilliard) + "impulsive:\n  rim: {constraint: \"x^2 + y^2 <= 1\"}\n";
  expect_error(base + "simulate:\n  initial: {x: 0.5, y: 0, x_dot: 1, y_dot: 1}\n  time: 1\n", "8:3",
               "'simulate: values': expected a number for every parameter of the system, got none for gamma", "simulate");
  expect_error(base + "simulate:\n  values: {gama: 1}\n", "8:12", "unknown parameter 'gama'; expected one of gamma, got 'gama' (did you mean 'gamma'?)", "simulate");
  expect_error(base + "simulate:\n  values: {gamma: 1}\n  initial: {x: 0.5, y: 0, x_dt: 1, y_dot: 1}\n  time: 1\n", "9:27",
               "unknown name 'x_dt'; expected a coordinate, a velocity or z, got 'x_dt' (did you mean 'x_dot'?)", "simulate");
  expect_error(base + "simulate:\n  values: {gamma: 1}\n  initial: {x: 0.5, y: 0, y_dot: 1}\n  time: 1\n", "9:12",
               "expected a value for every coordinate and velocity, got none for x_dot", "simulate");
  expect_error(base + "simulate:\n  values: {gamma: 1}\n  initial: {x: 0.5, y: 0, x_dot: 1, y_dot: 1}\n  time: [2.5, 1e-3]\n", "10:9",
               "'simulate: time': expected an end time after the start 2.5, got 0.001\n", "simulate");
  expect_error(base + "simulate:\n  values: {gamma: 1}\n  initial: {x: 0.5, y: 0, x_dot: 1, y_dot: 1}\n  time: 1\n  stepp: 0.1\n", "11:3",
               "unknown key 'stepp' in 'simulate'", "simulate");
  expect_error(base + "simulate:\n  values: {gamma: x}\n", "8:19", "undeclared symbol 'x'", "simulate");
  // a knife edge at phi = 0.3 started with velocities rounded to six digits: off its constraint by 5e-8,
  // and told to write them exactly
  expect_error(std::string(kBilliard) + "constraints: [\"sin(0.3)*x_dot - cos(0.3)*y_dot\"]\n"
                                        "simulate:\n  values: {gamma: 1}\n  initial: {x: 0, y: 0, x_dot: 0.955336, y_dot: 0.29552}\n"
                                        "  time: 1\n",
               "8:12", "the initial velocities violate the active constraints; expected psi q_dot = 0 to 1e-9 (values written exactly", "simulate");
}

TEST_CASE("hamel check: a dissipated claim under always-on constraints is decided along Gamma_{L,D} (the sleigh's p_phi)") {
  hamel::test::TempFile f(
      "coordinates: [x, y, phi]\nparameters: [m, I, a, gamma]\naction_dependent: true\n"
      "lagrangian: \"m*(x_dot^2 + y_dot^2)/2 + I*phi_dot^2/2 - gamma*z\"\n"
      "constraints: [\"-sin(phi)*x_dot + cos(phi)*y_dot - a*phi_dot\"]\n"
      "switching:\n  pin: {where: \"x > 0\", constraints: [\"x_dot\"]}\n");
  hamel::test::TempFile claims(
      "claims:\n"
      "  - {name: p_phi, dissipated: {function: \"I*phi_dot\"}}\n"
      "  - {name: p_phi not, dissipated: {function: \"I*phi_dot\", holds: false}}\n"
      "  - {name: E_L, dissipated: {function: \"m*(x_dot^2 + y_dot^2)/2 + I*phi_dot^2/2 + gamma*z\"}}\n"
      "  - {name: pinned, dissipated: {function: \"I*phi_dot\", switching: pin}}\n");
  const Run r = run({"check", f.path(), claims.path()});
  INFO(r.out << r.err);
  CHECK(has(r.out, "FALSE p_phi  ("));
  CHECK(has(r.out, "along Gamma_{L,D} on D × R"));
  CHECK(has(r.out, "derived: not dissipated under the constraints: Gamma_{L,D}(f) - (∂L/∂z) f = "));
  CHECK(has(r.out, " on D × R\n"));  // as the text report writes it: no ASCII dL/dz, D x R
  CHECK_FALSE(has(r.out, "dL/dz"));
  CHECK_FALSE(has(r.out, "D x R"));
  CHECK(has(r.out, "TRUE  p_phi not"));
  CHECK(has(r.out, "TRUE  E_L"));
  // with x_dot = 0 as well, y_dot = a phi_dot/cos(phi) and lambda makes phi_dot decay faster than gamma
  CHECK(has(r.out, "FALSE pinned"));
  CHECK(has(r.out, "4 claims: 2 true, 2 false"));
}

TEST_CASE("hamel check --json: an impact claim's witness has the wall's restitution between 0 and 1, with both values there") {
  // a Herglotz pendulum at a wall theta <= thw with restitution alpha; the energy jump claimed with
  // (1 - alpha) for (1 - alpha^2)
  const auto [r, j] = hamel::test::check_with_json(
      "coordinates: [theta]\nparameters: [m, l, g, gamma, thw, alpha]\naction_dependent: true\n"
      "lagrangian: \"m*l^2/2*theta_dot^2 + m*g*l*cos(theta) - gamma*z\"\n"
      "impulsive:\n  wall: {constraint: \"theta <= thw\", restitution: alpha}\n",
      "claims:\n  - energy_jump: {impulsive: wall, value: \"-(1 - alpha)*m*l^2*theta_dot^2/2\"}\n");
  CHECK(r.status == 1);
  const auto& ce = j["claims"][0]["counterexample"];
  const std::map<std::string, double> point = hamel::test::counterexample_point(j, 0);
  const auto at = [&](const char* n) { return point.at(n); };
  const double a = at("alpha"), m = at("m"), l = at("l"), v = at("theta_dot");
  CHECK(a > 0);  // it was 1.30018, drawn in the probe range (1/2, 5/2) of a positive parameter
  CHECK(a <= 1);
  CHECK(std::stod(ce["derived"].get<std::string>()) == doctest::Approx(-(1 - a * a) * m * l * l * v * v / 2).epsilon(1e-5));
  CHECK(std::stod(ce["claimed"].get<std::string>()) == doctest::Approx(-(1 - a) * m * l * l * v * v / 2).epsilon(1e-5));
}

TEST_CASE("hamel check: bad contact claims name the claims file and exit 2") {
  hamel::test::TempFile claims("claims:\n  - impact_map: {impulsive: rimm, coordinate: x_dot, value: \"x_dot\"}\n");
  const Run r = run({"check", "examples/contact_billiard.yaml", claims.path()});
  CHECK(r.status == 2);
  CHECK(has(r.err, claims.path() + ":2:29: 'impulsive': unknown name 'rimm'; expected one of rim, got 'rimm' (did you mean 'rim'?)"));
  hamel::test::TempFile claims2("claims:\n  - herglotz_equation: {coordinate: w, value: \"0\"}\n");
  CHECK(has(run({"check", "examples/contact_billiard.yaml", claims2.path()}).err, "unknown name 'w'"));
  hamel::test::TempFile claims3("claims:\n  - momentum_jump: {switching: rough, coordinate: x_dot, value: \"0\"}\n");
  CHECK(has(run({"check", "examples/contact_sphere.yaml", claims3.path()}).err, "'coordinate' (a momentum): unknown name 'x_dot'"));
  hamel::test::TempFile claims4("claims:\n  - multiplier: {index: 1, value: \"0\"}\n");
  CHECK(has(run({"check", "examples/contact_billiard.yaml", claims4.path()}).err,
            "expected constraints: the system file has no 'constraints' and the claim names no 'switching'"));
  // a contact claim on a nonholonomic file
  hamel::test::TempFile claims5("claims:\n  - energy: {value: \"0\"}\n");
  CHECK(has(run({"check", "examples/nonholonomic_particle.yaml", claims5.path()}).err, "needs a contact system"));
}

}  // TEST_SUITE

TEST_CASE("hamel check: a false dissipated claim without constraints gives the defect d/dt f - (∂L/∂z) f") {
  // the damped pendulum, L = m l² θ_dot²/2 + m g l cos θ − γ z: θ_dot alone is not dissipated, since
  // d/dt θ_dot = −(g/l) sin θ − γ θ_dot; the defect is −(g/l) sin θ
  hamel::test::TempFile f(
      "coordinates: [theta]\nparameters: [m, l, g, gamma]\naction_dependent: true\n"
      "lagrangian: \"m*l^2*theta_dot^2/2 + m*g*l*cos(theta) - gamma*z\"\n");
  hamel::test::TempFile claims("claims:\n  - {name: rate, dissipated: {function: \"theta_dot\"}}\n");
  const Run r = run({"check", f.path(), claims.path()});
  INFO(r.out << r.err);
  CHECK(has(r.out, "FALSE rate  ("));
  CHECK(has(r.out, "derived: not dissipated: Gamma_L(f) - (∂L/∂z) f = -g*sin(theta)/l\n"));
  // a true one says why, in the same notation (the claims report has no LaTeX form: Unicode, not ASCII)
  hamel::test::TempFile energy("claims:\n  - {name: E_L, dissipated: {function: \"m*l^2*theta_dot^2/2 - m*g*l*cos(theta) + gamma*z\", holds: false}}\n");
  const Run e = run({"check", f.path(), energy.path()});
  INFO(e.out << e.err);
  CHECK(has(e.out, "FALSE E_L  ("));
  CHECK(has(e.out, "derived: dissipated (Gamma_L(f) = (∂L/∂z) f)\n"));
  // an unknown coordinate of a Hamiltonian field is named on T∗Q × R, as the report names it
  hamel::test::TempFile field("claims:\n  - hamiltonian_vector_field: {coordinate: w, value: \"0\"}\n");
  const Run h = run({"check", f.path(), field.path()});
  CHECK(h.status == 2);
  CHECK(has(h.err, field.path() + ":2:44: 'coordinate' (a coordinate of T∗Q × R): unknown name 'w'; expected one of"));
}
