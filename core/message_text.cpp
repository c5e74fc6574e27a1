// core/message_text.cpp
#include "core/message_text.hpp"

#include "core/error.hpp"
#include "core/symbolic.hpp"

namespace hamel {

std::string message_text(const GiNaC::ex& e) {
  constexpr std::size_t kLargest = 2000;
  const std::string summary = "an expression of more than " + std::to_string(kLargest) + " nodes (not printed)";
  if (tree_size(e, kLargest) >= kLargest) return summary;
  const GiNaC::ex s = simplify(e);
  return tree_size(s, kLargest) >= kLargest ? summary : detail::str(s);
}

}  // namespace hamel
