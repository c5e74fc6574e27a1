// reduction/reexpress.cpp
#include "reduction/reexpress.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <stdexcept>

#include "core/abstract_function.hpp"
#include "core/display.hpp"
#include "core/error.hpp"
#include "core/integer_factor.hpp"
#include "core/latex.hpp"
#include "core/rational_function.hpp"
#include "core/symbolic.hpp"
#include "core/work_clock.hpp"
#include "geometry/linear_algebra.hpp"
#include "reduction/algebraic_form.hpp"
#include "reduction/angle_reflection.hpp"
#include "reduction/groebner.hpp"

namespace hamel {

namespace {

using GiNaC::ex;
using Clock = std::chrono::steady_clock;

// The ideal of the graph of u (and of f): generators, and the denominators to saturate by.
struct GraphIdeal {
  AlgebraicForm form;
  std::vector<ex> generators;
  std::vector<ex> denominators;
};

// The variables a section solved for are left out; the others get the section put in (p ↦ p(q, u)), so
// a redundant variable (v2 = 2π1 beside v = π1/m) gives the relation v2 − 2m·v among the u's.
GraphIdeal graph_of_variables(const VariablesOnChart& v, const std::vector<bool>& solved = {},
                              const GiNaC::exmap& section = {}) {
  GraphIdeal g{AlgebraicForm(v.chart.parameters()), {}, {}};
  for (std::size_t a = 0; a < v.variables.size(); ++a) {
    if (a < solved.size() && solved[a]) continue;
    const ex& u = v.variables[a].expression;
    const ex on_section = u.subs(section);
    const PolynomialQuotient q = g.form(on_section.is_equal(u) ? u : simplify(on_section));
    g.generators.push_back((q.numerator - v.symbols[a] * q.denominator).expand());
    g.denominators.push_back(q.denominator);
  }
  return g;
}

void add_function(GraphIdeal& g, const ex& f, const ex& z) {
  const PolynomialQuotient q = g.form(f);
  g.generators.push_back((z * q.denominator - q.numerator).expand());
  g.denominators.push_back(q.denominator);
}

// The Rabinowitsch variable of the k-th denominator factor (t1, t2, …), the same symbols in every problem.
const ex& rabinowitsch(std::size_t k) {
  thread_local std::vector<ex> t;
  while (t.size() <= k) t.emplace_back(GiNaC::symbol("t" + std::to_string(t.size() + 1)));
  return t[k];
}

// t_k·b_k − 1 for each distinct irreducible factor b_k of the denominators that involves unknowns: the
// points where a denominator vanishes are not on the graph (Rabinowitsch). One t per factor, not
// t·Π b_k − 1: the same saturation, so the same elimination ideal and the same reduced basis of it,
// but each generator is small where the product's was the size of all of them together; Singular's
// basis for the rubber ball's {K2, K3} took 3.4 s with one t and 0.23 s with one per factor (over
// Q(I1, I2, I3, m, R), whose arithmetic is the cost).
std::vector<ex> saturation(const GraphIdeal& g) {
  const std::vector<ex> unknowns = g.form.unknowns();
  const auto involves_unknowns = [&](const ex& p) {
    for (const ex& x : unknowns)
      if (p.has(x)) return true;
    return false;
  };
  GiNaC::exset factors;  // in GiNaC's canonical order: the same t for the same factor in every run
  for (const ex& d : g.denominators) {
    const ex fd = factor_polynomial_over_q(d, 40);  // left unfactored, d vanishes at the same points
    const std::size_t n = GiNaC::is_a<GiNaC::mul>(fd) ? fd.nops() : 1;
    for (std::size_t i = 0; i < n; ++i) {
      ex b = GiNaC::is_a<GiNaC::mul>(fd) ? fd.op(i) : fd;
      if (GiNaC::is_a<GiNaC::power>(b)) b = b.op(0);
      if (involves_unknowns(b)) factors.insert(b);
    }
  }
  std::vector<ex> out;
  for (const ex& b : factors) out.push_back((rabinowitsch(out.size()) * b - 1).expand());
  if (out.empty()) out.push_back(rabinowitsch(0) - 1);  // t = 1: the problem keeps its shape
  return out;
}

// (t_k, unknowns) ≫ z ≫ (u, kept), the first block eliminated.
GroebnerProblem elimination_problem(const GraphIdeal& g, const std::vector<ex>& middle, const std::vector<ex>& u,
                                    const std::vector<ex>& kept = {}) {
  GroebnerProblem p;
  const std::vector<ex> saturating = saturation(g);
  std::vector<ex> first;
  for (std::size_t k = 0; k < saturating.size(); ++k) first.push_back(rabinowitsch(k));
  GiNaC::exset keep(kept.begin(), kept.end());
  keep.insert(u.begin(), u.end());  // u met in f (after an affine section) stays in the last block
  keep.insert(middle.begin(), middle.end());
  for (const ex& x : g.form.unknowns())
    if (!keep.count(x)) first.push_back(x);
  std::vector<ex> last = u;
  last.insert(last.end(), kept.begin(), kept.end());
  p.blocks = {first, middle, last};
  p.constants = g.form.constants();
  p.generators = g.generators;
  for (const ex& r : g.form.relations()) p.generators.push_back(r);
  p.generators.insert(p.generators.end(), saturating.begin(), saturating.end());
  p.eliminated = 1;
  return p;
}

std::size_t term_count(const GroebnerProblem& p) {
  std::size_t n = 0;
  for (const ex& g : p.generators) n += GiNaC::is_a<GiNaC::add>(g) ? g.nops() : 1;
  return n;
}

// Constant atoms (sin of a parameter, …) back to what they stand for.
ex constants_back(const ex& e, const AlgebraicForm& form) {
  GiNaC::exmap m;
  for (const auto& [s, meaning] : form.meanings())
    for (const ex& c : form.constants())
      if (c.is_equal(s)) m[s] = meaning;
  return m.empty() ? e : e.subs(m);
}

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// The CPU seconds left before the budget's deadline on the work clock (none set: all of `seconds`).
double seconds_left(const ReexpressBudget& b) {
  return b.deadline > 0 ? std::max(0.0, b.deadline - work_seconds()) : b.seconds;
}

bool on_chart(const ex& f, const Chart& chart) {
  for (const ex& q : chart.coordinates())
    if (f.has(q)) return true;
  return false;
}

// b/a with common factors cancelled by FLINT's gcd (GiNaC's normal() took a tenth of the flagship's
// derivation here); GiNaC's where a coefficient is not rational.
ex cancelled(const ex& b, const ex& a) {
  if (const auto f = cancelled_fraction(b / a, {})) return f->numerator / f->denominator;
  return (b / a).normal();
}

// The basis element a·z − b with the fewest terms (ties: the first in printed text): f = b/a; else the
// least degree in z met (0: none). Chosen on the elements, cancelled once: a Jacobiator's basis has
// dozens of long ones, and cancelling and printing each took most of the Chaplygin ball's run. The
// choice never reads GiNaC's hash order (a quotient's nops() did: the Veselova system's reduced
// equations came out in three forms).
std::pair<std::optional<ex>, int> linear_in(const std::vector<ex>& basis, const ex& z) {
  const ex* best = nullptr;
  std::size_t best_terms = 0;
  std::string best_text;
  int least = 0;
  for (const ex& g : basis) {
    const int d = g.degree(z);
    if (d == 0) continue;
    if (least == 0 || d < least) least = d;
    if (d != 1) continue;
    const std::size_t n = GiNaC::is_a<GiNaC::add>(g) ? g.nops() : 1;
    if (best && n > best_terms) continue;
    if (best && n == best_terms) {
      if (best_text.empty()) best_text = to_text(*best);
      std::string text = to_text(g);
      if (text >= best_text) continue;
      best_text = std::move(text);
    } else {
      best_text.clear();
    }
    best = &g, best_terms = n;
  }
  if (!best) return {std::nullopt, least};
  return {cancelled(-best->coeff(z, 0), best->coeff(z, 1)), least};
}

void judge(Reexpressed& r, const std::vector<ex>& basis, const ex& z, const ex& f, const VariablesOnChart& v,
           const AlgebraicForm& form, const GiNaC::exmap& atoms) {
  const auto [value, degree] = linear_in(basis, z);
  if (!value) {
    r.outcome = degree == 0 ? Reexpressed::Outcome::NotDetermined : Reexpressed::Outcome::NotRational;
    r.note = degree == 0 ? "not a function of the variables"
                         : "algebraic of degree " + std::to_string(degree) + " over the variables, not rational in them";
    return;
  }
  const ex candidate = constants_back(*value, form).subs(atoms);
  r.verified = verify_in_variables(f, candidate, v.symbols, v.variables, v.chart);
  if (!r.verified.zero) {
    r.outcome = Reexpressed::Outcome::Unverified;
    r.note = "the candidate " + detail::str(candidate) + " failed the zero test";
    return;
  }
  r.outcome = Reexpressed::Outcome::Expressed;
  r.value = candidate;
}

// Atoms of f that are not polynomial, not sin/cos of a symbol and not abstract functions (√, exp, …)
// but whose operands are functions of the variables: each becomes a symbol w kept beside the u's,
// and `back` puts the atom of the re-expressed operands in its place (√(1 − mR²(Aγ,γ)) of 004 §6).
struct LiftedAtoms {
  std::vector<ex> kept;
  GiNaC::exmap back;
  std::vector<std::pair<ex, ex>> arguments;  ///< (θ, acos γ3): the abstract functions' arguments in u
  GiNaC::exset not_arguments;                 ///< coordinates found not to be functions of u
  std::map<ex, ex, GiNaC::ex_is_less> jets;   ///< abstract jet ↦ what replaces it (w, or −sin θ·w)
  bool eliminated = false;  ///< a Gröbner basis gave a coordinate's value or an operand's (not substitution alone)
};

// Whether g(q) is one-to-one on q's declared domain, so that q = g⁻¹(value): q itself always, cos q on a
// part of [0, π], sin q on a part of [−π/2, π/2].
bool injective_on_domain(const ex& g, const ex& q, const Chart& chart) {
  if (g.is_equal(q)) return true;
  const auto i = chart.index_of(q);
  const auto d = i ? chart.domain(*i) : std::nullopt;
  if (!d) return false;
  const ex lo = GiNaC::evalf(d->lo), hi = GiNaC::evalf(d->hi);
  if (!GiNaC::is_a<GiNaC::numeric>(lo) || !GiNaC::is_a<GiNaC::numeric>(hi)) return false;
  const double a = GiNaC::ex_to<GiNaC::numeric>(lo).to_double(), b = GiNaC::ex_to<GiNaC::numeric>(hi).to_double();
  const double pi = GiNaC::ex_to<GiNaC::numeric>(GiNaC::evalf(GiNaC::Pi)).to_double(), eps = 1e-12;
  if (GiNaC::is_the_function<GiNaC::cos_SERIAL>(g)) return a >= -eps && b <= pi + eps;
  return a >= -pi / 2 - eps && b <= pi / 2 + eps;
}

// A coordinate q as a function of the variables on its domain, through the first of q, cos q, sin q
// that is rational in them and one-to-one there: (q, its value: γ3 ↦ acos(γ3)); nullopt when none is
// (`over_budget` says whether an elimination ran out of budget on the way).
std::optional<std::pair<ex, ex>> argument_in_variables(const ex& q, const VariablesOnChart& v,
                                                       const ReexpressBudget& budget, bool& over_budget) {
  ReexpressBudget by_elimination = budget;
  by_elimination.substitute = false;
  for (const ex& g : std::vector<ex>{q, GiNaC::cos(q), GiNaC::sin(q)}) {
    if (!injective_on_domain(g, q, v.chart)) continue;
    const Reexpressed r = reexpress(g, v, by_elimination);
    if (r.outcome == Reexpressed::Outcome::OverBudget) over_budget = true;
    if (!r.expressed()) continue;
    if (g.is_equal(q)) return std::make_pair(q, r.value);
    const bool cosine = GiNaC::is_the_function<GiNaC::cos_SERIAL>(g);
    return std::make_pair(q, cosine ? GiNaC::acos(r.value) : GiNaC::asin(r.value));
  }
  return std::nullopt;
}

// argument_in_variables, remembered for the process: every re-expression of a derivation asks it for
// the same coordinates (the solid of revolution's θ eleven times, one to three eliminations each). The
// key holds the coordinate and the variables (variables_key). A coordinate found not to be a function of the
// variables is remembered only when no elimination ran out of budget.
std::optional<std::pair<ex, ex>> remembered_argument(const ex& q, const VariablesOnChart& v, const ReexpressBudget& budget) {
  struct Known {
    std::optional<std::pair<ex, ex>> value;
  };
  thread_local std::map<ex, Known, GiNaC::ex_is_less> memo;
  const ex key = GiNaC::lst{q, variables_key(v)};
  if (const auto it = memo.find(key); it != memo.end()) return it->second.value;
  bool over_budget = false;
  const auto a = argument_in_variables(q, v, budget, over_budget);
  if (a || !over_budget) memo[key] = Known{a};
  return a;
}

// q's value in the variables (argument_in_variables), asked once per elimination: `atoms` remembers
// the answer either way.
std::optional<ex> argument_value(const ex& q, LiftedAtoms& atoms, const VariablesOnChart& v,
                                 const ReexpressBudget& budget) {
  atoms.eliminated = true;  // found (or remembered) by argument_in_variables' eliminations
  for (const auto& [x, value] : atoms.arguments)
    if (x.is_equal(q)) return value;
  if (atoms.not_arguments.count(q)) return std::nullopt;
  const auto a = remembered_argument(q, v, budget);
  if (!a) {
    atoms.not_arguments.insert(q);
    return std::nullopt;
  }
  atoms.arguments.push_back(*a);
  return a->second;
}

// B^(1/n) for a power B^(p/n) (n > 1) with a base on the chart; nullopt for any other expression.
std::optional<ex> root_of(const ex& e, const Chart& chart) {
  if (!GiNaC::is_a<GiNaC::power>(e) || !GiNaC::is_a<GiNaC::numeric>(e.op(1)) || !on_chart(e.op(0), chart)) return std::nullopt;
  const GiNaC::numeric k = GiNaC::ex_to<GiNaC::numeric>(e.op(1));
  if (!k.is_rational() || k.is_integer()) return std::nullopt;
  return GiNaC::pow(e.op(0), GiNaC::numeric(1) / k.denom());
}

// The roots B^(1/n) met in the variables' canonical forms (√(x² + y²) of r): the graph ties each to
// its radicand (reduction/algebraic_form.hpp), with the same sign as the variables take.
GiNaC::exset roots_in_variables(const VariablesOnChart& v) {
  GiNaC::exset out;
  for (const NamedFunction& u : v.variables) {
    const ex canonical = simplify(u.expression);
    for (auto i = canonical.preorder_begin(); i != canonical.preorder_end(); ++i)
      if (const auto w = root_of(*i, v.chart)) out.insert(*w);
  }
  return out;
}

struct AtomLifter : GiNaC::map_function {
  const VariablesOnChart& v;
  const ReexpressBudget& budget;
  LiftedAtoms& out;
  const GiNaC::exset variable_roots;
  AtomLifter(const VariablesOnChart& vars, const ReexpressBudget& b, LiftedAtoms& o)
      : v(vars), budget(b), out(o), variable_roots(roots_in_variables(vars)) {}

