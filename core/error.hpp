// core/error.hpp — the exception types of Hamel and the always-on check macro.
//
// Messages follow one shape, so that users (and tests) can rely on it:
//   "<function>: <what is wrong>; expected <X>, got <Y>[; hint: <fix>]"
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

#include "core/source_pos.hpp"

namespace GiNaC {
class ex;
}

namespace hamel {

/// Wrong dimension, chart, degree or index: the caller passed something unusable.
class InvalidArgument : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// A mathematical precondition failed: singular frame, degenerate metric, not antisymmetric.
class DomainError : public std::domain_error {
 public:
  using std::domain_error::domain_error;
};

/// Malformed input text; carries the position (1-based) of the offending character.
class ParseError : public std::runtime_error {
 public:
  ParseError(const std::string& file, int line, int column, const std::string& what)
      : ParseError(file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + what, file, line, column,
                   what) {}
  const std::string& file() const { return file_; }
  /// The message without the position.
  const std::string& message() const { return message_; }
  int line() const { return line_; }
  int column() const { return column_; }

 protected:
  ParseError(const std::string& text, const std::string& file, int line, int column, const std::string& what)
      : std::runtime_error(text), file_(file), line_(line), column_(column), message_(what) {}

 private:
  std::string file_;
  int line_;
  int column_;
  std::string message_;
};

/// Input that reads well but that the library refuses while deriving (a Lagrangian that is not
/// mechanical, a frame field not tangent to D), reported where the spec's entry was written.  A
/// ParseError, so that whoever reports a file's errors treats both alike; a spec built in code has no
/// position, and its error is the message alone.
class SpecError : public ParseError {
 public:
  SpecError(const SourcePos& at, const std::string& what)
      : ParseError(at.file.empty() ? what
                                   : at.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + what,
                   at.file, at.line, at.column, what) {}
};

/// A feature that is named in the API but not available for this input.
class NotImplemented : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

namespace detail {
/// Builds "<fn>: <what>; expected <e>, got <g>[; hint: <h>]".
inline std::string message(const std::string& fn, const std::string& what,
                           const std::string& expected, const std::string& got,
                           const std::string& hint = "") {
  std::string m = fn + ": " + what;
  if (!expected.empty() || !got.empty()) m += "; expected " + expected + ", got " + got;
  if (!hint.empty()) m += "; hint: " + hint;
  return m;
}

/// An expression as to_text writes it (core/printing.cpp): the same text in every run, where
/// GiNaC's own printer follows its hash order.
std::string str(const GiNaC::ex& e);

template <typename T>
std::string str(const T& x) {
  std::ostringstream os;
  os << x;
  return os.str();
}
}  // namespace detail

/// A library error's text without its leading "function: " ("NonholonomicSystem: frame field …" →
/// "frame field …"), for messages placed at a position of a file.
inline std::string without_function_name(const std::string& message) {
  const auto c = message.find(": ");
  return c == std::string::npos ? message : message.substr(c + 2);
}

}  // namespace hamel

/// Always-on precondition check (like DRAKE_THROW_UNLESS): throws `Exc` with a formatted message.
#define HAMEL_CHECK(cond, Exc, fn, what, expected, got)                                  \
  do {                                                                                   \
    if (!(cond)) throw Exc(::hamel::detail::message((fn), (what), (expected), (got))); \
  } while (0)
