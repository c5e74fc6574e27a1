// io/modules/contact/contact_report.cpp
#include "io/modules/contact/contact_report.hpp"

#include "core/error.hpp"
#include "core/latex.hpp"
#include "geometry/linear_algebra.hpp"
#include "mechanics/contact/constrained.hpp"
#include "mechanics/contact/contact_structure.hpp"
#include "mechanics/contact/generalized_distribution.hpp"
#include "mechanics/contact/impact.hpp"
#include "mechanics/contact/legendre.hpp"
#include "mechanics/contact/momentum_jump.hpp"

namespace hamel {

namespace {

using GiNaC::ex;
using nlohmann::json;

ReportCheck holds(const std::string& name, const ZeroVerdict& v) { return {name, v.zero, v.how()}; }
ReportCheck nonzero(const std::string& name, const ZeroVerdict& v) { return {name, !v.zero, v.how()}; }

// Every component zero: the verdict of the first nonzero one, else the last.
ZeroVerdict all_zero(const std::vector<ex>& v, const Chart& C) {
  ZeroVerdict last;
  last.zero = true;
  last.detail = "no components";
  for (const auto& e : v) {
    last = zero_test(e, C);
    if (!last.zero) return last;
  }
  return last;
}

ZeroVerdict matrix_zero(const GiNaC::matrix& m, const Chart& C) {
  std::vector<ex> v;
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j) v.push_back(m(i, j));
  return all_zero(v, C);
}

std::string ddot_text(const std::string& q) { return q + "_ddot"; }
std::string ddot_latex(const std::string& q) { return "\\ddot{" + latex_name(q) + "}"; }

ReportEquation eq(const std::string& text, const std::string& latex, const ex& rhs) { return {text, latex, pretty(rhs), "", ""}; }

// Adds text = e (in the form for people) and returns that form, for the JSON.
ex show(ReportSection& s, const std::string& text, const std::string& latex, const ex& e) {
  s.equations.push_back(eq(text, latex, e));
  return s.equations.back().rhs;
}

std::string plus_name(const std::string& n) { return n + "+"; }
std::string plus_latex(const std::string& n) { return latex_name(n) + "^{+}"; }

bool is_one(const ex& a) { return GiNaC::is_a<GiNaC::numeric>(a) && a.is_equal(1); }

struct Context {
  const ContactFile& file;
  const ContactLagrangian& L;
  const Chart& Q;
  const Chart& T;
  VectorField gamma;
  ex E;
  std::optional<ContactLegendre> leg;
  json& J;
};

void lagrangian_section(Context& c, Report& report) {
  auto& s = report.add("Action-dependent Lagrangian (001 §II-A, 003 §2)");
  const std::size_t n = c.L.dim();
  s.paragraphs.push_back("TQ x R has the coordinates " + c.T.describe() + "; z is the action, with z_dot = L (001 (3)).");
  s.equations.push_back(eq("L", "L", c.L.lagrangian()));
  json W = json::object();
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = i; j < n; ++j) {
      const ex w = c.L.hessian()(i, j);
      if (w.is_zero()) continue;
      const std::string a = c.T.coordinate_name(n + i), b = c.T.coordinate_name(n + j);
      s.equations.push_back(eq("W_" + a + "," + b, "W_{" + latex_name(a) + latex_name(b) + "}", w));
      W[a + "," + b] = json_expression(w);
    }
  s.equations.push_back(eq("E_L", "E_L", c.E));
  s.equations.push_back(eq("dL/dz", "\\partial L/\\partial z", dissipation_rate(c.L)));
  s.checks.push_back(nonzero("L is regular: det W != 0 (001 §II-A)", zero_test(c.L.hessian().determinant(), c.T)));
  if (const auto parts = contact_mechanical_parts(c.L))
    s.paragraphs.push_back("L is mechanical, L = 1/2 g(q_dot, q_dot) - V(q, z) (003 (12)), with V = " + to_text(pretty(parts->potential)) + ".");
  c.J["lagrangian"] = json_expression(c.L.lagrangian());
  c.J["hessian"] = W;
  c.J["energy"] = json_expression(pretty(c.E));
  c.J["dissipation_rate"] = json_expression(pretty(dissipation_rate(c.L)));
}

