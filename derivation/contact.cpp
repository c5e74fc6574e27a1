// derivation/contact.cpp — the derivation of a contact (Herglotz) system, step by step into the model.
#include "derivation/contact.hpp"

#include <algorithm>

#include "derivation/steps.hpp"

#include <optional>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "core/symbolic.hpp"
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

std::string one_based(std::size_t i) { return std::to_string(i + 1); }

// Every verdict here is a theorem of 001/003 (regularity: the reader rejects singular Lagrangians), so
// each is expected to hold; none is a fact that may legitimately be no.
// A zero test whose expected outcome is "not zero" (a determinant, a volume form).
Verdict& nonzero_verdict(DerivationSection& s, const std::string& id, const std::string& statement, const ZeroVerdict& v) {
  return zero_verdict(s, id, statement, v, false);
}

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

std::vector<ex> subtract(const std::vector<ex>& a, const std::vector<ex>& b) {
  std::vector<ex> d;
  for (std::size_t i = 0; i < a.size(); ++i) d.push_back(a[i] - b[i]);
  return d;
}

bool is_one(const ex& a) { return GiNaC::is_a<GiNaC::numeric>(a) && a.is_equal(1); }

// Entries are shown in the form for people (collected, simplified), as the paper prints them.
Entry& put(Object& o, std::vector<std::string> key, Label label, const ex& value) {
  return o.add(std::move(key), std::move(label), simplify(value));
}

// v^+: the value just after an impact or a jump.
Label plus(const std::string& name) { return Label::symbol(name, {}, {"+"}); }

// The energy jump E_L^+ - E_L^-.
Label energy_jump_label() { return Label::symbol("Delta", {"E_L"}); }

// What every step reads: the system, its charts, and what is derived once.
struct Context {
  const ContactSystem& in;
  const ContactLagrangian& L;
  const Chart& Q;  ///< the configuration space
  const Chart& T;  ///< TQ x R: (q, q_dot, z)
  VectorField gamma;
  ex E;
  std::optional<ContactLegendre> leg;  ///< when the momenta are affine in the velocities
  std::size_t n() const { return L.dim(); }
  const std::string& velocity(std::size_t i) const { return T.coordinate_name(n() + i); }
};

void lagrangian(const Context& c, DerivationSection& s) {
  const std::size_t n = c.n();
  s.prose.push_back("$TQ × R$ has the coordinates " + coordinate_list(c.T) + "; $z$ is the action, with $z_dot = L$ (001 (3)).");
  put(s.object("contact.lagrangian", ObjectKind::Scalar, "the Lagrangian"), {}, Label::symbol("L"), c.L.lagrangian());
  Object& W = s.object("contact.hessian", ObjectKind::Family, "its Hessian in the velocities (the others vanish)");
  W.symmetry = Symmetry::Symmetric;
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = i; j < n; ++j)
      if (!c.L.hessian()(i, j).is_zero())
        put(W, {c.velocity(i), c.velocity(j)}, Label::symbol("W", {c.velocity(i), c.velocity(j)}), c.L.hessian()(i, j));
  put(s.object("contact.energy", ObjectKind::Scalar, "the energy"), {}, Label::symbol("E_L"), c.E);
  put(s.object("contact.dissipation_rate", ObjectKind::Scalar, "the dissipation rate $∂L/∂z$"), {}, Label::symbol("L", {"z"}),
      dissipation_rate(c.L));
  nonzero_verdict(s, "contact.regular", "$L$ is regular: $det W != 0$ (001 §II-A)", zero_test(c.L.hessian().determinant(), c.T));
  if (const auto parts = contact_mechanical_parts(c.L))
    s.prose.push_back(Paragraph("$L$ is mechanical, $L = 1/2 g(q_dot, q_dot) - V(q, z)$ (003 (12)), with $V$ = ").formula(pretty(parts->potential)).words("."));
}

// Momenta of cyclic coordinates along Γ_L: each is dissipated at the rate ∂L/∂z (001 Def. 1).  With
// switching sets, Γ_L is the motion only where none is active.
void dissipated_momenta(const Context& c, DerivationSection& s) {
  Object& D = s.object("contact.dissipated", ObjectKind::Family, "the momenta of the cyclic coordinates, dissipated (001 Def. 1)");
  const std::string where = c.in.system.switches.empty() ? "" : " where no switching set is active";
  for (const auto& [i, p] : cyclic_momenta(c.L)) {
    const std::string q = c.Q.coordinate_name(i), name = "p_" + q;
    s.prose.push_back(Paragraph("$" + q + "$ is cyclic: its momentum $" + name + "$ = ").formula(pretty(p)).words(
        " is dissipated at the rate $∂L/∂z$" + where + " (001 Def. 1, as (28))."));
    zero_verdict(s, "contact.dissipated." + name, "$" + name + "$ is a dissipated quantity (001 Def. 1)", is_dissipated(c.L, p));
    put(D, {q}, Label::symbol(name), p);
  }
}

