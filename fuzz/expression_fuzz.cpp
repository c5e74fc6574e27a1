// fuzz/expression_fuzz.cpp — libFuzzer target: any bytes as the text of an expression
// (docs/fuzzing.md).
//
// The reader declares what a real system declares: coordinates (some named like GiNaC's own
// functions and constants), their velocities, parameters, abstract functions of one and two
// arguments, and a hint.  The contract under test: ExpressionReader::parse returns an expression or
// throws ParseError (with a position inside the text), InvalidArgument or DomainError; anything else
// — another exception, a sanitizer report, a leak, a hang — is a failure.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/abstract_function.hpp"
#include "core/error.hpp"
#include "core/parallel.hpp"
#include "io/expression_reader.hpp"

namespace {

struct Fixture {
  hamel::ExpressionReader reader;
  Fixture() {
    for (const char* q : {"theta", "psi", "x", "y", "beta", "I"}) {
      reader.declare(q, GiNaC::realsymbol(q));
      reader.declare(std::string(q) + "_dot", GiNaC::realsymbol(std::string(q) + "_dot"));
    }
    for (const char* p : {"m", "R", "E"}) reader.declare(p, GiNaC::possymbol(p));
    reader.declare_function(hamel::AbstractFunction("f1", 1));
    reader.declare_function(hamel::AbstractFunction("V", 2));
    reader.hint("z_dot", "velocities are allowed only in the Lagrangian and the constraints");
  }
};

const Fixture& fixture() {
  static const Fixture f;
  return f;
}

// A parse error must point into the text: lines 3.. of "fuzz", columns from 5 on the first line
// (the text starts at 3:5) and from 1 on the others, at most one past the end of the line.
void check_position(const hamel::ParseError& e, const std::string& text) {
  int lines = 1;
  for (char c : text) lines += c == '\n';
  bool ok = e.file() == "fuzz" && e.line() >= 3 && e.line() < 3 + lines;
  if (ok) {
    std::size_t start = 0;
    for (int l = 3; l < e.line(); ++l) start = text.find('\n', start) + 1;
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const int first = e.line() == 3 ? 5 : 1;
    ok = e.column() >= first && e.column() <= first + static_cast<int>(end - start);
  }
  if (!ok) {
    std::fprintf(stderr, "expression_fuzz: ParseError outside the text: %s\n", e.what());
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // The reader refuses more than 4000 characters; a little more exercises that check.
  if (size > 4100) return 0;
  static const unsigned serial = hamel::set_workers(1);  // no forks inside the fuzzer (core/parallel.hpp)
  (void)serial;
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)fixture().reader.parse(text, {"fuzz", 3, 5});
  } catch (const hamel::ParseError& e) {
    check_position(e, text);
  } catch (const hamel::InvalidArgument&) {
  } catch (const hamel::DomainError&) {
  }
  return 0;
}
