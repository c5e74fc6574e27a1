// io/modules/discrete/discrete_module.cpp — the discrete module of `hamel derive | check | simulate`:
// the discrete Lagrange–d'Alembert equations, symmetry and connections, reduction with its built-in
// verification, the discrete momentum, the Chaplygin and horizontal-symmetry reductions, and the
// integrator (docs/discrete.md).
#include "io/modules/discrete/discrete_module.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "io/modules/discrete/discrete_file.hpp"
#include "mechanics/discrete/energy.hpp"
#include "mechanics/discrete/invariance.hpp"
#include "mechanics/discrete/lagrange_dalembert.hpp"
#include "mechanics/discrete/rescaled_zero_test.hpp"
#include "numerics/csv.hpp"
#include "numerics/plot.hpp"
#include "reduction/discrete/chaplygin.hpp"
#include "reduction/discrete/horizontal_symmetry.hpp"
#include "reduction/discrete/reduced_integrator.hpp"

namespace hamel {

namespace {

using GiNaC::ex;
using nlohmann::json;

std::string sci(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3g", v);
  return b;
}

ex show(const ex& e) { return rescaled_pretty(e); }

ReportCheck check_of(const std::string& name, const ZeroVerdict& v, bool want_zero = true) {
  std::string how = v.how();
  if (v.zero != want_zero && !v.point.empty()) how += "; witness " + describe_point(v.point);
  return {name, v.zero == want_zero, how};
}

// Everything derive, check and simulate share, computed once.
struct Derived {
  DiscreteFile in;
  DiscreteEquations eq;
  std::optional<NonholonomicConnection> nh;
  std::string nh_note;
  std::optional<ReducedSystem> reduced;
  std::optional<ChaplyginTest> chaplygin;
  std::optional<ReducedSystem> chaplygin_reduced;
  std::optional<DiscreteSystem> chaplygin_system;
  std::optional<HorizontalSymmetryTest> hs_test;
  std::optional<TrivialBundle> hs_bundle;
  std::optional<MomentumConnection> hs_connection;
  std::optional<ReducedSystem> hs_reduced;
  std::optional<DiscreteSystem> hs_system;
  std::string hs_note;
};

Derived derive_state(const SystemFile& file) {
  SystemFile f = file;
  Derived d{read_discrete(f), {}, std::nullopt, "", std::nullopt, std::nullopt, std::nullopt, std::nullopt,
            std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt, ""};
  d.eq = lagrange_dalembert_equations(d.in.system);
  if (!d.in.bundle) return d;
  const TrivialBundle& B = *d.in.bundle;
  try {
    d.nh = d.in.horizontal ? nonholonomic_connection(d.in.system, B, *d.in.horizontal) : nonholonomic_connection(d.in.system, B);
    d.nh_note = d.nh->how;
  } catch (const DomainError& e) {
    d.nh_note = e.what();
  }
  if (d.nh && d.in.subgroup.empty()) {
    try {
      d.reduced = reduce(d.in.system, *d.in.connection, *d.nh);
      d.chaplygin = chaplygin_test(d.in.system, B);
      if (d.chaplygin->holds()) {
        d.chaplygin_reduced = reduce(d.in.system, kinematic_connection(d.in.system, B), *d.nh);
        d.chaplygin_system = shape_system(*d.chaplygin_reduced);
      }
    } catch (const DomainError& e) {  // e.g. a singular left translation of a user-given group law
      d.reduced.reset();
      d.nh_note = std::string("the reduction failed: ") + e.what();
    }
  }
  if (!d.in.subgroup.empty()) {
    d.hs_test = horizontal_symmetry_test(d.in.system, B, d.in.subgroup);
    if (d.hs_test->horizontal) {
      d.hs_bundle = subgroup_bundle(B, d.in.subgroup);
      try {
        d.hs_connection = momentum_connection(d.in.system, *d.hs_bundle, d.in.mu);
        const NonholonomicConnection nh = nonholonomic_connection(d.in.system, *d.hs_bundle);
        d.hs_reduced = reduce(d.in.system, d.hs_connection->connection, nh);
        d.hs_system = shape_system(*d.hs_reduced);
      } catch (const DomainError& e) {
        d.hs_note = e.what();
      }
    }
  }
  return d;
}

// ------------------------------------------------------------------ simulation

struct SimulationResult {
  std::optional<DiscreteTrajectory> unreduced;
  std::vector<std::vector<double>> reconstructed;  ///< from the reduced route
  std::vector<std::vector<double>> reduced_w;      ///< w_k (general route), empty otherwise
  std::string reduced_route;                       ///< how the reduced trajectory was computed
  std::string reduced_note;                        ///< why there is none
  double reconstruction_error = -1;                ///< max |q_rec − q|, −1 if not compared
  int reduced_max_iterations = 0;
  double reduced_max_residual = 0;
  std::vector<double> energy_dla, energy_heun;
};

SimulationResult run_simulation(const Derived& d) {
  const DiscreteSimulation& s = *d.in.simulation;
  SimulationResult r;
  if (s.mode != DiscreteSimulation::Mode::Reduced) r.unreduced = DiscreteIntegrator(d.in.system, s.values, s.newton).run(s.q0, s.q1, s.steps);
  if (s.mode != DiscreteSimulation::Mode::Unreduced) {
    try {
      if (d.hs_system && d.hs_reduced) {
        const TrivialBundle& H = *d.hs_bundle;
        std::vector<double> r0, r1;
        for (auto i : H.shape_indices()) {
          r0.push_back(s.q0[i]);
          r1.push_back(s.q1[i]);
        }
        const DiscreteTrajectory t = DiscreteIntegrator(*d.hs_system, s.values, s.newton).run(r0, r1, s.steps);
        DiscreteReducedTrajectory rt;
        rt.r = t.q;
        rt.w.assign(s.steps, H.group().identity().empty() ? std::vector<double>{} : std::vector<double>(H.group().dim(), 0.0));
        for (auto& w : rt.w)
          for (std::size_t j = 0; j < w.size(); ++j) w[j] = GiNaC::ex_to<GiNaC::numeric>(H.group().identity()[j].evalf()).to_double();
        r.reconstructed = ReducedIntegrator(*d.hs_reduced, s.values, s.newton).reconstruct(rt, s.q0);
        r.reduced_route = "the system on Q/H at J_nh = mu (Theorem 11.13), lifted by Theorem 11.14";
        r.reduced_max_iterations = t.max_iterations;
        r.reduced_max_residual = t.max_residual;
      } else if (d.reduced) {
        const ReducedIntegrator I(*d.reduced, s.values, s.newton);
        std::vector<double> r0, w0, r1;
        I.reduce_pair(s.q0, s.q1, r0, w0, r1);
        const DiscreteReducedTrajectory t = I.run(r0, w0, r1, s.steps);
        r.reconstructed = I.reconstruct(t, s.q0);
        r.reduced_w = t.w;
        r.reduced_route = "the reduced equations (Theorem 5.11) in (r, w), lifted by (31)/(43)";
        r.reduced_max_iterations = t.max_iterations;
        r.reduced_max_residual = t.max_residual;
      } else {
        r.reduced_note = "no reduced system (" + d.nh_note + ")";
      }
    } catch (const DomainError& e) {
      r.reduced_note = e.what();
    }
    if (r.unreduced && !r.reconstructed.empty()) r.reconstruction_error = max_difference(r.reconstructed, r.unreduced->q);
  }
  if (s.energy && (r.unreduced || !r.reconstructed.empty())) {
    DiscreteTrajectory lifted;
    lifted.q = r.reconstructed;
    r.energy_dla = discrete_energy(d.in.system, s.values, r.unreduced ? *r.unreduced : lifted);
    std::vector<double> qdot(s.q0.size());
    const double h = GiNaC::ex_to<GiNaC::numeric>(d.in.system.step().subs(s.values).evalf()).to_double();
    for (std::size_t i = 0; i < qdot.size(); ++i) qdot[i] = (s.q1[i] - s.q0[i]) / h;
    r.energy_heun = heun_energy(d.in.system, s.values, s.q0, qdot, s.steps, true);
  }
  return r;
}

// ------------------------------------------------------------------ the report

std::string coord(const Chart& Q, std::size_t i) { return Q.coordinate_name(i); }

void add_eq(ReportSection& s, const std::string& text, const std::string& tex, const ex& rhs) {
  s.equations.push_back({text, tex, show(rhs), "", ""});
}

json vector_json(const std::vector<ex>& v, const std::vector<std::string>& names) {
  json j = json::object();
  for (std::size_t i = 0; i < v.size(); ++i) j[names[i]] = json_expression(show(v[i]));
  return j;
}

std::vector<std::string> names_of(const Chart& Q, const std::vector<std::size_t>& idx) {
  std::vector<std::string> out;
  for (auto i : idx) out.push_back(Q.coordinate_name(i));
  return out;
}

std::vector<std::string> all_names(const Chart& Q) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < Q.dim(); ++i) out.push_back(Q.coordinate_name(i));
  return out;
}

