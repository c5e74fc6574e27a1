// tests/cli/discrete/discrete_commands_test.cpp — `hamel derive | check | simulate` on the discrete
// system files (examples/discrete_*.yaml), and file:line:column errors for the keys of `discrete:`.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/symbolic.hpp"
#include "numerics/plot.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/csv.hpp"
#include "tests/support/check_report.hpp"
#include "tests/support/derivation_json.hpp"
#include "tests/support/latex_report.hpp"
#include "tests/support/temp_file.hpp"

namespace {

using hamel::test::Csv;
using hamel::test::entries;
using hamel::test::read_csv;
using hamel::test::has;
using hamel::test::Run;
using hamel::test::run;

// Two expressions printed in GiNaC's syntax denote the same function (term order may differ).
bool same_expression(const std::string& a, const std::string& b) {
  GiNaC::parser reader;  // symbols by name, shared by both parses
  const GiNaC::ex d = reader(a) - reader(b);
  return hamel::simplify(d).is_zero();
}

// A discrete file with one part replaced, for the error tests.
std::string p2_with(const std::string& discrete_body) {
  return "name: p2\nparameters: [h, {name: lambda, positive: false}]\ncoordinates: [x, y]\ndiscrete:\n" + discrete_body;
}

// The free knife edge, written with the constraint x_dot sin(theta) - y_dot cos(theta) (whose kernel solved
// naively is cot(theta) d_x + d_y, singular at theta = 0 = the identity of SE(2) and of the section).
std::string knife(const std::string& symmetry, const std::string& simulate = "", const std::string& extra = "",
                  const std::string& parameters = "h, m, I") {
  return "name: knife\nparameters: [" + parameters + "]\ncoordinates: [x, y, theta]\ndiscrete:\n  step: h\n  quadrature: midpoint\n"
         "  lagrangian: \"m/2*(x_dot^2 + y_dot^2) + I/2*theta_dot^2" + extra + "\"\n"
         "  constraints: [\"x_dot*sin(theta) - y_dot*cos(theta)\"]\n  symmetry: " + symmetry + "\n" + simulate;
}

}  // namespace

TEST_SUITE("cli") {

TEST_CASE("hamel derive: P2 prints (3), the connection checks, the reduced system and the Chaplygin reduction, JSON keys") {
  hamel::test::TempFile json("", ".json");
  const Run r = run({"derive", "examples/discrete_p2.yaml", "--json", json.path()});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "== Discrete Lagrange-d'Alembert equations (3)"));
  CHECK(has(r.out, "  E_x = "));
  CHECK(has(r.out, "  B1_x^y = "));
  CHECK(has(r.out, "[yes] (7) A_d(l_g0 q0, l_g1 q1) = g1 A_d(q0, q1) g0^-1"));
  CHECK(has(r.out, "[yes] reduced horizontal equations = unreduced (3) paired with Hor_q1(dr) (Theorem 5.11)  (symbolic (canonical form)"));
  CHECK(has(r.out, "[yes] (51) = the unreduced (3) paired with horizontal lifts along h_d"));
  CHECK(has(r.out, "[yes] reduced-then-reconstructed trajectory = unreduced integration (max |Δq| <= 10^-9 + 10^-9 max |q|)  (numeric: max |q_rec - q| = "));
  CHECK(has(r.out, "23 checks: 23 yes, 0 no"));
  const auto j = hamel::test::read_json(json.path());
  for (const char* id : {"discrete.lagrangian", "discrete.variational_constraints", "discrete.kinematic_constraints",
                         "discrete.equations", "discrete.symmetry.generators", "discrete.connection.form",
                         "discrete.nonholonomic_connection.graph", "discrete.reduced.lagrangian", "discrete.chaplygin.lagrangian"})
    CHECK_MESSAGE(j["objects"].contains(id), id);
  CHECK(same_expression(entries(j, "discrete.reduced.curvature_minus").at("y,x"), "(lambda - 1)*x0"));
  CHECK(same_expression(entries(j, "discrete.equations").at("x"), "((x1 - x0) - (x2 - x1))/h"));
  CHECK(same_expression(entries(j, "discrete.chaplygin.lagrangian").at(""), "((x1 - x0)^2 + (x1^2 - x0^2)^2/4)/(2*h)"));
  CHECK(entries(j, "discrete.connection.level").at("y") == "0");  // the level is the identity of (R, +)
  CHECK(hamel::test::check_by_id(j, "discrete.chaplygin.direct_sum")["holds"] == true);  // Def 10.1 holds
  CHECK(hamel::test::table_number(j, "discrete.simulation", "reconstruction error") < 1e-9);
  CHECK(entries(j, "discrete.newton.unknowns").size() == 3);
}

