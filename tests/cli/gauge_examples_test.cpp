// tests/cli/gauge_examples_test.cpp — the solid of revolution (004 §7) and the concrete bodies
// through `hamel derive` / `hamel check`.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/cli_run.hpp"
#include "tests/support/derivation_json.hpp"
#include "tests/support/temp_file.hpp"

using hamel::test::run;
using hamel::test::Run;

TEST_SUITE("cli") {

TEST_CASE("hamel check: 004 §7 as printed — (7.8) holds, (7.9) and H(sigma) are flagged") {
  const Run r = run({"check", "examples/solid_of_revolution.yaml", "examples/solid_of_revolution.claims.yaml"});
  CHECK(r.status == 0);
  for (const char* ok : {"TRUE  L_11 [(7.8)]", "TRUE  L_22 [(7.8)]", "TRUE  Lambda = -m z R_p sin(theta)",
                         "TRUE  C is a Casimir of the reduced Pi_nh^Lambda", "TRUE  X_C M1 = k M2",
                         "TRUE  {M1, M2}, with m(M,rho)rho_3 [(7.9), corrected]",
                         "TRUE  H(sigma) with + V(sigma1)", "TRUE  Jacobi on the reduced space: sigma3, sigma4, sigma5"})
    CHECK_MESSAGE(r.out.find(ok) != std::string::npos, ok);
  CHECK(r.out.find("FALSE {M1, M2} as printed, (M,rho)rho_3 [(7.9)]") != std::string::npos);
  CHECK(r.out.find("FALSE H(sigma) as printed [section 7]") != std::string::npos);
  CHECK(r.out.find("28 claims: 26 true, 2 false") != std::string::npos);
}

TEST_CASE("hamel derive: the Routh sphere's gauge momenta, numeric and conserved (gauge.md A16)") {
  hamel::test::TempFile json("", ".json");
  const Run r = run({"derive", "examples/routh_sphere.yaml", "--json", json.path(), "--brief"});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("[yes] gauge momentum 1 is conserved along (2.8) to 1e-9") != std::string::npos);
  CHECK(r.out.find("[yes] gauge momentum 2 is conserved along (2.8) to 1e-9") != std::string::npos);
  CHECK(r.out.find("[yes] L(s) is odd and 2pi-periodic") != std::string::npos);
  CHECK(r.out.find("[yes] C is a Casimir of the reduced Pi_nh^Lambda") != std::string::npos);
  const auto j = hamel::test::read_json(json.path());
  CHECK(hamel::test::entries(j, "gauge_search.ode").size() == 4);
  CHECK(hamel::test::table(j, "gauge_search.solutions")["rows"].size() == 11);
  for (const char* id : {"gauge_search.conserved.1", "gauge_search.conserved.2"}) CHECK(j["checks"][id]["holds"] == true);
  // H_c one fraction per monomial in the momenta (docs/display.md), π3² over twice the moment of
  // inertia about the contact point, I1 + m (e² + 2 e r cos θ + r²): each coefficient's multiples are one search
  const std::string H = hamel::test::scalar(j, "hamiltonian");
  CHECK(H.rfind("pi1^2*(I3 + m*r^2*sin(theta)^2)/(2*", 0) == 0);
  CHECK(H.find(" + pi3^2/(2*(e*m*(e + 2*r*cos(theta)) + I1 + m*r^2))") != std::string::npos);
  const Run c = run({"check", "examples/routh_sphere.yaml", "examples/routh_sphere.claims.yaml"});
  CHECK(c.out.find("TRUE  Jellett's integral: (g, k) = (r, e)") != std::string::npos);
  CHECK(c.out.find("TRUE  Routh's integral") != std::string::npos);
  CHECK(c.out.find("FALSE deliberately wrong") != std::string::npos);
}

