// derivation/claims/nonholonomic.cpp — each claim kind finds its derived object and compares
// (derivation/claims.hpp compare_claim).
#include "derivation/claims/nonholonomic.hpp"

#include <functional>
#include <map>

#include "brackets/casimir.hpp"
#include "brackets/jacobi.hpp"
#include "core/number_text.hpp"
#include "core/error.hpp"
#include "core/display.hpp"
#include "core/latex.hpp"
#include "derivation/characteristic.hpp"
#include "geometry/linear_algebra.hpp"
#include "derivation/in_variables.hpp"
#include "derivation/nonholonomic.hpp"
#include "mechanics/hamel_equations.hpp"
#include "reduction/gauge_momenta.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

// What the claims need, derived once: the system, its brackets and momenta.
struct Derived : NonholonomicBrackets {
  const NonholonomicInput& in;
  NonholonomicSystem sys;
  GiNaC::exmap to_dual;  ///< variables and quasi-velocities → their expressions in (q, π)
};

GiNaC::exmap variables_to_dual(const NonholonomicInput& in) {
  GiNaC::exmap sub;
  if (in.variable_chart)
    for (std::size_t a = 0; a < in.variables.size(); ++a) sub[(*in.variable_chart)[a]] = in.variables[a].expression;
  return sub;
}

Derived derive_state(const NonholonomicInput& in) {
  NonholonomicSystem sys = build_nonholonomic_system(in);
  Derivation scratch;
  NonholonomicBrackets b = derive_brackets(in, sys, scratch, DeriveOptions{});
  GiNaC::exmap to_dual = variables_to_dual(in);
  for (const auto& [v, at_pi] : inverse_legendre_map(sys)) to_dual[v] = at_pi;  // a claim may use v (the equations at π = G v do)
  return Derived{std::move(b), in, std::move(sys), std::move(to_dual)};
}

// One claim being checked against the derived state.
struct ClaimEnv {
  const Derived& d;
  const NonholonomicClaim& c;

  const NonholonomicSystem& sys() const { return d.sys; }
  ex value() const { return c.value->subs(d.to_dual); }
  ex function(std::size_t i) const { return c.functions[i].subs(d.to_dual); }
};

const AlmostPoissonBracket& which_bracket(const ClaimEnv& e) {
  const std::string of = e.c.of.empty() ? (e.d.gauged ? "gauged" : "nonholonomic") : e.c.of;
  if (of == "nonholonomic") return e.d.nh;
  if (!e.d.gauged)
    throw SpecError(e.c.at.find({"of", ""}),
                    "'of': the gauged bracket needs 'gauge_momenta' that pass Theorem 5.3; expected 'nonholonomic', got 'gauged'");
  return *e.d.gauged;
}

using Check = std::function<void(const ClaimEnv&, ClaimResult&)>;

void structure(const ClaimEnv& e, ClaimResult& res) {
  const auto& i = e.c.indices;
  const ex derived = e.c.kind == "structure_coefficient" ? e.sys().structure_lowered()(i[0], i[1], i[2])
                                                         : e.sys().structure()(i[0], i[1], i[2]);
  compare_claim(res, derived, e.value(), e.sys().chart());
}

void metric(const ClaimEnv& e, ClaimResult& res) {
  const auto& i = e.c.indices;
  const auto& G = e.c.kind == "constrained_metric" ? e.sys().constrained_metric() : e.sys().constrained_inverse();
  compare_claim(res, G(static_cast<unsigned>(i[0]), static_cast<unsigned>(i[1])), e.value(), e.sys().chart());
}

void bracket(const ClaimEnv& e, ClaimResult& res) {
  compare_claim(res, which_bracket(e)(e.function(0), e.function(1)), e.value(), e.sys().dual_chart());
}

// A false claim shows the derived bracket in the variables, as the claim is written (re-expressed and
// verified as in a derivation, docs/brackets.md), else in (q, π).
void reduced_bracket(const ClaimEnv& e, ClaimResult& res) {
  const ex derived = which_bracket(e)(e.function(0), e.function(1));
  compare_claim(res, derived, e.value(), e.sys().dual_chart());
  res.claimed = to_text(*e.c.value);
  if (res.holds || !e.d.in.variable_chart) return;
  const Reexpressed r = reexpress(derived, variables_on_dual(e.d.in), e.d.in.inverse);
  if (r.expressed()) res.derived = to_text(display_form(r.value));
}

