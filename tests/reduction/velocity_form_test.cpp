// tests/reduction/velocity_form_test.cpp — the reduced equations written in the variables and the
// velocities v = dH_c/du_M of the momentum variables (derivation/in_variables.hpp), and the budget of
// the re-expressions: entries past it are flagged, never waited for.
#include <doctest/doctest.h>

#include <algorithm>

#include <map>
#include <set>

#include "core/point.hpp"
#include "derivation/at_point.hpp"
#include "derivation/in_variables.hpp"
#include "derivation/nonholonomic.hpp"
#include "io/modules/nonholonomic.hpp"
#include "io/system_file.hpp"
#include "mechanics/hamel_equations.hpp"
#include "reduction/gauge_momenta.hpp"

using GiNaC::ex;

namespace {

const hamel::Object& object(const hamel::Derivation& d, const std::string& id) {
  for (const auto& s : d.sections)
    for (const auto& o : s.objects)
      if (o.id == id) return o;
  FAIL("no object " << id);
  return d.sections.front().objects.front();
}

ex value(const hamel::Object& o, const std::string& key) {
  for (const auto& e : o.entries)
    if (e.key == std::vector<std::string>{key}) {
      CHECK(e.note.empty());
      return e.value;
    }
  FAIL("no entry " << key);
  return 0;
}

// e with every symbol named in `values` replaced by its value (the derivation's symbols are its own).
ex at(const ex& e, const std::map<std::string, ex>& values) {
  GiNaC::exmap m;
  for (auto it = e.preorder_begin(); it != e.preorder_end(); ++it)
    if (GiNaC::is_a<GiNaC::symbol>(*it))
      if (const auto v = values.find(GiNaC::ex_to<GiNaC::symbol>(*it).get_name()); v != values.end()) m[*it] = v->second;
  return e.subs(m);
}

// v = J⁻¹ M at a point (`values`: the variables M, γ and the parameters): the Legendre map M = J v + b
// (b = 0 for the ball) read off the model's "legendre_map", J's columns the coefficients of v_M1, v_M2, v_M3.
GiNaC::matrix velocities_at(const hamel::Object& legendre, std::map<std::string, ex> values) {
  GiNaC::matrix J(3, 3), M(3, 1);
  for (int i = 0; i < 3; ++i) {
    const ex row = at(value(legendre, "M" + std::to_string(i + 1)), values);
    for (int j = 0; j < 3; ++j) {
      std::map<std::string, ex> unit{{"v_M1", 0}, {"v_M2", 0}, {"v_M3", 0}};
      unit["v_M" + std::to_string(j + 1)] = 1;
      J(i, j) = GiNaC::evalf(at(row, unit));
    }
    M(i, 0) = values["M" + std::to_string(i + 1)];
  }
  return J.inverse().mul(M);
}

struct Ball {
  hamel::SystemFile file = hamel::read_system_file(hamel::Document::load("examples/chaplygin_ball.yaml"));
  hamel::Derivation d = hamel::derive_system(file, hamel::DeriveOptions{});
};

}  // namespace

