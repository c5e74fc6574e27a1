// tests/io/report_test.cpp — the LaTeX report is a complete document that pdflatex compiles.
#include <doctest/doctest.h>

#include "io/report.hpp"
#include "tests/support/latex_report.hpp"

TEST_SUITE("io") {

TEST_CASE("Report: LaTeX of the Chaplygin sphere compiles with pdflatex") {
  hamel::test::LatexReport report("examples/chaplygin_sphere.yaml");
  REQUIRE(report.status() == 0);
  const std::string& s = report.text();
  CHECK(s.find("\\documentclass") == 0);
  CHECK(s.find("\\usepackage{amsmath,amssymb}") != std::string::npos);
  CHECK(s.find("C_{123} = -") != std::string::npos);  // named as a paper would
  CHECK(s.find("\\sin\\theta") != std::string::npos);  // a function of one symbol without brackets
  CHECK(s.find("\\pi_{1}") != std::string::npos);
  CHECK(s.find("I_{1}") != std::string::npos);
  if (!hamel::test::LatexReport::pdflatex_available()) {
    MESSAGE("skipped: pdflatex is not installed (scripts/install-deps installs texlive)");
    return;
  }
  INFO(report.log());
  CHECK(report.compiles());
}

TEST_CASE("Report: latex_escape") {
  CHECK(hamel::latex_escape("a_b & 50% {x}") == "a\\_b \\& 50\\% \\{x\\}");
}

}  // TEST_SUITE
