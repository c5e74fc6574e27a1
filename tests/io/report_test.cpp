// tests/io/report_test.cpp — the LaTeX report is a complete document that pdflatex compiles.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "derivation/model.hpp"
#include "io/render/labels.hpp"
#include "io/render/render.hpp"
#include "tests/support/latex_report.hpp"

TEST_SUITE("io") {

TEST_CASE("Report: LaTeX of the Chaplygin sphere compiles with pdflatex") {
  hamel::test::LatexReport report("examples/chaplygin_sphere.yaml");
  REQUIRE(report.status() == 0);
  const std::string& s = report.text();
  CHECK(s.find("\\documentclass") == 0);
  CHECK(s.find("\\usepackage{amsmath,amssymb}") != std::string::npos);
  CHECK(s.find("C_{123} &= -") != std::string::npos);  // named as a paper would
  CHECK(s.find("\\sin\\theta") != std::string::npos);  // a function of one symbol without brackets
  CHECK(s.find("\\pi_{1}") != std::string::npos);
  CHECK(s.find("I_{1}") != std::string::npos);
  hamel::test::check_compiles(report);
}

TEST_CASE("Report: an index after a Greek one is separated from its control word (g_{theta x}, not g_{thetax})") {
  hamel::Derivation d;
  d.declare("theta", hamel::SymbolKind::Coordinate);
  d.declare("x", hamel::SymbolKind::Coordinate);
  const hamel::LatexNaming names(d);
  CHECK(names.label(hamel::Label::symbol("g", {"theta", "x"})) == "g_{\\theta x}");
  CHECK(names.label(hamel::Label::symbol("g", {"theta", "theta"})) == "g_{\\theta\\theta}");
  CHECK(names.label(hamel::Label::symbol("g", {"x", "theta"})) == "g_{x\\theta}");
  CHECK(names.label(hamel::Label::symbol("C", {"1", "2"}, {"3"})) == "C_{12}^{3}");
  // words as indices keep a comma (a generator and a surface: 'shiftplate' read as one word)
  CHECK(names.label(hamel::Label::symbol("mu", {"shift", "plate"}, {"+"})) == "\\mu_{\\mathrm{shift},\\mathrm{plate}}^{+}");
  CHECK(names.label(hamel::Label::symbol("g", {"theta", "mass"})) == "g_{\\theta,\\mathrm{mass}}");
  CHECK(names.label(hamel::Label::dot("pa")) == "\\frac{d\\mathrm{pa}}{dt}");
}

TEST_CASE("Report: a formula longer than two pages is cut with a note, and no source line is too long for TeX") {
  // a 1 001-term potential ((q + γ z)^1000 expanded, a contact tester's file) made a 4 MB source that TeX
  // could not hold: 5 000 000 words of main memory exceeded in one align, a 248 000-character line
  GiNaC::realsymbol q("q"), g("gamma"), z("z");
  hamel::Derivation d;
  d.name = "huge";
  hamel::DerivationSection& s = d.add("potential", "Potential");
  const GiNaC::ex V = GiNaC::pow(q + g * z, 300).expand();
  s.object("potential", hamel::ObjectKind::Scalar, "the potential").add({}, hamel::Label::symbol("V"), V);
  s.prose.push_back("V as a sentence: " + hamel::detail::str(V));
  std::ostringstream out;
  hamel::write_latex(d, out);
  const std::string tex = out.str();
  CHECK(tex.find("more lines of this formula are left out here; the text and JSON reports hold it whole") != std::string::npos);
  std::size_t longest = 0;
  std::istringstream lines(tex);
  for (std::string line; std::getline(lines, line);) longest = std::max(longest, line.size());
  CHECK(longest <= 4000);
  CHECK(tex.size() < 400000);  // 80 lines of the display, the sentence whole
}

TEST_CASE("Report: a long table with head and tail set shows those rows and counts the others, JSON has all") {
  hamel::Derivation d;
  d.name = "rows";
  auto& s = d.add("run", "Run");
  hamel::Table t{"run.rows", "Rows", {"k"}, {}, 3, 2};
  for (int k = 1; k <= 10; ++k) t.rows.push_back({std::to_string(k)});
  s.tables.push_back(t);
  CHECK(hamel::rows_left_out(t) == 5);  // 10 rows: 1-3 and 9-10 shown
  std::ostringstream text;
  hamel::write_text(d, text);
  const std::string x = text.str();
  CHECK(x.find("   3\n  ... (5 rows left out; the JSON report has every row)\n   9\n  10\n") != std::string::npos);
  CHECK(x.find("   4\n") == std::string::npos);
  std::ostringstream latex;
  hamel::write_latex(d, latex);
  CHECK(latex.str().find("\\dots\\ (5 rows left out; the JSON report has every row)") != std::string::npos);
  CHECK(hamel::to_json(d)["sections"][0]["tables"][0]["rows"].size() == 10);
  SUBCASE("a single row left out is shown instead, as is every row without head") {
    hamel::Table u = t;
    u.rows.resize(6);
    CHECK(hamel::rows_left_out(u) == 0);
    u.head = 0;
    CHECK(hamel::rows_left_out(u) == 0);
  }
}

namespace {

// A derivation with one form object: eta_L = dz - (b q z + q_dot exp(-k z)) dq of a contact Lagrangian,
// and a 2-form with one term of each sign.
hamel::Derivation forms() {
  const GiNaC::symbol q("q"), qd("q_dot"), z("z"), b("b"), k("k");
  hamel::Derivation d;
  hamel::DerivationSection& s = d.add("forms", "Forms");
  hamel::Object& eta = s.object("eta", hamel::ObjectKind::Form, "the contact form");
  eta.add({"q"}, hamel::Label::symbol("eta_L"), -b * q * z - qd * exp(-k * z)).basis = {"q"};
  eta.add({"z"}, hamel::Label::symbol("eta_L"), 1).basis = {"z"};
  hamel::Object& w = s.object("omega", hamel::ObjectKind::Form, "a 2-form");
  w.add({"q", "z"}, hamel::Label::symbol("omega"), -2 * b).basis = {"q", "z"};
  w.add({"q_dot", "z"}, hamel::Label::symbol("omega"), k).basis = {"q_dot", "z"};
  return d;
}

}  // namespace

TEST_CASE("Report: a form prints as one sum, a coefficient that is a sum bracketed, a positive term first") {
  const hamel::Derivation d = forms();
  std::ostringstream text, latex;
  hamel::write_text(d, text);
  CHECK(text.str().find("  eta_L = dz - (b*q*z + q_dot*exp(-k*z)) dq\n") != std::string::npos);
  CHECK(text.str().find("  omega = k dq_dot^dz - 2*b dq^dz\n") != std::string::npos);
  CHECK(text.str().find("eta_L = 1 dz") == std::string::npos);  // not one line per component
  hamel::write_latex(d, latex, {true, ""});
  CHECK(latex.str().find("\\eta_{L} &= dz - \\bigl(b q z + \\dot{q} e^{-k z}\\bigr)\\, dq \\label{eq:eta}") != std::string::npos);
  CHECK(latex.str().find("\\omega &= k\\, d\\dot{q}\\wedge dz - 2 b\\, dq\\wedge dz \\label{eq:omega}") != std::string::npos);
}

TEST_CASE("Report: a form's coefficient wider than the page breaks inside its brackets") {
  hamel::Derivation d;
  hamel::Object& o = d.add("s", "S").object("long", hamel::ObjectKind::Form, "");
  GiNaC::ex sum = 0;
  for (int i = 1; i <= 30; ++i) sum += GiNaC::symbol("x" + std::to_string(i)) * GiNaC::symbol("y" + std::to_string(i));
  o.add({"q"}, hamel::Label::symbol("alpha"), -sum).basis = {"q"};
  o.add({"z"}, hamel::Label::symbol("alpha"), 1).basis = {"z"};
  const auto rows = hamel::latex_display_rows(o, d, 30);
  REQUIRE(rows.size() > 2);
  CHECK(rows.front().rfind("\\alpha &= dz - \\Bigl(", 0) == 0);
  CHECK(rows.back().find("\\Bigr)\\, dq") != std::string::npos);
  for (std::size_t i = 1; i < rows.size(); ++i) CHECK(rows[i].rfind("&\\qquad ", 0) == 0);
}

TEST_CASE("Report: a system's own Pi is set upright, \\mathrm{Pi}, and \\Pi stays the bracket (Pi_nh, [Π, Π], Π^#)") {
  hamel::Derivation d;
  d.declare("Pi", hamel::SymbolKind::Coordinate);
  d.declare("Pi_dot", hamel::SymbolKind::Velocity);
  d.declare("Pi1", hamel::SymbolKind::Parameter);
  const hamel::LatexNaming names(d);
  // a coordinate Pi was \Pi, the letter of the bracket: {Pi, pi1} read as a bracket of Π
  CHECK(names.name("Pi") == "\\mathrm{Pi}");
  CHECK(names.name("Pi1") == "\\mathrm{Pi}_{1}");
  CHECK(names.name("Pi_dot") == "\\frac{d\\mathrm{Pi}}{dt}");  // a word's derivative, as pa_dot's
  CHECK(names.label(hamel::Label::symbol("g", {"Pi", "Pi"})) == "g_{\\mathrm{Pi},\\mathrm{Pi}}");
  CHECK(names.label(hamel::Label::bracket("Pi", "pi1")) == "\\{\\mathrm{Pi}, \\pi_{1}\\}");
  const GiNaC::realsymbol pi_coordinate("Pi", hamel::latex_name("Pi")), pi_velocity("Pi_dot", hamel::latex_name("Pi_dot"));
  CHECK(hamel::to_latex(pi_coordinate + pi_velocity, &names.user()) == "\\mathrm{Pi} + \\frac{d\\mathrm{Pi}}{dt}");
  CHECK(names.prose("$(x, Pi)$") == "$(x,\\allowbreak  \\mathrm{Pi})$");
  // the bracket's notation is not a name of the system: it keeps \Pi
  CHECK(names.prose("$[Π, Π]$, $Π^#(T^*M)$ and Pi_nh^Lambda") ==
        "$[\\Pi,\\allowbreak  \\Pi]$, $\\Pi^\\sharp (T^*M)$ and $\\Pi_{\\mathrm{nh}}^\\Lambda$");
  // a file's own LaTeX name for Pi is its choice
  hamel::Derivation chosen = d;
  chosen.latex_names = {{"Pi", "\\Pi"}};
  CHECK(hamel::LatexNaming(chosen).name("Pi") == "\\Pi");
  CHECK(hamel::LatexNaming(chosen).name("Pi_dot") == "\\dot{\\Pi}");
}

TEST_CASE("Report: a paragraph's formulas are typeset by the display printer, its words as prose") {
  const GiNaC::symbol q("q"), z("z"), k("k"), gamma("gamma");
  hamel::Paragraph p("L is mechanical with V = ");
  p.formula(pow(gamma, 10) * z + k * pow(q, 12) / 12).words(".");
  CHECK(p.text() == "L is mechanical with V = gamma^10*z + k*q^12/12.");
  hamel::Derivation d;
  const hamel::LatexNaming names(d);
  CHECK(names.paragraph(p) == "L is mechanical with V = $\\gamma^{10} z + \\frac{1}{12} k q^{12}$.");
  CHECK(names.paragraph(hamel::Paragraph("only words, q_dot")) == names.prose("only words, q_dot"));
  // math written in words keeps a many-digit exponent whole
  CHECK(names.prose("$gamma^10 + x^2$") == "$\\gamma^{10} + x^2$");
  // a symbol's command before a name is ended by a space (\partialH was one undefined command)
  CHECK(names.prose("$v_a = ∂H_c/∂u_a$") == "$v_{a} = \\partial H_{c}/\\partial u_{a}$");
  CHECK(names.prose("$T(∂ C)$") == "$T(\\partial C)$");
}

TEST_CASE("Report: latex_text escapes text and typesets the Unicode of prose") {
  CHECK(hamel::latex_text("a_b & 50% {x}") == "a\\_b \\& 50\\% \\{x\\}");
  CHECK(hamel::latex_text("Π_nh ≤ 2") == "$\\Pi$\\_nh $\\le$ 2");
  // a user's description: every character of text mode's ten prints as itself
  CHECK(hamel::latex_text("k/2 (x^2+y^2) ~ #1 $5 a\\b") ==
        "k/2 (x\\textasciicircum{}2+y\\textasciicircum{}2) \\textasciitilde{} \\#1 \\$5 a\\textbackslash{}b");
  // accented letters of names as accent commands (the note "Gröbner basis: …" printed Gr?bner)
  CHECK(hamel::latex_text("Gröbner, Jovanović, Poincaré") == "Gr\\\"{o}bner, Jovanovi\\'{c}, Poincar\\'{e}");
}

namespace {

// The log of pdflatex on the complete document `tex`, compiled in a fresh directory.
std::string pdflatex_log(const std::string& tex) {
  const auto dir = std::filesystem::temp_directory_path() / ("hamel_report_" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "report.tex") << tex;
  const std::string cmd = "cd '" + dir.string() + "' && pdflatex -interaction=nonstopmode -halt-on-error report.tex > /dev/null 2>&1";
  const int status = std::system(cmd.c_str());
  std::ifstream in(dir / "report.log");
  std::stringstream log;
  log << in.rdbuf() << (status == 0 ? "" : "\n(pdflatex failed)");
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  return log.str();
}

hamel::Verdict failed(const std::string& id) {
  hamel::Verdict v;
  v.id = id;
  v.statement = "a check";
  return v;  // expected to hold, does not
}

}  // namespace

TEST_CASE("Report: the summary's failure ids break after their dots and underscores, with no overfull box") {
  // three ids of an inclined bouncing ball ran 15pt into the margin: ids broke only at their spaces
  hamel::Derivation d;
  d.name = "ids";
  auto& s = d.add("checks", "Checks");
  s.verdicts.push_back(failed("a.b_c"));
  s.verdicts.push_back(failed("d"));
  std::ostringstream two;
  hamel::write_latex(d, two);
  CHECK(two.str().find("\\section*{Summary}\n2 checks: 0 yes, 2 no.\n\n"
                       "{\\raggedright 2 failures: a.\\penalty100\\relax b\\_\\penalty100\\relax c, d.\\par}\n") != std::string::npos);
  s.verdicts.clear();
  for (const char* id : {"hybrid.symmetry.along.lagrangian_invariant", "hybrid.symmetry.along.conservation_identity",
                         "hybrid.action.along.lagrangian_invariant"})
    s.verdicts.push_back(failed(id));
  // any number, any length: forty more, and one id longer than a line
  for (int k = 0; k < 40; ++k) s.verdicts.push_back(failed("symmetry.generator_" + std::to_string(k) + ".conservation_identity"));
  s.verdicts.push_back(failed("reduction.by_a_very_long_generator_name.the_reduced_bracket_is_a_poisson_bracket.jacobi_identity_of_it"));
  std::ostringstream many;
  hamel::write_latex(d, many);
  CHECK(many.str().find("{\\raggedright 44 failures: hybrid.\\penalty100\\relax symmetry.") != std::string::npos);
  if (!hamel::test::LatexReport::pdflatex_available()) {
    MESSAGE("skipped: pdflatex is not installed");
    return;
  }
  const std::string log = pdflatex_log(many.str());
  INFO(log.substr(0, 4000));
  CHECK(log.find("Output written on report.pdf") != std::string::npos);
  CHECK(log.find("Overfull \\hbox") == std::string::npos);
}

TEST_CASE("Report: a character pdflatex has no glyph for is shown as its code point in a box, and named") {
  // a name 'τ ü 名前' came out as $\tau$ \"{u} ?? and an emoji as ?, silently
  CHECK(hamel::latex_text("τ ü 名前, 😀!") ==
        "$\\tau$ \\\"{u} \\fbox{\\scriptsize U+540D}\\fbox{\\scriptsize U+524D}, \\fbox{\\scriptsize U+1F600}!");
  CHECK(hamel::latex_unset_characters("τ ü 名前 名 😀") ==
        std::vector<std::string>{"'名' (U+540D)", "'前' (U+524D)", "'😀' (U+1F600)"});
  CHECK(hamel::latex_unset_characters("Gröbner, π ≤ 2").empty());
  // a control character (TeX refuses it) and a byte that is not UTF-8 are shown and named too
  CHECK(hamel::latex_text("a\x01" "b\xC3") == "a\\fbox{\\scriptsize U+0001}b\\fbox{\\scriptsize 0xC3}");
  CHECK(hamel::latex_unset_characters("a\x01" "b\xC3") == std::vector<std::string>{"U+0001", "0xC3"});
  CHECK(hamel::latex_text("a\tb") == "a\tb");
  // Latin letters with accents as accent commands, the rest of Latin-1 and Latin Extended-A too
  CHECK(hamel::latex_text("Dvořák, Łódź, Ångström, Erdős, Øresund, Şişli, ĳ, ð") ==
        "Dvo\\v{r}\\'{a}k, {\\L}\\'{o}d\\'{z}, \\r{A}ngstr\\\"{o}m, Erd\\H{o}s, {\\O}resund, \\c{S}i\\c{s}li, {\\ij}, {\\dh}");
  CHECK(hamel::latex_text("ι υ Υ Α ∇ ∀ ℝ ±½ x₁") ==
        "$\\iota$ $\\upsilon$ $\\Upsilon$ A $\\nabla$ $\\forall$ $\\mathbb{R}$ $\\pm$$\\frac12$ x$_1$");
  hamel::Derivation d;
  d.name = "τ ü 名前";
  d.description = "émoji 😀";
  const std::vector<std::string> warnings = hamel::latex_warnings(d);
  CHECK(warnings == std::vector<std::string>{
                        "the LaTeX report shows '名' (U+540D), '前' (U+524D) of the name as their code points in a box: "
                        "pdflatex's fonts have no glyph for them",
                        "the LaTeX report shows '😀' (U+1F600) of the description as its code point in a box: pdflatex's "
                        "fonts have no glyph for it"});
  CHECK(hamel::latex_warnings(d, {true, ""}).empty());  // the body has neither
  if (!hamel::test::LatexReport::pdflatex_available()) {
    MESSAGE("skipped: pdflatex is not installed");
    return;
  }
  // every character the table sets, and every accented letter, compiles in the report's fonts (each
  // followed by a space: a run of math without one cannot break)
  const std::string all =
      "αβγδεζηθϑικλμµνξοπϖρϱσςτυφϕϵχψω ΓΔΘΛΞΠΣΥΦΨΩ ΑΒΕΖΗΙΚΜΝΟΡΤΧ ∂−×·⋅∘→←↔⇒⇐⇔↦⟶⟼≤≥≠≈≡∼≃≅∝≪≫±∓÷∈∉∋∩∪⊂⊃⊆⊇∖∅∀∃¬∨⊥∧⊗⊕⟨⟩∇∑∏√ℓħℏℝℂℕℤℚ′″°⋯ "
      "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ᵀ½₀₁₂₃₄₅₆₇₈₉∗—–§¶…’‘“”‖•©£∞∫∮♯ẋż a\u00A0b\u2009c\u202Fd\u200Be\uFEFF øØæÆœŒßłŁıȷĳĲðÐþÞđĐŋŊ "
      "ÀÈÌÒÙàèìòù ÁÉÍÓÚÝáéíóúýĆćĹĺŃńŔŕŚśŹź ÂÊÎÔÛâêîôûĈĉĜĝĤĥĴĵŜŝŴŵŶŷ ÃÑÕãñõĨĩŨũ ÄËÏÖÜäëïöüÿŸ ÅåŮů "
      "ÇçĢģĶķĻļŅņŖŗŞşŢţ ĀāĒēĪīŌōŪū ĂăĔĕĞğĬĭŎŏŬŭ ĄąĘęĮįŲų ĊċĖėĠġİŻż ČčĎďĚěĽľŇňŘřŠšŤťŽž ŐőŰű";
  CHECK(hamel::latex_unset_characters(all).empty());
  d.description.clear();
  for (std::size_t i = 0; i < all.size(); ++i)
    d.description += all[i] + std::string(i + 1 < all.size() && (static_cast<unsigned char>(all[i + 1]) & 0xC0) == 0x80 ? "" : " ");
  std::ostringstream tex;
  hamel::write_latex(d, tex);
  const std::string log = pdflatex_log(tex.str());
  INFO(log.substr(0, 4000));
  CHECK(log.find("Output written on report.pdf") != std::string::npos);
  CHECK(log.find("Overfull \\hbox") == std::string::npos);
  CHECK(log.find("Missing character") == std::string::npos);
}

TEST_CASE("Report: symbols in plain prose are typeset, paths and words stay text") {
  hamel::Derivation d;
  const hamel::LatexNaming names(d);
  // the text report's names of brackets and fields, in a verdict's words
  CHECK(names.prose("the distribution of Pi_nh^Lambda is integrable") ==
        "the distribution of $\\Pi_{\\mathrm{nh}}^\\Lambda$ is integrable");
  CHECK(names.prose("[X_pi1, X_pi2] leaves it; not on all of R^6") ==
        "[$X_{\\pi_{1}}$, $X_{\\pi_{2}}$] leaves it; not on all of $R^6$");
  // a file name, a path, a word ending in _ and a plain word are escaped text, not math
  CHECK(names.prose("see examples/chaplygin_sphere.yaml") == "see examples/chaplygin\\_sphere.yaml");
  CHECK(names.prose("a_ b and x^ y") == "a\\_ b and x\\textasciicircum{} y");
  // a sharp and a script star make a symbol (they were text: Pi\#(T*M), Leg\_*); a product's star is a space
  CHECK(names.prose("Pi#(T*M)") == "$\\Pi^{\\sharp}$(T*M)");
  CHECK(names.prose("$E = Pi#(T^*M)$ and $Pi# d f$") == "$E = \\Pi^{\\sharp}(T^*M)$ and $\\Pi^{\\sharp} d f$");
  CHECK(names.prose("Leg_* Gamma_L = X_H") == "$\\mathrm{Leg}_*$ $\\Gamma_{L}$ = $X_{H}$");
  CHECK(names.prose("$(Leg^-1)_* X_H$") == "$(\\mathrm{Leg}^{-1})_* X_{H}$");
  CHECK(names.prose("$exp(int_{t1}^t dL/dz)$") == "$\\exp (\\int _{t_{1}}^t dL/dz)$");  // differentials, not words
  // the text report's ∫ and ∂ (contact's energy law after an impact) are the same LaTeX
  CHECK(names.prose("$exp(∫_{t1}^t ∂L/∂z)$") == "$\\exp (\\int_{t_{1}}^t \\partial L/\\partial z)$");
  // a sign glued to a name is the side before or after an impact (mu+, q_dot-); spaced, an operator
  CHECK(names.prose("solutions: q_dot+ = q_dot- (no impact); $mu+ = f(mu-, x-1)$") ==
        "solutions: $\\dot{q}^{+}$ = $\\dot{q}^{-}$ (no impact); $\\mu^{+} = f(\\mu^{-},\\allowbreak  x-1)$");
  // a spaced o between operands is composition; o elsewhere a name
  CHECK(names.prose("($sigma o Delta$ and $J_spin o Delta = J_spin$; $o + x$)") ==
        "($\\sigma \\circ \\Delta$ and $J_{\\mathrm{spin}} \\circ \\Delta = J_{\\mathrm{spin}}$; $o + x$)");
  CHECK(names.prose("$Delta E_L = e^2*m*y_dot^2/2 > 0$") == "$\\Delta E_{L} = e^2\\,m\\,\\dot{y}^2/2 > 0$");
  // braced scripts and negative powers (000's X_{H,F}, 002's g_{k+1} and A_d(q, q)^-1) were escaped
  // text, X\_\{H,F\} and \^{}-1
  CHECK(names.prose("the forced system X_{H,F}, and i_{xi^c} dF") == "the forced system $X_{H,F}$, and $i_{\\xi^c}$ dF");
  CHECK(names.prose("g_{k+1} = g_k w_k") == "$g_{k+1}$ = $g_{k}$ $w_{k}$");
  CHECK(names.prose("A_d(q, q)^-1 and g_0^-1") == "$A_{d}$(q, q)$^{-1}$ and $g_{0}^{-1}$");
  CHECK(names.prose("a set {x_1, x_2} in words") == "a set \\{$x_{1}$, $x_{2}$\\} in words");
}

}  // TEST_SUITE
