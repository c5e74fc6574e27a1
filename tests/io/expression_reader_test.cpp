// tests/io/expression_reader_test.cpp — expressions with positions, exact literals, and no hangs.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "io/expression_reader.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

namespace {
struct Reader {
  GiNaC::realsymbol x{"x"}, psi{"psi"}, beta{"beta"}, zeta{"zeta"}, I{"I"};
  hamel::AbstractFunction f1{"f1", 1};
  hamel::ExpressionReader r;
  Reader() {
    r.declare("x", x);
    r.declare("psi", psi);
    r.declare("beta", beta);
    r.declare("zeta", zeta);
    r.declare("I", I);
    r.declare("x_dot", GiNaC::realsymbol("x_dot"));
    r.declare_function(f1);
  }
  std::string error(const std::string& text) const {
    try {
      r.parse(text, {"f.yaml", 3, 10});
    } catch (const hamel::ParseError& e) {
      return e.what();
    }
    return "no error";
  }
};
}  // namespace

TEST_SUITE("io") {

TEST_CASE("ExpressionReader: names that clash with GiNaC built-ins are ordinary symbols") {
  Reader R;
  CHECK_SYMBOLIC_EQ(R.r.parse("psi^2 + beta*zeta - I"), pow(R.psi, 2) + R.beta * R.zeta - R.I);
  CHECK_SYMBOLIC_EQ(R.r.parse("sin(psi) + pi"), sin(R.psi) + GiNaC::Pi);
  // abstract functions and diff
  CHECK_SYMBOLIC_EQ(R.r.parse("diff(f1(x)^2, x)"), 2 * R.f1(R.x) * diff(R.f1(R.x), R.x));
  CHECK_SYMBOLIC_EQ(R.r.parse("diff(f1(x), x, 2)"), diff(R.f1(R.x), R.x, 2));
}

TEST_CASE("ExpressionReader: decimal literals are exact rationals") {
  Reader R;
  CHECK(R.r.parse("0.25*x").is_equal(R.x / 4));
  CHECK(R.r.parse("2.5e-3").is_equal(GiNaC::numeric(1, 400)));
  CHECK(R.r.parse("1e3").is_equal(GiNaC::numeric(1000)));
}

TEST_CASE("ExpressionReader: errors carry file:line:column, what was expected and what was found") {
  Reader R;
  // the expression starts at column 10 of line 3
  CHECK(R.error("x + y") == "f.yaml:3:14: undeclared symbol 'y'; expected a declared name, got 'y'");
  CHECK(R.error("x + ps") .find("f.yaml:3:14: undeclared symbol 'ps'") == 0);
  CHECK(R.error("x + ps").find("did you mean 'psi'?") != std::string::npos);
  CHECK(R.error("x +* 2") == "f.yaml:3:13: syntax error; expected an operand, got '*'");
  CHECK(R.error("sin(x") == "f.yaml:3:13: unbalanced parentheses; expected a matching ')' for this '(', got the end of the expression");
  CHECK(R.error("x)") == "f.yaml:3:11: unbalanced parentheses; expected an operand or an operator, got ')'");
  CHECK(R.error("3 x").find("f.yaml:3:12: syntax error; expected an operator or the end of the expression, got 'x'") == 0);
  CHECK(R.error("x + ").find("the expression ends too early") != std::string::npos);
  CHECK(R.error("x # 2").find("f.yaml:3:12: unexpected character") == 0);
  // a character pasted from a document: its name or its code point, not "got 'byte 0xc2'"
  const std::string expected = "unexpected character in expression; expected a name, a number, an operator (+ - * / ^), "
                               "parentheses or a comma, got ";
  CHECK(R.error("x +\u00a0x") == "f.yaml:3:13: " + expected + "a non-breaking space (U+00A0)");
  CHECK(R.error("x \u2212 x") == "f.yaml:3:12: " + expected + "a minus sign (U+2212)");
  CHECK(R.error("x + \u03c6") == "f.yaml:3:14: " + expected + "'\u03c6' (U+03C6, not ASCII)");
  CHECK(R.error("x + \U0001D465") == "f.yaml:3:14: " + expected + "'\U0001D465' (U+1D465, not ASCII)");
  CHECK(R.error("x # 2") == "f.yaml:3:12: " + expected + "'#'");
  CHECK(R.error("foo(x)").find("unknown function 'foo'") != std::string::npos);
  CHECK(R.error("f1(x, x)").find("wrong number of arguments for function 'f1'; expected 1, got 2") != std::string::npos);
  CHECK(R.error("y_dot").find("'y_dot' is a velocity, but 'y' is not a coordinate; velocities: x_dot") != std::string::npos);
  CHECK(R.error("x^2\n + q").find("f.yaml:4:4: undeclared symbol 'q'") == 0);
  // sqrt(-1) is GiNaC's I, which a parameter named I would read back from the JSON (a tester)
  CHECK(R.error("x + sqrt(-1)*x") == "f.yaml:3:10: a complex number ((1 + I)); expected a real expression, got one with an imaginary part");
  CHECK(R.error("sqrt(-2)*x").find("a complex number") != std::string::npos);
  CHECK(R.error("sqrt(2)*I*x") == "no error");  // the symbol named I
}

TEST_CASE("ExpressionReader: inputs that would explode exact arithmetic are refused, quickly") {
  Reader R;
  CHECK(R.error("9^(9^(9^9))").find("nested powers of numbers") != std::string::npos);
  CHECK(R.error("x^100000").find("exponent too large") != std::string::npos);
  CHECK(R.error("(9999^999)^999").find("nested powers of numbers") != std::string::npos);
  CHECK(R.error(std::string(200, '(') + "x" + std::string(200, ')')).find("nested too deeply") != std::string::npos);
  CHECK(R.error("1e99999").find("number out of range") != std::string::npos);
  CHECK(R.error(std::string(5000, 'x')).find("expression too long") != std::string::npos);
  CHECK_SYMBOLIC_EQ(R.r.parse("2^10 * x^(1/2)"), 1024 * sqrt(R.x));
}

}  // TEST_SUITE
