// io/expression_reader.cpp
#include "io/expression_reader.hpp"

#include <optional>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <functional>
#include <iomanip>
#include <set>
#include <sstream>

#include "core/error.hpp"

namespace hamel {

namespace {

constexpr std::size_t kMaxLength = 4000;  // characters in one expression
constexpr int kMaxDepth = 100;            // parenthesis nesting
constexpr long kMaxExponent = 1000;       // |numeric exponent|
constexpr int kMaxDecimalExponent = 300;  // 1e300
constexpr std::size_t kMaxLiteralDigits = 20000;  // digits of all numbers written, 1e300 counting 301

// Functions of GiNaC that expressions may use, with their numbers of arguments.
const std::map<std::string, std::vector<std::size_t>>& builtin_functions() {
  static const std::map<std::string, std::vector<std::size_t>> f = {
      {"sin", {1}},  {"cos", {1}},  {"tan", {1}},   {"exp", {1}},  {"log", {1}},  {"sqrt", {1}},
      {"abs", {1}},  {"asin", {1}}, {"acos", {1}},  {"atan", {1}}, {"sinh", {1}}, {"cosh", {1}},
      {"tanh", {1}}, {"atan2", {2}}, {"diff", {2, 3}}};
  return f;
}

// GiNaC's parser tells a reader function from a function serial it encodes as (serial << 1) | 1
// (parser/default_reader.cpp) by the lowest bit of the pointer, so readers must sit at even
// addresses; gcc does not align functions below -O2, and a reader at an odd address was called as
// some other GiNaC function (a crash).  Every reader of ours is declared HAMEL_READER.
#define HAMEL_READER __attribute__((aligned(16)))

// ---- abstract functions: GiNaC's reader table takes plain function pointers, so each declared
// abstract function is served by one of a fixed pool of readers that look up their serial.
constexpr std::size_t kSlots = 64;
std::array<unsigned, kSlots>& slot_serials() {
  static std::array<unsigned, kSlots> s{};
  return s;
}

template <std::size_t K>
HAMEL_READER GiNaC::ex slot_reader(const GiNaC::exvector& args) {
  return GiNaC::function(slot_serials()[K], args);
}

template <std::size_t... K>
std::array<GiNaC::reader_func, kSlots> make_slot_readers(std::index_sequence<K...>) {
  return {&slot_reader<K>...};
}

const std::array<GiNaC::reader_func, kSlots>& slot_readers() {
  static const auto r = make_slot_readers(std::make_index_sequence<kSlots>{});
  return r;
}

// Slots are assigned afresh for each parse (parsing is not re-entrant), so any number of charts
// with their own functions can be read in one process.
struct SlotAssignment {
  std::map<unsigned, std::size_t> of_serial;
  std::size_t slot_for(const AbstractFunction& f) {
    auto it = of_serial.find(f.serial());
    if (it != of_serial.end()) return it->second;
    if (of_serial.size() >= kSlots)
      throw InvalidArgument(detail::message("ExpressionReader", "too many abstract functions in one expression",
                                            "at most " + std::to_string(kSlots), std::to_string(of_serial.size() + 1)));
    const std::size_t k = of_serial.size();
    slot_serials()[k] = f.serial();
    of_serial[f.serial()] = k;
    return k;
  }
};

// Derivatives are computed one order at a time, each after estimating its size: d/dx of a product
// of k factors has k terms of the product's size, so that n derivatives grow like k^n
// (diff(sin(x)*sin(2*x)*...*sin(30*x), x, 20) ran for hours).
constexpr double kMaxDerivativeSize = 50000;  // nodes of the expression tree

// {nodes of e, estimated nodes of de/dx}, both stopping above kMaxDerivativeSize.
std::pair<double, double> derivative_size(const GiNaC::ex& e) {
  const std::size_t n = e.nops();
  if (n == 0) return {1, 1};
  double size = 1, derivatives = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto [s, d] = derivative_size(e.op(i));
    size += s;
    derivatives += d;
    if (size > kMaxDerivativeSize || derivatives > kMaxDerivativeSize) return {size, kMaxDerivativeSize + 1};
  }
  if (GiNaC::is_a<GiNaC::add>(e)) return {size, derivatives};
  // a product, power or function: each operand's derivative inside a copy of the rest
  return {size, std::min(kMaxDerivativeSize + 1, static_cast<double>(n) * size + derivatives)};
}

HAMEL_READER GiNaC::ex diff_reader(const GiNaC::exvector& a) {
  if (!GiNaC::is_a<GiNaC::symbol>(a[1]))
    throw std::invalid_argument("diff: the second argument must be a coordinate");
  unsigned n = 1;
  if (a.size() == 3) {
    if (!GiNaC::is_a<GiNaC::numeric>(a[2]) || !GiNaC::ex_to<GiNaC::numeric>(a[2]).is_pos_integer() ||
        GiNaC::ex_to<GiNaC::numeric>(a[2]) > 20)
      throw std::invalid_argument("diff: the order must be an integer between 1 and 20");
    n = static_cast<unsigned>(GiNaC::ex_to<GiNaC::numeric>(a[2]).to_int());
  }
  GiNaC::ex d = a[0];
  for (unsigned k = 0; k < n; ++k) {
    if (derivative_size(d).second > kMaxDerivativeSize)
      throw std::invalid_argument("diff: derivative too large; expected at most " +
                                  std::to_string(static_cast<long>(kMaxDerivativeSize)) + " terms and factors, got more");
    d = d.diff(GiNaC::ex_to<GiNaC::symbol>(a[1]));
  }
  return d;
}

// ---- powers: GiNaC's parser reads x^y as hamelpow(x, y, k), k the token of '^', so that the
// exponent is checked where it is computed (2^(x - x + 10^10) and 2^abs(10^10) show no large
// exponent in the text) and before GiNaC computes the power.

/// A power refused while GiNaC builds the expression: the token to blame and why.
struct PowerRefused : std::runtime_error {
  PowerRefused(std::size_t t, const std::string& what) : std::runtime_error(what), token(t) {}
  std::size_t token;
};

// Bits of the numbers that powers of numbers may produce in one parse, in all (about 39000
// digits: 99^1000 takes 6630 bits, 1e300^1000 too many); GiNaC computes them exactly, and their
// size is what makes exact arithmetic (and locating an error, which parses again) slow.
constexpr double kMaxPowerBits = 1 << 17;
double& power_budget() {
  static double b = kMaxPowerBits;
  return b;
}

// An upper bound for the bits of the numbers in e, which raising e to a power raises too; stops
// counting above the budget.
double numeric_bits(const GiNaC::ex& e) {
  if (GiNaC::is_a<GiNaC::numeric>(e)) {
    const GiNaC::numeric& n = GiNaC::ex_to<GiNaC::numeric>(e);
    double bits = 0;
    for (const GiNaC::numeric& part : {n.real(), n.imag()}) {
      if (part.is_rational()) bits += part.numer().int_length() + part.denom().int_length();
      else bits += 64;
    }
    return bits;
  }
  double bits = 0;
  for (std::size_t i = 0; i < e.nops() && bits <= kMaxPowerBits; ++i) bits += numeric_bits(e.op(i));
  return bits;
}

HAMEL_READER GiNaC::ex power_reader(const GiNaC::exvector& a) {
  const auto k = static_cast<std::size_t>(GiNaC::ex_to<GiNaC::numeric>(a[2]).to_long());
  if (GiNaC::is_a<GiNaC::numeric>(a[1])) {
    const GiNaC::numeric size = GiNaC::abs(GiNaC::ex_to<GiNaC::numeric>(a[1]));
    if (size > kMaxExponent)
      throw PowerRefused(k + 1, "exponent too large; expected |exponent| <= " + std::to_string(kMaxExponent) +
                                    ", got " + detail::str(a[1]));
    const double bits = numeric_bits(a[0]) * std::ceil(size.to_double());
    if (bits > power_budget())
      throw PowerRefused(k, "numbers too large; expected powers of numbers with at most " +
                                std::to_string(static_cast<long>(kMaxPowerBits * 0.30103)) +
                                " digits in all, got more with this power");
    power_budget() -= bits;
  } else if (a[0].is_zero()) {
    // 0^y is 0 for y > 0 and undefined otherwise; its derivative 0^y log(0) is a pole, which GiNaC
    // only reports when something differentiates it (a frame's Lie brackets, the Hamel equations).
    throw PowerRefused(k, "zero raised to a non-numeric power; expected a nonzero base or a numeric exponent, got 0^(" +
                              detail::str(a[1]) + ")");
  }
  return GiNaC::pow(a[0], a[1]);
}

// A name at the end of a prefix that calls a function (its '(' cut off) stands for this symbol:
// the prefix "sin" is a valid start.
const GiNaC::symbol& placeholder() {
  static const GiNaC::symbol s("hameln");
  return s;
}

// ---- tokens

enum class Tok { Ident, Number, Op, LParen, RParen, Comma };

struct Token {
  Tok kind;
  std::string text;
  int line;    // 0-based line inside the expression text
  int column;  // 0-based column inside that line
};

std::string describe(const Token& t) { return "'" + t.text + "'"; }

}  // namespace

