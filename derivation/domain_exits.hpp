// derivation/domain_exits.hpp — where a simulated run leaves the domain the file declared.
//
// A file's `domain` intervals are where the derivation sampled and decided its zero tests (and, for a
// nonholonomic system, where its frame and W were chosen): a run that goes beyond them goes where no
// check looked. Every `simulate` (nonholonomic, hybrid, contact, discrete) says so, the first time
// each coordinate leaves its interval.
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <vector>

#include "geometry/chart.hpp"
#include "numerics/ode.hpp"

namespace hamel {

/// For each coordinate of Q with a declared domain interval (its ends numbers at `values`), the first
/// sample (t[k], x[k]) outside it as a sentence ending in `why`; x[k]'s first Q.dim() entries are the
/// coordinates. Empty when every sample is inside or nothing is declared. Only the samples are looked
/// at: a run kept at fewer samples than it took (a long hybrid run's figures) may leave between two.
std::vector<std::string> domain_exits(const Chart& Q, const std::vector<double>& t, const std::vector<std::vector<double>>& x,
                                      const GiNaC::exmap& values, const std::string& why);

/// The same for an integrated run: its accepted steps, or its output grid where it kept only that.
std::vector<std::string> domain_exits(const Chart& Q, const Trajectory& run, const GiNaC::exmap& values, const std::string& why);

/// The reason the non-nonholonomic families give: their zero tests were decided on the domain.
inline constexpr char kDomainChecksReason[] = "the checks of the derivation were decided on the domain";

}  // namespace hamel