void report_system(const Derived& d, Report& report, json& J) {
  const DiscreteSystem& S = d.in.system;
  const Chart& Q = S.chart();
  auto& s = report.add("Discrete system (Q, L_d, D, D_d) (Def 3.1)");
  s.paragraphs.push_back("Coordinates " + Q.describe() + "; points of Q x Q are (q0, q1) = (q_k, q_{k+1}); step h = " +
                         detail::str(S.step()) + "; L_d: " + d.in.origin + ".");
  add_eq(s, "L_d", "L_d(q_0, q_1)", S.lagrangian());
  J["step"] = json_expression(S.step());
  J["origin"] = d.in.origin;
  J["lagrangian"] = json_expression(show(S.lagrangian()));
  J["variational_constraints"] = json::array();
  for (std::size_t a = 0; a < S.variational().size(); ++a) {
    std::vector<ex> comp;
    for (unsigned i = 0; i < Q.dim(); ++i) comp.push_back(S.variational()[a].component({i}));
    for (unsigned i = 0; i < Q.dim(); ++i)
      if (!comp[i].is_zero())
        add_eq(s, "omega" + std::to_string(a + 1) + "_" + coord(Q, i), "\\omega^{" + std::to_string(a + 1) + "}_{" + latex_name(coord(Q, i)) + "}", comp[i]);
    J["variational_constraints"].push_back(vector_json(comp, all_names(Q)));
  }
  J["kinematic_constraints"] = json::array();
  for (std::size_t b = 0; b < S.kinematic().size(); ++b) {
    add_eq(s, "phi" + std::to_string(b + 1), "\\phi^{" + std::to_string(b + 1) + "}(q_0, q_1)", S.kinematic()[b]);
    J["kinematic_constraints"].push_back(json_expression(show(S.kinematic()[b])));
  }
  if (S.forced()) {
    for (std::size_t i = 0; i < Q.dim(); ++i) {
      add_eq(s, "f-_" + coord(Q, i), "f^{-}_{" + latex_name(coord(Q, i)) + "}", S.force_minus()[i]);
      add_eq(s, "f+_" + coord(Q, i), "f^{+}_{" + latex_name(coord(Q, i)) + "}", S.force_plus()[i]);
    }
    J["forces"] = {{"minus", vector_json(S.force_minus(), all_names(Q))}, {"plus", vector_json(S.force_plus(), all_names(Q))}};
  }
  s.paragraphs.push_back("D is the kernel of the forms omega^a, D_d the zero set of the phi^b.");
}

void report_equations(const Derived& d, Report& report, json& J) {
  const DiscreteSystem& S = d.in.system;
  const Chart& Q = S.chart();
  auto& s = report.add("Discrete Lagrange-d'Alembert equations (3)");
  s.paragraphs.push_back("E(q0, q1, q2) = D2 L_d(q0, q1) + D1 L_d(q1, q2) + f+(q0, q1) + f-(q1, q2) = sum_a nu_a omega^a(q1), "
                         "with (q1, q2) in D_d; (q0, q1, q2) stand for (q_{k-1}, q_k, q_{k+1}).");
  json E = json::object();
  for (std::size_t i = 0; i < Q.dim(); ++i) {
    add_eq(s, "E_" + coord(Q, i), "E_{" + latex_name(coord(Q, i)) + "}(q_0, q_1, q_2)", d.eq.momentum_balance[i]);
    E[coord(Q, i)] = json_expression(show(d.eq.momentum_balance[i]));
  }
  json on_d = json::array();
  for (std::size_t a = 0; a < d.eq.on_d.size(); ++a) {
    add_eq(s, "<E, X" + std::to_string(a + 1) + "(q1)>", "\\langle E, X_{" + std::to_string(a + 1) + "}(q_1)\\rangle", d.eq.on_d[a]);
    on_d.push_back(json_expression(show(d.eq.on_d[a])));
  }
  s.paragraphs.push_back("Without multipliers: <E, X_alpha(q1)> = 0 for the basis X_alpha of D, with D_d. Each step solves " +
                         std::to_string(d.eq.residual.size()) + " equations for (q2, nu) by Newton's method.");
  json res = json::array(), unk = json::array();
  for (const auto& r : d.eq.residual) res.push_back(json_expression(show(r)));
  for (const auto& u : d.eq.unknowns) unk.push_back(detail::str(u));
  J["equations"] = {{"momentum_balance", E}, {"on_D", on_d}, {"residual", res}, {"unknowns", unk}};
}

