// numerics/process.hpp — finding and running external programs (the C compiler, gnuplot).
//
// Both are run without a shell (posix_spawn with an argument vector), so paths with spaces or
// quotes need no escaping, and their diagnostics go to a log file that the caller can quote.
#pragma once

#include <string>
#include <vector>

namespace hamel::detail {

/// The full path of an executable: `name` itself if it contains a '/', else the first match on
/// $PATH; empty if there is none.
std::string find_executable(const std::string& name);

/// Runs argv[0] (a path) with the arguments argv[1..], stdout and stderr appended to `log_path`
/// (or discarded when empty), and waits for it.  Returns the exit status, or -1 if the program
/// could not be started or did not exit normally.
int run_process(const std::vector<std::string>& argv, const std::string& log_path);

/// One line that sums up a log: the first line mentioning "error", else the first non-blank line
/// (empty if the file cannot be read).
std::string summary_line(const std::string& path);

}  // namespace hamel::detail
