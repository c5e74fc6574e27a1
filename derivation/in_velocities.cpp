// derivation/in_velocities.cpp — the reduced equations in the variables and the velocities of the
// momentum variables (their Legendre map), where in the variables alone they are too long or not found:
// 004 §6 writes the Chaplygin ball's Ṁ = M × Ω with Ω = ∂H/∂M. Members of InVariables (in_variables.hpp).
#include <algorithm>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/display.hpp"
#include "core/latex.hpp"
#include "core/symbolic.hpp"
#include "derivation/in_variables.hpp"
#include "mechanics/hamel_equations.hpp"

namespace hamel {

std::string velocity_name(const std::string& variable) { return "v_" + variable; }

// The momentum variables' Legendre map (issue 16 §1: the Chaplygin ball's Ṁ is 8 000 characters in
// (M, γ) alone, where 004 §6 writes M × Ω with Ω = ∂H/∂M). When the variables that involve the momenta
// are affine in them, u_M = A(q) π + b(q) with A square and invertible, their velocities
// v = ∂H_c/∂u_M = A^{-T} G^{-1} π satisfy u_M = J v + b with J = A G Aᵀ (H_c = ½ πᵀ G^{-1} π + V, (2.7)).
// nullopt when there is no such split, or J or b is not a function of the other variables.
std::optional<InVariables::LegendreMap> InVariables::legendre(const NonholonomicSystem& sys) {
  if (sys.is_affine()) return std::nullopt;  // H_c has terms linear in π there
  const std::vector<GiNaC::ex> pi = sys.momenta();
  const std::size_t r = pi.size();
  const auto split = affine_in_momenta(pi);
  if (!split) return std::nullopt;
  LegendreMap L;
  L.momenta = std::get<0>(*split);
  const GiNaC::matrix& A = std::get<1>(*split);
  const std::vector<GiNaC::ex>& b = std::get<2>(*split);
  GiNaC::matrix pim(r, 1);
  for (std::size_t i = 0; i < r; ++i) {
    pim(i, 0) = pi[i];
    L.v.push_back(GiNaC::symbol(velocity_name(in_.variables[L.momenta[i]].name)));
  }
  const GiNaC::matrix& G = sys.constrained_metric();
  const GiNaC::matrix GAt = G.mul(A.transpose()), J = A.mul(GAt);
  const GiNaC::matrix v_pi = A.inverse().transpose().mul(sys.constrained_inverse()).mul(pim);
  const GiNaC::matrix At = A.transpose();
  for (std::size_t a = 0; a < r; ++a) {
    GiNaC::ex x = 0;
    for (std::size_t i = 0; i < r; ++i) x += At(a, i) * L.v[i];
    L.vq.push_back(x);
  }
  for (std::size_t i = 0; i < r; ++i) {
    L.v_on_dual.push_back({GiNaC::ex_to<GiNaC::symbol>(L.v[i]).get_name(), simplify(v_pi(i, 0))});
  }
  const std::vector<GiNaC::ex> v = sys.quasi_velocities();
  for (std::size_t a = 0; a < r; ++a) L.v_to_vq[v[a]] = L.vq[a];
  for (const auto& [p, Gv] : legendre_map(sys)) L.pi_at_vq[p] = Gv.subs(L.v_to_vq);
  for (std::size_t i = 0; i < r; ++i) {
    GiNaC::ex u = 0;
    for (std::size_t j = 0; j <= r; ++j) {  // J_ij, then b_i
      const GiNaC::ex c = coefficient_in_variables(j < r ? simplify(J(i, j)) : b[i]);
      if (!coefficient_ok_) return std::nullopt;
      u += j < r ? c * L.v[j] : c;
    }
    L.u_in_v.push_back(u);
  }
  return L;
}

// A function of q alone in the variables (a coefficient of the Legendre map or of a polynomial in v),
// the shorter of it and its normal form modulo the relations; coefficient_ok_ says whether it is.
GiNaC::ex InVariables::coefficient_in_variables(const GiNaC::ex& c) {
  coefficient_ok_ = false;
  ReexpressBudget budget;
  budget.seconds = std::min(5.0, seconds_left());
  if (budget.seconds <= 0) return c;
  const Reexpressed r = reexpress(c, v_, in_.inverse, budget);
  // a coordinate may stay inside an abstract function when it is a function of the variables (f1(θ),
  // θ = acos γ3: 004 §7), as in the other entries
  const auto argument = [&](const GiNaC::ex& x) {
    return std::any_of(r.arguments.begin(), r.arguments.end(), [&](const auto& a) { return a.first.is_equal(x); });
  };
  const auto& q = v_.chart.coordinates();
  if (!r.expressed() || std::any_of(q.begin(), q.end(), [&](const GiNaC::ex& x) { return r.value.has(x) && !argument(x); }))
    return c;
  for (const auto& a : r.arguments)
    if (r.value.has(a.first) && std::none_of(arguments_.begin(), arguments_.end(), [&](const auto& b) { return b.first.is_equal(a.first); }))
      arguments_.push_back(a);
  coefficient_ok_ = true;
  coefficient_method_ = std::max(coefficient_method_, r.method);
  return shortest_remainder(r.value);
}

// c or its remainder modulo a relation quadratic in one variable (x² + y² + z² − 1 in x, in y, in z),
// whichever the display finds smallest: one symmetric choice per coefficient where Singular's normal
// form always removes the same variable (γ1² − γ3², not 1 − γ2² − 2γ3², in the ball's d/dt M2).
GiNaC::ex InVariables::shortest_remainder(const GiNaC::ex& c) const {
  GiNaC::exmap atoms;  // f1(θ), sin θ, … as symbols: GiNaC's rem wants polynomials over Q
  const GiNaC::ex nd = c.to_polynomial(atoms).normal().numer_denom();
  GiNaC::exmap back;
  for (const auto& [symbol, atom] : atoms) back[symbol] = atom;
  GiNaC::ex best = c;
  for (const GiNaC::ex& rel : relations_)
    for (const GiNaC::ex& x : v_.symbols) {
      const GiNaC::ex p = rel.expand();
      if (p.degree(x) != 2 || !GiNaC::is_a<GiNaC::numeric>(p.coeff(x, 2)) || !p.coeff(x, 1).is_zero()) continue;
      if (!nd.op(0).is_polynomial(x) || nd.op(1).has(x)) continue;
      try {
        const GiNaC::ex candidate = (GiNaC::rem(nd.op(0).expand(), p, x) / nd.op(1)).subs(back);
        if (display_size(candidate) < display_size(best)) best = candidate;
      } catch (const std::exception&) {  // not polynomial after all (a non-integer power)
        return best;
      }
    }
  return best;
}

// f (a function of q and v, polynomial of degree ≤ 2 in v) with each coefficient, a function of q
// alone by Taylor's formula at v = 0, re-expressed in the other variables; verified on D* against
// `actual` with v ↦ v(q, π) (a term of higher degree would fail it).
std::optional<GiNaC::ex> InVariables::in_velocities(const GiNaC::ex& f, const GiNaC::ex& actual, const LegendreMap& L) {
  const std::size_t r = L.v.size();
  GiNaC::exmap at_zero;
  for (const GiNaC::ex& x : L.v) at_zero[x] = 0;
  GiNaC::ex sum = 0;
  const auto term = [&](const GiNaC::ex& c, const GiNaC::ex& monomial) {
    const GiNaC::ex cs = simplify(c);
    if (cs.is_zero()) return true;
    sum += coefficient_in_variables(cs) * monomial;
    return coefficient_ok_;
  };
  if (!term(f.subs(at_zero), 1)) return std::nullopt;
  for (std::size_t i = 0; i < r; ++i) {
    const GiNaC::ex fi = f.diff(GiNaC::ex_to<GiNaC::symbol>(L.v[i]));
    if (!term(fi.subs(at_zero), L.v[i])) return std::nullopt;
    for (std::size_t j = i; j < r; ++j) {
      const GiNaC::ex fij = fi.diff(GiNaC::ex_to<GiNaC::symbol>(L.v[j])).subs(at_zero);
      if (!term(i == j ? fij / 2 : fij, L.v[i] * L.v[j])) return std::nullopt;
    }
  }
  std::vector<GiNaC::ex> symbols = v_.symbols;
  std::vector<NamedFunction> variables = v_.variables;
  symbols.insert(symbols.end(), L.v.begin(), L.v.end());
  variables.insert(variables.end(), L.v_on_dual.begin(), L.v_on_dual.end());
  if (!verify_in_variables(actual, sum, symbols, variables, v_.chart).zero) return std::nullopt;
  return sum;
}

// The equations (and H_c when it is left) written in the variables and the velocities v = ∂H_c/∂u_M,
// all or none, with the Legendre map u_M = J v + b that defines v: returns whether they were.
bool InVariables::with_velocities(const NonholonomicSystem& sys, const std::vector<GiNaC::ex>& actual, Object& h,
                                  bool h_done, Object& eq, DerivationSection& s) {
  if (detail_) detail_("in the variables: the velocities of the momentum variables (their Legendre map)");
  const auto L = legendre(sys);
  if (!L) return false;
  // (2.8) and H_c at π = G v (mechanics/hamel_equations.hpp), without G^{-1}: its denominators (K of
  // 004 (6.7)) cancel in the velocities, and the canonical form refuses the sums they make (the
  // rattleback ball's coefficients, 90 000 characters); then v = v_q = Aᵀ v_M
  const VectorField X = nonholonomic_vector_field_in_velocities(sys);
  std::vector<GiNaC::ex> forms;
  for (std::size_t a = 0; a < actual.size(); ++a) {
    if (detail_) detail_("in the variables and velocities: d/dt " + in_.variables[a].name);
    const GiNaC::ex rate = ::hamel::rate_in_velocities(sys, X, in_.variables[a].expression).subs(L->v_to_vq);
    const auto f = in_velocities(rate, actual[a], *L);
    if (!f) return false;
    forms.push_back(*f);
  }
  const auto H = h_done ? std::nullopt
                        : in_velocities(hamiltonian_in_velocities(sys).subs(L->v_to_vq), h.entries.back().value, *L);
  if (H) h.entries.back().value = *H, h.entries.back().note.clear();
  eq.entries.clear();
  for (std::size_t a = 0; a < actual.size(); ++a) eq.add({in_.variables[a].name}, Label::dot(in_.variables[a].name), forms[a]);
  s.prose.push_back("The equations are written in the variables and the velocities " + legendre_object(*L, s) +
                    " (the derivatives of H_c in the momentum variables, 004 §6's $Omega$ for the Chaplygin ball), "
                    "defined by the Legendre map listed: in the variables alone they are too long or not found. "
                    "Each is verified on D∗ with $v = (A^T)^-1 G^-1 pi$.");
  return true;
}

// The Legendre map u_M = J v + b as an object of s, once; the velocities' names.
// Each map's symbols are recorded with their values on D∗ (a second map, made for the brackets, has
// symbols of the same names: both are defined).
std::string InVariables::legendre_object(const LegendreMap& L, DerivationSection& s) {
  Object* o = s.find("legendre_map") ? nullptr
                                     : &s.object("legendre_map", ObjectKind::Family,
                                                 "the momentum variables in their velocities $v_a = ∂H_c/∂u_a$ (the Legendre map)");
  std::string names;
  for (std::size_t i = 0; i < L.momenta.size(); ++i) {
    const std::string& name = in_.variables[L.momenta[i]].name;
    if (o) o->add({name}, Label::symbol(name), L.u_in_v[i]);
    names += (names.empty() ? "" : ", ") + velocity_name(name);
    velocities_.push_back(VelocityDefinition{L.v[i], name, L.v_on_dual[i].expression});
  }
  return names;
}

// A bracket of the variables whose display form is longer than this (characters), or left in (q, π), is
// tried in the velocities too: the Chaplygin ball's {M1, M2}, 580 characters in (M, γ), is 004 (6.10)'s
// −(M3 − m R² (Ω, γ) γ3) with Ω = v; the Chaplygin sphere's (I1 = I2), 180–240, stay in (M, γ).
constexpr std::size_t kBracketInVelocities = 400;

// The brackets {u_a, u_b} at π = G v_q are of degree ≤ 1 in v ({π_α, π_β} = −C_αβ^γ π_γ = −C_αβδ v_q^δ,
// (2.6), (2.9)): written in the variables and v where that is at most half as long, verified on D*.
void InVariables::brackets_in_velocities(const NonholonomicSystem& sys, const AlmostPoissonBracket& B, DerivationSection& s) {
  Object* found = s.find("reduced_bracket");
  if (!found) return;
  Object& o = *found;
  const auto index = [&](const std::string& name) {
    for (std::size_t a = 0; a < in_.variables.size(); ++a)
      if (in_.variables[a].name == name) return a;
    return in_.variables.size();
  };
  std::optional<LegendreMap> L;
  std::size_t written = 0;
  for (Entry& e : o.entries) {
    // the display form is rarely longer than the value as derived: that one, cheap, decides most entries
    if (e.note.empty() && to_text(e.value).size() <= kBracketInVelocities) continue;
    const std::size_t before = to_text(display_form(e.value)).size();
    if (before <= kBracketInVelocities && e.note.empty()) continue;
    const std::size_t a = index(e.key[0]), b = index(e.key[1]);
    if (a == in_.variables.size() || b == in_.variables.size() || seconds_left() <= 0) continue;
    if (!L && !(L = legendre(sys))) return;
    if (detail_) detail_("in the variables and velocities: {" + e.key[0] + ", " + e.key[1] + "}");
    const GiNaC::ex actual = B(in_.variables[a].expression, in_.variables[b].expression);
    const auto f = in_velocities(actual.subs(L->pi_at_vq), actual, *L);
    if (!f || (e.note.empty() && 2 * to_text(display_form(*f)).size() > before)) continue;
    e.value = *f;
    e.note.clear();
    ++written;
  }
  if (written > 0)
    s.prose.push_back(std::to_string(written) + " of the brackets of the variables are written with the velocities " +
                      legendre_object(*L, s) + " too (defined by the Legendre map listed), where that is at most half as "
                      "long as in the variables alone or these gave none; each is verified on D∗.");
}

}  // namespace hamel
