// geometry/slot_charts.cpp
#include "geometry/slot_charts.hpp"

#include <cctype>
#include <map>

#include "core/error.hpp"

namespace hamel {

std::string slot_name(const std::string& name, std::size_t k) {
  // q1 at step 0 is q1_0, not q10: that is the coordinate q10's name
  const bool digit_last = !name.empty() && std::isdigit(static_cast<unsigned char>(name.back()));
  return name + (digit_last ? "_" : "") + std::to_string(k);
}

std::string slot_name(const Chart& Q, std::size_t i, std::size_t k) { return slot_name(Q.coordinate_name(i), k); }

namespace {

// The domain of each coordinate of Q, given to its slot k (x in (0, 1) gives x0 in (0, 1)).
std::map<std::string, Interval> slot_domain(const Chart& Q, std::size_t k) {
  std::map<std::string, Interval> out;
  for (std::size_t i = 0; i < Q.dim(); ++i)
    if (const auto d = Q.domain(i)) out[slot_name(Q, i, k)] = *d;
  return out;
}

}  // namespace

Chart pair_chart(const Chart& Q) {
  std::vector<std::string> names;
  for (std::size_t k = 0; k < 2; ++k)
    for (std::size_t i = 0; i < Q.dim(); ++i) names.push_back(slot_name(Q, i, k));
  std::map<std::string, Interval> domain = slot_domain(Q, 0);
  for (const auto& kv : slot_domain(Q, 1)) domain.insert(kv);
  try {
    return Q.sibling(Q.name() + "xQ", names, domain);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(detail::message("pair_chart", "a slot coordinate clashes with a parameter",
                                          "parameters not named like a coordinate followed by 0, 1 or 2",
                                          e.what()));
  }
}

Chart triple_chart(const Chart& Q) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < Q.dim(); ++i) names.push_back(slot_name(Q, i, 2));
  try {
    return pair_chart(Q).extend(Q.name() + "xQxQ", names, slot_domain(Q, 2));
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(detail::message("triple_chart", "a slot coordinate clashes with a parameter",
                                          "parameters not named like a coordinate followed by 0, 1 or 2",
                                          e.what()));
  }
}

Chart reduced_variables_chart(const Chart& Q, const std::vector<std::string>& group_coordinates) {
  std::vector<std::string> names;
  for (std::size_t k = 0; k < 2; ++k)
    for (const auto& g : group_coordinates) names.push_back(slot_name("w_" + g, k));
  const Chart T = triple_chart(Q);
  try {
    return T.extend(T.name() + "+w", names);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(detail::message("reduced_chart", "a reduced variable clashes with a name of the system",
                                          "no coordinate or parameter named w_<group coordinate>0 or 1", e.what()));
  }
}

}  // namespace hamel
