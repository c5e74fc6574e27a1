// core/isolated.hpp — a computation run in a child process, with a CPU budget and a bound on its output.
//
// For work that may not finish (a Gröbner basis) or that a foreign library may abort: the child runs
// it with its standard streams on /dev/null and hands back a string through a socket; the caller gets
// that string, or a status saying why there is none. POSIX only (fork, socketpair, poll). Hamel is single-
// threaded; in a process with other threads the child inherits only the caller's, and a lock another
// thread held at the fork would make the child wait until the deadline (never longer).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <functional>
#include <string>

namespace hamel {

struct IsolatedResult {
  enum class Status {
    Finished,  ///< the work returned; `output` is what it returned
    TimedOut,  ///< the CPU budget (or the wall-clock safety net) was spent; the child was killed
    TooLarge,  ///< the output exceeded the bound; the child was killed
    Failed,    ///< the work threw, or the child died (signal, abort); `output` holds a message
  };
  Status status = Status::Failed;
  std::string output;
  double seconds = 0;      ///< wall time until the answer (or the kill)
  double cpu_seconds = 0;  ///< the child's CPU time on this work (counted in work_seconds(), core/work_clock.hpp)
  double cpu_budget = 0;   ///< the CPU seconds it was given
  bool wall_net = false;   ///< timed out by the wall-clock safety net, not the CPU budget
  bool finished() const { return status == Status::Finished; }
  /// "finished in 0.12 s", "no answer within 1.5 s of CPU time" (the budget: the same text in every run), …
  std::string describe() const;
};

/// Runs `work` in a forked child and waits until it has used `seconds` of CPU time for its result, at
/// most `max_bytes` long: the same work gets the same answer on an idle and on a loaded machine. A
/// wall-clock safety net (8 × seconds + 10 s) ends a child that waits instead of computing. Nothing the
/// child does reaches this process's memory or streams.
IsolatedResult run_isolated(const std::function<std::string()>& work, double seconds, std::size_t max_bytes);

/// A child process that answers requests one at a time with `serve`, started at the first request and
/// kept for the next ones: a fork of a large process and a library's start-up (Singular's) are paid
/// once per process instead of once per request (about 30 ms each in a derivation). Each request has
/// the CPU budget (the child's CPU time from the request on) and bound of run_isolated; a request that misses them, or that kills the child, ends
/// the child, and the next request starts a new one. In a process forked from the owner (a
/// run_isolated child) every request goes to run_isolated instead. `prepare`, when given, runs once in
/// each new child before it reads its first request (a library's start-up; `serve` must not rely on it,
/// as a run_isolated child does not run it).
class IsolatedServer {
 public:
  explicit IsolatedServer(std::function<std::string(const std::string&)> serve, std::function<void()> prepare = {});
  ~IsolatedServer();
  IsolatedServer(const IsolatedServer&) = delete;
  IsolatedServer& operator=(const IsolatedServer&) = delete;

  IsolatedResult ask(const std::string& request, double seconds, std::size_t max_bytes);

  /// Starts the child now, if it is not running, without waiting for it: its `prepare` then runs on
  /// another core while this process works, instead of in the first request's time. Nothing in a
  /// process forked from the owner.
  void start_early();

 private:
  bool start();
  void stop();
  std::function<std::string(const std::string&)> serve_;
  std::function<void()> prepare_;
  pid_t owner_;
  pid_t child_ = -1;
  int socket_ = -1;
};

}  // namespace hamel
