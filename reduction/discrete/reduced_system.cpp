// reduction/discrete/reduced_system.cpp
#include "reduction/discrete/reduced_system.hpp"

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"
#include "mechanics/discrete/invariance.hpp"
#include "mechanics/discrete/lagrange_dalembert.hpp"
#include "mechanics/discrete/rescaled_zero_test.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

const GiNaC::symbol& sym(const ex& e) { return GiNaC::ex_to<GiNaC::symbol>(e); }

GiNaC::exmap put(const Chart& Q, std::size_t k, const std::vector<ex>& point) { return slot_values(Q, k, point); }

GiNaC::exmap merge(GiNaC::exmap a, const GiNaC::exmap& b) {
  a.insert(b.begin(), b.end());
  return a;
}

std::vector<ex> subs_all(const std::vector<ex>& v, const GiNaC::exmap& m) {
  std::vector<ex> out;
  for (const auto& x : v) out.push_back(x.subs(m));
  return out;
}

std::vector<ex> gradient_in(const ex& f, const std::vector<ex>& syms) {
  std::vector<ex> g;
  for (const auto& s : syms) g.push_back(f.diff(sym(s)));
  return g;
}

// ∂v_i/∂x_j.
GiNaC::matrix jacobian(const std::vector<ex>& v, const std::vector<ex>& x) {
  GiNaC::matrix J(static_cast<unsigned>(v.size()), static_cast<unsigned>(x.size()));
  for (unsigned i = 0; i < v.size(); ++i)
    for (unsigned j = 0; j < x.size(); ++j) J(i, j) = v[i].diff(sym(x[j]));
  return J;
}

// row vector (as std::vector) times matrix
std::vector<ex> row_times(const std::vector<ex>& row, const GiNaC::matrix& M) {
  std::vector<ex> out(M.cols(), 0);
  for (unsigned j = 0; j < M.cols(); ++j)
    for (unsigned i = 0; i < M.rows(); ++i) out[j] += row[i] * M(i, j);
  return out;
}

GiNaC::matrix at_slot(const GiNaC::matrix& M, const Chart& Q, std::size_t k) {
  GiNaC::matrix out(M.rows(), M.cols());
  for (unsigned i = 0; i < M.rows(); ++i)
    for (unsigned j = 0; j < M.cols(); ++j) out(i, j) = hamel::at_slot(M(i, j), Q, k);
  return out;
}

std::vector<ex> at_slot(const std::vector<ex>& v, const Chart& Q, std::size_t k) {
  std::vector<ex> out;
  for (const auto& x : v) out.push_back(hamel::at_slot(x, Q, k));
  return out;
}

// The shift (r0, w0, r1) ↦ (r1, w1, r2).
GiNaC::exmap reduced_shift(const TrivialBundle& B) {
  GiNaC::exmap m;
  const auto r0 = shape_slot(B, 0), r1 = shape_slot(B, 1), r2 = shape_slot(B, 2);
  const auto w0 = reduced_slot(B, 0), w1 = reduced_slot(B, 1);
  for (std::size_t i = 0; i < r0.size(); ++i) {
    m[r0[i]] = r1[i];
    m[r1[i]] = r2[i];
  }
  for (std::size_t i = 0; i < w0.size(); ++i) m[w0[i]] = w1[i];
  return m;
}

}  // namespace

Chart reduced_chart(const TrivialBundle& B) { return reduced_variables_chart(B.chart(), group_coordinate_names(B)); }

GroupElement reduced_slot(const TrivialBundle& B, std::size_t k) {
  HAMEL_CHECK(k < 2, InvalidArgument, "reduced_slot", "slot out of range", "0 or 1", std::to_string(k));
  const Chart R = reduced_chart(B);
  const std::size_t base = 3 * B.chart().dim() + k * B.group().dim();
  return {R.coordinates().begin() + static_cast<long>(base), R.coordinates().begin() + static_cast<long>(base + B.group().dim())};
}

std::vector<ex> shape_slot(const TrivialBundle& B, std::size_t k) { return B.shape_part(slot(B.chart(), k)); }

