// io/modules/gauge_search_section.hpp — reading `gauge_momenta: {ansatz, shape, …}` and the top-level
// `values` of a system file (the search itself: derivation/gauge_search.hpp).
#pragma once

#include "derivation/nonholonomic_input.hpp"
#include "io/system_file.hpp"

namespace hamel {

/// Reads the mapping under `gauge_momenta` and the top-level `values`; the names of the frame fields
/// and of the momenta are those of `system` (as read so far).
GaugeSearchInput read_gauge_search(const SystemFile& file, const NonholonomicInput& system, const YAML::Node& node);

}  // namespace hamel