TEST_CASE("hamel derive: the ellipsoid and the rolling disk (not in 004) conserve their gauge momenta") {
  for (const char* f : {"examples/ellipsoid.yaml", "examples/rolling_disk.yaml"}) {
    const Run r = run({"derive", f, "--brief"});
    REQUIRE(r.status == 0);
    CHECK_MESSAGE(r.out.find("[yes] gauge momentum 1 is conserved along (2.8) to 1e-9") != std::string::npos, f);
    CHECK_MESSAGE(r.out.find("[yes] gauge momentum 2 is conserved along (2.8) to 1e-9") != std::string::npos, f);
    CHECK_MESSAGE(r.out.find("[yes] C is a Casimir of the reduced Pi_nh^Lambda") != std::string::npos, f);
  }
}

TEST_CASE("hamel derive: the conservation check states where it starts, H_c(0) as `hamel eval` computes it (issue 19 §6)") {
  const Run r = run({"derive", "examples/rolling_disk.yaml", "--brief"});
  REQUIRE(r.status == 0);
  // the check starts at the file's `initial` (theta 1.3, pi 0.2, 0.5, 0.1) with the file's values
  const Run e = run({"eval", "examples/rolling_disk.yaml", "--at", "m=1.2, R=0.8, theta=1.3, pi1=0.2, pi2=0.5, pi3=0.1"});
  REQUIRE(e.status == 0);
  CHECK(e.out.find("H_c = 0.12602624") != std::string::npos);
  CHECK(r.out.find("from C(0) = 0.114868, H_c(0) = 0.126026)") != std::string::npos);
}

namespace {

// A vertical disk (Bloch 1.4) with the gauge ansatz Z = g(psi) X1 on its rolling angle psi, which keeps
// increasing (psi' = pi2/(J + m R^2) = 0.8/0.75): it leaves any bounded interval of psi. With
// X1 = a(psi) d/dphi the condition (L_Z G)(X1, X2) = 0 is (g a)' = 0: g = a(psi_base)/a(psi).
std::string vertical_disk(const std::string& x1, const std::string& interval, double check_time) {
  return "name: vdisk\nparameters: [m, R, I, J]\ncoordinates: [x, y, phi, psi]\n"
         "lagrangian: \"m/2*(x_dot^2 + y_dot^2) + I/2*phi_dot^2 + J/2*psi_dot^2\"\n"
         "constraints: [\"x_dot - R*cos(phi)*psi_dot\", \"y_dot - R*sin(phi)*psi_dot\"]\n"
         "frame:\n  X1: {phi: \"" + x1 + "\"}\n  X2: {psi: 1, x: \"R*cos(phi)\", y: \"R*sin(phi)\"}\n"
         "complement: [x, y]\n"
         "symmetry:\n  rotation: {phi: 1, x: \"-y\", y: \"x\"}\n  translation_x: {x: 1}\n  translation_y: {y: 1}\n"
         "gauge_momenta:\n  ansatz: [X1]\n  shape: psi\n  unknowns: [g]\n  interval: " + interval +
         "\n  check_time: " + std::to_string(check_time) + "\n  initial: {psi: 1.0, pi1: 0.3, pi2: 0.8}\n"
         "values: {m: 2, R: 0.5, I: 0.3, J: 0.25}\n"
         "variables: {p1: \"pi1\", p2: \"pi2\", c: \"cos(psi)\", s: \"sin(psi)\"}\n";
}

// The thin rolling disk of examples/rolling_disk.yaml with the search's interval `interval` and variables,
// so that the gauge momentum C = g(theta) pi1 + k(theta) pi2 is an entry.
std::string rolling_disk(const std::string& interval) {
  std::ifstream in("examples/rolling_disk.yaml");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  const std::string at = "  check_time: 10\n";
  if (!interval.empty()) text.replace(text.find(at), at.size(), at + "  interval: " + interval + "\n");
  return text + "variables: {p1: \"pi1\", p2: \"pi2\", p3: \"pi3\", c: \"cos(theta)\"}\n";
}

// The number after `before` in `text`.
double number_after(const std::string& text, const std::string& before) {
  const auto at = text.find(before);
  REQUIRE(at != std::string::npos);
  return std::stod(text.substr(at + before.size()));
}

}  // namespace

