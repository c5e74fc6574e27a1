// io/point.cpp
#include "io/point.hpp"

#include <cctype>
#include <set>
#include <utility>

#include "core/ball.hpp"
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
// the column where each starts. An '(' left open would hide the rest of the text: refused at it.
std::vector<std::pair<std::string, std::size_t>> parts_of(const std::string& text, const std::string& option) {
  std::vector<std::pair<std::string, std::size_t>> parts;
  std::vector<std::size_t> open;  // the columns of the '(' not yet closed
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(') open.push_back(i + 1);
    if (text[i] == ')' && !open.empty()) open.pop_back();
    if (text[i] == ',' && open.empty()) {
      parts.emplace_back(text.substr(start, i - start), start + 1);
      start = i + 1;
    }
  }
  if (!open.empty())
    throw ParseError(option, 1, static_cast<int>(open.back()),
                     "unbalanced parentheses; expected a matching ')' for this '(', got the end of the text");
  parts.emplace_back(text.substr(start), start + 1);
  return parts;
}

// The value, exact, if it is a real number.
GiNaC::ex real_value(const std::string& text, const std::string& name, const SourcePos& at) {
  const ExpressionReader numbers;  // nothing declared: a value is a number (pi, sqrt(2), 1/3 …)
  const GiNaC::ex v = numbers.parse(text, at);
  const auto d = decimal_value(v, {}, 15);
  if (!d || d->status == DecimalValue::Status::Unbounded || d->status == DecimalValue::Status::Imprecise || !d->imag.empty())
    throw ParseError(at.file, at.line, at.column, "expected a real number for " + name + ", got '" + text + "'");
  return v;
}

}  // namespace

Point read_point(const std::string& text, const std::string& option) {
  Point point{option, {}};
  std::set<std::string> seen;
  for (const auto& [part, column] : parts_of(text, option)) {
    std::size_t at = column;
    const std::string p = trimmed(part, at);
    const auto eq = p.find('=');
    if (eq == std::string::npos) point.fail(static_cast<int>(at), "expected name=value, got '" + p + "'");
    std::size_t name_at = at;
    const std::string name = trimmed(p.substr(0, eq), name_at);
    if (!is_identifier(name))
      point.fail(static_cast<int>(name_at), "expected a name (a coordinate, momentum, parameter, …) before '=', got '" + name + "'");
    if (!seen.insert(name).second) point.fail(static_cast<int>(name_at), "expected each name once, got '" + name + "' again");
    std::size_t value_at = at + eq + 1;
    const std::string value = trimmed(p.substr(eq + 1), value_at);
    const GiNaC::ex v = real_value(value, name, {option, 1, static_cast<int>(value_at)});
    point.values.push_back({name, v, value, static_cast<int>(name_at), static_cast<int>(value_at)});
  }
  return point;
}

void check_positive_parameters(const Point& point, const std::vector<ParameterSpec>& parameters) {
  for (const PointValue& v : point.values)
    for (const ParameterSpec& p : parameters) {
      if (p.name != v.name || !p.positive) continue;
      const auto d = decimal_value(v.value, {}, 15);
      if (!d || d->status != DecimalValue::Status::Digits || d->real == "0" || d->real[0] == '-')
        point.fail(v.value_column, "expected a positive value (the parameter " + p.name +
                                       " is declared positive; 'positive: false' in the system file allows any), got '" + v.text + "'");
    }
}

}  // namespace hamel