void report_symmetry(const Derived& d, Report& report, json& J) {
  const TrivialBundle& B = *d.in.bundle;
  const Chart& Q = B.chart();
  const auto gnames = group_coordinate_names(B);
  auto& s = report.add("Symmetry (Def 3.6)");
  std::string g;
  for (const auto& n : gnames) g += (g.empty() ? "" : ", ") + n;
  s.paragraphs.push_back("G = " + B.group().name() + (B.group().abelian() ? " (abelian)" : " (not abelian)") +
                         " acts on Q = M x G by l_h(r, g) = (r, h g) on the coordinates (" + g + "); M = Q/G has dimension " +
                         std::to_string(B.shape_dim()) + ", sigma(r) = (r, e).");
  const auto gens = B.generators();
  for (std::size_t a = 0; a < gens.size(); ++a)
    for (std::size_t i = 0; i < Q.dim(); ++i)
      if (!gens[a][i].is_zero())
        add_eq(s, "xi" + std::to_string(a + 1) + "_Q^" + coord(Q, i), "(\\xi_{" + std::to_string(a + 1) + "})_Q^{" + latex_name(coord(Q, i)) + "}", gens[a][i]);
  const GroupAxioms ax = check_group_axioms(B.group());
  s.checks.push_back(check_of("G is a group: associativity", ax.associativity));
  s.checks.push_back(check_of("G is a group: identity and inverse", ax.inverse.zero ? ax.identity : ax.inverse));
  const DiscreteSystem& S = d.in.system;
  s.checks.push_back(check_of("L_d is G-invariant", lagrangian_invariance(S, B)));
  s.checks.push_back(check_of("D is G-invariant", variational_invariance(S, B)));
  s.checks.push_back(check_of("D_d is G-invariant (invariant defining functions)", kinematic_invariance(S, B)));
  if (S.forced()) s.checks.push_back(check_of("the discrete forces are G-equivariant", force_equivariance(S, B)));
  J["symmetry"] = {{"group", B.group().name()}, {"coordinates", gnames}, {"abelian", B.group().abelian()}};
}

void report_connection(const DiscreteConnection& A, const std::string& origin, Report& report, json& J) {
  const TrivialBundle& B = A.bundle();
  const auto gn = group_coordinate_names(B);
  auto& s = report.add("Affine discrete connection (Def 4.9, (6)-(8))");
  s.paragraphs.push_back("A_d: " + origin + ". By (7), A_d((r0, g0), (r1, g1)) = g1 frakA(r0, r1) g0^-1.");
  for (std::size_t j = 0; j < gn.size(); ++j) {
    add_eq(s, "A_d^" + gn[j], "\\mathcal{A}_d^{" + latex_name(gn[j]) + "}(q_0, q_1)", A.form()[j]);
    add_eq(s, "frakA^" + gn[j], "\\mathfrak{A}^{" + latex_name(gn[j]) + "}(r_0, r_1)", A.shape_map()[j]);
  }
  const GroupElement gamma = level(A);
  const auto hd = horizontal_lift(A);
  for (std::size_t j = 0; j < gn.size(); ++j) add_eq(s, "gamma^" + gn[j], "\\gamma^{" + latex_name(gn[j]) + "}(q)", gamma[j]);
  for (std::size_t i = 0; i < hd.size(); ++i)
    add_eq(s, "h_d^" + B.chart().coordinate_name(i), "h_d(q_0, r_1)^{" + latex_name(B.chart().coordinate_name(i)) + "}", hd[i]);
  s.checks.push_back(check_of("(7) A_d(l_g0 q0, l_g1 q1) = g1 A_d(q0, q1) g0^-1", equivariance(A)));
  s.checks.push_back(check_of("the level gamma(q) = A_d(q, q)^-1 is equivariant (Def 4.3)", level_equivariance(A)));
  s.checks.push_back(check_of("(4) Hor_q and the orbit are complementary at (q, l_gamma(q) q): det dA_d/dg1 != 0", complementarity(A), false));
  const ZeroVerdict id = level_is_identity(A);
  s.paragraphs.push_back(id.zero ? "The level is gamma = e: a discrete connection in the sense of Leok-Marsden-Weinstein (Remark 4.5)."
                                 : "The level is not e: an affine discrete connection.");
  s.checks.push_back(check_of("(8) h_d(q0, r1) = (q0, l_{A_d(q0,q1)^-1} q1) for every q1 over r1, and h_d is in Hor", horizontal_lift_check(A)));
  s.checks.push_back(check_of("Lemma 4.15 h_d(l_g q0, r1) = (l_g x l_g) h_d(q0, r1)", lemma_4_15(A)));
  const ModelSpaceChecks m = model_space_checks(A);
  s.checks.push_back(check_of("Phi o Phi^-1 = id (Prop 4.19)", m.phi_of_inverse));
  s.checks.push_back(check_of("Phi^-1 o Phi = id (Prop 4.19)", m.inverse_of_phi));
  s.checks.push_back(check_of("Lemma 4.21 A_d(Phi^-1((q0, w), r1)) = w", m.lemma_4_21));
  json form = json::object(), shape = json::object(), lev = json::object(), lift = json::object();
  for (std::size_t j = 0; j < gn.size(); ++j) {
    form[gn[j]] = json_expression(show(A.form()[j]));
    shape[gn[j]] = json_expression(show(A.shape_map()[j]));
    lev[gn[j]] = json_expression(show(gamma[j]));
  }
  for (std::size_t i = 0; i < hd.size(); ++i) lift[B.chart().coordinate_name(i)] = json_expression(show(hd[i]));
  J = {{"origin", origin}, {"form", form}, {"shape_map", shape}, {"level", lev}, {"horizontal_lift", lift}, {"level_is_identity", id.zero}};
}