void three_form(const ClaimEnv& e, ClaimResult& res) {
  if (!e.d.Lambda)
    throw SpecError(e.c.at.find({""}), "the 3-form needs 'gauge_momenta' that pass Theorem 5.3; expected them, got none");
  Indices ind;
  for (auto i : e.c.indices) ind.push_back(static_cast<unsigned>(i));
  compare_claim(res, e.d.Lambda->component(ind), e.value(), e.sys().chart());
}

void casimir(const ClaimEnv& e, ClaimResult& res) {
  const auto v = casimir_check(which_bracket(e), e.function(0), e.d.orbits);
  compare_claim(res, v.casimir, e.c.holds, v.detail);
}

// Where the derivation writes (2.8) at π = G v (a large G^{-1}), so do the claims on it: π ↦ v is a
// bijection of D*, and (2.8) in (q, π) would cost minutes (issue 18).
void conserved(const ClaimEnv& e, ClaimResult& res) {
  const auto X = readable_nonholonomic_vector_field(e.sys());
  const bool at_v = !X;
  const ex rate = at_v ? rate_in_velocities(e.sys(), nonholonomic_vector_field_in_velocities(e.sys()), e.function(0))
                       : (*X)(e.function(0));
  const ZeroVerdict v = zero_test(rate, at_v ? e.sys().velocity_chart() : e.sys().dual_chart());
  compare_claim(res, v.zero, e.c.holds, v.how());
  if (v.zero) return;
  if (!v.point.empty()) res.counterexample = describe_point(v.point), res.point = point_items(v.point);
  // the rate itself says why (and how far from conserved), when it is short enough to read; else its
  // value at the witness
  const std::string where = at_v ? " at pi = G v" : "";
  if (const std::string shown = to_text(display_form(rate)); shown.size() <= 200)
    res.derived = "false: X_nh(f) = " + shown + where;
  else if (!v.point.empty() && GiNaC::is_a<GiNaC::numeric>(v.value))
    res.derived = "false: X_nh(f) = " + number_text(GiNaC::ex_to<GiNaC::numeric>(v.value).to_double(), 6) + where +
                  " at the point below (its formula has " + std::to_string(shown.size()) + " characters)";
}

void equation_of_motion(const ClaimEnv& e, ClaimResult& res) {
  if (const auto X = readable_nonholonomic_vector_field(e.sys()))
    compare_claim(res, (*X)[e.c.index], e.value(), e.sys().dual_chart());
  else
    compare_claim(res, nonholonomic_vector_field_in_velocities(e.sys())[e.c.index], e.value().subs(legendre_map(e.sys())),
                  e.sys().velocity_chart());
}

void hamiltonian(const ClaimEnv& e, ClaimResult& res) {
  compare_claim(res, constrained_hamiltonian(e.sys()), e.value(), e.sys().dual_chart());
}

void jacobi(const ClaimEnv& e, ClaimResult& res) {
  const auto v = is_poisson(which_bracket(e));
  compare_claim(res, v.poisson, e.c.holds, v.detail);
}

// lhs = rhs as functions on D* (variables allowed): e.g. the K(θ) printed after (6.10)
void identity(const ClaimEnv& e, ClaimResult& res) {
  compare_claim(res, e.function(0), e.function(1), e.sys().dual_chart());
  res.derived = to_text(e.c.functions[0]);
  res.claimed = to_text(e.c.functions[1]);
}

void gauge_ode(const ClaimEnv& e, ClaimResult& res) {
  const auto& i = e.c.indices;
  compare_claim(res, e.d.search->ode.L(static_cast<unsigned>(i[0]), static_cast<unsigned>(i[1])), e.value(), e.sys().chart());
}

