// core/isolated.cpp
#include "core/isolated.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <exception>

namespace hamel {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

void write_all(int fd, const std::string& s) {
  std::size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

// The child: quiet streams, the work, its answer on `fd`. Exit status 0 only when the work returned;
// a message after a failure is prefixed so that the parent can tell it from an answer.
[[noreturn]] void child(int fd, const std::function<std::string()>& work) {
  const int null = ::open("/dev/null", O_RDWR);
  if (null >= 0) {
    ::dup2(null, 0);
    ::dup2(null, 1);
    ::dup2(null, 2);
  }
  int status = 0;
  try {
    write_all(fd, work());
  } catch (const std::exception& e) {
    write_all(fd, e.what());
    status = 3;
  } catch (...) {
    status = 4;
  }
  ::close(fd);
  ::_exit(status);  // no destructors, no flushing of buffers copied from the parent
}

// Reads from `fd` until end of file, the deadline or the bound; the status says which.
IsolatedResult::Status drain(int fd, Clock::time_point t0, double seconds, std::size_t max_bytes, std::string& out) {
  char buf[65536];
  for (;;) {
    const double left = seconds - since(t0);
    if (left <= 0) return IsolatedResult::Status::TimedOut;
    pollfd p{fd, POLLIN, 0};
    const int r = ::poll(&p, 1, static_cast<int>(left * 1000) + 1);
    if (r < 0 && errno == EINTR) continue;
    if (r == 0) continue;  // the deadline is checked above
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return IsolatedResult::Status::Finished;
    out.append(buf, static_cast<std::size_t>(n));
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
  if (::pipe(fds) != 0) {
    res.output = "pipe() failed";
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

}  // namespace hamel
