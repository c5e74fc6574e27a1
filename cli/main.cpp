// cli/main.cpp — the `hamel` command.
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "cli/commands.hpp"

// Sanitized builds end the normal way, so that LeakSanitizer looks at the heap at exit.
#if defined(__SANITIZE_ADDRESS__)
#define HAMEL_EXIT_NORMALLY 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HAMEL_EXIT_NORMALLY 1
#endif
#endif

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  const int status = hamel::cli::run(args, std::cout, std::cerr);
#ifndef HAMEL_EXIT_NORMALLY
  // Every file is written and closed when run() returns: the process ends without freeing its caches
  // one expression at a time (milliseconds of a short run); the Singular child ends on its closed socket.
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(status);
#endif
  return status;
}
