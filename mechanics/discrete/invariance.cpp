// mechanics/discrete/invariance.cpp
#include "mechanics/discrete/invariance.hpp"

#include "mechanics/discrete/rescaled_zero_test.hpp"

namespace hamel {

using GiNaC::ex;

ex act_on_pair(const ex& f, const TrivialBundle& B, const GroupElement& h0, const GroupElement& h1) {
  const Chart& Q = B.chart();
  const auto s0 = slot(Q, 0), s1 = slot(Q, 1);
  const auto m0 = B.act(h0, s0), m1 = B.act(h1, s1);
  GiNaC::exmap m;
  for (std::size_t i = 0; i < Q.dim(); ++i) {
    m[s0[i]] = m0[i];
    m[s1[i]] = m1[i];
  }
  return f.subs(m);
}

ZeroVerdict lagrangian_invariance(const DiscreteSystem& S, const TrivialBundle& B) {
  const auto h = generic_element(B.group(), "h");
  return rescaled_all_zero({act_on_pair(S.lagrangian(), B, h, h) - S.lagrangian()}, S.triple());
}

ZeroVerdict variational_invariance(const DiscreteSystem& S, const TrivialBundle& B) {
  const Chart& Q = S.chart();
  const auto h = generic_element(B.group(), "h");
  const auto q = Q.coordinates();
  const auto moved = B.act(h, q);
  GiNaC::exmap at_moved;
  for (std::size_t i = 0; i < Q.dim(); ++i) at_moved[q[i]] = moved[i];
  std::vector<ex> checks;
  for (const auto& X : S.d_basis()) {
    const auto v = B.push_forward(h, q, X.components());
    for (const auto& w : S.variational()) {
      ex s = 0;
      for (unsigned i = 0; i < Q.dim(); ++i) s += w.component({i}).subs(at_moved) * v[i];
      checks.push_back(s);
    }
  }
  return rescaled_all_zero(checks, Q);
}

ZeroVerdict kinematic_invariance(const DiscreteSystem& S, const TrivialBundle& B) {
  const auto h = generic_element(B.group(), "h");
  std::vector<ex> checks;
  for (const auto& phi : S.kinematic()) checks.push_back(act_on_pair(phi, B, h, h) - phi);
  return rescaled_all_zero(checks, S.triple());
}

ZeroVerdict force_equivariance(const DiscreteSystem& S, const TrivialBundle& B) {
  if (!S.forced()) {
    ZeroVerdict v;
    v.zero = true;
    v.detail = "no forces";
    return v;
  }
  const Chart& Q = S.chart();
  const auto h = generic_element(B.group(), "h");
  std::vector<ex> checks;
  for (std::size_t k = 0; k < 2; ++k) {
    const auto f = k == 0 ? S.force_minus() : S.force_plus();
    const auto q = slot(Q, k);
    for (std::size_t j = 0; j < Q.dim(); ++j) {  // pair with each coordinate vector at q_k
      std::vector<ex> e(Q.dim(), 0);
      e[j] = 1;
      const auto v = B.push_forward(h, q, e);
      ex moved = 0;
      for (std::size_t i = 0; i < Q.dim(); ++i) moved += act_on_pair(f[i], B, h, h) * v[i];
      checks.push_back(moved - f[j]);
    }
  }
  return rescaled_all_zero(checks, S.triple());
}

}  // namespace hamel
