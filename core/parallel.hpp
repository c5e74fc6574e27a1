// core/parallel.hpp — independent pieces of work on all cores, in forked processes.
//
// GiNaC is not thread-safe (reference counts and its global tables are unguarded), so Hamel runs
// independent work — the components of a Jacobiator, the display forms of a derivation's values — in
// worker processes forked from this one: each holds a copy of every expression and cache at the fork,
// takes the next task when it is idle, and sends back its answer as text (expressions through
// core/wire.hpp). A task whose worker failed or died has no answer; the caller runs it itself, so an
// error surfaces exactly as in a serial run, and the answers never depend on the number of workers.
// What the workers did is added to this process's counters (core/effort.hpp; seconds are summed over
// the workers). POSIX only (fork, socketpair, poll).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hamel {

/// The number of worker processes parallel work uses: set_workers() if called, else the environment
/// variable HAMEL_JOBS, else the number of cores. 1 means no worker: everything runs in this process
/// (so it is inside a worker, and in the fuzz targets).
unsigned workers();
/// Sets the number (0: back to the default above); returns the number set before (0 if none was).
unsigned set_workers(unsigned n);

/// Work on expressions of fewer tree nodes than this together (core/symbolic.hpp, tree_size) is not
/// worth forking for: a fork and the answers' text cost a few milliseconds.
constexpr std::size_t kForkWorthyNodes = 4000;

/// work(i) for every i < n in workers() processes, when that is at least 2 and `worth_a_fork` (the
/// caller's estimate that the work is worth the few milliseconds a fork costs). answers[i] is what
/// work(i) returned, or nullopt when it was not run in a worker (no workers, the work threw there, the
/// worker died): the caller computes those answers itself, serially, as it would without workers.
///
///   const auto answers = parallel_map(n, [&](std::size_t i) { return encode(f(i)); }, big);
///   for (std::size_t i = 0; i < n; ++i) out[i] = answers[i] ? decode(*answers[i]) : f(i);
std::vector<std::optional<std::string>> parallel_map(std::size_t n, const std::function<std::string(std::size_t)>& work,
                                                     bool worth_a_fork);

/// `work` started in one worker process, its answer taken later: the caller goes on meanwhile (the
/// display pass of a derivation's finished sections while it derives the next ones). Nothing runs
/// when workers() is 1 or the fork fails: answer() is then nullopt, and the caller computes it itself.
/// A worker whose answer is never asked for is stopped when this is destroyed.
class Background {
 public:
  explicit Background(const std::function<std::string()>& work);
  Background(const Background&) = delete;
  Background& operator=(const Background&) = delete;
  ~Background();
  /// Whether a worker is at it (and its answer not taken yet).
  bool running() const { return pid_ >= 0 && !taken_; }
  /// Whether answer() would not wait: the worker has written (or died).
  bool finished() const;
  /// work's answer, waited for; nullopt when it did not run in a worker, threw there, or the worker died.
  /// Taken once: a second call returns nullopt.
  std::optional<std::string> answer();

 private:
  int pid_ = -1;
  int fd_ = -1;
  bool taken_ = false;
};

/// `work` in one worker process while this one runs `here`, so that the two overlap (`hamel check`:
/// the claims beside the derivation). Returns work's answer, or nullopt when it was not run in a worker
/// (workers() is 1, the fork failed, work threw there, the worker died): the caller then computes it
/// itself, after `here`, as it would without workers. When `here` throws, the worker is stopped.
std::optional<std::string> run_beside(const std::function<std::string()>& work, const std::function<void()>& here);

}  // namespace hamel