// ---------------------------------------------------------------------------------------------

void ExpressionReader::declare(const std::string& name, const GiNaC::ex& value) { symbols_[name] = value; }

void ExpressionReader::declare_function(const AbstractFunction& f) {
  functions_.erase(f.name());
  functions_.emplace(f.name(), f);
}

void ExpressionReader::hint(const std::string& name, const std::string& text) { hints_[name] = text; }

bool ExpressionReader::builtin(const std::string& name) { return builtin_constant(name) || builtin_functions().count(name) > 0; }

bool ExpressionReader::builtin_constant(const std::string& name) { return name == "pi"; }

bool ExpressionReader::declared(const std::string& name) const {
  return symbols_.count(name) || functions_.count(name);
}

std::vector<std::string> ExpressionReader::names() const {
  std::vector<std::string> v;
  for (const auto& kv : symbols_) v.push_back(kv.first);
  for (const auto& kv : functions_) v.push_back(kv.first);
  return v;
}

namespace {

// Positions: a token at (line, column) inside the text ↦ the file position.
struct Locator {
  SourcePos where;
  SourcePos at(int line, int column) const {
    SourcePos p = where;
    if (line == 0) {
      p.column = where.column + column;
    } else {
      p.line = where.line + line;
      p.column = column + 1;
    }
    return p;
  }
  [[noreturn]] void fail(int line, int column, const std::string& what) const {
    const SourcePos p = at(line, column);
    throw ParseError(p.file, p.line, p.column, what);
  }
};

// Where tokenize stands in the text: the byte, and its 0-based line and column.
struct Cursor {
  const std::string& text;
  std::size_t i = 0;
  int line = 0, col = 0;
  void advance(std::size_t n) {
    for (std::size_t k = 0; k < n; ++k, ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 0;
      } else {
        ++col;
      }
    }
  }
};

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool starts_name(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }

