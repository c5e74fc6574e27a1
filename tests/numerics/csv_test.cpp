// tests/numerics/csv_test.cpp
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "core/error.hpp"
#include "numerics/csv.hpp"
#include "tests/numerics/temp_dir.hpp"

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::vector<double> parse_row(const std::string& line) {
  std::vector<double> v;
  std::istringstream in(line);
  for (std::string cell; std::getline(in, cell, ',');) v.push_back(std::strtod(cell.c_str(), nullptr));
  return v;
}

}  // namespace

TEST_SUITE("numerics") {

TEST_CASE("CsvWriter: header, rows, and doubles that read back exactly") {
  hamel::test::TempDir dir;
  const std::string path = dir.file("table.csv");
  const std::vector<double> row = {1.0 / 3.0, -std::exp(1.0) * 1e-300, 6.02214076e23, 0.0};
  {
    hamel::CsvWriter w(path, {"a", "b,c", "say \"hi\"", "d"});
    w.row(row);
    w.row({1, 2, 3, 4});
    CHECK(w.rows() == 2);
    CHECK_THROWS_WITH_AS(w.row({1, 2}), doctest::Contains("CsvWriter::row: wrong number of values in row 3; expected 4, got 2"),
                         hamel::InvalidArgument);
    w.finish();  // the rows are put in place whole (a writer destroyed unfinished leaves no file)
  }
  const auto l = lines(hamel::test::read_text(path));
  REQUIRE(l.size() == 3);
  CHECK(l[0] == "a,\"b,c\",\"say \"\"hi\"\"\",d");
  const auto back = parse_row(l[1]);
  REQUIRE(back.size() == 4);
  for (std::size_t i = 0; i < 4; ++i) CHECK(back[i] == row[i]);  // bit-exact with %.17g
  CHECK(l[2] == "1,2,3,4");
  CHECK_THROWS_WITH_AS(hamel::CsvWriter(dir.file("no/such/dir.csv"), {"a"}),
                       doctest::Contains("CsvWriter: cannot write the file"), hamel::InvalidArgument);
}

TEST_CASE("CsvWriter: rows with names in them, the events file beside a CSV") {
  hamel::test::TempDir dir;
  const std::string path = dir.file("events.csv");
  {
    hamel::CsvWriter w(path, {"event", "t", "guard"});
    w.text_row({"1", hamel::csv_number(0.1), "C1+C2"});
    w.text_row({"2", hamel::csv_number(1.0 / 3.0), "wall, moving"});
    CHECK_THROWS_WITH_AS(w.text_row({"3"}), doctest::Contains("CsvWriter::row: wrong number of values in row 3; expected 3, got 1"),
                         hamel::InvalidArgument);
    w.finish();
  }
  const auto l = lines(hamel::test::read_text(path));
  REQUIRE(l.size() == 3);
  CHECK(l[1] == "1,0.10000000000000001,C1+C2");
  CHECK(l[2] == "2,0.33333333333333331,\"wall, moving\"");
  CHECK(hamel::companion_csv("run/out.csv", "events") == "run/out-events.csv");
  CHECK(hamel::companion_csv("out", "events") == "out-events.csv");
  CHECK(hamel::companion_csv("-", "events").empty());
}

TEST_CASE("write_csv: a trajectory, by steps or on its grid") {
  hamel::test::TempDir dir;
  hamel::Trajectory tr;
  tr.t = {0, 0.5};
  tr.x = {{1, 2}, {3, 4}};
  tr.grid_t = {0};
  tr.grid_x = {{1, 2}};
  hamel::write_csv(dir.file("steps.csv"), tr, {"q", "p"});
  CHECK(hamel::test::read_text(dir.file("steps.csv")) == "t,q,p\n0,1,2\n0.5,3,4\n");
  hamel::write_csv(dir.file("grid.csv"), tr, {}, true);
  CHECK(hamel::test::read_text(dir.file("grid.csv")) == "t,x0,x1\n0,1,2\n");
  CHECK_THROWS_WITH_AS(hamel::write_csv(dir.file("bad.csv"), tr, {"q"}),
                       doctest::Contains("write_csv: wrong number of state names; expected 2, got 1"),
                       hamel::InvalidArgument);
}

}  // TEST_SUITE