TEST_CASE("hamel derive: a gauge momentum checked where its solution is known: everywhere when L = 0, modulo 2pi when periodic") {
  // X1 = d/dphi: L = 0, g = 1 for every psi, although psi leaves [0.1, 6] at t = (6 - 1)/(0.8/0.75) = 4.69 < 5
  hamel::test::TempFile constant(vertical_disk("1", "[0.1, 6]", 5));
  const Run c = run({"derive", constant.path()});
  REQUIRE(c.status == 0);
  CHECK(c.out.find("  L_11 = 0\n") != std::string::npos);
  CHECK(c.out.find("[yes] gauge momentum 1 is conserved along (2.8) to 1e-9 over t in [0, 5]  (numeric evidence") != std::string::npos);
  CHECK(c.out.find("from C(0) = 0.3, H_c(0) = 0.576667; L = 0: the solutions are constant, known for every psi)") != std::string::npos);
  CHECK(c.out.find("no failures") != std::string::npos);
  // X1 = (2 + cos psi) d/dphi: L = sin/(2 + cos), g = (2 + cos 3.25)/(2 + cos psi) is 2pi-periodic; psi reaches
  // 1 + 10*0.8/0.75 = 11.7 outside [0, 6.5], read modulo 2pi; C(0) = 0.3 g(1)
  hamel::test::TempFile periodic(vertical_disk("2 + cos(psi)", "[0, 6.5]", 10));
  const Run p = run({"derive", periodic.path()});
  REQUIRE(p.status == 0);
  CHECK(p.out.find("  L_11 = sin(psi)/(cos(psi) + 2)\n") != std::string::npos);
  CHECK(p.out.find("[yes] gauge momentum 1 is conserved along (2.8) to 1e-9 over t in [0, 10]") != std::string::npos);
  CHECK(p.out.find("the solutions are 2pi-periodic, psi is read modulo 2pi)") != std::string::npos);
  CHECK(number_after(p.out, "from C(0) = ") == doctest::Approx(0.3 * (2 + std::cos(3.25)) / (2 + std::cos(1.0))).epsilon(1e-5));
  // the same on [0.1, 6], shorter than a period: checked up to where psi leaves it, the span stated
  hamel::test::TempFile shorter(vertical_disk("2 + cos(psi)", "[0.1, 6]", 10));
  const Run s = run({"derive", shorter.path(), "--brief"});
  REQUIRE(s.status == 0);
  const double t1 = number_after(s.out, "gauge momentum 1 is conserved along (2.8) to 1e-9 over t in [0, ");
  const double exit = number_after(s.out, "the trajectory left the interval [0.1, 6] of the solutions at t = ");
  CHECK(exit == doctest::Approx(5.0 / (0.8 / 0.75)).epsilon(0.01 / exit));  // psi(t) = 1 + 0.8 t/0.75 reaches 6
  CHECK(t1 < exit);
  CHECK(exit - t1 <= 0.01 + 1e-9);  // the integrator's largest step
  CHECK(s.out.find("[yes] gauge momentum 1 is conserved") != std::string::npos);
  CHECK(s.out.find(", 10] is not checked)") != std::string::npos);
}

TEST_CASE("hamel derive: a conservation check that cannot be made is undecided, not a failure") {
  // the rolling disk starts at theta = 1.3, outside [1.35, 1.4]
  hamel::test::TempFile outside(rolling_disk("[1.35, 1.4]"));
  hamel::test::TempFile json("", ".json");
  const Run r = run({"derive", outside.path(), "--brief", "--json", json.path()});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("  [undecided] gauge momentum 1 is conserved along (2.8) to 1e-9 over t in [0, 10]  (not checked: the "
                   "trajectory starts outside the interval [1.35, 1.4] of the solutions (theta = 1.3))\n"
                   "        undecided, not a failure: the solutions are known only for theta in [1.35, 1.4]") != std::string::npos);
  CHECK(r.out.find("no failures") != std::string::npos);
  const auto j = hamel::test::read_json(json.path());
  CHECK(j["checks"]["gauge_search.conserved.2"]["status"] == "undecided");
  CHECK(j["checks"]["gauge_search.conserved.2"]["expected"].is_null());
}

