// tests/reduction/reexpress_test.cpp — reduced objects in the variables without `inverse:` rules
// (issue 16 §1): x² + y² ↦ s, and the Chaplygin sphere's brackets in (M, γ) against 004 (6.10).
#include <doctest/doctest.h>

#include <algorithm>

#include "brackets/nonholonomic.hpp"
#include "core/display.hpp"
#include "examples/chaplygin_sphere.hpp"
#include "reduction/gauge_momenta.hpp"
#include "reduction/groebner.hpp"
#include "reduction/reexpress.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

namespace {

// The plane with s = x² + y² and w = x·y.
struct Plane {
  hamel::Chart P = hamel::Chart::make("P", {"x", "y"}, {"a"});
  hamel::Chart S = P.sibling("S", {"s", "w"});
  ex x = P[0], y = P[1], a = P.parameter("a");
  hamel::VariablesOnChart vars{P, {S[0]}, {{"s", x * x + y * y}}};
};

// The flagship (004 §6): γ and M on D* (gauge.md A7), the variables of examples/chaplygin_sphere.yaml.
struct Sphere {
  hamel::NonholonomicSystem sys{hamel::examples::chaplygin_sphere().spec};
  const hamel::Chart& Q = sys.chart();
  hamel::Chart U = Q.sibling("U", {"M1", "M2", "M3", "gamma1", "gamma2", "gamma3"});
  ex m = Q.parameter("m"), R = Q.parameter("R"), I1 = Q.parameter("I1"), I3 = Q.parameter("I3");
  ex mR2 = m * R * R;
  std::vector<ex> M{U[0], U[1], U[2]}, g{U[3], U[4], U[5]};

  hamel::VariablesOnChart variables() const {
    auto v = hamel::examples::chaplygin_sphere_variables(sys);
    v.symbols = U.coordinates();  // this fixture's own chart U
    return v;
  }

  // (6.10) with Ω of the paper, A = (𝕀 + mR²)⁻¹, 𝕀 = diag(I1, I1, I3); indices 0..5 = M, γ.
  ex paper(std::size_t a, std::size_t b) const {
    const std::vector<ex> A{1 / (I1 + mR2), 1 / (I1 + mR2), 1 / (I3 + mR2)};
    ex AMg = 0, Agg = 0;
    for (int k = 0; k < 3; ++k) {
      AMg += A[k] * M[k] * g[k];
      Agg += A[k] * g[k] * g[k];
    }
    const ex Omega_gamma = AMg / (1 - mR2 * Agg);
    const auto eps = [](int i, int j, int k) { return (i - j) * (j - k) * (k - i) / 2; };
    if (a >= 3) return 0;  // {γi, γj} = 0
    const int i = static_cast<int>(a), j = static_cast<int>(b % 3);
    ex v = 0;
    for (int k = 0; k < 3; ++k) v -= eps(i, j, k) * (b < 3 ? M[k] - mR2 * Omega_gamma * g[k] : g[k]);
    return v;
  }
};

}  // namespace

