// cli/commands.hpp — the `hamel` command, callable in-process (the tests do).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace hamel::cli {

/// Runs `hamel args...`; returns the exit status: 0 success, 1 a false claim, 2 bad input or usage.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace hamel::cli