void herglotz(const Context& c, DerivationSection& s) {
  const std::size_t n = c.n();
  Object& H = s.object("contact.herglotz_equations", ObjectKind::Equations, "the Herglotz equations");
  for (std::size_t i = 0; i < n; ++i) put(H, {c.velocity(i)}, Label::dot(c.velocity(i)), c.gamma[n + i]);
  put(H, {"z"}, Label::dot("z"), c.gamma[2 * n]);
  std::vector<ex> acc(c.gamma.components().begin() + static_cast<long>(n), c.gamma.components().begin() + static_cast<long>(2 * n));
  zero_verdict(s, "contact.herglotz.solves", "$Gamma_L$ solves the Herglotz equations (6)", all_zero(herglotz_equations(c.L, acc), c.T));
  if (const auto parts = contact_mechanical_parts(c.L))
    zero_verdict(s, "contact.herglotz.mechanical",
                 "the accelerations equal $-Gamma^i_jk q_dot^j q_dot^k - g^ij ∂V/∂q^j - q_dot^i ∂V/∂z$ (003 (13))",
                 all_zero(subtract(acc, mechanical_accelerations(c.L, *parts)), c.T));
  zero_verdict(s, "contact.energy_dissipated", "$E_L$ is dissipated: $dE_L/dt = (∂L/∂z) E_L$ (001 (7b), Remark 1)", is_dissipated(c.L, c.E));
  if (c.in.system.constraints.empty()) dissipated_momenta(c, s);
  else if (!cyclic_momenta(c.L).empty())
    s.prose.push_back("The constraints hold always: the motion follows $Gamma_{L,D}$, not $Gamma_L$, and the momenta of the "
                      "cyclic coordinates are judged along it (the constrained Herglotz equations below).");
}

// η_L, R_L and Γ_L by component.
void structure_objects(const Context& c, const Form& eta, const VectorField& R, DerivationSection& s) {
  Object& e = s.object("contact.contact_form", ObjectKind::Form, "the contact form $eta_L$");
  Object& r = s.object("contact.reeb_field", ObjectKind::VectorField, "the Reeb field $R_L$");
  Object& g = s.object("contact.lagrangian_vector_field", ObjectKind::VectorField, "the Lagrangian vector field $Gamma_L$");
  for (unsigned i = 0; i < c.T.dim(); ++i) {
    const std::string x = c.T.coordinate_name(i);
    if (!eta.component({i}).is_zero()) put(e, {x}, Label::symbol("eta_L"), eta.component({i})).basis = {x};
    if (!R[i].is_zero()) put(r, {"R_L", x}, Label::symbol("R_L", {}, {x}), R[i]);
    if (!c.gamma[i].is_zero()) put(g, {"Gamma_L", x}, Label::symbol("Gamma_L", {}, {x}), c.gamma[i]);
  }
}

void structure(const Context& c, DerivationSection& s) {
  const std::size_t n = c.n(), N = 2 * n + 1;
  const Form eta = contact_form(c.L);
  const VectorField R = reeb_field(c.L);
  structure_objects(c, eta, R, s);
  s.prose.push_back("$Gamma_L$ (001 (47)-(48)) has the components $q_dot$, the accelerations above, and $L$.");
  if (N <= 9)  // the determinant of a larger flat matrix costs more than it tells
    zero_verdict(s, "contact.structure.flat_determinant", "$det flat_L = (det W)^2$: $eta_L$ is a contact form iff $L$ is regular",
                 zero_test(flat_matrix(eta).determinant() - GiNaC::pow(c.L.hessian().determinant(), 2), c.T));
  nonzero_verdict(s, "contact.structure.volume", "$eta_L$ ∧ $(d eta_L)^n != 0$", contact_volume_test(eta));
  zero_verdict(s, "contact.structure.reeb", "$flat_L(R_L) = eta_L$: $R_L$ of (6) is the Reeb field", zero_test(flat(eta, R) - eta));
  zero_verdict(s, "contact.structure.flat_gamma", "$flat_L(Gamma_L) = dE_L - (E_L + R_L(E_L)) eta_L$ (001 (43), 003 (7))",
               zero_test(flat(eta, c.gamma) - (differential(c.E, c.T) - (c.E + R(c.E)) * eta)));
  zero_verdict(s, "contact.structure.reeb_energy", "$R_L(E_L) = -∂L/∂z$ (001 Remark 2)", zero_test(R(c.E) + dissipation_rate(c.L), c.T));
  zero_verdict(s, "contact.structure.eta_gamma", "$eta_L(Gamma_L) = -E_L$ (003 (8))", zero_test(evaluate(eta, {c.gamma}) + c.E, c.T));
  zero_verdict(s, "contact.structure.lie_eta", "$L_Gamma eta_L = -R_L(E_L) eta_L$ (003 (8))",
               zero_test(lie_derivative(c.gamma, eta) + R(c.E) * eta));
  std::vector<ex> sode;
  for (std::size_t i = 0; i < n; ++i) sode.push_back(c.gamma[i] - c.L.velocities()[i]);
  zero_verdict(s, "contact.structure.sode", "$Gamma_L$ is a SODE ($S(Gamma_L) = Delta$)", all_zero(sode, c.T));
}

// p = ∂L/∂q̇, its inverse, H and X_H on T*Q x R.
void legendre_objects(const Context& c, const VectorField& XH, DerivationSection& s) {
  const ContactLegendre& leg = *c.leg;
  const Chart& M = leg.forward.target;
  const std::size_t n = c.n();
  Object& p = s.object("contact.legendre", ObjectKind::Family, "the Legendre transform");
  Object& v = s.object("contact.inverse_legendre", ObjectKind::Family, "its inverse");
  for (std::size_t i = 0; i < n; ++i) {
    put(p, {M.coordinate_name(n + i)}, Label::symbol(M.coordinate_name(n + i)), leg.forward.images[n + i]);
    put(v, {c.velocity(i)}, Label::symbol(c.velocity(i)), leg.inverse.images[n + i]);
  }
  put(s.object("contact.hamiltonian", ObjectKind::Scalar, "the contact Hamiltonian"), {}, Label::symbol("H"), leg.hamiltonian);
  Object& X = s.object("contact.hamiltonian_vector_field", ObjectKind::Equations, "the contact Hamiltonian vector field $X_H$ (001 (41))");
  for (std::size_t i = 0; i < M.dim(); ++i) put(X, {M.coordinate_name(i)}, Label::dot(M.coordinate_name(i)), XH[i]);
}

