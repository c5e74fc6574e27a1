// reduction/gauge_momenta.cpp
#include "reduction/gauge_momenta.hpp"

#include <algorithm>

#include "brackets/nonholonomic.hpp"
#include "core/error.hpp"
#include "geometry/lifts.hpp"
#include "geometry/linear_algebra.hpp"
#include "reduction/symmetry.hpp"

namespace hamel {

GiNaC::ex momentum_evolution(const NonholonomicSystem& system, const VectorField& Z) {
  require_same_chart(system.chart(), Z.chart(), "momentum_evolution");
  // Z^TQ[L] on TQ, then q̇ = ρ v (a point of D in quasi-velocities)
  const Chart& Q = system.chart();
  const GiNaC::ex zl = tangent_lift(Z)(system.lagrangian());
  const auto qdot = velocities(Q);
  const auto v = system.quasi_velocities();
  GiNaC::exmap on_D;
  for (unsigned i = 0; i < Q.dim(); ++i) {
    GiNaC::ex s = 0;
    for (unsigned a = 0; a < v.size(); ++a) s += system.rho()(i, a) * v[a];
    on_D[qdot[i]] = s;
  }
  return simplify(zl.subs(on_D));
}

FirstIntegralTest theorem_4_3_test(const NonholonomicSystem& system, const VectorField& Z) {
  const Chart& Q = system.chart();
  const auto X = system.frame().distribution();
  const Metric LG = lie_derivative(Z, system.metric());
  FirstIntegralTest t;
  t.isometry_on_D = true;
  std::string how = "symbolic (canonical form)";
  for (std::size_t a = 0; a < X.size() && t.isometry_on_D; ++a)
    for (std::size_t b = a; b < X.size() && t.isometry_on_D; ++b) {
      const ZeroVerdict v = zero_test(inner(LG, X[a], X[b]), Q);
      if (v.method != Decision::Canonical) how = v.how();
      if (!v.zero) {
        t.isometry_on_D = false;
        t.detail = "(L_Z G)(X" + std::to_string(a + 1) + ", X" + std::to_string(b + 1) + ") is not 0 [" + v.how() + "]";
      }
    }
  const ZeroVerdict vz = zero_test(Z(system.potential()), Q);
  t.annihilates_potential = vz.zero;
  if (t.detail.empty()) t.detail = std::string("Z is ") + (t.isometry_on_D ? "" : "not ") + "an isometry on D and Z[V] " +
                                   (vz.zero ? "= 0" : "!= 0") + " [" + how + "]";
  return t;
}

AdaptedBasisTest adapted_basis_test(const NonholonomicSystem& system, const std::vector<std::pair<std::string, VectorField>>& generators,
                                    const std::vector<std::size_t>& gauge) {
  const Chart& Q = system.chart();
  const auto& X = system.frame().distribution();
  const auto& names = system.frame_names();
  AdaptedBasisTest t;
  // equivariance of every field: a gauge momentum's Z_b and the Y_I alike (Definition 5.1, 2.)
  const FrameEquivariance e = frame_equivariance(system, generators);
  t.equivariant = e.verdict.zero;
  t.method = e.verdict.method;
  if (!t.equivariant) {
    const auto named = [&](const auto& g) { return g.first == e.generator; };
    const VectorField c = lie_bracket(std::find_if(generators.begin(), generators.end(), named)->second, X[e.field]);
    std::size_t i = 0;
    while (i + 1 < Q.dim() && zero_test(c[i], Q).zero) ++i;  // the first component that moves
    t.detail = "[" + e.generator + ", " + names[e.field] + "]^" + Q.coordinate_name(i) + " = " + detail::str(simplify(c[i])) +
               " is not 0: " + names[e.field] + " is not equivariant";
  }
  if (!t.equivariant) return t;
  // Z_b tangent to the orbits: adding it to the generators does not raise their generic rank
  GiNaC::matrix xis(static_cast<unsigned>(Q.dim()), static_cast<unsigned>(generators.size()));
  for (unsigned k = 0; k < generators.size(); ++k)
    for (unsigned i = 0; i < Q.dim(); ++i) xis(i, k) = generators[k].second[i];
  const std::size_t orbit_rank = symbolic_rank(xis, Q);
  for (std::size_t b : gauge) {
    GiNaC::matrix with(static_cast<unsigned>(Q.dim()), static_cast<unsigned>(generators.size() + 1));
    for (unsigned i = 0; i < Q.dim(); ++i) {
      for (unsigned k = 0; k < generators.size(); ++k) with(i, k) = xis(i, k);
      with(i, static_cast<unsigned>(generators.size())) = X[b][i];
    }
    if (symbolic_rank(with, Q) == orbit_rank) continue;
    t.in_orbits = false;
    t.detail = names[b] + " is not tangent to the orbits (not a section of S = D ∩ g·q): the generators span " +
               std::to_string(orbit_rank) + " directions, with " + names[b] + " " + std::to_string(orbit_rank + 1);
    return t;
  }
  t.detail = "every frame field commutes with every generator, and " + std::string(gauge.size() == 1 ? "the gauge field is" : "the gauge fields are") +
             " tangent to the orbits [" + (t.method == Decision::NumericProbing ? "numeric probing" : "symbolic (canonical form)") + "]";
  return t;
}

GaugeMomentumTest theorem_5_3_test(const NonholonomicSystem& system, std::size_t b) {
  const std::size_t r = system.rank();
  if (b >= r)
    throw InvalidArgument(detail::message("theorem_5_3_test", "frame index out of range",
                                          "an index < " + std::to_string(r), std::to_string(b)));
  const Tensor3& C = system.structure_lowered();
  GaugeMomentumTest t;
  bool probed = false;
  for (std::size_t a = 0; a < r; ++a)
    for (std::size_t c = a; c < r; ++c) {
      const ZeroVerdict v = zero_test(C(b, a, c) + C(b, c, a), system.chart());
      probed = probed || v.method == Decision::NumericProbing;
      if (!v.zero) {
        t.passed = false;
        t.detail = "C_" + std::to_string(b + 1) + std::to_string(a + 1) + std::to_string(c + 1) + " + C_" +
                   std::to_string(b + 1) + std::to_string(c + 1) + std::to_string(a + 1) + " = " +
                   detail::str(simplify(C(b, a, c) + C(b, c, a))) + " is not 0 [" + v.how() + "]";
        return t;
      }
    }
  t.detail = "C_" + std::to_string(b + 1) + "ab = -C_" + std::to_string(b + 1) + "ba for all a, b [" +
             (probed ? "numeric probing" : "symbolic (canonical form)") + "]";
  return t;
}

Form lemma_5_4_three_form(const NonholonomicSystem& system, const std::vector<std::size_t>& gauge,
                          const std::optional<Tensor3>& b_ijk) {
  const std::size_t r = system.rank();
  for (std::size_t b : gauge) {
    const auto t = theorem_5_3_test(system, b);
    if (!t.passed)
      throw DomainError(detail::message("lemma_5_4_three_form",
                                        "frame field " + system.frame_names().at(b) +
                                            " does not generate a gauge momentum (Theorem 5.3)",
                                        "C_" + std::to_string(b + 1) + "ab = -C_" + std::to_string(b + 1) + "ba for all a, b", t.detail));
  }
  const auto is_gauge = [&](std::size_t a) { return std::find(gauge.begin(), gauge.end(), a) != gauge.end(); };
  const Tensor3& C = system.structure_lowered();
  Tensor3 B(r);
  // B_bβγ = C_bβγ for a gauge index b in any slot (alternating extension, (5.4)).
  for (std::size_t a = 0; a < r; ++a)
    for (std::size_t b = a + 1; b < r; ++b)
      for (std::size_t c = b + 1; c < r; ++c) {
        GiNaC::ex v = 0;
        if (is_gauge(a))
          v = C(a, b, c);
        else if (is_gauge(b))
          v = -C(b, a, c);
        else if (is_gauge(c))
          v = C(c, a, b);
        else if (b_ijk)
          v = (*b_ijk)(a, b, c);
        B(a, b, c) = v;
      }
  return three_form_from_coefficients(system, B);
}

}  // namespace hamel