void herglotz_section(Context& c, Report& report) {
  auto& s = report.add("Herglotz equations (001 (6), 003 (11)) and dissipation (001 (7b), Def. 1)");
  const std::size_t n = c.L.dim();
  json H = json::object();
  for (std::size_t i = 0; i < n; ++i) {
    const std::string q = c.Q.coordinate_name(i);
    H[q] = json_expression(show(s, ddot_text(q), ddot_latex(q), c.gamma[n + i]));
  }
  s.equations.push_back(eq("z_dot", "\\dot{z}", c.gamma[2 * n]));
  H["z"] = json_expression(c.gamma[2 * n]);
  c.J["herglotz_equations"] = H;
  std::vector<ex> acc(c.gamma.components().begin() + static_cast<long>(n), c.gamma.components().begin() + static_cast<long>(2 * n));
  s.checks.push_back(holds("Gamma_L solves the Herglotz equations (6)", all_zero(herglotz_equations(c.L, acc), c.T)));
  if (const auto parts = contact_mechanical_parts(c.L)) {
    const auto mech = mechanical_accelerations(c.L, *parts);
    std::vector<ex> d;
    for (std::size_t i = 0; i < n; ++i) d.push_back(acc[i] - mech[i]);
    s.checks.push_back(holds("the accelerations equal -Gamma^i_jk q_dot^j q_dot^k - g^ij dV/dq^j - q_dot^i dV/dz (003 (13))", all_zero(d, c.T)));
  }
  s.checks.push_back(holds("E_L is dissipated: dE_L/dt = (dL/dz) E_L (001 (7b), Remark 1)", is_dissipated(c.L, c.E)));
  json D = json::array();
  for (const auto& [i, p] : cyclic_momenta(c.L)) {
    const std::string name = "p_" + c.Q.coordinate_name(i);
    s.paragraphs.push_back(c.Q.coordinate_name(i) + " is cyclic: its momentum " + name + " = " + to_text(pretty(p)) +
                           " is dissipated at the rate dL/dz (001 Def. 1, as (28)).");
    s.checks.push_back(holds(name + " = " + to_text(pretty(p)) + " is a dissipated quantity", is_dissipated(c.L, p)));
    D.push_back(json_expression(pretty(p)));
  }
  c.J["dissipated"] = D;
}