void report_reduced(const Derived& d, Report& report, json& J) {
  const ReducedSystem& R = *d.reduced;
  const TrivialBundle& B = R.bundle();
  const Chart& Q = B.chart();
  const auto gn = group_coordinate_names(B);
  const auto sn = names_of(Q, B.shape_indices());
  {
    auto& s = report.add("Nonholonomic connection (Def 2.5, (2))");
    s.paragraphs.push_back(R.nonholonomic.how + ". Bases at sigma(r) = (r, e); g^D = {eta : eta_Q in D}.");
    for (std::size_t i = 0; i < R.nonholonomic.vertical.size(); ++i)
      for (std::size_t j = 0; j < gn.size(); ++j)
        add_eq(s, "eta" + std::to_string(i + 1) + "^" + gn[j], "\\eta_{" + std::to_string(i + 1) + "}^{" + latex_name(gn[j]) + "}", R.nonholonomic.vertical[i][j]);
    for (std::size_t i = 0; i < R.nonholonomic.horizontal.size(); ++i)
      for (std::size_t c = 0; c < Q.dim(); ++c)
        if (!R.nonholonomic.horizontal[i][c].is_zero())
          add_eq(s, "H" + std::to_string(i + 1) + "^" + coord(Q, c), "H_{" + std::to_string(i + 1) + "}^{" + latex_name(coord(Q, c)) + "}", R.nonholonomic.horizontal[i][c]);
    for (std::size_t j = 0; j < gn.size(); ++j)
      for (std::size_t a = 0; a < sn.size(); ++a)
        add_eq(s, "frakh^" + gn[j] + "_" + sn[a], "\\mathfrak{h}^{" + latex_name(gn[j]) + "}_{" + latex_name(sn[a]) + "}(r)", R.nonholonomic.graph(static_cast<unsigned>(j), static_cast<unsigned>(a)));
    json v = json::array(), h = json::array(), g = json::object();
    for (const auto& eta : R.nonholonomic.vertical) v.push_back(vector_json(eta, gn));
    for (const auto& X : R.nonholonomic.horizontal) h.push_back(vector_json(X, all_names(Q)));
    for (std::size_t j = 0; j < gn.size(); ++j)
      for (std::size_t a = 0; a < sn.size(); ++a) g[gn[j] + "," + sn[a]] = json_expression(show(R.nonholonomic.graph(static_cast<unsigned>(j), static_cast<unsigned>(a))));
    J["nonholonomic_connection"] = {{"vertical", v}, {"horizontal", h}, {"graph", g}};
  }
  auto& s = report.add("Reduced system (Theorem 5.11, Section 9)");
  s.paragraphs.push_back("Reduced variables (r_k, w_k), w_k = g_k^-1 g_{k+1} frakA(r_k, r_{k+1}), written (r0, w0, r1, w1, r2) for "
                         "(r_{k-1}, w_{k-1}, r_k, w_k, r_{k+1}).");
  add_eq(s, "Lcheck_d", "\\check L_d(r_0, w_0, r_1)", R.lagrangian);
  json rc = json::array();
  for (std::size_t b = 0; b < R.constraints.size(); ++b) {
    add_eq(s, "phicheck" + std::to_string(b + 1), "\\check\\phi^{" + std::to_string(b + 1) + "}(r_0, w_0, r_1)", R.constraints[b]);
    rc.push_back(json_expression(show(R.constraints[b])));
  }
  json bm = json::object(), bp = json::object(), fm = json::object(), fp = json::object();
  for (std::size_t a = 0; a < sn.size(); ++a) {
    for (std::size_t j = 0; j < gn.size(); ++j) {
      const auto J0 = static_cast<unsigned>(j), A0 = static_cast<unsigned>(a);
      add_eq(s, "B1^" + gn[j] + "_" + sn[a], "\\mathcal{B}_1{}^{" + latex_name(gn[j]) + "}_{" + latex_name(sn[a]) + "}", R.curvature_minus(J0, A0));
      add_eq(s, "B2^" + gn[j] + "_" + sn[a], "\\mathcal{B}_2{}^{" + latex_name(gn[j]) + "}_{" + latex_name(sn[a]) + "}", R.curvature_plus(J0, A0));
      bm[gn[j] + "," + sn[a]] = json_expression(show(R.curvature_minus(J0, A0)));
      bp[gn[j] + "," + sn[a]] = json_expression(show(R.curvature_plus(J0, A0)));
    }
    add_eq(s, "F-_" + sn[a], "F^{-}_{" + latex_name(sn[a]) + "}(r_0, w_0, r_1)", R.force_minus[a]);
    add_eq(s, "F+_" + sn[a], "F^{+}_{" + latex_name(sn[a]) + "}(r_0, w_0, r_1)", R.force_plus[a]);
    fm[sn[a]] = json_expression(show(R.force_minus[a]));
    fp[sn[a]] = json_expression(show(R.force_plus[a]));
  }
  json hj = json::array(), vj = json::array();
  for (std::size_t j = 0; j < R.horizontal.size(); ++j) {
    add_eq(s, "horizontal" + std::to_string(j + 1), "\\mathcal{H}_{" + std::to_string(j + 1) + "}", R.horizontal[j]);
    hj.push_back(json_expression(show(R.horizontal[j])));
  }
  for (std::size_t i = 0; i < R.vertical.size(); ++i) {
    add_eq(s, "vertical" + std::to_string(i + 1), "\\mathcal{V}_{" + std::to_string(i + 1) + "}", R.vertical[i]);
    vj.push_back(json_expression(show(R.vertical[i])));
  }
  s.paragraphs.push_back("The reduced equations are horizontal_j = 0 (one per direction of H_M = d pi(D), (15)-(16)), vertical_i = 0 "
                         "(one per element of the basis of g^D, (17)-(18)) and phicheck(r1, w1, r2) = 0.");
  const GroupElement rec = reconstruction_step(R);
  for (std::size_t j = 0; j < gn.size(); ++j) add_eq(s, gn[j] + "_{k+1}", latex_name(gn[j]) + "_{k+1}", rec[j]);
  s.paragraphs.push_back("Reconstruction (31)/(43): g_{k+1} = g_k w_k frakA(r_k, r_{k+1})^-1 (above, with g_k the group coordinates of slot 0).");
  const ReductionChecks c = check_against_unreduced(R);
  s.checks.push_back(check_of("L_d = Lcheck_d o Phi", c.lagrangian));
  s.checks.push_back(check_of("D_d = Dcheck_d o Phi", c.constraints));
  if (!R.horizontal.empty())
    s.checks.push_back(check_of("reduced horizontal equations = unreduced (3) paired with Hor_q1(dr) (Theorem 5.11)", c.horizontal));
  if (!R.vertical.empty())
    s.checks.push_back(check_of("reduced vertical equations = unreduced (3) paired with (Ad_g1 eta)_Q(q1) (Theorem 5.11)", c.vertical));
  s.checks.push_back(check_of("reconstruction (43) lifts w to g_{k+1}", c.reconstruction));
  if (c.abelian) s.checks.push_back(check_of("F-+ = <D_w Lcheck_d, B_1,2> (Def 5.8, abelian G)", c.forces_from_curvature));
  J["reduced"] = {{"lagrangian", json_expression(show(R.lagrangian))}, {"constraints", rc},
                  {"curvature", {{"minus", bm}, {"plus", bp}}}, {"forces", {{"minus", fm}, {"plus", fp}}},
                  {"horizontal", hj}, {"vertical", vj}, {"reconstruction", vector_json(rec, gn)}};
}