ReducedSystem reduce(const DiscreteSystem& S, const DiscreteConnection& A, const NonholonomicConnection& NH) {
  const TrivialBundle& B = A.bundle();
  require_same_chart(S.chart(), B.chart(), "reduce");
  const LieGroup& G = B.group();
  const Chart& Q = S.chart();
  const std::size_t k = G.dim(), dm = B.shape_dim();
  const auto r0 = shape_slot(B, 0), r1 = shape_slot(B, 1), r2 = shape_slot(B, 2);
  const auto w0 = reduced_slot(B, 0), w1 = reduced_slot(B, 1);
  const GroupElement e = G.identity();
  const GiNaC::exmap sh = reduced_shift(B);

  ReducedSystem R{S, A, NH, 0, {}, {}, {}, {}, {}, {}, {}, {}};
  const GroupElement A01 = A.shape_map(), A01inv = G.inverse(A01);
  const GroupElement A12 = subs_all(A01, sh), A12inv = G.inverse(A12);
  const GroupElement g1w = G.product(w0, A01inv);           // g1 of the representative with q0 = σ(r0)
  const GroupElement g2w = G.product(w1, A12inv);           // g2 of the representative with q1 = σ(r1)
  const GiNaC::exmap to01 = merge(put(Q, 0, B.join(r0, e)), put(Q, 1, B.join(r1, g1w)));
  const GiNaC::exmap to12 = merge(put(Q, 0, B.join(r1, e)), put(Q, 1, B.join(r2, g2w)));

  R.lagrangian = S.lagrangian().subs(to01);
  for (const auto& phi : S.kinematic()) {
    R.constraints.push_back(phi.subs(to01));
    R.step_constraints.push_back(phi.subs(to12));
  }

  const ex L01 = R.lagrangian, L12 = L01.subs(sh);
  const auto DwL01 = gradient_in(L01, w0), DwL12 = gradient_in(L12, w1);
  const auto D3L01 = gradient_in(L01, r1), D1L12 = gradient_in(L12, r1);
  const GiNaC::matrix JLw0 = left_translation(G, w0), JRw1 = right_translation(G, w1);
  const auto pw0 = row_times(DwL01, JLw0);  // ⟨D_wĽ, w0·(·)⟩

  // reduced forces (38)
  const GiNaC::matrix graph0 = at_slot(NH.graph, Q, 0), graph1 = at_slot(NH.graph, Q, 1);
  const GiNaC::matrix JLAinv = k == 0 ? GiNaC::matrix(0, 0) : inverse(left_translation(G, A01), reduced_chart(B), "reduce");
  GiNaC::matrix Mplus(static_cast<unsigned>(k), static_cast<unsigned>(dm)), Mminus(static_cast<unsigned>(k), static_cast<unsigned>(dm));
  if (k > 0 && dm > 0) {
    Mplus = adjoint(G, A01inv).mul(graph1).add(JLAinv.mul(jacobian(A01, r1)));
    Mminus = adjoint(G, G.inverse(w0)).mul(graph0).mul_scalar(-1).add(JLAinv.mul(jacobian(A01, r0)));
  }
  R.force_plus = row_times(pw0, Mplus);
  R.force_minus = row_times(pw0, Mminus);
  const auto Fminus12 = subs_all(R.force_minus, sh);

  // forces of the unreduced system, at the representatives
  const bool forced = S.forced();
  const auto fplus01 = subs_all(S.force_plus(), to01), fminus12 = subs_all(S.force_minus(), to12);
  const GiNaC::matrix JLg1 = left_translation(G, g1w);

  for (const auto& X : NH.horizontal) {
    const auto dr = at_slot(B.shape_part(X), Q, 1);
    const auto zeta = at_slot(B.group_part(X), Q, 1);
    ex h = 0;
    for (std::size_t j = 0; j < dm; ++j) h += (D3L01[j] + D1L12[j] + R.force_plus[j] + Fminus12[j]) * dr[j];
    if (forced) h += dot(fplus01, B.join(dr, matrix_times(JLg1, zeta))) + dot(fminus12, B.join(dr, zeta));
    R.horizontal.push_back(h);
  }
  const GiNaC::matrix AdA01inv = adjoint(G, A01inv);
  for (const auto& eta_q : NH.vertical) {
    const auto eta = at_slot(eta_q, Q, 1);
    ex v = dot(pw0, matrix_times(AdA01inv, eta)) - dot(row_times(DwL12, JRw1), eta);
    const std::vector<ex> zero(dm, 0);
    if (forced) v += dot(fplus01, B.join(zero, matrix_times(JLg1, eta))) + dot(fminus12, B.join(zero, eta));
    R.vertical.push_back(v);
  }

  // mixed curvature (Def 5.3) from the connection form itself
  const auto s0 = slot(Q, 0), s1 = slot(Q, 1);
  GiNaC::matrix B1(static_cast<unsigned>(k), static_cast<unsigned>(dm)), B2(static_cast<unsigned>(k), static_cast<unsigned>(dm));
  const GiNaC::matrix dA0 = jacobian(A.form(), s0), dA1 = jacobian(A.form(), s1);
  for (unsigned j = 0; j < dm; ++j) {
    std::vector<ex> ej(dm, 0);
    ej[j] = 1;
    const auto hor0 = B.join(ej, matrix_times(left_translation(G, B.group_part(s0)), matrix_times(graph0, ej)));
    const auto hor1 = B.join(ej, matrix_times(left_translation(G, B.group_part(s1)), matrix_times(graph1, ej)));
    const auto c0 = matrix_times(dA0, hor0), c1 = matrix_times(dA1, hor1);
    for (unsigned i = 0; i < k; ++i) {
      B1(i, j) = c0[i];
      B2(i, j) = c1[i];
    }
  }
  R.curvature_minus = B1;
  R.curvature_plus = B2;
  return R;
}