TEST_SUITE("reduction") {

TEST_CASE("velocity form: the Chaplygin ball with I1, I2, I3 has M = I v + mR^2 (v - (v, gamma) gamma), dM/dt = M x v, dgamma/dt = gamma x v (004 §6)") {
  const Ball ball;
  const auto& eq = object(ball.d, "reduced_equations");
  const auto& legendre = object(ball.d, "legendre_map");
  // exact at a rational point of the sphere (3/5, 0, 4/5), v = (1, -2, 3), m = 2 (gauge.md: m ≠ 1)
  const std::map<std::string, ex> p{{"m", 2},          {"R", ex(3) / 2},   {"I1", 1},          {"I2", ex(5) / 3},
                                    {"I3", ex(7) / 2}, {"gamma1", ex(3) / 5}, {"gamma2", 0},  {"gamma3", ex(4) / 5},
                                    {"v_M1", 1},       {"v_M2", -2},       {"v_M3", 3}};
  const GiNaC::matrix g{{ex(3) / 5}, {0}, {ex(4) / 5}}, v{{1}, {-2}, {3}};
  const GiNaC::matrix I = GiNaC::ex_to<GiNaC::matrix>(GiNaC::diag_matrix({1, ex(5) / 3, ex(7) / 2}));
  const ex mR2 = 2 * ex(9) / 4, gv = (ex(3) / 5) * 1 + (ex(4) / 5) * 3;
  const GiNaC::matrix M = I.mul(v).add(v.sub(g.mul_scalar(gv)).mul_scalar(mR2));
  const auto cross = [](const GiNaC::matrix& a, const GiNaC::matrix& b, int k) {
    const int i = (k + 1) % 3, j = (k + 2) % 3;
    return a(i, 0) * b(j, 0) - a(j, 0) * b(i, 0);
  };
  for (int k = 0; k < 3; ++k) {
    const std::string n = std::to_string(k + 1);
    CHECK((at(value(legendre, "M" + n), p) - M(k, 0)).is_zero());
    CHECK((at(value(eq, "M" + n), p) - cross(M, v, k)).is_zero());
    CHECK((at(value(eq, "gamma" + n), p) - cross(g, v, k)).is_zero());
  }
}

TEST_CASE("velocity form: the ball's d/dt M1 in (gamma, v) equals X_nh(M1) on D* at a point (v solved from M = J v)") {
  const Ball ball;
  hamel::SystemFile file = hamel::read_system_file(hamel::Document::load("examples/chaplygin_ball.yaml"));
  const hamel::NonholonomicFile in = hamel::read_nonholonomic(file);
  const auto sys = hamel::build_nonholonomic_system(in);
  std::map<std::string, ex> p{{"m", ex(3) / 2}, {"R", ex(4) / 5}, {"I1", ex(2) / 3}, {"I2", ex(5) / 4}, {"I3", ex(9) / 7},
                              {"phi", ex(1) / 3}, {"theta", ex(7) / 5}, {"psi", ex(-2) / 3}, {"x", 0}, {"y", 0},
                              {"pi1", ex(1) / 2}, {"pi2", ex(-3) / 2}, {"pi3", ex(5) / 4}};
  for (const auto& u : in.variables) p[u.name] = GiNaC::evalf(at(u.expression, p));
  // M = J v + b at this γ
  const GiNaC::matrix v = velocities_at(object(ball.d, "legendre_map"), p);
  for (int j = 0; j < 3; ++j) p["v_M" + std::to_string(j + 1)] = v(j, 0);
  const ex printed = GiNaC::evalf(at(value(object(ball.d, "reduced_equations"), "M1"), p));
  const ex on_dual = GiNaC::evalf(at(hamel::nonholonomic_vector_field(sys)(in.variables[0].expression), p));
  REQUIRE(GiNaC::is_a<GiNaC::numeric>(printed));
  CHECK(std::abs(GiNaC::ex_to<GiNaC::numeric>(on_dual).to_double()) > 1e-3);  // a point where it is not 0
  CHECK(std::abs(GiNaC::ex_to<GiNaC::numeric>(printed - on_dual).to_double()) < 1e-12);
}

// The velocities are defined in the model by v(q, π) = A^{-T} G^{-1} π, so that the entries written with
// them have numbers at a point of D* (`hamel eval`, which printed "d/dt M1 = 0.09*v_M1*v_M2 + ..."): the
// definition is the v of M = J v solved at the point, and the equation's number is X_nh(M1) there.
TEST_CASE("velocity form: the model defines v_M on D*, and at a point the ball's d/dt M1 is the number X_nh(M1)") {
  Ball ball;
  const hamel::NonholonomicFile in = hamel::read_nonholonomic(ball.file);
  const auto sys = hamel::build_nonholonomic_system(in);
  std::map<std::string, ex> p{{"m", ex(3) / 2}, {"R", ex(4) / 5}, {"I1", ex(2) / 3}, {"I2", ex(5) / 4}, {"I3", ex(9) / 7},
                              {"phi", ex(1) / 3}, {"theta", ex(7) / 5}, {"psi", ex(-2) / 3}, {"x", 0}, {"y", 0},
                              {"pi1", ex(1) / 2}, {"pi2", ex(-3) / 2}, {"pi3", ex(5) / 4}};
  hamel::Point point;
  for (const auto& [name, value] : p) point.values.push_back(hamel::PointValue{name, value, "", 1, 1});
  std::map<std::string, ex> with_u = p;
  for (const auto& u : in.variables) with_u[u.name] = at(u.expression, p);
  // v solved from the Legendre map at the point, against the model's definitions
  const GiNaC::matrix v = velocities_at(object(ball.d, "legendre_map"), with_u);
  std::set<std::string> defined;  // each map's symbols (the brackets' map has its own, of the same names)
  for (const auto& [symbol, definition] : ball.d.definitions) {
    const std::string name = GiNaC::ex_to<GiNaC::symbol>(symbol).get_name();
    if (name.rfind("v_M", 0) != 0) continue;
    defined.insert(name);
    const ex difference = GiNaC::evalf(at(definition, p) - v(std::stoi(name.substr(3)) - 1, 0));
    REQUIRE(GiNaC::is_a<GiNaC::numeric>(difference));
    CHECK(std::abs(GiNaC::ex_to<GiNaC::numeric>(difference).to_double()) < 1e-12);
  }
  CHECK(defined == std::set<std::string>{"v_M1", "v_M2", "v_M3"});
  // hamel eval's derivation at the point: d/dt M1 a number, X_nh(M1) there
  const hamel::Derivation there = hamel::at_point(ball.d, point);
  const ex printed = value(object(there, "reduced_equations"), "M1");
  REQUIRE(GiNaC::is_a<GiNaC::numeric>(printed));
  const ex on_dual = GiNaC::evalf(at(hamel::nonholonomic_vector_field(sys)(in.variables[0].expression), p));
  CHECK(std::abs(GiNaC::ex_to<GiNaC::numeric>(printed - on_dual).to_double()) < 1e-12);
}

TEST_CASE("re-expression budget: with no time left every non-constant entry is flagged 'over budget', and every entry is written") {
  hamel::SystemFile file = hamel::read_system_file(hamel::Document::load("examples/chaplygin_ball.yaml"));
  const hamel::NonholonomicFile in = hamel::read_nonholonomic(file);
  const auto sys = hamel::build_nonholonomic_system(in);
  const auto B = hamel::gauged_bracket(sys, hamel::lemma_5_4_three_form(sys, {0}));
  hamel::DerivationSection s;
  hamel::InVariables iv(in, {}, 0);
  const auto table = iv.brackets(B, s);
  CHECK_FALSE(table);
  iv.dynamics(sys, table, s);
  std::size_t flagged = 0, constant = 0;
  for (const auto& o : s.objects) {
    if (o.id != "reduced_bracket" && o.id != "reduced_equations") continue;
    for (const auto& e : o.entries) {
      const bool is_constant = GiNaC::is_a<GiNaC::numeric>(e.value);
      constant += is_constant;
      if (!is_constant) {
        CHECK(e.note == "left in (q, pi): over budget: the derivation's 0 s are spent");
        ++flagged;
      }
    }
  }
  CHECK(constant == 6);  // {M1, gamma1}, {M2, gamma2}, {M3, gamma3} and the three {gamma_i, gamma_j}: 0
  CHECK(flagged + constant == 15 + 6);
  // the prose does not call H_c "not a function of the variables": it was never tried
  const bool says_left = std::any_of(s.prose.begin(), s.prose.end(), [](const auto& p) {
    return p.text().find("The reduced Hamiltonian is left in (q, pi) (its note says why)") != std::string::npos;
  });
  CHECK(says_left);
}

}  // TEST_SUITE
