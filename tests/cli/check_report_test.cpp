// tests/cli/check_report_test.cpp — `hamel check` names the derivation's own failed verdicts and the
// claims that involve them, and writes its verdicts as JSON (--json) that agree with the text.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_file.hpp"

using hamel::test::has;
using hamel::test::run;
using hamel::test::Run;

namespace {

// The Chaplygin sleigh of examples/chaplygin_sleigh.yaml with a `symmetry` generator that is none:
// x d/dx + x d/dtheta moves L and does not preserve D.
const char* const kBogusSleigh = R"yaml(name: sleigh_with_a_bogus_generator
parameters: [m, J, a]
coordinates: [x, y, theta]
lagrangian: "m/2*((x_dot - a*sin(theta)*theta_dot)^2 + (y_dot + a*cos(theta)*theta_dot)^2) + J/2*theta_dot^2"
constraints:
  - "-sin(theta)*x_dot + cos(theta)*y_dot"
frame:
  X1: {x: "cos(theta)", y: "sin(theta)"}
  X2: {theta: 1}
symmetry:
  rotation: {x: "x", theta: "x"}
)yaml";

// The line of the text report that starts with the verdict of the claim `name`.
std::string verdict_line(const std::string& out, const std::string& name) {
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line))
    for (const char* word : {"TRUE  ", "FALSE ", "UNDECIDED "})
      if (line.rfind(std::string(word) + name + "  (", 0) == 0) return line;
  return "";
}

double number(const std::string& s) { return std::stod(s); }

}  // namespace