TEST_SUITE("reduction") {

TEST_CASE("groebner_basis: the last block in lex eliminates within it, in dp it does not") {
  GiNaC::realsymbol u("u"), w("w");
  hamel::GroebnerProblem p;
  p.blocks = {{u, w}};
  p.generators = {u * u + w * w - 1, u - pow(w, 3)};
  const auto only_w = [&](const std::vector<ex>& basis) {
    return std::any_of(basis.begin(), basis.end(), [&](const ex& g) { return !g.has(u); });
  };
  const hamel::GroebnerAnswer dp = hamel::groebner_basis(p);
  p.last_block_lex = true;
  const hamel::GroebnerAnswer lex = hamel::groebner_basis(p);
  REQUIRE(dp.done);
  REQUIRE(lex.done);
  // lex (u > w): {u - w^3, w^6 + w^2 - 1}; dp: {u - w^3, u^2 + w^2 - 1, …} has no polynomial in w alone
  CHECK(only_w(lex.basis));
  CHECK_FALSE(only_w(dp.basis));
  CHECK(std::any_of(lex.basis.begin(), lex.basis.end(),
                    [&](const ex& g) { return (g - (pow(w, 6) + w * w - 1)).expand().is_zero() || (g + (pow(w, 6) + w * w - 1)).expand().is_zero(); }));
}

// The child writes the basis back as terms (reduction/groebner.cpp): coefficients that are polynomials in
// the constants a, b, and integers past 64 bits, come back whole.
TEST_CASE("groebner_basis: coefficients in Q(a, b) and integers past 64 bits come back whole") {
  GiNaC::realsymbol x("x"), y("y"), z("z"), a("a"), b("b");
  const GiNaC::numeric big("1000000000000000000000000000007");  // 10^30 + 7
  hamel::GroebnerProblem p;
  p.blocks = {{x, y, z}};
  p.constants = {a, b};
  p.generators = {a * x - b, (b * b + 1) * y - 3 * x, z - big * x};
  const hamel::GroebnerAnswer r = hamel::groebner_basis(p);
  REQUIRE(r.done);
  // reduced: x − b/a, y − 3b/(a(b² + 1)), z − (10^30 + 7) b/a, each up to a factor in Q(a, b) (Singular
  // clears the denominators: a z − (10^30 + 7) b)
  const std::vector<ex> expected{x - b / a, y - 3 * b / (a * (b * b + 1)), z - big * b / a};
  REQUIRE(r.basis.size() == expected.size());
  for (const ex& e : expected)
    CHECK(std::any_of(r.basis.begin(), r.basis.end(), [&](const ex& g) {
      const ex ratio = (g / e).normal();
      return !ratio.has(x) && !ratio.has(y) && !ratio.has(z);
    }));
  CHECK(std::any_of(r.basis.begin(), r.basis.end(), [&](const ex& g) { return (g - (a * z - big * b)).expand().is_zero(); }));
}

TEST_CASE("reexpress: 2x² + 2y² in s = x² + y² is 2s, with no rule") {
  Plane p;
  const auto r = hamel::reexpress(2 * p.x * p.x + 2 * p.y * p.y, p.vars);
  INFO(r.note);
  REQUIRE(r.expressed());
  CHECK_SYMBOLIC_EQ(r.value, 2 * p.S[0]);
  CHECK(r.verified.zero);
  // a rational function with a parameter: a/(x² + y²)² ↦ a/s²
  const auto q = hamel::reexpress(p.a / GiNaC::pow(p.x * p.x + p.y * p.y, 2), p.vars);
  REQUIRE(q.expressed());
  CHECK_SYMBOLIC_EQ(q.value, p.a / GiNaC::pow(p.S[0], 2));
}

TEST_CASE("reexpress: what is not a function of the variables is flagged, not printed as reduced") {
  Plane p;
  const auto r = hamel::reexpress(p.x, p.vars);  // x is not a function of x² + y²
  CHECK_FALSE(r.expressed());
  CHECK(r.outcome == hamel::Reexpressed::Outcome::NotDetermined);
  CHECK(r.value.is_equal(p.x));
  CHECK(r.note == "not a function of the variables");
  // a coefficient that is not rational (i): no elimination over Q(parameters), an answer that says so
  const auto c = hamel::reexpress(GiNaC::I * (p.x * p.x + p.y * p.y), p.vars);
  CHECK(c.outcome == hamel::Reexpressed::Outcome::Failed);
  CHECK(c.note.find("the elimination failed: groebner_basis: a coefficient is not rational") == 0);
  // (x + y)² − 2xy = s but x·y alone needs w: with u = (s, w), √ shapes are algebraic, not rational
  hamel::VariablesOnChart two{p.P, {p.S[0], p.S[1]}, {{"s", p.x * p.x + p.y * p.y}, {"w", p.x * p.y}}};
  const auto sum = hamel::reexpress(GiNaC::pow(p.x + p.y, 2), two);
  REQUIRE(sum.expressed());
  CHECK_SYMBOLIC_EQ(sum.value, p.S[0] + 2 * p.S[1]);
  const auto lin = hamel::reexpress(p.x + p.y, two);  // (x + y)² = s + 2w: degree 2
  CHECK(lin.outcome == hamel::Reexpressed::Outcome::NotRational);
}

TEST_CASE("reexpress: the budget turns a long elimination into 'not re-expressed'") {
  Plane p;
  hamel::ReexpressBudget tiny;
  tiny.max_terms = 3;
  const auto r = hamel::reexpress(2 * p.x * p.x + 2 * p.y * p.y, p.vars, tiny);
  CHECK(r.outcome == hamel::Reexpressed::Outcome::OverBudget);
  CHECK(r.note.find("over budget") == 0);
  // a deadline too short for any elimination: the child is killed, the answer is "not re-expressed".
  // An elimination with some work in it (a polynomial of degree 80 in x and y): a tiny one is answered
  // within 0.1 ms by a Singular server that an earlier test case of the same process has started.
  hamel::ReexpressBudget instant;
  instant.seconds = 1e-4;
  const GiNaC::ex f = (2 * GiNaC::pow(p.x * p.x + p.y * p.y + p.a * p.x, 40)).expand();
  const auto t = hamel::reexpress(f, p.vars, instant);
  CHECK(t.outcome == hamel::Reexpressed::Outcome::OverBudget);
  CHECK(t.note.find("over budget: Gröbner basis: no answer within") == 0);
  CHECK(t.value.is_equal(f));
}

TEST_CASE("variable_relations: |γ|² = 1 for the Chaplygin sphere, and π1 = (M, γ)") {
  Sphere S;
  const auto v = S.variables();
  const auto rel = hamel::variable_relations(v);
  INFO(rel.note);
  REQUIRE(rel.found);
  REQUIRE(rel.relations.size() == 1);
  CHECK_SYMBOLIC_EQ(rel.relations[0] - (S.g[0] * S.g[0] + S.g[1] * S.g[1] + S.g[2] * S.g[2] - 1), 0);
  CHECK(rel.verified[0].zero);
  const auto pi1 = hamel::reexpress(S.sys.momenta()[0], v);
  REQUIRE(pi1.expressed());
  CHECK_SYMBOLIC_EQ(pi1.value, S.M[0] * S.g[0] + S.M[1] * S.g[1] + S.M[2] * S.g[2]);
}

TEST_CASE("reexpress: the conformal factor √(1 − mR²(Aγ,γ)) given on D* comes back in γ (a root of a function of the variables)") {
  Sphere S;
  const auto v = S.variables();
  ex Agg = 0;
  for (int k = 0; k < 3; ++k) Agg += S.g[k] * S.g[k] / ((k < 2 ? S.I1 : S.I3) + S.mR2);
  const ex in_u = sqrt(1 - S.mR2 * Agg);
  GiNaC::exmap to_chart;
  for (std::size_t a = 0; a < 6; ++a) to_chart[v.symbols[a]] = v.variables[a].expression;
  const auto r = hamel::reexpress(in_u.subs(to_chart), v);
  INFO(r.note);
  REQUIRE(r.expressed());
  for (const ex& q : S.sys.dual_chart().coordinates()) CHECK_FALSE(r.value.has(q));
  CHECK(hamel::verify_in_variables(0, r.value - in_u, v.symbols, v.variables, v.chart).zero);
  // a root of something that is no function of the variables stays in (q, π) (x: not invariant)
  const auto no = hamel::reexpress(sqrt(1 + GiNaC::pow(S.Q[3], 2)), v);
  CHECK(no.outcome == hamel::Reexpressed::Outcome::NotDetermined);
}

TEST_CASE("reexpress: the 15 reduced brackets of (M, γ) from Π_nh^Λ are (6.10), with no rule") {
  Sphere S;
  const auto v = S.variables();
  const auto BL = hamel::gauged_bracket(S.sys, hamel::lemma_5_4_three_form(S.sys, {0}));
  const auto table = hamel::bracket_table(BL, v.variables);
  for (const auto& entry : table) {
    const auto& ab = entry.first;
    const auto r = hamel::reexpress(entry.second, v);
    const std::string name = "{" + v.variables[ab.first].name + ", " + v.variables[ab.second].name + "}";
    INFO(name, ": ", r.note, " (", r.seconds, " s)");
    REQUIRE(r.expressed());
    CHECK(r.verified.zero);
    for (const ex& q : S.sys.dual_chart().coordinates()) CHECK_FALSE(r.value.has(q));
    // the value, a function of (M, γ) alone, against the paper's formula on D*
    const ex paper = S.paper(ab.first, ab.second);
    CHECK(hamel::verify_in_variables(0, r.value - paper, v.symbols, v.variables, v.chart).zero);
  }
}

}  // TEST_SUITE

