// numerics/csv.hpp — comma-separated values: a header line, then one row of numbers per line,
// written with 17 significant digits (%.17g) so that reading them back gives the same doubles.
#pragma once

#include <string>
#include <vector>

#include "core/atomic_file.hpp"
#include "numerics/ode.hpp"

namespace hamel {

/// Streams rows to a file, so that long simulations need not keep them in memory.  The rows go to a
/// temporary file that replaces `path` at finish(): a run that fails or is killed leaves the previous
/// file intact.
class CsvWriter {
 public:
  /// Opens the file and writes the header; names with a comma, quote or newline are quoted
  /// (RFC 4180). @throws InvalidArgument if the header is empty or the file cannot be written.
  CsvWriter(const std::string& path, const std::vector<std::string>& header);
  /// @throws InvalidArgument if values.size() differs from the header's, or on a write error.
  void row(const std::vector<double>& values);
  /// A row of cells as text, for rows with names in them (a guard's): numbers formatted by
  /// csv_number, every cell quoted as the header's names are.  @throws as row().
  void text_row(const std::vector<std::string>& cells);
  /// Puts the file in place. @throws InvalidArgument on a write error (e.g. a full disk).
  void finish() { out_.commit(); }
  std::size_t rows() const { return rows_; }
  std::size_t columns() const { return columns_; }

 private:
  static std::string opened(const std::string& path);  ///< `path`, once it is known to be writable
  std::string path_;
  AtomicFile out_;
  std::size_t columns_;
  std::size_t rows_ = 0;
};

/// A number as row() writes it (%.17g).
std::string csv_number(double v);

/// The file written beside a CSV (the naming of the plots, OUT.* and OUT-path.*): OUT.csv or OUT gives
/// OUT-<suffix>.csv; standard output ("-") has none (returns "").
std::string companion_csv(const std::string& csv, const std::string& suffix);

/// Writes a whole table at once.
void write_csv(const std::string& path, const std::vector<std::string>& header,
               const std::vector<std::vector<double>>& rows);

/// Writes t and the state components of a trajectory: the accepted steps, or the uniform grid.
/// `state_names` names the components (default x0, x1, ...).
void write_csv(const std::string& path, const Trajectory& trajectory,
               const std::vector<std::string>& state_names = {}, bool grid = false);

}  // namespace hamel