void structure_section(Context& c, Report& report) {
  auto& s = report.add("Contact Lagrangian structure (001 (43)-(48), 003 (6)-(10))");
  const std::size_t n = c.L.dim(), N = 2 * n + 1;
  const Form eta = contact_form(c.L);
  const VectorField R = reeb_field(c.L);
  json etaj = json::object(), Rj = json::object(), Gj = json::object();
  for (unsigned i = 0; i < N; ++i) {
    const std::string x = c.T.coordinate_name(i);
    const ex e = eta.component({i});
    if (!e.is_zero()) {
      s.equations.push_back({"eta_L[" + x + "]", "(\\eta_L)_{" + latex_name(x) + "}", pretty(e), "", ""});
      etaj[x] = json_expression(pretty(e));
    }
    if (!R[i].is_zero()) {
      s.equations.push_back({"R_L^" + x, "\\mathcal{R}_L^{" + latex_name(x) + "}", pretty(R[i]), "", ""});
      Rj[x] = json_expression(pretty(R[i]));
    }
    Gj[x] = json_expression(pretty(c.gamma[i]));
  }
  c.J["contact_form"] = etaj;
  c.J["reeb_field"] = Rj;
  c.J["lagrangian_vector_field"] = Gj;
  s.paragraphs.push_back("Gamma_L (001 (47)-(48)) has the components q_dot, the accelerations above, and L.");
  if (N <= 9)
    s.checks.push_back(holds("det flat_L = (det W)^2: eta_L is a contact form iff L is regular",
                             zero_test(flat_matrix(eta).determinant() - GiNaC::pow(c.L.hessian().determinant(), 2), c.T)));
  s.checks.push_back(nonzero("eta_L ^ (d eta_L)^n != 0", contact_volume_test(eta)));
  s.checks.push_back(holds("flat_L(R_L) = eta_L: R_L of (6) is the Reeb field", zero_test(flat(eta, R) - eta)));
  s.checks.push_back(holds("flat_L(Gamma_L) = dE_L - (E_L + R_L(E_L)) eta_L (001 (43), 003 (7))",
                           zero_test(flat(eta, c.gamma) - (differential(c.E, c.T) - (c.E + R(c.E)) * eta))));
  s.checks.push_back(holds("R_L(E_L) = -dL/dz (001 Remark 2)", zero_test(R(c.E) + dissipation_rate(c.L), c.T)));
  s.checks.push_back(holds("eta_L(Gamma_L) = -E_L (003 (8))", zero_test(evaluate(eta, {c.gamma}) + c.E, c.T)));
  s.checks.push_back(holds("L_Gamma eta_L = -R_L(E_L) eta_L (003 (8))", zero_test(lie_derivative(c.gamma, eta) + R(c.E) * eta)));
  std::vector<ex> sode;
  for (std::size_t i = 0; i < n; ++i) sode.push_back(c.gamma[i] - c.L.velocities()[i]);
  s.checks.push_back(holds("Gamma_L is a SODE (S(Gamma_L) = Delta)", all_zero(sode, c.T)));
}

void legendre_section(Context& c, Report& report) {
  auto& s = report.add("Legendre transform and contact Hamiltonian (001 (20), (40)-(42a), 003 (1)-(5))");
  if (!c.leg) {
    s.paragraphs.push_back("The momenta are not affine in the velocities: the inverse Legendre transform is not solved, "
                           "so H and X_H are not derived.");
    return;
  }
  const ContactLegendre& leg = *c.leg;
  const Chart& M = leg.forward.target;
  const std::size_t n = c.L.dim();
  s.paragraphs.push_back("T*Q x R has the Darboux coordinates " + M.describe() + ", eta = dz - p_i dq^i, R = d/dz.");
  json Lg = json::object(), inv = json::object(), XHj = json::object();
  for (std::size_t i = 0; i < n; ++i) {
    const std::string p = M.coordinate_name(n + i), v = c.T.coordinate_name(n + i);
    Lg[p] = json_expression(show(s, p, latex_name(p), leg.forward.images[n + i]));
    inv[v] = json_expression(pretty(leg.inverse.images[n + i]));
  }
  s.equations.push_back(eq("H", "H", leg.hamiltonian));
  const VectorField XH = darboux_hamiltonian_vector_field(M, leg.hamiltonian);
  for (std::size_t i = 0; i < M.dim(); ++i) {
    const std::string x = M.coordinate_name(i);
    XHj[x] = json_expression(show(s, x + "_dot", "\\dot{" + latex_name(x) + "}", XH[i]));
  }
  c.J["legendre"] = Lg;
  c.J["inverse_legendre"] = inv;
  c.J["hamiltonian"] = json_expression(pretty(leg.hamiltonian));
  c.J["hamiltonian_vector_field"] = XHj;
  std::vector<ex> id;
  for (std::size_t i = 0; i < n; ++i) id.push_back(compose(leg.forward.images[n + i], leg.inverse) - M[n + i]);
  s.checks.push_back(holds("Leg(Leg^-1(q, p, z)) = (q, p, z)", all_zero(id, M)));
  const Form eta = darboux_contact_form(M);
  const VectorField R = reeb_field(eta);
  const ex& H = leg.hamiltonian;
  s.checks.push_back(holds("X_H of (41) satisfies flat(X_H) = dH - (R(H) + H) eta (001 (40))",
                           zero_test(flat(eta, XH) - (differential(H, M) - (R(H) + H) * eta))));
  s.checks.push_back(holds("X_H(H) = -R(H) H (001 (42a))", zero_test(XH(H) + R(H) * H, M)));
  s.checks.push_back(holds("i_{X_H} d eta = dH - R(H) eta (001 (42a))",
                           zero_test(interior_product(XH, exterior_derivative(eta)) - (differential(H, M) - R(H) * eta))));
  s.checks.push_back(holds("eta(X_H) = -H (003 (2))", zero_test(evaluate(eta, {XH}) + H, M)));
  s.checks.push_back(holds("Leg_* Gamma_L = X_H (Lagrangian to Hamiltonian)", all_zero(relatedness_defect(leg.forward, c.gamma, XH), c.T)));
  s.checks.push_back(holds("(Leg^-1)_* X_H = Gamma_L (Hamiltonian to Lagrangian)", all_zero(relatedness_defect(leg.inverse, XH, c.gamma), M)));
}

