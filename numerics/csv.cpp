// numerics/csv.cpp
#include "numerics/csv.hpp"

#include <cstdio>

#include "core/error.hpp"

namespace hamel {

namespace {

std::string field(const std::string& name) {
  if (name.find_first_of(",\"\n\r") == std::string::npos) return name;
  std::string q = "\"";
  for (char c : name) q += (c == '"') ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

}  // namespace

// The writer's own message for a path it cannot open (the reason from the system goes with it).
std::string CsvWriter::opened(const std::string& path) {
  try {
    AtomicFile probe(path);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(detail::message("CsvWriter", "cannot write the file", "a writable path", e.what()));
  }
  return path;
}

CsvWriter::CsvWriter(const std::string& path, const std::vector<std::string>& header)
    : path_(path), out_(opened(path)), columns_(header.size()) {
  if (header.empty())
    throw InvalidArgument(detail::message("CsvWriter", "empty header", "at least one column", "none"));
  for (std::size_t i = 0; i < header.size(); ++i) out_.stream() << (i ? "," : "") << field(header[i]);
  out_.stream() << '\n';
}

void CsvWriter::row(const std::vector<double>& values) {
  std::vector<std::string> cells;
  for (double v : values) cells.push_back(csv_number(v));
  text_row(cells);
}

void CsvWriter::text_row(const std::vector<std::string>& cells) {
  if (cells.size() != columns_)
    throw InvalidArgument(detail::message("CsvWriter::row", "wrong number of values in row " +
                                                                 std::to_string(rows_ + 1),
                                          std::to_string(columns_), std::to_string(cells.size())));
  for (std::size_t i = 0; i < cells.size(); ++i) out_.stream() << (i ? "," : "") << field(cells[i]);
  out_.stream() << '\n';
  if (!out_.stream()) throw InvalidArgument("cannot write '" + path_ + "': a write failed (disk full?)");
  ++rows_;
}

std::string csv_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string companion_csv(const std::string& csv, const std::string& suffix) {
  if (csv == "-") return "";
  const bool ext = csv.size() > 4 && csv.compare(csv.size() - 4, 4, ".csv") == 0;
  return csv.substr(0, ext ? csv.size() - 4 : csv.size()) + "-" + suffix + ".csv";
}

void write_csv(const std::string& path, const std::vector<std::string>& header,
               const std::vector<std::vector<double>>& rows) {
  CsvWriter w(path, header);
  for (const auto& r : rows) w.row(r);
  w.finish();
}

void write_csv(const std::string& path, const Trajectory& trajectory,
               const std::vector<std::string>& state_names, bool grid) {
  const auto& ts = grid ? trajectory.grid_t : trajectory.t;
  const auto& xs = grid ? trajectory.grid_x : trajectory.x;
  const std::size_t n = xs.empty() ? trajectory.x_end.size() : xs.front().size();
  if (!state_names.empty() && state_names.size() != n)
    throw InvalidArgument(detail::message("write_csv", "wrong number of state names", std::to_string(n),
                                          std::to_string(state_names.size())));
  std::vector<std::string> header = {"t"};
  for (std::size_t i = 0; i < n; ++i)
    header.push_back(state_names.empty() ? "x" + std::to_string(i) : state_names[i]);
  CsvWriter w(path, header);
  std::vector<double> r(n + 1);
  for (std::size_t k = 0; k < ts.size(); ++k) {
    r[0] = ts[k];
    std::copy(xs[k].begin(), xs[k].end(), r.begin() + 1);
    w.row(r);
  }
  w.finish();
}

}  // namespace hamel
