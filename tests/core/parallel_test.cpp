// tests/core/parallel_test.cpp — work on several cores in forked workers (core/parallel.hpp), and the
// expressions they send back (core/wire.hpp).
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <thread>

#include "core/abstract_function.hpp"
#include "core/effort.hpp"
#include "core/parallel.hpp"
#include "tests/support/workers.hpp"
#include "core/symbolic.hpp"
#include "core/wire.hpp"

using GiNaC::ex;
using GiNaC::numeric;
using GiNaC::realsymbol;

TEST_SUITE("core") {

TEST_CASE("wire: every node comes back equal, two functions of one name stay two") {
  realsymbol x("x"), y("y");
  // Two charts' f: the same name, different serials (GiNaC's archives would merge them).
  const hamel::AbstractFunction f = hamel::AbstractFunction::fresh("f", 1), g = hamel::AbstractFunction::fresh("f", 1);
  const ex e = numeric(-7, 3) * pow(x, numeric(3, 2)) * sin(y) + f(x) - g(x) + f(x).diff(x, 2) * g(y) +
               exp(GiNaC::Pi * y) + (numeric(1, 2) + 2 * GiNaC::I) * x + numeric("0.1000000000000000055511151231") * y +
               pow(numeric("123456789012345678901234567890"), y);
  hamel::WireLeaves leaves;
  leaves.add(e);
  const auto text = hamel::to_wire(e, leaves);
  REQUIRE(text);
  const ex back = hamel::from_wire(*text, leaves);
  CHECK(back.is_equal(e));
  CHECK_FALSE(hamel::from_wire(*hamel::to_wire(f(x), leaves), leaves).is_equal(g(x)));
}

TEST_CASE("wire: a leaf outside the table or a list is not carried, malformed text is refused") {
  realsymbol x("x"), z("z");
  hamel::WireLeaves leaves;
  leaves.add(x);
  CHECK_FALSE(hamel::to_wire(x + z, leaves));
  CHECK_FALSE(hamel::to_wire(GiNaC::lst{x}, leaves));
  CHECK_THROWS_AS(hamel::from_wire(" + 2 L 0", leaves), std::runtime_error);
  CHECK_THROWS_AS(hamel::from_wire(" L 5", leaves), std::runtime_error);
  CHECK_THROWS_AS(hamel::from_wire(" Q 1 0", leaves), std::runtime_error);
  CHECK_THROWS_AS(hamel::from_wire(" L 0 L 0", leaves), std::runtime_error);
}

TEST_CASE("wire: a verdict comes back with its method, detail, witness point and value") {
  realsymbol x("x"), y("y");
  hamel::ProbeSpace space;
  const hamel::ZeroVerdict v = hamel::zero_test(sin(x) * y - numeric(1, 3), space);
  REQUIRE_FALSE(v.zero);
  hamel::WireLeaves leaves;
  leaves.add(x);
  leaves.add(y);
  const auto text = hamel::to_wire(v, leaves);
  REQUIRE(text);
  const hamel::ZeroVerdict back = hamel::verdict_from_wire(*text, leaves);
  CHECK(back.zero == v.zero);
  CHECK(back.undecided == v.undecided);
  CHECK(back.method == v.method);
  CHECK(back.detail == v.detail);
  CHECK(back.value.is_equal(v.value));
  REQUIRE(back.point.size() == v.point.size());
  for (const auto& [s, value] : v.point) CHECK(back.point.at(s).is_equal(value));
  REQUIRE_FALSE(v.point.empty());
  CHECK_FALSE(hamel::to_wire(v, hamel::WireLeaves{}));  // the point's coordinates are not in an empty table
  CHECK_THROWS_AS(hamel::verdict_from_wire("1 0 9 0  0 Q 0 1", leaves), std::runtime_error);  // no such method
}

TEST_CASE("parallel_map: every answer in order, from two workers") {
  const hamel::test::Workers two(2);
  const auto answers = hamel::parallel_map(50, [](std::size_t i) { return std::to_string(i * i); }, true);
  REQUIRE(answers.size() == 50);
  for (std::size_t i = 0; i < 50; ++i) {
    REQUIRE(answers[i]);
    CHECK(*answers[i] == std::to_string(i * i));
  }
}

TEST_CASE("parallel_map: a task that throws or kills its worker is left to the caller, the rest are answered") {
  const hamel::test::Workers two(2);
  const pid_t me = ::getpid();
  const auto answers = hamel::parallel_map(
      20,
      [me](std::size_t i) -> std::string {
        if (::getpid() == me) throw std::logic_error("a task ran in the caller");
        if (i == 3) throw std::runtime_error("task 3 fails");
        if (i == 7) ::_exit(9);  // the worker dies
        return "ok" + std::to_string(i);
      },
      true);
  CHECK_FALSE(answers[3]);
  CHECK_FALSE(answers[7]);
  for (std::size_t i = 0; i < 20; ++i)
    if (i != 3 && i != 7) {
      REQUIRE(answers[i]);
      CHECK(*answers[i] == "ok" + std::to_string(i));
    }
}

TEST_CASE("parallel_map: nothing runs in workers when one is asked for or the work is small") {
  const auto none = [](std::size_t) -> std::string { throw std::logic_error("should not run"); };
  {
    const hamel::test::Workers one(1);
    for (const auto& a : hamel::parallel_map(10, none, true)) CHECK_FALSE(a);
  }
  const hamel::test::Workers two(2);
  for (const auto& a : hamel::parallel_map(10, none, false)) CHECK_FALSE(a);
  CHECK(hamel::parallel_map(0, none, true).empty());
}

TEST_CASE("parallel_map: the workers' zero tests are counted in this process") {
  const hamel::test::Workers two(2);
  realsymbol x("x");
  const hamel::Effort before = hamel::effort();
  const auto answers = hamel::parallel_map(
      6, [&](std::size_t i) { return hamel::zero_test(pow(sin(x), 2) + pow(cos(x), 2) - 1 + int(i % 2) * x).zero ? "0" : "1"; },
      true);
  const hamel::Effort done = hamel::effort() - before;
  CHECK(done.zero_tests == 6);
  for (std::size_t i = 0; i < 6; ++i) CHECK(*answers[i] == (i % 2 ? "1" : "0"));
}

TEST_CASE("Background: work done in a worker while this process goes on, answered once, and none with one process") {
  {
    const hamel::test::Workers two(2);
    hamel::Background b([] { return std::to_string(::getpid()); });
    CHECK(b.running());
    const auto answer = b.answer();
    REQUIRE(answer);
    CHECK(*answer != std::to_string(::getpid()));  // another process did it
    CHECK_FALSE(b.running());
    CHECK_FALSE(b.answer());  // taken once
    hamel::Background fails([]() -> std::string { throw std::runtime_error("no answer"); });
    CHECK_FALSE(fails.answer());
  }
  const hamel::test::Workers one(1);
  hamel::Background none([]() -> std::string { throw std::logic_error("should not run"); });
  CHECK_FALSE(none.running());
  CHECK(none.finished());
  CHECK_FALSE(none.answer());
}

TEST_CASE("Background: a worker whose answer is not asked for is stopped, not waited for") {
  const hamel::test::Workers two(2);
  hamel::Background forever([]() -> std::string {
    for (;;) ::pause();  // only a signal ends it
  });
  CHECK(forever.running());
  CHECK_FALSE(forever.finished());
}  // the destructor kills it: the test ends

TEST_CASE("workers: HAMEL_JOBS, or set_workers, which 0 resets") {
  const unsigned before = hamel::set_workers(3);
  CHECK(hamel::workers() == 3);
  hamel::set_workers(0);
  ::setenv("HAMEL_JOBS", "5", 1);
  CHECK(hamel::workers() == 5);
  ::setenv("HAMEL_JOBS", "five", 1);  // not a number: the default
  CHECK(hamel::workers() == std::max(1u, std::thread::hardware_concurrency()));
  ::unsetenv("HAMEL_JOBS");
  hamel::set_workers(before);
}

}  // TEST_SUITE