// The end of the number that starts at text[i] (digits, a fraction, an exponent), refusing a
// malformed one at (l0, c0), the number's position.
std::size_t number_end(const std::string& text, std::size_t i, int l0, int c0, const Locator& loc) {
  const char c = text[i];
  std::size_t j = i;
  while (j < text.size() && is_digit(text[j])) ++j;
  if (j < text.size() && text[j] == '.') {
    ++j;
    while (j < text.size() && is_digit(text[j])) ++j;
  }
  if (j - i == 1 && c == '.') loc.fail(l0, c0, "malformed number; expected digits, got '.'");
  if (j < text.size() && (text[j] == 'e' || text[j] == 'E')) {
    std::size_t k = j + 1;
    if (k < text.size() && (text[k] == '+' || text[k] == '-')) ++k;
    if (k >= text.size() || !is_digit(text[k]))
      loc.fail(l0, c0, "malformed number; expected digits after the exponent mark, got '" +
                           text.substr(i, k - i + (k < text.size() ? 1 : 0)) + "'");
    while (k < text.size() && is_digit(text[k])) ++k;
    j = k;
  }
  if (j < text.size() && starts_name(text[j]))
    loc.fail(l0, c0, "malformed number; expected an operator after '" + text.substr(i, j - i) + "', got '" +
                         std::string(1, text[j]) + "'");
  return j;
}

// The kind of a one-character token (an operator, a parenthesis or a comma), if c is one.
std::optional<Tok> punctuation(char c) {
  if (c == '+' || c == '-' || c == '*' || c == '/' || c == '^') return Tok::Op;
  if (c == '(') return Tok::LParen;
  if (c == ')') return Tok::RParen;
  if (c == ',') return Tok::Comma;
  return std::nullopt;
}

// The Unicode code point of the UTF-8 sequence at text[i], if it is a valid one of 2 to 4 bytes.
std::optional<unsigned> code_point(const std::string& text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned lead = byte(i);
  const std::size_t n = lead >= 0xf0 && lead < 0xf5 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 0;
  if (n == 0 || lead >= 0xf5 || i + n > text.size()) return std::nullopt;
  unsigned cp = lead & (0x7f >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80) return std::nullopt;
    cp = (cp << 6) | (byte(i + k) & 0x3f);
  }
  const unsigned least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < least[n] || cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000)) return std::nullopt;
  return cp;
}

// A character the expressions cannot read, as a message shows it: itself, or for a non-ASCII one its
// code point too, and only its name and code point when it looks like a space or a minus (pasted text:
// "got 'byte 0xc2'" named neither).
std::string shown_character(const std::string& text, std::size_t i) {
  const unsigned char c = static_cast<unsigned char>(text[i]);
  std::ostringstream os;
  if (c < 0x80) {
    if (std::isprint(c)) return "'" + std::string(1, text[i]) + "'";
    os << "the control character 0x" << std::hex << std::setw(2) << std::setfill('0') << unsigned(c);
    return os.str();
  }
  const auto cp = code_point(text, i);
  if (!cp) {
    os << "the byte 0x" << std::hex << unsigned(c) << ", not UTF-8";
    return os.str();
  }
  os << "U+" << std::hex << std::uppercase << std::setw(4) << std::setfill('0') << *cp;
  static const std::map<unsigned, std::string> named = {
      {0xa0, "a non-breaking space"}, {0x2009, "a thin space"},        {0x202f, "a narrow non-breaking space"},
      {0x200b, "a zero-width space"}, {0xfeff, "a byte order mark"},   {0x2212, "a minus sign"},
      {0x00d7, "a multiplication sign"}};
  if (auto it = named.find(*cp); it != named.end()) return it->second + " (" + os.str() + ")";
  std::size_t n = 1;
  while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xc0) == 0x80) ++n;
  return "'" + text.substr(i, n) + "' (" + os.str() + ", not ASCII)";
}

[[noreturn]] void fail_unexpected_character(const std::string& text, std::size_t i, int l0, int c0, const Locator& loc) {
  loc.fail(l0, c0, "unexpected character in expression; expected a name, a number, an operator (+ - * / ^), "
                   "parentheses or a comma, got " + shown_character(text, i));
}

