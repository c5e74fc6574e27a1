// reduction/discrete/horizontal_symmetry.cpp
#include "reduction/discrete/horizontal_symmetry.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"
#include "mechanics/discrete/invariance.hpp"
#include "mechanics/discrete/rescaled_zero_test.hpp"

namespace hamel {

using GiNaC::ex;

HorizontalSymmetryTest horizontal_symmetry_test(const DiscreteSystem& S, const TrivialBundle& B,
                                                const std::vector<std::size_t>& subgroup) {
  const Chart& Q = S.chart();
  const std::size_t k = B.group().dim();
  HorizontalSymmetryTest t;
  const auto gens = B.generators();
  if (S.variational().empty()) {
    for (std::size_t a = 0; a < k; ++a) {
      std::vector<ex> e(k, 0);
      e[a] = 1;
      t.algebra.push_back(e);
    }
  } else {
    GiNaC::matrix K(static_cast<unsigned>(S.variational().size()), static_cast<unsigned>(k));
    for (unsigned a = 0; a < S.variational().size(); ++a)
      for (unsigned i = 0; i < k; ++i) K(a, i) = evaluate(S.variational()[a], {gens[i]});
    const GiNaC::matrix N = nullspace(K, Q, PivotOrder::Simplest);
    for (unsigned c = 0; c < N.cols(); ++c) {
      std::vector<ex> v;
      for (unsigned i = 0; i < k; ++i) v.push_back(simplify(N(i, c)));
      t.algebra.push_back(v);
    }
  }
  std::string shown;
  for (const auto& v : t.algebra) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ", ") + detail::str(x);
    shown += (shown.empty() ? "" : ", ") + ("(" + s + ")");
  }
  shown = "$g^D_q = span{" + shown + "}$";  // prose: its math marked
  if (t.algebra.size() != subgroup.size()) {
    t.detail = shown + " has dimension " + std::to_string(t.algebra.size()) + ", $h$ has " + std::to_string(subgroup.size());
    return t;
  }
  // every basis vector constant and inside h; together spanning h
  GiNaC::matrix sub(static_cast<unsigned>(t.algebra.size()), static_cast<unsigned>(subgroup.size()));
  for (std::size_t c = 0; c < t.algebra.size(); ++c) {
    for (std::size_t i = 0; i < k; ++i) {
      const bool inside = std::find(subgroup.begin(), subgroup.end(), i) != subgroup.end();
      if (!inside && !rescaled_zero_test(t.algebra[c][i], Q).zero) {
        t.detail = shown + " is not contained in $h$";
        return t;
      }
    }
    for (std::size_t j = 0; j < subgroup.size(); ++j) sub(static_cast<unsigned>(c), static_cast<unsigned>(j)) = t.algebra[c][subgroup[j]];
  }
  // D ∩ V = h_Q needs g^D_q = h at every q: the span is h iff the square block is invertible
  const ZeroVerdict det = rescaled_zero_test(sub.determinant(), Q);
  if (det.zero) {
    t.detail = shown + " does not span $h$";
    return t;
  }
  t.horizontal = true;
  t.detail = shown + " $= h$ (53)";
  return t;
}

TrivialBundle subgroup_bundle(const TrivialBundle& B, const std::vector<std::size_t>& subgroup) {
  std::vector<std::size_t> coords;
  for (auto j : subgroup) {
    HAMEL_CHECK(j < B.group().dim(), InvalidArgument, "subgroup_bundle", "subgroup index out of range",
                "< " + std::to_string(B.group().dim()), std::to_string(j));
    coords.push_back(B.group_indices()[j]);
  }
  return TrivialBundle(B.chart(), B.group().subgroup(subgroup), coords);
}

std::vector<ex> momentum_map(const DiscreteSystem& S, const TrivialBundle& B) {
  const Chart& Q = S.chart();
  std::vector<ex> J;
  for (std::size_t a = 0; a < B.group().dim(); ++a) {
    std::vector<ex> e(B.group().dim(), 0);
    e[a] = 1;
    J.push_back(-dot(d1(S.lagrangian(), Q), B.generator(e, slot(Q, 0))));
  }
  return J;
}