void legendre(const Context& c, DerivationSection& s) {
  if (!c.leg) {
    s.prose.push_back("The momenta are not affine in the velocities: the inverse Legendre transform is not solved, "
                      "so H and X_H are not derived.");
    return;
  }
  const ContactLegendre& leg = *c.leg;
  const Chart& M = leg.forward.target;
  const std::size_t n = c.n();
  s.prose.push_back("$T∗Q × R$ has the Darboux coordinates " + coordinate_list(M) + ", $eta = dz - p_i dq^i$, $R = ∂/∂z$.");
  const ex& H = leg.hamiltonian;
  const VectorField XH = darboux_hamiltonian_vector_field(M, H);
  legendre_objects(c, XH, s);
  std::vector<ex> id;
  for (std::size_t i = 0; i < n; ++i) id.push_back(compose(leg.forward.images[n + i], leg.inverse) - M[n + i]);
  zero_verdict(s, "contact.legendre.inverse", "$Leg(Leg^-1(q, p, z)) = (q, p, z)$", all_zero(id, M));
  const Form eta = darboux_contact_form(M);
  const VectorField R = reeb_field(eta);
  zero_verdict(s, "contact.hamiltonian.flat", "$X_H$ of (41) satisfies $flat(X_H) = dH - (R(H) + H) eta$ (001 (40))",
               zero_test(flat(eta, XH) - (differential(H, M) - (R(H) + H) * eta)));
  zero_verdict(s, "contact.hamiltonian.dissipation", "$X_H(H) = -R(H) H$ (001 (42a))", zero_test(XH(H) + R(H) * H, M));
  zero_verdict(s, "contact.hamiltonian.interior", "$i_{X_H} d eta = dH - R(H) eta$ (001 (42a))",
               zero_test(interior_product(XH, exterior_derivative(eta)) - (differential(H, M) - R(H) * eta)));
  zero_verdict(s, "contact.hamiltonian.eta", "$eta(X_H) = -H$ (003 (2))", zero_test(evaluate(eta, {XH}) + H, M));
  zero_verdict(s, "contact.legendre.forward_related", "$Leg_* Gamma_L = X_H$ (Lagrangian to Hamiltonian)",
               all_zero(relatedness_defect(leg.forward, c.gamma, XH), c.T));
  zero_verdict(s, "contact.legendre.inverse_related", "$(Leg^-1)_* X_H = Gamma_L$ (Hamiltonian to Lagrangian)",
               all_zero(relatedness_defect(leg.inverse, XH, c.gamma), M));
}

// What the steps of one impact share.
struct Impact {
  const ContactWall& wall;
  std::string id;        ///< "contact.impact.<wall>"
  std::string quoted;    ///< "'<wall>'", the prefix of its verdicts' statements
  ImpactConditions conditions;  ///< with always-on constraints only its tangent basis, of T(∂C) ∩ D
  std::vector<ex> post;  ///< q̇⁺ with the wall's restitution
  GiNaC::exmap after;    ///< q̇ → q̇⁺
  const std::vector<Form>& forms;     ///< the always-on constraints (the impact is within D)
  std::optional<DParametrisation> d;  ///< D written by solved velocities, when there are constraints
  bool within_d() const { return !forms.empty(); }
  /// e restricted to D × R (the state before an impact lies in D), or e itself without constraints.
  ex on_d(const ex& e) const { return d ? ex(e.subs(d->substitution)) : e; }
  std::vector<ex> on_d(const std::vector<ex>& v) const {
    std::vector<ex> r;
    for (const auto& e : v) r.push_back(on_d(e));
    return r;
  }
  /// " on D" after a statement that holds on D × R only.
  std::string where() const { return within_d() ? " on $D$" : ""; }
};

void impact_intro(const Context& c, const ContactWall& w, const std::string& id, DerivationSection& s) {
  s.prose.push_back("$Psi >= 0$ is the admissible set $C$; impacts happen on $Psi = 0$ when "
                    "$dPsi(q_dot) < 0$ (the guard of 001 §V, E17); $q$ and $z$ are continuous.");
  if (c.in.system.constraints.empty())
    s.prose.push_back("Simple hybrid contact Lagrangian system (001 Def. 3): $D = TQ × R$, $X = Gamma_L$, "
                      "$S = {Psi = 0, dPsi(q_dot) < 0}$, $Delta(q, q_dot-, z) = (q, q_dot+, z)$ below.");
  else
    s.prose.push_back("The constraints hold across the impact (Lagrange-d'Alembert with impulses, 003 (22)-(27) with "
                      "(29)-(33)): $W (q_dot+ - q_dot-) = mu dPsi + lambda_a psi^a$ with $q_dot+ ∈ D$, so the jump lies along "
                      "$n = P_D grad Psi$, the part in $D$ of the normal ($P_D$ the $W$-orthogonal projector onto $D$, the jump map "
                      "of 003 (74) on velocities): $q_dot+ = q_dot- - (1 + alpha) W(n, q_dot-)/W(n, n) n$, and on $D$ "
                      "$W(n, q_dot-) = dPsi(q_dot-)$. The hybrid system lives on $D × R$, $X = Gamma_{L,D}$, "
                      "$S = {Psi = 0, dPsi(q_dot) < 0}$; the conditions (8) of the unconstrained principle, whose "
                      "$W$-reflection about $grad Psi$ leaves $D$, do not apply.");
  put(s.object(id + ".psi", ObjectKind::Scalar, "the constraint function"), {}, Label::symbol("Psi"), w.psi);
  put(s.object(id + ".restitution", ObjectKind::Scalar, "the coefficient of restitution"), {}, Label::symbol("alpha"), w.restitution);
  if (c.L.affine_momenta()) return;
  s.prose.push_back("The momenta are not affine in the velocities: the conditions (8) are written out but not solved.");
  const ImpactConditions ic = impact_conditions(c.L, w.psi);
  Object& o = s.object(id + ".conditions", ObjectKind::List, "the conditions (8), each $r_k = 0$");
  for (std::size_t e = 0; e < ic.equations.size(); ++e) put(o, {one_based(e)}, Label::symbol("r", {one_based(e)}), ic.equations[e]);
}

