// tests/core/latex_test.cpp — names print as a paper writes them; widths of formulas.
#include <doctest/doctest.h>

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
  CHECK(hamel::latex_name("mu_wall") == "\\mu_{\\mathrm{wall}}");
}

TEST_CASE("latex_name: the accent goes on the letter, the index stays outside") {
  CHECK(hamel::latex_name("pi1_dot") == "\\dot{\\pi}_{1}");
  CHECK(hamel::latex_name("p_x_dot") == "\\dot{p}_{x}");
  CHECK(hamel::latex_name("x_dot_dot") == "\\ddot{x}");
  CHECK(hamel::latex_name("q12_dot") == "\\dot{q}_{12}");
  CHECK(hamel::latex_name("x1_a") == "x_{1,a}");  // one subscript, not x_{1}_{a}
}

// A dot over \mathrm{pa} sits between its letters and reads as the word itself (a tester's heisenberg_gauge
// with variables pa, pr): a word's velocity is a fraction, as the text report's d/dt pa.
TEST_CASE("latex_name: the velocity of a word is d/dt of it, a letter's keeps its dot") {
  CHECK(hamel::latex_name("pa_dot") == "\\frac{d\\mathrm{pa}}{dt}");
  CHECK(hamel::latex_name("pa_dot_dot") == "\\frac{d^{2}\\mathrm{pa}}{dt^{2}}");
  CHECK(hamel::latex_name("vt1_dot") == "\\frac{d\\mathrm{vt}_{1}}{dt}");  // the index inside, with the word
  CHECK(hamel::latex_name("thetaL_dot") == "\\dot{\\theta}_{L}");
  CHECK(hamel::latex_name("p_x_dot") == "\\dot{p}_{x}");
  const hamel::LatexNames user{{"pa", "p_a"}};
  CHECK(hamel::latex_name("pa_dot", &user) == "\\dot{p_a}");  // the user's name: their choice, dotted
}

TEST_CASE("latex_name: a Greek letter with one or two capitals is indexed by them (a wheel's angle phiR)") {
  CHECK(hamel::latex_name("phiR") == "\\varphi_{R}");
  CHECK(hamel::latex_name("thetaL_dot") == "\\dot{\\theta}_{L}");
  CHECK(hamel::latex_name("psiAB") == "\\psi_{AB}");
  // not an index: three capitals, a word, a capital in the middle, a Latin letter (the prose's dH_c)
  CHECK(hamel::latex_name("thetaABC") == "\\mathrm{thetaABC}");
  CHECK(hamel::latex_name("mass") == "\\mathrm{mass}");
  CHECK(hamel::latex_name("aBc") == "\\mathrm{aBc}");
  CHECK(hamel::latex_name("dH_c") == "\\mathrm{dH}_{c}");
  CHECK(hamel::latex_name("ABC") == "\\mathrm{ABC}");
}

TEST_CASE("latex_name: the user's table first, also for the base of a name") {
  const hamel::LatexNames names = {{"th", "\\vartheta"}, {"I1", "I_1"}, {"v", "\\mathbf{v}"}};
  CHECK(hamel::latex_name("th", &names) == "\\vartheta");
  CHECK(hamel::latex_name("th_dot", &names) == "\\dot{\\vartheta}");
  CHECK(hamel::latex_name("I1", &names) == "I_1");
  CHECK(hamel::latex_name("I1_dot", &names) == "\\dot{I_1}");
  CHECK(hamel::latex_name("th2", &names) == "\\vartheta_{2}");
  CHECK(hamel::latex_name("v_th", &names) == "\\mathbf{v}_{\\vartheta}");
  CHECK(hamel::latex_name("th") == "\\mathrm{th}");  // without the table
}

TEST_CASE("latex_width: glyphs in em, commands count by what they show") {
  using hamel::latex_width;
  CHECK(latex_width("x") == doctest::Approx(0.5));
  CHECK(latex_width("a + b") == doctest::Approx(2.2));  // the operator with its spaces
  CHECK(latex_width("\\dot{x}") == doctest::Approx(latex_width("x")));
  CHECK(latex_width("\\frac{a}{b}") < latex_width("a b"));
  CHECK(latex_width("\\frac{a + b + c}{d}") > latex_width("\\frac{a}{d}"));
  CHECK(latex_width("x^{2}") < latex_width("x 2"));  // scripts are smaller
  CHECK(latex_width("\\sin^{2}\\theta") > latex_width("\\theta"));
  CHECK(latex_width("\\left(a\\right)") == doctest::Approx(latex_width("(a)")).epsilon(0.1));
  CHECK(latex_width("\\sqrt{x}") > latex_width("x"));
  CHECK(latex_width("\\mathrm{abc}") == doctest::Approx(1.5));
  CHECK(latex_width("") == 0);
  CHECK(latex_width("}{\\frac{") >= 0);  // malformed input is measured, not an error
}

}  // TEST_SUITE
