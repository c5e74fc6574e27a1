// tests/core/work_clock_test.cpp — the work clock counts CPU time (this process's, its forked
// children's before the fork, the Gröbner child's as reported), not the time spent waiting.
#include <doctest/doctest.h>

#include <string>

#include <sys/wait.h>
#include <unistd.h>

#include "core/isolated.hpp"
#include "core/work_clock.hpp"

TEST_SUITE("core") {

TEST_CASE("work_seconds: a busy loop counts, a sleep does not") {
  const double t0 = hamel::work_seconds();
  ::usleep(300000);  // 0.3 s of wall time, no CPU
  const double slept = hamel::work_seconds() - t0;
  CHECK(slept >= 0);
  CHECK(slept < 0.1);
  const double t1 = hamel::work_seconds();
  for (volatile unsigned long i = 0; hamel::work_seconds() - t1 < 0.05; i = i + 1) {
  }
  CHECK(hamel::work_seconds() - t1 >= 0.05);  // the loop ends only once the clock has moved
}

TEST_CASE("work_seconds: a forked child goes on from its parent's count, a child's CPU comes back") {
  for (volatile unsigned long i = 0; hamel::work_seconds() < 0.02; i = i + 1) {  // some work before the fork
  }
  const double before = hamel::work_seconds();
  const auto r = hamel::run_isolated([] { return std::to_string(hamel::work_seconds()); }, 10, 1024);
  REQUIRE(r.status == hamel::IsolatedResult::Status::Finished);
  CHECK(std::stod(r.output) >= before);  // not from zero, as the child's own CPU clock is
  // the child's CPU time on the work is added to this process's work
  const double t0 = hamel::work_seconds();
  const auto busy = hamel::run_isolated([] {
    for (volatile unsigned long i = 0;; i = i + 1) {
    }
    return std::string();
  }, 0.2, 1024);
  CHECK(busy.status == hamel::IsolatedResult::Status::TimedOut);
  CHECK(busy.cpu_seconds >= 0.2);
  CHECK(hamel::work_seconds() - t0 >= busy.cpu_seconds);
}

TEST_CASE("process_cpu_seconds: a child's CPU clock, nothing for a process that is gone") {
  CHECK(hamel::process_cpu_seconds(::getpid()).has_value());
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  CHECK_FALSE(hamel::process_cpu_seconds(child).has_value());
}

}  // TEST_SUITE