void impact_tangent(const Context& c, const Impact& m, DerivationSection& s) {
  Object& t = s.object(m.id + ".tangent", ObjectKind::VectorField,
                       m.within_d() ? "a basis $tau_k$ of $T(∂ C) ∩ D$" : "a basis $tau_k$ of $T(∂ C)$");
  for (std::size_t k = 0; k < m.conditions.tangent.size(); ++k)
    for (std::size_t i = 0; i < c.n(); ++i)
      if (!m.conditions.tangent[k][i].is_zero()) {
        const std::string q = c.Q.coordinate_name(i);
        put(t, {one_based(k), q}, Label::symbol("tau", {one_based(k)}, {q}), m.conditions.tangent[k][i]);
      }
}

// With always-on constraints: n = P_D grad Ψ and W(n, n).  False when n vanishes: no impact within D.
bool impact_normal(const Context& c, const Impact& m, DerivationSection& s) {
  impact_tangent(c, m, s);
  const DistributionNormal d = normal_in_distribution(c.L, m.wall.psi, m.forms);
  Object& o = s.object(m.id + ".normal_in_D", ObjectKind::Family, "the part in D of the normal, $n = P_D grad Psi$");
  for (std::size_t i = 0; i < c.n(); ++i) {
    const std::string q = c.Q.coordinate_name(i);
    put(o, {q}, Label::symbol("n", {}, {q}), d.normal[i]);
  }
  put(s.object(m.id + ".normal_norm", ObjectKind::Scalar, "its squared length $W(n, n) = dPsi(n)$"), {}, Label::symbol("N"), d.norm);
  if (!d.vanishes) return true;
  s.prose.push_back("$n = 0$: $dPsi$ lies in the span of the constraints, so every velocity in $D$ has $dPsi(q_dot) = 0$; no motion "
                    "in $D$ reaches $Psi = 0$ from $Psi > 0$, and no impact is possible within $D$ (the impact map is not defined).");
  return false;
}

// T(dC) and the solutions of (8): the identity and, for α = 1, the W-reflection (003 (33)).
void impact_solutions(const Context& c, const Impact& m, DerivationSection& s) {
  const std::size_t n = c.n();
  impact_tangent(c, m, s);
  const auto sols = solve_impact_conditions(c.L, m.wall.psi);
  s.prose.push_back("The conditions (8) (momentum along T(dC) and E_L continuous) have " + std::to_string(sols.size()) +
                    " solutions: q_dot+ = q_dot- (no impact) and the impact below.");
  Object& o = s.object(m.id + ".solutions_of_8", ObjectKind::Family, "the solutions of (8)");
  for (std::size_t k = 0; k < sols.size(); ++k)
    for (std::size_t i = 0; i < n; ++i)
      put(o, {one_based(k), c.velocity(i)}, Label::symbol(c.velocity(i), {one_based(k)}, {"+"}), sols[k][i]);
  if (sols.size() != 2) return;
  zero_verdict(s, m.id + ".reflection", m.quoted + ": the non-trivial solution of (8) is the $W$-reflection (003 (33), $alpha = 1$)",
               all_zero(subtract(sols[1], restitution_map(c.L, m.wall.psi, 1)), c.T));
}

// q̇⁺, and the two conditions every restitution keeps: momentum along T(dC) (8a, 51a) and (003 (32)).
void impact_map(const Context& c, const Impact& m, DerivationSection& s) {
  const std::size_t n = c.n();
  Object& o = s.object(m.id + ".velocity_map", ObjectKind::Family, "the velocities after the impact");
  for (std::size_t i = 0; i < n; ++i) put(o, {c.velocity(i)}, plus(c.velocity(i)), m.post[i]);
  const auto p = momenta(c.L);
  std::vector<ex> tang;
  for (const auto& t : m.conditions.tangent) {
    ex e = 0;
    for (std::size_t i = 0; i < n; ++i) e += (p[i] - p[i].subs(m.after)) * t[i];
    tang.push_back(e);
  }
  if (m.within_d())  // everywhere: Δp annihilates ker dΨ ∩ ker ψ iff Δp ∈ span{dΨ, ψ^a}
    zero_verdict(s, m.id + ".tangent_momentum",
                 m.quoted + ": the momentum along $T(dC) ∩ D$ is continuous, $p+ - p- = mu dPsi + lambda_a psi^a$ (003 (25)-(27), (29))",
                 all_zero(tang, c.T));
  else
    zero_verdict(s, m.id + ".tangent_momentum", m.quoted + ": the momentum along T(dC) is continuous (8), (51a)", all_zero(tang, c.T));
  if (m.within_d()) {
    std::vector<ex> after_c;
    for (const auto& f : constraint_functions(c.L, m.forms)) after_c.push_back(f.subs(m.after));
    zero_verdict(s, m.id + ".in_D", m.quoted + ": q_dot+ lies in D (the constraints hold after the impact)", all_zero(m.on_d(after_c), c.T));
  }
  ex dpsi = 0;  // dΨ(q̇)
  for (std::size_t i = 0; i < n; ++i) dpsi += m.wall.psi.diff(GiNaC::ex_to<GiNaC::symbol>(c.Q[i])) * c.L.velocities()[i];
  zero_verdict(s, m.id + ".restitution", m.quoted + ": $dPsi(q_dot+) = -alpha dPsi(q_dot-)$" + m.where() + " (003 (32))",
               zero_test(m.on_d(dpsi.subs(m.after) + m.wall.restitution * dpsi), c.T));
}

