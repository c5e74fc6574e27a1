// A consumer of the installed library: the Maurer–Cartan equation dλ1 + λ2 ∧ λ3 = 0 of the
// left-invariant forms of 004 (6.6), decided by the zero test. Exit status 0 when it holds.
#include <hamel/core/symbolic.hpp>
#include <hamel/geometry/form.hpp>

#include <iostream>

int main() {
  using namespace hamel;
  const Chart Q = Chart::make("SO3", {"phi", "theta", "psi"});
  const GiNaC::ex th = Q[1], psi = Q[2];
  const Form dphi = Form::differential(Q, 0), dth = Form::differential(Q, 1), dpsi = Form::differential(Q, 2);
  const Form l1 = sin(psi) * sin(th) * dphi + cos(psi) * dth;
  const Form l2 = cos(psi) * sin(th) * dphi - sin(psi) * dth, l3 = cos(th) * dphi + dpsi;
  const ZeroVerdict mc = zero_test(exterior_derivative(l1) + wedge(l2, l3));
#ifdef HAMEL_VERSION  // from the CMake package; pkg-config has `pkg-config --modversion hamel` instead
  std::cout << "hamel " << HAMEL_VERSION << ": ";
#endif
  std::cout << "Maurer-Cartan " << (mc.zero ? "holds" : "fails") << " (" << mc.how() << ")\n";
  return mc.zero ? 0 : 1;
}