namespace {

// A shape angle th ∈ [0, π] with an abstract f(th), a momentum p, and the variables c = cos th, u = p
// (the pattern of 004 §7: f1, f2 of θ, γ3 = cos θ).
struct Shape {
  hamel::Chart P;
  hamel::Chart U;
  ex th, p, f, df;
  hamel::VariablesOnChart vars;
  explicit Shape(bool with_domain)
      : P([&] {
          hamel::ChartSpec spec{"P", {"th", "p"}, {{"a", true}}, {}, {{"f", {"th"}}}};
          if (with_domain) spec.domain["th"] = {0, GiNaC::Pi};
          return hamel::Chart(spec);
        }()),
        U(P.sibling("U", {"c", "u"})),
        th(P[0]),
        p(P[1]),
        f(P.function_value("f")),
        df(f.diff(GiNaC::ex_to<GiNaC::symbol>(th))),
        vars{P, {U[0], U[1]}, {{"c", cos(th)}, {"u", p}}} {}
};

}  // namespace

TEST_CASE("reexpress: f(th) is kept when th is a function of the variables on its domain (th = acos(c) on [0, pi])") {
  const Shape s(true);
  const auto r = hamel::reexpress(s.f * s.p * cos(s.th), s.vars);
  REQUIRE(r.expressed());
  CHECK(hamel::is_zero(r.value - s.f * s.U[1] * s.U[0], s.U));
  REQUIRE(r.arguments.size() == 1);
  CHECK(r.arguments[0].first.is_equal(s.th));
  CHECK(r.arguments[0].second.is_equal(acos(s.U[0])));
  // f'(th) = -sin(th) df/dc: f'(th) sin(th) = (c^2 - 1) df/dc is a function of c; f'(th) alone is not rational
  const auto even = hamel::reexpress(s.df * sin(s.th) * s.p, s.vars);
  CHECK(even.expressed());
  CHECK(even.verified.zero);
  CHECK(hamel::reexpress(s.df, s.vars).outcome == hamel::Reexpressed::Outcome::NotRational);
}

