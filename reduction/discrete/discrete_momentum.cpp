// reduction/discrete/discrete_momentum.cpp
#include "reduction/discrete/discrete_momentum.hpp"

#include "geometry/form.hpp"
#include "geometry/linear_algebra.hpp"
#include "mechanics/discrete/lagrange_dalembert.hpp"
#include "mechanics/discrete/rescaled_zero_test.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

std::vector<ex> at(const std::vector<ex>& v, const Chart& Q, std::size_t k) {
  std::vector<ex> out;
  for (const auto& x : v) out.push_back(at_slot(x, Q, k));
  return out;
}

// J^ξ̃ without the sign bookkeeping: −D_1 L_d(q0, q1)(ξ̃(q0)_Q(q0)) for any Lagrangian f.
ex momentum_of(const ex& f, const TrivialBundle& B, const Section& xi) {
  const Chart& Q = B.chart();
  return -dot(d1(f, Q), B.generator(at(xi, Q, 0), slot(Q, 0)));
}

}  // namespace

ex discrete_momentum(const DiscreteSystem& S, const TrivialBundle& B, const Section& xi) {
  return momentum_of(S.lagrangian(), B, xi);
}

std::vector<Section> vertical_sections(const TrivialBundle& B, const NonholonomicConnection& nh) {
  const GiNaC::matrix Ad = adjoint(B.group(), B.group_part(B.chart().coordinates()));
  std::vector<Section> out;
  for (const auto& eta : nh.vertical) out.push_back(matrix_times(Ad, eta));
  return out;
}

SectionInGD section_in_gD(const DiscreteSystem& S, const TrivialBundle& B, const Section& xi) {
  const Chart& Q = S.chart();
  const VectorField xi_Q(Q, B.generator(xi, Q.coordinates()));
  SectionInGD out;
  out.verdict.zero = true;
  out.verdict.detail = "$D = TQ$: every section takes values in $g^D = g$";
  for (std::size_t a = 0; a < S.variational().size(); ++a) {
    const ex value = evaluate(S.variational()[a], {xi_Q});
    out.verdict = zero_test(value, Q);
    if (out.verdict.zero) continue;
    out.failing = "omega^" + std::to_string(a + 1) + "(xi_Q)";
    out.value = simplify(value);
    return out;
  }
  return out;
}

ZeroVerdict lemma_8_2(const DiscreteSystem& S, const TrivialBundle& B) {
  const Chart& Q = S.chart();
  ZeroVerdict v;
  v.zero = true;
  for (std::size_t a = 0; a < B.group().dim(); ++a) {
    std::vector<ex> xi(B.group().dim(), 0);
    xi[a] = 1;
    const ex e = dot(d1(S.lagrangian(), Q), B.generator(xi, slot(Q, 0))) + dot(d2(S.lagrangian(), Q), B.generator(xi, slot(Q, 1)));
    v = rescaled_zero_test(e, S.triple());
    if (!v.zero) return v;
  }
  return v;
}

MomentumEvolution momentum_evolution(const DiscreteSystem& S, const TrivialBundle& B, const Section& xi) {
  const Chart& Q = S.chart();
  MomentumEvolution out;
  const ex J01 = discrete_momentum(S, B, xi);
  out.lhs = shifted(J01, Q) - J01;
  std::vector<ex> diff;
  const auto x1 = at(xi, Q, 1), x0 = at(xi, Q, 0);
  for (std::size_t i = 0; i < xi.size(); ++i) diff.push_back(x1[i] - x0[i]);
  out.rhs = dot(d2(S.lagrangian(), Q), B.generator(diff, slot(Q, 1)));
  const auto E = momentum_balance(S, false);
  const ex pairing = dot(E, B.generator(x1, slot(Q, 1)));
  out.identity = rescaled_zero_test(out.lhs - out.rhs + pairing, S.triple());
  // C^∞(Q)-linearity: replace ξ̃ by f ξ̃ with f = 1 + (first coordinate)^2
  const ex f = 1 + pow(Q[0], 2);
  Section fxi;
  for (const auto& c : xi) fxi.push_back(f * c);
  const ex Jf = discrete_momentum(S, B, fxi);
  std::vector<ex> fdiff;
  const auto f1 = at(fxi, Q, 1), f0 = at(fxi, Q, 0);
  for (std::size_t i = 0; i < xi.size(); ++i) fdiff.push_back(f1[i] - f0[i]);
  const ex lhs_f = shifted(Jf, Q) - Jf, rhs_f = dot(d2(S.lagrangian(), Q), B.generator(fdiff, slot(Q, 1)));
  out.linearity = rescaled_zero_test((lhs_f - rhs_f) - at_slot(f, Q, 1) * (out.lhs - out.rhs), S.triple());
  return out;
}

}  // namespace hamel
