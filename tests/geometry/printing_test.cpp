// tests/geometry/printing_test.cpp — geometric objects printed as a paper writes them.
#include <doctest/doctest.h>

#include "geometry/printing.hpp"
#include "examples/chaplygin_geometry.hpp"

TEST_SUITE("geometry") {

TEST_CASE("printing: the Chaplygin frame, Lambda, a bivector and the metric in LaTeX and text") {
  hamel::examples::ChaplyginSphere S;
  // (GiNaC orders the factors of a product by its own rule; the test does not depend on it)
  const std::string y2 = hamel::to_latex(S.Y2);
  INFO(y2);
  CHECK(y2.find("\\partial_{\\theta} + ") == 0);
  CHECK(y2.find("\\sin(\\varphi)") < y2.find("\\,\\partial_{x}"));
  CHECK(y2.find("\\,\\partial_{x} - ") != std::string::npos);
  CHECK(y2.find("\\cos(\\varphi)") > y2.find(" - "));
  CHECK(y2.rfind("\\,\\partial_{y}") == y2.size() - std::string("\\,\\partial_{y}").size());
  const std::string t2 = hamel::to_text(S.Y2);
  CHECK(t2.find("d/dtheta + ") == 0);
  CHECK(t2.find("*d/dx - ") != std::string::npos);
  using hamel::Form;
  const Form L = -S.m * S.R * S.R * sin(S.th) *
                 wedge(wedge(Form::differential(S.Q, 0), Form::differential(S.Q, 1)), Form::differential(S.Q, 2));
  const std::string tex = hamel::to_latex(L);
  INFO(tex);
  CHECK(tex.find("d\\varphi\\wedge d\\theta\\wedge d\\psi") != std::string::npos);
  CHECK(tex.front() == '-');
  const hamel::Multivector P(S.Q, 2, {{{0, 3}, 1}, {{1, 4}, S.R}});
  CHECK(hamel::to_text(P) == "d/dphi^d/dx + R*d/dtheta^d/dy");
  const std::string g = hamel::to_latex(S.G);
  CHECK(g.find("d\\varphi\\,d\\psi") != std::string::npos);  // the cross term 2 I3 cos(theta) dphi dpsi
  CHECK(g.find("dx^{2}") != std::string::npos);
  CHECK(hamel::to_text(Form(S.Q, 1)) == "0");
}

}  // TEST_SUITE
