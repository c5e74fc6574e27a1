// reduction/reexpress.cpp
#include "reduction/reexpress.hpp"

#include <chrono>
#include <optional>
#include <stdexcept>

#include "core/abstract_function.hpp"
#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "reduction/algebraic_form.hpp"
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

GraphIdeal graph_of_variables(const VariablesOnChart& v) {
  GraphIdeal g{AlgebraicForm(v.chart.parameters()), {}, {}};
  for (std::size_t a = 0; a < v.variables.size(); ++a) {
    const PolynomialQuotient q = g.form(v.variables[a].expression);
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

// t·Π(distinct irreducible factors of the denominators that involve unknowns) − 1: the points where
// a denominator vanishes are not on the graph (Rabinowitsch).
ex saturation(const GraphIdeal& g, const ex& t) {
  const std::vector<ex> unknowns = g.form.unknowns();
  const auto involves_unknowns = [&](const ex& p) {
    for (const ex& x : unknowns)
      if (p.has(x)) return true;
    return false;
  };
  GiNaC::exset factors;
  for (const ex& d : g.denominators) {
    const ex fd = GiNaC::factor(d);
    const std::size_t n = GiNaC::is_a<GiNaC::mul>(fd) ? fd.nops() : 1;
    for (std::size_t i = 0; i < n; ++i) {
      ex b = GiNaC::is_a<GiNaC::mul>(fd) ? fd.op(i) : fd;
      if (GiNaC::is_a<GiNaC::power>(b)) b = b.op(0);
      if (involves_unknowns(b)) factors.insert(b);
    }
  }
  ex product = 1;
  for (const ex& b : factors) product *= b;
  return (t * product - 1).expand();
}

// (t, unknowns) ≫ z ≫ (u, kept), the first block eliminated.
GroebnerProblem elimination_problem(const GraphIdeal& g, const std::vector<ex>& middle, const std::vector<ex>& u,
                                    const std::vector<ex>& kept = {}) {
  static const GiNaC::symbol t("t");
  GroebnerProblem p;
  std::vector<ex> first{t};
  const GiNaC::exset keep(kept.begin(), kept.end());
  for (const ex& x : g.form.unknowns())
    if (!keep.count(x)) first.push_back(x);
  std::vector<ex> last = u;
  last.insert(last.end(), kept.begin(), kept.end());
  p.blocks = {first, middle, last};
  p.constants = g.form.constants();
  p.generators = g.generators;
  for (const ex& r : g.form.relations()) p.generators.push_back(r);
  p.generators.push_back(saturation(g, t));
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

bool on_chart(const ex& f, const Chart& chart) {
  for (const ex& q : chart.coordinates())
    if (f.has(q)) return true;
  return false;
}

// The basis elements a·z − b of least size: f = b/a; else the least degree in z met (0: none).
std::pair<std::optional<ex>, int> linear_in(const std::vector<ex>& basis, const ex& z) {
  std::optional<ex> best;
  int least = 0;
  for (const ex& g : basis) {
    const int d = g.degree(z);
    if (d == 0) continue;
    if (least == 0 || d < least) least = d;
    if (d != 1) continue;
    const ex value = (-g.coeff(z, 0) / g.coeff(z, 1)).normal();
    if (!best || value.nops() < best->nops()) best = value;
  }
  return {best, least};
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
};

struct AtomLifter : GiNaC::map_function {
  const VariablesOnChart& v;
  const ReexpressBudget& budget;
  LiftedAtoms& out;
  AtomLifter(const VariablesOnChart& vars, const ReexpressBudget& b, LiftedAtoms& o) : v(vars), budget(b), out(o) {}

  ex operator()(const ex& e) override {
    using GiNaC::is_a;
    if (is_a<GiNaC::numeric>(e) || is_a<GiNaC::symbol>(e) || !on_chart(e, v.chart)) return e;
    const bool integer_power = is_a<GiNaC::power>(e) && is_a<GiNaC::numeric>(e.op(1)) &&
                               GiNaC::ex_to<GiNaC::numeric>(e.op(1)).is_integer();
    if (is_a<GiNaC::add>(e) || is_a<GiNaC::mul>(e) || integer_power) return e.map(*this);
    const bool trig = (GiNaC::is_the_function<GiNaC::sin_SERIAL>(e) || GiNaC::is_the_function<GiNaC::cos_SERIAL>(e)) &&
                      is_a<GiNaC::symbol>(e.op(0));
    if (trig || is_abstract_jet(e)) return e;
    GiNaC::exmap operands;  // operand ↦ its value in the variables
    for (std::size_t i = 0; i < e.nops(); ++i) {
      const Reexpressed r = reexpress(e.op(i), v, budget);
      if (!r.expressed()) return e;
      operands[e.op(i)] = r.value;
    }
    const GiNaC::symbol w("w" + std::to_string(out.kept.size() + 1));
    out.kept.push_back(w);
    out.back[w] = rebuilt(e, operands);
    return w;
  }

  // e with its operands replaced (a power or a function of one or more arguments).
  static ex rebuilt(const ex& e, const GiNaC::exmap& operands) {
    if (GiNaC::is_a<GiNaC::power>(e)) return GiNaC::pow(operands.at(e.op(0)), operands.at(e.op(1)));
    ex r = e;
    for (std::size_t i = 0; i < e.nops(); ++i) r.let_op(i) = operands.at(e.op(i));
    return r;
  }
};

// The elimination for f ≠ constant, its outcome into r.
void eliminate(Reexpressed& r, const ex& f, const VariablesOnChart& v, const ReexpressBudget& budget) {
  LiftedAtoms atoms;
  AtomLifter lift(v, budget, atoms);
  const ex lifted = lift(simplify(f));
  GraphIdeal g = graph_of_variables(v);
  static const GiNaC::symbol z("z");
  add_function(g, lifted, z);
  const GroebnerProblem p = elimination_problem(g, {z}, v.symbols, atoms.kept);
  if (term_count(p) > budget.max_terms) {
    r.note = "over budget: " + std::to_string(term_count(p)) + " terms to eliminate (at most " +
             std::to_string(budget.max_terms) + ")";
    return;
  }
  const GroebnerAnswer a = groebner_basis(p, {budget.seconds, 1u << 22});
  if (a.done) {
    judge(r, a.basis, z, f, v, g.form, atoms.back);
    return;
  }
  r.outcome = a.over_budget ? Reexpressed::Outcome::OverBudget : Reexpressed::Outcome::Failed;
  r.note = (a.over_budget ? "over budget: " : "the elimination failed: ") + a.why;
}

}  // namespace

Reexpressed reexpress(const ex& f, const VariablesOnChart& v, const ReexpressBudget& budget) {
  const auto t0 = Clock::now();
  Reexpressed r;
  r.value = f;
  if (!on_chart(f, v.chart)) {  // a constant: nothing to eliminate
    r.outcome = Reexpressed::Outcome::Expressed;
    r.verified = zero_test(ex(0), v.chart);
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
  if (!hint.empty()) {
    const Rewritten rw = express_in_variables(f, hint, v.symbols, v.variables, v.chart);
    if (rw.verified.zero && !on_chart(rw.value, v.chart)) {
      Reexpressed r;
      r.outcome = Reexpressed::Outcome::Expressed;
      r.value = rw.value;
      r.verified = rw.verified;
      return r;
    }
  }
  return reexpress(f, v, budget);
}

VariableRelations variable_relations(const VariablesOnChart& v, const ReexpressBudget& budget) {
  const auto t0 = Clock::now();
  VariableRelations out;
  try {
    GraphIdeal g = graph_of_variables(v);
    const GroebnerProblem p = elimination_problem(g, {}, v.symbols);
    if (term_count(p) > budget.max_terms) throw std::runtime_error("over budget: too many terms to eliminate");
    const GroebnerAnswer a = groebner_basis(p, {budget.seconds, 1u << 22});
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
