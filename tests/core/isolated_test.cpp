// tests/core/isolated_test.cpp — work in a child process: its answer, its deadline, its failures.
#include <doctest/doctest.h>

#include <csignal>
#include <cstdio>
#include <stdexcept>
#include <string>

#include <unistd.h>

#include "core/isolated.hpp"

using hamel::IsolatedResult;

TEST_SUITE("core") {

TEST_CASE("run_isolated: the child's answer comes back, its stdout does not reach ours") {
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

TEST_CASE("run_isolated: the budget is the child's CPU time, so a child that waits past it still answers") {
  // 0.5 s asleep uses no CPU: within a budget of 0.2 s of CPU time, on an idle or a loaded machine
  const auto slept = hamel::run_isolated([] {
    ::usleep(500000);
    return std::string("awake");
  }, 0.2, 1024);
  CHECK(slept.status == IsolatedResult::Status::Finished);
  CHECK(slept.output == "awake");
  CHECK(slept.cpu_seconds < 0.2);
  CHECK(slept.seconds >= 0.5);
  const auto busy = hamel::run_isolated([] {
    for (volatile unsigned long i = 0;; i = i + 1) {
    }
    return std::string();
  }, 0.2, 1024);
  CHECK(busy.status == IsolatedResult::Status::TimedOut);
  CHECK(busy.cpu_seconds >= 0.2);  // stopped by its CPU time, not by the wall-clock safety net
  CHECK_FALSE(busy.wall_net);
  CHECK(busy.describe() == "no answer within 0.2 s of CPU time");  // its budget, not the time measured
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

TEST_CASE("IsolatedServer: one child answers every request, a failure costs the child, not the server") {
  // the child answers "pid:request", so that the tests see which child answered
  hamel::IsolatedServer server([](const std::string& request) -> std::string {
    if (request == "throw") throw std::runtime_error("no basis");
    if (request == "die") std::raise(SIGKILL);
    if (request == "large") return std::string(5000, 'x');
    if (request == "sleep") ::usleep(500000);
    if (request == "loop")
      for (volatile unsigned long i = 0;; i = i + 1) {
      }
    std::puts("noise from the child");
    return std::to_string(::getpid()) + ":" + request;
  });
  const auto pid_of = [](const IsolatedResult& r) { return r.output.substr(0, r.output.find(':')); };
  const auto first = server.ask("a", 10, 1024);
  REQUIRE(first.status == IsolatedResult::Status::Finished);
  CHECK(first.output.substr(first.output.find(':')) == ":a");
  CHECK(pid_of(first) != std::to_string(::getpid()));
  const auto second = server.ask(std::string(100000, 'b'), 10, 200000);  // longer than a socket buffer
  REQUIRE(second.status == IsolatedResult::Status::Finished);
  CHECK(pid_of(second) == pid_of(first));
  CHECK(second.output.size() == pid_of(first).size() + 1 + 100000);

  const auto thrown = server.ask("throw", 10, 1024);  // an exception: reported, the child stays
  CHECK(thrown.status == IsolatedResult::Status::Failed);
  CHECK(thrown.output == "no basis");
  CHECK(pid_of(server.ask("c", 10, 1024)) == pid_of(first));

  CHECK(server.ask("large", 10, 1000).status == IsolatedResult::Status::TooLarge);
  const auto after_large = server.ask("d", 10, 1024);
  CHECK(after_large.status == IsolatedResult::Status::Finished);
  CHECK(pid_of(after_large) != pid_of(first));  // a new child

  const auto slept = server.ask("sleep", 0.2, 1024);  // waiting is not computing: within 0.2 s of CPU time
  CHECK(slept.status == IsolatedResult::Status::Finished);
  CHECK(slept.cpu_seconds < 0.2);
  const auto looped = server.ask("loop", 0.3, 1024);
  CHECK(looped.status == IsolatedResult::Status::TimedOut);
  CHECK(looped.cpu_seconds >= 0.3);
  CHECK(looped.seconds < 5);
  const auto died = server.ask("die", 10, 1024);
  CHECK(died.status == IsolatedResult::Status::Failed);
  CHECK(died.output == "the child process died");
  CHECK(server.ask("e", 10, 1024).status == IsolatedResult::Status::Finished);
}

}  // TEST_SUITE