// The lost kinetic energy and Carnot's theorem (003 Thm 2); for α = 1, E_L continuous and an involution.
void impact_energy(const Context& c, const Impact& m, DerivationSection& s) {
  const ex& alpha = m.wall.restitution;
  const ex Tl = kinetic_energy(c.L, subtract(m.post, c.L.velocities()));
  const ex dE = energy_after(c.L, m.post) - c.E;
  put(s.object(m.id + ".lost_kinetic_energy", ObjectKind::Scalar, "the kinetic energy of the velocity jump"), {}, Label::symbol("T_l"), Tl);
  put(s.object(m.id + ".energy_jump", ObjectKind::Scalar, "the energy jump $E_L^+ - E_L^-$"), {}, energy_jump_label(), dE);
  zero_verdict(s, m.id + ".carnot", m.quoted + ": Carnot, $E+ - E- = -(1 - alpha)/(1 + alpha) T_l$" + m.where() + " (003 Thm 2, (35))",
               zero_test(m.on_d(dE + (1 - alpha) / (1 + alpha) * Tl), c.T));
  const std::string norm = m.within_d() ? "W(n, n)" : "W^-1(dPsi, dPsi)";  // inside the $…$ below
  zero_verdict(s, m.id + ".carnot_closed_form", m.quoted + ": $E+ - E- = -1/2 (1 - alpha^2) dPsi(q_dot-)^2 / " + norm + "$" + m.where(),
               zero_test(m.on_d(dE - carnot_energy_jump(c.L, m.wall.psi, alpha, m.forms)), c.T));
  if (is_one(alpha)) {
    zero_verdict(s, m.id + ".energy_continuous", m.quoted + ": $E_L$ is continuous" + m.where() + " (8), (51b)", zero_test(m.on_d(dE), c.T));
    std::vector<ex> twice;
    for (const auto& v : m.post) twice.push_back(v.subs(m.after));
    zero_verdict(s, m.id + ".involution", m.quoted + ": the impact map is an involution" + m.where(),
                 all_zero(m.on_d(subtract(twice, c.L.velocities())), c.T));
  }
  s.prose.push_back("After an impact at $t1$ with pre-impact state $(q1, q1_dot, z1)$ (003 Prop. 3 corrected, E9): "
                    "$E_L(t) = exp(∫_{t1}^t ∂L/∂z) [E_L(q1, q1_dot, z1) - (1 - alpha)/(1 + alpha) T_l(t1)]$; "
                    "the printed $V(q1, q1_dot, z1)$ in place of $E_L$ is the potential part only.");
}

// p⁺ on T*Q x R: p·v continuous along T(dC) and, for α = 1, H continuous (001 (50)).
void impact_momenta(const Context& c, const Impact& m, DerivationSection& s) {
  const std::size_t n = c.n();
  const auto pp = momentum_map(c.L, *c.leg, m.post);
  const Chart& M = c.leg->forward.target;
  Object& o = s.object(m.id + ".momentum_map", ObjectKind::Family, "the momenta after the impact");
  for (std::size_t i = 0; i < n; ++i) put(o, {M.coordinate_name(n + i)}, plus(M.coordinate_name(n + i)), pp[i]);
  GiNaC::exmap psub;
  for (std::size_t i = 0; i < n; ++i) psub[M[n + i]] = pp[i];
  std::vector<ex> ptang;
  for (const auto& t : m.conditions.tangent) {
    ex e = 0;
    for (std::size_t i = 0; i < n; ++i) e += (M[n + i] - pp[i]) * t[i];
    ptang.push_back(e);
  }
  zero_verdict(s, m.id + ".dual_tangent_momentum",
               m.quoted + ": $p_i v^i$ is continuous along $T(dC)" + (m.within_d() ? " ∩ D" : "") + "$ on $T∗Q × R$ (001 (22), (50))",
               all_zero(ptang, M));
  if (is_one(m.wall.restitution) && !m.within_d())  // within D: E_L continuous on D above
    zero_verdict(s, m.id + ".hamiltonian_continuous", m.quoted + ": $H(q, p+, z) = H(q, p-, z)$ (001 (50))",
                 zero_test(c.leg->hamiltonian.subs(psub) - c.leg->hamiltonian, M));
}

void impact(const Context& c, const ContactWall& w, DerivationSection& s) {
  const std::string id = "contact.impact." + w.name;
  impact_intro(c, w, id, s);
  if (!c.L.affine_momenta()) return;
  const std::vector<Form>& forms = c.in.system.constraints;
  Impact m{w, id, "'" + w.name + "'", {}, {}, {}, forms, std::nullopt};
  if (m.within_d()) {  // the impact within D (003 (22)-(27), (29)-(33))
    m.conditions.tangent = boundary_tangent_basis(c.Q, w.psi, forms);
    m.d = parametrise_distribution(c.L, forms);
    if (!impact_normal(c, m, s)) return;
  } else {
    m.conditions = impact_conditions(c.L, w.psi);
  }
  m.post = restitution_map(c.L, w.psi, w.restitution, forms);
  m.after = velocity_substitution(c.L, m.post);
  if (!m.within_d()) impact_solutions(c, m, s);
  impact_map(c, m, s);
  impact_energy(c, m, s);
  if (c.leg) impact_momenta(c, m, s);
}

