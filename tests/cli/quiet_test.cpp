// tests/cli/quiet_test.cpp — `--quiet` prints nothing but errors, for every command (issue 20 §4);
// `--brief` keeps the verdicts and the summary.
#include <doctest/doctest.h>

#include <filesystem>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_file.hpp"

namespace {
using hamel::test::has;
using hamel::test::run;
using hamel::test::Run;
}  // namespace

TEST_CASE("--quiet: nothing on either stream, the files still written, the exit status the answer") {
  hamel::test::TempFile json("", ".json");
  const Run d = run({"derive", "examples/chaplygin_sleigh.yaml", "--quiet", "--json", json.path()});
  CHECK(d.status == 0);
  CHECK(d.out.empty());
  CHECK(d.err.empty());
  CHECK(std::filesystem::file_size(json.path()) > 1000);
  const Run c = run({"check", "examples/chaplygin_sleigh.yaml", "examples/chaplygin_sleigh.claims.yaml", "--quiet"});
  CHECK(c.status == 0);
  CHECK(c.out.empty());
  CHECK(c.err.empty());
  hamel::test::TempFile wrong("claims:\n  - {name: w, bracket: {pair: \"theta,pi2\", value: \"2\"}}\n", ".yaml");
  const Run w = run({"check", "examples/chaplygin_sleigh.yaml", wrong.path(), "--quiet"});
  CHECK(w.status == 1);  // a claim not as expected: said by the status alone
  CHECK(w.out.empty());
  hamel::test::TempFile csv("", ".csv");
  const Run s = run({"simulate", "examples/nonholonomic_particle.yaml", "--quiet", "--csv", csv.path()});
  CHECK(s.status == 0);
  CHECK(s.out.empty());
  CHECK(std::filesystem::file_size(csv.path()) > 1000);
  const Run e = run({"eval", "examples/nonholonomic_particle.yaml", "--at", "m=2, y=1", "--quiet"});
  CHECK(e.status == 0);
  CHECK(e.out.empty());
}

TEST_CASE("--quiet: an output asked for on standard output is still printed, and errors still said") {
  const Run j = run({"derive", "examples/nonholonomic_particle.yaml", "--quiet", "--json", "-"});
  CHECK(j.status == 0);
  CHECK(j.out.rfind("{", 0) == 0);  // the JSON alone
  CHECK(j.err.empty());
  const Run bad = run({"derive", "examples/no_such_file.yaml", "--quiet"});
  CHECK(bad.status == 2);
  CHECK(has(bad.err, "error: "));
}

TEST_CASE("--brief: the verdicts and the summary, not the derived objects") {
  const Run b = run({"derive", "examples/chaplygin_sleigh.yaml", "--brief"});
  CHECK(b.status == 0);
  CHECK(has(b.out, "[yes] "));
  CHECK(has(b.out, "checks: "));
  CHECK_FALSE(has(b.out, "G_11 = "));
  const Run full = run({"derive", "examples/chaplygin_sleigh.yaml"});
  CHECK(has(full.out, "G_11 = "));
}
