// brackets/casimir.cpp
#include "brackets/casimir.hpp"

#include "core/error.hpp"
#include "geometry/distribution.hpp"

namespace hamel {

VectorField lift_to_dual(const NonholonomicSystem& system, const VectorField& xi) {
  require_same_chart(system.chart(), xi.chart(), "lift_to_dual");
  const Frame& F = system.frame();
  const std::size_t n = system.chart().dim(), r = F.rank();
  const auto p = system.momenta();
  std::vector<GiNaC::ex> c(n + r, 0);
  for (std::size_t i = 0; i < n; ++i) c[i] = xi[i];
  for (std::size_t a = 0; a < r; ++a) {
    const VectorField br = lie_bracket(xi, F[a]);
    for (std::size_t b = 0; b < r; ++b) c[n + a] += p[b] * evaluate(F.coframe(b), {br});
    c[n + a] = simplify(c[n + a]);
  }
  return VectorField(system.dual_chart(), c);
}

CasimirVerdict casimir_check(const AlmostPoissonBracket& bracket, const GiNaC::ex& f,
                             const std::vector<VectorField>& group_generators) {
  if (group_generators.empty())
    throw InvalidArgument(detail::message("casimir_check", "no group generators", "at least one", "none"));
  const VectorField Xf = simplify(hamiltonian_vector_field(bracket, f));
  CasimirVerdict v{false, Xf, ""};
  const ZeroVerdict z = zero_test(Xf);
  if (z.zero) {
    v.casimir = true;
    v.detail = "$Π^# d f = 0$: a Casimir of the bracket itself [" + z.how() + "]";
    return v;
  }
  const Distribution orbits(group_generators);
  v.casimir = contains(orbits, Xf);
  v.detail = v.casimir ? "$Π^# d f$ is tangent to the group orbits (symbolic rank)"
                       : "$Π^# d f$ is not tangent to the group orbits (symbolic rank)";
  return v;
}

}  // namespace hamel