// Γ_{L,D} shown on D x R, where (15) holds: the solved velocities eliminated (003 writes μ in h, φ, φ̇).
void constrained_objects(const Context& c, const ConstrainedHerglotz& h, const DParametrisation& d, const std::string& prefix,
                         const std::string& label, DerivationSection& s) {
  const std::size_t n = c.n();
  s.prose.push_back(label + ": on $D × R$ (the velocities solved below) the multipliers of (15) and the accelerations are");
  Object& D = s.object(prefix + ".on_D", ObjectKind::Family, "the velocities solved on $D × R$");
  std::vector<std::pair<std::string, ex>> solved;  // by name: the substitution is an exmap, in hash order
  for (const auto& [v, e] : d.substitution) solved.emplace_back(to_text(v), e);
  std::sort(solved.begin(), solved.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [v, e] : solved) put(D, {v}, Label::symbol(v), e);
  Object& lam = s.object(prefix + ".multipliers", ObjectKind::List, "the multipliers of (15)");
  bool zero_on_d = true;
  for (std::size_t a = 0; a < h.multipliers.size(); ++a) {
    const ex r = simplify(h.multipliers[a].subs(d.substitution));
    zero_on_d = zero_on_d && zero_test(r, c.T).zero;
    put(lam, {one_based(a)}, Label::symbol("lambda", {one_based(a)}), r);
  }
  Object& acc = s.object(prefix + ".accelerations", ObjectKind::Equations, "the constrained accelerations");
  for (std::size_t i = 0; i < n; ++i) put(acc, {c.velocity(i)}, Label::dot(c.velocity(i)), simplify(h.field[n + i].subs(d.substitution)));
  if (zero_on_d) s.prose.push_back(label + ": the multipliers vanish on D (the free motion keeps the constraints).");
}

// The momenta of the cyclic coordinates under the constraints.  By (15), d/dt p_i = (∂L/∂z) p_i + λ_a ψ^a_i
// along Γ_{L,D}: p_i is dissipated iff the constraint force λ_a ψ^a_i vanishes on D (the Chaplygin
// sleigh's p_phi is not; a coordinate no constraint involves keeps it).  Either outcome is a fact.
void constrained_momenta(const Context& c, const std::vector<Form>& forms, const std::string& prefix, const std::string& label,
                         DerivationSection& s) {
  const GiNaC::matrix Psi = constraint_matrix(c.Q, forms);
  Object* D = nullptr;
  for (const auto& [i, p] : cyclic_momenta(c.L)) {
    const std::string q = c.Q.coordinate_name(i), name = "p_" + q;
    ex force = 0;  // λ_a ψ^a_i, with the multipliers by their names
    for (unsigned a = 0; a < Psi.rows(); ++a) force += GiNaC::realsymbol("lambda_" + one_based(a)) * Psi(a, static_cast<unsigned>(i));
    const ZeroVerdict v = is_dissipated(c.L, forms, p);
    Verdict& f = zero_verdict(s, prefix + ".dissipated." + name, label + ": $" + name + "$ is dissipated along $Gamma_{L,D}$ (001 Def. 1)", v);
    f.expected = std::nullopt;
    f.reason = "by (15), $d/dt " + name + " = (∂L/∂z) " + name + " + lambda_a psi^a_" + q +
               "$: it is dissipated iff the constraint force vanishes on $D$";
    Paragraph said("$" + q + "$ is cyclic" + (v.zero ? " and" : v.undecided ? ";" : ", but") + " its momentum $" + name + "$ = ");
    said.formula(pretty(p));
    if (v.undecided) said.words(" is not decided to be dissipated or not under the constraints.");
    else if (!v.zero)
      said.words(" is not dissipated under the constraints: $d/dt " + name + " - (∂L/∂z) " + name + "$ = ")
          .formula(pretty(force))
          .words(", which does not vanish on $D$ (003 (15)).");
    else if (force.is_zero()) said.words(" is dissipated under the constraints: no constraint involves $d" + q + "$ (001 Def. 1, 003 (15)).");
    else said.words(" is dissipated under the constraints: the constraint force ").formula(pretty(force)).words(" vanishes on $D$ (001 Def. 1, 003 (15)).");
    s.prose.push_back(said);
    if (!v.zero) continue;
    if (!D) D = &s.object(prefix + ".dissipated", ObjectKind::Family, "the momenta of the cyclic coordinates dissipated under the constraints");
    put(*D, {q}, Label::symbol(name), p);
  }
}

// The constrained Herglotz equations (15) with the constraints `forms`, and Prop. 5's field.
void constrained(const Context& c, const std::vector<Form>& forms, const std::string& prefix, const std::string& label,
                 DerivationSection& s) {
  const std::size_t n = c.n();
  const ConstrainedHerglotz h = constrained_herglotz(c.L, forms);
  const VectorField P5 = constrained_vector_field(c.L, forms);
  const DParametrisation d = parametrise_distribution(c.L, forms);
  constrained_objects(c, h, d, prefix, label, s);
  zero_verdict(s, prefix + ".prop5", label + ": Prop. 5 (60) gives the field of the multipliers of (15)", zero_test(h.field - P5));
  std::vector<ex> tang;
  for (const auto& f : constraint_functions(c.L, forms)) tang.push_back(P5(f));
  zero_verdict(s, prefix + ".tangent", label + ": $Gamma_{L,D}$ is tangent to $D × R$ (47b)", all_zero(tang, c.T));
  std::vector<ex> herg = herglotz_equations(c.L, std::vector<ex>(h.field.components().begin() + static_cast<long>(n),
                                                                 h.field.components().begin() + static_cast<long>(2 * n)));
  const GiNaC::matrix Psi = constraint_matrix(c.Q, forms);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned a = 0; a < Psi.rows(); ++a) herg[i] += h.multipliers[a] * Psi(a, i);
  zero_verdict(s, prefix + ".solves", label + ": the field solves (15) with the multipliers $lambda_a$", all_zero(herg, c.T));
  zero_verdict(s, prefix + ".no_work", label + ": on $D$ the constraint forces do no work, $dE_L/dt = (∂L/∂z) E_L$",
               is_dissipated(c.L, forms, c.E));
  constrained_momenta(c, forms, prefix, label, s);
}