void impact_section(Context& c, Report& report, std::size_t k) {
  const ContactWall& w = c.file.system.walls[k];
  const std::size_t n = c.L.dim();
  auto& s = report.add("Impact on '" + w.name + "': " + c.file.wall_texts[k] + " (001 Theorem 1, (8); 003 (28)-(36))");
  s.paragraphs.push_back("Psi = " + to_text(pretty(w.psi)) + " >= 0 is the admissible set C; impacts happen on Psi = 0 when "
                         "dPsi(q_dot) < 0 (the guard of 001 §V, E17); q and z are continuous.");
  s.paragraphs.push_back("Simple hybrid contact Lagrangian system (001 Def. 3): D = TQ x R, X = Gamma_L, "
                         "S = {Psi = 0, dPsi(q_dot) < 0}, Delta(q, q_dot-, z) = (q, q_dot+, z) below.");
  json I = json::object();
  I["psi"] = json_expression(pretty(w.psi));
  I["restitution"] = json_expression(w.restitution);
  const GiNaC::ex dpsi_v = [&] {
    ex d = 0;
    for (std::size_t i = 0; i < n; ++i) d += w.psi.diff(GiNaC::ex_to<GiNaC::symbol>(c.Q[i])) * c.L.velocities()[i];
    return d;
  }();
  if (!c.L.affine_momenta()) {
    s.paragraphs.push_back("The momenta are not affine in the velocities: the conditions (8) are written out but not solved.");
    const ImpactConditions ic = impact_conditions(c.L, w.psi);
    for (std::size_t e = 0; e < ic.equations.size(); ++e)
      s.equations.push_back(eq("(8)." + std::to_string(e + 1), "(8)_{" + std::to_string(e + 1) + "}", ic.equations[e]));
    c.J["impacts"][w.name] = I;
    return;
  }
  const ImpactConditions ic = impact_conditions(c.L, w.psi);
  json tangent = json::array();
  for (const auto& t : ic.tangent) {
    json tj = json::object();
    std::string txt;
    for (std::size_t i = 0; i < n; ++i)
      if (!t[i].is_zero()) {
        tj[c.Q.coordinate_name(i)] = json_expression(pretty(t[i]));
        txt += (txt.empty() ? "" : " + ") + ("(" + to_text(pretty(t[i])) + ") d/d" + c.Q.coordinate_name(i));
      }
    tangent.push_back(tj);
    s.paragraphs.push_back("T(dC) is spanned by " + txt + ".");
  }
  I["tangent"] = tangent;
  const auto sols = solve_impact_conditions(c.L, w.psi);
  const auto reflection = restitution_map(c.L, w.psi, 1);
  s.paragraphs.push_back("The conditions (8) (momentum along T(dC) and E_L continuous) have " + std::to_string(sols.size()) +
                         " solutions: q_dot+ = q_dot- (no impact) and the impact below.");
  json solj = json::array();
  for (const auto& sol : sols) {
    json one = json::object();
    for (std::size_t i = 0; i < n; ++i) one[c.T.coordinate_name(n + i)] = json_expression(pretty(sol[i]));
    solj.push_back(one);
  }
  I["solutions_of_8"] = solj;
  if (sols.size() == 2) {
    std::vector<ex> d;
    for (std::size_t i = 0; i < n; ++i) d.push_back(sols[1][i] - reflection[i]);
    s.checks.push_back(holds("'" + w.name + "': the non-trivial solution of (8) is the W-reflection (003 (33), alpha = 1)", all_zero(d, c.T)));
  }
  const auto post = is_one(w.restitution) ? reflection : restitution_map(c.L, w.psi, w.restitution);
  json vm = json::object();
  for (std::size_t i = 0; i < n; ++i) {
    const std::string v = c.T.coordinate_name(n + i);
    vm[v] = json_expression(show(s, plus_name(v), plus_latex(v), post[i]));
  }
  I["velocity_map"] = vm;
  const GiNaC::exmap after = velocity_substitution(c.L, post);
  // momentum along T(dC) continuous (8a, 51a) — for every restitution
  const auto p = momenta(c.L);
  std::vector<ex> tang;
  for (const auto& t : ic.tangent) {
    ex e = 0;
    for (std::size_t i = 0; i < n; ++i) e += (p[i] - p[i].subs(after)) * t[i];
    tang.push_back(e);
  }
  s.checks.push_back(holds("'" + w.name + "': the momentum along T(dC) is continuous (8), (51a)", all_zero(tang, c.T)));
  s.checks.push_back(holds("'" + w.name + "': dPsi(q_dot+) = -alpha dPsi(q_dot-) (003 (32))",
                           zero_test(dpsi_v.subs(after) + w.restitution * dpsi_v, c.T)));
  std::vector<ex> jump;
  for (std::size_t i = 0; i < n; ++i) jump.push_back(post[i] - c.L.velocities()[i]);
  const ex Tl = kinetic_energy(c.L, jump);
  const ex dE = energy_after(c.L, post) - c.E;
  s.equations.push_back(eq("T_l", "T_l", Tl));
  s.equations.push_back(eq("E_L+ - E_L-", "E_L^{+} - E_L^{-}", dE));
  s.checks.push_back(holds("'" + w.name + "': Carnot, E+ - E- = -(1 - alpha)/(1 + alpha) T_l (003 Thm 2, (35))",
                           zero_test(dE + (1 - w.restitution) / (1 + w.restitution) * Tl, c.T)));
  s.checks.push_back(holds("'" + w.name + "': E+ - E- = -1/2 (1 - alpha^2) dPsi(q_dot-)^2 / W^-1(dPsi, dPsi)",
                           zero_test(dE - carnot_energy_jump(c.L, w.psi, w.restitution), c.T)));
  if (is_one(w.restitution)) {
    s.checks.push_back(holds("'" + w.name + "': E_L is continuous (8), (51b)", zero_test(dE, c.T)));
    std::vector<ex> inv;
    for (std::size_t i = 0; i < n; ++i) inv.push_back(post[i].subs(after) - c.L.velocities()[i]);
    s.checks.push_back(holds("'" + w.name + "': the impact map is an involution", all_zero(inv, c.T)));
  }
  s.paragraphs.push_back("After an impact at t1 with pre-impact state (q1, q_dot1, z1) (003 Prop. 3 corrected, E9): "
                         "E_L(t) = exp(int_{t1}^t dL/dz) [E_L(q1, q_dot1, z1) - (1 - alpha)/(1 + alpha) T_l(t1)]; "
                         "the printed V(q1, q_dot1, z1) in place of E_L is the potential part only.");
  I["lost_kinetic_energy"] = json_expression(pretty(Tl));
  I["energy_jump"] = json_expression(pretty(dE));
  if (c.leg) {
    const auto pp = momentum_map(c.L, *c.leg, post);
    const Chart& M = c.leg->forward.target;
    json mm = json::object();
    for (std::size_t i = 0; i < n; ++i) {
      const std::string pn = M.coordinate_name(n + i);
      mm[pn] = json_expression(show(s, plus_name(pn), plus_latex(pn), pp[i]));
    }
    I["momentum_map"] = mm;
    // (50): p·v continuous along T(dC), H continuous (α = 1)
    GiNaC::exmap psub;
    for (std::size_t i = 0; i < n; ++i) psub[M[n + i]] = pp[i];
    std::vector<ex> ptang;
    for (const auto& t : ic.tangent) {
      ex e = 0;
      for (std::size_t i = 0; i < n; ++i) e += (M[n + i] - pp[i]) * t[i];
      ptang.push_back(e);
    }
    s.checks.push_back(holds("'" + w.name + "': p_i v^i is continuous along T(dC) on T*Q x R (001 (22), (50))", all_zero(ptang, M)));
    if (is_one(w.restitution))
      s.checks.push_back(holds("'" + w.name + "': H(q, p+, z) = H(q, p-, z) (001 (50))",
                               zero_test(c.leg->hamiltonian.subs(psub) - c.leg->hamiltonian, M)));
  }
  c.J["impacts"][w.name] = I;
}

