// derivation/nonholonomic_input.cpp
#include "derivation/nonholonomic_input.hpp"

#include "geometry/lifts.hpp"

namespace hamel {

std::size_t NonholonomicInput::rank() const {
  // D given by its frame alone is spanned by it; else it is cut out by the constraints (0 when there
  // are too many: the library refuses them as dependent)
  if (constraints.empty() && !frame.empty()) return frame.size();
  return constraints.size() < Q.dim() ? Q.dim() - constraints.size() : 0;
}

std::vector<std::string> NonholonomicInput::field_names() const {
  return frame_names.empty() ? numbered_names("X", rank()) : frame_names;
}

std::vector<std::string> NonholonomicInput::generator_names() const {
  std::vector<std::string> names;
  for (const auto& g : symmetry) names.push_back(g.first);
  if (action)
    for (const GiNaC::ex& g : action->parameters) names.push_back(GiNaC::ex_to<GiNaC::symbol>(g).get_name());
  return names;
}

Chart NonholonomicInput::dual_chart() const { return distribution_dual_chart(Q, rank()); }

}  // namespace hamel