void report_momentum(const Derived& d, Report& report, json& J) {
  const TrivialBundle& B = *d.in.bundle;
  std::vector<std::pair<std::string, Section>> sections = d.in.sections;
  if (sections.empty() && d.nh) {
    const auto vs = vertical_sections(B, *d.nh);
    for (std::size_t i = 0; i < vs.size(); ++i) sections.emplace_back("xi" + std::to_string(i + 1), vs[i]);
  }
  auto& s = report.add("Nonholonomic discrete momentum (Section 8)");
  s.paragraphs.push_back("J^xi(q0, q1) = -D1 L_d(q0, q1)(xi(q0)_Q(q0)) (32), sign of discrete.md; (35): J^xi(q1, q2) - J^xi(q0, q1) = "
                         "D2 L_d(q0, q1)((xi(q1) - xi(q0))_Q(q1)) along solutions when xi takes values in g^D." +
                         std::string(d.in.sections.empty() ? " Sections: xi_i(r, g) = Ad_g eta_i(r)." : ""));
  s.checks.push_back(check_of("(33) D1 L_d(xi_Q(q0)) + D2 L_d(xi_Q(q1)) = 0 for every xi in g (Lemma 8.2)", lemma_8_2(d.in.system, B)));
  json mj = json::object();
  for (const auto& [name, xi] : sections) {
    const ex Jx = discrete_momentum(d.in.system, B, xi);
    const MomentumEvolution ev = momentum_evolution(d.in.system, B, xi);
    add_eq(s, "J^" + name, "J^{" + latex_name(name) + "}(q_0, q_1)", Jx);
    add_eq(s, "rhs(35)^" + name, "\\mathrm{rhs}_{(35)}^{" + latex_name(name) + "}", ev.rhs);
    s.checks.push_back(check_of("(35) for " + name + ": lhs - rhs = -<E, xi(q1)_Q(q1)>", ev.identity));
    s.checks.push_back(check_of("(35) for " + name + ": lhs - rhs is C-infinity(Q)-linear in xi", ev.linearity));
    mj[name] = {{"J", json_expression(show(Jx))}, {"rhs_35", json_expression(show(ev.rhs))}};
  }
  J["momentum"] = mj;
}

void report_chaplygin(const Derived& d, Report& report, json& J) {
  auto& s = report.add("Chaplygin reduction (Section 10)");
  s.paragraphs.push_back("Def 10.1: " + d.chaplygin->detail + ".");
  J["chaplygin"] = {{"holds", d.chaplygin->holds()}, {"detail", d.chaplygin->detail}};
  if (!d.chaplygin->holds()) {
    s.paragraphs.push_back("Not a Chaplygin-type symmetry: no reduction to a forced system on M.");
    return;
  }
  s.checks.push_back({"D + V = TQ is a direct sum (Def 10.1 (1))", true, "rank count and g^D = 0"});
  s.checks.push_back({"D_d is the Hor of an affine discrete connection (Def 10.1 (2))", true,
                      "the constraints solved for g1 (linear, unique)"});
  if (!d.chaplygin_system) return;
  const DiscreteSystem& star = *d.chaplygin_system;
  const Chart& M = star.chart();
  s.paragraphs.push_back("The forced, unconstrained system on M (Theorem 10.7), with the connection whose Hor is D_d; reconstruction "
                         "q_{k+1} = pr2 h_d(q_k, r_{k+1}) (Theorem 10.10).");
  add_eq(s, "L*_d", "L^*_d(r_0, r_1)", star.lagrangian());
  json fm = json::object(), fp = json::object(), eqs = json::array();
  for (std::size_t a = 0; a < M.dim(); ++a) {
    add_eq(s, "f*-_" + coord(M, a), "f^{*-}_{" + latex_name(coord(M, a)) + "}", star.force_minus()[a]);
    add_eq(s, "f*+_" + coord(M, a), "f^{*+}_{" + latex_name(coord(M, a)) + "}", star.force_plus()[a]);
    fm[coord(M, a)] = json_expression(show(star.force_minus()[a]));
    fp[coord(M, a)] = json_expression(show(star.force_plus()[a]));
  }
  const auto E = momentum_balance(star);
  for (std::size_t a = 0; a < M.dim(); ++a) {
    add_eq(s, "(51)_" + coord(M, a), "(51)_{" + latex_name(coord(M, a)) + "}", E[a]);
    eqs.push_back(json_expression(show(E[a])));
  }
  s.checks.push_back(check_of("(51) = the unreduced (3) paired with horizontal lifts along h_d", shape_system_check(*d.chaplygin_reduced, star)));
  J["chaplygin"]["lagrangian"] = json_expression(show(star.lagrangian()));
  J["chaplygin"]["forces"] = {{"minus", fm}, {"plus", fp}};
  J["chaplygin"]["equations"] = eqs;
}

void report_horizontal_symmetry(const Derived& d, Report& report, json& J) {
  auto& s = report.add("Horizontal symmetry (Section 11)");
  const TrivialBundle& B = *d.in.bundle;
  std::string h;
  for (auto j : d.in.subgroup) h += (h.empty() ? "" : ", ") + group_coordinate_names(B)[j];
  s.paragraphs.push_back("H: the subgroup on (" + h + "). " + d.hs_test->detail + ".");
  s.checks.push_back({"(53) D_q cap V_q = h_Q(q) for all q (Def 11.1)", d.hs_test->horizontal, "g^D_q over the functions on Q, zero test"});
  J["horizontal_symmetry"] = {{"horizontal", d.hs_test->horizontal}, {"detail", d.hs_test->detail}};
  if (!d.hs_bundle) return;
  const TrivialBundle& H = *d.hs_bundle;
  const auto hn = group_coordinate_names(H);
  const auto Jnh = momentum_map(d.in.system, H);
  for (std::size_t j = 0; j < Jnh.size(); ++j) add_eq(s, "J_nh(e_" + hn[j] + ")", "J_{nh}(e_{" + latex_name(hn[j]) + "})", Jnh[j]);
  const ZeroVerdict reg = h_regularity(d.in.system, H);
  s.checks.push_back(check_of("L_d is H-regular (Def 11.6)", reg, false));
  s.checks.push_back(check_of("Lemma 11.4 J_nh(l_h q0, l_h q1) = Ad*_{h^-1} J_nh(q0, q1)", lemma_11_4(d.in.system, H)));
  if (!d.hs_connection) {
    s.paragraphs.push_back("No momentum connection: " + d.hs_note);
    return;
  }
  const MomentumConnection& mc = *d.hs_connection;
  for (std::size_t j = 0; j < mc.beta.size(); ++j) add_eq(s, "beta^" + hn[j], "\\beta^{" + latex_name(hn[j]) + "}(q_0, q_1)", mc.beta[j]);
  s.checks.push_back(check_of("Ad*_h mu = mu (Prop 11.11)", mc.coadjoint_invariant));
  json jj = json::object(), bj = json::object();
  for (std::size_t j = 0; j < hn.size(); ++j) {
    jj[hn[j]] = json_expression(show(Jnh[j]));
    bj[hn[j]] = json_expression(show(mc.beta[j]));
  }
  J["horizontal_symmetry"]["J_nh"] = jj;
  J["horizontal_symmetry"]["beta"] = bj;
  json cj;
  report_connection(mc.connection, "Hor^mu = J_nh^-1(mu) (Prop 11.11)", report, cj);
  J["horizontal_symmetry"]["connection"] = cj;
  if (!d.hs_system) return;
  auto& t = report.add("Reduction by the horizontal symmetry (Theorems 11.13, 11.14)");
  const DiscreteSystem& star = *d.hs_system;
  const Chart& M = star.chart();
  add_eq(t, "L*_d", "L^*_d(r_0, r_1)", star.lagrangian());
  for (std::size_t a = 0; a < star.variational().size(); ++a)
    for (unsigned i = 0; i < M.dim(); ++i)
      if (!star.variational()[a].component({i}).is_zero())
        add_eq(t, "omega*" + std::to_string(a + 1) + "_" + coord(M, i), "\\omega^{*" + std::to_string(a + 1) + "}_{" + latex_name(coord(M, i)) + "}", star.variational()[a].component({i}));
  for (std::size_t b = 0; b < star.kinematic().size(); ++b) add_eq(t, "phi*" + std::to_string(b + 1), "\\phi^{*" + std::to_string(b + 1) + "}", star.kinematic()[b]);
  const GroupElement rec = reconstruction_step(*d.hs_reduced);
  GiNaC::exmap w_e;
  const auto w0 = reduced_slot(H, 0);
  for (std::size_t j = 0; j < w0.size(); ++j) w_e[w0[j]] = H.group().identity()[j];
  for (std::size_t j = 0; j < hn.size(); ++j) add_eq(t, hn[j] + "_{k+1}", latex_name(hn[j]) + "_{k+1}", rec[j].subs(w_e));
  t.paragraphs.push_back("Reduced system on Q/H with J_nh = mu: variational constraints d pi(D), kinematic constraints from D_d, forces "
                         "from the mixed curvature; reconstruction q_{k+1} = pr2 h^mu_d(q_k, r_{k+1}) keeps J_nh = mu.");
  const ReductionChecks c = check_against_unreduced(*d.hs_reduced);
  if (!d.hs_reduced->horizontal.empty())
    t.checks.push_back(check_of("reduced horizontal equations = unreduced (3) paired with Hor_q1(dr)", c.horizontal));
  if (!d.hs_reduced->vertical.empty())
    t.checks.push_back(check_of("reduced vertical equations = unreduced (3) paired with the generators of h", c.vertical));
  t.checks.push_back(check_of("the system on Q/H = the unreduced (3) along h^mu_d (Theorem 11.13)", shape_system_check(*d.hs_reduced, star)));
  J["horizontal_symmetry"]["reduced_lagrangian"] = json_expression(show(star.lagrangian()));
}

