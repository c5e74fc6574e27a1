// tests/io/breaking_test.cpp — long displayed values cut into lines that fit the page: sums at + and −,
// products between factors, long denominators and roots named; wide tables in parts.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/latex.hpp"
#include "derivation/model.hpp"
#include "io/render/breaking.hpp"
#include "io/render/labels.hpp"
#include "io/render/render.hpp"
#include "tests/support/latex_report.hpp"

namespace {

using GiNaC::ex;
using GiNaC::symbol;

const symbol a("a"), b("b"), c("c"), m("m"), th("theta"), x("x"), y("y");

// A sum of about 20 em: one fits a 30 em line, two side by side do not.
ex long_sum(int k) {
  return 7 * pow(a, 4) * pow(sin(th), 2) + 5 * pow(a, 2) * pow(c, 2) * pow(sin(th), 2) + 2 * pow(a, 2) * pow(c, 2) -
         12 * pow(c, 4) * pow(sin(th), 2) + k * pow(c, 4);
}

std::string without_times(const std::vector<std::string>& lines) {
  std::string s;
  for (std::string l : lines) {
    if (l.rfind("\\times ", 0) == 0) l = l.substr(7);
    s += (s.empty() ? "" : " ") + l;
  }
  return s;
}

int count(const std::string& s, const std::string& what) {
  int n = 0;
  for (auto at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_SUITE("io") {

TEST_CASE("Breaking: a product of long sums breaks between its factors, × starting the next line") {
  const ex value = 2 * m * long_sum(11) * long_sum(12) * long_sum(13) * sin(th);
  REQUIRE(hamel::latex_width(hamel::to_latex(value)) > 60);
  const hamel::BrokenDisplay d = hamel::break_display(value, 30, nullptr);
  REQUIRE(d.lines.size() >= 3);
  CHECK(d.named.empty());
  for (const auto& l : d.lines) CHECK(hamel::latex_width(l) <= 30);
  for (std::size_t i = 1; i < d.lines.size(); ++i) CHECK(d.lines[i].rfind("\\times ", 0) == 0);
  CHECK(without_times(d.lines) == hamel::to_latex(value));  // the same formula, only cut
}

TEST_CASE("Breaking: a factor wider than the line opens in a bracket, a broken term starts its own line") {
  const ex wide = long_sum(11) + 3 * pow(b, 2) * long_sum(12);  // about 45 em
  const ex value = x * wide + y;
  const hamel::BrokenDisplay d = hamel::break_display(value, 30, nullptr);
  for (const auto& l : d.lines) CHECK(hamel::latex_width(l) <= 30);
  CHECK(d.lines.front().find("x \\Bigl(") == 0);
  CHECK(d.lines.back() == "+ y");  // the term after a broken one is not run on at its end
}

TEST_CASE("Breaking: a long denominator is named once for the whole display") {
  const ex den = m * long_sum(11) * long_sum(12);
  hamel::DisplayBreaker breaker(30, nullptr);
  const hamel::BrokenDisplay first = breaker(x * a / den);
  REQUIRE(first.named.size() == 1);
  CHECK(first.named[0].first == "\\mathcal{D}_{1}");
  CHECK(first.lines == std::vector<std::string>{"\\frac{a x}{\\mathcal{D}_{1}}"});  // a short numerator over 𝒟
  for (const auto& l : first.named[0].second) CHECK(hamel::latex_width(l) <= 30);
  const hamel::BrokenDisplay second = breaker(-y / den);
  CHECK(second.named.empty());  // defined after the first value already
  CHECK(second.lines == std::vector<std::string>{"-\\frac{y}{\\mathcal{D}_{1}}"});
  const hamel::BrokenDisplay third = breaker(y / (den * long_sum(13)));
  REQUIRE(third.named.size() == 1);
  CHECK(third.named[0].first == "\\mathcal{D}_{2}");
}

TEST_CASE("Breaking: a root of a long sum names the sum") {
  const ex value = x * sqrt(long_sum(11) + pow(b, 2) * long_sum(12));
  const hamel::BrokenDisplay d = hamel::break_display(value, 30, nullptr);
  REQUIRE(d.named.size() == 1);
  CHECK(d.named[0].first == "\\mathcal{A}_{1}");
  CHECK(d.lines == std::vector<std::string>{"x \\sqrt{\\mathcal{A}_{1}}"});
  for (const auto& l : d.named[0].second) CHECK(hamel::latex_width(l) <= 30);
}

TEST_CASE("Report: a wide table is set in parts that repeat its first column, a long one in blocks of rows") {
  hamel::Derivation d;
  d.name = "tables";
  auto& s = d.add("numbers", "Numbers");
  hamel::Table wide{"wide", "Many columns", {"k"}, {}};
  for (int j = 0; j < 16; ++j) wide.columns.push_back("x" + std::to_string(j));
  for (int r = 0; r < 3; ++r) {
    std::vector<std::string> row{std::to_string(r + 1)};
    for (int j = 0; j < 16; ++j) row.push_back("-0.123456789");
    wide.rows.push_back(row);
  }
  hamel::Table tall{"tall", "Many rows", {"k", "t"}, {}};
  for (int r = 0; r < 100; ++r) tall.rows.push_back({std::to_string(r + 1), "0.5"});
  s.tables = {wide, tall};
  std::ostringstream os;
  hamel::write_latex(d, os, {true, ""});
  const std::string tex = os.str();
  CHECK(count(tex, "\\begin{tabular}") == 3 + 3);   // 16 columns of 12 digits in 3 parts; 100 rows in 3 blocks
  CHECK(count(tex, "$k$ & $x_{0}$") == 1);
  CHECK(count(tex, "Many columns") == 1);           // the caption once
  CHECK(count(tex, "$k$ & $x_{") == 3);             // the key column in every part
  std::ostringstream again;
  hamel::write_latex(d, again, {true, ""});
  CHECK(again.str() == tex);
}

TEST_CASE("Report: a list in prose math may break after its commas") {
  hamel::Derivation d;
  const hamel::LatexNaming names(d);
  CHECK(names.prose("at $(x1, x2)$") == "at $(x_{1},\\allowbreak  x_{2})$");
  CHECK(names.math("q^{a,b}") == "q^{a,b}");  // not inside a script
}

TEST_CASE("Report: a column of long text is a paragraph column") {
  hamel::Derivation d;
  auto& s = d.add("notes", "Notes");
  s.tables.push_back({"notes", "", {"k", "note"}, {{"1", std::string(20, 'w') + " " + std::string(60, 'v')}}});
  std::ostringstream os;
  hamel::write_latex(d, os, {true, ""});
  CHECK(os.str().find("\\begin{tabular}{r>{\\raggedright\\arraybackslash}p{207pt}}") != std::string::npos);
}

TEST_CASE("Report: long values, a long heading and a wide table compile with no overfull box") {
  if (!hamel::test::LatexReport::pdflatex_available()) {
    MESSAGE("skipped: pdflatex is not installed");
    return;
  }
  hamel::Derivation d;
  d.name = "wide";
  auto& s = d.add("values", "Values of a system with long names and a long title (Prop. 5, (40)-(42a), Remark 2)");
  std::string list = "$(q1";
  for (int j = 2; j <= 60; ++j) list += ", q" + std::to_string(j);
  s.prose.push_back("The coordinates " + list + ")$ of a long list in the prose.");
  auto& o = s.object("values", hamel::ObjectKind::Family, "the values");
  o.add({"1"}, hamel::Label::symbol("H", {"1"}), 2 * m * long_sum(11) * long_sum(12) * long_sum(13) * sin(th));
  o.add({"2"}, hamel::Label::symbol("H", {"2"}), x * sqrt(long_sum(11) + pow(b, 2) * long_sum(12)) / (long_sum(14) * long_sum(15)));
  o.add({"3"}, hamel::Label::symbol("H", {"3"}), (long_sum(11) * y + pow(long_sum(12), 3) * x * a) / (m * long_sum(14)));
  hamel::Table t{"wide", "Many columns", {"k"}, {}};
  for (int j = 0; j < 16; ++j) t.columns.push_back("x" + std::to_string(j));
  t.rows.push_back(std::vector<std::string>(17, "-0.123456789"));
  s.tables.push_back(t);
  const auto dir = std::filesystem::temp_directory_path() / ("hamel_breaking_" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "report.tex") << [&] {
    std::ostringstream os;
    hamel::write_latex(d, os);
    return os.str();
  }();
  const std::string cmd = "cd '" + dir.string() + "' && pdflatex -interaction=nonstopmode -halt-on-error report.tex > /dev/null 2>&1";
  CHECK(std::system(cmd.c_str()) == 0);
  std::ifstream in(dir / "report.log");
  std::stringstream log;
  log << in.rdbuf();
  INFO(log.str().substr(0, 4000));
  CHECK(log.str().find("Output written on report.pdf") != std::string::npos);
  CHECK(log.str().find("Overfull \\hbox") == std::string::npos);
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}

}  // TEST_SUITE
