// tests/cli/latex_prose_test.cpp — the prose of a LaTeX report (section text, titles, checks and their
// methods, captions) sets its mathematics as math: no ASCII stand-ins (TQ x R, d/dz, eta, ^perp) in text mode.
#include <doctest/doctest.h>

#include <regex>
#include <string>
#include <vector>

#include "tests/support/latex_report.hpp"
#include "tests/support/temp_file.hpp"

namespace {

// The text-mode part of a report: from the first section to the summary (the description before it is
// the user's own words, the summary lists check ids), without displays, inline math or the bibliography.
std::string text_mode(const std::string& tex) {
  const std::size_t title = tex.find("\\maketitle");  // the preamble redefines \section{…}
  const std::size_t first = tex.find("\\section{", title == std::string::npos ? 0 : title);
  if (first == std::string::npos) return "";
  const std::string body = tex.substr(first, tex.find("\\section*{Summary}") - first);
  const std::string begin = "\\begin{align}", end = "\\end{align}";
  std::string out;
  bool math = false;
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (!math && body.compare(i, begin.size(), begin) == 0) {
      const std::size_t e = body.find(end, i);
      if (e == std::string::npos) break;
      i = e + end.size() - 1;
      out += ' ';
    } else if (body[i] == '\\' && i + 1 < body.size() && body[i + 1] == '$') {  // an escaped dollar is text
      if (!math) out += "\\$";
      ++i;
    } else if (body[i] == '$') {
      math = !math;
      out += ' ';
    } else if (!math) {
      out += body[i];
    }
  }
  return out;
}

// The places in `text` where mathematics is written in ASCII: each match with some context.
std::vector<std::string> ascii_math(const std::string& text) {
  static const std::regex pattern(
      R"( x |->|\^perp|\bcap\b|\bd/d|\b(alpha|beta|gamma|delta|eta|theta|lambda|mu|xi|pi|sigma|phi|psi|omega|Gamma|Delta|Phi|Psi|Omega)\b)"
      R"(|T\*|\bD\*|diff\(|sqrt\(|\bId -|\^T|\\_|\\textasciicircum|\bTQxR|\bdPsi|\bdL/|\bdz\b|<=|>=|!=)");
  std::vector<std::string> found;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), pattern); it != std::sregex_iterator(); ++it) {
    const std::size_t at = static_cast<std::size_t>(it->position());
    const std::size_t from = at < 40 ? 0 : at - 40;
    found.push_back("[" + it->str() + "] …" + text.substr(from, at - from + it->length() + 40) + "…");
  }
  return found;
}

}  // namespace

TEST_CASE("text_mode and ascii_math: math marks and displays are skipped, ASCII math in the words is found") {
  const std::string tex = "pre $eta$ \\section{A} T*Q x R has $T^*Q \\times R$, \\$5\n\\begin{align}\n\\eta &= dz\n\\end{align}\n"
                          "on $D$ \\section*{Summary} eta";
  const std::string text = text_mode(tex);
  CHECK(text.find("T*Q x R has") != std::string::npos);
  CHECK(text.find("\\eta") == std::string::npos);  // the display is skipped
  CHECK(text.find("Summary") == std::string::npos);
  const auto found = ascii_math(text);
  REQUIRE(found.size() == 2);  // T* and " x "; the $…$ and the display are math
  CHECK(found[0].rfind("[T*]", 0) == 0);
  CHECK(found[1].rfind("[ x ]", 0) == 0);
  CHECK(ascii_math(text_mode("\\section{B} the rate $\\partial L/\\partial z$ on $D^*$, $X \\mapsto i_{X} d\\eta$")).empty());
}

TEST_CASE("hamel derive --latex: contact, hybrid and discrete reports write their mathematics as math, not ASCII") {
  for (const std::string example : {"examples/contact_billiard.yaml", "examples/contact_sphere.yaml", "examples/hybrid_billiard.yaml",
                                    "examples/hybrid_rolling_disk.yaml", "examples/discrete_horizontal_symmetry.yaml",
                                    "examples/discrete_chaplygin_sleigh.yaml"}) {
    hamel::test::LatexReport report(example);
    REQUIRE_MESSAGE(report.status() == 0, example);
    const std::string text = text_mode(report.text());
    CHECK_MESSAGE(text.size() > 1000, example);  // the prose is there
    std::string list;
    for (const auto& f : ascii_math(text)) list += f + "\n";
    CHECK_MESSAGE(list.empty(), example << ":\n" << list);
  }
  // what the reports now say, as math (001 §III, Def. 3)
  hamel::test::LatexReport billiard("examples/contact_billiard.yaml");
  CHECK(billiard.text().find("$TQ \\times R$ has the coordinates $(x,\\allowbreak  y,\\allowbreak  \\dot{x},") != std::string::npos);
  CHECK(billiard.text().find("$S = \\{\\Psi = 0, d\\Psi(\\dot{q}) < 0\\}$") != std::string::npos);
}

TEST_CASE("hamel derive --latex: a name in CJK and an emoji are shown as code points, with a warning naming each") {
  // the name 'τ ü 名前' came out as '$\\tau$ \\"{u} ??' and the emoji as '?', without a word
  hamel::test::TempFile file("name: \"τ ü 名前 % & #\"\ndescription: \"émoji 😀 \\\\end{document}\"\ncoordinates: [x]\n"
                             "lagrangian: \"x_dot^2/2 - x^2/2\"\n");
  hamel::test::TempFile tex("", ".tex");
  const hamel::test::Run r = hamel::test::run({"derive", file.path(), "--latex", tex.path(), "--brief"});
  REQUIRE(r.status == 0);
  CHECK(r.err ==
        "warning: the LaTeX report shows '名' (U+540D), '前' (U+524D) of the name as their code points in a box: pdflatex's "
        "fonts have no glyph for them\n"
        "warning: the LaTeX report shows '😀' (U+1F600) of the description as its code point in a box: pdflatex's fonts "
        "have no glyph for it\n");
  CHECK(hamel::test::run({"derive", file.path(), "--latex", tex.path(), "--quiet"}).err.empty());
  CHECK(hamel::test::run({"derive", file.path(), "--latex-body", tex.path(), "--brief"}).err.empty());  // neither is in the body
  hamel::test::LatexReport report(file.path());
  REQUIRE(report.status() == 0);
  CHECK(report.text().find("\\title{Hamel derivation: $\\tau$ \\\"{u} \\fbox{\\scriptsize U+540D}\\fbox{\\scriptsize U+524D} \\% \\& \\#}") !=
        std::string::npos);
  CHECK(report.text().find("\\'{e}moji \\fbox{\\scriptsize U+1F600} \\textbackslash{}end\\{document\\}") != std::string::npos);
  hamel::test::check_compiles(report);
}