void report_simulation(const Derived& d, const SimulationResult& r, Report& report, json& J) {
  auto& s = report.add("Simulation check (reduced, reconstructed, against unreduced)");
  const DiscreteSimulation& sim = *d.in.simulation;
  json sj = {{"steps", sim.steps}};
  if (r.unreduced) {
    s.paragraphs.push_back("Unreduced Newton on (3): " + std::to_string(sim.steps) + " steps, at most " +
                           std::to_string(r.unreduced->max_iterations) + " iterations per step (mean " + sci(r.unreduced->mean_iterations()) +
                           "), largest residual " + sci(r.unreduced->max_residual) + ".");
    sj["max_iterations"] = r.unreduced->max_iterations;
    sj["max_residual"] = r.unreduced->max_residual;
  }
  if (!r.reduced_route.empty()) {
    s.paragraphs.push_back("Reduced route: " + r.reduced_route + "; at most " + std::to_string(r.reduced_max_iterations) + " iterations per step.");
    sj["reduced_route"] = r.reduced_route;
  }
  if (!r.reduced_note.empty()) s.paragraphs.push_back("No reduced route: " + r.reduced_note);
  if (r.reconstruction_error >= 0) {
    const double tol = 1e-9;
    s.checks.push_back({"reduced-then-reconstructed trajectory = unreduced integration (max |dq| <= 1e-9)",
                        r.reconstruction_error <= tol, "numeric: max |q_rec - q| = " + sci(r.reconstruction_error) + " over " + std::to_string(sim.steps) + " steps"});
    sj["reconstruction_error"] = r.reconstruction_error;
  }
  if (!r.energy_dla.empty()) {
    sj["energy_error_variational"] = max_energy_error(r.energy_dla);
    sj["energy_error_heun"] = max_energy_error(r.energy_heun);
    s.paragraphs.push_back("Energy error over " + std::to_string(sim.steps) + " steps: variational " + sci(max_energy_error(r.energy_dla)) +
                           ", Heun (order 2, not variational) " + sci(max_energy_error(r.energy_heun)) + ".");
    // bounded: the largest error over the second half is not above that over the first half (+10%)
    const std::size_t half = r.energy_dla.size() / 2;
    double first = 0, second = 0;
    for (std::size_t k = 0; k < r.energy_dla.size(); ++k)
      (k < half ? first : second) = std::max(k < half ? first : second, std::fabs(r.energy_dla[k] - r.energy_dla[0]));
    s.checks.push_back({"the energy error of the variational integrator does not grow (second half <= 1.1 x first half)",
                        second <= 1.1 * first, "numeric: " + sci(first) + " then " + sci(second)});
  }
  J["simulation"] = sj;
}

void derive_report(const SystemFile& file, Report& report) {
  const Derived d = derive_state(file);
  json J = json::object();
  report_system(d, report, J);
  report_equations(d, report, J);
  if (d.in.bundle) {
    report_symmetry(d, report, J);
    if (d.in.subgroup.empty() && d.in.connection) {
      json cj;
      report_connection(*d.in.connection, d.in.connection_origin, report, cj);
      J["connection"] = cj;
    }
    if (d.reduced) {
      report_reduced(d, report, J);
    } else if (d.in.subgroup.empty()) {
      auto& s = report.add("Reduced system (Theorem 5.11)");
      s.paragraphs.push_back("Not derived: " + d.nh_note);
    }
    if (d.nh || !d.in.sections.empty()) report_momentum(d, report, J);
    if (d.chaplygin) report_chaplygin(d, report, J);
    if (d.hs_test) report_horizontal_symmetry(d, report, J);
  }
  if (d.in.simulation) {
    try {
      report_simulation(d, run_simulation(d), report, J);
    } catch (const DomainError& e) {  // a step that does not converge: reported, not fatal for derive
      auto& s = report.add("Simulation check (reduced, reconstructed, against unreduced)");
      s.checks.push_back({"the simulation runs", false, e.what()});
    }
  }
  report.json["discrete"] = J;
}

// ------------------------------------------------------------------ simulate

