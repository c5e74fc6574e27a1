// tests/numerics/jit_test.cpp — generated C that does not change with GiNaC's hash order, and a cache
// that stays within its bounds.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <sys/time.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "numerics/bytecode.hpp"
#include "numerics/jit.hpp"
#include "tests/core/symbol_sets.hpp"
#include "tests/numerics/temp_dir.hpp"

using GiNaC::ex;

namespace {

std::size_t libraries_in(const std::string& dir) {
  std::size_t n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) n += e.path().extension() == ".so";
  return n;
}

bool exists(const std::string& path) { return std::filesystem::exists(path); }

// File times are kept in clock ticks of a few milliseconds: a pause makes "more recent" unambiguous.
void wait_a_tick() { std::this_thread::sleep_for(std::chrono::milliseconds(30)); }

}  // namespace

TEST_SUITE("numerics") {

TEST_CASE("c_source: the same expressions give the same C whatever GiNaC's hash order") {
  std::set<std::string> ginac, sources;
  const std::vector<std::string> names = {"a", "b", "c", "d", "x"};
  for (const auto& S : hamel::test::symbol_sets(names)) {
    const ex a = S["a"], b = S["b"], c = S["c"], d = S["d"], x = S["x"];
    const std::vector<ex> outputs = {
        (a - b) / (c - d) + sin(x) * (b - a),
        pow(a - c, 2) * (d - b) / (x * (c - a)) - 3 * a * b * c + GiNaC::numeric(1, 3) * pow(d, 5),
        sqrt(a * a + b * b) * cos(c - x) - exp(d) / (1 + x * x),
    };
    std::vector<ex> inputs;
    for (const auto& n : names) inputs.push_back(S[n]);
    std::string g;
    for (const ex& e : outputs) g += hamel::test::ginac_text(e) + ";";
    ginac.insert(g);
    sources.insert(hamel::detail::c_source(hamel::lower_to_program(outputs, inputs)));
  }
  CHECK(ginac.size() > 1);  // GiNaC's own order does change with the symbols' order
  CHECK(sources.size() == 1);
}

TEST_CASE("prune_cache: least recently used entries go first, within the entry and byte bounds") {
  if (hamel::detail::find_c_compiler("").empty()) {
    MESSAGE("skipped: no C compiler");
    return;
  }
  hamel::test::TempDir dir;
  hamel::detail::JitSettings s;
  s.cache_dir = dir.path();
  s.max_entries = 3;
  GiNaC::realsymbol x("x");
  const auto build = [&](int k) { return hamel::detail::load_native(hamel::lower_to_program({x + k}, {x}), s); };
  std::vector<std::string> path(6);
  for (int k = 1; k <= 3; ++k) {
    path[k] = build(k).path;
    wait_a_tick();
  }
  CHECK(libraries_in(dir.path()) == 3);
  // a hit on entry 1 makes it the most recently used: entry 2 is the one to go
  const auto hit = build(1);
  CHECK(hit.cached);
  wait_a_tick();
  path[4] = build(4).path;
  CHECK(libraries_in(dir.path()) == 3);
  CHECK(exists(path[1]));
  CHECK_FALSE(exists(path[2]));
  CHECK_FALSE(exists(path[2].substr(0, path[2].size() - 3) + ".c"));  // its source goes with it
  CHECK(exists(path[3]));
  CHECK(exists(path[4]));
  // a byte bound below one entry keeps only the entry just built (which must load)
  s.max_bytes = 1;
  wait_a_tick();
  const auto last = build(5);
  const bool loaded = last.kernel != nullptr;
  CHECK(loaded);
  CHECK(libraries_in(dir.path()) == 1);
  CHECK(exists(last.path));
}

TEST_CASE("prune_cache: temporary files of builds that died long ago are removed, fresh ones kept") {
  hamel::test::TempDir dir;
  const std::string old_tmp = dir.file("0123.tmp-99-0.c"), new_tmp = dir.file("4567.tmp-99-1.c");
  std::ofstream(old_tmp) << "int x;";
  std::ofstream(new_tmp) << "int y;";
  const struct timeval two_hours_ago[2] = {{std::time(nullptr) - 7200, 0}, {std::time(nullptr) - 7200, 0}};
  REQUIRE(::utimes(old_tmp.c_str(), two_hours_ago) == 0);
  CHECK(hamel::detail::prune_cache(dir.path(), 10, 1u << 20) == 0);  // no library to remove
  CHECK_FALSE(exists(old_tmp));
  CHECK(exists(new_tmp));
}

}  // TEST_SUITE