std::vector<Token> tokenize(const std::string& text, const Locator& loc) {
  std::vector<Token> out;
  Cursor at{text};
  while (at.i < text.size()) {
    const char c = text[at.i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      at.advance(1);
      continue;
    }
    const int l0 = at.line, c0 = at.col;
    std::size_t j = at.i + 1;
    Tok kind;
    if (starts_name(c)) {
      kind = Tok::Ident;
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
    } else if (is_digit(c) || c == '.') {
      kind = Tok::Number;
      j = number_end(text, at.i, l0, c0, loc);
    } else if (auto p = punctuation(c)) {
      kind = *p;
    } else {
      fail_unexpected_character(text, at.i, l0, c0, loc);
    }
    out.push_back({kind, text.substr(at.i, j - at.i), l0, c0});
    at.advance(j - at.i);
  }
  return out;
}

// An exact rational for a decimal literal: "2.5e-3" ↦ "(25/10000)".
std::string exact_literal(const Token& t, const Locator& loc) {
  std::string mant = t.text, exps;
  const auto e = mant.find_first_of("eE");
  if (e != std::string::npos) {
    exps = mant.substr(e + 1);
    mant = mant.substr(0, e);
  }
  long exp10 = 0;
  if (!exps.empty()) {
    if (exps.size() > 5) loc.fail(t.line, t.column, "number out of range; expected |exponent| <= 300, got " + t.text);
    exp10 = std::stol(exps);
  }
  std::string digits;
  long decimals = 0;
  const auto dot = mant.find('.');
  if (dot == std::string::npos) {
    digits = mant;
  } else {
    digits = mant.substr(0, dot) + mant.substr(dot + 1);
    decimals = static_cast<long>(mant.size() - dot - 1);
  }
  digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size() - 1));
  if (digits.empty()) digits = "0";
  const long scale = exp10 - decimals;
  if (std::labs(exp10) > kMaxDecimalExponent || std::labs(scale) > kMaxDecimalExponent + 400)
    loc.fail(t.line, t.column, "number out of range; expected |exponent| <= 300, got " + t.text);
  if (scale >= 0) return "(" + digits + std::string(static_cast<std::size_t>(scale), '0') + ")";
  return "(" + digits + "/1" + std::string(static_cast<std::size_t>(-scale), '0') + ")";
}

// Index of the parenthesis matching tokens[k] (which is '(' or ')').
std::size_t matching(const std::vector<Token>& t, std::size_t k) {
  int depth = 0;
  if (t[k].kind == Tok::LParen) {
    for (std::size_t j = k; j < t.size(); ++j) {
      depth += t[j].kind == Tok::LParen ? 1 : t[j].kind == Tok::RParen ? -1 : 0;
      if (depth == 0) return j;
    }
  } else {
    for (std::size_t j = k + 1; j-- > 0;) {
      depth += t[j].kind == Tok::RParen ? 1 : t[j].kind == Tok::LParen ? -1 : 0;
      if (depth == 0) return j;
    }
  }
  return t.size();
}