TEST_CASE("hamel derive: the disk, the horizontal-symmetry particle and the sleigh pass every check") {
  const Run disk = run({"derive", "examples/discrete_rolling_disk.yaml", "--brief"});
  REQUIRE(disk.status == 0);
  CHECK(has(disk.out, "[yes] (35) for rolling: lhs - rhs = -⟨E, xi(q1)_Q(q1)⟩"));
  CHECK(has(disk.out, "24 checks: 24 yes, 0 no"));  // with the section rolling in g^D
  // why Def 10.1 fails, in words: the library's function name (kinematic_connection) is no part of it
  const Run full = run({"derive", "examples/discrete_rolling_disk.yaml"});
  CHECK(has(full.out, "Def 10.1: dim g^D = 1, rank D + dim G = 2 + 3 (dim Q = 4); D_d: D_d cannot be the Hor of a discrete "
                      "connection; expected 3 kinematic constraints (dim G), got 2.\n"));
  CHECK_FALSE(has(full.out, "kinematic_connection"));
  const Run hs = run({"derive", "examples/discrete_horizontal_symmetry.yaml", "--brief"});
  REQUIRE(hs.status == 0);
  CHECK(has(hs.out, "[yes] (53) D_q ∩ V_q = h_Q(q) for all q (Def 11.1)"));
  CHECK(has(hs.out, "[yes] the system on Q/H = the unreduced (3) along h^mu_d (Theorem 11.13)"));
  CHECK(has(hs.out, " 0 no"));
  CHECK(has(hs.out, "== Simulation check (reduced, reconstructed, against unreduced)"));
  // the oscillator has no symmetry to reduce by: its run is named for what it is, not a check against anything
  const Run oscillator = run({"derive", "examples/discrete_nonholonomic_oscillator.yaml"});
  REQUIRE(oscillator.status == 0);
  CHECK(has(oscillator.out, "== Simulation (the unreduced equations (3))"));
  CHECK_FALSE(has(oscillator.out, "against unreduced"));
  const Run erratum = run({"derive", "examples/discrete_nonholonomic_particle.yaml", "--brief"});
  REQUIRE(erratum.status == 0);
  CHECK(has(erratum.out, "[no ] (53) D_q ∩ V_q = h_Q(q) for all q (Def 11.1)"));
  CHECK(has(erratum.out, "9 checks: 8 yes, 1 no"));
  // erratum 4: (53) fails as a fact of the system, not as a failure of the derivation
  CHECK(has(erratum.out, "no failures"));
  hamel::test::TempFile json("", ".json");
  REQUIRE(run({"derive", "examples/discrete_nonholonomic_particle.yaml", "--brief", "--json", json.path()}).status == 0);
  const auto c = hamel::test::check_by_id(hamel::test::read_json(json.path()), "discrete.horizontal_symmetry.horizontal");
  CHECK(c["holds"] == false);
  CHECK(c["expected"].is_null());
  CHECK(c["status"] == "fact");
}

TEST_CASE("hamel derive: the LaTeX report of P2 compiles") {
  hamel::test::LatexReport report("examples/discrete_p2.yaml");
  REQUIRE(report.status() == 0);
  CHECK(has(report.text(), "{B_{1}}{}_{x}^{y} &= "));
  CHECK(has(report.text(), "\\mathrm{Lcheck}_{d} &= "));
  hamel::test::check_compiles(report);
}

TEST_CASE("hamel check: the reconstructed formulas hold, erratum 4 is flagged FALSE with exit status 1") {
  const Run p2 = run({"check", "examples/discrete_p2.yaml", "examples/discrete_p2.claims.yaml"});
  CHECK(p2.status == 0);
  CHECK(has(p2.out, "TRUE  B_1 [Example 5.6]"));
  CHECK(has(p2.out, "TRUE  L*_d [Example 10.9]"));
  CHECK(has(p2.out, "9 claims: 9 true, 0 false"));
  CHECK(run({"check", "examples/discrete_rolling_disk.yaml", "examples/discrete_rolling_disk.claims.yaml"}).status == 0);
  CHECK(run({"check", "examples/discrete_horizontal_symmetry.yaml", "examples/discrete_horizontal_symmetry.claims.yaml"}).status == 0);
  const Run e4 = run({"check", "examples/discrete_nonholonomic_particle.yaml", "examples/discrete_nonholonomic_particle.claims.yaml"});
  CHECK(e4.status == 0);
  CHECK(has(e4.out, "FALSE the translations in z are a horizontal symmetry of z_dot = y x_dot"));
  CHECK(has(e4.out, "g^D_q = span{(1, y)} is not contained in h"));
  // a wrong claim is FALSE with a witness point
  hamel::test::TempFile wrong("claims:\n  - mixed_curvature: {slot: minus, group: y, shape: x, value: \"(1 - lambda)*x0\"}\n");
  const Run w = run({"check", "examples/discrete_p2.yaml", wrong.path()});
  CHECK(w.status == 1);
  CHECK(has(w.out, "FALSE mixed_curvature 1"));
  CHECK(has(w.out, "derived: "));
  CHECK(has(w.out, "they differ at"));
}