TEST_SUITE("cli") {

TEST_CASE("hamel check: a generator that fails its checks is named once, and the claims that involve it are marked") {
  const hamel::test::TempFile system(kBogusSleigh, ".yaml");
  const hamel::test::TempFile claims(
      "claims:\n"
      "  - {name: bracket, bracket: {pair: \"pi1,pi2\", of: nonholonomic, value: \"a*m*pi2/(J + m*a^2)\"}}\n"
      "  - {name: commutes, commutator: {fields: [X_nh, rotation], zero: true}}\n",
      ".yaml");
  const Run r = run({"check", system.path(), claims.path()});
  CHECK(r.status == 1);  // [X_nh, rotation] = 0 is false, as the generator is no symmetry
  CHECK(has(r.out, "The derivation of the system has 2 failed checks"));
  CHECK(has(r.out, "FAILED symmetry.rotation.lagrangian: rotation preserves the Lagrangian: rotation^TQ[L] = 0"));
  CHECK(has(r.out, "fails: rotation^TQ[L] = "));
  CHECK(has(r.out, "FAILED symmetry.rotation.distribution:"));
  CHECK(has(r.out, "fails: omega^1([rotation, X1]) = "));
  // the block comes once, before the claims
  CHECK(r.out.find("FAILED symmetry.rotation.lagrangian") < r.out.find("FALSE commutes"));
  CHECK(r.out.find("FAILED symmetry.rotation.lagrangian") == r.out.rfind("FAILED symmetry.rotation.lagrangian"));
  const std::string note = "note: it involves the derivation's own failures above: symmetry.rotation.lagrangian, symmetry.rotation.distribution";
  const std::size_t commutes = r.out.find("FALSE commutes"), bracket = r.out.find("TRUE  bracket");
  REQUIRE(commutes != std::string::npos);
  REQUIRE(bracket != std::string::npos);
  CHECK(r.out.find(note, commutes) != std::string::npos);
  CHECK(r.out.find(note) > bracket);  // the bracket claim does not name the generator: no note after it
  CHECK(r.out.find(note) > commutes);
}

TEST_CASE("hamel check: an example whose derivation passes every check prints no failed-check block") {
  const Run r = run({"check", "examples/chaplygin_sleigh.yaml", "examples/chaplygin_sleigh.claims.yaml"});
  CHECK(r.status == 0);
  CHECK(!has(r.out, "failed check"));
  CHECK(!has(r.out, "note: it involves"));
  CHECK(!has(r.out, "in (q, pi), not written"));
}

TEST_CASE("hamel check --json: every verdict as the text gives it, the counterexample with both values at its point") {
  const hamel::test::TempFile claims(
      "claims:\n"
      "  - {name: \"{v, omega}\", reduced_bracket: {pair: \"v,omega\", value: \"a*omega/(J + m*a^2)\"}}\n"
      "  - {name: \"{v, omega} with J\", reduced_bracket: {pair: \"v,omega\", value: \"a*omega/J\"}, expect: false}\n",
      ".yaml");
  const hamel::test::TempFile json_path("", ".json");
  const Run r = run({"check", "examples/chaplygin_sleigh.yaml", claims.path(), "--json", json_path.path()});
  REQUIRE(r.status == 0);
  CHECK(has(r.out, "JSON written to " + json_path.path()));
  std::ifstream in(json_path.path());
  const nlohmann::json j = nlohmann::json::parse(in);
  CHECK(j["format"] == "hamel-check");
  CHECK(j["derivation_failures"].empty());
  REQUIRE(j["claims"].size() == 2);
  CHECK(j["summary"]["true"] == 1);
  CHECK(j["summary"]["false"] == 1);
  CHECK(j["summary"]["not_as_expected"] == 0);
  for (const auto& c : j["claims"]) {
    const std::string line = verdict_line(r.out, c["name"].get<std::string>());
    REQUIRE(!line.empty());
    const std::string word = line.substr(0, line.find(' '));
    CHECK(c["verdict"] == (word == "TRUE" ? "true" : word == "FALSE" ? "false" : "undecided"));
    CHECK(c["kind"] == "reduced_bracket");
    CHECK(has(line, "; " + c["decided_by"]["how"].get<std::string>() + ")"));
  }
  const auto& t = j["claims"][0];
  CHECK(t["verdict"] == "true");
  CHECK(t["decided_by"]["method"] == "canonical_form");
  CHECK(!t.contains("counterexample"));
  const auto& f = j["claims"][1];
  CHECK(f["verdict"] == "false");
  CHECK(f["expected"] == "false");
  CHECK(f["as_expected"] == true);
  REQUIRE(f.contains("counterexample"));
  CHECK(has(r.out, "they differ at " + f["counterexample"]["text"].get<std::string>() + "\n"));
  // the point is one of D* (ω = π2/(J + m a²)); the values there are the derived a ω/(J + m a²) and the
  // claimed a ω/J
  std::map<std::string, double> p;
  for (const auto& [name, value] : f["counterexample"]["point"].items()) p[name] = number(value.get<std::string>());
  REQUIRE(p.count("a"));
  REQUIRE(p.count("J"));
  REQUIRE(p.count("m"));
  REQUIRE(p.count("pi2"));
  const double inertia = p["J"] + p["m"] * p["a"] * p["a"], omega = p["pi2"] / inertia;
  const double derived = p["a"] * omega / inertia, claimed = p["a"] * omega / p["J"];
  CHECK(number(f["counterexample"]["derived"].get<std::string>()) == doctest::Approx(derived).epsilon(1e-4));
  CHECK(number(f["counterexample"]["claimed"].get<std::string>()) == doctest::Approx(claimed).epsilon(1e-4));
}

TEST_CASE("hamel check --json: the derivation's failed verdicts and the claims that involve them") {
  const hamel::test::TempFile system(kBogusSleigh, ".yaml");
  const hamel::test::TempFile claims("claims:\n  - {name: commutes, commutator: {fields: [X_nh, rotation], zero: true}}\n", ".yaml");
  const hamel::test::TempFile json_path("", ".json");
  const Run r = run({"check", system.path(), claims.path(), "--json", json_path.path()});
  CHECK(r.status == 1);
  std::ifstream in(json_path.path());
  const nlohmann::json j = nlohmann::json::parse(in);
  REQUIRE(j["derivation_failures"].size() == 2);
  CHECK(j["derivation_failures"][0]["id"] == "symmetry.rotation.lagrangian");
  CHECK(j["derivation_failures"][0]["holds"] == false);
  CHECK(has(j["derivation_failures"][0]["method"].get<std::string>(), "fails: rotation^TQ[L] = "));
  CHECK(!j["derivation_failures"][0]["witness"].empty());
  const auto& c = j["claims"][0];
  CHECK(c["verdict"] == "false");
  CHECK(c["as_expected"] == false);
  CHECK(c["decided_by"]["method"] == "exact_evaluation");
  CHECK(c["involves_failed"] == nlohmann::json({"symmetry.rotation.lagrangian", "symmetry.rotation.distribution"}));
  CHECK(c["counterexample"]["point"].contains("theta"));
}

}  // TEST_SUITE

