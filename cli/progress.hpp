// cli/progress.hpp — progress lines on stderr for a derivation that runs longer than a second
// (issue 18): the step it is in, said while it is in it, even when that step started before the
// first second and runs to the end.
//
// The derivation tells each step's title as it starts (DeriveOptions::progress); a watchdog thread
// names the step under way once the derivation has run for the delay. GiNaC is not thread-safe: the
// thread reads only the title, a string published under a mutex, and never touches an expression.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>

#include <sys/types.h>

#include "cli/profile.hpp"

namespace hamel::cli {

/// The delay before the first progress line, in seconds: the environment variable
/// HAMEL_PROGRESS_DELAY (a number from 0 to 3600; the tests shorten it), else 1.
double progress_delay();

class ProgressLines {
 public:
  /// Lines go to `err` prefixed by `who` ("hamel derive"); none when `quiet` (then no thread is
  /// started). Each step also starts in `profile`, if given.
  ProgressLines(std::ostream& err, bool quiet, StepProfile* profile, std::string who, double delay = progress_delay());
  ~ProgressLines();  ///< stops the thread
  ProgressLines(const ProgressLines&) = delete;
  ProgressLines& operator=(const ProgressLines&) = delete;

  /// For DeriveOptions::progress: publishes the step's title.
  std::function<void(const std::string&)> step();
  /// For DeriveOptions::detail: what a step works on, printed at once past the delay.
  std::function<void(const std::string&)> detail();
  /// The lines printed so far.
  std::size_t lines() const;

 private:
  using Clock = std::chrono::steady_clock;
  double seconds_since(Clock::time_point t) const;
  void watch();
  void start_step(const std::string& title);
  void tell(const std::string& what);
  void emit(const std::string& line);

  std::ostream& err_;
  const bool quiet_;
  StepProfile* const profile_;
  const std::string who_;
  const double delay_;
  const Clock::time_point start_;
  const pid_t owner_;  // a worker forked from this process (core/parallel.hpp) prints nothing

  mutable std::mutex m_;
  std::condition_variable wake_;
  std::condition_variable ready_;  // the thread runs its own code (the constructor waits for it)
  bool running_ = false;
  bool stop_ = false;
  std::string title_;           // the step under way, plain text
  Clock::time_point since_;     // when it started
  bool announced_ = true;       // its line is printed (or there is no step)
  std::size_t lines_ = 0;
  std::thread thread_;
};

}  // namespace hamel::cli