// a closed-form solution f(s) of f' = L(s) f
void gauge_solution(const ClaimEnv& e, ClaimResult& res) {
  const GaugeOde& ode = e.d.search->ode;
  const std::size_t nf = ode.unknowns.size();
  const auto& s = GiNaC::ex_to<GiNaC::symbol>(e.d.in.search->shape);
  ZeroVerdict worst;
  worst.zero = true;
  worst.method = Decision::Canonical;
  for (std::size_t i = 0; i < nf && worst.zero; ++i) {
    ex r = e.function(i).diff(s);
    for (std::size_t j = 0; j < nf; ++j) r -= ode.L(static_cast<unsigned>(i), static_cast<unsigned>(j)) * e.function(j);
    worst = zero_test(r, e.sys().chart());
  }
  compare_claim(res, worst.zero, true, worst.how());
  res.derived = "f' - L f";
  res.claimed = "0";
  if (!worst.zero && !worst.point.empty()) res.counterexample = describe_point(worst.point), res.point = point_items(worst.point);
}

// {f,{g,h}} + cyclic for three functions (on the reduced space when they are invariants)
void jacobiator_claim(const ClaimEnv& e, ClaimResult& res) {
  const ex claimed = e.c.value ? e.value() : ex(0);
  compare_claim(res, jacobiator(which_bracket(e), e.function(0), e.function(1), e.function(2)), claimed, e.sys().dual_chart());
}

void gauge_momentum(const ClaimEnv& e, ClaimResult& res) {
  if (e.sys().is_affine()) {  // Theorem 5.3 assumes (2.8): decided by π_b's derivative along the equations of motion
    const ZeroVerdict v = zero_test(nonholonomic_vector_field(e.sys())(e.sys().momenta()[e.c.index]), e.sys().dual_chart());
    compare_claim(res, v.zero, e.c.holds, "affine constraints: pi" + std::to_string(e.c.index + 1) +
                                              " along the equations of motion [" + v.how() + "]");
    return;
  }
  const auto t = theorem_5_3_test(e.sys(), e.c.index);
  compare_claim(res, t.passed, e.c.holds, t.detail);
}

// A field of a commutator claim on D*.
VectorField claim_field(const ClaimEnv& e, const NonholonomicClaim::Field& f) {
  using Kind = NonholonomicClaim::Field::Kind;
  if (f.kind == Kind::Nonholonomic) return nonholonomic_vector_field(e.sys());
  if (f.kind == Kind::Generator) return e.d.orbits[f.generator];
  if (f.kind == Kind::SearchMomentum) return hamiltonian_vector_field(which_bracket(e), e.d.search->momentum);
  return hamiltonian_vector_field(which_bracket(e), e.function(f.generator));
}

// [X_f, X_g] − X_{g,f}: zero for a Poisson bracket, by the Jacobi identity ({{h,g},f} − {{h,f},g} =
// {h,{g,f}} with X_f(h) = {h, f}); for an almost-Poisson one, the Jacobiator of (h, g, f) in each h.
VectorField hamiltonian_defect(const ClaimEnv& e, const VectorField& K) {
  const AlmostPoissonBracket& B = which_bracket(e);
  const ex f = e.function(e.c.fields[0].generator), g = e.function(e.c.fields[1].generator);
  return K - hamiltonian_vector_field(B, B(g, f));
}

void commutator_claim(const ClaimEnv& e, ClaimResult& res) {
  const VectorField K = lie_bracket(claim_field(e, e.c.fields[0]), claim_field(e, e.c.fields[1]));
  const ZeroVerdict v = e.c.property == "zero"      ? zero_test(K)
                        : e.c.property == "tangent" ? in_span_of(e.d.orbits, K)
                                                    : zero_test(hamiltonian_defect(e, K));
  compare_claim(res, v.zero, e.c.holds, v.how());
  if (!v.zero && !v.point.empty()) res.counterexample = describe_point(v.point), res.point = point_items(v.point);
}

// The distribution of the bracket named by `of`; `of: reduced` is the reduced bracket of the variables on
// the reduced space (the image of D* under them), from Π_nh^Λ when there is one.
CharacteristicReport characteristic_of(const ClaimEnv& e) {
  if (e.c.of != "reduced") return characteristic_report(which_bracket(e));
  std::vector<ex> u;
  std::vector<std::string> names;
  for (const auto& v : e.d.in.variables) u.push_back(v.expression), names.push_back(v.name);
  return characteristic_on_image(e.d.reduced_source(), u, names);
}