ZeroVerdict lemma_11_4(const DiscreteSystem& S, const TrivialBundle& B) {
  const LieGroup& G = B.group();
  const auto h = generic_element(G, "h");
  const auto J = momentum_map(S, B);
  const GiNaC::matrix Ad = adjoint(G, G.inverse(h));  // Ad*_{h⁻¹} J = J ∘ Ad_{h⁻¹}
  ZeroVerdict v;
  v.zero = true;
  for (std::size_t j = 0; j < J.size(); ++j) {
    ex rhs = 0;
    for (std::size_t i = 0; i < J.size(); ++i) rhs += J[i] * Ad(static_cast<unsigned>(i), static_cast<unsigned>(j));
    v = rescaled_zero_test(act_on_pair(J[j], B, h, h) - rhs, S.triple());
    if (!v.zero) return v;
  }
  return v;
}

ZeroVerdict h_regularity(const DiscreteSystem& S, const TrivialBundle& B) {
  const Chart& Q = S.chart();
  const auto s0 = slot(Q, 0), s1 = slot(Q, 1);
  const std::size_t k = B.group().dim();
  GiNaC::matrix M(static_cast<unsigned>(k), static_cast<unsigned>(k));
  for (unsigned a = 0; a < k; ++a)
    for (unsigned b = 0; b < k; ++b) {
      std::vector<ex> ea(k, 0), eb(k, 0);
      ea[a] = 1;
      eb[b] = 1;
      const auto u = B.generator(ea, s0), v = B.generator(eb, s1);
      ex s = 0;
      for (std::size_t i = 0; i < Q.dim(); ++i)
        for (std::size_t j = 0; j < Q.dim(); ++j)
          s += u[i] * S.lagrangian().diff(GiNaC::ex_to<GiNaC::symbol>(s0[i])).diff(GiNaC::ex_to<GiNaC::symbol>(s1[j])) * v[j];
      M(a, b) = s;
    }
  return rescaled_zero_test(M.determinant(), S.triple());
}

MomentumConnection momentum_connection(const DiscreteSystem& S, const TrivialBundle& B, const std::vector<ex>& mu) {
  const LieGroup& G = B.group();
  const Chart& Q = S.chart();
  HAMEL_CHECK(mu.size() == G.dim(), InvalidArgument, "momentum_connection", "mu has the wrong number of components",
              std::to_string(G.dim()), std::to_string(mu.size()));
  const auto J = momentum_map(S, B);
  const auto b = generic_element(G, "beta");
  const auto moved = B.act(b, slot(Q, 1));
  const GiNaC::exmap m = slot_values(Q, 1, moved);
  GiNaC::lst eqs, vars;
  for (std::size_t j = 0; j < J.size(); ++j) {
    const ex e = (J[j].subs(m) - mu[j]).expand();
    for (const auto& s : b)
      if (e.degree(s) > 1 || e.ldegree(s) < 0)
        throw DomainError(detail::message("momentum_connection", "J_nh(q0, l_beta q1) is not linear in beta",
                                          "an equation J_nh(q0, l_beta q1) = mu solvable for beta", detail::str(e)));
    eqs.append(e == 0);
  }
  for (const auto& s : b) vars.append(s);
  const ex sol = GiNaC::lsolve(eqs, vars);
  if (sol.nops() != b.size())
    throw DomainError(detail::message("momentum_connection", "H is not mu-good", "a unique beta with J_nh(q0, l_beta q1) = mu (Def 11.10)",
                                      "no unique solution"));
  GroupElement beta;
  for (std::size_t i = 0; i < b.size(); ++i) {
    const ex v = sol.op(i).rhs();
    for (const auto& s : b)
      if (v.has(s))
        throw DomainError(detail::message("momentum_connection", "H is not mu-good", "a unique beta (Def 11.10)", "a free parameter"));
    beta.push_back(simplify(v));
  }
  // Ad*_h μ = μ
  const auto h = generic_element(G, "h");
  const GiNaC::matrix Ad = adjoint(G, h);
  ZeroVerdict inv;
  inv.zero = true;
  for (std::size_t j = 0; j < mu.size(); ++j) {
    ex s = 0;
    for (std::size_t i = 0; i < mu.size(); ++i) s += mu[i] * Ad(static_cast<unsigned>(i), static_cast<unsigned>(j));
    inv = rescaled_zero_test(s - mu[j], Q);
    if (!inv.zero) break;
  }
  return {DiscreteConnection(B, G.inverse(beta)), beta, inv};
}

}  // namespace hamel
