// derivation/variable_functions.cpp — variables that are functions of the others where no polynomial
// relation says so (issue 16 §1): c = cos(θ) beside th = θ has rank 4 with the others but no relation
// R(u) = 0 that the elimination can list. Members of InVariables (in_variables.hpp).
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "core/symbolic.hpp"
#include "derivation/in_variables.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

namespace {

bool has_any(const GiNaC::ex& e, const std::vector<GiNaC::ex>& symbols) {
  for (const GiNaC::ex& x : symbols)
    if (e.has(x)) return true;
  return false;
}

// Whether e is a rational function of the symbols u (coefficients such as sin(alpha) allowed): then
// u_b − e = 0 is in the ideal the elimination lists, as R_k.
bool rational_in(const GiNaC::ex& e, const std::vector<GiNaC::ex>& u) {
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it) {
    const GiNaC::ex& x = *it;
    const bool integer_power = GiNaC::is_a<GiNaC::power>(x) && GiNaC::is_a<GiNaC::numeric>(x.op(1)) &&
                               GiNaC::ex_to<GiNaC::numeric>(x.op(1)).is_integer();
    if (GiNaC::is_a<GiNaC::add>(x) || GiNaC::is_a<GiNaC::mul>(x) || integer_power || GiNaC::is_a<GiNaC::symbol>(x) ||
        GiNaC::is_a<GiNaC::numeric>(x))
      continue;
    if (has_any(x, u)) return false;
  }
  return true;
}

// The rank on D* of the differentials of relations R(u) = 0 (gradients in u, with u ↦ u(q, π)): how many
// of the variables they make functions of the others (|γ|² − 1: one).
std::size_t relations_rank(const std::vector<GiNaC::ex>& relations, const VariablesOnChart& v) {
  if (relations.empty()) return 0;
  GiNaC::exmap on_dual;
  for (std::size_t a = 0; a < v.symbols.size(); ++a) on_dual[v.symbols[a]] = v.variables[a].expression;
  GiNaC::matrix J(static_cast<unsigned>(relations.size()), static_cast<unsigned>(v.symbols.size()));
  for (unsigned i = 0; i < J.rows(); ++i)
    for (unsigned a = 0; a < J.cols(); ++a)
      J(i, a) = relations[i].diff(GiNaC::ex_to<GiNaC::symbol>(v.symbols[a])).subs(on_dual);
  return symbolic_rank(J, v.chart);
}

VariablesOnChart subset(const VariablesOnChart& v, const std::vector<std::size_t>& kept) {
  VariablesOnChart w{v.chart, {}, {}};
  for (std::size_t i : kept) w.symbols.push_back(v.symbols[i]), w.variables.push_back(v.variables[i]);
  return w;
}

bool on_chart(const GiNaC::ex& e, const Chart& chart) {
  for (const GiNaC::ex& q : chart.coordinates())
    if (e.has(q)) return true;
  return false;
}

}  // namespace

// The variables' differentials have `rank` < k: k − rank of them are functions of the others. When the
// polynomial relations account for fewer, the variables are written in the others from the last one
// declared back (each re-expressed, verified), keeping `rank` independent ones; those not rational in
// the others are listed, and what is still missing is said.
void InVariables::functions_of_others(std::size_t rank, DerivationSection& s) {
  const std::size_t k = v_.symbols.size();
  if (rank >= k) return;
  std::vector<GiNaC::ex> known = relations_;
  if (relations_rank(known, v_) >= k - rank) return;
  std::vector<std::size_t> kept(k);
  std::iota(kept.begin(), kept.end(), std::size_t{0});
  Object* o = nullptr;
  for (std::size_t b = k; b-- > 0 && kept.size() > rank;) {
    std::vector<std::size_t> others;
    std::vector<GiNaC::ex> functions;
    for (std::size_t i : kept)
      if (i != b) others.push_back(i), functions.push_back(v_.variables[i].expression);
    if (differential_rank(functions, v_.chart) < rank) continue;  // u_b is one of the independent ones
    ReexpressBudget budget;
    budget.seconds = share();
    if (budget.seconds <= 0) break;
    const Reexpressed r = reexpress(v_.variables[b].expression, subset(v_, others), budget);
    if (!r.expressed() || on_chart(r.value, v_.chart)) continue;
    kept = others;
    known.push_back(v_.symbols[b] - r.value);
    if (rational_in(r.value, v_.symbols)) continue;  // a polynomial relation, listed (or over budget there)
    std::string of;
    for (const GiNaC::ex& u : v_.symbols)
      if (r.value.has(u)) of += (of.empty() ? "" : ", ") + GiNaC::ex_to<GiNaC::symbol>(u).get_name();
    const std::string& name = v_.variables[b].name;
    s.prose.push_back(name + " is a function of " + of + ", not polynomial in the variables (listed; verified by the zero test).");
    if (!o) o = &s.object("variable_functions", ObjectKind::Family, "variables that are functions of the others, not polynomially");
    o->add({name}, Label::symbol(name), r.value);
  }
  const std::size_t explained = relations_rank(known, v_);
  if (explained < k - rank) {
    const std::size_t n = k - rank - explained;
    s.prose.push_back(std::to_string(n) + (n == 1 ? " relation" : " relations") + " among the variables not found in closed form " +
                      "(not polynomial, and no variable written in the others).");
  }
}

}  // namespace hamel
