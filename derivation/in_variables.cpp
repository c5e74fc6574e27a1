// derivation/in_variables.cpp
#include "derivation/in_variables.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "brackets/jacobi.hpp"
#include "core/abstract_function.hpp"
#include "core/child_io.hpp"
#include "core/display.hpp"
#include "core/latex.hpp"
#include "core/node_kind.hpp"
#include "core/parallel.hpp"
#include "core/symbolic.hpp"
#include "core/work_clock.hpp"
#include "core/wire.hpp"
#include "geometry/linear_algebra.hpp"
#include "mechanics/hamel_equations.hpp"

namespace hamel {

namespace {

// Each entry gets its share of what is left of InVariables::kBudgetSeconds (the entries to come
// counted), so one slow entry cannot starve the others, nor the whole derivation run for minutes (the
// rattleback ball took over 120 s). What the entries leave is given back, at the end of each group of
// entries, to those that ran out (InVariables::give_back), keeping the floor for the entries to come.
// The seconds are CPU seconds of the work (core/work_clock.hpp: this process's and the Gröbner child's),
// so a loaded machine writes the same entries in the variables as an idle one.
// A Gröbner basis is never given less than this while time is left (it needs a moment)...
constexpr double kLeastPerBasis = 1.5;
// ...and an entry may compute two: the elimination in lexicographic order in half its share, then in
// degree order in the rest (reduction/reexpress.cpp, value_basis). A 1.5 s share gave each 0.75 s.
constexpr double kLeastShare = 2 * kLeastPerBasis;

// A form in the variables longer than this (printed characters) helps nobody: the entry is flagged
// instead, with its length (the solid of revolution's Ṁ by the chain rule is ~30 000 characters).
constexpr std::size_t kLongestPrinted = 6000;

std::size_t printed_length(const GiNaC::ex& value) { return to_text(value).size(); }

std::string too_long(const GiNaC::ex& value, bool verified = true) {
  return "in the variables it is " + std::to_string(printed_length(value)) + " characters long" +
         (verified ? " (verified)" : " (by the chain rule, not verified)") + "; a readable form needs named subexpressions";
}


Chart variable_chart(const NonholonomicInput& in) {
  std::vector<std::string> names;
  for (const auto& v : in.variables) names.push_back(v.name);
  return in.variable_chart ? *in.variable_chart : in.Q.sibling("U", names);
}

// The chart's symbols of the variables used (a variable that is not invariant is left out).
VariablesOnChart on_dual(const NonholonomicInput& in, const Chart& U) {
  std::vector<GiNaC::ex> used;
  for (const auto& v : in.variables)
    for (std::size_t i = 0; i < U.dim(); ++i)
      if (U.coordinate_name(i) == v.name) used.push_back(U[i]);
  return {in.dual_chart(), used, in.variables};
}

std::string joined(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& x : items) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// An entry's label as plain text for a progress line ({M1, M2}, d/dt M1, H_c).
std::string plain(const Label& l) {
  if (l.form == Label::Form::Bracket) return "{" + joined(l.lower) + "}";
  if (l.form == Label::Form::Dot) return "d/dt " + l.base;
  std::string s = l.base;
  for (const auto& i : l.lower) s += i;
  return s;
}

// How the brackets in the variables were found, in words: by substitution alone, by elimination, or how
// many each way; a constant bracket needs neither and is counted apart. `rules`: the file gives `inverse:` rules.
struct MethodWords {
  std::string prose;   ///< " by substitution (…)", after "Each bracket is rewritten in the variables"
  std::string method;  ///< the verdict's: "substitution"
};
MethodWords method_words(const MethodCounts& n, bool rules) {
  const std::string substitution =
      std::string("substitution (") + (rules ? "the file's inverse rules, or " : "") +
      "the variables solved for the coordinates they are affine in; no Groebner basis)";
  const std::string elimination = "elimination (a Groebner basis, Singular)";
  if (n.substituted + n.eliminated == 0) return {" as they are (constants)", "constants"};
  const std::string constants = n.constant == 0 ? ""
                                : n.constant == 1 ? ", the 1 constant one as it is,"
                                                  : ", the " + std::to_string(n.constant) + " constant ones as they are,";
  if (n.eliminated == 0) return {" by " + substitution + constants, "substitution"};
  if (n.substituted == 0) return {" by " + elimination + constants, "elimination"};
  return {", " + std::to_string(n.substituted) + " by " + substitution + " and " + std::to_string(n.eliminated) + " by " +
              elimination + (constants.empty() ? "," : constants),
          "substitution (" + std::to_string(n.substituted) + ") and elimination (" + std::to_string(n.eliminated) + ")"};
}

void report(const std::vector<std::string>& left, std::size_t total, const MethodWords& how, DerivationSection& s) {
  const std::size_t done = total - left.size();
  s.prose.push_back("Each bracket is rewritten in the variables" + how.prose + " and verified by the zero test: " +
                    std::to_string(done) + " of " + std::to_string(total) +
                    (left.empty() ? "." : "; left in $(q, pi)$: " + joined(left) + "."));
  Verdict& v = s.verdict("reduced.in_variables", "every bracket of the variables is a function of the variables",
                         left.empty(), how.method + ", verified by the zero test");
  v.expected = std::nullopt;
  v.reason = "left in $(q, pi)$: " + joined(left);
}

// The relations a reader needs: the basis without its elements that the others generate (the Veselova
// system's basis has γ1·R_2 − K1·R_1 beside R_1 = |γ|² − 1 and R_2 = (γ, K)), each tested from the last by
// its normal form modulo the others kept (Singular); an element whose test does not finish stays.
std::vector<GiNaC::ex> generating(std::vector<GiNaC::ex> basis, const Chart& chart) {
  for (std::size_t k = basis.size(); k-- > 0 && basis.size() > 1;) {
    std::vector<GiNaC::ex> others = basis;
    others.erase(others.begin() + static_cast<long>(k));
    ReexpressBudget budget;
    budget.seconds = 2;
    const auto rest = reduced_modulo(basis[k], others, chart, budget);
    if (rest && rest->is_zero()) basis = std::move(others);
  }
  return basis;
}

// The verified relations among the variables, listed in `s` (those that generate the others); all of
// them returned, for the normal forms modulo the relations.
std::vector<GiNaC::ex> relations(const VariablesOnChart& v, DerivationSection& s) {
  const VariableRelations r = variable_relations(v);
  std::vector<GiNaC::ex> kept;
  for (std::size_t k = 0; k < r.relations.size(); ++k)
    if (r.found && r.verified[k].zero) kept.push_back(r.relations[k]);
  if (kept.empty()) return kept;
  const std::vector<GiNaC::ex> shown = generating(kept, v.chart);
  s.prose.push_back("The variables satisfy the relations $R_k = 0$ listed (found by the elimination, each verified by "
                    "the zero test); every relation the elimination found is a combination of these, with polynomial coefficients" +
                    std::string(shown.size() < kept.size() ? " (" + std::to_string(kept.size() - shown.size()) +
                                                                 " more of the basis are left out: the listed ones generate them)."
                                                           : ")."));
  Object& o = s.object("variable_relations", ObjectKind::List, "the relations among the variables, each $R_k = 0$");
  for (std::size_t k = 0; k < shown.size(); ++k) o.add({std::to_string(k + 1)}, Label::symbol("R", {std::to_string(k + 1)}), shown[k]);
  return kept;
}

}  // namespace

VariablesOnChart variables_on_dual(const NonholonomicInput& in) { return on_dual(in, variable_chart(in)); }

// The entries to come: the brackets, a gauge momentum or two, H_c, the k equations and φ_c.
InVariables::InVariables(const NonholonomicInput& in, std::function<void(const std::string&)> detail, double budget_seconds)
    : in_(in), U_(variable_chart(in)), v_(on_dual(in, U_)), detail_(std::move(detail)), budget_(budget_seconds),
      started_(work_seconds()),
      pending_(in.variables.size() * (in.variables.size() + 1) / 2 + 3) {}

std::string InVariables::seconds_text() const { return std::to_string(static_cast<int>(budget_)); }

double InVariables::seconds_left() const { return budget_ - (work_seconds() - started_); }

double InVariables::share() const { return entry_share(seconds_left(), pending_); }

double entry_share(double seconds_left, std::size_t pending) {
  if (seconds_left <= 0) return 0;
  const double fair = seconds_left / static_cast<double>(std::max<std::size_t>(pending, 1));
  return std::min({seconds_left, ReexpressBudget{}.seconds, std::max(fair, kLeastShare)});
}

double second_share(double seconds_left, std::size_t to_come, std::size_t waiting, double had) {
  // a basis's floor for each entry to come stays theirs; the rest is shared by those that ran out
  const double spare = seconds_left - static_cast<double>(to_come) * kLeastPerBasis;
  const double share = std::min(ReexpressBudget{}.seconds, spare / static_cast<double>(std::max<std::size_t>(waiting, 1)));
  return share < kLeastShare || share <= had ? 0 : share;  // no more than it had: the same answer
}

bool InVariables::add(Object& o, std::vector<std::string> key, Label label, const GiNaC::ex& value) {
  if (detail_) detail_("in the variables: " + plain(label));
  Reexpressed r;
  r.value = value;
  r.note = "over budget: the derivation's " + seconds_text() + " s are spent";
  const double share = this->share();
  if (pending_ > 0) --pending_;
  if (share > 0) {
    ReexpressBudget budget;
    budget.seconds = share;
    r = reexpress(value, v_, in_.inverse, budget);
    if (r.outcome == Reexpressed::Outcome::OverBudget)
      r.note += " (its share of the derivation's " + seconds_text() + " s)";
  }
  Entry& e = o.add(std::move(key), std::move(label), value);
  const bool shown = place(e, r, value);
  if (shown) methods_[{&o, o.entries.size() - 1}] = r.method;
  // out of time, not of luck: a candidate for the time the others leave
  if (!shown && r.outcome == Reexpressed::Outcome::OverBudget) out_of_time_.push_back({&o, o.entries.size() - 1, value, share});
  return shown;
}

// `r` into `e`: its value in the variables when short enough to print, else `value` with the note.
bool InVariables::place(Entry& e, const Reexpressed& r, const GiNaC::ex& value) {
  const bool shown = r.expressed() && printed_length(r.value) <= kLongestPrinted;
  e.value = shown ? r.value : value;
  e.note = shown ? "" : "left in (q, pi): " + (r.expressed() ? too_long(r.value) : r.note);
  if (!shown) return false;
  for (const auto& a : r.arguments)  // only those the value keeps (an elimination may ask for more)
    if (r.value.has(a.first) && std::none_of(arguments_.begin(), arguments_.end(), [&](const auto& b) { return b.first.is_equal(a.first); }))
      arguments_.push_back(a);
  return true;
}

std::vector<std::size_t> InVariables::give_back(Object& o, std::size_t to_come) {
  std::vector<RanOut> mine;
  for (const RanOut& x : out_of_time_)
    if (x.object == &o) mine.push_back(x);
  out_of_time_.erase(std::remove_if(out_of_time_.begin(), out_of_time_.end(), [&](const RanOut& x) { return x.object == &o; }),
                     out_of_time_.end());
  std::vector<std::size_t> expressed;
  for (std::size_t k = 0; k < mine.size(); ++k) {
    const double share = second_share(seconds_left(), to_come, mine.size() - k, mine[k].share);
    if (share <= 0) continue;
    Entry& e = o.entries[mine[k].index];
    if (detail_) detail_("in the variables, with time the others left: " + plain(e.label));
    ReexpressBudget budget;
    budget.seconds = share;
    Reexpressed r = reexpress(mine[k].value, v_, in_.inverse, budget);
    if (r.outcome == Reexpressed::Outcome::OverBudget) r.note += " (a second try, with the time the other entries left)";
    if (!place(e, r, mine[k].value)) continue;
    methods_[{&o, mine[k].index}] = r.method;
    expressed.push_back(mine[k].index);
  }
  return expressed;
}

std::optional<VariableTable> InVariables::brackets(const AlmostPoissonBracket& B, DerivationSection& s) {
  Object& o = s.object("reduced_bracket", ObjectKind::Bracket, "the brackets of the variables");
  std::vector<std::string> left;
  VariableTable in_u;
  on_dual_ = bracket_table(B, in_.variables);
  const auto& table = on_dual_;
  std::vector<std::pair<std::size_t, std::pair<std::size_t, std::size_t>>> retry;  // entry, (a, b)
  for (const auto& [ab, value] : table) {
    const std::string& na = in_.variables[ab.first].name;
    const std::string& nb = in_.variables[ab.second].name;
    if (add(o, {na, nb}, Label::bracket(na, nb), value)) in_u[ab] = o.entries.back().value;
    else retry.emplace_back(o.entries.size() - 1, ab);
  }
  for (const std::size_t k : give_back(o, pending_)) {  // the time the others left, before the brackets are used
    const auto it = std::find_if(retry.begin(), retry.end(), [k](const auto& x) { return x.first == k; });
    in_u[it->second] = o.entries[k].value;
    retry.erase(it);
  }
  for (const auto& [k, ab] : retry) {  // what is left: coefficient by coefficient in the momentum variables
    coefficient_method_ = Reexpressed::Method::Constant;
    const auto f = seconds_left() > 0 ? by_momentum_coefficients(table.at(ab)) : std::nullopt;
    if (f && printed_length(*f) <= kLongestPrinted) {
      o.entries[k].value = in_u[ab] = *f;
      o.entries[k].note.clear();
      methods_[{&o, k}] = coefficient_method_;
    } else {
      left.push_back("{" + in_.variables[ab.first].name + ", " + in_.variables[ab.second].name + "}");
    }
  }
  report(left, table.size(), method_words(method_counts(o), !in_.inverse.empty()), s);
  relations_ = relations(v_, s);
  // shown in the shortest form modulo the relations (the flagship's {M2, M3} with γ1² M1 for
  // M1 − γ2² M1 − γ3² M1); the table keeps the elimination's representatives, which the Jacobi tests
  // use. The normal form in the name order, not the elimination's, is where the rewritings find the
  // symmetric forms (a Veselova system's {K1, K2}, {K1, K3}, {K2, K3} alike).
  if (!relations_.empty())
    for (Entry& e : o.entries)
      if (e.note.empty() && !is_number(e.value)) e.value = shortest_on_relations(e.value);
  if (!left.empty()) return std::nullopt;
  return in_u;
}

MethodCounts InVariables::method_counts(const Object& o) const {
  MethodCounts n;
  for (const auto& [where, method] : methods_)
    if (where.first == &o)
      (method == Reexpressed::Method::Constant ? n.constant : method == Reexpressed::Method::Substitution ? n.substituted : n.eliminated) += 1;
  return n;
}

void InVariables::momenta(const std::vector<std::pair<std::string, GiNaC::ex>>& momenta, DerivationSection& s) {
  if (momenta.empty()) return;
  Object& m = s.object("variable_momenta", ObjectKind::Family, "the gauge momenta in the variables");
  for (const auto& [name, value] : momenta) {
    if (add(m, {name}, Label::symbol(name), value) || !is_symbol_node(value)) continue;
    // a momentum that is a coordinate of D* left as it is would print pi1 = pi1: said in words instead
    s.prose.push_back("The gauge momentum " + name + " is not written in the variables (" + m.entries.back().note + ").");
    m.entries.pop_back();
    forget(m, m.entries.size());
  }
  give_back(m, pending_);
}

void InVariables::forget(const Object& o, std::size_t index) {
  out_of_time_.erase(std::remove_if(out_of_time_.begin(), out_of_time_.end(),
                                    [&](const RanOut& x) { return x.object == &o && x.index == index; }),
                     out_of_time_.end());
}

// g(q) ↦ c(u) for the coordinates the abstract functions depend on (cos θ ↦ γ3): what the chain rule
// brings in.
GiNaC::ex InVariables::on_arguments(const GiNaC::ex& e) const {
  GiNaC::exmap m;
  for (const auto& [q, value] : arguments_) {
    const ArgumentForm g = argument_form(q, value);
    if (!g.of_q.is_equal(q)) m[g.of_q] = g.in_u;
  }
  return m.empty() ? e : e.subs(m);
}

// ∂H/∂u_b, H a function of the variables and of the coordinates q its abstract functions depend on,
// with g(q) = c(u): ∂q/∂u_b = (∂c/∂u_b)/g'(q) (cos θ = γ3: −(∂γ3/∂u_b)/sin θ).
GiNaC::ex InVariables::derivative(const GiNaC::ex& H, std::size_t b) const {
  const auto& ub = GiNaC::ex_to<GiNaC::symbol>(v_.symbols[b]);
  GiNaC::ex d = H.diff(ub);
  for (const auto& [q, value] : arguments_) {
    const auto& qs = GiNaC::ex_to<GiNaC::symbol>(q);
    const ArgumentForm g = argument_form(q, value);
    const GiNaC::ex dq = g.in_u.diff(ub) / g.of_q.diff(qs);
    if (!dq.is_zero()) d += apply_derivative_rules(H.diff(qs)) * dq;
  }
  return d;
}

// u̇_a = {u_a, H} = Σ_b {u_a, u_b} ∂H/∂u_b (the bracket is a derivation, and its Hamiltonian vector field
// of H_c is X_nh: (2.8) for Π_nh, Theorem 3.2 for Π_nh^Λ): no elimination needed when the brackets and H
// are in the variables; verified against X_nh(u_a) like every other entry.
std::optional<GiNaC::ex> InVariables::chain_rule(std::size_t a, const VariableTable& table, const std::vector<GiNaC::ex>& dH,
                                                 const GiNaC::ex& actual, std::string& too_long_note) const {
  GiNaC::ex sum = 0;
  for (std::size_t b = 0; b < v_.symbols.size(); ++b) {
    if (a == b) continue;
    const auto it = table.find({std::min(a, b), std::max(a, b)});
    if (it == table.end()) return std::nullopt;
    sum += (a < b ? 1 : -1) * it->second * dH[b];
  }
  // Not worth simplifying (a sum three times the limit grows when brought to one fraction: the
  // solid's Ṁ1, 20 000 → 130 000 characters) nor a zero test when it will not be printed.
  if (printed_length(sum) > 3 * kLongestPrinted) {
    too_long_note = too_long(sum, false);
    return std::nullopt;
  }
  const GiNaC::ex value = simplify(on_arguments(sum));
  if (printed_length(value) > kLongestPrinted) {
    too_long_note = too_long(value, false);
    return std::nullopt;
  }
  // one zero test proves the equation: of the shorter form when it holds, else of `value`
  const auto verified = [&](const GiNaC::ex& u) { return verify_in_variables(actual, u, v_.symbols, v_.variables, v_.chart).zero; };
  const auto reduced = shorter_on_relations(value);
  if (reduced && verified(*reduced)) return *reduced;
  if (verified(value)) return value;
  return std::nullopt;
}

// Singular's normal form of `value` modulo the relations among the variables (which Σ_b {u_a, u_b}
// ∂H/∂u_b does not use) when it prints shorter, the shortest of it and its rewritings led by the
// relations' monomials (γ1² γ3 for the flagship's Jac_M2,M3,gamma2, not γ3 (γ2² + γ3² − 1)); unverified.
std::optional<GiNaC::ex> InVariables::shorter_on_relations(const GiNaC::ex& value) const {
  // A size limit (operations, as display_size counts them), not only a time limit, decides what is
  // tried: the same input gives the same output on a slow machine (the seconds are a safety net).
  constexpr std::size_t kLargest = 3000;
  if (display_size(value) > kLargest) return std::nullopt;
  ReexpressBudget budget;
  budget.seconds = std::min(10.0, std::max(0.0, seconds_left()));
  const auto reduced = budget.seconds > 0 ? shortest_modulo(value, relations_, v_.chart, budget) : std::nullopt;
  if (!reduced || display_size(*reduced) >= display_size(value)) return std::nullopt;
  return reduced;
}

GiNaC::ex InVariables::shortest_on_relations(const GiNaC::ex& value) const {
  const auto reduced = shorter_on_relations(value);
  return reduced ? verified_on_dual(value, *reduced) : value;
}

// `shorter` where it equals `value` on D* (both in the variables), else `value`.
GiNaC::ex InVariables::verified_on_dual(const GiNaC::ex& value, const GiNaC::ex& shorter) const {
  if (shorter.is_equal(value)) return value;
  GiNaC::exmap on_dual;
  for (std::size_t a = 0; a < v_.symbols.size(); ++a) on_dual[v_.symbols[a]] = v_.variables[a].expression;
  const bool same = verify_in_variables(value.subs(on_dual), shorter, v_.symbols, v_.variables, v_.chart).zero;
  return same ? shorter : value;
}

// f (a function on D*, of degree ≤ 1 in π: a bracket of the variables) as Σ_k c_k(q) u_k + c_0(q) in
// the momentum variables u_M = A π + b, each coefficient re-expressed by itself: smaller eliminations
// than f's whole (the rattleback ball's {M1, M3}: no basis within its share as one fraction); the sum is
// verified on D*, which a term of higher degree would fail.
std::optional<GiNaC::ex> InVariables::by_momentum_coefficients(const GiNaC::ex& f) {
  if (detail_) detail_("in the variables, coefficient by coefficient in the momentum variables");
  std::vector<GiNaC::ex> pi;
  for (const GiNaC::ex& x : v_.chart.coordinates())
    if (!in_.Q.index_of(x)) pi.push_back(x);
  const auto split = affine_in_momenta(pi);
  if (!split) return std::nullopt;
  const auto& [momenta, A, b] = *split;
  const GiNaC::matrix Ainv = A.inverse();
  GiNaC::exmap at_zero;
  for (const GiNaC::ex& p : pi) at_zero[p] = 0;
  GiNaC::ex c0 = f.subs(at_zero), sum = 0;
  std::vector<GiNaC::ex> c(momenta.size(), 0);
  for (std::size_t a = 0; a < pi.size(); ++a) {
    const GiNaC::ex d = f.diff(GiNaC::ex_to<GiNaC::symbol>(pi[a])).subs(at_zero);
    for (std::size_t k = 0; k < momenta.size(); ++k) c[k] += d * Ainv(a, k), c0 -= d * Ainv(a, k) * b[k];
  }
  for (std::size_t k = 0; k <= momenta.size(); ++k) {
    const GiNaC::ex ck = simplify(k < momenta.size() ? c[k] : c0);
    if (ck.is_zero()) continue;
    const GiNaC::ex value = coefficient_in_variables(ck);
    if (!coefficient_ok_) return std::nullopt;
    sum += k < momenta.size() ? value * v_.symbols[momenta[k]] : value;
  }
  if (!verify_in_variables(f, sum, v_.symbols, v_.variables, v_.chart).zero) return std::nullopt;
  return sum;
}

// The variables that involve the momenta π, when they are affine in them with a square invertible
// matrix: their indices, A and b of u_M = A π + b. With more such variables than momenta (a redundant
// one, w = (M, γ) beside M), the first independent ones in the declared order (the pivots of Aᵀ).
std::optional<std::tuple<std::vector<std::size_t>, GiNaC::matrix, std::vector<GiNaC::ex>>> InVariables::affine_in_momenta(
    const std::vector<GiNaC::ex>& pi) const {
  const std::size_t r = pi.size();
  const auto has_pi = [&](const GiNaC::ex& e) {
    return std::any_of(pi.begin(), pi.end(), [&](const GiNaC::ex& p) { return e.has(p); });
  };
  std::vector<std::size_t> momenta;
  for (std::size_t a = 0; a < v_.variables.size(); ++a)
    if (has_pi(v_.variables[a].expression)) momenta.push_back(a);
  if (momenta.size() < r || r == 0) return std::nullopt;
  GiNaC::matrix all(static_cast<unsigned>(momenta.size()), static_cast<unsigned>(r));
  std::vector<GiNaC::ex> b_all(momenta.size());
  for (unsigned i = 0; i < momenta.size(); ++i) {
    GiNaC::ex rest = v_.variables[momenta[i]].expression.expand();
    for (unsigned j = 0; j < r; ++j) {
      all(i, j) = rest.coeff(pi[j], 1);
      rest = rest.coeff(pi[j], 0);
      if (has_pi(all(i, j))) return std::nullopt;
    }
    if (has_pi(rest)) return std::nullopt;
    b_all[i] = rest;
  }
  std::vector<unsigned> rows(r);
  for (unsigned i = 0; i < r; ++i) rows[i] = i;
  if (momenta.size() > r) {
    const Echelon e = row_echelon(all.transpose(), v_.chart);
    if (e.rank() < r) return std::nullopt;
    rows = e.pivot_columns;
  }
  GiNaC::matrix A(static_cast<unsigned>(r), static_cast<unsigned>(r));
  std::vector<GiNaC::ex> b(r);
  std::vector<std::size_t> chosen(r);
  for (unsigned i = 0; i < r; ++i) {
    for (unsigned j = 0; j < r; ++j) A(i, j) = all(rows[i], j);
    b[i] = simplify(b_all[rows[i]]);
    chosen[i] = momenta[rows[i]];
  }
  if (simplify(A.determinant()).is_zero()) return std::nullopt;
  return std::make_tuple(chosen, A, b);
}

void InVariables::dynamics(const NonholonomicSystem& sys, const std::optional<VariableTable>& table,
                           DerivationSection& s) {
  Object& h = s.object("reduced_hamiltonian", ObjectKind::Scalar, "the constrained Hamiltonian in the variables");
  bool h_done = add(h, {}, Label::symbol("H_c"), simplify(constrained_hamiltonian(sys)));
  // H_c's second try comes before the equations: with it and the brackets they need no elimination
  if (!h_done) h_done = !give_back(h, table ? 0 : pending_).empty();
  Object& eq = s.object("reduced_equations", ObjectKind::Equations, "the reduced equations of motion (2.8) in the variables");
  const VectorField X = nonholonomic_vector_field(sys);
  std::vector<GiNaC::ex> actual;
  for (const auto& u : in_.variables) actual.push_back(simplify(X(u.expression)));
  // without H_c in the variables, the velocities first: the eliminations of the equations are slow
  bool velocities = !h_done && with_velocities(sys, actual, h, h_done, eq, s);
  std::vector<GiNaC::ex> dH;  // ∂H/∂u_b, once for every equation
  for (std::size_t b = 0; table && h_done && !velocities && b < v_.symbols.size(); ++b) dH.push_back(derivative(h.entries.back().value, b));
  std::size_t done = velocities ? actual.size() : 0;
  for (std::size_t a = 0; a < in_.variables.size() && !velocities; ++a) {
    const auto& u = in_.variables[a];
    std::string long_note;
    const auto by_chain = table && h_done ? chain_rule(a, *table, dH, actual[a], long_note) : std::nullopt;
    if (!long_note.empty()) eq.add({u.name}, Label::dot(u.name), actual[a]).note = "left in (q, pi): " + long_note;
    else if (by_chain) eq.add({u.name}, Label::dot(u.name), *by_chain), ++done;
    else if (add(eq, {u.name}, Label::dot(u.name), actual[a])) ++done;
  }
  if (!velocities) done += give_back(eq, pending_).size();
  if (!velocities && done < actual.size() && h_done && with_velocities(sys, actual, h, h_done, eq, s)) {
    velocities = true;
    done = actual.size();
  }
  // "not a function of the variables" only where that was found: an entry over budget or in velocities is not that
  const bool h_velocities = !h_done && velocities && h.entries.back().note.empty();
  s.prose.push_back(std::string("The reduced Hamiltonian ") +
                    (h_done ? "is a function of the variables" : h_velocities ? "is written in the variables and the velocities"
                                                                              : "is left in (q, pi) (its note says why)") +
                    "; " + std::to_string(done) + " of " +
                    std::to_string(in_.variables.size()) + " equations $d/dt u_a = X_nh(u_a)$ are written in them" +
                    (velocities ? " and the velocities." : table && h_done ? " ($d/dt u_a = Σ_b {u_a, u_b} ∂H_c/∂u_b$, each verified)." : "."));
}

void InVariables::arguments(DerivationSection& s) const {
  if (arguments_.empty()) return;
  s.prose.push_back("The abstract functions are evaluated at coordinates that are functions of the variables on "
                    "their declared domains (listed), so they are functions of the variables too.");
  Object& o = s.object("coordinates_in_variables", ObjectKind::Family, "coordinates as functions of the variables");
  for (const auto& [q, value] : arguments_) {
    const std::string name = GiNaC::ex_to<GiNaC::symbol>(q).get_name();
    o.add({name}, Label::symbol(name), value);
  }
}

namespace {

// e(u) as a function on D*: u_a ↦ u_a(q, π).
GiNaC::ex on_dual(const VariablesOnChart& v, const GiNaC::ex& e) {
  GiNaC::exmap m;
  for (std::size_t a = 0; a < v.symbols.size(); ++a) m[v.symbols[a]] = v.variables[a].expression;
  return e.subs(m);
}

// Only the verdict is used: a nonzero one's witness probe is made for the one reported (add_witness).
ProbeSpace without_witness(const Chart& chart) {
  ProbeSpace space = chart.probe_space();
  space.witness = false;
  return space;
}

// For the bracket φΠ: Jac_φΠ(u_a, u_b, u_c) = φ² (Jac_Π + Σ_cyc {u_b, u_c} {u_a, φ}/φ), so where φ ≠ 0 it
// vanishes exactly with the bracket, rational when φ is a root of a rational function (004 §6's
// factor), where every term of Jac_φΠ keeps φ's square roots (their canonical forms and derivatives
// were most of the conformal Jacobi test).
struct ConformalParts {
  AlmostPoissonBracket plain;             ///< Π in the variables
  std::vector<GiNaC::ex> log_derivative;  ///< {u_a, φ}/φ, by variable
  std::map<std::array<std::size_t, 3>, GiNaC::ex> known;  ///< Jac_Π of a triple, exactly, when Π's test had it
};

GiNaC::ex without_factor(const ConformalParts& p, const VariablesOnChart& v, std::size_t a, std::size_t b, std::size_t c) {
  const auto& u = v.symbols;
  const auto known = p.known.find({a, b, c});
  return (known != p.known.end() ? known->second : jacobiator(p.plain, u[a], u[b], u[c])) + p.plain(u[b], u[c]) * p.log_derivative[a] +
         p.plain(u[c], u[a]) * p.log_derivative[b] + p.plain(u[a], u[b]) * p.log_derivative[c];
}

// Zero on R^k, zero where the relations hold, or not, decided on J or (for φΠ, `parts`) on J/φ²; a
// nonzero one's verdict on D* is J's own, as reported.
TripleJacobiator triple_jacobiator(const InVariables& iv, const AlmostPoissonBracket& Bu, const ConformalParts* parts,
                                   std::size_t a, std::size_t b, std::size_t c) {
  const VariablesOnChart& v = iv.variables();
  const auto Jacobiator = [&] { return jacobiator(Bu, v.symbols[a], v.symbols[b], v.symbols[c]); };
  const GiNaC::ex F = parts ? without_factor(*parts, v, a, b, c) : Jacobiator();
  TripleJacobiator t;
  t.verdict = zero_test(F, without_witness(iv.chart()));
  if (t.verdict.zero) return t;
  t.verdict = zero_test(on_dual(v, F), without_witness(v.chart));  // on the zero set of the relations
  t.kind = t.verdict.zero ? TripleJacobiator::Kind::ZeroOnRelations : TripleJacobiator::Kind::Nonzero;
  if (t.verdict.zero) return t;
  const GiNaC::ex J = parts ? Jacobiator() : F;  // with φ's roots only when it is shown
  if (parts) t.verdict = zero_test(on_dual(v, J), without_witness(v.chart));
  t.canonical = simplify(J);
  const GiNaC::ex shown = iv.shortest_on_relations(t.canonical);
  if (printed_length(shown) <= kLongestPrinted) t.shown = shown;
  return t;
}

// ConformalParts of the table times φ, when φ is proved nonzero on D* (so Jac_φΠ and J/φ² vanish together).
std::optional<ConformalParts> conformal_parts(const InVariables& iv, const VariableTable& table, const GiNaC::ex& phi,
                                              const VariableJacobiators* plain) {
  const VariablesOnChart& v = iv.variables();
  const ZeroVerdict nonzero = zero_test(on_dual(v, phi), without_witness(v.chart));
  if (nonzero.zero || nonzero.undecided) return std::nullopt;
  const Chart& U = iv.chart();
  VariableTable on_U;
  for (const auto& [ab, value] : table) on_U[{*U.index_of(v.symbols[ab.first]), *U.index_of(v.symbols[ab.second])}] = value;
  ConformalParts p{bracket_on_variables(U, on_U), {}, {}};
  for (const GiNaC::ex& x : v.symbols) p.log_derivative.push_back(p.plain(x, phi) / phi);
  // Π's own triples: 0 where its canonical form was, the canonical form where it is nonzero
  for (std::size_t k = 0; plain && k < plain->triples.size(); ++k) {
    const TripleJacobiator& t = plain->values[k];
    if (t.kind == TripleJacobiator::Kind::Nonzero) p.known[plain->triples[k]] = t.canonical;
    if (t.kind == TripleJacobiator::Kind::Zero && t.verdict.method == Decision::Canonical) p.known[plain->triples[k]] = 0;
  }
  return p;
}

// "kind", then the verdict, the canonical form and the shown form on the wire (core/wire.hpp), each
// with its length in front.
std::string encode(const TripleJacobiator& t, const WireLeaves& leaves) {
  const auto verdict = to_wire(t.verdict, leaves), canonical = to_wire(t.canonical, leaves);
  const auto shown = t.shown ? to_wire(*t.shown, leaves) : std::optional<std::string>("");
  if (!verdict || !canonical || !shown) throw std::runtime_error("a Jacobiator the wire does not carry");
  return std::to_string(static_cast<int>(t.kind)) + (t.shown ? "1" : "0") + detail::length_prefixed(*verdict) +
         detail::length_prefixed(*canonical) + detail::length_prefixed(*shown);
}

TripleJacobiator decode(const std::string& text, const WireLeaves& leaves) {
  TripleJacobiator t;
  t.kind = static_cast<TripleJacobiator::Kind>(text.at(0) - '0');
  std::size_t at = 2;
  const auto next = [&] { return detail::next_prefixed(text, at); };
  t.verdict = verdict_from_wire(next(), leaves);
  t.canonical = from_wire(next(), leaves);
  const std::string shown = next();
  if (text.at(1) == '1') t.shown = from_wire(shown, leaves);
  return t;
}

}  // namespace

// The triples are independent: on all cores when the brackets are large (core/parallel.hpp).
VariableJacobiators variable_jacobiators(const InVariables& iv, const VariableTable& table, const std::optional<GiNaC::ex>& phi,
                                         const VariableJacobiators* plain) {
  const Chart& U = iv.chart();
  const VariablesOnChart& v = iv.variables();
  const auto index = [&](std::size_t a) { return *U.index_of(v.symbols[a]); };
  VariableTable on_U;  // by the chart's coordinates
  WireLeaves leaves;
  std::size_t size = 0;
  for (const auto& [ab, value] : table) {
    on_U[{index(ab.first), index(ab.second)}] = phi ? *phi * value : value;
    leaves.add(on_U[{index(ab.first), index(ab.second)}]);
    size += tree_size(value, kForkWorthyNodes);
  }
  for (const GiNaC::ex& x : v.chart.coordinates()) leaves.add(x);  // the witness point's coordinates
  for (const GiNaC::ex& x : v.chart.parameters()) leaves.add(x);
  for (const GiNaC::ex& x : U.coordinates()) leaves.add(x);
  VariableJacobiators out{bracket_on_variables(U, on_U), {}, {}};
  const AlmostPoissonBracket& Bu = out.bracket;
  const std::optional<ConformalParts> parts = phi ? conformal_parts(iv, table, *phi, plain) : std::nullopt;
  for (std::size_t a = 0; a < v.symbols.size(); ++a)
    for (std::size_t b = a + 1; b < v.symbols.size(); ++b)
      for (std::size_t c = b + 1; c < v.symbols.size(); ++c) out.triples.push_back({a, b, c});
  const auto& triples = out.triples;
  const auto compute = [&](std::size_t k) {
    return triple_jacobiator(iv, Bu, parts ? &*parts : nullptr, triples[k][0], triples[k][1], triples[k][2]);
  };
  // Each triple's Jacobiator is built from every bracket in the table: its size times the number of
  // triples measures the work.
  const auto answers = parallel_map(
      triples.size(), [&](std::size_t k) { return encode(compute(k), leaves); }, size * triples.size() >= kForkWorthyNodes);
  for (std::size_t k = 0; k < triples.size(); ++k) {
    out.values.push_back(answers[k] ? decode(*answers[k], leaves) : compute(k));
    if (answers[k] && out.values.back().kind == TripleJacobiator::Kind::Nonzero) {
      const auto [a, b, c] = triples[k];
      remember_simplified(jacobiator(Bu, v.symbols[a], v.symbols[b], v.symbols[c]), out.values.back().canonical);
    }
  }
  return out;
}

GiNaC::ex jacobiator_on_dual(const InVariables& iv, const VariableJacobiators& j, std::size_t a, std::size_t b, std::size_t c) {
  if (a == b || b == c || a == c) return 0;
  std::array<std::size_t, 3> t{a, b, c};
  int sign = 1;  // the Jacobiator is alternating: sorting the triple, each swap changes its sign
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i + 1 < 3; ++i)
      if (t[i] > t[i + 1]) std::swap(t[i], t[i + 1]), sign = -sign;
  const auto at = std::find(j.triples.begin(), j.triples.end(), t);
  const TripleJacobiator& v = j.values.at(static_cast<std::size_t>(at - j.triples.begin()));
  return v.kind == TripleJacobiator::Kind::Nonzero ? sign * on_dual(iv.variables(), v.canonical) : GiNaC::ex(0);
}

