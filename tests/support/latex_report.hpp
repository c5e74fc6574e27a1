// tests/support/latex_report.hpp — `hamel derive FILE --latex` into a fresh directory, then pdflatex on
// the report: the LaTeX a user pastes into a paper must compile.
#pragma once

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "tests/support/cli_run.hpp"

namespace hamel::test {

class LatexReport {
 public:
  /// Derives `system_file` with `--latex` (and `--plots` into the same directory, so that figures are
  /// included) and reads the report.
  explicit LatexReport(const std::string& system_file) {
    static std::mt19937_64 rng(std::random_device{}());
    dir_ = std::filesystem::temp_directory_path() / ("hamel_latex_" + std::to_string(rng()));
    std::filesystem::create_directories(dir_);
    const std::string tex = (dir_ / "report.tex").string();
    status_ = run({"derive", system_file, "--latex", tex, "--plots", dir_.string(), "--brief"}).status;
    std::ifstream in(tex);
    std::stringstream s;
    s << in.rdbuf();
    text_ = s.str();
  }
  ~LatexReport() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  LatexReport(const LatexReport&) = delete;
  LatexReport& operator=(const LatexReport&) = delete;

  int status() const { return status_; }
  const std::string& text() const { return text_; }

  static bool pdflatex_available() { return std::system("command -v pdflatex > /dev/null 2>&1") == 0; }

  /// Writes the report with each `from` replaced by `to` (a name the reader refuses, to see that pdflatex
  /// would have refused it too); compiles() then reads that one.
  void rewrite(const std::string& from, const std::string& to) {
    std::string t = text_;
    for (auto at = t.find(from); at != std::string::npos; at = t.find(from, at + to.size())) t.replace(at, from.size(), to);
    std::ofstream(dir_ / "report.tex") << t;
  }

  /// pdflatex in batch mode; true when it succeeds and writes the PDF. The log stays in log().
  bool compiles() {
    const std::string cmd = "cd '" + dir_.string() +
                            "' && pdflatex -interaction=nonstopmode -halt-on-error report.tex > pdflatex.txt 2>&1";
    const bool ok = std::system(cmd.c_str()) == 0 && std::filesystem::exists(dir_ / "report.pdf");
    std::ifstream in(dir_ / "pdflatex.txt");
    std::stringstream s;
    s << in.rdbuf();
    log_ = s.str();
    return ok;
  }
  /// The end of pdflatex's output (where its error is).
  std::string log() const { return log_.size() > 2000 ? log_.substr(log_.size() - 2000) : log_; }

 private:
  std::filesystem::path dir_;
  int status_ = -1;
  std::string text_, log_;
};

/// The report compiles with pdflatex, its log shown when not; said and skipped where pdflatex is not
/// installed. The last check of a test: nothing after it runs without pdflatex either way.
inline void check_compiles(LatexReport& report) {
  if (!LatexReport::pdflatex_available()) {
    MESSAGE("skipped: pdflatex is not installed (scripts/install-deps installs texlive)");
    return;
  }
  INFO(report.log());
  CHECK(report.compiles());
}

}  // namespace hamel::test
