// io/point.cpp
#include "io/point.hpp"

#include <cctype>
#include <set>

#include "core/error.hpp"
#include "io/expression_reader.hpp"

namespace hamel {

namespace {

std::string trimmed(const std::string& s, std::size_t& offset) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  offset += b;
  return s.substr(b, e - b);
}

bool is_identifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

// The parts of `text` between commas that are not inside brackets (atan2(1, 2) is one value), with
// the column where each starts.
std::vector<std::pair<std::string, std::size_t>> parts_of(const std::string& text) {
  std::vector<std::pair<std::string, std::size_t>> parts;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ',';
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth <= 0) {
      parts.emplace_back(text.substr(start, i - start), start + 1);
      start = i + 1;
    }
  }
  return parts;
}

}  // namespace

std::vector<std::pair<std::string, double>> read_point(const std::string& text, const std::string& option) {
  const auto fail = [&](std::size_t column, const std::string& what) -> void {
    throw ParseError(option, 1, static_cast<int>(column), what);
  };
  std::vector<std::pair<std::string, double>> point;
  std::set<std::string> seen;
  const ExpressionReader numbers;  // nothing declared: a value is a number (pi, sqrt(2), 1/3 …)
  for (const auto& [part, column] : parts_of(text)) {
    std::size_t at = column;
    const std::string p = trimmed(part, at);
    const auto eq = p.find('=');
    if (eq == std::string::npos) fail(at, "expected name=value, got '" + p + "'");
    std::size_t name_at = at;
    const std::string name = trimmed(p.substr(0, eq), name_at);
    if (!is_identifier(name)) fail(name_at, "expected a name (a coordinate, momentum, parameter, …) before '=', got '" + name + "'");
    if (!seen.insert(name).second) fail(name_at, "expected each name once, got '" + name + "' again");
    std::size_t value_at = at + eq + 1;
    const std::string value = trimmed(p.substr(eq + 1), value_at);
    const GiNaC::ex v = GiNaC::evalf(numbers.parse(value, {option, 1, static_cast<int>(value_at)}));
    if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real())
      fail(value_at, "expected a real number for " + name + ", got '" + value + "'");
    point.emplace_back(name, GiNaC::ex_to<GiNaC::numeric>(v).to_double());
  }
  return point;
}

}  // namespace hamel
