// cli/profile.hpp — `hamel derive --profile`: where a derivation's time goes, step by step, with the
// zero tests and canonical forms of each step (core/effort.hpp).
#pragma once

#include <chrono>
#include <ostream>
#include <string>
#include <vector>

#include "core/effort.hpp"

namespace hamel::cli {

class StepProfile {
 public:
  /// Ends the step under way (if any) and starts `name`.
  void start(const std::string& name);
  /// Ends the step under way.
  void finish();
  /// A table: seconds, share, zero tests and canonical forms per step, then the totals.
  void print(std::ostream& out) const;

 private:
  struct Step {
    std::string name;
    double seconds = 0;
    Effort work;
  };
  std::vector<Step> steps_;
  std::string current_;
  std::chrono::steady_clock::time_point since_;
  Effort at_start_;
};

}  // namespace hamel::cli