// The rank at the claim's point: of Π♯ for a bracket on D*, of ({u_c, u_a}) for `of: reduced`; numeric
// (the entries at 20 digits, then a pivoted LU with threshold 1e-10), and said so.
void rank_at_point(const ClaimEnv& e, ClaimResult& res) {
  const Chart& M = e.sys().dual_chart();
  GiNaC::exmap point;
  for (const PointValue& v : e.c.point.values) point[M.index_of(v.name) ? M[*M.index_of(v.name)] : M.parameter(v.name)] = v.value;
  std::vector<ex> u;
  for (const auto& v : e.d.in.variables) u.push_back(v.expression);
  const GiNaC::matrix P = e.c.of == "reduced" ? reduced_characteristic_matrix(e.d.reduced_source(), u)
                                              : which_bracket(e).bivector().matrix();
  GiNaC::exset left;
  for (unsigned i = 0; i < P.rows(); ++i)
    for (unsigned j = 0; j < P.cols(); ++j) {
      ex at;
      try {  // a pole of the chart (θ = 0 of Euler angles): GiNaC divides by zero as it substitutes
        at = P(i, j).subs(point);
      } catch (const std::exception&) {
        const std::string shown = to_text(P(i, j));
        throw SpecError(e.c.at.find({"at", ""}), "'at': the bracket is not defined at this point: its entry (" + std::to_string(i + 1) + ", " +
                                                     std::to_string(j + 1) + ")" + (shown.size() <= 80 ? ", " + shown + "," : "") +
                                                     " divides by zero there; expected a point of the chart's domain");
      }
      collect_symbols(at, left);
    }
  if (!left.empty())
    throw SpecError(e.c.at.find({"at", ""}), "'at': expected a value for every coordinate, momentum and parameter the bracket "
                                             "uses, got none for " + detail::str(*left.begin()));
  const std::size_t r = rank_at(P, point);
  compare_claim(res, r == e.c.index, true, "numeric rank at the point (entries at 20 digits, pivoted LU, threshold 1e-10): " +
                                               std::to_string(r) + " of " + std::to_string(P.rows()));
  res.derived = std::to_string(r);
  res.claimed = std::to_string(e.c.index);
}

void characteristic_claim(const ClaimEnv& e, ClaimResult& res) {
  if (!e.c.point.empty()) return rank_at_point(e, res);
  const CharacteristicReport r = characteristic_of(e);
  if (e.c.kind == "integrable") {
    compare_claim(res, r.involutive, e.c.holds,
                  r.involutive ? std::string("symbolic rank")
                               : witness_how(r) + ": " + r.witness + " leaves E; closure rank " + std::to_string(r.closure_rank) + closure_how(r));
    return;
  }
  compare_claim(res, r.rank == e.c.index, true, "symbolic rank " + std::to_string(r.rank) + " of " + std::to_string(r.dimension));
  res.derived = std::to_string(r.rank);
  res.claimed = std::to_string(e.c.index);
}

const std::map<std::string, Check>& checks() {
  static const std::map<std::string, Check> table = {
      {"structure_coefficient", structure}, {"structure_function", structure}, {"constrained_metric", metric},
      {"inverse_metric", metric}, {"bracket", bracket}, {"reduced_bracket", reduced_bracket},
      {"three_form", three_form}, {"casimir", casimir}, {"conserved", conserved},
      {"equation_of_motion", equation_of_motion}, {"hamiltonian", hamiltonian}, {"jacobi", jacobi},
      {"gauge_momentum", gauge_momentum}, {"identity", identity}, {"gauge_ode", gauge_ode},
      {"gauge_solution", gauge_solution}, {"jacobiator", jacobiator_claim}, {"commutator", commutator_claim},
      {"characteristic_rank", characteristic_claim}, {"integrable", characteristic_claim}};
  return table;
}

}  // namespace

std::vector<std::string> nonholonomic_claim_kinds() {
  std::vector<std::string> kinds;
  for (const auto& [k, f] : checks()) kinds.push_back(k);
  return kinds;
}

std::vector<ClaimResult> check_nonholonomic_claims(const NonholonomicInput& in, const std::vector<NonholonomicClaim>& claims) {
  const NonholonomicInput joined = with_action_generators(in);  // derive_state keeps a reference
  return check_each<ClaimEnv>(derive_state(joined), claims, checks());
}

}  // namespace hamel
