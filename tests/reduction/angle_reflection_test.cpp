// tests/reduction/angle_reflection_test.cpp — an angle's reflection that fixes the variables proves a
// function not rational in them without a Gröbner basis (reduction/angle_reflection.hpp).
#include <doctest/doctest.h>

#include "reduction/angle_reflection.hpp"
#include "tests/support/symbolic_checks.hpp"

using GiNaC::ex;

namespace {

// (θ, ψ, p) with the variables `given` (name ↦ expression).
struct Angles {
  hamel::Chart P = hamel::Chart::make("P", {"th", "psi", "p"}, {"a"});
  ex th = P[0], psi = P[1], p = P[2];
  hamel::VariablesOnChart on(const std::vector<hamel::NamedFunction>& given) const {
    std::vector<std::string> names;
    for (const auto& f : given) names.push_back(f.name);
    return {P, P.sibling("U", names).coordinates(), given};
  }
};

}  // namespace

TEST_CASE("reflected: sin and cos of the angle change sign, anything else holding it refuses") {
  const Angles a;
  const hamel::AngleReflection minus{a.th, -1, 1}, supplement{a.th, 1, -1}, half_turn{a.th, -1, -1};
  const ex e = sin(a.th) * cos(a.th) * a.p + pow(sin(a.th), 2);
  CHECK_SYMBOLIC_EQ(*hamel::reflected(e, minus), -sin(a.th) * cos(a.th) * a.p + pow(sin(a.th), 2));
  CHECK_SYMBOLIC_EQ(*hamel::reflected(e, supplement), -sin(a.th) * cos(a.th) * a.p + pow(sin(a.th), 2));
  CHECK_SYMBOLIC_EQ(*hamel::reflected(e, half_turn), e);
  CHECK_FALSE(hamel::reflected(sin(2 * a.th), minus));  // sin 2θ is not written in sin θ, cos θ
  CHECK_FALSE(hamel::reflected(a.th * cos(a.th), minus));
  CHECK(minus.text() == "th -> -th");
  CHECK(supplement.text() == "th -> pi - th");
  CHECK(half_turn.text() == "th -> th + pi");
}

TEST_CASE("reflections_fixing: exactly the reflections under which every variable is unchanged") {
  const Angles a;
  // cos θ is fixed by θ ↦ −θ alone
  const auto c = hamel::reflections_fixing(a.on({{"c", cos(a.th)}, {"u", a.p}}));
  REQUIRE(c.size() == 1);
  CHECK(c[0].q.is_equal(a.th));
  CHECK(c[0].sin_sign == -1);
  CHECK(c[0].cos_sign == 1);
  // cos²θ by all three
  CHECK(hamel::reflections_fixing(a.on({{"k", pow(cos(a.th), 2)}, {"u", a.p}})).size() == 3);
  // the Chaplygin sphere's γ: no reflection of θ or ψ alone fixes all three
  const ex g1 = sin(a.th) * sin(a.psi), g2 = sin(a.th) * cos(a.psi), g3 = cos(a.th);
  CHECK(hamel::reflections_fixing(a.on({{"g1", g1}, {"g2", g2}, {"g3", g3}})).empty());
  // an angle no variable holds is not reflected: it proves nothing about the variables
  CHECK(hamel::reflections_fixing(a.on({{"u", a.p}})).empty());
}

TEST_CASE("reexpress: sin θ is not rational in cos θ, decided by θ ↦ −θ, and what the reflection fixes is still re-expressed") {
  const Angles a;
  const hamel::Chart U = a.P.sibling("U", {"c", "u"});
  const hamel::VariablesOnChart vars{a.P, U.coordinates(), {{"c", cos(a.th)}, {"u", a.p}}};
  const auto odd = hamel::reexpress(sin(a.th) * a.p + a.p * a.p, vars);
  CHECK(odd.outcome == hamel::Reexpressed::Outcome::NotRational);
  CHECK(odd.note == "not rational in the variables: th -> -th leaves every variable unchanged and changes it");
  // sin²θ p = (1 − c²) u: fixed by the reflection, rational in the variables
  const auto even = hamel::reexpress(pow(sin(a.th), 2) * a.p, vars);
  REQUIRE(even.expressed());
  CHECK(hamel::is_zero(even.value - (1 - pow(U[0], 2)) * U[1], U));
  // ψ is in no variable: not a function of them, which the elimination says (no reflection of ψ is used)
  CHECK(hamel::reexpress(sin(a.psi), vars).outcome == hamel::Reexpressed::Outcome::NotDetermined);
}
