// tests/io/report_test.cpp — the LaTeX report is a complete document that pdflatex compiles.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/commands.hpp"
#include "io/report.hpp"

TEST_SUITE("io") {

TEST_CASE("Report: LaTeX of the Chaplygin sphere compiles with pdflatex") {
  namespace fs = std::filesystem;
  if (std::system("command -v pdflatex > /dev/null 2>&1") != 0) {
    MESSAGE("skipped: pdflatex is not installed (scripts/install-deps installs texlive)");
    return;
  }
  const fs::path dir = fs::temp_directory_path() / ("hamel_latex_" + std::to_string(std::rand()));
  fs::create_directories(dir);
  const std::string tex = (dir / "report.tex").string();
  std::ostringstream out, err;
  REQUIRE(hamel::cli::run({"derive", "examples/chaplygin_sphere.yaml", "--latex", tex, "--quiet"}, out, err) == 0);
  std::ifstream in(tex);
  std::stringstream content;
  content << in.rdbuf();
  const std::string s = content.str();
  CHECK(s.find("\\documentclass") == 0);
  CHECK(s.find("\\usepackage{amsmath,amssymb}") != std::string::npos);
  CHECK(s.find("C_{123} = -") != std::string::npos);           // named as a paper would
  CHECK(s.find("\\sin(\\theta)") != std::string::npos);
  CHECK(s.find("\\pi_{1}") != std::string::npos);
  CHECK(s.find("I_{1}") != std::string::npos);
  const std::string cmd = "cd '" + dir.string() + "' && pdflatex -interaction=nonstopmode -halt-on-error report.tex > log.txt 2>&1";
  CHECK(std::system(cmd.c_str()) == 0);
  CHECK(fs::exists(dir / "report.pdf"));
  fs::remove_all(dir);
}

TEST_CASE("Report: latex_escape") {
  CHECK(hamel::latex_escape("a_b & 50% {x}") == "a\\_b \\& 50\\% \\{x\\}");
}

}  // TEST_SUITE
