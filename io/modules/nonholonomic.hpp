// io/modules/nonholonomic.hpp — system files of nonholonomic systems (004 §2–6): reading, the
// derivation report, and claims.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "derivation/nonholonomic.hpp"
#include "io/modules/gauge_search_section.hpp"
#include "io/system_file.hpp"
#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

/// What a system file says about a nonholonomic system, read and checked, with the readers of
/// expressions on D* that claims use.
struct NonholonomicFile : NonholonomicInput {
  ExpressionReader dual;            ///< q, π, parameters, functions
  ExpressionReader with_variables;  ///< the same and the variables
};

/// @throws ParseError with the position of the offending entry.
NonholonomicFile read_nonholonomic(SystemFile& file);

std::unique_ptr<Module> make_nonholonomic_module();

}  // namespace hamel
