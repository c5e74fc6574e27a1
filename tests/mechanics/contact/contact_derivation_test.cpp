// tests/mechanics/contact/contact_derivation_test.cpp — derive_contact fills the model with typed
// objects and verdicts under stable ids: every verdict as expected, labels built from names (none
// preformatted), the values of 001 §III and 003 §4 under the ids the JSON and claims rely on.
#include <doctest/doctest.h>

#include <set>

#include "derivation/contact.hpp"
#include "tests/support/symbolic_checks.hpp"

using namespace hamel;
using GiNaC::ex;

namespace {

// The dissipative billiard of 001 §III with the rim as a wall and, where x > 0, the constraint y_dot = 0.
ContactInput billiard() {
  const Chart Q = Chart::make("Q", {"x", "y"}, {"gamma"});
  const Chart T = contact_tangent_bundle(Q);
  const ex x = Q[0], y = Q[1], gamma = Q.parameter("gamma");
  ContactInput in{Q, (T[2] * T[2] + T[3] * T[3]) / 2 - gamma * T[4]};
  in.walls.push_back({"rim", 1 - x * x - y * y, 1, "x^2 + y^2 <= 1"});
  in.switches.push_back({"rail", x, true, {T[3]}, "x > 0"});
  return in;
}

const Entry* entry(const Derivation& d, const std::string& id, const std::vector<std::string>& key) {
  const Object* o = d.find(id);
  if (!o) return nullptr;
  for (const auto& e : o->entries)
    if (e.key == key) return &e;
  return nullptr;
}


// The Chaplygin sleigh of 003 with offset a and damping: -sin(phi) x_dot + cos(phi) y_dot - a phi_dot = 0
// always; with `blade`, a knife edge (no phi_dot) switched on where x > 0 instead.
ContactInput sleigh(bool switched) {
  const Chart Q = Chart::make("Q", {"x", "y", "phi"}, {"m", "I", "a", "gamma"});
  const Chart T = contact_tangent_bundle(Q);
  const ex phi = Q[2], xd = T[3], yd = T[4], phid = T[5], z = T[6];
  const ex m = Q.parameter("m"), I = Q.parameter("I"), a = Q.parameter("a"), gamma = Q.parameter("gamma");
  ContactInput in{Q, m * (xd * xd + yd * yd) / 2 + I * phid * phid / 2 - gamma * z};
  if (switched) in.switches.push_back({"blade", Q[0], true, {-sin(phi) * xd + cos(phi) * yd}, "x > 0"});
  else in.constraints = {-sin(phi) * xd + cos(phi) * yd - a * phid};
  return in;
}

const Verdict* verdict(const Derivation& d, const std::string& id) {
  for (const Verdict* v : d.verdicts())
    if (v->id == id) return v;
  return nullptr;
}

std::string all_prose(const Derivation& d) {
  std::string s;
  for (const auto& sec : d.sections)
    for (const auto& p : sec.prose) s += p.text() + "\n";
  return s;
}
}  // namespace