void constrained_block(Context& c, ReportSection& s, const std::vector<Form>& forms, const std::string& label, json& out) {
  const std::size_t n = c.L.dim();
  const ConstrainedHerglotz h = constrained_herglotz(c.L, forms);
  const VectorField P5 = constrained_vector_field(c.L, forms);
  const DParametrisation d = parametrise_distribution(c.L, forms);
  // shown on D × R, where (15) holds: the solved velocities eliminated (003 writes μ in h, φ, φ̇)
  std::string solved;
  json dj = json::object();
  for (const auto& [v, e] : d.substitution) {
    solved += (solved.empty() ? "" : ", ") + to_text(v) + " = " + to_text(pretty(e));
    dj[to_text(v)] = json_expression(pretty(e));
  }
  s.paragraphs.push_back(label + ": on D x R (" + solved + ") the multipliers of (15) and the accelerations are");
  json lam = json::array(), acc = json::object();
  bool zero_on_d = true;
  for (std::size_t a = 0; a < h.multipliers.size(); ++a) {
    const ex r = simplify(h.multipliers[a].subs(d.substitution));
    zero_on_d = zero_on_d && zero_test(r, c.T).zero;
    lam.push_back(json_expression(show(s, "lambda" + std::to_string(a + 1), "\\lambda_{" + std::to_string(a + 1) + "}", r)));
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::string q = c.Q.coordinate_name(i);
    acc[q] = json_expression(show(s, ddot_text(q), ddot_latex(q), simplify(h.field[n + i].subs(d.substitution))));
  }
  if (zero_on_d) s.paragraphs.push_back(label + ": the multipliers vanish on D (the free motion keeps the constraints).");
  out["on_D"] = dj;
  out["multipliers"] = lam;
  out["accelerations"] = acc;
  s.checks.push_back(holds(label + ": Prop. 5 (60) gives the field of the multipliers of (15)", zero_test(h.field - P5)));
  const auto fbar = constraint_functions(c.L, forms);
  std::vector<ex> tang;
  for (const auto& f : fbar) tang.push_back(P5(f));
  s.checks.push_back(holds(label + ": Gamma_{L,D} is tangent to D x R (47b)", all_zero(tang, c.T)));
  std::vector<ex> herg = herglotz_equations(c.L, std::vector<ex>(h.field.components().begin() + static_cast<long>(n),
                                                                 h.field.components().begin() + static_cast<long>(2 * n)));
  const GiNaC::matrix Psi = constraint_matrix(c.Q, forms);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned a = 0; a < Psi.rows(); ++a) herg[i] += h.multipliers[a] * Psi(a, i);
  s.checks.push_back(holds(label + ": the field solves (15) with the multipliers lambda_a", all_zero(herg, c.T)));
  s.checks.push_back(holds(label + ": on D the constraint forces do no work, dE_L/dt = (dL/dz) E_L",
                           zero_test((P5(c.E) - dissipation_rate(c.L) * c.E).subs(d.substitution), c.T)));
}

