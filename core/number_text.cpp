// core/number_text.cpp
#include "core/number_text.hpp"

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace hamel {

std::string number_text(double x, int digits) {
  std::ostringstream os;
  os.precision(digits);
  os << x;
  return os.str();
}

std::string readable_number(const std::string& exact) {
  if (exact.size() <= 12) return exact;
  const std::size_t slash = exact.find('/');
  const auto integer = [](const std::string& t) {
    const std::size_t start = !t.empty() && t[0] == '-' ? 1 : 0;
    return t.size() > start && t.find_first_not_of("0123456789", start) == std::string::npos;
  };
  const std::string num = exact.substr(0, slash), den = slash == std::string::npos ? "1" : exact.substr(slash + 1);
  if (!integer(num) || !integer(den)) return exact;
  const long double x = std::strtold(num.c_str(), nullptr) / std::strtold(den.c_str(), nullptr);
  return std::isfinite(static_cast<double>(x)) ? number_text(static_cast<double>(x), 6) : exact;
}

}  // namespace hamel
