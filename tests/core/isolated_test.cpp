// tests/core/isolated_test.cpp — work in a child process: its answer, its deadline, its failures.
#include <doctest/doctest.h>

#include <csignal>
#include <cstdio>
#include <stdexcept>

#include "core/isolated.hpp"

using hamel::IsolatedResult;

TEST_SUITE("core") {

TEST_CASE("run_isolated: the child's answer comes back; its stdout does not reach ours") {
  const auto r = hamel::run_isolated([] {
    std::puts("noise from the child");
    return std::string("answer\nsecond line");
  }, 10, 1024);
  CHECK(r.status == IsolatedResult::Status::Finished);
  CHECK(r.output == "answer\nsecond line");
  CHECK(r.describe().rfind("finished in", 0) == 0);
}

TEST_CASE("run_isolated: a child past its deadline is killed and reported, not waited for") {
  const auto r = hamel::run_isolated([] {
    for (volatile unsigned long i = 0;; i = i + 1) {
    }
    return std::string();
  }, 0.3, 1024);
  CHECK(r.status == IsolatedResult::Status::TimedOut);
  CHECK(r.output.empty());
  CHECK(r.seconds < 5);
  CHECK(r.describe().rfind("no answer within", 0) == 0);
}

TEST_CASE("run_isolated: a throwing or dying child, and an answer over the bound") {
  const auto thrown = hamel::run_isolated([]() -> std::string { throw std::runtime_error("no basis"); }, 10, 1024);
  CHECK(thrown.status == IsolatedResult::Status::Failed);
  CHECK(thrown.output == "no basis");
  const auto died = hamel::run_isolated([]() -> std::string {
    std::raise(SIGKILL);
    return "";
  }, 10, 1024);
  CHECK(died.status == IsolatedResult::Status::Failed);
  CHECK(died.output == "the child died of signal " + std::to_string(SIGKILL));
  const auto large = hamel::run_isolated([] { return std::string(5000, 'x'); }, 10, 1000);
  CHECK(large.status == IsolatedResult::Status::TooLarge);
}

}  // TEST_SUITE
