// cli/main.cpp — the `hamel` command (a stub until the system-file issue lands).
#include <cstring>
#include <iostream>

namespace {
void usage(std::ostream& os) {
  os << "usage: hamel <command> [options]\n"
        "  --version   print the version\n"
        "  --help      print this help\n";
}
}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "--version") == 0) {
    std::cout << "hamel " << HAMEL_VERSION << "\n";
    return 0;
  }
  if (argc >= 2 && std::strcmp(argv[1], "--help") == 0) {
    usage(std::cout);
    return 0;
  }
  usage(std::cerr);
  return 2;
}
