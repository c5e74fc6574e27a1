// geometry/slot_charts.hpp — the charts of discrete mechanics (docs/discrete.md): points of Q×Q and
// Q×Q×Q in "slot" coordinates (the coordinate x of Q becomes x0, x1, x2), and Q×Q×Q with the reduced
// variables w_<group coordinate>0, 1.  The same charts on every call, so that a reader and the systems
// built later share their symbols.
#pragma once

#include <string>
#include <vector>

#include "geometry/chart.hpp"

namespace hamel {

/// A name in slot k: "x" → "x0", "x1", "x2"; a name that ends in a digit takes an underscore, "q1" →
/// "q1_0", so that the slots of q1 are never the coordinate q10 (issue 17 §2).
std::string slot_name(const std::string& name, std::size_t k);
/// The name of coordinate i of Q in slot k.
std::string slot_name(const Chart& Q, std::size_t i, std::size_t k);
/// Q×Q with coordinates (q0, q1).  @throws InvalidArgument if a slot name is already a parameter's.
Chart pair_chart(const Chart& Q);
/// Q×Q×Q with coordinates (q0, q1, q2); its first 2n symbols are those of pair_chart(Q).
Chart triple_chart(const Chart& Q);
/// Q×Q×Q followed by w_<g>0 then w_<g>1 for the named group coordinates g.
/// @throws InvalidArgument if a w name is already taken.
Chart reduced_variables_chart(const Chart& Q, const std::vector<std::string>& group_coordinates);

}  // namespace hamel