  ex operator()(const ex& e) override {
    using GiNaC::is_a;
    if (is_a<GiNaC::numeric>(e) || is_a<GiNaC::symbol>(e) || !on_chart(e, v.chart)) return e;
    // a root the variables hold stays: lifted, it would be a symbol w with no tie to the variables'
    // own root, nor its sign (r = √(x² + y²) lost H = pr²/2m + L²/2mr² + kr²/2)
    if (const auto w = root_of(e, v.chart); w && variable_roots.count(*w)) return e;
    const bool integer_power = is_a<GiNaC::power>(e) && is_a<GiNaC::numeric>(e.op(1)) &&
                               GiNaC::ex_to<GiNaC::numeric>(e.op(1)).is_integer();
    if (is_a<GiNaC::add>(e) || is_a<GiNaC::mul>(e) || integer_power) return e.map(*this);
    const bool trig = (GiNaC::is_the_function<GiNaC::sin_SERIAL>(e) || GiNaC::is_the_function<GiNaC::cos_SERIAL>(e)) &&
                      is_a<GiNaC::symbol>(e.op(0));
    if (trig) return e;
    if (is_abstract_jet(e)) return kept_jet(e);
    GiNaC::exmap operands;  // operand ↦ its value in the variables
    for (std::size_t i = 0; i < e.nops(); ++i) {
      const Reexpressed r = reexpress(e.op(i), v, budget);
      if (!r.expressed()) return e;
      if (r.method == Reexpressed::Method::Elimination) out.eliminated = true;
      operands[e.op(i)] = r.value;
    }
    const GiNaC::symbol w("w" + std::to_string(out.kept.size() + 1));
    out.kept.push_back(w);
    out.back[w] = rebuilt(e, operands);
    return w;
  }

