// io/expression_reader.hpp — expressions from text, with errors that point at the offending column.
//
// The grammar is GiNaC's parser.  Before handing the text to it, a lexical pass of our own
//  * checks every identifier against the declared names (undeclared → error at its column, with a
//    did-you-mean), so that errors carry positions GiNaC's parser does not give;
//  * renames user identifiers to internal names, so that a coordinate may be called psi, beta, zeta,
//    I or Pi without clashing with GiNaC's functions and constants (`pi` means π unless declared);
//  * turns decimal literals into exact rationals (0.25 → 1/4), keeping symbolic arithmetic exact;
//  * puts each sign in parentheses with its operand (GiNaC reads 2*-3+5 as 2*(-3+5)) and hands each
//    power to GiNaC as a call that checks the exponent's value before the power is computed;
//  * checks the grammar on the tokens, so that a syntax error has its exact position;
//  * refuses inputs that would make exact arithmetic or GiNaC's recursion explode (exponents above
//    1000, nested powers of numbers, too many digits, derivatives that grow too large, too deep
//    nesting, overlong text), so that no input can hang or crash the reader (docs/fuzzing.md).
// A value GiNaC refuses (1/0) is located by bisection over prefixes of the token list.
#pragma once

#include <ginac/ginac.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/abstract_function.hpp"
#include "core/did_you_mean.hpp"
#include "core/source_pos.hpp"

namespace hamel {

class ExpressionReader {
 public:
  ExpressionReader() = default;
  /// Declares a name for a symbol (or any expression: an abbreviation).
  void declare(const std::string& name, const GiNaC::ex& value);
  /// Declares an abstract function usable as name(args).
  void declare_function(const AbstractFunction& f);
  /// A hint shown when `name` is used but not declared (e.g. "velocities are allowed only in the Lagrangian").
  void hint(const std::string& name, const std::string& text);
  bool declared(const std::string& name) const;
  /// A name expressions already give a meaning: a function of GiNaC's (sin, sqrt, …) or pi.
  static bool builtin(const std::string& name);
  /// A constant of the expressions: pi.
  static bool builtin_constant(const std::string& name);
  std::vector<std::string> names() const;

  /// Parses `text`. @throws ParseError(file, line, column, "what; expected …, got …").
  GiNaC::ex parse(const std::string& text, const SourcePos& where = {}) const;

  /// Refuses what parse() refuses whatever the names in `text` mean (parentheses, operators, numbers,
  /// powers): each name is read as a symbol. For a file whose names are known only later (a claims
  /// file's, declared by the derivation), so that a typo is reported before it. A call of a name that
  /// is not a built-in function (f1(theta)) is left to parse(). @throws ParseError as parse().
  static void check_syntax(const std::string& text, const SourcePos& where = {});

 private:
  std::map<std::string, GiNaC::ex> symbols_;
  std::map<std::string, AbstractFunction> functions_;
  std::map<std::string, std::string> hints_;
};

}  // namespace hamel