GiNaC::exmap reduced_variables(const ReducedSystem& R) {
  const TrivialBundle& B = R.bundle();
  const LieGroup& G = B.group();
  const Chart& Q = B.chart();
  const GroupElement g0 = B.group_part(slot(Q, 0)), g1 = B.group_part(slot(Q, 1)), g2 = B.group_part(slot(Q, 2));
  const GroupElement A01 = R.connection.shape_map();
  const GroupElement A12 = subs_all(A01, reduced_shift(B));
  const GroupElement v0 = G.product({G.inverse(g0), g1, A01}), v1 = G.product({G.inverse(g1), g2, A12});
  const auto w0 = reduced_slot(B, 0), w1 = reduced_slot(B, 1);
  GiNaC::exmap m;
  for (std::size_t i = 0; i < w0.size(); ++i) {
    m[w0[i]] = v0[i];
    m[w1[i]] = v1[i];
  }
  return m;
}

GroupElement reconstruction_step(const ReducedSystem& R) {
  const TrivialBundle& B = R.bundle();
  const LieGroup& G = B.group();
  return G.product({B.group_part(slot(B.chart(), 0)), reduced_slot(B, 0), G.inverse(R.connection.shape_map())});
}

namespace {

// Dcheck_d o Phi and D_d as sets, when their defining functions differ (φ not G-invariant as functions):
// each set of functions vanishes on the other's zero set.
ZeroVerdict same_set(const ReducedSystem& R, const GiNaC::exmap& wq, const Chart& C, const ZeroVerdict& functions) {
  std::vector<ex> reduced;
  for (const auto& c : R.constraints) reduced.push_back(c.subs(wq));
  const auto q1 = slot(R.bundle().chart(), 1);
  ZeroVerdict v = vanishes_on_constraint(reduced, R.system.kinematic(), q1, C);
  if (v.zero) v = vanishes_on_constraint(R.system.kinematic(), reduced, q1, C);
  v.detail = "the defining functions differ (" + functions.how() + "); as sets: " + v.detail;
  return v;
}

}  // namespace

ReductionChecks check_against_unreduced(const ReducedSystem& R) {
  const TrivialBundle& B = R.bundle();
  const LieGroup& G = B.group();
  const Chart& Q = B.chart();
  const Chart C = reduced_chart(B);
  const GiNaC::exmap wq = reduced_variables(R);
  ReductionChecks out;
  out.abelian = G.abelian();
  out.lagrangian = rescaled_all_zero({R.lagrangian.subs(wq) - R.system.lagrangian()}, C);
  std::vector<ex> cs;
  for (std::size_t b = 0; b < R.constraints.size(); ++b) cs.push_back(R.constraints[b].subs(wq) - R.system.kinematic()[b]);
  out.constraints = rescaled_all_zero(cs, C);
  if (!out.constraints.zero && !out.constraints.undecided) out.constraints = same_set(R, wq, C, out.constraints);

  const auto E = momentum_balance(R.system);
  const GroupElement g1 = B.group_part(slot(Q, 1));
  const GiNaC::matrix JLg1 = left_translation(G, g1);
  std::vector<ex> hs, vs;
  for (std::size_t j = 0; j < R.nonholonomic.horizontal.size(); ++j) {
    const auto& X = R.nonholonomic.horizontal[j];
    const auto dr = at_slot(B.shape_part(X), Q, 1);
    const auto zeta = at_slot(B.group_part(X), Q, 1);
    hs.push_back(dot(E, B.join(dr, matrix_times(JLg1, zeta))) - R.horizontal[j].subs(wq));
  }
  for (std::size_t i = 0; i < R.nonholonomic.vertical.size(); ++i) {
    const auto eta = at_slot(R.nonholonomic.vertical[i], Q, 1);
    vs.push_back(dot(E, B.join(std::vector<ex>(B.shape_dim(), 0), matrix_times(JLg1, eta))) - R.vertical[i].subs(wq));
  }
  out.horizontal = rescaled_all_zero(hs, C);
  out.vertical = rescaled_all_zero(vs, C);
  std::vector<ex> rec;
  const GroupElement g = reconstruction_step(R);
  for (std::size_t i = 0; i < g.size(); ++i) rec.push_back(g[i].subs(wq) - g1[i]);
  out.reconstruction = rescaled_all_zero(rec, C);
  if (out.abelian) {
    const auto DwL = gradient_in(R.lagrangian, reduced_slot(B, 0));
    std::vector<ex> fc;
    for (std::size_t j = 0; j < B.shape_dim(); ++j) {
      ex bm = 0, bp = 0;
      for (std::size_t i = 0; i < G.dim(); ++i) {
        bm += DwL[i] * R.curvature_minus(static_cast<unsigned>(i), static_cast<unsigned>(j));
        bp += DwL[i] * R.curvature_plus(static_cast<unsigned>(i), static_cast<unsigned>(j));
      }
      fc.push_back((R.force_minus[j] - bm).subs(wq));
      fc.push_back((R.force_plus[j] - bp).subs(wq));
    }
    out.forces_from_curvature = rescaled_all_zero(fc, C);
  } else {
    out.forces_from_curvature.zero = true;
    out.forces_from_curvature.detail = "not checked (G is not abelian)";
  }
  return out;
}

}  // namespace hamel