void constraints_section(Context& c, Report& report) {
  if (c.file.system.constraints.empty()) return;
  auto& s = report.add("Nonholonomic constraints: constrained Herglotz equations (003 (15)-(17), Prop. 5)");
  json out = json::object();
  constrained_block(c, s, c.file.system.constraints, "constraints", out);
  c.J["constrained"] = out;
}

void switch_section(Context& c, Report& report, std::size_t k) {
  const ContactSwitch& sw = c.file.system.switches[k];
  const std::size_t n = c.L.dim();
  auto& s = report.add("Switching constraints '" + sw.name + "' where " + c.file.switch_texts[k] + " (003 §4, (65)-(74))");
  std::vector<Form> forms = c.file.system.constraints;
  forms.insert(forms.end(), sw.constraints.begin(), sw.constraints.end());
  const std::size_t base = c.file.system.constraints.size(), all = forms.size();
  const RankChange rc = rank_change(base, sw.strict ? base : all, all);
  s.paragraphs.push_back("Counting constraints (the rank of D°, E13) along a crossing into the region: " + rc.describe() + ".");
  json out = json::object();
  out["where"] = json_expression(pretty(sw.where));
  out["strict"] = sw.strict;
  out["constraints_before"] = rc.before;
  out["constraints_at"] = rc.at;
  out["constraints_after"] = rc.after;
  out["case"] = rc.paper_case;
  if (!c.L.affine_momenta()) {
    s.paragraphs.push_back("The momenta are not affine in the velocities: the jump is not solved.");
    c.J["switching"][sw.name] = out;
    return;
  }
  const GiNaC::matrix C = jump_gram_matrix(c.L, forms), P = momentum_projector(c.L, forms);
  json Cj = json::object(), Pj = json::object();
  for (unsigned a = 0; a < C.rows(); ++a)
    for (unsigned b = a; b < C.cols(); ++b) {
      if (C(a, b).is_zero()) continue;
      const std::string key = std::to_string(a + 1) + "," + std::to_string(b + 1);
      s.equations.push_back(eq("C_" + key, "\\mathcal{C}_{" + key + "}", C(a, b)));
      Cj[key] = json_expression(pretty(C(a, b)));
    }
  for (unsigned i = 0; i < P.rows(); ++i)
    for (unsigned j = 0; j < P.cols(); ++j)
      if (!P(i, j).is_zero()) Pj[std::to_string(i + 1) + "," + std::to_string(j + 1)] = json_expression(P(i, j));
  out["gram"] = Cj;
  out["projector"] = Pj;
  const auto post = constraint_jump_map(c.L, forms);
  json vj = json::object(), pj = json::object();
  for (std::size_t i = 0; i < n; ++i) {
    const std::string v = c.T.coordinate_name(n + i);
    vj[v] = json_expression(show(s, plus_name(v), plus_latex(v), post[i]));
  }
  out["velocity_jump"] = vj;
  std::vector<ex> jump;
  for (std::size_t i = 0; i < n; ++i) jump.push_back(post[i] - c.L.velocities()[i]);
  const ex dE = energy_after(c.L, post) - c.E;
  // with Δq̇ = −W^{-1}ψᵀC^{-1}ψ q̇⁻: T(Δq̇) = ½ (ψ q̇⁻)ᵀ C^{-1} (ψ q̇⁻)
  const auto fbar0 = constraint_functions(c.L, forms);
  const GiNaC::matrix Cinv = inverse(C, c.T, "switch_section");
  ex closed = 0;
  for (unsigned a = 0; a < fbar0.size(); ++a)
    for (unsigned b = 0; b < fbar0.size(); ++b) closed -= fbar0[a] * Cinv(a, b) * fbar0[b] / 2;
  out["energy_jump"] = json_expression(show(s, "E_L+ - E_L-", "E_L^{+} - E_L^{-}", closed));
  s.checks.push_back(holds("'" + sw.name + "': E+ - E- = -1/2 psi(q_dot-)^T C^-1 psi(q_dot-)", zero_test(dE - closed, c.T)));
  s.checks.push_back(holds("'" + sw.name + "': P^2 = P (003 (68)-(69))", matrix_zero(P.mul(P).sub(P), c.T)));
  const auto fbar = constraint_functions(c.L, forms);
  std::vector<ex> after_c;
  for (const auto& f : fbar) after_c.push_back(f.subs(velocity_substitution(c.L, post)));
  s.checks.push_back(holds("'" + sw.name + "': the constraints hold after the jump (65b)", all_zero(after_c, c.T)));
  // Δp ∈ span{ψ^a} (65a): W Δq̇ = ψᵀ μ̄
  const auto mu = impulse_multipliers(c.L, forms);
  const GiNaC::matrix Psi = constraint_matrix(c.Q, forms);
  std::vector<ex> span;
  for (unsigned i = 0; i < n; ++i) {
    ex e = 0;
    for (unsigned j = 0; j < n; ++j) e += c.L.hessian()(i, j) * jump[j];
    for (unsigned a = 0; a < Psi.rows(); ++a) e -= Psi(a, i) * mu[a];
    span.push_back(e);
  }
  s.checks.push_back(holds("'" + sw.name + "': p+ - p- lies in span{psi^a} (003 (26), (65a))", all_zero(span, c.T)));
  s.checks.push_back(holds("'" + sw.name + "': Carnot with alpha = 0, E+ - E- = -T(q_dot+ - q_dot-)",
                           zero_test(dE + kinetic_energy(c.L, jump), c.T)));
  if (c.leg) {
    const auto pp = momentum_map(c.L, *c.leg, post);
    const Chart& M = c.leg->forward.target;
    std::vector<ex> pv;
    for (std::size_t i = 0; i < n; ++i) {
      const std::string pn = M.coordinate_name(n + i);
      pj[pn] = json_expression(show(s, plus_name(pn), plus_latex(pn), pp[i]));
    }
    out["momentum_jump"] = pj;
    // for a mechanical L this is P p⁻ (003 (74))
    if (contact_mechanical_parts(c.L)) {
      std::vector<ex> d;
      for (unsigned i = 0; i < n; ++i) {
        ex e = pp[i];
        for (unsigned j = 0; j < n; ++j) e -= P(i, j) * M[n + j];
        d.push_back(e);
      }
      s.checks.push_back(holds("'" + sw.name + "': p+ = P p- with P = Id - psi^T C^-1 psi g^-1 (003 (74))", all_zero(d, M)));
    }
  }
  json cons = json::object();
  auto& s2 = report.add("Constrained dynamics where '" + sw.name + "' is active (003 (15)-(17), Prop. 5)");  // s is invalid from here
  constrained_block(c, s2, forms, "'" + sw.name + "'", cons);
  out["constrained"] = cons;
  c.J["switching"][sw.name] = out;
}

}  // namespace

void derive_contact_report(const ContactFile& file, Report& report) {
  const ContactLagrangian& L = file.system.lagrangian;
  json& J = report.json["contact"];
  J = json::object();
  Context c{file, L, L.base(), L.chart(), lagrangian_vector_field(L), energy(L), std::nullopt, J};
  if (L.affine_momenta()) c.leg = legendre_transform(L);
  lagrangian_section(c, report);
  herglotz_section(c, report);
  structure_section(c, report);
  legendre_section(c, report);
  for (std::size_t k = 0; k < file.system.walls.size(); ++k) impact_section(c, report, k);
  constraints_section(c, report);
  for (std::size_t k = 0; k < file.system.switches.size(); ++k) switch_section(c, report, k);
}

}  // namespace hamel