ZeroVerdict jacobi_in_variables(const InVariables& iv, const VariableTable& table, const std::optional<GiNaC::ex>& phi,
                                const std::string& object_id, DerivationSection& s, const VariableJacobiators* plain) {
  return jacobi_in_variables(iv, variable_jacobiators(iv, table, phi, plain), object_id, s);
}

ZeroVerdict jacobi_in_variables(const InVariables& iv, const VariableJacobiators& j, const std::string& object_id,
                                DerivationSection& s) {
  const VariablesOnChart& v = iv.variables();
  const AlmostPoissonBracket& Bu = j.bracket;
  const auto& triples = j.triples;
  const std::string Rk = "R^" + std::to_string(v.symbols.size());
  ZeroVerdict result;
  result.zero = true;
  result.detail = "computed in the variables; canonical form is 0 on " + Rk + " for every triple";
  std::size_t only_on_relations = 0;
  Object* o = nullptr;
  std::vector<std::string> too_long_keys;
  for (std::size_t k = 0; k < triples.size(); ++k) {
    const TripleJacobiator& t = j.values[k];
    if (t.kind == TripleJacobiator::Kind::Zero) {
      if (t.verdict.method == Decision::NumericProbing && result.method == Decision::Canonical)
        result = t.verdict, result.detail = "computed in the variables on " + Rk + ": " + t.verdict.detail;
      continue;
    }
    if (t.kind == TripleJacobiator::Kind::ZeroOnRelations) {
      ++only_on_relations;
      continue;
    }
    const auto [a, b, c] = triples[k];
    const std::vector<std::string> key{v.variables[a].name, v.variables[b].name, v.variables[c].name};
    if (!t.shown) {
      too_long_keys.push_back("{" + key[0] + "," + key[1] + "," + key[2] + "}");
    } else {
      if (!o) {
        o = &s.object(object_id, ObjectKind::Family, "the nonzero components of the Jacobiator in the variables, the cyclic sums "
                                               "{u_a, {u_b, u_c}} + {u_b, {u_c, u_a}} + {u_c, {u_a, u_b}} (half the Schouten bracket's)");
        o->symmetry = Symmetry::Alternating;
      }
      o->add(key, Label::symbol("Jac", key), *t.shown);
    }
    if (result.zero) {
      result = t.verdict;
      add_witness(result, on_dual(v, jacobiator(Bu, v.symbols[a], v.symbols[b], v.symbols[c])), v.chart.probe_space());
      result.detail = "{" + key[0] + "," + key[1] + "," + key[2] + "} in the variables: " + t.verdict.detail;
    }
  }
  if (!too_long_keys.empty())
    s.prose.push_back("Nonzero but not printed (longer than " + std::to_string(kLongestPrinted) +
                      " characters in the variables): the Jacobiator on " + joined(too_long_keys) + ".");
  if (result.zero && only_on_relations > 0)
    result.detail = "computed in the variables: zero where the relations R_k = 0 hold (checked on D∗), not on all of " +
                    Rk + " for " + std::to_string(only_on_relations) + " triples";
  return result;
}

}  // namespace hamel
