// core/work_clock.cpp
#include "core/work_clock.hpp"

#include <pthread.h>
#include <time.h>

namespace hamel {

namespace {

double seconds_of(const timespec& t) { return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec); }

double own_cpu_seconds() {
  timespec t{};
  return ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) == 0 ? seconds_of(t) : 0.0;
}

// The work before this process (its ancestors' at the fork) and its children's reports. A forked child
// starts its own CPU clock at zero: the fork handlers carry the parent's count over.
double inherited = 0, by_children = 0, at_fork = 0;

void before_fork() { at_fork = work_seconds(); }
void in_child() { inherited = at_fork, by_children = 0; }

const bool registered = (::pthread_atfork(before_fork, nullptr, in_child), true);

}  // namespace

double work_seconds() {
  (void)registered;
  return inherited + by_children + own_cpu_seconds();
}

void add_child_work(double seconds) {
  if (seconds > 0) by_children += seconds;
}

std::optional<double> process_cpu_seconds(pid_t pid) {
  clockid_t clock{};
  timespec t{};
  if (::clock_getcpuclockid(pid, &clock) != 0 || ::clock_gettime(clock, &t) != 0) return std::nullopt;
  return seconds_of(t);
}

}  // namespace hamel
