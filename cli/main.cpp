// cli/main.cpp — the `hamel` command.
#include <iostream>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return hamel::cli::run(args, std::cout, std::cerr);
}
