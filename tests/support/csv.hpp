// tests/support/csv.hpp — the CSV files `hamel simulate` writes, read back: the header, each row's
// cells as written and as numbers (a text cell, such as a guard's name, reads as 0).
#pragma once

#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace hamel::test {

struct Csv {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> cells;
  std::vector<std::vector<double>> rows;
  std::size_t column(const std::string& name) const {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return i;
    FAIL("no column " << name);
    return 0;
  }
  bool has_column(const std::string& name) const {
    for (const auto& h : header)
      if (h == name) return true;
    return false;
  }
};

inline Csv read_csv(const std::string& path) {
  std::ifstream in(path);
  Csv c;
  std::string line;
  std::getline(in, line);
  std::stringstream hs(line);
  for (std::string cell; std::getline(hs, cell, ',');) c.header.push_back(cell);
  while (std::getline(in, line)) {
    std::stringstream ls(line);
    std::vector<std::string> text;
    std::vector<double> row;
    for (std::string cell; std::getline(ls, cell, ',');) {
      text.push_back(cell);
      row.push_back(std::strtod(cell.c_str(), nullptr));
    }
    c.cells.push_back(text);
    c.rows.push_back(row);
  }
  return c;
}

}  // namespace hamel::test