int simulate_file(const SystemFile& file, const SimulateOptions& o, std::ostream& out) {
  const Derived d = derive_state(file);
  const DiscreteSimulation& sim = *d.in.simulation;
  const SimulationResult r = run_simulation(d);
  const Chart& Q = d.in.system.chart();
  const std::size_t n = Q.dim(), N = sim.steps;
  const double h = GiNaC::ex_to<GiNaC::numeric>(d.in.system.step().subs(sim.values).evalf()).to_double();
  if (!o.quiet) {
    out << "discrete simulation of " << file.name << ": " << N << " steps of h = " << h << "\n";
    if (r.unreduced)
      out << "  unreduced (3): max " << r.unreduced->max_iterations << " Newton iterations per step (mean "
          << sci(r.unreduced->mean_iterations()) << "), max residual " << sci(r.unreduced->max_residual) << "\n";
    if (!r.reduced_route.empty()) out << "  reduced: " << r.reduced_route << ", max " << r.reduced_max_iterations << " iterations per step\n";
    if (!r.reduced_note.empty()) out << "  reduced: none (" << r.reduced_note << ")\n";
    if (!r.energy_dla.empty())
      out << "  energy error: variational " << sci(max_energy_error(r.energy_dla)) << ", Heun " << sci(max_energy_error(r.energy_heun)) << "\n";
    const auto& last = r.unreduced ? r.unreduced->q.back() : r.reconstructed.back();
    out << "  q_" << N << " =";
    for (std::size_t i = 0; i < n; ++i) out << " " << Q.coordinate_name(i) << " = " << sci(last[i]);
    out << "\n";
  }
  if (r.reconstruction_error >= 0)
    out << "  reduced-then-reconstructed vs unreduced: max |dq| = " << sci(r.reconstruction_error)
        << (r.reconstruction_error <= 1e-9 ? " (agree)" : " (DISAGREE)") << "\n";
  if (!o.csv.empty()) {
    std::vector<std::string> header{"k", "t"};
    const bool unr = r.unreduced.has_value();
    if (unr)
      for (std::size_t i = 0; i < n; ++i) header.push_back(Q.coordinate_name(i));
    const std::size_t m = unr ? d.in.system.variational().size() : 0;
    for (std::size_t a = 0; a < m; ++a) header.push_back("nu" + std::to_string(a + 1));
    const bool rec = !r.reconstructed.empty();
    if (rec)
      for (std::size_t i = 0; i < n; ++i) header.push_back(Q.coordinate_name(i) + "_reconstructed");
    std::vector<std::string> wn;
    if (!r.reduced_w.empty())
      for (const auto& g : group_coordinate_names(*d.in.bundle)) wn.push_back("w_" + g);
    header.insert(header.end(), wn.begin(), wn.end());
    const bool en = !r.energy_dla.empty();
    if (en) {
      header.push_back("energy_variational");
      header.push_back("energy_heun");
    }
    CsvWriter w(o.csv, header);
    const double nan = std::nan("");
    for (std::size_t k = 0; k <= N; ++k) {
      std::vector<double> row{static_cast<double>(k), k * h};
      if (unr)
        for (std::size_t i = 0; i < n; ++i) row.push_back(r.unreduced->q[k][i]);
      for (std::size_t a = 0; a < m; ++a)
        row.push_back(k >= 1 && k - 1 < r.unreduced->multipliers.size() ? r.unreduced->multipliers[k - 1][a] : nan);
      if (rec)
        for (std::size_t i = 0; i < n; ++i) row.push_back(k < r.reconstructed.size() ? r.reconstructed[k][i] : nan);
      for (std::size_t j = 0; j < wn.size(); ++j) row.push_back(k < r.reduced_w.size() ? r.reduced_w[k][j] : nan);
      if (en) {
        row.push_back(k < r.energy_dla.size() ? r.energy_dla[k] : nan);
        row.push_back(k < r.energy_heun.size() ? r.energy_heun[k] : nan);
      }
      w.row(row);
    }
    out << "CSV written to " << o.csv << " (" << w.rows() << " rows)\n";
  }
  if (!o.plot.empty()) {
    std::string base = o.plot;
    for (const char* ext : {".svg", ".png"})
      if (base.size() > 4 && base.compare(base.size() - 4, 4, ext) == 0) base.resize(base.size() - 4);
    Plot p;
    for (std::size_t k = 0; k <= N; ++k) p.x.push_back(k * h);
    p.xlabel = "t = k h";
    if (!r.energy_dla.empty()) {
      p.title = file.name + ": energy error, variational vs Heun";
      p.ylabel = "E_k - E_0";
      Series a{"discrete Lagrange-d'Alembert", {}}, b{"Heun (order 2)", {}};
      for (std::size_t k = 0; k <= N; ++k) {
        a.y.push_back(k < r.energy_dla.size() ? r.energy_dla[k] - r.energy_dla[0] : r.energy_dla.back() - r.energy_dla[0]);
        b.y.push_back(r.energy_heun[k] - r.energy_heun[0]);
      }
      p.series = {a, b};
    } else {
      p.title = file.name + ": discrete trajectory";
      p.ylabel = "q_k";
      const auto& q = r.unreduced ? r.unreduced->q : r.reconstructed;
      for (std::size_t i = 0; i < n; ++i) {
        Series s{Q.coordinate_name(i), {}};
        for (std::size_t k = 0; k <= N; ++k) s.y.push_back(q[k][i]);
        p.series.push_back(s);
      }
    }
    const PlotFiles files = plot(p, base);
    out << "plot written to " << files.svg << "\n";
  }
  return r.reconstruction_error > 1e-9 ? 1 : 0;
}

// ------------------------------------------------------------------ claims

ClaimResult compare_claim(const Claim& c, const ex& derived, const ex& claimed, const Chart& chart) {
  ClaimResult res;
  res.name = c.name;
  res.kind = c.kind;
  res.line = c.node.Mark().line + 1;
  const ZeroVerdict v = rescaled_zero_test(derived - claimed, chart);
  res.holds = v.zero;
  res.how = v.how();
  res.derived = to_text(show(derived));
  res.claimed = to_text(claimed);
  if (!v.zero && !v.point.empty()) res.counterexample = describe_point(v.point);
  return res;
}

std::size_t index_in(const Document& doc, const YAML::Node& n, const std::vector<std::string>& names, const std::string& what) {
  const std::string s = doc.scalar(n, what);
  const auto it = std::find(names.begin(), names.end(), s);
  if (it == names.end()) {
    std::string msg = what + ": unknown name '" + s + "'; expected one of";
    for (const auto& x : names) msg += " " + x;
    doc.fail(n, msg + ", got '" + s + "'");
  }
  return static_cast<std::size_t>(it - names.begin());
}