TEST_CASE("hamel eval: the gauge momentum takes the search's solutions at the point") {
  // the vertical disk with X1 = d/dphi: g = 1, so C = g(1.2) pi1 = 0.3
  hamel::test::TempFile constant(vertical_disk("1", "[0.1, 6]", 5));
  const std::string at = "m=2, R=0.5, I=0.3, J=0.25, phi=0.4, pi1=0.3, pi2=0.8, psi=";
  const Run c = run({"eval", constant.path(), "--at", at + "1.2"});
  REQUIRE(c.status == 0);
  CHECK(c.out.find("  C = 0.3   [left in (q, pi): not a function of the variables; with g = 1 (the search's solution at psi = 1.2)]\n") !=
        std::string::npos);
  const Run out = run({"eval", constant.path(), "--at", at + "7"});
  CHECK(out.out.find("  C = 0.3*g(7)   [left in (q, pi): not a function of the variables; the search's solutions are known for psi in "
                     "[0.1, 6]; psi = 7 lies outside]\n") != std::string::npos);
  // X1 = (2 + cos psi) d/dphi: g = (2 + cos 3.25)/(2 + cos psi), Phi(3.25) = 1 in the middle of [0, 6.5]
  hamel::test::TempFile periodic(vertical_disk("2 + cos(psi)", "[0, 6.5]", 10));
  const Run p = run({"eval", periodic.path(), "--at", at + "1.2"});
  REQUIRE(p.status == 0);
  CHECK(number_after(p.out, "  C = ") == doctest::Approx(0.3 * (2 + std::cos(3.25)) / (2 + std::cos(1.2))).epsilon(1e-10));
  // the rolling disk: two solutions, one entry each, C_j = g_j pi1 + k_j pi2 with the table's g_j, k_j
  hamel::test::TempFile disk(rolling_disk(""));
  hamel::test::TempFile json("", ".json");
  const Run r = run({"eval", disk.path(), "--at", "m=1.2, R=0.8, theta=1.3, phi=0.2, pi1=0.2, pi2=0.5, pi3=0.1", "--json", json.path()});
  REQUIRE(r.status == 0);
  const auto j = hamel::test::read_json(json.path());
  const auto f = hamel::test::entries(j, "gauge_search.solutions");
  const auto C = hamel::test::entries(j, "variable_momenta");
  REQUIRE(C.count("C_1") == 1);
  REQUIRE(C.count("C_2") == 1);
  for (const std::string n : {"1", "2"})
    CHECK_MESSAGE(std::stod(C.at("C_" + n)) == doctest::Approx(0.2 * std::stod(f.at("g_" + n)) + 0.5 * std::stod(f.at("k_" + n))).epsilon(1e-13), n);
  // the same momentum as the conservation check's start (theta 1.3, pi 0.2, 0.5, 0.1): C(0) = 0.114868
  CHECK(std::stod(C.at("C_1")) == doctest::Approx(0.114868).epsilon(1e-5));
  CHECK(r.out.find("(the search's solution 2 at theta = 1.3)") != std::string::npos);
}

TEST_CASE("hamel derive: gauge search input errors") {
  hamel::test::TempFile bad(
      "coordinates: [x, y, z]\nlagrangian: \"1/2*(x_dot^2 + y_dot^2 + z_dot^2)\"\nconstraints: [\"z_dot - y*x_dot\"]\n"
      "gauge_momenta: {ansatz: [X3], shape: y}\n");
  const Run r = run({"derive", bad.path()});
  CHECK(r.status == 2);
  CHECK(r.err.find(":4:26: 'ansatz': unknown frame field 'X3'; expected one of X1 X2") != std::string::npos);
}

}  // TEST_SUITE
