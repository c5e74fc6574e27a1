// examples/readme_example.cpp — the API taste shown in README.md, built and run so it cannot rot.
#include <iostream>

#include "core/latex.hpp"
#include "geometry/form.hpp"

int main() {
  using namespace hamel;
  // --- README snippet begins
  const Chart Q = Chart::make("SO3", {"phi", "theta", "psi"});
  const GiNaC::ex phi = Q[0], th = Q[1], psi = Q[2];
  const Form dphi = Form::differential(Q, 0), dth = Form::differential(Q, 1), dpsi = Form::differential(Q, 2);
  const Form l1 = sin(psi) * sin(th) * dphi + cos(psi) * dth;  // left-invariant forms (004 (6.6))
  const Form l2 = cos(psi) * sin(th) * dphi - sin(psi) * dth, l3 = cos(th) * dphi + dpsi;
  const ZeroVerdict mc = zero_test(exterior_derivative(l1) + wedge(l2, l3));  // Maurer–Cartan
  std::cout << mc.zero << "  " << mc.how() << "\n";  // 1  symbolic (canonical form), ...
  const Form vol = wedge(wedge(l1, l2), l3);
  std::cout << to_latex(simplify(vol.component({0, 1, 2}))) << "\n";  // -\sin\theta
  // --- README snippet ends
  return mc.zero ? 0 : 1;
}
