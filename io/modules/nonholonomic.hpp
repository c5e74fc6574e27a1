// io/modules/nonholonomic.hpp — system files of nonholonomic systems (004 §2–6): reading, the
// derivation report, and claims.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "brackets/variables.hpp"
#include "io/modules/gauge_search_section.hpp"
#include "io/system_file.hpp"
#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

/// What a system file says about a nonholonomic system, read and checked.
struct NonholonomicFile {
  NonholonomicSystem system;
  std::vector<std::pair<std::string, VectorField>> symmetry;  ///< generators ξ_Q
  std::vector<std::size_t> gauge;                              ///< frame fields claimed to generate gauge momenta
  std::optional<GaugeSearchInput> search;                      ///< gauge_momenta: {ansatz, shape, …}
  std::vector<NamedFunction> variables;                        ///< u_a(q, π)
  std::optional<Chart> variable_chart;                         ///< coordinates u_a
  GiNaC::exmap inverse;                                        ///< rules rewriting (q, π) in the u_a
  std::optional<GiNaC::ex> conformal_factor;                   ///< in (q, π)
  ExpressionReader dual;                                       ///< q, π, parameters, functions
  ExpressionReader with_variables;                             ///< the same and the variables
};

/// @throws ParseError with the position of the offending entry.
NonholonomicFile read_nonholonomic(SystemFile& file);

std::unique_ptr<Module> make_nonholonomic_module();

}  // namespace hamel