std::string clean_ginac_message(const std::string& m) {
  std::string s = m;
  const auto tag = s.find("parse error at line");
  if (tag != std::string::npos) {
    const auto colon = s.find(": ", tag);
    if (colon != std::string::npos) s = s.substr(colon + 2);
  }
  const auto bracket = s.find("\n[");
  if (bracket != std::string::npos) s = s.substr(0, bracket);
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// GiNaC's pole errors ("power::eval(): division by zero", "log_eval(): log(0)", "tan_eval(): simple
// pole") in the reader's terms: the value is not defined, and why.
const char* const kUndefined = "the value is not defined: ";

std::string undefined_value(const std::string& m) {
  const auto colon = m.find("(): ");
  const std::string function = m.substr(0, m.find_first_of("_:("));
  const std::string why = colon == std::string::npos ? m : m.substr(colon + 4);
  if (why.find("division by zero") != std::string::npos) return kUndefined + std::string("a division by zero");
  if (why.find("pole") != std::string::npos) return kUndefined + std::string("a pole of ") + function;
  return kUndefined + why;
}

bool undefined(const std::string& error) { return error.rfind(kUndefined, 0) == 0; }

// The grammar, checked on the tokens before GiNaC reads them (GiNaC's errors have no position):
//   expression := operand {('+' | '-' | '*' | '/') operand}
//   operand    := {'+' | '-'} primary ['^' operand]
//   primary    := number | name | name '(' expression {',' expression} ')' | '(' expression ')'
// Fails at the first token that cannot continue the expression.  Recursion follows the nesting,
// which the caller has bounded.
struct SyntaxCheck {
  const std::vector<Token>& t;
  const Locator& loc;
  std::size_t i = 0;

  bool at(Tok kind) const { return i < t.size() && t[i].kind == kind; }
  bool at_op(const std::string& ops) const { return at(Tok::Op) && ops.find(t[i].text[0]) != std::string::npos; }
  [[noreturn]] void expected(const std::string& what) const {
    if (i < t.size()) loc.fail(t[i].line, t[i].column, "syntax error; expected " + what + ", got " + describe(t[i]));
    const Token& last = t.back();
    loc.fail(last.line, last.column + static_cast<int>(last.text.size()),
             "syntax error: the expression ends too early; expected " + what + ", got the end of the expression");
  }
  void expression() {
    operand();
    while (at_op("+-*/")) {
      ++i;
      operand();
    }
  }
  void operand() {
    while (at_op("+-")) ++i;
    primary();
    if (at_op("^")) {
      ++i;
      operand();
    }
  }
  void primary() {
    if (at(Tok::Number)) {
      ++i;
    } else if (at(Tok::Ident)) {
      ++i;
      if (!at(Tok::LParen)) return;
      ++i;
      expression();
      while (at(Tok::Comma)) {
        ++i;
        expression();
      }
      if (!at(Tok::RParen)) expected("',' or ')'");
      ++i;
    } else if (at(Tok::LParen)) {
      ++i;
      expression();
      if (!at(Tok::RParen)) expected("')'");
      ++i;
    } else {
      expected("an operand");
    }
  }
  void check() {
    expression();
    if (i < t.size()) expected("an operator or the end of the expression");
  }
};

// ---- the stages of ExpressionReader::parse, in the order they run (each refuses what it can
// locate, so that the first error in the text is the one reported).

// Parentheses: balance and depth, with the position of the culprit.
void check_parentheses(const std::vector<Token>& toks, const Locator& loc) {
  std::vector<std::size_t> open;
  for (std::size_t k = 0; k < toks.size(); ++k) {
    if (toks[k].kind == Tok::LParen) {
      open.push_back(k);
      if (static_cast<int>(open.size()) > kMaxDepth)
        loc.fail(toks[k].line, toks[k].column,
                 "parentheses nested too deeply; expected at most " + std::to_string(kMaxDepth) + " levels, got more");
    } else if (toks[k].kind == Tok::RParen) {
      if (open.empty()) loc.fail(toks[k].line, toks[k].column, "unbalanced parentheses; expected an operand or an operator, got ')'");
      open.pop_back();
    }
  }
  if (!open.empty())
    loc.fail(toks[open.back()].line, toks[open.back()].column,
             "unbalanced parentheses; expected a matching ')' for this '(', got the end of the expression");
}

// The names a reader knows (ExpressionReader's declarations).
struct Names {
  const std::map<std::string, GiNaC::ex>& symbols;
  const std::map<std::string, AbstractFunction>& functions;
  const std::map<std::string, std::string>& hints;
};

// What one parse carries from stage to stage: the tokens, GiNaC's text for each, GiNaC's symbol
// and function tables, and the parentheses and powers planned around the tokens.
struct Translation {
  const std::vector<Token>& toks;
  const Locator& loc;
  std::vector<std::string> pieces;  // GiNaC's input for token j
  GiNaC::symtab table;
  GiNaC::prototype_table protos;
  SlotAssignment slots;
  std::vector<std::string> opens;                                      // text before token j
  std::vector<std::vector<std::pair<std::size_t, std::string>>> closes;  // (start, text) after token j
  std::vector<bool> power;                                             // a '^' read as hamelpow
  std::vector<bool> dangling;                                          // a sign without operand
  std::vector<std::size_t> ends;                                       // operand_end's memory

  Translation(const std::vector<Token>& t, const Locator& l)
      : toks(t), loc(l), pieces(t.size()), opens(t.size()), closes(t.size()), power(t.size(), false),
        dangling(t.size(), false), ends(t.size(), t.size() + 1) {}
  std::size_t size() const { return toks.size(); }
  bool is_op(std::size_t j, char c) const { return toks[j].kind == Tok::Op && toks[j].text[0] == c; }
  bool is_sign(std::size_t j) const { return is_op(j, '+') || is_op(j, '-'); }
  bool is_call(std::size_t j) const {
    return toks[j].kind == Tok::Ident && j + 1 < size() && toks[j + 1].kind == Tok::LParen;
  }
  [[noreturn]] void fail(std::size_t j, const std::string& what) const { loc.fail(toks[j].line, toks[j].column, what); }
};

// ---- identifiers: declared symbols, builtin or declared functions; GiNaC's input.

// The number of arguments of the call whose name is token k: commas at depth 1.
std::size_t count_arguments(const std::vector<Token>& toks, std::size_t k) {
  std::size_t nargs = 1;
  const std::size_t close = matching(toks, k + 1);
  int depth = 0;
  for (std::size_t j = k + 1; j <= close; ++j) {
    depth += toks[j].kind == Tok::LParen ? 1 : toks[j].kind == Tok::RParen ? -1 : 0;
    if (depth == 1 && toks[j].kind == Tok::Comma) ++nargs;
  }
  if (close == k + 2) nargs = 0;
  return nargs;
}

[[noreturn]] void fail_unknown_function(const Translation& tr, const Names& names, std::size_t k) {
  const Token& t = tr.toks[k];
  std::vector<std::string> cands;
  for (const auto& kv : names.functions) cands.push_back(kv.first);
  for (const auto& kv : builtin_functions()) cands.push_back(kv.first);
  std::string what = names.symbols.count(t.text) ? "'" + t.text + "' is not a function" : "unknown function '" + t.text + "'";
  what += "; expected a declared function or one of sin, cos, tan, exp, log, sqrt, abs, asin, acos, atan, "
          "sinh, cosh, tanh, atan2, diff, got '" + t.text + "'";
  if (auto dym = did_you_mean(t.text, cands)) what += " (did you mean '" + *dym + "'?)";
  tr.fail(k, what);
}

// Token k names a function called with nargs arguments: a declared one, served by a slot, or a builtin.
void translate_call(Translation& tr, const Names& names, std::size_t k, std::size_t nargs) {
  const Token& t = tr.toks[k];
  auto fit = names.functions.find(t.text);
  if (fit != names.functions.end()) {
    if (nargs != fit->second.nargs())
      tr.fail(k, "wrong number of arguments for function '" + t.text + "'; expected " +
                     std::to_string(fit->second.nargs()) + ", got " + std::to_string(nargs));
    const std::size_t slot = tr.slots.slot_for(fit->second);
    const std::string internal = "hamelfn" + std::to_string(slot);
    tr.protos[{internal, nargs}] = slot_readers()[slot];
    tr.pieces[k] = internal;
    return;
  }
  auto bit = builtin_functions().find(t.text);
  if (bit == builtin_functions().end()) fail_unknown_function(tr, names, k);
  if (std::find(bit->second.begin(), bit->second.end(), nargs) == bit->second.end()) {
    std::string exp;
    for (auto a : bit->second) exp += (exp.empty() ? "" : " or ") + std::to_string(a);
    tr.fail(k, "wrong number of arguments for function '" + t.text + "'; expected " + exp + ", got " +
                   std::to_string(nargs));
  }
  if (t.text == "diff") {
    tr.protos[{"hameldiff", nargs}] = &diff_reader;
    tr.pieces[k] = "hameldiff";
  } else {
    tr.protos[{t.text, nargs}] = GiNaC::get_default_reader().at({t.text, nargs});
    tr.pieces[k] = t.text;
  }
}

// "undeclared symbol 'x'", with the reader's hint for x, or what is wrong with a velocity, or a
// did-you-mean.
std::string undeclared_message(const std::string& name, const Names& names) {
  std::string what = "undeclared symbol '" + name + "'";
  auto h = names.hints.find(name);
  std::vector<std::string> cands{"pi"};
  for (const auto& kv : names.symbols) cands.push_back(kv.first);
  what += "; expected a declared name, got '" + name + "'";
  const std::string dot = "_dot";
  const auto is_velocity = [&](const std::string& n) {
    return n.size() > dot.size() && n.compare(n.size() - dot.size(), dot.size(), dot) == 0;
  };
  if (h != names.hints.end()) {
    what += " (" + h->second + ")";
  } else if (is_velocity(name)) {
    const std::string base = name.substr(0, name.size() - dot.size());
    std::string velocities;
    for (const auto& kv : names.symbols)
      if (is_velocity(kv.first)) velocities += (velocities.empty() ? "" : ", ") + kv.first;
    // the base may be a coordinate of an expression that takes no velocities (variables, a domain)
    const bool coordinate = names.symbols.count(base) > 0;
    const std::string which = coordinate ? " ('" + name + "' names a velocity"
                                         : " ('" + name + "' is a velocity, but '" + base + "' is not a coordinate";
    what += which + (velocities.empty() ? "; velocities are not allowed here" : "; velocities: " + velocities) + ")";
  } else if (auto dym = did_you_mean(name, cands)) {
    what += " (did you mean '" + *dym + "'?)";
  }
  return what;
}

// Token k names a symbol: a declared one under an internal name, or π.
void translate_symbol(Translation& tr, const Names& names, std::size_t k) {
  const Token& t = tr.toks[k];
  auto sit = names.symbols.find(t.text);
  if (sit != names.symbols.end()) {
    const std::string internal = "hamelsym" + std::to_string(std::distance(names.symbols.begin(), sit));
    tr.table[internal] = sit->second;
    tr.pieces[k] = internal;
  } else if (t.text == "pi") {
    tr.pieces[k] = "Pi";
  } else {
    tr.fail(k, undeclared_message(t.text, names));
  }
}

// GiNaC's text for every token, refusing at its token the first name or number that cannot be
// read; the digits of all numbers are counted together, since together they make exact arithmetic
// slow.
void translate_tokens(Translation& tr, const Names& names) {
  std::size_t literal_digits = 0;
  for (std::size_t k = 0; k < tr.size(); ++k) {
    const Token& t = tr.toks[k];
    if (t.kind == Tok::Number) {
      tr.pieces[k] = exact_literal(t, tr.loc);
      literal_digits += tr.pieces[k].size();
      if (literal_digits > kMaxLiteralDigits)
        tr.fail(k, "numbers too long; expected at most " + std::to_string(kMaxLiteralDigits) +
                       " digits in all numbers, got more");
    } else if (t.kind != Tok::Ident) {
      tr.pieces[k] = t.text;
    } else if (tr.is_call(k)) {
      translate_call(tr, names, k, count_arguments(tr.toks, k));
    } else {
      translate_symbol(tr, names, k);
    }
  }
}

// ---- operands.  GiNaC's parser lets a sign take everything up to the end of its group at the
// lowest precedence (2*-3+5 is 2*(-3+5) = 4 there, and x^-2*y is x^(-2*y)).  Here, as in ordinary
// notation, a sign applies to the operand after it with its powers (2*-3+5 = -1, x^-2*y = y/x^2,
// -x^2 = -(x^2)), and ^ groups to the right (x^2^3 = x^8): each sign goes in parentheses with its
// operand, and each power becomes hamelpow(base, exponent, k).

// The last token of the operand that starts at j (signs; a number, name, call or group; then '^'
// and an operand), or N if there is none.  Remembered for every start passed on the way, so that
// runs of signs and chains of powers cost linear time.
std::size_t operand_end(Translation& tr, std::size_t j) {
  const std::size_t N = tr.size();
  std::vector<std::size_t> starts;
  std::size_t end = N;
  for (;;) {
    if (tr.ends[j] <= N) {
      end = tr.ends[j];
      break;
    }
    starts.push_back(j);
    if (tr.is_sign(j)) {
      if (++j < N) continue;
      break;
    }
    if (tr.toks[j].kind == Tok::LParen) j = matching(tr.toks, j);
    else if (tr.is_call(j)) j = matching(tr.toks, j + 1);
    else if (tr.toks[j].kind != Tok::Ident && tr.toks[j].kind != Tok::Number) break;
    if (j + 2 < N && tr.is_op(j + 1, '^')) {
      j += 2;
      continue;
    }
    end = j;
    break;
  }
  for (auto st : starts) tr.ends[st] = end;
  return end;
}

// True if tokens a..b are numbers (π counts as one) and operators only.
bool numeric_only(const Translation& tr, std::size_t a, std::size_t b) {
  for (std::size_t j = a; j <= b; ++j)
    if (tr.toks[j].kind == Tok::Ident && tr.pieces[j] != "Pi") return false;
  return true;
}

bool has_power(const Translation& tr, std::size_t a, std::size_t b) {
  for (std::size_t j = a; j <= b; ++j)
    if (tr.is_op(j, '^')) return true;
  return false;
}

// The power at token k, with base a..k-1 and exponent k+1..b, becomes hamelpow(base, exponent, k).
void plan_power(Translation& tr, std::size_t a, std::size_t k, std::size_t b) {
  // No nested powers of numbers, so that exact arithmetic stays small (also checked as GiNaC
  // computes: power_reader).
  if (numeric_only(tr, k + 1, b)) {
    if (has_power(tr, k + 1, b))
      tr.fail(k, "nested powers of numbers are not accepted; expected a plain numeric exponent, got a power in the exponent");
    if (numeric_only(tr, a, k - 1) && has_power(tr, a, k - 1))
      tr.fail(k, "nested powers of numbers are not accepted; expected a plain numeric base, got a power");
  }
  tr.opens[a] += "hamelpow(";
  tr.power[k] = true;
  tr.closes[b].emplace_back(a, "," + std::to_string(k) + ")");
}

void plan_signs_and_powers(Translation& tr) {
  const std::size_t N = tr.size();
  const auto& toks = tr.toks;
  for (std::size_t k = 0; k < N; ++k) {
    if (tr.is_sign(k) && (k == 0 || toks[k - 1].kind == Tok::Op || toks[k - 1].kind == Tok::LParen ||
                          toks[k - 1].kind == Tok::Comma)) {
      const std::size_t e = operand_end(tr, k);
      if (e < N) {
        tr.opens[k] += "(";
        tr.closes[e].emplace_back(k, ")");
      } else {
        tr.dangling[k] = true;  // no operand: a syntax error, reported below
      }
    }
    if (!tr.is_op(k, '^') || k == 0 || k + 1 >= N) continue;
    std::size_t a = k - 1;
    if (toks[a].kind == Tok::RParen) {
      a = matching(toks, a);
      if (a > 0 && toks[a - 1].kind == Tok::Ident) --a;
    } else if (toks[a].kind != Tok::Ident && toks[a].kind != Tok::Number) {
      continue;
    }
    const std::size_t b = operand_end(tr, k + 1);
    if (b == N) continue;
    plan_power(tr, a, k, b);
  }
  for (auto& c : tr.closes)  // innermost first: the latest start
    std::sort(c.begin(), c.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
}

// GiNaC's parser recurses on each level: parentheses, signs and powers together stay at most
// twice the parenthesis limit (a run of 4000 signs would overflow the stack).
void check_nesting_depth(const Translation& tr) {
  int depth = 0;
  for (std::size_t j = 0; j < tr.size(); ++j) {
    const Tok kind = tr.toks[j].kind;
    depth += static_cast<int>(std::count(tr.opens[j].begin(), tr.opens[j].end(), '(')) + (tr.dangling[j] ? 1 : 0) +
             (kind == Tok::LParen ? 1 : kind == Tok::RParen ? -1 : 0);
    if (depth > 2 * kMaxDepth)
      tr.fail(j, "expression nested too deeply; expected at most " + std::to_string(2 * kMaxDepth) +
                     " levels of parentheses, signs and powers, got more");
    depth -= static_cast<int>(tr.closes[j].size());
  }
}

// ---- GiNaC reads the translation.

// GiNaC's input for the first n tokens.
std::string render(const Translation& tr, std::size_t n) {
  std::string s;
  for (std::size_t j = 0; j < n; ++j) {
    s += tr.opens[j];
    if (tr.power[j]) s += ",";
    else if (tr.is_call(j) && j + 1 == n) s += "hameln";
    else s += tr.pieces[j];
    for (const auto& c : tr.closes[j]) s += c.second;
    s += " ";
  }
  return s;
}

// The value of the first n tokens, or nothing with GiNaC's reason in `error`; a refused power
// passes through, since it knows its token.
std::optional<GiNaC::ex> attempt(const Translation& tr, std::size_t n, std::string& error) {
  power_budget() = kMaxPowerBits;
  try {
    GiNaC::parser p(tr.table, true, tr.protos);
    return p(render(tr, n));
  } catch (const PowerRefused&) {
    throw;
  } catch (const GiNaC::parse_error& e) {
    error = clean_ginac_message(e.what());
  } catch (const GiNaC::pole_error& e) {
    error = undefined_value(e.what());
  } catch (const std::exception& e) {
    error = e.what();
  }
  return std::nullopt;
}

// True if the first n tokens fail for a reason other than running out of input ("got: EOF").
bool broken(const Translation& tr, std::size_t n, std::string& error) {
  return !attempt(tr, n, error) && error.find("got: EOF") == std::string::npos;
}

// The expression, or an error at the token where GiNaC's refusal begins (the text has passed every
// check with a position, so what is left is a value GiNaC refuses).
GiNaC::ex read_with_ginac(const Translation& tr) {
  const std::size_t N = tr.size();
  std::string error;
  try {
    if (auto r = attempt(tr, N, error)) return *r;
    // Well formed, but GiNaC refuses a value (1/0, log(0), a bad diff): located at the end of the
    // shortest prefix that fails, found by bisection between the empty prefix and the whole text.
    std::size_t lo = 1, hi = N;
    std::string e;
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      if (broken(tr, mid, e)) hi = mid;
      else lo = mid + 1;
    }
    if (broken(tr, hi, e)) tr.fail(hi - 1, (undefined(e) ? e : "syntax error (" + e + ")") + "; got " + describe(tr.toks[hi - 1]));
  } catch (const PowerRefused& p) {
    tr.fail(p.token, p.what());
  }
  tr.loc.fail(0, 0, "syntax error (" + error + ")");
}

}  // namespace