  // f1(θ) (or a derivative) stays in the answer when each coordinate it depends on is a function of
  // the variables (004 §7 writes f1, f2 as functions of γ3 = cos θ); otherwise it is eliminated.
  ex kept_jet(const ex& e) {
    for (const ex& q : v.chart.coordinates())
      if (e.has(q) && !argument_value(q, out, v, budget)) return e;
    if (const auto it = out.jets.find(e); it != out.jets.end()) return it->second;
    const GiNaC::symbol w("w" + std::to_string(out.kept.size() + 1));
    out.kept.push_back(w);
    const ex slope = chain_factor(e);
    out.back[w] = e / slope;
    return out.jets[e] = w * slope;
  }

  // f'(θ) with cos θ = c(u) is −sin θ · df/dc, and df/dc is a function of the variables (R_m =
  // −f2'/sin θ of 004 §7): the factor is dg/dq for g(q) = c(u), or 1 for other jets.
  ex chain_factor(const ex& e) const {
    if (!GiNaC::is_a<GiNaC::fderivative>(e) || e.nops() != 1 ||
        GiNaC::ex_to<GiNaC::fderivative>(e).derivatives().size() != 1)
      return 1;
    for (const auto& [q, value] : out.arguments)
      if (e.op(0).is_equal(q)) return argument_form(q, value).of_q.diff(GiNaC::ex_to<GiNaC::symbol>(q));
    return 1;
  }

