// tests/cli/characteristic_test.cpp — the characteristic distribution at a point (issue 19 §3): the claim
// `characteristic_rank: {at: …}`, on D* and on the reduced space, where the rank drops.
#include <doctest/doctest.h>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_file.hpp"

namespace {
using hamel::test::has;
using hamel::test::run;
using hamel::test::Run;
}  // namespace

TEST_CASE("hamel check: the rank of the sleigh's reduced bracket drops to 0 where omega = 0") {
  // {v, omega} = a omega/(J + m a^2): rank 2 on the reduced space, 0 on omega = 0 (pi2 = 0)
  hamel::test::TempFile claims(
      "claims:\n"
      "  - {name: generic, characteristic_rank: {of: reduced, rank: 2}}\n"
      "  - {name: at omega = 0, characteristic_rank: {of: reduced, rank: 0, at: \"x=0, y=0, theta=0, pi1=1, pi2=0, m=1, J=1, a=1\"}}\n"
      "  - {name: at omega = 1/4, characteristic_rank: {of: reduced, rank: 2, at: \"x=0, y=0, theta=0, pi1=1, pi2=0.5, m=1, J=1, a=1\"}}\n"
      "  - {name: on D* the rank stays 4, characteristic_rank: {of: nonholonomic, rank: 4, at: \"x=1, y=2, theta=0.3, pi1=0, pi2=0, m=1, J=1, a=1\"}}\n"
      "  - {name: a wrong rank, characteristic_rank: {of: reduced, rank: 1, at: \"x=0, y=0, theta=0, pi1=1, pi2=0, m=1, J=1, a=1\"}, expect: false}\n",
      ".yaml");
  const Run r = run({"check", "examples/chaplygin_sleigh.yaml", claims.path()});
  INFO(r.out, r.err);
  CHECK(r.status == 0);
  CHECK(has(r.out, "TRUE  at omega = 0  ("));
  CHECK(has(r.out, "numeric rank at the point (entries at 20 digits, pivoted LU, threshold 1e-10): 0 of 2"));
  CHECK(has(r.out, "5 as expected"));
}

TEST_CASE("hamel check: a point that misses a value the bracket needs, or names what the system lacks, at its place") {
  hamel::test::TempFile missing(
      "claims:\n  - {name: m, characteristic_rank: {of: nonholonomic, rank: 4, at: \"x=0, y=0, pi1=1, pi2=1, m=1, J=1, a=1\"}}\n", ".yaml");
  const Run r = run({"check", "examples/chaplygin_sleigh.yaml", missing.path()});
  CHECK(r.status == 2);
  CHECK(has(r.err, missing.path() + ":2:"));
  CHECK(has(r.err, "got none for theta"));
  hamel::test::TempFile unknown(
      "claims:\n  - {name: u, characteristic_rank: {of: nonholonomic, rank: 4, at: \"q=0\"}}\n", ".yaml");
  const Run u = run({"check", "examples/chaplygin_sleigh.yaml", unknown.path()});
  CHECK(u.status == 2);
  CHECK(has(u.err, "got 'q'"));
}

TEST_CASE("hamel eval: each bracket's rank at the point, where its entries are numbers") {
  // {v, omega} = a omega/(J + m a^2): rank 0 at omega = 0, 2 elsewhere; Pi_nh on D* keeps rank 4
  const Run zero = run({"eval", "examples/chaplygin_sleigh.yaml", "--at",
                        "omega=0, v=1, a=1, m=1, J=1, x=0, y=0, theta=0, pi1=1, pi2=0"});
  REQUIRE(zero.status == 0);
  CHECK(has(zero.out, "{v, omega} = 0\n  rank = 0\n"));
  CHECK(has(zero.out, "{pi1, pi2} = 0\n  rank = 4\n"));
  const Run moving = run({"eval", "examples/chaplygin_sleigh.yaml", "--at",
                          "omega=0.5, v=1, a=1, m=1, J=1, x=0, y=0, theta=0, pi1=1, pi2=1"});
  REQUIRE(moving.status == 0);
  CHECK(has(moving.out, "{v, omega} = 0.25\n  rank = 2\n"));
  // a point that leaves a bracket symbolic gives no rank for it
  const Run partial = run({"eval", "examples/chaplygin_sleigh.yaml", "--at", "omega=0.5"});
  CHECK_FALSE(has(partial.out, "rank = "));
}
