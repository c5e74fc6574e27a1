// tests/mechanics/hybrid/hybrid_derivation_test.cpp — derive_hybrid (derivation/hybrid.hpp) on 000
// Examples 1 and 3 built in C++: typed objects and labels, verdict ids, which "no" are facts
// (errata 20-22) and which are guaranteed, and the simulation's impacts as a table.
#include <doctest/doctest.h>

#include <cmath>

#include "derivation/hybrid.hpp"
#include "tests/mechanics/hybrid/examples.hpp"

using namespace hamel;
using GiNaC::ex;

namespace {

const Verdict* verdict(const Derivation& d, const std::string& id) {
  for (const Verdict* v : d.verdicts())
    if (v->id == id) return v;
  return nullptr;
}

const Table* table(const Derivation& d, const std::string& id) {
  for (const auto& s : d.sections)
    for (const auto& t : s.tables)
      if (t.id == id) return &t;
  return nullptr;
}

// The derivation names things with identifiers only: no LaTeX (backslashes, braces) in a label.
bool typed_labels_only(const Derivation& d) {
  const auto plain = [](const std::string& s) { return s.find_first_of("\\{}$") == std::string::npos; };
  for (const auto& s : d.sections)
    for (const auto& o : s.objects)
      for (const auto& e : o.entries) {
        if (!plain(e.label.base)) return false;
        for (const auto& i : e.label.lower) if (!plain(i)) return false;
        for (const auto& i : e.label.upper) if (!plain(i)) return false;
      }
  return true;
}

}  // namespace

TEST_SUITE("mechanics") {

TEST_CASE("derive_hybrid: Example 1 - the paper's failed hypotheses are facts and the theorems are expected") {
  const auto disk = test::disk();
  HybridSystem in;
  in.name = "disk";
  in.system = disk.system(true);
  in.generators = disk.generators();
  Derivation d;
  derive_hybrid(in, d, DeriveOptions{});
  CHECK(typed_labels_only(d));
  const Object* L = d.find("hybrid.lagrangian");
  REQUIRE(L != nullptr);
  CHECK((L->entries.at(0).value - disk.lagrangian().lagrangian()).expand().is_zero());
  REQUIRE(d.find("hybrid.components.C1.reset") != nullptr);
  CHECK(d.find("hybrid.components.C1.reset")->entries.size() == 3);
  const Verdict* legendre = verdict(d, "hybrid.legendre");
  REQUIRE(legendre != nullptr);
  CHECK(legendre->holds);
  CHECK(legendre->expected == std::optional<bool>(true));
  // erratum 22: the rotation does not map S to itself; a fact, with its reason
  const Verdict* rot = verdict(d, "hybrid.action.rotation.with_conditions.preserves_surface");
  REQUIRE(rot != nullptr);
  CHECK_FALSE(rot->holds);
  CHECK_FALSE(rot->expected.has_value());
  CHECK_FALSE(rot->reason.empty());
  CHECK_FALSE(rot->witness.empty());
  // erratum 21 on h alone; on the paper's S (codimension 2) J is a generalized hybrid momentum map
  REQUIRE(verdict(d, "hybrid.generalized.C1") != nullptr);
  CHECK_FALSE(verdict(d, "hybrid.generalized.C1")->holds);
  CHECK(verdict(d, "hybrid.generalized.C1.with_conditions")->holds);
  CHECK(verdict(d, "hybrid.constant.J_spin.with_conditions")->holds);
  CHECK(d.find("hybrid.generalized.C1.with_conditions.mu_plus") != nullptr);
  CHECK(count_verdicts(d).failures == 0);
  CHECK(count_verdicts(d).expected_no > 0);
}

TEST_CASE("derive_hybrid: Example 3 (time-dependent) with its 14 impacts as a table") {
  const auto b = test::billiard();
  HybridSystem in;
  in.name = "billiard";
  in.time = b.t;
  in.system = b.system();
  in.generators = b.generators();
  HybridSimulationInput si;
  si.spec.initial = {0.25, 0.5, 2.8, 1.8};  // A11
  si.spec.t1 = 5;
  si.spec.values = {{b.m, 1}, {b.c, 0.005}};
  si.spec.functions = {{b.f, 2 - exp(b.t / 10)}};
  si.spec.observables = {{"J_rotation", b.m * exp(b.c * b.t / b.m) * (b.x * b.yd - b.y * b.xd)}};
  in.simulation = si;
  Derivation d;
  std::vector<std::string> steps;
  DeriveOptions options;
  options.progress = [&steps](const std::string& title) { steps.push_back(title); };
  derive_hybrid(in, d, options);
  CHECK(typed_labels_only(d));
  CHECK(steps.size() == d.sections.size());
  REQUIRE(verdict(d, "hybrid.cosymplectic") != nullptr);
  CHECK(verdict(d, "hybrid.cosymplectic")->holds);
  CHECK(verdict(d, "hybrid.simulation.completed")->holds);
  const Table* impacts = table(d, "hybrid.simulation.impacts");
  REQUIRE(impacts != nullptr);
  REQUIRE(impacts->rows.size() == 14);
  CHECK(impacts->columns.at(1) == "t");
  CHECK(std::fabs(std::stod(impacts->rows[0][1]) - 0.1413117295) < 1e-8);
  CHECK(impacts->rows[0][2] == "wall");
  const Table* invariants = table(d, "hybrid.simulation.invariants");
  REQUIRE(invariants != nullptr);
  CHECK(invariants->columns.back() == "J_rotation^+");
  CHECK(count_verdicts(d).failures == 0);
}

}  // TEST_SUITE
