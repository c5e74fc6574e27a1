// cli/profile.cpp
#include "cli/profile.hpp"

#include <cstdio>

namespace hamel::cli {

void StepProfile::start(const std::string& name) {
  finish();
  current_ = name;
  since_ = std::chrono::steady_clock::now();
  at_start_ = effort();
}

void StepProfile::finish() {
  if (current_.empty()) return;
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - since_).count();
  steps_.push_back({current_, s, effort() - at_start_});
  current_.clear();
}

namespace {

std::string line(double seconds, double total, const Effort& w, const std::string& name) {
  // canonical form / exact evaluation / numeric probing / ball arithmetic, then undecided
  char buf[160];
  std::snprintf(buf, sizeof buf, "%9.3f %4.0f%% %7zu %8.3f  %3zu/%zu/%zu/%zu/%zu %7zu %8.3f  ", seconds,
                total > 0 ? 100 * seconds / total : 0.0, w.zero_tests, w.zero_test_seconds, w.decided_by[0],
                w.decided_by[1], w.decided_by[2], w.decided_by[3], w.undecided, w.simplifications, w.simplify_seconds);
  return buf + name + "\n";
}

}  // namespace

void StepProfile::print(std::ostream& out) const {
  double total = 0;
  Effort sum;
  for (const auto& s : steps_) {
    total += s.seconds;
    sum += s.work;
  }
  out << "profile: seconds per step; zero tests (number, seconds, decided by canonical form/exact evaluation/\n"
         "numeric probing/ball arithmetic/undecided); canonical forms computed (number, seconds; not found in\n"
         "the cache). A step runs until the next one starts; a zero test or canonical form inside another of\n"
         "its kind is counted once, in the outer one.\n"
      << "  seconds  share   tests  seconds  c/e/p/b/u     forms  seconds  step\n";
  for (const auto& s : steps_) out << line(s.seconds, total, s.work, s.name);
  out << line(total, total, sum, "total");
}

}  // namespace hamel::cli