// What the steps of one switching constraint share.
struct Switch {
  const ContactSwitch& sw;
  std::string id;              ///< "contact.switching.<name>"
  std::string quoted;          ///< "'<name>'"
  std::vector<Form> forms;     ///< the constraints that hold where it is active (the permanent ones first)
  std::vector<ex> post;        ///< q̇⁺ of the jump (65)
};

// The rank of D° along a crossing into the region (003 §4, E13).
void switch_rank(const Context& c, const Switch& m, DerivationSection& s) {
  const std::size_t base = c.in.system.constraints.size(), all = m.forms.size();
  const RankChange rc = rank_change(base, m.sw.strict ? base : all, all);
  s.prose.push_back("Counting constraints (the rank of the annihilator of D, E13) along a crossing into the region: " +
                    rc.describe() + ".");
  const std::string region = std::string("the constraints hold where $w ") + (m.sw.strict ? ">" : ">=") + " 0$";
  put(s.object(m.id + ".where", ObjectKind::Scalar, region + ", with"), {}, Label::symbol("w"), m.sw.where);
  Object& r = s.object(m.id + ".rank_change", ObjectKind::Family,
                       "the number of constraints before, at and after the crossing, and the case of 003 §4");
  put(r, {"before"}, Label::symbol("rank", {"before"}), static_cast<long>(rc.before));
  put(r, {"at"}, Label::symbol("rank", {"at"}), static_cast<long>(rc.at));
  put(r, {"after"}, Label::symbol("rank", {"after"}), static_cast<long>(rc.after));
  Entry& e = put(r, {"case"}, Label::symbol("case"), rc.paper_case);
  if (rc.paper_case == 0) e.note = rc.case_text();  // 0 is no case of the paper: say why
}

// 𝒞 = ψ W⁻¹ ψᵀ, the projector P and the velocities after the jump.
void switch_jump(const Context& c, const Switch& m, const GiNaC::matrix& C, const GiNaC::matrix& P, DerivationSection& s) {
  Object& g = s.object(m.id + ".gram", ObjectKind::Family, "the Gram matrix of the constraints (the others vanish)");
  g.symmetry = Symmetry::Symmetric;
  for (unsigned a = 0; a < C.rows(); ++a)
    for (unsigned b = a; b < C.cols(); ++b)
      if (!C(a, b).is_zero()) put(g, {one_based(a), one_based(b)}, Label::symbol("C", {one_based(a), one_based(b)}), C(a, b));
  Object& p = s.object(m.id + ".projector", ObjectKind::Family, "the momentum projector (003 (68)-(69); the others vanish)");
  for (unsigned i = 0; i < P.rows(); ++i)
    for (unsigned j = 0; j < P.cols(); ++j)
      if (!P(i, j).is_zero()) put(p, {one_based(i), one_based(j)}, Label::symbol("P", {one_based(i), one_based(j)}), P(i, j));
  Object& v = s.object(m.id + ".velocity_jump", ObjectKind::Family, "the velocities after the jump");
  for (std::size_t i = 0; i < c.n(); ++i) put(v, {c.velocity(i)}, plus(c.velocity(i)), m.post[i]);
}

// The energy lost in the jump: with Δq̇ = −W⁻¹ψᵀ𝒞⁻¹ψ q̇⁻, E⁺ − E⁻ = −½ (ψ q̇⁻)ᵀ 𝒞⁻¹ (ψ q̇⁻).
void switch_energy(const Context& c, const Switch& m, const GiNaC::matrix& C, DerivationSection& s) {
  const auto fbar = constraint_functions(c.L, m.forms);
  const GiNaC::matrix Cinv = inverse(C, c.T, "switch_energy");
  ex closed = 0;
  for (unsigned a = 0; a < fbar.size(); ++a)
    for (unsigned b = 0; b < fbar.size(); ++b) closed -= fbar[a] * Cinv(a, b) * fbar[b] / 2;
  put(s.object(m.id + ".energy_jump", ObjectKind::Scalar, "the energy jump $E_L^+ - E_L^-$"), {}, energy_jump_label(), closed);
  const ex dE = energy_after(c.L, m.post) - c.E;
  zero_verdict(s, m.id + ".energy_jump", m.quoted + ": $E+ - E- = -1/2 psi(q_dot-)^T C^-1 psi(q_dot-)$", zero_test(dE - closed, c.T));
}

// The jump's defining properties: P² = P, the constraints after it (65b), Δp ∈ span{ψ^a} (65a); Carnot.
void switch_checks(const Context& c, const Switch& m, const GiNaC::matrix& P, DerivationSection& s) {
  const std::size_t n = c.n();
  zero_verdict(s, m.id + ".projector", m.quoted + ": $P^2 = P$ (003 (68)-(69))", matrix_zero(P.mul(P).sub(P), c.T));
  std::vector<ex> after_c;
  for (const auto& f : constraint_functions(c.L, m.forms)) after_c.push_back(f.subs(velocity_substitution(c.L, m.post)));
  zero_verdict(s, m.id + ".constraints_after", m.quoted + ": the constraints hold after the jump (65b)", all_zero(after_c, c.T));
  // W Δq̇ = ψᵀ μ̄
  const auto mu = impulse_multipliers(c.L, m.forms);
  const GiNaC::matrix Psi = constraint_matrix(c.Q, m.forms);
  const std::vector<ex> jump = subtract(m.post, c.L.velocities());
  std::vector<ex> span;
  for (unsigned i = 0; i < n; ++i) {
    ex e = 0;
    for (unsigned j = 0; j < n; ++j) e += c.L.hessian()(i, j) * jump[j];
    for (unsigned a = 0; a < Psi.rows(); ++a) e -= Psi(a, i) * mu[a];
    span.push_back(e);
  }
  zero_verdict(s, m.id + ".impulse_span", m.quoted + ": $p+ - p-$ lies in $span{psi^a}$ (003 (26), (65a))", all_zero(span, c.T));
  zero_verdict(s, m.id + ".carnot", m.quoted + ": Carnot with $alpha = 0$, $E+ - E- = -T(q_dot+ - q_dot-)$",
               zero_test(energy_after(c.L, m.post) - c.E + kinetic_energy(c.L, jump), c.T));
}