TEST_CASE("reexpress: cos th = c and sin^2 th = 1 - c^2 put in without elimination, the same as by elimination") {
  const Shape s(true);
  const ex a = s.P.parameters()[0];
  const ex c = s.U[0], u = s.U[1];
  const ex H = a * s.p * s.p * pow(sin(s.th), 2) / (1 + cos(s.th)) + s.f * s.p;
  const auto direct = hamel::reexpress(H, s.vars);
  REQUIRE(direct.expressed());
  CHECK(direct.verified.zero);
  CHECK(hamel::is_zero(direct.value - (a * u * u * (1 - c * c) / (1 + c) + s.f * u), s.U));
  hamel::ReexpressBudget by_elimination;
  by_elimination.substitute = false;
  const auto eliminated = hamel::reexpress(H, s.vars, by_elimination);
  REQUIRE(eliminated.expressed());
  CHECK(hamel::is_zero(direct.value - eliminated.value, s.U));
  // an odd power of sin th is √(1 − c²): not put in, and not rational in the variables either
  CHECK(hamel::reexpress(sin(s.th) * s.p, s.vars).outcome == hamel::Reexpressed::Outcome::NotRational);
}

// What the reports say of a re-expression: "by substitution" only where no Gröbner basis was computed.
TEST_CASE("reexpress: the method is Substitution only without any Groebner basis, Constant for a constant") {
  using Method = hamel::Reexpressed::Method;
  const Shape s(true);
  const ex a = s.P.parameters()[0];
  const ex c = s.U[0], u = s.U[1];
  // u = p solved for p and put in: nothing is left
  const auto put = hamel::reexpress(a * s.p * s.p + s.p, s.vars);
  REQUIRE(put.expressed());
  CHECK(put.method == Method::Substitution);
  CHECK(hamel::is_zero(put.value - (a * u * u + u), s.U));
  // cos th = c is put in too, but th's value acos(c) came from an elimination
  const auto with_th = hamel::reexpress(a * s.p * cos(s.th), s.vars);
  REQUIRE(with_th.expressed());
  CHECK(with_th.method == Method::Elimination);
  CHECK(hamel::is_zero(with_th.value - a * u * c, s.U));
  // without putting in, the same function by its own elimination
  hamel::ReexpressBudget by_elimination;
  by_elimination.substitute = false;
  const auto eliminated = hamel::reexpress(a * s.p * s.p + s.p, s.vars, by_elimination);
  REQUIRE(eliminated.expressed());
  CHECK(eliminated.method == Method::Elimination);
  CHECK(hamel::is_zero(eliminated.value - put.value, s.U));
  // a constant needs nothing, with or without rules; a rule that applies is a substitution
  CHECK(hamel::reexpress(3 * a, s.vars).method == Method::Constant);
  const GiNaC::exmap rules{{cos(s.th), c}};
  CHECK(hamel::reexpress(3 * a, s.vars, rules).method == Method::Constant);
  const auto ruled = hamel::reexpress(a * s.p * cos(s.th), s.vars, GiNaC::exmap{{cos(s.th), c}, {s.p, u}});
  REQUIRE(ruled.expressed());
  CHECK(ruled.method == Method::Substitution);
  CHECK(hamel::is_zero(ruled.value - a * u * c, s.U));
}

