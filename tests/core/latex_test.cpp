// tests/core/latex_test.cpp — names print as a paper writes them.
#include <doctest/doctest.h>

#include "core/abstract_function.hpp"
#include "core/latex.hpp"

TEST_SUITE("core") {

TEST_CASE("latex_name: Greek letters, indices, dots") {
  CHECK(hamel::latex_name("theta") == "\\theta");
  CHECK(hamel::latex_name("phi") == "\\varphi");
  CHECK(hamel::latex_name("I1") == "I_{1}");
  CHECK(hamel::latex_name("pi2") == "\\pi_{2}");
  CHECK(hamel::latex_name("x_dot") == "\\dot{x}");
  CHECK(hamel::latex_name("theta_dot") == "\\dot{\\theta}");
  CHECK(hamel::latex_name("p_x") == "p_{x}");
  CHECK(hamel::latex_name("m") == "m");
}

TEST_CASE("to_latex: abstract-function derivatives with primes") {
  GiNaC::realsymbol th("theta", "\\theta");
  const hamel::AbstractFunction f1("f1", 1);
  const std::string s = hamel::to_latex(diff(f1(th), th, 2) + f1(th) * sin(th));
  INFO(s);
  CHECK(s.find("f_{1}''(\\theta)") != std::string::npos);
  CHECK(s.find("\\sin(\\theta)") != std::string::npos);
  CHECK(s.find("f_{1}(\\theta)") != std::string::npos);
}

}  // TEST_SUITE
