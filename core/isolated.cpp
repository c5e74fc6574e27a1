// core/isolated.cpp
#include "core/isolated.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>

#include "core/child_io.hpp"
#include "core/work_clock.hpp"

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

// The budget of one piece of work in a child: CPU seconds of the child (what the work costs, whatever
// the load), and a wall-clock safety net (kWallFactor times that, plus kWallSlack) against a child that
// waits instead of computing. Where the child's CPU clock cannot be read, wall time stands in for it
// (a single-threaded child uses at most one CPU second per second).
constexpr double kWallFactor = 8, kWallSlack = 10;

class Deadline {
 public:
  // `started`: when the work began (before the fork, for a child made for it), for its wall seconds
  Deadline(pid_t pid, double cpu_seconds, Clock::time_point started = Clock::now())
      : pid_(pid), cpu_(cpu_seconds), t0_(started), start_(process_cpu_seconds(pid).value_or(0)) {}
  /// The child's CPU seconds since the start (wall seconds when its clock is unreadable).
  double cpu_used() const {
    const auto now = process_cpu_seconds(pid_);
    return now ? *now - start_ : since(t0_);
  }
  double wall_used() const { return since(t0_); }
  double cpu_budget() const { return cpu_; }
  bool wall_out() const { return wall_used() >= kWallFactor * cpu_ + kWallSlack; }
  /// Wall seconds to wait before looking again; 0 when the budget or the safety net is spent. Within
  /// its CPU seconds left the child cannot pass them, so that is how long the next wait is.
  double wait() const {
    const double cpu_left = cpu_ - cpu_used(), wall_left = kWallFactor * cpu_ + kWallSlack - wall_used();
    if (cpu_left <= 0 || wall_left <= 0) return 0;
    return std::min(std::max(cpu_left, 0.002), wall_left);
  }

 private:
  pid_t pid_;
  double cpu_;
  Clock::time_point t0_;
  double start_;
};

// What a child sent next, appended to `in` (Data), the end of its stream (End), or its budget spent (Late).
enum class Read { Data, End, Late };
Read read_more(int fd, const Deadline& d, std::string& in) {
  char buf[65536];
  for (;;) {
    const double wait = d.wait();
    if (wait <= 0) return Read::Late;
    pollfd p{fd, POLLIN, 0};
    const int r = ::poll(&p, 1, static_cast<int>(wait * 1000) + 1);
    if (r < 0 && errno == EINTR) continue;
    if (r == 0) continue;  // the budget is checked above
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Read::End;
    in.append(buf, static_cast<std::size_t>(n));
    return Read::Data;
  }
}

// Reads one answer of the server from `fd`, until the budget or the bound; Failed when the child
// died first.
IsolatedResult::Status receive(int fd, const Deadline& d, std::size_t max_bytes, std::string& in) {
  constexpr std::size_t header = 1 + sizeof(std::uint64_t);
  for (;;) {
    if (in.size() >= header) {
      std::uint64_t n = 0;
      std::memcpy(&n, in.data() + 1, sizeof n);
      if (n > max_bytes) return IsolatedResult::Status::TooLarge;
      if (in.size() >= header + n) return IsolatedResult::Status::Finished;
    }
    const Read r = read_more(fd, d, in);
    if (r == Read::Late) return IsolatedResult::Status::TimedOut;
    if (r == Read::End) return IsolatedResult::Status::Failed;
  }
}

// The times of a request into `res`, read before its child is killed or reaped.
void record_times(IsolatedResult& res, const Deadline& d) {
  res.cpu_budget = d.cpu_budget();
  res.cpu_seconds = d.cpu_used();
  res.seconds = d.wall_used();
  res.wall_net = res.status == IsolatedResult::Status::TimedOut && d.wall_out();
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

// Reads from `fd` until end of file, the budget or the bound; the status says which.
IsolatedResult::Status drain(int fd, const Deadline& d, std::size_t max_bytes, std::string& out) {
  for (;;) {
    const Read r = read_more(fd, d, out);
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
    case Status::TimedOut: {
      if (wall_net) return std::string("no answer within ") + t + " (the wall-clock safety net)";
      char cpu[32];  // the budget, not the time measured (a little past it, by a different amount in each run)
      std::snprintf(cpu, sizeof cpu, "%.2g s", cpu_budget);
      return std::string("no answer within ") + cpu + " of CPU time";
    }
    case Status::TooLarge: return std::string("answer larger than the bound after ") + t;
    case Status::Failed: return "failed after " + std::string(t) + (output.empty() ? "" : ": " + output);
  }
  return "";
}

IsolatedResult run_isolated(const std::function<std::string()>& work, double seconds, std::size_t max_bytes) {
  IsolatedResult res;
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) {
    res.output = "socketpair() failed";
    return res;
  }
  std::fflush(nullptr);
  // the wall clock from before the fork: the child may be at work before the parent reads the clock (a
  // child sleeping 0.5 s was measured at 0.4975 s from after the fork)
  const auto started = Clock::now();
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
  const Deadline deadline(pid, seconds, started);
  res.status = drain(fds[0], deadline, max_bytes, res.output);
  ::close(fds[0]);
  record_times(res, deadline);
  if (res.status != IsolatedResult::Status::Finished) ::kill(pid, SIGKILL);
  int wstatus = 0;
  rusage usage{};
  while (::wait4(pid, &wstatus, 0, &usage) < 0 && errno == EINTR) {
  }
  // the exited child's own account, exact where its clock may be unreadable once it has ended
  const auto seconds_of = [](const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec); };
  res.cpu_seconds = seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime);
  add_child_work(res.cpu_seconds);
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
  IsolatedResult res;
  if (child_ < 0 && !start()) {
    res.output = "could not start a child process";
    return res;
  }
  // the child's CPU clock before the request: an earlier start-up (Singular's) is not the request's
  const Deadline deadline(child_, seconds);
  send_all(socket_, length_prefixed(request));
  std::string in;
  res.status = receive(socket_, deadline, max_bytes, in);
  record_times(res, deadline);
  add_child_work(res.cpu_seconds);
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