TEST_CASE("reexpress: without a domain, th is not a function of cos(th), so f(th) is no function of the variables") {
  const Shape s(false);
  const auto r = hamel::reexpress(s.f * s.p, s.vars);
  CHECK_FALSE(r.expressed());
  CHECK(r.outcome == hamel::Reexpressed::Outcome::NotDetermined);
  CHECK(r.arguments.empty());
}

// A redundant variable v2 = 2p beside v = p/m: the section solves for p in the first independent
// variables (v), and v2 stays in the graph as the relation v2 − 2m·v.
TEST_CASE("reexpress: a redundant variable (v2 = 2p beside v = p/m) is allowed, and f is written in v") {
  const hamel::Chart Q = hamel::Chart::make("Q", {"x", "y", "th", "p"}, {"m"});
  const hamel::Chart U = Q.sibling("U", {"s", "t", "v", "v2"});
  const ex x = Q[0], y = Q[1], th = Q[2], p = Q[3], m = Q.parameter("m");
  const ex s = U[0], t = U[1], v = U[2], v2 = U[3];
  const hamel::VariablesOnChart vars{Q, U.coordinates(), {{"s", x * x + y * y}, {"t", th}, {"v", p / m}, {"v2", 2 * p}}};
  // the section p = m v and th = t put in: sin(th) p is m v sin(t) (it was "not a function of the variables")
  const auto direct = hamel::reexpress(sin(th) * p, vars);
  INFO(direct.note);
  REQUIRE(direct.expressed());
  CHECK(hamel::is_zero(direct.value - m * v * sin(t), U));
  CHECK_FALSE(direct.value.has(v2));
  // x is no function of the variables, so (x² + y²) p goes through the elimination: m s v, not s v2/2
  const auto eliminated = hamel::reexpress((x * x + y * y) * p, vars);
  INFO(eliminated.note);
  REQUIRE(eliminated.expressed());
  CHECK(hamel::is_zero(eliminated.value - m * s * v, U));
  CHECK_FALSE(eliminated.value.has(v2));
  // and the relation among them
  const auto r = hamel::variable_relations(vars);
  REQUIRE(r.found);
  REQUIRE(r.relations.size() == 1);
  CHECK(r.relations[0].expand().degree(v2) == 1);
  CHECK(hamel::is_zero(r.relations[0].subs(v2 == 2 * m * v), U));  // a multiple of v2 − 2m·v
  CHECK(r.verified[0].zero);
}

