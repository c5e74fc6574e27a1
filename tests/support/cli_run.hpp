// tests/support/cli_run.hpp — `hamel …` in-process, with its exit status and output.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace hamel::test {

struct Run {
  int status;
  std::string out, err;
};

inline Run run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int s = hamel::cli::run(args, out, err);
  return {s, out.str(), err.str()};
}

/// Whether `text` (an output) contains `part`.
inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace hamel::test