TEST_CASE("hamel check --json: a false discrete value claim gives both values at its witness, in the text and the JSON") {
  // the knife edge on an incline (Bloch §1.6), midpoint rule; the claim has the slope force with h, not h^2
  const auto [r, j] = hamel::test::check_with_json(
      "parameters: [h, m, J, gs]\ncoordinates: [x, y, phi]\ndiscrete:\n  step: h\n  quadrature: midpoint\n"
      "  lagrangian: \"m/2*(x_dot^2 + y_dot^2) + J/2*phi_dot^2 + m*gs*x\"\n"
      "  constraints: [\"sin(phi)*x_dot - cos(phi)*y_dot\"]\n",
      "claims:\n  - name: slope force with h\n    discrete_equation: {coordinate: x, value: \"m*(gs*h - x0 + 2*x1 - x2)/h\"}\n");
  CHECK(r.status == 1);
  const auto& ce = j["claims"][0]["counterexample"];
  const std::map<std::string, double> point = hamel::test::counterexample_point(j, 0);
  const auto at = [&](const char* n) { return point.at(n); };
  const double h = at("h"), m = at("m"), gs = at("gs"), x0 = at("x0"), x1 = at("x1"), x2 = at("x2");
  // E_x of the midpoint rule: m (gs h^2 - x0 + 2 x1 - x2)/h
  CHECK(std::stod(ce["derived"].get<std::string>()) == doctest::Approx(m * (gs * h * h - x0 + 2 * x1 - x2) / h).epsilon(1e-5));
  CHECK(std::stod(ce["claimed"].get<std::string>()) == doctest::Approx(m * (gs * h - x0 + 2 * x1 - x2) / h).epsilon(1e-5));
  CHECK(has(r.out, "(derived = " + ce["derived"].get<std::string>() + ", claimed = " + ce["claimed"].get<std::string>() + ")"));
}

TEST_CASE("hamel simulate: P2 writes the A7 trajectory, reconstructed = unreduced, CSV and plot") {
  hamel::test::TempFile csv("", ".csv");
  const std::string plot_base = csv.path().substr(0, csv.path().size() - 4) + "_plot";
  const Run r = run({"simulate", "examples/discrete_p2.yaml", "--csv", csv.path(), "--plot", plot_base + ".svg"});
  const bool plotted = !hamel::find_gnuplot().empty();
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "reduced-then-reconstructed vs unreduced: max |dq| = "));
  CHECK(has(r.out, "(agree)"));
  const Csv c = read_csv(csv.path());
  REQUIRE(c.rows.size() == 41);
  CHECK(std::fabs(c.rows[40][c.column("x")] - 2.8148463855379) < 1e-10);
  CHECK(std::fabs(c.rows[40][c.column("y")] - 3.83668008708788) < 1e-10);
  CHECK(std::fabs(c.rows[1][c.column("nu1")] - (-0.0704855124890671)) < 1e-10);
  CHECK(std::fabs(c.rows[40][c.column("y_reconstructed")] - 3.83668008708788) < 1e-10);
  CHECK(std::fabs(c.rows[0][c.column("w_y")] - 0.7 * 0.5 * (0.36 - 0.25)) < 1e-14);  // (1 − λ)(x1² − x0²)/2
  if (plotted) {
    std::ifstream svg(plot_base + ".svg");
    CHECK(svg.good());
  }
  for (const char* ext : {".svg", ".png", ".dat", ".gp"}) std::remove((plot_base + ext).c_str());
}

TEST_CASE("hamel simulate: the sleigh on SE(2) reduced and reconstructed agrees with the unreduced integration") {
  const Run r = run({"simulate", "examples/discrete_chaplygin_sleigh.yaml"});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "reduced: the reduced equations (Theorem 5.11) in (r, w), lifted by (31)/(43)"));
  CHECK(has(r.out, "(agree)"));
}

TEST_CASE("hamel simulate: the disk's discrete momentum J_rolling in the text and the CSV, as (32) gives it by hand") {
  hamel::test::TempFile csv("", ".csv");
  const Run r = run({"simulate", "examples/discrete_rolling_disk.yaml", "--csv", csv.path()});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "momentum J_rolling (32): J_0 = 0.749843758138, J_29 = 0.749843758138, max |J_k - J_0| = "));
  const Csv c = read_csv(csv.path());
  REQUIRE(c.rows.size() == 31);
  // midpoint L_d = h L(q_mid, dq/h) with L free of q, xi = (1, R cos phi, R sin phi) at q_k:
  // J = -D1 L_d(xi) = (I dtheta + m R (cos phi_k dx + sin phi_k dy))/h, h = 0.1, m = 1, R = 0.5, I = 0.125
  const std::size_t th = c.column("theta"), ph = c.column("phi"), x = c.column("x"), y = c.column("y"), J = c.column("J_rolling");
  for (std::size_t k = 0; k < 30; ++k) {
    const auto& a = c.rows[k];
    const auto& b = c.rows[k + 1];
    const double by_hand =
        (0.125 * (b[th] - a[th]) + 0.5 * (std::cos(a[ph]) * (b[x] - a[x]) + std::sin(a[ph]) * (b[y] - a[y]))) / 0.1;
    CHECK(std::fabs(a[J] - by_hand) < 1e-12);
    CHECK(std::fabs(a[J] - c.rows[0][J]) < 1e-12);  // conserved along the rolling direction (002 §9.4)
  }
  CHECK(std::isnan(c.rows[30][J]));  // no J_N: q_{N+1} is not computed
}