TEST_SUITE("cli") {

TEST_CASE("hamel check: a real value at a witness is printed real, without the rounding's imaginary part") {
  // the double pendulum's sqrt of a real, evaluated through complex floats, gave (-1.506… - 1.8e-40*I),
  // whose noise changed from run to run
  const Run r = run({"check", "examples/double_pendulum.yaml", "examples/double_pendulum.claims.yaml"});
  const std::size_t at = r.out.find("they differ at ");
  REQUIRE(at != std::string::npos);
  const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
  CHECK(has(line, "(derived = -1.50617791159, claimed = -1.51463907037)"));
  CHECK(!has(line, "*I"));
}

}  // TEST_SUITE

TEST_SUITE("cli") {

TEST_CASE("hamel check: the entries the derivation left in (q, pi) are named, and a claim about one is marked") {
  // the sleigh with the variables v = pi1/m and w = pi1^2/m: pi2 is none of them, so H_c and the
  // equations are not functions of the variables
  std::ifstream in("examples/chaplygin_sleigh.yaml");
  std::stringstream text;
  text << in.rdbuf();
  std::string yaml = text.str();
  const std::string omega = "  omega: \"pi2/(J + m*a^2)\"";
  REQUIRE(yaml.find(omega) != std::string::npos);
  yaml.replace(yaml.find(omega), omega.size(), "  w: \"pi1^2/m\"");
  const hamel::test::TempFile system(yaml, ".yaml");
  const hamel::test::TempFile claims(
      "claims:\n"
      "  - {name: \"{v, w}\", reduced_bracket: {pair: \"v,w\", value: \"0\"}}\n"
      "  - {name: \"H in w\", entry: {object: reduced_hamiltonian, value: \"w/2 + pi2^2/(2*(a^2*m + J))\"}}\n",
      ".yaml");
  const hamel::test::TempFile json_path("", ".json");
  const Run r = run({"check", system.path(), claims.path(), "--json", json_path.path()});
  CHECK(r.status == 0);
  CHECK(has(r.out, "The derivation left 3 entries in (q, pi)"));
  CHECK(has(r.out, "  LEFT reduced_hamiltonian: H_c  [left in (q, pi): not a function of the variables]\n"));
  CHECK(has(r.out, "  LEFT reduced_equations[w]: d/dt w  [left in (q, pi): not a function of the variables]\n"));
  const std::size_t bracket = r.out.find("TRUE  {v, w}"), h = r.out.find("TRUE  H in w");
  REQUIRE(bracket != std::string::npos);
  REQUIRE(h != std::string::npos);
  CHECK(r.out.find("note: it involves the derivation's own failures above: reduced_hamiltonian\n") > h);
  CHECK(r.out.substr(bracket, h - bracket).find("note:") == std::string::npos);  // {v, w} is in the variables
  std::ifstream jin(json_path.path());
  const nlohmann::json j = nlohmann::json::parse(jin);
  REQUIRE(j["unexpressed_entries"].size() == 3);
  CHECK(j["unexpressed_entries"][2]["id"] == "reduced_equations[w]");
  CHECK(j["unexpressed_entries"][2]["key"] == nlohmann::json({"w"}));
  CHECK(j["claims"][0]["involves_failed"].empty());
  CHECK(j["claims"][1]["involves_failed"] == nlohmann::json({"reduced_hamiltonian"}));
}

}  // TEST_SUITE
