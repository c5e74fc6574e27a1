// core/work_clock.hpp — the CPU time of a computation, for budgets that decide what a derivation
// prints: wall time depends on the machine's load (a loaded machine left entries "over budget" that
// an idle one wrote in the variables), CPU time only on the work (docs/brackets.md, "Budgets").
#pragma once

#include <sys/types.h>

#include <optional>

namespace hamel {

/// CPU seconds of this process's work so far: its own CPU time (every thread), the CPU time its
/// helper children reported (add_child_work: the Gröbner child), and, in a process forked from
/// another, that process's work at the fork (a forked worker continues its parent's count).
double work_seconds();

/// Adds a child process's CPU seconds spent on this process's behalf (core/isolated.cpp, per request).
void add_child_work(double seconds);

/// The CPU seconds a running process (a child of this one) has used, or nullopt when its clock
/// cannot be read (not Linux, or the process is gone).
std::optional<double> process_cpu_seconds(pid_t pid);

}  // namespace hamel