  // e with its operands replaced (a power or a function of one or more arguments).
  static ex rebuilt(const ex& e, const GiNaC::exmap& operands) {
    if (GiNaC::is_a<GiNaC::power>(e)) return GiNaC::pow(operands.at(e.op(0)), operands.at(e.op(1)));
    ex r = e;
    for (std::size_t i = 0; i < e.nops(); ++i) r.let_op(i) = operands.at(e.op(i));
    return r;
  }
};

// A local section in the coordinates the variables are affine in (the momenta, for M = A(q)·π + b(q)):
// the coefficients of those coordinates p in the variables that involve them form a matrix of rank k;
// k independent columns (the first, in the chart's order) and k independent rows (the first, in the
// declared order) give a block A with det A ≠ 0, and those k coordinates are solved for, p = A⁻¹(u − b)
// with b holding the other p's, so the elimination is left with the other coordinates only (far fewer
// unknowns for Singular). A redundant variable (v2 = 2π1 beside v = π1/m), a row outside the block,
// stays in the graph as a relation among the u's. With fewer such variables than coordinates (a hitch
// angle θ1 − θ0 in two angles) one coordinate per variable is solved for, θ0 = θ1 − hitch: then
// sin(θ0 − θ1) = −sin(hitch), which the elimination, blind to the bare angles beside their sines, had
// called "not a function of the variables".
struct AffineSection {
  GiNaC::exmap p_of_u;          ///< p_i ↦ its value in (q, u)
  std::vector<bool> solved;     ///< by variable: used for the section
  std::vector<bool> redundant;  ///< by variable: affine in the p_i too, but not used (a function of the others and q)
};

AffineSection affine_section(const VariablesOnChart& v) {
  std::vector<ex> P;
  for (const ex& x : v.chart.coordinates()) {
    bool affine = true, used = false;
    for (const auto& u : v.variables) {
      const ex e = u.expression.expand();
      affine = affine && e.is_polynomial(x) && e.degree(x) <= 1;
      used = used || e.has(x);
    }
    if (affine && used) P.push_back(x);
  }
  AffineSection out;
  out.solved.assign(v.variables.size(), false);
  out.redundant.assign(v.variables.size(), false);
  std::vector<std::size_t> rows;
  for (std::size_t a = 0; a < v.variables.size(); ++a)
    for (const ex& x : P)
      if (v.variables[a].expression.has(x)) {
        rows.push_back(a);
        break;
      }
  if (P.empty()) return out;
  const auto n = static_cast<unsigned>(P.size());
  GiNaC::matrix all(static_cast<unsigned>(rows.size()), n), rhs_all(static_cast<unsigned>(rows.size()), 1);
  for (unsigned i = 0; i < rows.size(); ++i) {
    ex rest = v.variables[rows[i]].expression.expand();
    for (unsigned j = 0; j < n; ++j) {
      all(i, j) = rest.coeff(P[j], 1);
      for (const ex& y : P)
        if (all(i, j).has(y)) return out;  // not affine: a product of two of them
      rest = rest.coeff(P[j], 0);
    }
    rhs_all(i, 0) = v.symbols[rows[i]] - rest;
  }
  const std::vector<unsigned> columns = row_echelon(all, v.chart).pivot_columns;
  const auto k = static_cast<unsigned>(columns.size());
  if (k == 0) return out;
  GiNaC::matrix chosen(static_cast<unsigned>(rows.size()), k);
  for (unsigned i = 0; i < rows.size(); ++i)
    for (unsigned j = 0; j < k; ++j) chosen(i, j) = all(i, columns[j]);
  std::vector<unsigned> block(k);
  for (unsigned i = 0; i < k; ++i) block[i] = i;
  if (rows.size() > k) block = row_echelon(chosen.transpose(), v.chart).pivot_columns;  // the first independent rows
  GiNaC::matrix A(k, k), rhs(k, 1);
  for (unsigned i = 0; i < k; ++i) {
    for (unsigned j = 0; j < k; ++j) A(i, j) = chosen(block[i], j);
    ex b = rhs_all(block[i], 0);
    for (unsigned j = 0; j < n; ++j)  // the coordinates not solved for stay, as part of b
      if (std::find(columns.begin(), columns.end(), j) == columns.end()) b -= all(block[i], j) * P[j];
    rhs(i, 0) = b;
  }
  if (simplify(A.determinant()).is_zero()) return out;
  const GiNaC::matrix sol = A.inverse().mul(rhs);
  for (unsigned j = 0; j < k; ++j) out.p_of_u[P[columns[j]]] = sol(j, 0);
  for (std::size_t a : rows) out.redundant[a] = true;
  for (unsigned i : block) out.solved[rows[i]] = true, out.redundant[rows[i]] = false;
  return out;
}

// affine_section, remembered for the process: it depends on the variables alone, and every
// re-expression asks for it (the flagship's 30 or so, each a symbolic inverse and its normal()).
const AffineSection& remembered_section(const VariablesOnChart& v) {
  thread_local std::map<ex, AffineSection, GiNaC::ex_is_less> memo;
  const ex key = variables_key(v);
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  return memo.emplace(key, affine_section(v)).first->second;
}

// p (a polynomial in x) with x^2k ↦ y^k, or nullopt when an odd power of x occurs.
std::optional<ex> even_powers(const ex& p, const ex& x, const ex& y) {
  const ex q = p.expand();
  if (!q.is_polynomial(x)) return std::nullopt;
  ex out = 0;
  for (int k = 0; k <= q.degree(x); ++k) {
    const ex c = q.coeff(x, k);
    if (c.is_zero()) continue;
    if (k % 2) return std::nullopt;
    out += c * GiNaC::pow(y, k / 2);
  }
  return out;
}

// e with g(q) = c(u) put in: q ↦ c; or cos q ↦ c and sin²q ↦ 1 − c² (sin q ↦ c, cos²q ↦ 1 − c²).
// nullopt when q is left (an odd power of the other function, or q outside sin and cos).
std::optional<ex> put_in(const ex& e, const ex& q, const ArgumentForm& g) {
  if (g.of_q.is_equal(q)) return e.subs(q == g.in_u);
  const bool cosine = GiNaC::is_the_function<GiNaC::cos_SERIAL>(g.of_q);
  const GiNaC::symbol other("other");  // the function that is not g
  const ex with = e.subs(g.of_q == g.in_u).subs((cosine ? GiNaC::sin(q) : GiNaC::cos(q)) == other);
  const ex nd = GiNaC::normal(with).numer_denom();
  const auto num = even_powers(nd.op(0), other, 1 - GiNaC::pow(g.in_u, 2));
  const auto den = even_powers(nd.op(1), other, 1 - GiNaC::pow(g.in_u, 2));
  if (!num || !den || num->has(q) || den->has(q)) return std::nullopt;
  return *num / *den;
}

// f in the variables by putting in, for each coordinate left after the section, its value in the
// variables on its domain (cos θ = γ3): no elimination when that leaves none. nullopt when a
// coordinate is not so written (ψ in γ1 = sin θ sin ψ is left to the elimination).
std::optional<ex> substituted(const ex& lifted, LiftedAtoms& atoms, const VariablesOnChart& v,
                              const ReexpressBudget& budget) {
  ex e = lifted;
  for (const ex& q : v.chart.coordinates()) {
    if (!e.has(q)) continue;
    const auto value = argument_value(q, atoms, v, budget);
    const auto in = value ? put_in(e, q, argument_form(q, *value)) : std::nullopt;
    if (!in) return std::nullopt;
    e = *in;
  }
  return e;
}

// The variables with the redundant ones first: the leading terms of the relations that tie them to the
// others (v2 − 2m·v), so the basis writes f in the variables the section solved for.
std::vector<ex> redundant_first(const std::vector<ex>& u, const std::vector<bool>& redundant) {
  std::vector<ex> out;
  for (std::size_t a = 0; a < u.size(); ++a)
    if (a < redundant.size() && redundant[a]) out.push_back(u[a]);
  for (std::size_t a = 0; a < u.size(); ++a)
    if (a >= redundant.size() || !redundant[a]) out.push_back(u[a]);
  return out;
}

// The basis that gives a value z, first with the kept variables (u, and the atoms kept beside them) in
// lexicographic order, in half the budget; then in degree reverse lexicographic order with the rest.
// Only the order of the kept block changes the basis of the elimination ideal (the first blocks'
// order does not), and on every example lex found the same element linear in z, 1–400× faster: the
// solid of revolution's H_c in (M, γ) took 1.7–5.5 s in dp and takes 0.01 s (bench/README.md). The
// retry in dp keeps a problem where lex is the slow order within reach.
GroebnerAnswer value_basis(GroebnerProblem p, double seconds) {
  p.last_block_lex = true;
  const GroebnerAnswer lex = groebner_basis(p, {seconds / 2, kGroebnerAnswerBytes});
  if (lex.done || !lex.over_budget) return lex;
  p.last_block_lex = false;
  return groebner_basis(p, {std::max(0.0, seconds - lex.seconds), kGroebnerAnswerBytes});
}

// The elimination for f ≠ constant, its outcome into r.
void eliminate(Reexpressed& r, const ex& f, const VariablesOnChart& v, const ReexpressBudget& budget) {
  LiftedAtoms atoms;
  AtomLifter lift(v, budget, atoms);
  const AffineSection& section = remembered_section(v);
  const ex lifted = lift(simplify(f.subs(section.p_of_u)));
  if (budget.substitute && !section.p_of_u.empty())
    if (const auto direct = substituted(lifted, atoms, v, budget)) {
      const ex candidate = direct->subs(atoms.back);
      const ZeroVerdict same = verify_in_variables(f, candidate, v.symbols, v.variables, v.chart);
      if (same.zero) {
        r.outcome = Reexpressed::Outcome::Expressed;
        r.method = atoms.eliminated ? Reexpressed::Method::Elimination : Reexpressed::Method::Substitution;
        r.value = candidate;
        r.verified = same;
        for (const auto& a : atoms.arguments)
          if (candidate.has(a.first)) r.arguments.push_back(a);
        return;
      }
    }
  // a reflection of an angle that fixes the variables and moves f: no elimination needed to say so
  if (const auto moved = reflection_moving(f, reflections_fixing(v))) {
    r.outcome = Reexpressed::Outcome::NotRational;
    r.note = "not rational in the variables: " + moved->text() + " leaves every variable unchanged and changes it";
    return;
  }
  GraphIdeal g = graph_of_variables(v, section.solved, section.p_of_u);
  static const GiNaC::symbol z("z");
  add_function(g, lifted, z);
  const GroebnerProblem p = elimination_problem(g, {z}, redundant_first(v.symbols, section.redundant), atoms.kept);
  if (term_count(p) > budget.max_terms) {
    r.note = "over budget: " + std::to_string(term_count(p)) + " terms to eliminate (at most " +
             std::to_string(budget.max_terms) + ")";
    return;
  }
  const GroebnerAnswer a = value_basis(p, seconds_left(budget));
  if (a.done) {
    judge(r, a.basis, z, f, v, g.form, atoms.back);
    if (r.expressed())
      for (const auto& arg : atoms.arguments) r.arguments.push_back(arg);
    return;
  }
  r.outcome = a.over_budget ? Reexpressed::Outcome::OverBudget : Reexpressed::Outcome::Failed;
  r.note = (a.over_budget ? "over budget: " : "the elimination failed: ") + a.why;
}

}  // namespace

ex variables_key(const VariablesOnChart& v) {
  GiNaC::lst symbols, expressions, coordinates;
  for (const ex& u : v.symbols) symbols.append(u);
  for (const NamedFunction& f : v.variables) expressions.append(f.expression);
  for (const ex& x : v.chart.coordinates()) coordinates.append(x);
  return GiNaC::lst{symbols, expressions, coordinates};
}

ArgumentForm argument_form(const ex& q, const ex& value) {
  if (GiNaC::is_the_function<GiNaC::acos_SERIAL>(value)) return {GiNaC::cos(q), value.op(0)};
  if (GiNaC::is_the_function<GiNaC::asin_SERIAL>(value)) return {GiNaC::sin(q), value.op(0)};
  return {q, value};
}

Reexpressed reexpress(const ex& f, const VariablesOnChart& v, const ReexpressBudget& given) {
  const auto t0 = Clock::now();
  Reexpressed r;
  r.value = f;
  if (!on_chart(f, v.chart)) {  // a constant: nothing to eliminate
    r.outcome = Reexpressed::Outcome::Expressed;
    r.method = Reexpressed::Method::Constant;
    r.verified = zero_test(ex(0), v.chart);
    return r;
  }
  ReexpressBudget budget = given;
  if (budget.deadline <= 0) budget.deadline = work_seconds() + budget.seconds;
  if (seconds_left(budget) <= 0) {  // an enclosing re-expression spent it
    r.note = "over budget: no time left for it";
    return r;
  }
  try {
    eliminate(r, f, v, budget);
  } catch (const std::exception& e) {
    r.outcome = Reexpressed::Outcome::Failed;
    r.note = std::string("the elimination failed: ") + e.what();
  }
  r.seconds = since(t0);
  return r;
}

Reexpressed reexpress(const ex& f, const VariablesOnChart& v, const GiNaC::exmap& hint, const ReexpressBudget& budget) {
  if (!hint.empty() && on_chart(f, v.chart)) {  // a constant needs no rule
    const Rewritten rw = express_in_variables(f, hint, v.symbols, v.variables, v.chart);
    if (rw.verified.zero && !on_chart(rw.value, v.chart)) {
      Reexpressed r;
      r.outcome = Reexpressed::Outcome::Expressed;
      r.method = Reexpressed::Method::Substitution;
      r.value = rw.value;
      r.verified = rw.verified;
      return r;
    }
  }
  return reexpress(f, v, budget);
}

std::optional<ex> reduced_modulo(const ex& f, const std::vector<ex>& relations, const Chart& chart,
                                 const ReexpressBudget& budget) {
  if (relations.empty()) return std::nullopt;
  try {
    AlgebraicForm form(chart.parameters());
    const PolynomialQuotient q = form(f);
    static const GiNaC::symbol z("z");
    GroebnerProblem p;
    p.generators = {(z * q.denominator - q.numerator).expand()};
    for (const ex& r : relations) p.generators.push_back(form(r).numerator);
    for (const ex& r : form.relations()) p.generators.push_back(r);
    // the unknowns once every generator is read: a variable only the relations hold (K1 beside an f
    // without it) was left out of the blocks, and the basis refused as "not a polynomial"
    p.blocks = {{z}, form.unknowns()};
    p.constants = form.constants();
    if (term_count(p) > budget.max_terms) return std::nullopt;
    const GroebnerAnswer a = groebner_basis(p, {budget.seconds, kGroebnerAnswerBytes});
    if (!a.done) return std::nullopt;
    const auto [value, degree] = linear_in(a.basis, z);
    if (!value) return std::nullopt;
    GiNaC::exmap back;
    for (const auto& [atom, meaning] : form.meanings()) back[atom] = meaning;
    return value->subs(back);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

ex shortest_rewriting(const ex& f, const std::vector<ex>& relations) {
  // the numerator rewritten, the denominator kept: it is most often a named one (K2 of the flagship's
  // brackets), which a rewritten denominator would no longer be
  const ex nd = f.numer_denom();
  ex best = f;
  std::size_t best_size = display_size(best);
  for (const ex& relation : relations) {
    const ex r = relation.expand();
    GiNaC::exset found;
    collect_symbols(r, found);
    // by name: the same choice in every run
    for (const ex& x : in_name_order({found.begin(), found.end()}, [](const ex& s) { return GiNaC::ex_to<GiNaC::symbol>(s).get_name(); })) {
      // r = c x^d + rest, rest free of x: x^d ↦ −rest/c is r's reduction with x^d leading
      if (!r.is_polynomial(x)) continue;
      const int d = r.degree(x);
      const ex c = r.coeff(x, d);
      if (d < 1 || !GiNaC::is_a<GiNaC::numeric>(c)) continue;
      const ex rest = (r - c * GiNaC::pow(x, d)).expand();
      if (rest.has(x)) continue;
      const ex candidate = nd.op(0).subs(GiNaC::pow(x, d) == -rest / c, GiNaC::subs_options::algebraic).expand() / nd.op(1);
      if (const std::size_t n = display_size(candidate); n < best_size) best = candidate, best_size = n;
    }
  }
  return best;
}

std::optional<ex> shortest_modulo(const ex& f, const std::vector<ex>& relations, const Chart& chart, const ReexpressBudget& budget) {
  const std::optional<ex> normal = reduced_modulo(f, relations, chart, budget);
  if (!normal) return normal;
  return shortest_rewriting(*normal, relations);
}

VariableRelations variable_relations(const VariablesOnChart& v, const ReexpressBudget& budget) {
  const auto t0 = Clock::now();
  VariableRelations out;
  try {
    GraphIdeal g = graph_of_variables(v);
    const GroebnerProblem p = elimination_problem(g, {}, v.symbols);
    if (term_count(p) > budget.max_terms) throw std::runtime_error("over budget: too many terms to eliminate");
    const GroebnerAnswer a = groebner_basis(p, {budget.seconds, kGroebnerAnswerBytes});
    out.found = a.done;
    out.note = a.why;
    for (const ex& rel : a.basis) {
      const ex back = constants_back(rel, g.form);
      out.relations.push_back(back);
      out.verified.push_back(verify_in_variables(ex(0), back, v.symbols, v.variables, v.chart));
    }
  } catch (const std::exception& e) {
    out.found = false;
    out.note = e.what();
  }
  out.seconds = since(t0);
  return out;
}

}  // namespace hamel
