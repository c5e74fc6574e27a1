// core/child_io.cpp
#include "core/child_io.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace hamel::detail {

// Children answer on a socket (socketpair), never a pipe: a write to a peer that is gone then fails
// instead of raising SIGPIPE.
void send_all(int fd, const std::string& s) {
  std::size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::send(fd, s.data() + done, s.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

bool read_exact(int fd, char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t r = ::read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    p += r;
    n -= static_cast<std::size_t>(r);
  }
  return true;
}

std::string length_prefixed(const std::string& s) {
  const std::uint64_t n = s.size();
  std::string out(sizeof n, '\0');
  std::memcpy(out.data(), &n, sizeof n);
  return out + s;
}

std::string next_prefixed(const std::string& text, std::size_t& at) {
  std::uint64_t n = 0;
  if (at + sizeof n > text.size()) throw std::out_of_range("next_prefixed: no length");
  std::memcpy(&n, text.data() + at, sizeof n);
  if (n > text.size() - at - sizeof n) throw std::out_of_range("next_prefixed: text too short");
  const std::string part = text.substr(at + sizeof n, n);
  at += sizeof n + n;
  return part;
}

bool read_prefixed(int fd, std::string& out) {
  std::uint64_t n = 0;
  if (!read_exact(fd, reinterpret_cast<char*>(&n), sizeof n)) return false;
  out.assign(n, '\0');
  return read_exact(fd, out.data(), n);
}

void quiet_streams() {
  const int null = ::open("/dev/null", O_RDWR);
  if (null >= 0) {
    ::dup2(null, 0);
    ::dup2(null, 1);
    ::dup2(null, 2);
  }
}

}  // namespace hamel::detail
