// tests/cli/gauge_examples_test.cpp — the solid of revolution (004 §7) and the concrete bodies
// through `hamel derive` / `hamel check`.
#include <doctest/doctest.h>

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

TEST_CASE("hamel derive: gauge search input errors") {
  hamel::test::TempFile bad(
      "coordinates: [x, y, z]\nlagrangian: \"1/2*(x_dot^2 + y_dot^2 + z_dot^2)\"\nconstraints: [\"z_dot - y*x_dot\"]\n"
      "gauge_momenta: {ansatz: [X3], shape: y}\n");
  const Run r = run({"derive", bad.path()});
  CHECK(r.status == 2);
  CHECK(r.err.find(":4:26: 'ansatz': unknown frame field 'X3'; expected one of X1 X2") != std::string::npos);
}

}  // TEST_SUITE
