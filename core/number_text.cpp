// core/number_text.cpp
#include "core/number_text.hpp"

#include <sstream>

namespace hamel {

std::string number_text(double x, int digits) {
  std::ostringstream os;
  os.precision(digits);
  os << x;
  return os.str();
}

}  // namespace hamel
