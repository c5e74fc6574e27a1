// tests/cli/progress_test.cpp — progress lines (issue 18): a step is named while it runs once the
// derivation has run for the delay, on stderr only, and never with --quiet. HAMEL_PROGRESS_DELAY
// shortens the delay so that small examples exercise the watchdog; nothing here measures time.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <sstream>
#include <thread>
#include <vector>

#include "cli/progress.hpp"
#include "core/isolated.hpp"
#include "tests/support/cli_run.hpp"

using hamel::test::has;
using hamel::test::run;
using hamel::test::Run;

namespace {

// HAMEL_PROGRESS_DELAY set for one scope.
struct DelayFor {
  explicit DelayFor(const char* seconds) { ::setenv("HAMEL_PROGRESS_DELAY", seconds, 1); }
  ~DelayFor() { ::unsetenv("HAMEL_PROGRESS_DELAY"); }
  DelayFor(const DelayFor&) = delete;
  DelayFor& operator=(const DelayFor&) = delete;
};

}  // namespace

TEST_SUITE("cli") {

TEST_CASE("progress lines: a step that started before the delay is named once the delay is past") {
  std::ostringstream err;  // read once the watchdog has stopped
  std::size_t lines = 0;
  {
    hamel::cli::ProgressLines progress(err, false, nullptr, "hamel derive", 0.01);
    progress.step()("Nonholonomic bracket $Pi_nh$ (004 (2.9))");
    // the step never ends here: only the watchdog can name it (waited for, up to 20 s, not timed)
    for (int k = 0; k < 20000 && progress.lines() == 0; ++k) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    lines = progress.lines();
  }
  CHECK(lines == 1);
  CHECK(err.str().rfind("hamel derive: ", 0) == 0);
  CHECK(has(err.str(), " s, now: Nonholonomic bracket Pi_nh (004 (2.9))\n"));  // the title in plain text
}

// CI's sanitized `hamel check` hung in a worker forked while the watchdog was starting or writing: the
// worker inherited the allocator's lock held by a thread it does not have. Here every fork meets a
// watchdog just started and one about to name a step; each worker must answer (a hang fails by
// timeout, under AddressSanitizer where its allocator has no fork guard of its own).
TEST_CASE("progress lines: a worker forked while the watchdog starts or prints answers") {
  std::ostringstream err;
  for (int k = 0; k < 30; ++k) {
    hamel::cli::ProgressLines progress(err, false, nullptr, "hamel check", 0);
    progress.step()("Claims");
    // the worker allocates in every size class, so that it refills its cache from the shared allocator
    const hamel::IsolatedResult r = hamel::run_isolated(
        [] {
          std::vector<std::string> held;
          for (std::size_t size = 16; size <= 65536; size += size / 4)
            for (int copies = 0; copies < 64; ++copies) held.emplace_back(size, 'x');
          return std::to_string(held.size());
        },
        60, 1 << 20);
    REQUIRE(r.status == hamel::IsolatedResult::Status::Finished);
    CHECK(r.output == "2432");
  }
}

TEST_CASE("progress lines: --quiet starts no watchdog and prints nothing, and the delay is read from the environment") {
  std::ostringstream err;
  {
    hamel::cli::ProgressLines progress(err, true, nullptr, "hamel derive", 0);
    progress.step()("Equations of motion");
    progress.detail()("H_c");
    CHECK(progress.lines() == 0);
  }
  CHECK(err.str().empty());
  CHECK(hamel::cli::progress_delay() == 1.0);
  {
    const DelayFor d("0.25");
    CHECK(hamel::cli::progress_delay() == 0.25);
  }
  const DelayFor bad("soon");
  CHECK(hamel::cli::progress_delay() == 1.0);
}

TEST_CASE("progress lines: with the delay shortened, derive names its steps on stderr and its stdout is unchanged") {
  const Run plain = run({"derive", "examples/chaplygin_sphere.yaml"});
  const DelayFor d("0");
  const Run shown = run({"derive", "examples/chaplygin_sphere.yaml"});
  CHECK(shown.status == 0);
  CHECK(shown.out == plain.out);
  CHECK(has(shown.err, "hamel derive: "));
  CHECK(has(shown.err, " s, now: "));
  std::istringstream lines(shown.err);
  std::string line;
  while (std::getline(lines, line)) CHECK(line.rfind("hamel derive: ", 0) == 0);
  const Run quiet = run({"derive", "examples/chaplygin_sphere.yaml", "--quiet"});
  CHECK(quiet.err.empty());
  CHECK(quiet.out.empty());
  const Run check = run({"check", "examples/chaplygin_sleigh.yaml", "examples/chaplygin_sleigh.claims.yaml", "--quiet"});
  CHECK(check.status == 0);
  CHECK(check.err.empty());
}

TEST_CASE("progress lines: hamel simulate of a nonholonomic system names its phases, on stderr only, none with --quiet") {
  const DelayFor immediately("0");
  const Run r = run({"simulate", "examples/chaplygin_sleigh.yaml"});
  REQUIRE(r.status == 0);
  // a phase may end before the watchdog looks, but one is named, and every line names one of them
  REQUIRE(!r.err.empty());
  std::istringstream lines(r.err);
  for (std::string line; std::getline(lines, line);) {
    INFO(line);
    CHECK(line.rfind("hamel simulate: ", 0) == 0);
    CHECK((has(line, " s, now: building the system on D∗") || has(line, " s, now: the quantities to monitor") ||
           has(line, " s, now: integrating over t in [0, ")));
  }
  CHECK(!has(r.out, "hamel simulate: "));
  const Run q = run({"simulate", "examples/chaplygin_sleigh.yaml", "--quiet"});
  CHECK(q.status == 0);
  CHECK(q.err.empty());
}

}  // TEST_SUITE