namespace {

// The first number with an imaginary part in e, if any: a complex numeric, or an even root of a
// negative number, which GiNaC keeps as a power (sqrt(-2)).
std::optional<GiNaC::ex> nonreal_number(const GiNaC::ex& e) {
  if (GiNaC::is_a<GiNaC::numeric>(e))
    return GiNaC::ex_to<GiNaC::numeric>(e).is_real() ? std::nullopt : std::optional<GiNaC::ex>(e);
  if (GiNaC::is_a<GiNaC::power>(e) && GiNaC::is_a<GiNaC::numeric>(e.op(0)) && GiNaC::is_a<GiNaC::numeric>(e.op(1))) {
    const auto& base = GiNaC::ex_to<GiNaC::numeric>(e.op(0));
    const auto& exponent = GiNaC::ex_to<GiNaC::numeric>(e.op(1));
    if (base.is_real() && base.is_negative() && exponent.is_rational() && exponent.denom().is_even()) return e;
  }
  for (std::size_t i = 0; i < e.nops(); ++i)
    if (auto z = nonreal_number(e.op(i))) return z;
  return std::nullopt;
}

}  // namespace

void ExpressionReader::check_syntax(const std::string& text, const SourcePos& where) {
  const Locator loc{where};
  if (text.size() > kMaxLength) ExpressionReader().parse(text, where);  // refused there, with its message
  const std::vector<Token> toks = tokenize(text, loc);
  ExpressionReader names;
  for (std::size_t k = 0; k < toks.size(); ++k) {
    if (toks[k].kind != Tok::Ident || builtin_constant(toks[k].text)) continue;
    const bool called = k + 1 < toks.size() && toks[k + 1].kind == Tok::LParen;
    if (called && builtin(toks[k].text)) continue;
    if (called) return;  // an abstract function: its arity is not known here
    names.declare(toks[k].text, GiNaC::symbol(toks[k].text));  // also sin alone, a symbol a file may declare
  }
  names.parse(text, where);
}

GiNaC::ex ExpressionReader::parse(const std::string& text, const SourcePos& where) const {
  const Locator loc{where};
  if (text.size() > kMaxLength)
    loc.fail(0, 0, "expression too long; expected at most " + std::to_string(kMaxLength) + " characters, got " +
                       std::to_string(text.size()));
  const std::vector<Token> toks = tokenize(text, loc);
  if (toks.empty()) loc.fail(0, 0, "empty expression; expected a formula, got nothing");
  check_parentheses(toks, loc);
  Translation tr(toks, loc);
  translate_tokens(tr, Names{symbols_, functions_, hints_});
  plan_signs_and_powers(tr);
  check_nesting_depth(tr);
  SyntaxCheck{toks, loc}.check();  // after the depth check, which bounds its recursion
  tr.protos[{"hamelpow", 3}] = &power_reader;
  tr.table["hameln"] = placeholder();
  const GiNaC::ex e = read_with_ginac(tr);
  // sqrt(-1) evaluates to GiNaC's I, which prints as I: a parameter named I would read it back (a tester)
  if (const auto z = nonreal_number(e))
    loc.fail(0, 0, "a complex number (" + detail::str(*z) + "); expected a real expression, got one with an imaginary part");
  return e;
}

}  // namespace hamel
