// reduction/discrete/chaplygin.cpp
#include "reduction/discrete/chaplygin.hpp"

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"
#include "mechanics/discrete/lagrange_dalembert.hpp"
#include "mechanics/discrete/rescaled_zero_test.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

std::vector<ex> subs_all(const std::vector<ex>& v, const GiNaC::exmap& m) {
  std::vector<ex> out;
  for (const auto& x : v) out.push_back(x.subs(m));
  return out;
}

std::vector<ex> at(const std::vector<ex>& v, const Chart& Q, std::size_t k) {
  std::vector<ex> out;
  for (const auto& x : v) out.push_back(at_slot(x, Q, k));
  return out;
}

GiNaC::exmap merge(GiNaC::exmap a, const GiNaC::exmap& b) {
  a.insert(b.begin(), b.end());
  return a;
}

}  // namespace

GiNaC::exmap q_symbols_to_shape(const TrivialBundle& B) {
  const Chart M = B.shape_chart();
  GiNaC::exmap m;
  for (std::size_t k = 0; k < 3; ++k) {
    const auto rq = shape_slot(B, k), rm = slot(M, k);
    for (std::size_t i = 0; i < rq.size(); ++i) m[rq[i]] = rm[i];
  }
  for (std::size_t i = 0; i < B.shape_dim(); ++i) m[B.chart()[B.shape_indices()[i]]] = M[i];
  return m;
}

GiNaC::exmap shape_symbols_to_q(const TrivialBundle& B) {
  GiNaC::exmap back;
  for (const auto& [a, b] : q_symbols_to_shape(B)) back[b] = a;
  return back;
}

ChaplyginTest chaplygin_test(const DiscreteSystem& S, const TrivialBundle& B) {
  ChaplyginTest t;
  const auto gD = vertical_algebra(S, B);
  const std::size_t rank_d = S.d_basis().size();
  t.direct_sum = gD.empty() && rank_d + B.group().dim() == S.dim();
  t.detail = "$dim g^D = " + std::to_string(gD.size()) + "$, $rank D + dim G = " + std::to_string(rank_d) + " + " +
             std::to_string(B.group().dim()) + "$ ($dim Q = " + std::to_string(S.dim()) + "$)";
  try {
    (void)kinematic_connection(S, B);
    t.kinematic_horizontal = true;
    t.detail += "; $D_d$ is the $Hor$ of the connection solved from its equations";
  } catch (const DomainError& e) {
    t.detail += "; $D_d$: " + without_function_name(e.what());  // prose for the reader, not a function name
  }
  return t;
}

DiscreteConnection kinematic_connection(const DiscreteSystem& S, const TrivialBundle& B) {
  const LieGroup& G = B.group();
  const Chart& Q = S.chart();
  HAMEL_CHECK(S.kinematic().size() == G.dim(), DomainError, "kinematic_connection",
              "D_d cannot be the Hor of a discrete connection", std::to_string(G.dim()) + " kinematic constraints (dim G)",
              std::to_string(S.kinematic().size()));
  const auto a = generic_element(G, "a_hor");
  const auto r0 = shape_slot(B, 0), r1 = shape_slot(B, 1);
  const GiNaC::exmap m = merge(slot_values(Q, 0, B.join(r0, G.identity())), slot_values(Q, 1, B.join(r1, a)));
  GiNaC::lst eqs, vars;
  for (const auto& phi : S.kinematic()) {
    const ex e = phi.subs(m).expand();
    for (const auto& s : a)
      if (e.degree(s) > 1 || e.ldegree(s) < 0)
        throw DomainError(detail::message("kinematic_connection", "a kinematic constraint is not linear in the group variables",
                                          "phi(sigma(r0), (r1, g1)) linear in g1", detail::str(phi),
                                          "give the connection explicitly (key 'connection')"));
    eqs.append(e == 0);
  }
  for (const auto& s : a) vars.append(s);
  ex sol;
  try {
    sol = GiNaC::lsolve(eqs, vars);
  } catch (const std::exception& e) {
    throw DomainError(detail::message("kinematic_connection", "the kinematic constraints are not linear in the group variables",
                                      "phi(sigma(r0), (r1, g1)) linear in g1", e.what()));
  }
  if (sol.nops() != a.size())
    throw DomainError(detail::message("kinematic_connection", "D_d does not determine g1 uniquely",
                                      "a unique g1 with (sigma(r0), (r1, g1)) in D_d", "no unique solution"));
  GroupElement g1;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const ex v = sol.op(i).rhs();
    for (const auto& s : a)
      if (v.has(s))
        throw DomainError(detail::message("kinematic_connection", "D_d does not determine g1 uniquely",
                                          "a unique g1 with (sigma(r0), (r1, g1)) in D_d", "a free parameter"));
    g1.push_back(simplify(v));
  }
  return DiscreteConnection::from_shape_map(B, G.inverse(g1));
}

