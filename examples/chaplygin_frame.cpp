// examples/chaplygin_frame.cpp — the geometry layer on the Chaplygin sphere of 004 §6:
// the frame (6.4), its structure coefficients C_αβγ (6.5), G⁻¹ (6.7), and the left-invariant
// forms of SO(3) (6.6) with the volume form λ¹∧λ²∧λ³ = −sinθ dφ∧dθ∧dψ.  Printed as text and LaTeX.
#include <iostream>

#include "core/latex.hpp"
#include "examples/chaplygin_geometry.hpp"
#include "geometry/form.hpp"
#include "geometry/frame.hpp"
#include "geometry/linear_algebra.hpp"
#include "geometry/printing.hpp"

int main() {
  using namespace hamel;
  const examples::ChaplyginSphere S;
  const Chart& Q = S.Q;
  const GiNaC::ex th = S.th, psi = S.psi;
  const Frame F = Frame::with_coordinate_complement({S.Z1, S.Y2, S.Y3}, {3, 4});  // W = span{∂x, ∂y}
  const Metric& G = S.G;

  std::cout << "Chaplygin sphere on " << Q.describe() << "\n\nframe (6.4):\n";
  const char* names[] = {"Z1", "Y2", "Y3"};
  for (std::size_t a = 0; a < 3; ++a) std::cout << "  " << names[a] << " = " << to_text(F[a]) << "    $" << to_latex(F[a]) << "$\n";
  std::cout << "\nC_abc = <[X_a, X_b], X_c>  (004 (6.5)):\n";  const Tensor3 C = lowered_structure(F, G);
  for (std::size_t a = 0; a < 3; ++a)
    for (std::size_t b = a + 1; b < 3; ++b)
      for (std::size_t c = 0; c < 3; ++c)
        if (!C(a, b, c).is_zero())
          std::cout << "  C_" << a + 1 << b + 1 << c + 1 << " = " << to_text(C(a, b, c)) << "    $"
                    << to_latex(C(a, b, c)) << "$\n";

  const GiNaC::matrix Ginv = inverse(restrict(G, F.distribution()), Q);
  std::cout << "\nG^{-1} (004 (6.7), with mR^2):\n";
  for (unsigned i = 0; i < 3; ++i)
    for (unsigned j = i; j < 3; ++j)
      std::cout << "  G^" << i + 1 << j + 1 << " = " << to_text(Ginv(i, j)) << "\n";

  const Form dphi = Form::differential(Q, 0), dth = Form::differential(Q, 1), dpsi = Form::differential(Q, 2);
  const Form l1 = sin(psi) * sin(th) * dphi + cos(psi) * dth;
  const Form l2 = cos(psi) * sin(th) * dphi - sin(psi) * dth;
  const Form l3 = cos(th) * dphi + dpsi;
  const ZeroVerdict mc = zero_test(exterior_derivative(l1) + wedge(l2, l3));
  std::cout << "\nMaurer-Cartan: d(lambda1) = -lambda2^lambda3: " << (mc.zero ? "holds" : "FAILS") << " ["
            << mc.how() << "]\n";
  const Form vol = simplify(wedge(wedge(l1, l2), l3));
  std::cout << "lambda1^lambda2^lambda3 = " << to_text(vol.component({0, 1, 2}))
            << " dphi^dtheta^dpsi    $" << to_latex(vol.component({0, 1, 2}))
            << "\\, d\\varphi\\wedge d\\theta\\wedge d\\psi$\n";
  return mc.zero ? 0 : 1;
}