TEST_CASE("hamel simulate: energy of the variational integrator stays bounded while Heun's drifts (2000 steps)") {
  hamel::test::TempFile csv("", ".csv");
  const Run r = run({"simulate", "examples/discrete_nonholonomic_oscillator.yaml", "--csv", csv.path(), "--brief"});
  REQUIRE(r.status == 0);
  const Csv c = read_csv(csv.path());
  const std::size_t ev = c.column("energy_variational"), eh = c.column("energy_heun");
  double dla_first = 0, dla_last = 0, heun_first = 0, heun_last = 0;
  for (std::size_t k = 0; k < 2000; ++k) {
    const double d = std::fabs(c.rows[k][ev] - c.rows[0][ev]), h = std::fabs(c.rows[k][eh] - c.rows[0][eh]);
    (k < 1000 ? dla_first : dla_last) = std::max(k < 1000 ? dla_first : dla_last, d);
    (k < 1000 ? heun_first : heun_last) = std::max(k < 1000 ? heun_first : heun_last, h);
  }
  CHECK(dla_last < 5e-4);               // bounded: 4.2e-4 over the whole run (relative 5e-4)
  CHECK(dla_last < 1.1 * dla_first);    // no growth from the first half to the second
  CHECK(heun_last > 1.8 * heun_first);  // Heun's error grows (linearly, 1.6e-2 → 3.3e-2)
  CHECK(heun_last > 50 * dla_last);
}

TEST_CASE("hamel derive: the knife edge under SE(2) with its constraint's sign flipped is derived, every check as expected") {
  hamel::test::TempFile f(knife("{group: SE2, coordinates: [theta, x, y]}"));
  hamel::test::TempFile json("", ".json");
  const Run r = run({"derive", f.path(), "--json", json.path(), "--brief"});
  REQUIRE(r.status == 0);  // was "internal error: power::eval(): division by zero", exit 3
  CHECK(has(r.out, "[yes] D is G-invariant"));
  CHECK(has(r.out, "no failures"));
  const auto j = hamel::test::read_json(json.path());
  // the basis of D without denominators: cos(theta) d_x + sin(theta) d_y
  CHECK(same_expression(entries(j, "discrete.equations.on_d").at("1"),
                        "-m*((x0 - 2*x1 + x2)*cos(theta1) + (y0 - 2*y1 + y2)*sin(theta1))/h"));
}

TEST_CASE("hamel derive: a symmetry that is none gives 'no' verdicts with their reason, not a crash") {
  SUBCASE("a shift of theta moves D and D_d") {
    hamel::test::TempFile f(knife("{group: additive, coordinates: [theta]}"));
    const Run r = run({"derive", f.path(), "--brief"});
    REQUIRE(r.status == 0);
    CHECK(has(r.out, "[no ] D is G-invariant"));
    CHECK(has(r.out, "[no ] D_d is G-invariant"));
    CHECK(has(r.out, "failures: discrete.symmetry.variational discrete.symmetry.kinematic"));
  }
  SUBCASE("SE(2) with a potential in x: L_d is not invariant") {
    hamel::test::TempFile f(knife("{group: SE2, coordinates: [theta, x, y]}", "", " + m*x"));
    const Run r = run({"derive", f.path(), "--brief"});
    REQUIRE(r.status == 0);
    CHECK(has(r.out, "[no ] L_d is G-invariant"));
    CHECK(has(r.out, "[yes] D is G-invariant"));
  }
}

TEST_CASE("hamel simulate: the knife edge through theta = 0 reduces with g^D = span{cos(theta) e_x + sin(theta) e_y}") {
  const std::string sim = "  simulate:\n    values: {h: 0.1, m: 1.5, I: 0.4}\n    steps: 100\n"
                          "    q0: {x: 0, y: 0, theta: -0.05}\n    q1: {x: 0.1, theta: 0}\n";
  hamel::test::TempFile f(knife("{group: additive, coordinates: [x, y]}", sim));
  hamel::test::TempFile json("", ".json");
  const Run d = run({"derive", f.path(), "--json", json.path(), "--brief"});
  REQUIRE(d.status == 0);
  const auto j = hamel::test::read_json(json.path());
  CHECK(same_expression(entries(j, "discrete.nonholonomic_connection.vertical").at("1,x"), "cos(theta)"));
  CHECK(same_expression(entries(j, "discrete.nonholonomic_connection.vertical").at("1,y"), "sin(theta)"));
  CHECK(hamel::test::check_by_id(j, "discrete.simulation.reconstruction")["holds"] == true);
  // J^xi1 = m (cos(theta0) dx + sin(theta0) dy)/h, conserved along the blade (was singular at theta = 0)
  CHECK(hamel::test::table_number(j, "discrete.simulation", "max |J_k - J_0| of J_xi1") < 1e-12);
  const Run s = run({"simulate", f.path()});
  CHECK(s.status == 0);
  CHECK(has(s.out, "(agree)"));
}