TEST_CASE("reexpress: a hitch angle h = th1 - th0 in two angles is solved for th0, so sin(th0 - th1) is -sin(h)") {
  // a cart pulling a trailer: the variables (h, v) involve th0, th1 and p affinely, one coordinate
  // more than variables; before, no section was taken and sin(th0 − th1) was "not a function of the
  // variables" (the elimination sees the bare angles beside their sines as unrelated unknowns)
  const hamel::Chart Q = hamel::Chart::make("Q", {"x", "th0", "th1", "p"}, {"m"});
  const hamel::Chart U = Q.sibling("U", {"h", "v"});
  const ex th0 = Q[1], th1 = Q[2], p = Q[3], m = Q.parameter("m");
  const ex h = U[0], v = U[1];
  const hamel::VariablesOnChart vars{Q, U.coordinates(), {{"h", th1 - th0}, {"v", p / m}}};
  const auto s = hamel::reexpress(sin(th0 - th1), vars);
  INFO(s.note);
  REQUIRE(s.expressed());
  CHECK(hamel::is_zero(s.value + sin(h), U));
  const auto f = hamel::reexpress(p * p * cos(th0 - th1) / (m + sin(th1 - th0) * sin(th1 - th0)), vars);
  INFO(f.note);
  REQUIRE(f.expressed());
  CHECK(hamel::is_zero(f.value - m * m * v * v * cos(h) / (m + sin(h) * sin(h)), U));
  // th0 alone is still no function of the variables
  CHECK(hamel::reexpress(cos(th0), vars).outcome == hamel::Reexpressed::Outcome::NotDetermined);
}

TEST_CASE("reduced_modulo: (|gamma|^2) M1 is M1 where |gamma|^2 = 1, and nothing without relations") {
  Sphere s;
  const ex g2 = s.g[0] * s.g[0] + s.g[1] * s.g[1] + s.g[2] * s.g[2];
  const auto r = hamel::reduced_modulo(g2 * s.M[0] / (s.I1 * g2 + s.mR2), {g2 - 1}, s.Q);
  REQUIRE(r);
  CHECK(hamel::is_zero(*r - s.M[0] / (s.I1 + s.mR2), s.U));
  CHECK_FALSE(hamel::reduced_modulo(s.M[0], {}, s.Q));
}

TEST_CASE("reduced_modulo: a variable only the relations hold is an unknown of the basis too") {
  // M1 (γ1² + γ2²) has no γ3, which |γ|² − 1 holds: the unknowns were read before the relations, and the
  // basis refused γ3 as "not a polynomial in the variables" (a tester's Veselova system lost its short forms)
  Sphere s;
  const ex f = s.M[0] * (s.g[0] * s.g[0] + s.g[1] * s.g[1]);
  const auto r = hamel::reduced_modulo(f, {s.g[0] * s.g[0] + s.g[1] * s.g[1] + s.g[2] * s.g[2] - 1}, s.Q);
  REQUIRE(r);
  // equal to f where |γ| = 1
  const ex on_sphere = GiNaC::sqrt(1 - s.g[0] * s.g[0] - s.g[1] * s.g[1]);
  CHECK(hamel::is_zero((*r - f).subs(s.g[2] == on_sphere), s.U));
}

