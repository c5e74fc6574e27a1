// tests/geometry/printing_test.cpp — geometric objects printed as a paper writes them.
#include <doctest/doctest.h>

#include "geometry/printing.hpp"
#include "examples/chaplygin_geometry.hpp"

TEST_SUITE("geometry") {

TEST_CASE("printing: the Chaplygin frame, Lambda, a bivector and the metric in LaTeX and text") {
  hamel::examples::ChaplyginSphere S;
  // Factors in Hamel's printing order (symbols by name, then functions): R \sin\varphi, the same in every run.
  const std::string y2 = hamel::to_latex(S.Y2);
  CHECK(y2 == "\\partial_{\\theta} + R \\sin\\varphi\\,\\partial_{x} - R \\cos\\varphi\\,\\partial_{y}");
  const std::string t2 = hamel::to_text(S.Y2);
  CHECK(t2 == "d/dtheta + R*sin(phi)*d/dx - R*cos(phi)*d/dy");
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
