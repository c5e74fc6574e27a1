// derivation/steps.hpp — what every derivation step does the same way: start a section (telling the
// progress callback) and record a zero test as a verdict.
#pragma once

#include <string>

#include "core/symbolic.hpp"
#include "geometry/chart.hpp"
#include "derivation/model.hpp"

namespace hamel {

/// Appends a section, after telling options.progress its title.
DerivationSection& start_section(Derivation& d, const DeriveOptions& options, const std::string& id, const std::string& title);

/// A zero test as a verdict expected to hold: it holds when the value is zero (`want_zero`) or
/// nonzero (a determinant); a failure keeps the point where it fails.
Verdict& zero_verdict(DerivationSection& s, const std::string& id, const std::string& statement, const ZeroVerdict& v,
                      bool want_zero = true);

/// A chart's coordinates as prose math, "$(x, y, x_dot, z)$": the manifold is named in the words
/// ("$TQ × R$ has the coordinates …"), not by the chart's name (TQxR).
std::string coordinate_list(const Chart& c);

}  // namespace hamel