TEST_CASE("hamel simulate: with friction Heun integrates the forced equations and the energy follows the work") {
  const std::string sim = "  force: {theta: \"-c*theta_dot\", x: \"-b*x_dot\", y: \"-b*y_dot\"}\n"
                          "  simulate:\n    values: {h: 0.05, m: 1, I: 0.2, c: 0.1, b: 0.05}\n    steps: 200\n"
                          "    q0: {x: 0, y: 0, theta: 0.5}\n    q1: {x: 0.05, theta: 0.6}\n    energy: true\n";
  hamel::test::TempFile f(knife("{group: additive, coordinates: [x, y]}", sim, "", "h, m, I, c, b"));
  hamel::test::TempFile csv("", ".csv");
  const Run r = run({"simulate", f.path(), "--csv", csv.path()});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "energy balance error max |E_k - E_0 - W_k| (W the work of the forces): variational "));
  const Csv c = read_csv(csv.path());
  const std::size_t eh = c.column("energy_heun"), wh = c.column("work_heun"), ev = c.column("energy_variational"),
                    wv = c.column("work_variational");
  CHECK(c.rows[200][eh] < 0.5 * c.rows[0][eh]);  // dissipated (it was constant: the force was left out)
  for (std::size_t k = 0; k <= 200; ++k) CHECK(std::fabs(c.rows[k][eh] - c.rows[0][eh] - c.rows[k][wh]) < 1e-5);
  for (std::size_t k = 0; k < 200; ++k) CHECK(std::fabs(c.rows[k][ev] - c.rows[0][ev] - c.rows[k][wv]) < 5e-3);
  hamel::test::TempFile json("", ".json");
  const Run d = run({"derive", f.path(), "--json", json.path(), "--brief"});
  REQUIRE(d.status == 0);
  CHECK(has(d.out, "no failures"));  // the bounded-energy check is not one for a forced system
  const auto j = hamel::test::read_json(json.path());
  CHECK(hamel::test::check_by_id(j, "discrete.simulation.energy_balance")["status"] == "fact");
  CHECK(hamel::test::table_number(j, "discrete.simulation", "energy balance error (Heun)") < 1e-5);
}

TEST_CASE("hamel derive: the disk's D_d is SE(2)-invariant as a set although its defining functions rotate") {
  const std::string disk =
      "name: disk\nparameters: [h, m, R, I, J]\ncoordinates: [x, y, phi, chi]\ndiscrete:\n  step: h\n  quadrature: trapezoidal\n"
      "  lagrangian: \"m/2*(x_dot^2 + y_dot^2) + I/2*chi_dot^2 + J/2*phi_dot^2\"\n"
      "  constraints: [\"x_dot - R*cos(phi)*chi_dot\", \"y_dot - R*sin(phi)*chi_dot\"]\n"
      "  symmetry: {group: SE2, coordinates: [phi, x, y]}\n";
  hamel::test::TempFile f(disk);
  const Run r = run({"derive", f.path(), "--brief"});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "[yes] D_d is G-invariant  (symbolic (canonical form), the defining functions are not invariant"));
  CHECK(has(r.out, "[yes] D_d = Dcheck_d o Phi"));
  CHECK(has(r.out, "no failures"));
}

TEST_CASE("hamel simulate: a step that fails is an error at the 'simulate' block, without internal class names") {
  // q1 half a turn away from q0 with h = 0.01: the Jacobian of the first step is singular
  const std::string sim = "  simulate:\n    values: {h: 0.01, m: 2, I: 0.5}\n    steps: 10\n"
                          "    q0: {x: 0, y: 0, theta: 0}\n    q1: {x: 0.1, theta: 3.14159265358979}\n";
  hamel::test::TempFile f(knife("{group: additive, coordinates: [x, y]}", sim));
  const Run r = run({"simulate", f.path()});
  CHECK(r.status == 2);
  CHECK(has(r.err, ":11:5: 'simulate': the integration of (3) failed: Newton's method met a singular Jacobian at step 1"));
  CHECK(has(r.err, "hint: reduce the step h, or check that (q_{k-1}, q_k) lies on D_d"));
  CHECK_FALSE(has(r.err, "DiscreteIntegrator"));
}

TEST_CASE("hamel check: the top-level 'domain' reaches the slots x0, x1, x2 of a discrete system (issue 19 §7)") {
  // V = sqrt(x^2) is x only for x > 0: with domain x in (0, 2) the claims written with x hold
  const std::string system =
      "parameters: [h]\ncoordinates: [x, y]\n%sdiscrete:\n  step: h\n  quadrature: midpoint\n"
      "  lagrangian: \"(x_dot^2 + y_dot^2)/2 - sqrt(x^2)\"\n";
  const auto with = [&](const std::string& domain) {
    std::string text = system;
    text.replace(text.find("%s"), 2, domain);
    return text;
  };
  hamel::test::TempFile claims(
      "claims:\n"
      "  - {name: L_d, discrete_lagrangian: {value: \"h*(((x1 - x0)^2 + (y1 - y0)^2)/(2*h^2) - (x0 + x1)/2)\"}}\n"
      "  - {name: E_x, discrete_equation: {coordinate: x, value: \"(x1 - x0)/h - (x2 - x1)/h - h\"}}\n");
  hamel::test::TempFile inside(with("domain: {x: [0, 2]}\n"));
  const Run r = run({"check", inside.path(), claims.path()});
  CHECK(r.status == 0);
  CHECK(has(r.out, "2 claims: 2 true, 0 false"));
  hamel::test::TempFile anywhere(with(""));
  const Run n = run({"check", anywhere.path(), claims.path()});
  CHECK(n.status == 1);
  CHECK(has(n.out, "2 claims: 0 true, 2 false"));
}

