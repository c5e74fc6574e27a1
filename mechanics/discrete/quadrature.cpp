// mechanics/discrete/quadrature.cpp
#include "mechanics/discrete/quadrature.hpp"

#include "core/error.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

namespace {

// (q, q_dot) ↦ (q_α, (q1 − q0)/h) as a substitution on tangent_bundle(Q).
GiNaC::exmap at_point(const Chart& Q, const GiNaC::ex& alpha, const GiNaC::ex& h) {
  const auto s0 = slot(Q, 0), s1 = slot(Q, 1);
  const auto v = velocities(Q);
  GiNaC::exmap m;
  for (std::size_t i = 0; i < Q.dim(); ++i) {
    m[Q[i]] = (1 - alpha) * s0[i] + alpha * s1[i];
    m[v[i]] = (s1[i] - s0[i]) / h;
  }
  return m;
}

}  // namespace

std::string to_string(QuadratureRule rule) { return rule == QuadratureRule::Midpoint ? "midpoint" : "trapezoidal"; }

GiNaC::ex discrete_lagrangian(const GiNaC::ex& L, const Chart& Q, QuadratureRule rule, const GiNaC::ex& h,
                              const GiNaC::ex& alpha) {
  if (rule == QuadratureRule::Midpoint) return (h * L.subs(at_point(Q, alpha, h))).expand();
  return (h / 2 * (L.subs(at_point(Q, 0, h)) + L.subs(at_point(Q, 1, h)))).expand();
}

std::vector<GiNaC::ex> discrete_constraints(const std::vector<Form>& omega, const Chart& Q, QuadratureRule rule,
                                            const GiNaC::ex& alpha) {
  const auto s0 = slot(Q, 0), s1 = slot(Q, 1);
  std::vector<GiNaC::ex> out;
  for (const auto& w : omega) {
    require_same_chart(Q, w.chart(), "discrete_constraints");
    GiNaC::ex c = 0;
    for (unsigned i = 0; i < Q.dim(); ++i) {
      const GiNaC::ex a = w.component({i});
      GiNaC::ex ai;
      if (rule == QuadratureRule::Midpoint) {
        GiNaC::exmap m;
        for (std::size_t j = 0; j < Q.dim(); ++j) m[Q[j]] = (1 - alpha) * s0[j] + alpha * s1[j];
        ai = a.subs(m);
      } else {
        ai = (at_slot(a, Q, 0) + at_slot(a, Q, 1)) / 2;
      }
      c += ai * (s1[i] - s0[i]);
    }
    out.push_back(c);
  }
  return out;
}

DiscreteForces discrete_forces(const std::vector<GiNaC::ex>& F, const Chart& Q, QuadratureRule rule, const GiNaC::ex& h,
                               const GiNaC::ex& alpha) {
  HAMEL_CHECK(F.size() == Q.dim(), InvalidArgument, "discrete_forces", "wrong number of force components",
              std::to_string(Q.dim()), std::to_string(F.size()));
  DiscreteForces out;
  for (const auto& f : F) {
    if (rule == QuadratureRule::Midpoint) {
      const GiNaC::ex v = h / 2 * f.subs(at_point(Q, alpha, h));
      out.minus.push_back(v);
      out.plus.push_back(v);
    } else {
      out.minus.push_back(h / 2 * f.subs(at_point(Q, 0, h)));
      out.plus.push_back(h / 2 * f.subs(at_point(Q, 1, h)));
    }
  }
  return out;
}

DiscreteSystem discretize(const Chart& Q, const GiNaC::ex& L, const std::vector<GiNaC::ex>& constraints,
                          QuadratureRule rule, const GiNaC::ex& h, const GiNaC::ex& alpha) {
  const MechanicalParts parts = mechanical_parts(L, Q);
  std::vector<Form> omega;
  for (const auto& c : constraints) omega.push_back(constraint_form(c, Q));
  DiscreteSpec spec{Q, h, discrete_lagrangian(L, Q, rule, h, alpha), omega,
                    discrete_constraints(omega, Q, rule, alpha), {}, {},
                    ContinuousData{L, parts.metric, parts.potential, constraints, {}}};
  return DiscreteSystem(spec);
}

}  // namespace hamel
