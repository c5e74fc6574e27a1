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

}  // TEST_SUITE
