// core/isolated.cpp
#include "core/isolated.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>

#include "core/child_io.hpp"

namespace hamel {

namespace {

using detail::length_prefixed;
using detail::quiet_streams;
using detail::send_all;
using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// The server's child: answers requests until the socket closes.
[[noreturn]] void serve_requests(int fd, const std::function<std::string(const std::string&)>& serve,
                                 const std::function<void()>& prepare) {
  quiet_streams();
  if (prepare) {
    try {
      prepare();
    } catch (...) {  // the first request meets the failure again, and reports it
    }
  }
  for (;;) {
    std::string request;
    if (!detail::read_prefixed(fd, request)) break;
    char status = 0;
    std::string answer;
    try {
      answer = serve(request);
    } catch (const std::exception& e) {
      status = 3, answer = e.what();
    } catch (...) {
      status = 4, answer.clear();
    }
    send_all(fd, std::string(1, status) + length_prefixed(answer));
  }
  ::_exit(0);
}

// What a child sent next, appended to `in` (Data), the end of its stream (End), or the deadline (Late).
enum class Read { Data, End, Late };
Read read_more(int fd, Clock::time_point t0, double seconds, std::string& in) {
  char buf[65536];
  for (;;) {
    const double left = seconds - since(t0);
    if (left <= 0) return Read::Late;
    pollfd p{fd, POLLIN, 0};
    const int r = ::poll(&p, 1, static_cast<int>(left * 1000) + 1);
    if (r < 0 && errno == EINTR) continue;
    if (r == 0) continue;  // the deadline is checked above
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Read::End;
    in.append(buf, static_cast<std::size_t>(n));
    return Read::Data;
  }
}

// Reads one answer of the server from `fd`, until the deadline or the bound; Failed when the child
// died first.
IsolatedResult::Status receive(int fd, Clock::time_point t0, double seconds, std::size_t max_bytes, std::string& in) {
  constexpr std::size_t header = 1 + sizeof(std::uint64_t);
  for (;;) {
    if (in.size() >= header) {
      std::uint64_t n = 0;
      std::memcpy(&n, in.data() + 1, sizeof n);
      if (n > max_bytes) return IsolatedResult::Status::TooLarge;
      if (in.size() >= header + n) return IsolatedResult::Status::Finished;
    }
    const Read r = read_more(fd, t0, seconds, in);
    if (r == Read::Late) return IsolatedResult::Status::TimedOut;
    if (r == Read::End) return IsolatedResult::Status::Failed;
  }
}

// The child: quiet streams, the work, its answer on `fd`. Exit status 0 only when the work returned;
// a message after a failure is prefixed so that the parent can tell it from an answer.
[[noreturn]] void child(int fd, const std::function<std::string()>& work) {
  quiet_streams();
  int status = 0;
  try {
    send_all(fd, work());
  } catch (const std::exception& e) {
    send_all(fd, e.what());
    status = 3;
  } catch (...) {
    status = 4;
  }
  ::close(fd);
  ::_exit(status);  // no destructors, no flushing of buffers copied from the parent
}

// Reads from `fd` until end of file, the deadline or the bound; the status says which.
IsolatedResult::Status drain(int fd, Clock::time_point t0, double seconds, std::size_t max_bytes, std::string& out) {
  for (;;) {
    const Read r = read_more(fd, t0, seconds, out);
    if (r == Read::Late) return IsolatedResult::Status::TimedOut;
    if (r == Read::End) return IsolatedResult::Status::Finished;
    if (out.size() > max_bytes) return IsolatedResult::Status::TooLarge;
  }
}

}  // namespace

std::string IsolatedResult::describe() const {
  char t[32];
  std::snprintf(t, sizeof t, "%.3g s", seconds);
  switch (status) {
    case Status::Finished: return std::string("finished in ") + t;
    case Status::TimedOut: return std::string("no answer within ") + t;
    case Status::TooLarge: return std::string("answer larger than the bound after ") + t;
    case Status::Failed: return "failed after " + std::string(t) + (output.empty() ? "" : ": " + output);
  }
  return "";
}

IsolatedResult run_isolated(const std::function<std::string()>& work, double seconds, std::size_t max_bytes) {
  const auto t0 = Clock::now();
  IsolatedResult res;
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) {
    res.output = "socketpair() failed";
    return res;
  }
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    res.output = "fork() failed";
    return res;
  }
  if (pid == 0) {
    ::close(fds[0]);
    child(fds[1], work);
  }
  ::close(fds[1]);
  res.status = drain(fds[0], t0, seconds, max_bytes, res.output);
  ::close(fds[0]);
  if (res.status != IsolatedResult::Status::Finished) ::kill(pid, SIGKILL);
  int wstatus = 0;
  while (::waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
  }
  res.seconds = since(t0);
  if (res.status != IsolatedResult::Status::Finished) {
    res.output.clear();
  } else if (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0) {
    res.status = IsolatedResult::Status::Failed;
    if (WIFSIGNALED(wstatus)) res.output = "the child died of signal " + std::to_string(WTERMSIG(wstatus));
  }
  return res;
}

IsolatedServer::IsolatedServer(std::function<std::string(const std::string&)> serve, std::function<void()> prepare)
    : serve_(std::move(serve)), prepare_(std::move(prepare)), owner_(::getpid()) {}

IsolatedServer::~IsolatedServer() {
  if (::getpid() == owner_) stop();
}

bool IsolatedServer::start() {
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return false;
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return false;
  }
  if (pid == 0) {
    ::close(fds[0]);
    serve_requests(fds[1], serve_, prepare_);
  }
  ::close(fds[1]);
  child_ = pid;
  socket_ = fds[0];
  return true;
}

void IsolatedServer::stop() {
  if (child_ < 0) return;
  ::kill(child_, SIGKILL);
  int wstatus = 0;
  while (::waitpid(child_, &wstatus, 0) < 0 && errno == EINTR) {
  }
  ::close(socket_);
  child_ = -1;
  socket_ = -1;
}

void IsolatedServer::start_early() {
  if (::getpid() == owner_ && child_ < 0) start();
}

IsolatedResult IsolatedServer::ask(const std::string& request, double seconds, std::size_t max_bytes) {
  if (::getpid() != owner_) return run_isolated([&] { return serve_(request); }, seconds, max_bytes);
  const auto t0 = Clock::now();
  IsolatedResult res;
  if (child_ < 0 && !start()) {
    res.output = "could not start a child process";
    return res;
  }
  send_all(socket_, length_prefixed(request));
  std::string in;
  res.status = receive(socket_, t0, seconds, max_bytes, in);
  res.seconds = since(t0);
  if (res.status != IsolatedResult::Status::Finished) {
    if (res.status == IsolatedResult::Status::Failed) res.output = "the child process died";
    stop();
    return res;
  }
  constexpr std::size_t header = 1 + sizeof(std::uint64_t);
  res.output = in.substr(header);
  if (in[0] != 0) res.status = IsolatedResult::Status::Failed;
  return res;
}

}  // namespace hamel