TEST_CASE("discrete system files: bad input gives file:line:column, what was expected and what was found") {
  struct Case {
    std::string body, expect;
  };
  const std::vector<Case> cases = {
      {"  step: h\n  lagrangian: \"x1\"\n  quadrature: simpson\n", ":7:15: 'quadrature': expected midpoint or trapezoidal, got 'simpson'"},
      {"  step: h\n  lagrangian: \"x1\"\n  quadrature: Trapezoidal\n",
       ":7:15: 'quadrature': expected midpoint or trapezoidal, got 'Trapezoidal' (did you mean 'trapezoidal'?)"},
      {"  step: h\n  lagrangian: \"(x1 - x0)^2/(2*h) + x_dot\"\n", ":6:36: 'lagrangian': undeclared symbol 'x_dot'; expected a declared name, got 'x_dot' (velocities appear only with 'quadrature'"},
      {"  step: h\n  lagrangian: \"(x1 - x)^2\"\n", "discrete expressions use the slot coordinates x0 and x1"},
      {"  lagrangian: \"x1\"\n", ":5:3: 'discrete': expected 'step' (the parameter h), got none"},
      {"  step: k\n  lagrangian: \"x1\"\n", ":5:9: 'step': undeclared symbol 'k'"},
      {"  step: h\n  lagrangian: \"x1\"\n  stepsize: 2\n", ":7:3: unknown key 'stepsize' in 'discrete'; expected one of"},
      {"  step: h\n  quadrature: midpoint\n  lagrangian: \"x_dot^3\"\n", "'lagrangian': the Lagrangian is not quadratic in the velocities"},
      {"  step: h\n  quadrature: midpoint\n  lagrangian: \"x_dot^2 + y_dot^2\"\n  constraints: [\"y_dot^2\"]\n",
       "variational constraint 1: constraint is not linear in the velocities"},
      {"  step: h\n  lagrangian: \"x1\"\n  constraints: [\"y_dot - x*x_dot\"]\n", "a list of velocity constraints needs 'quadrature'"},
      {"  step: h\n  lagrangian: \"x1\"\n  connection: trivial\n", ":7:15: 'connection' needs 'symmetry'"},
      {"  step: h\n  lagrangian: \"x1\"\n  symmetry: {group: SE2, coordinates: [y]}\n", "SE2 acts on three coordinates"},
      {"  step: h\n  lagrangian: \"x1\"\n  symmetry: {group: additive, coordinates: [z]}\n", "unknown coordinate 'z'; expected one of x y, got 'z'"},
      {"  step: h\n  lagrangian: \"x1\"\n  symmetry:\n    group: {product: {y: \"y_a + y_b + y_a*y_b^2\"}, inverse: {y: \"-y\"}}\n    coordinates: [y]\n",
       "'group': the law is not a group; expected associativity, an identity and inverses, got a failure of associativity"},
      {"  step: h\n  lagrangian: \"x1\"\n  symmetry: {coordinates: [y]}\n  connection: {x: \"x1 - x0\"}\n",
       "'connection': unknown coordinate 'x'; expected one of y, got 'x'"},
      {"  step: h\n  quadrature: midpoint\n  lagrangian: \"(x_dot^2 + lambda*y_dot^2)/2\"\n  constraints: [\"y_dot - x*x_dot\"]\n  simulate: {values: {h: 0.1}, steps: 3, q0: {x: 0, y: 0}, q1: {x: 1}}\n",
       "every parameter needs a value; expected 'values' for lambda"},
      {"  step: h\n  quadrature: midpoint\n  lagrangian: \"(x_dot^2 + y_dot^2)/2\"\n  constraints: [\"y_dot - x*x_dot\"]\n  simulate: {values: {h: 0.1, lambda: 0}, steps: 3, q0: {x: 0, y: 0}, q1: {x: 1, y: 2}}\n",
       "'q1': the components not given are solved from D_d; expected 1 given components (1 kinematic constraints), got 2"},
      {"  step: h\n  quadrature: midpoint\n  lagrangian: \"(x_dot^2 + y_dot^2)/2\"\n  simulate: {values: {h: 0.1, lambda: 0}, steps: 2.5, q0: {x: 0, y: 0}, q1: {x: 1, y: 0}}\n",
       "'steps': expected an integer between 1 and 1000000, got '2.5'"},
      {"  step: h\n  quadrature: midpoint\n  lagrangian: \"(x_dot^2 + y_dot^2)/2\"\n  simulate: {values: {h: 0.1, lambda: 0}, steps: 2, q0: {x: 0, y: 0}, q1: {x: 1, y: 0}, mode: reduced}\n",
       "'mode': a reduced simulation needs 'symmetry'"},
  };
  for (const auto& c : cases) {
    hamel::test::TempFile f(p2_with(c.body));
    const Run r = run({"derive", f.path(), "--brief"});
    CHECK_MESSAGE(r.status == 2, c.body);
    CHECK_MESSAGE(has(r.err, f.path() + ":"), r.err);
    CHECK_MESSAGE(has(r.err, c.expect), "expected: " << c.expect << "\ngot: " << r.err);
  }
  // a parameter named like a slot coordinate
  hamel::test::TempFile clash("parameters: [h, x1]\ncoordinates: [x]\ndiscrete:\n  step: h\n  lagrangian: \"x1\"\n");
  const Run r = run({"derive", clash.path()});
  CHECK(r.status == 2);
  CHECK(has(r.err, ":4:3: 'discrete': the slot coordinate 'x1' (coordinate x at step 1) clashes with a name of the file"));
}

}  // TEST_SUITE