TEST_CASE("shortest_modulo: gamma3 (gamma2^2 + gamma3^2 - 1) M1/(I1 + m R^2) is -gamma1^2 gamma3 M1/(I1 + m R^2) on |gamma| = 1") {
  // the normal form eliminates γ1², the greatest monomial of |γ|² − 1, and so keeps γ2² + γ3² − 1: the
  // Chaplygin sphere's Jac_M2,M3,gamma2 (examples/chaplygin_sphere.yaml) printed it, where −γ1² is shorter
  Sphere s;
  const ex sphere = s.g[0] * s.g[0] + s.g[1] * s.g[1] + s.g[2] * s.g[2] - 1;
  const ex f = s.g[2] * (s.g[1] * s.g[1] + s.g[2] * s.g[2] - 1) * s.M[0] / (s.I1 + s.mR2);
  const auto normal = hamel::reduced_modulo(f, {sphere}, s.Q);
  REQUIRE(normal);
  const auto r = hamel::shortest_modulo(f, {sphere}, s.Q);
  REQUIRE(r);
  CHECK(hamel::is_zero(*r + s.g[0] * s.g[0] * s.g[2] * s.M[0] / (s.I1 + s.mR2), s.U));
  CHECK(hamel::display_size(*r) < hamel::display_size(*normal));
  // the denominator as the normal form has it: I1 + m R², not rewritten
  CHECK(hamel::is_zero(r->numer_denom().op(1) - normal->numer_denom().op(1), s.U));
  CHECK_FALSE(hamel::shortest_modulo(s.M[0], {}, s.Q));
}

TEST_CASE("reexpress: a root among the variables is tied to its radicand (r = sqrt(x^2 + y^2), pr, L of a central force)") {
  const hamel::Chart Q = hamel::Chart::make("Q", {"x", "y", "pi1", "pi2"}, {"m", "k"});
  const hamel::Chart U = Q.sibling("U", {"r", "pr", "L"});
  const ex x = Q[0], y = Q[1], p1 = Q[2], p2 = Q[3], m = Q.parameter("m"), k = Q.parameter("k");
  const ex r = U[0], pr = U[1], L = U[2], rho = x * x + y * y;
  const hamel::VariablesOnChart vars{
      Q, U.coordinates(), {{"r", sqrt(rho)}, {"pr", (x * p1 + y * p2) / sqrt(rho)}, {"L", x * p2 - y * p1}}};
  // H = |π|²/2m + k(x² + y²)/2: the root was an unknown tied to nothing, so x² + y² was not r²
  const auto h = hamel::reexpress((p1 * p1 + p2 * p2) / (2 * m) + k * rho / 2, vars);
  INFO(h.note);
  REQUIRE(h.expressed());
  CHECK(hamel::is_zero(h.value - (pr * pr / (2 * m) + L * L / (2 * m * r * r) + k * r * r / 2), U));
  // d/dt pr on D*, with the root in f itself
  const ex dpr = (L * L / (m * r * r * r) - k * r).subs(GiNaC::lst{r == sqrt(rho), L == x * p2 - y * p1});
  const auto e = hamel::reexpress(dpr, vars);
  INFO(e.note);
  REQUIRE(e.expressed());
  CHECK(hamel::is_zero(e.value - (L * L / (m * r * r * r) - k * r), U));
  CHECK(e.verified.zero);
}

TEST_CASE("reexpress: a root of another polynomial, s = sqrt(1 + x^2) in one dimension") {
  const hamel::Chart Q = hamel::Chart::make("Q", {"x", "p"}, {"a"});
  const hamel::Chart U = Q.sibling("U", {"s", "v"});
  const ex x = Q[0], p = Q[1], a = Q.parameter("a"), s = U[0], v = U[1];
  const hamel::VariablesOnChart vars{Q, U.coordinates(), {{"s", sqrt(1 + x * x)}, {"v", x * p}}};
  const auto h = hamel::reexpress(a * x * x + p * p * x * x / sqrt(1 + x * x), vars);
  INFO(h.note);
  REQUIRE(h.expressed());
  CHECK(hamel::is_zero(h.value - (a * (s * s - 1) + v * v / s), U));
  // x itself is still no function of s (the sign of x is lost): x² = s² − 1
  CHECK(hamel::reexpress(x, vars).outcome == hamel::Reexpressed::Outcome::NotRational);
  // a root of another base is lifted as before: sqrt(2 + 2x^2) = sqrt(2 s^2), verified
  const auto other = hamel::reexpress(sqrt(2 + 2 * x * x), vars);
  INFO(other.note);
  REQUIRE(other.expressed());
  CHECK(other.verified.zero);
  CHECK_FALSE(other.value.has(x));
}