ClaimResult check_one(const Document& doc, const Derived& d, const Claim& c, const ExpressionReader& reader) {
  const YAML::Node& b = c.body;
  const auto value = [&]() {
    if (!b["value"]) doc.fail(b, "expected 'value', got none");
    return doc.expression(b["value"], reader, "'value'");
  };
  const Chart& Q = d.in.system.chart();
  const auto need_reduced = [&]() -> const ReducedSystem& {
    if (!d.reduced) doc.fail(b, "a '" + c.kind + "' claim needs a reduced system ('symmetry' and a nonholonomic connection); got none");
    return *d.reduced;
  };
  if (c.kind == "discrete_lagrangian") return compare_claim(c, d.in.system.lagrangian(), value(), d.in.system.triple());
  if (c.kind == "discrete_equation") {
    if (!b["coordinate"]) doc.fail(b, "expected 'coordinate', got none");
    const std::size_t i = index_in(doc, b["coordinate"], all_names(Q), "'coordinate'");
    return compare_claim(c, d.eq.momentum_balance[i], value(), d.in.system.triple());
  }
  if (c.kind == "reduced_lagrangian") {
    const ReducedSystem& R = need_reduced();
    return compare_claim(c, R.lagrangian, value(), reduced_chart(R.bundle()));
  }
  if (c.kind == "reduced_force" || c.kind == "mixed_curvature") {
    const ReducedSystem& R = need_reduced();
    if (!b["slot"] || !b["shape"]) doc.fail(b, "expected 'slot' (minus or plus) and 'shape' (a shape coordinate), got none");
    const std::string slotv = doc.scalar(b["slot"], "'slot'");
    if (slotv != "minus" && slotv != "plus") doc.fail(b["slot"], "'slot': expected minus or plus, got '" + slotv + "'");
    const std::size_t a = index_in(doc, b["shape"], names_of(Q, R.bundle().shape_indices()), "'shape'");
    if (c.kind == "reduced_force")
      return compare_claim(c, slotv == "minus" ? R.force_minus[a] : R.force_plus[a], value(), reduced_chart(R.bundle()));
    if (!b["group"]) doc.fail(b, "expected 'group' (a group coordinate), got none");
    const std::size_t j = index_in(doc, b["group"], group_coordinate_names(R.bundle()), "'group'");
    const auto& Bm = slotv == "minus" ? R.curvature_minus : R.curvature_plus;
    return compare_claim(c, Bm(static_cast<unsigned>(j), static_cast<unsigned>(a)), value(), reduced_chart(R.bundle()));
  }
  if (c.kind == "reduced_equation") {
    const ReducedSystem& R = need_reduced();
    if (!b["horizontal"] && !b["vertical"]) doc.fail(b, "expected 'horizontal' or 'vertical' (a 1-based index), got none");
    const bool hor = static_cast<bool>(b["horizontal"]);
    const auto& list = hor ? R.horizontal : R.vertical;
    const YAML::Node& at = hor ? b["horizontal"] : b["vertical"];
    const std::string text = doc.scalar(at, "the index");
    std::size_t k = 0;
    bool ok = !text.empty() && text.size() < 6;
    for (char ch : text) ok = ok && std::isdigit(static_cast<unsigned char>(ch));
    if (ok) k = std::stoul(text);
    if (!ok || k < 1 || k > list.size())
      doc.fail(at, "expected an index between 1 and " + std::to_string(list.size()) + ", got '" + text + "'");
    return compare_claim(c, list[k - 1], value(), reduced_chart(R.bundle()));
  }
  if (c.kind == "shape_lagrangian") {
    const DiscreteSystem* star = d.hs_system ? &*d.hs_system : d.chaplygin_system ? &*d.chaplygin_system : nullptr;
    if (!star) doc.fail(b, "a 'shape_lagrangian' claim needs a Chaplygin or horizontal-symmetry reduction; got none");
    const TrivialBundle& B = d.hs_system ? *d.hs_bundle : *d.in.bundle;
    return compare_claim(c, star->lagrangian().subs(shape_symbols_to_q(B)), value(), d.in.system.triple());
  }
  if (c.kind == "discrete_momentum") {
    if (!d.in.bundle) doc.fail(b, "a 'discrete_momentum' claim needs 'symmetry'; got none");
    if (!b["section"]) doc.fail(b, "expected 'section' (a name of 'momentum'), got none");
    std::vector<std::string> names;
    for (const auto& [nm, xi] : d.in.sections) names.push_back(nm);
    const std::size_t i = index_in(doc, b["section"], names, "'section'");
    return compare_claim(c, discrete_momentum(d.in.system, *d.in.bundle, d.in.sections[i].second), value(), d.in.system.triple());
  }
  if (c.kind == "horizontal_symmetry") {
    ClaimResult res;
    res.name = c.name;
    res.kind = c.kind;
    res.line = c.node.Mark().line + 1;
    if (!d.hs_test) doc.fail(b, "a 'horizontal_symmetry' claim needs 'horizontal_symmetry: {subgroup}' in the system file; got none");
    bool claimed = true;
    if (b.IsMap() && b["holds"]) {
      const std::string v = doc.scalar(b["holds"], "'holds'");
      if (v != "true" && v != "false") doc.fail(b["holds"], "'holds': expected true or false, got '" + v + "'");
      claimed = v == "true";
    }
    res.holds = d.hs_test->horizontal == claimed;
    res.how = "(53) " + d.hs_test->detail;
    res.derived = d.hs_test->horizontal ? "true" : "false";
    res.claimed = claimed ? "true" : "false";
    return res;
  }
  doc.fail(c.node, "unknown claim kind '" + c.kind + "'");
}

class DiscreteModule : public Module {
 public:
  std::string name() const override { return "discrete"; }
  std::vector<std::string> keys() const override { return {"discrete"}; }
  bool applies(const SystemFile& f) const override { return static_cast<bool>(f.doc.root()["discrete"]); }
  void derive_legacy(const SystemFile& f, Report& report) const override { derive_report(f, report); }
  std::vector<std::string> claim_kinds() const override {
    return {"discrete_lagrangian", "discrete_equation", "reduced_lagrangian", "reduced_force", "mixed_curvature",
            "reduced_equation", "shape_lagrangian", "discrete_momentum", "horizontal_symmetry"};
  }
  std::vector<ClaimResult> check(const SystemFile& f, const std::vector<Claim>& claims, const ClaimsContext& ctx) const override {
    const Derived d = derive_state(f);
    ExpressionReader reader = d.in.slots;
    apply_context(ctx, reader);
    std::vector<ClaimResult> out;
    for (const auto& c : claims) out.push_back(check_one(ctx.doc ? *ctx.doc : f.doc, d, c, reader));
    return out;
  }
  bool can_simulate(const SystemFile& f) const override {
    const YAML::Node& d = f.doc.root()["discrete"];
    return d.IsMap() && static_cast<bool>(d["simulate"]);
  }
  int simulate(const SystemFile& f, const SimulateOptions& o, std::ostream& out) const override { return simulate_file(f, o, out); }
};

}  // namespace

std::unique_ptr<Module> make_discrete_module() { return std::make_unique<DiscreteModule>(); }

}  // namespace hamel
