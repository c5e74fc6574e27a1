// brackets/jacobi.cpp
#include "brackets/jacobi.hpp"

namespace hamel {

GiNaC::ex jacobiator(const AlmostPoissonBracket& B, const GiNaC::ex& f, const GiNaC::ex& g,
                     const GiNaC::ex& h) {
  return B(f, B(g, h)) + B(g, B(h, f)) + B(h, B(f, g));
}

Multivector jacobi_trivector(const AlmostPoissonBracket& B) {
  return schouten_bracket(B.bivector(), B.bivector());
}

PoissonVerdict is_poisson(const AlmostPoissonBracket& B) {
  const Multivector J = jacobi_trivector(B);
  PoissonVerdict v;
  int canonical = 0, probed = 0;
  ProbeSpace space = B.chart().probe_space();
  space.witness = false;  // a nonzero component is reported by its value, not by a point
  for (const auto& kv : J.components()) {
    const ZeroVerdict z = zero_test(kv.second, space);
    (z.method == Decision::Canonical ? canonical : probed)++;
    if (z.undecided) ++v.undecided;
    else if (!z.zero) v.nonzero.emplace_back(kv.first, simplify(kv.second));
  }
  v.poisson = v.nonzero.empty() && v.undecided == 0;
  v.detail = std::to_string(J.components().size()) + " candidate components of [Pi,Pi]: " +
             std::to_string(canonical) + " decided by the canonical form, " + std::to_string(probed) +
             " by numeric probing; " + std::to_string(v.nonzero.size()) + " nonzero" +
             (v.undecided ? ", " + std::to_string(v.undecided) + " undecided" : "");
  return v;
}

}  // namespace hamel