TEST_SUITE("cli") {

TEST_CASE("hamel check: bad discrete claims give positions") {
  hamel::test::TempFile bad_index("claims:\n  - reduced_equation: {horizontal: two, value: \"0\"}\n");
  const Run a = run({"check", "examples/discrete_p2.yaml", bad_index.path()});
  CHECK(a.status == 2);
  CHECK(has(a.err, bad_index.path() + ":2:36: expected an index between 1 and 1, got 'two'"));
  hamel::test::TempFile bad_slot("claims:\n  - reduced_force: {slot: middle, shape: x, value: \"0\"}\n");
  const Run b = run({"check", "examples/discrete_p2.yaml", bad_slot.path()});
  CHECK(b.status == 2);
  CHECK(has(b.err, "'slot': expected minus or plus, got 'middle'"));
  hamel::test::TempFile bad_coord("claims:\n  - discrete_equation: {coordinate: z, value: \"0\"}\n");
  const Run c = run({"check", "examples/discrete_p2.yaml", bad_coord.path()});
  CHECK(c.status == 2);
  CHECK(has(c.err, "'coordinate': unknown name 'z'; expected one of x y, got 'z'"));
  hamel::test::TempFile no_hs("claims:\n  - horizontal_symmetry: {holds: true}\n");
  const Run d = run({"check", "examples/discrete_p2.yaml", no_hs.path()});
  CHECK(d.status == 2);
  CHECK(has(d.err, "needs 'horizontal_symmetry: {subgroup}' in the system file"));
}

TEST_CASE("hamel check: a discrete_momentum claim names the default section xi1 that derive prints, or says why there is none") {
  const std::string head = "name: knife\nparameters: [h, m, I]\ncoordinates: [theta, x, y]\ndiscrete:\n  step: h\n  quadrature: midpoint\n"
                           "  lagrangian: \"m/2*(x_dot^2 + y_dot^2) + I/2*theta_dot^2\"\n";
  const std::string tail = "  symmetry: {group: additive, coordinates: [x, y]}\n  connection: trivial\n";
  hamel::test::TempFile knife(head + "  constraints: [\"-sin(theta)*x_dot + cos(theta)*y_dot\"]\n" + tail);
  // no 'momentum': derive names the section of g^D xi1 (J^xi1); the list of names was empty
  const std::string J = "m*((x1-x0)*cos(theta0) + (y1-y0)*sin(theta0))/h";
  CHECK(run({"derive", knife.path(), "--quiet"}).status == 0);
  CHECK(has(run({"derive", knife.path()}).out, "J^xi1 = m*((x1 - x0)*cos(theta0) + (y1 - y0)*sin(theta0))/h"));
  hamel::test::TempFile right("claims:\n  - {name: J, discrete_momentum: {section: xi1, value: \"" + J + "\"}}\n");
  const Run r = run({"check", knife.path(), right.path()});
  CHECK(r.status == 0);
  CHECK(has(r.out, "TRUE  J  ("));
  hamel::test::TempFile wrong("claims:\n  - {name: J, discrete_momentum: {section: xi1, value: \"2*" + J + "\"}}\n");
  CHECK(run({"check", knife.path(), wrong.path()}).status == 1);
  hamel::test::TempFile xi2("claims:\n  - {name: J, discrete_momentum: {section: xi2, value: \"0\"}}\n");
  CHECK(run({"check", knife.path(), xi2.path()}).err ==
        "error: " + xi2.path() + ":2:44: 'section': unknown name 'xi2'; expected one of xi1, got 'xi2' (did you mean 'xi1'?)\n");
  // g^D = 0 (both translations constrained): no section, and the error says why instead of "one of,"
  hamel::test::TempFile stuck(head + "  constraints: [\"x_dot\", \"y_dot\"]\n" + tail);
  hamel::test::TempFile xi1("claims:\n  - {name: J, discrete_momentum: {section: xi1, value: \"0\"}}\n");
  CHECK(run({"check", stuck.path(), xi1.path()}).err ==
        "error: " + xi1.path() + ":2:44: 'section': unknown name 'xi1'; expected a section (the file has no 'momentum', and g^D, the "
        "symmetries along the constraints, is zero), got 'xi1'\n");
}

}  // TEST_SUITE

namespace {

// The knife edge on an inclined plane (Bloch §1.6), started at y = 10^7: every coordinate difference is
// rounded at 10^7 eps = 2e-9, far above the absolute 1e-9 the comparisons once used.
std::string knife_far_out(int steps) {
  return "name: knife_far\nparameters: [h, m, J, gs]\ncoordinates: [x, y, phi]\ndiscrete:\n  step: h\n  quadrature: midpoint\n"
         "  lagrangian: \"m/2*(x_dot^2 + y_dot^2) + J/2*phi_dot^2 + m*gs*x\"\n"
         "  constraints: [\"sin(phi)*x_dot - cos(phi)*y_dot\"]\n  symmetry: {group: additive, coordinates: [y]}\n"
         "  simulate:\n    values: {h: 0.01, m: 1, J: 0.2, gs: 2}\n    steps: " + std::to_string(steps) +
         "\n    q0: {x: 0, y: 10000000, phi: 0}\n    q1: {x: \"sin(0.01)^2\", phi: 0.01}\n";
}

// The number after `key` in `text`, e.g. "max |dq| = " → 1.2e-08.
double number_after(const std::string& text, const std::string& key) {
  const auto at = text.find(key);
  REQUIRE(at != std::string::npos);
  return std::strtod(text.c_str() + at + key.size(), nullptr);
}

}  // namespace