DiscreteSystem shape_system(const ReducedSystem& R) {
  const TrivialBundle& B = R.bundle();
  const LieGroup& G = B.group();
  const Chart& Q = B.chart();
  const Chart M = B.shape_chart();
  const std::size_t dm = B.shape_dim();
  const GiNaC::exmap to_m = q_symbols_to_shape(B);
  GiNaC::exmap w_e;
  const auto w0 = reduced_slot(B, 0);
  for (std::size_t i = 0; i < w0.size(); ++i) w_e[w0[i]] = G.identity()[i];

  const ex L = R.lagrangian.subs(w_e).subs(to_m);
  // forces on M: the reduced ones at w = e, plus the unreduced forces paired with horizontal lifts
  std::vector<ex> fm, fp;
  const auto r0 = shape_slot(B, 0), r1 = shape_slot(B, 1);
  const GroupElement A01inv = G.inverse(R.connection.shape_map());
  const GiNaC::exmap rep = merge(slot_values(Q, 0, B.join(r0, G.identity())), slot_values(Q, 1, B.join(r1, A01inv)));
  const auto fminus = subs_all(R.system.force_minus(), rep), fplus = subs_all(R.system.force_plus(), rep);
  const GiNaC::matrix JL = left_translation(G, A01inv);
  for (std::size_t j = 0; j < dm; ++j) {
    std::vector<ex> ej(dm, 0);
    ej[j] = 1;
    std::vector<ex> z0(G.dim(), 0), z1(G.dim(), 0);
    for (std::size_t i = 0; i < G.dim(); ++i) {
      z0[i] = at_slot(R.nonholonomic.graph(static_cast<unsigned>(i), static_cast<unsigned>(j)), Q, 0);
      z1[i] = at_slot(R.nonholonomic.graph(static_cast<unsigned>(i), static_cast<unsigned>(j)), Q, 1);
    }
    ex m = R.force_minus.empty() ? ex(0) : R.force_minus[j].subs(w_e);
    ex p = R.force_plus.empty() ? ex(0) : R.force_plus[j].subs(w_e);
    if (R.system.forced()) {
      m += dot(fminus, B.join(ej, z0));
      p += dot(fplus, B.join(ej, matrix_times(JL, z1)));
    }
    fm.push_back(m.subs(to_m));
    fp.push_back(p.subs(to_m));
  }
  bool any_force = false;
  for (const auto* v : {&fm, &fp})
    for (const auto& x : *v) any_force = any_force || !rescaled_zero_test(x, triple_chart(M)).zero;
  // D* = dπ(D): the annihilator of the shape directions of H
  std::vector<Form> omega;
  const auto dirs = R.nonholonomic.shape_directions(B);
  if (!dirs.empty() && dirs.size() < dm) {
    GiNaC::matrix A(static_cast<unsigned>(dirs.size()), static_cast<unsigned>(dm));
    for (unsigned a = 0; a < dirs.size(); ++a)
      for (unsigned i = 0; i < dm; ++i) A(a, i) = dirs[a][i].subs(to_m);
    const GiNaC::matrix N = nullspace(A, M, PivotOrder::Simplest);
    for (unsigned c = 0; c < N.cols(); ++c) {
      std::vector<ex> comp;
      for (unsigned i = 0; i < dm; ++i) comp.push_back(N(i, c));
      omega.push_back(Form::one_form(M, comp));
    }
  }
  // D*_d: the reduced constraints at w = e that do not hold identically
  std::vector<ex> phi;
  for (const auto& c : R.constraints) {
    const ex e = c.subs(w_e).subs(to_m);
    if (!rescaled_zero_test(e, triple_chart(M)).zero) phi.push_back(e);
  }
  DiscreteSpec spec{M, R.system.step(), L, omega, phi, any_force ? fm : std::vector<ex>{}, any_force ? fp : std::vector<ex>{},
                    std::nullopt};
  return DiscreteSystem(spec);
}

ZeroVerdict shape_system_check(const ReducedSystem& R, const DiscreteSystem& shape) {
  const TrivialBundle& B = R.bundle();
  const LieGroup& G = B.group();
  const Chart& Q = B.chart();
  const GiNaC::exmap to_q = shape_symbols_to_q(B);
  const auto r0 = shape_slot(B, 0), r1 = shape_slot(B, 1), r2 = shape_slot(B, 2);
  const GroupElement A01 = R.connection.shape_map();
  GiNaC::exmap sh;
  for (std::size_t i = 0; i < r0.size(); ++i) {
    sh[r0[i]] = r1[i];
    sh[r1[i]] = r2[i];
  }
  GroupElement A12;
  for (const auto& x : A01) A12.push_back(x.subs(sh));
  const GroupElement g1 = G.inverse(A01), g2 = G.product(g1, G.inverse(A12));
  const GiNaC::exmap rep = merge(merge(slot_values(Q, 0, B.join(r0, G.identity())), slot_values(Q, 1, B.join(r1, g1))),
                                 slot_values(Q, 2, B.join(r2, g2)));
  const auto E = subs_all(momentum_balance(R.system), rep);
  const auto Estar = subs_all(momentum_balance(shape), to_q);
  const GiNaC::matrix JL = left_translation(G, g1);
  ZeroVerdict v;
  v.zero = true;
  v.detail = "no directions";
  for (const auto& X : R.nonholonomic.horizontal) {
    const auto dr = at(B.shape_part(X), Q, 1), zeta = at(B.group_part(X), Q, 1);
    v = rescaled_zero_test(dot(E, B.join(dr, matrix_times(JL, zeta))) - dot(Estar, dr), reduced_chart(B));
    if (!v.zero) return v;
  }
  return v;
}

}  // namespace hamel
