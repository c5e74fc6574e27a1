// mechanics/discrete/invariance.cpp
#include "mechanics/discrete/invariance.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"
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

namespace {

ZeroVerdict undecided(const std::string& why) {
  ZeroVerdict v;
  v.undecided = true;
  v.detail = why;
  return v;
}

// The unknowns in which every φ^b is affine with coefficients free of the unknowns kept: one dropped
// at a time, the first whose coefficient involves another, until none does.
std::vector<GiNaC::ex> affine_unknowns(const std::vector<ex>& phi, std::vector<ex> u) {
  // first those in which φ is not affine at all (θ1 in sin((θ0 + θ1)/2)(x1 − x0)), so that they do not
  // take the affine ones with them
  const auto affine_in = [&](const ex& x) {
    return std::none_of(phi.begin(), phi.end(), [&](const ex& f) { return f.diff(GiNaC::ex_to<GiNaC::symbol>(x)).expand().has(x); });
  };
  u.erase(std::remove_if(u.begin(), u.end(), [&](const ex& x) { return !affine_in(x); }), u.end());
  const auto involves_kept = [&](const ex& c) { return std::any_of(u.begin(), u.end(), [&](const ex& x) { return c.has(x); }); };
  for (std::size_t i = 0; i < u.size();) {
    const bool affine = std::none_of(phi.begin(), phi.end(), [&](const ex& f) {
      return involves_kept(f.diff(GiNaC::ex_to<GiNaC::symbol>(u[i])).expand());
    });
    if (affine) {
      ++i;
    } else {
      u.erase(u.begin() + static_cast<std::ptrdiff_t>(i));
      i = 0;  // a coefficient may have involved the one dropped
    }
  }
  return u;
}

}  // namespace

ZeroVerdict vanishes_on_constraint(const std::vector<ex>& f, const std::vector<ex>& phi, const std::vector<ex>& unknowns,
                                   const Chart& chart) {
  const std::vector<ex> u = affine_unknowns(phi, unknowns);
  const auto m = static_cast<unsigned>(phi.size());
  GiNaC::matrix A(m, static_cast<unsigned>(u.size()));
  for (unsigned b = 0; b < m; ++b)
    for (unsigned i = 0; i < u.size(); ++i) A(b, i) = phi[b].diff(GiNaC::ex_to<GiNaC::symbol>(u[i])).expand();
  const Echelon e = row_echelon(A, chart, PivotOrder::Simplest);
  if (e.rank() < m)
    return undecided("the constraints cannot be solved for " + std::to_string(m) + " of the unknowns in which they are affine (" +
                     std::to_string(e.rank()) + " found)");
  // φ = A_u u + c in the pivot unknowns u; on the set u* = −A_u⁻¹ c
  GiNaC::matrix Au(m, m), c(m, 1);
  GiNaC::exmap none;
  for (unsigned j = 0; j < m; ++j) none[u[e.pivot_columns[j]]] = 0;
  for (unsigned b = 0; b < m; ++b) {
    c(b, 0) = phi[b].subs(none);
    for (unsigned j = 0; j < m; ++j) Au(b, j) = A(b, e.pivot_columns[j]);
  }
  const GiNaC::matrix star = inverse(Au, chart, "vanishes_on_constraint").mul(c).mul_scalar(-1);
  GiNaC::exmap on_set;
  for (unsigned j = 0; j < m; ++j) on_set[u[e.pivot_columns[j]]] = star(j, 0);
  std::vector<ex> checks;
  for (const auto& g : f) checks.push_back(g.subs(on_set));
  ZeroVerdict v = rescaled_all_zero(checks, chart);
  std::string solved;
  for (unsigned j = 0; j < m; ++j) solved += (solved.empty() ? "" : ", ") + detail::str(u[e.pivot_columns[j]]);
  v.detail = (v.detail.empty() ? "" : v.detail + "; ") + "on the set, solved for " + solved;
  return v;
}

ZeroVerdict kinematic_set_invariance(const DiscreteSystem& S, const TrivialBundle& B) {
  const ZeroVerdict functions = kinematic_invariance(S, B);
  if (functions.zero || functions.undecided) return functions;
  const auto h = generic_element(B.group(), "h");
  std::vector<ex> moved;
  for (const auto& phi : S.kinematic()) moved.push_back(act_on_pair(phi, B, h, h));
  ZeroVerdict v = vanishes_on_constraint(moved, S.kinematic(), slot(S.chart(), 1), S.triple());
  v.detail = "the defining functions are not invariant (" + functions.how() + "); on the set D_d itself: " + v.detail;
  return v;
}

std::vector<std::size_t> translation_invariant_coordinates(const std::vector<ex>& residual, const Chart& Q) {
  const GiNaC::realsymbol t("t_shift");
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < Q.dim(); ++i) {
    GiNaC::exmap moved;
    for (std::size_t k = 0; k < 3; ++k) moved[slot(Q, k)[i]] = slot(Q, k)[i] + t;
    std::vector<ex> checks;
    for (const auto& f : residual) checks.push_back(f.subs(moved) - f);
    try {
      if (rescaled_all_zero(checks, triple_chart(Q)).zero) out.push_back(i);
    } catch (const std::domain_error&) {  // no value at a probe point (an overflow): not known invariant, left absolute
    }
  }
  return out;
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