TEST_SUITE("mechanics") {

TEST_CASE("derive_contact: the billiard with a wall and a switching constraint, as typed objects and verdicts") {
  const ContactInput in = billiard();
  Derivation d;
  derive_contact(in, d, DeriveOptions{});
  const VerdictCount c = count_verdicts(d);
  CHECK(c.failures == 0);
  CHECK(c.no == 0);
  std::set<std::string> ids;
  for (const Verdict* v : d.verdicts()) {
    CHECK_MESSAGE(ids.insert(v->id).second, v->id);
    CHECK_MESSAGE(v->id.rfind("contact.", 0) == 0, v->id);
  }
  std::set<std::string> objects;
  for (const auto& s : d.sections)
    for (const auto& o : s.objects) {
      CHECK_MESSAGE(objects.insert(o.id).second, o.id);
      for (const auto& e : o.entries) CHECK(e.label.base.find('\\') == std::string::npos);  // identifiers, no LaTeX
    }
  const Chart T = contact_tangent_bundle(in.Q);
  const ex xd = T[2], yd = T[3], gamma = in.Q.parameter("gamma");
  // the Herglotz equation of x (001 (21)) and the reflection (25)
  const Entry* acc = entry(d, "contact.herglotz_equations", {"x_dot"});
  REQUIRE(acc);
  CHECK(acc->label.form == Label::Form::Dot);
  CHECK_SYMBOLIC_EQ_ON(T, acc->value, -gamma * xd);
  REQUIRE(entry(d, "contact.impact.rim.energy_jump", {}));
  CHECK_SYMBOLIC_EQ_ON(T, entry(d, "contact.impact.rim.energy_jump", {})->value, 0);
  // where y_dot = 0 switches on, y_dot jumps to 0, and the free motion keeps it: the multiplier vanishes
  const Entry* jump = entry(d, "contact.switching.rail.velocity_jump", {"y_dot"});
  REQUIRE(jump);
  CHECK(jump->label.upper == std::vector<std::string>{"+"});
  CHECK_SYMBOLIC_EQ_ON(T, jump->value, 0);
  REQUIRE(entry(d, "contact.switching.rail.multipliers", {"1"}));
  CHECK_SYMBOLIC_EQ_ON(T, entry(d, "contact.switching.rail.multipliers", {"1"})->value, 0);
  CHECK_SYMBOLIC_EQ_ON(T, entry(d, "contact.switching.rail.energy_jump", {})->value, -yd * yd / 2);
}

TEST_CASE("derive_contact: under always-on constraints a cyclic momentum is judged along Gamma_{L,D} (the sleigh's p_phi is not dissipated)") {
  Derivation d;
  derive_contact(sleigh(false), d, DeriveOptions{});
  CHECK(count_verdicts(d).failures == 0);
  CHECK_FALSE(d.find("contact.dissipated"));  // Gamma_L is not the motion: no claim made along it
  CHECK_FALSE(verdict(d, "contact.dissipated.p_phi"));
  const Verdict* p = verdict(d, "contact.constraints.dissipated.p_phi");
  REQUIRE(p);
  CHECK_FALSE(p->holds);
  CHECK_FALSE(p->expected.has_value());  // a fact either way
  CHECK(p->method.find("along $Gamma_{L,D}$ on $D × R$") != std::string::npos);
  CHECK(all_prose(d).find("$phi$ is cyclic, but its momentum $p_phi$ = I*phi_dot is not dissipated under the constraints: "
                          "$d/dt p_phi - (∂L/∂z) p_phi$ = -a*lambda_1, which does not vanish on $D$ (003 (15)).") != std::string::npos);
  REQUIRE(verdict(d, "contact.energy_dissipated"));
  CHECK(verdict(d, "contact.energy_dissipated")->holds);
  REQUIRE(verdict(d, "contact.constraints.no_work"));
  CHECK(verdict(d, "contact.constraints.no_work")->holds);
}

TEST_CASE("derive_contact: an impact under always-on constraints is derived within D (the nonholonomic billiard)") {
  const Chart Q = Chart::make("Q", {"x", "y", "s"}, {"gamma"});
  const Chart T = contact_tangent_bundle(Q);
  const ex x = Q[0], y = Q[1], xd = T[3], yd = T[4], sd = T[5];
  ContactInput in{Q, (xd * xd + yd * yd + sd * sd) / 2 - Q.parameter("gamma") * T[6]};
  in.constraints = {sd - y * xd};
  in.walls.push_back({"rim", 1 - x * x - y * y, 1, "x^2 + y^2 <= 1"});
  Derivation d;
  derive_contact(in, d, DeriveOptions{});
  CHECK(count_verdicts(d).failures == 0);  // p_x, p_s not dissipated under the constraint: facts, not failures
  for (const char* id : {"in_D", "restitution", "carnot", "carnot_closed_form", "energy_continuous", "involution", "tangent_momentum"}) {
    const Verdict* v = verdict(d, std::string("contact.impact.rim.") + id);
    REQUIRE_MESSAGE(v, id);
    CHECK_MESSAGE(v->holds, id);
  }
  CHECK(verdict(d, "contact.impact.rim.involution")->statement.find("on $D$") != std::string::npos);
  CHECK_FALSE(verdict(d, "contact.impact.rim.reflection"));  // (8) without the constraints is not solved
  CHECK_FALSE(d.find("contact.impact.rim.solutions_of_8"));
  // n = P_D grad Psi and W(n, n), and q_dot+ in D at a point of D off the axes
  REQUIRE(entry(d, "contact.impact.rim.normal_norm", {}));
  CHECK_SYMBOLIC_EQ_ON(T, entry(d, "contact.impact.rim.normal_norm", {})->value, 4 * x * x / (1 + y * y) + 4 * y * y);
  const Entry* xp = entry(d, "contact.impact.rim.velocity_map", {"x_dot"});
  const Entry* sp = entry(d, "contact.impact.rim.velocity_map", {"s_dot"});
  REQUIRE(xp);
  REQUIRE(sp);
  CHECK_SYMBOLIC_EQ_ON(T, (sp->value - y * xp->value).subs(sd == y * xd), 0);
  CHECK(all_prose(d).find("Lagrange-d'Alembert with impulses, 003 (22)-(27)") != std::string::npos);
}

TEST_CASE("derive_contact: a wall whose normal lies in the constraints' span has no impact within D") {
  const Chart Q = Chart::make("Q", {"x", "y"}, {"gamma"});
  const Chart T = contact_tangent_bundle(Q);
  ContactInput in{Q, (T[2] * T[2] + T[3] * T[3]) / 2 - Q.parameter("gamma") * T[4]};
  in.constraints = {T[2]};
  in.walls.push_back({"wall", 1 - Q[0], 1, "x <= 1"});
  Derivation d;
  derive_contact(in, d, DeriveOptions{});
  CHECK(count_verdicts(d).failures == 0);
  CHECK(all_prose(d).find("no impact is possible within $D$") != std::string::npos);
  CHECK_FALSE(d.find("contact.impact.wall.velocity_map"));
  REQUIRE(entry(d, "contact.impact.wall.normal_norm", {}));
  CHECK_SYMBOLIC_EQ_ON(T, entry(d, "contact.impact.wall.normal_norm", {})->value, 0);
}

TEST_CASE("derive_contact: where a knife edge is switched on, p_phi stays dissipated and p_x does not") {
  Derivation d;
  derive_contact(sleigh(true), d, DeriveOptions{});
  CHECK(count_verdicts(d).failures == 0);
  REQUIRE(verdict(d, "contact.dissipated.p_x"));  // where no set is active, the motion is Gamma_L
  CHECK(verdict(d, "contact.dissipated.p_x")->holds);
  REQUIRE(verdict(d, "contact.switching.blade.dissipated.p_phi"));
  CHECK(verdict(d, "contact.switching.blade.dissipated.p_phi")->holds);
  REQUIRE(verdict(d, "contact.switching.blade.dissipated.p_x"));
  CHECK_FALSE(verdict(d, "contact.switching.blade.dissipated.p_x")->holds);
  REQUIRE(entry(d, "contact.switching.blade.dissipated", {"phi"}));
  CHECK_FALSE(entry(d, "contact.switching.blade.dissipated", {"x"}));
  const std::string prose = all_prose(d);
  CHECK(prose.find("$phi$ is cyclic and its momentum $p_phi$ = I*phi_dot is dissipated under the constraints: no constraint involves $dphi$") !=
        std::string::npos);
  CHECK(prose.find("$p_x$ = m*x_dot is dissipated at the rate $∂L/∂z$ where no switching set is active") != std::string::npos);
}

}  // TEST_SUITE