// p⁺ on T*Q x R; for a mechanical L it is P p⁻ (003 (74)).
void switch_momenta(const Context& c, const Switch& m, const GiNaC::matrix& P, DerivationSection& s) {
  const std::size_t n = c.n();
  const auto pp = momentum_map(c.L, *c.leg, m.post);
  const Chart& M = c.leg->forward.target;
  Object& o = s.object(m.id + ".momentum_jump", ObjectKind::Family, "the momenta after the jump");
  for (std::size_t i = 0; i < n; ++i) put(o, {M.coordinate_name(n + i)}, plus(M.coordinate_name(n + i)), pp[i]);
  if (!contact_mechanical_parts(c.L)) return;
  std::vector<ex> d;
  for (unsigned i = 0; i < n; ++i) {
    ex e = pp[i];
    for (unsigned j = 0; j < n; ++j) e -= P(i, j) * M[n + j];
    d.push_back(e);
  }
  zero_verdict(s, m.id + ".momentum_projector", m.quoted + ": $p+ = P p-$ with $P = Id - psi^T C^-1 psi g^-1$ (003 (74))", all_zero(d, M));
}

void switching(const Context& c, const Switch& m, DerivationSection& s) {
  switch_rank(c, m, s);
  if (!c.L.affine_momenta()) {
    s.prose.push_back("The momenta are not affine in the velocities: the jump is not solved.");
    return;
  }
  const GiNaC::matrix C = jump_gram_matrix(c.L, m.forms), P = momentum_projector(c.L, m.forms);
  switch_jump(c, m, C, P, s);
  switch_energy(c, m, C, s);
  switch_checks(c, m, P, s);
  if (c.leg) switch_momenta(c, m, P, s);
}

// A switching constraint's jump and, when the jump is solved, the constrained dynamics where it is active.
void switch_sections(const Context& c, std::size_t k, Derivation& out, const DeriveOptions& o) {
  const ContactSwitch& sw = c.in.system.switches[k];
  Switch m{sw, "contact.switching." + sw.name, "'" + sw.name + "'", c.in.system.constraints, {}};
  m.forms.insert(m.forms.end(), sw.constraints.begin(), sw.constraints.end());
  if (c.L.affine_momenta()) m.post = constraint_jump_map(c.L, m.forms);
  switching(c, m, start_section(out, o, m.id, "Switching constraints '" + sw.name + "' where $" + c.in.switch_texts[k] + "$ (003 §4, (65)-(74))"));
  if (!c.L.affine_momenta()) return;
  const std::string title = "Constrained dynamics where '" + sw.name + "' is active (003 (15)-(17), Prop. 5)";
  constrained(c, m.forms, m.id, m.quoted, start_section(out, o, m.id + ".constrained", title));
}

void declare_symbols(const Context& c, Derivation& d) {
  d.declare("z", SymbolKind::Coordinate, "the action (001 (3))");
  if (!c.leg) return;
  const Chart& M = c.leg->forward.target;
  for (std::size_t i = 0; i < c.n(); ++i)
    d.declare(M.coordinate_name(c.n() + i), SymbolKind::Momentum, "momentum of " + c.Q.coordinate_name(i));
}

}  // namespace

void derive_contact(const ContactInput& input, Derivation& out, const DeriveOptions& o) {
  const ContactSystem in = build_contact_system(input);
  const ContactLagrangian& L = in.system.lagrangian;
  Context c{in, L, L.base(), L.chart(), lagrangian_vector_field(L), energy(L), std::nullopt};
  if (L.affine_momenta()) c.leg = legendre_transform(L);
  declare_symbols(c, out);
  lagrangian(c, start_section(out, o, "contact.lagrangian", "Action-dependent Lagrangian (001 §II-A, 003 §2)"));
  herglotz(c, start_section(out, o, "contact.herglotz", "Herglotz equations (001 (6), 003 (11)) and dissipation (001 (7b), Def. 1)"));
  structure(c, start_section(out, o, "contact.structure", "Contact Lagrangian structure (001 (43)-(48), 003 (6)-(10))"));
  legendre(c, start_section(out, o, "contact.legendre", "Legendre transform and contact Hamiltonian (001 (20), (40)-(42a), 003 (1)-(5))"));
  for (std::size_t k = 0; k < in.system.walls.size(); ++k) {
    const ContactWall& w = in.system.walls[k];
    const std::string refs = in.system.constraints.empty() ? " (001 Theorem 1, (8); 003 (28)-(36))" : " within D (003 (22)-(27), (28)-(36))";
    const std::string title = "Impact on '" + w.name + "': $" + in.wall_texts[k] + "$" + refs;
    impact(c, w, start_section(out, o, "contact.impact." + w.name, title));
  }
  if (!in.system.constraints.empty())
    constrained(c, in.system.constraints, "contact.constraints", "constraints",
                start_section(out, o, "contact.constraints", "Nonholonomic constraints: constrained Herglotz equations (003 (15)-(17), Prop. 5)"));
  for (std::size_t k = 0; k < in.system.switches.size(); ++k) switch_sections(c, k, out, o);
}

}  // namespace hamel