TEST_CASE("hamel simulate: reconstructed vs unreduced is judged relative to the size of q (a run at y = 1e7 agrees)") {
  hamel::test::TempFile f(knife_far_out(50), ".yaml");
  const Run r = run({"simulate", f.path()});
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  // the reconstruction g_{k+1} = g_k w_k rounds at eps 1e7 = 1.9e-9 per step
  const double dq = number_after(r.out, "max |dq| = ");
  CHECK(dq > 1e-9);   // beyond the old absolute tolerance ...
  CHECK(dq < 1e-6);   // ... and at rounding level for |q| = 1e7 (relative 1e-13)
  CHECK(has(r.out, "against 1e-9 + 1e-9 max |q| = 0.01 (max |q| = 10000000.08) (agree)"));
  // solved relative to q_k in x and y, Newton's residual is that of a run near the origin
  CHECK(number_after(r.out, "max residual ") < 1e-12);
  // the final state with ten significant digits: y = 10^7 + 0.08 is not printed as 1e+07
  CHECK(has(r.out, " y = 10000000.08 phi = 0.5\n"));
  // derive's verdict says the same
  const Run d = run({"derive", f.path()});
  CHECK(has(d.out, "[yes] reduced-then-reconstructed trajectory = unreduced integration (max |Δq| <= 10^-9 + 10^-9 max |q|)"));
}

TEST_CASE("hamel simulate: the knife edge started at y = 1e7 moves as the one started at y = 0, shifted") {
  // (3) is invariant under y -> y + c; the only difference left is y_1, completed on D_d at 1e7 and so
  // rounded at eps 1e7 = 1.9e-9 (3e-10 in x_50).  Solved in the absolute coordinates, x_50 differed by 1.2e-8.
  std::string near = knife_far_out(50);
  near.replace(near.find("y: 10000000"), 11, "y: 0");
  hamel::test::TempFile far_file(knife_far_out(50), ".yaml"), near_file(near, ".yaml");
  hamel::test::TempFile far_csv("", ".csv"), near_csv("", ".csv");
  REQUIRE(run({"simulate", far_file.path(), "--csv", far_csv.path(), "--quiet"}).status == 0);
  REQUIRE(run({"simulate", near_file.path(), "--csv", near_csv.path(), "--quiet"}).status == 0);
  const Csv a = read_csv(far_csv.path()), b = read_csv(near_csv.path());
  REQUIRE(a.rows.size() == 51);
  REQUIRE(b.rows.size() == 51);
  const std::size_t x = a.column("x"), y = a.column("y"), phi = a.column("phi");
  for (std::size_t k = 0; k <= 50; ++k) {
    CHECK(std::fabs(a.rows[k][x] - b.rows[k][x]) < 1e-9);
    CHECK(std::fabs(a.rows[k][phi] - b.rows[k][phi]) < 1e-9);
    CHECK(std::fabs(a.rows[k][y] - 1e7 - b.rows[k][y]) < 1e-8);
  }
}

TEST_CASE("hamel simulate: the Heisenberg system runs on where theta is large, solved in the increments of theta and z") {
  // z_dot = r^2 theta_dot in V = r^2/2, midpoint rule: (3) has r (theta1 - theta0)^2 expanded, whose terms
  // near theta = 480 round at about 1e-9; the run stopped at step 9571 'stalled away from a solution' with
  // |F| = 1.16e-09 against 1.16e-09, although it was at the solution to rounding.  theta and z are cyclic
  // in (3) (no symmetry declared): each step is now solved relative to q_k, and rounds as near the origin
  hamel::test::TempFile f(
      "name: heisenberg\nparameters: [h, k]\ncoordinates: [r, theta, z]\ndiscrete:\n  step: h\n  quadrature: midpoint\n"
      "  lagrangian: \"1/2*(r_dot^2 + r^2*theta_dot^2 + z_dot^2) - k*r^2/2\"\n  constraints: [\"z_dot - r^2*theta_dot\"]\n"
      "  simulate:\n    values: {h: 0.05, k: 1}\n    steps: 9600\n    q0: {r: 1, theta: 0, z: 0}\n    q1: {r: 1.01, theta: 0.04}\n",
      ".yaml");
  hamel::test::TempFile csv("", ".csv");
  const Run r = run({"simulate", f.path(), "--csv", csv.path()});
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  CHECK(number_after(r.out, "max residual ") < 1e-13);
  CHECK(has(r.out, "; solved relative to q_k in theta, z ((3) is translation invariant there)\n"));
  const Csv c = read_csv(csv.path());
  REQUIRE(c.rows.size() == 9601);
  const auto& q = c.rows[9600];
  // q_9600 by an independent integrator of (3) written in the increments of theta and z, with 40 digits
  // (mpmath).  Solved in the absolute coordinates, the run was off by 5.0e-9, 6.9e-9, 4.8e-9; now by
  // 1.4e-13, 1.9e-11, 1.2e-12
  CHECK(std::fabs(q[c.column("r")] - 0.76824463253509223) < 1e-10);
  CHECK(std::fabs(q[c.column("theta")] - 479.89320293054373) < 1e-10);
  CHECK(std::fabs(q[c.column("z")] - 387.8496) < 1e-10);
}
