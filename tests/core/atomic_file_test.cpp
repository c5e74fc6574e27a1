// tests/core/atomic_file_test.cpp — outputs are replaced whole or not at all (issue 17 §3).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "tests/support/temp_file.hpp"

namespace {

std::string contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::size_t files_beside(const std::string& path) {
  const auto dir = std::filesystem::path(path).parent_path();
  const std::string stem = std::filesystem::path(path).filename().string();
  std::size_t n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().rfind(stem, 0) == 0) ++n;
  return n;
}

}  // namespace

TEST_SUITE("core") {

TEST_CASE("AtomicFile: commit replaces the file, without commit the old content stays and no temporary is left") {
  hamel::test::TempFile f("old\n", ".txt");
  {
    hamel::AtomicFile a(f.path());
    a.stream() << "half written";
    CHECK(contents(f.path()) == "old\n");  // nothing visible before commit
  }  // a failed run: destroyed without commit
  CHECK(contents(f.path()) == "old\n");
  CHECK(files_beside(f.path()) == 1);
  hamel::write_file_atomically(f.path(), "new\n");
  CHECK(contents(f.path()) == "new\n");
  CHECK(files_beside(f.path()) == 1);
}

TEST_CASE("AtomicFile: a device is written directly and a full disk is an error, not a success") {
  if (!std::filesystem::exists("/dev/full")) return;
  CHECK_THROWS_WITH_AS(hamel::write_file_atomically("/dev/full", std::string(1 << 16, 'x')),
                       doctest::Contains("cannot write '/dev/full': a write failed"), hamel::InvalidArgument);
  CHECK(std::filesystem::is_character_file("/dev/full"));  // not replaced by a regular file
  CHECK_THROWS_WITH_AS(hamel::AtomicFile("/nonexistent-dir/x.json"), doctest::Contains("cannot write '/nonexistent-dir/x.json'"),
                       hamel::InvalidArgument);
}

}  // TEST_SUITE
