// derivation/claims/discrete.cpp — each discrete claim kind finds its derived object and compares it by
// the rescaled zero test (mechanics/discrete/rescaled_zero_test.hpp).
#include "derivation/claims/discrete.hpp"

#include <cctype>
#include <functional>
#include <map>

#include "core/did_you_mean.hpp"
#include "core/error.hpp"
#include "core/latex.hpp"
#include "derivation/discrete.hpp"
#include "mechanics/discrete/rescaled_zero_test.hpp"

namespace hamel {

std::vector<std::string> discrete_claim_kinds() {
  return {"discrete_lagrangian", "discrete_equation", "reduced_lagrangian", "reduced_force", "mixed_curvature",
          "reduced_equation", "shape_lagrangian", "discrete_momentum", "horizontal_symmetry"};
}

namespace {

using GiNaC::ex;

ClaimResult compare(const ex& derived, const ex& claimed, const Chart& chart) {
  ClaimResult res;
  // both values at the witness, as every module's value claims give them (docs/claims.md)
  compare_claim(res, rescaled_zero_test(derived - claimed, chart), derived, claimed);
  res.derived = to_text(rescaled_pretty(derived));
  return res;
}

// One claim with the state it is checked against.
struct ClaimEnv {
  const DiscreteState& d;
  const DiscreteClaim& c;
  const ReducedSystem& reduced() const {
    if (!d.reduced)
      throw SpecError(c.at.find({""}), "a '" + c.kind + "' claim needs a reduced system ('symmetry' and a nonholonomic connection); got none");
    return *d.reduced;
  }
  Chart triple() const { return d.in.system.triple(); }
};

using Check = std::function<ClaimResult(const ClaimEnv&)>;

ClaimResult discrete_lagrangian(const ClaimEnv& e) { return compare(e.d.in.system.lagrangian(), *e.c.value, e.triple()); }

ClaimResult discrete_equation(const ClaimEnv& e) { return compare(e.d.eq.momentum_balance[e.c.index], *e.c.value, e.triple()); }

ClaimResult reduced_lagrangian(const ClaimEnv& e) {
  const ReducedSystem& R = e.reduced();
  return compare(R.lagrangian, *e.c.value, reduced_chart(R.bundle()));
}

// reduced_force {slot, shape} and mixed_curvature {slot, group, shape}.
ClaimResult reduced_component(const ClaimEnv& e) {
  const ReducedSystem& R = e.reduced();
  const std::size_t a = e.c.index;
  if (e.c.kind == "reduced_force") return compare(e.c.minus ? R.force_minus[a] : R.force_plus[a], *e.c.value, reduced_chart(R.bundle()));
  const auto& Bm = e.c.minus ? R.curvature_minus : R.curvature_plus;
  return compare(Bm(static_cast<unsigned>(e.c.group), static_cast<unsigned>(a)), *e.c.value, reduced_chart(R.bundle()));
}

// reduced_equation {horizontal: k} or {vertical: k}, k 1-based among the derived equations.
ClaimResult reduced_equation(const ClaimEnv& e) {
  const ReducedSystem& R = e.reduced();
  const auto& list = e.c.horizontal ? R.horizontal : R.vertical;
  const std::string& text = e.c.index_text;
  std::size_t k = 0;
  bool ok = !text.empty() && text.size() < 6;
  for (char ch : text) ok = ok && std::isdigit(static_cast<unsigned char>(ch));
  if (ok) k = std::stoul(text);
  if (!ok || k < 1 || k > list.size())
    throw SpecError(e.c.at.find({"index", ""}), "expected an index between 1 and " + std::to_string(list.size()) + ", got '" + text + "'");
  return compare(list[k - 1], *e.c.value, reduced_chart(R.bundle()));
}

// The Lagrangian of the system on M (Chaplygin) or on Q/H (horizontal symmetry), in the slots of Q.
ClaimResult shape_lagrangian(const ClaimEnv& e) {
  const DiscreteState& d = e.d;
  const DiscreteSystem* star = d.hs_system ? &*d.hs_system : d.chaplygin_system ? &*d.chaplygin_system : nullptr;
  if (!star)
    throw SpecError(e.c.at.find({""}), "a 'shape_lagrangian' claim needs a Chaplygin or horizontal-symmetry reduction; got none");
  const TrivialBundle& B = d.hs_system ? *d.hs_bundle : *d.in.bundle;
  return compare(star->lagrangian().subs(shape_symbols_to_q(B)), *e.c.value, e.triple());
}

// The section by the name derive prints (J^xi1): the file's `momentum`, else the derived xi1, xi2, ...
ClaimResult momentum(const ClaimEnv& e) {
  const DiscreteState& d = e.d;
  const auto sections = momentum_sections(d);
  std::vector<std::string> names;
  for (const auto& [name, xi] : sections) {
    if (name == e.c.section) return compare(discrete_momentum(d.in.system, *d.in.bundle, xi), *e.c.value, e.triple());
    names.push_back(name);
  }
  const std::string none = d.nh ? "a section (the file has no 'momentum', and g^D, the symmetries along the constraints, is zero)"
                                : "a section (the file has no 'momentum', and the default sections xi1, xi2, ... need the nonholonomic "
                                  "connection, which this system lacks: " + d.nh_note + ")";
  std::string msg = "'section': unknown name '" + e.c.section + "'; expected " + one_of(names, none) + ", got '" + e.c.section + "'";
  if (auto m = did_you_mean(e.c.section, names)) msg += " (did you mean '" + *m + "'?)";
  throw SpecError(e.c.at.find({"section", ""}), msg);
}

// A yes/no claim on (53): `holds` against the derived verdict.
ClaimResult horizontal_symmetry(const ClaimEnv& e) {
  if (!e.d.hs_test)
    throw SpecError(e.c.at.find({""}), "a 'horizontal_symmetry' claim needs 'horizontal_symmetry: {subgroup}' in the system file; got none");
  ClaimResult res;
  res.holds = e.d.hs_test->horizontal == e.c.holds;
  res.how = "(53) " + e.d.hs_test->detail;
  res.derived = e.d.hs_test->horizontal ? "true" : "false";
  res.claimed = e.c.holds ? "true" : "false";
  return res;
}

const std::map<std::string, Check>& checks() {
  static const std::map<std::string, Check> table = {
      {"discrete_lagrangian", discrete_lagrangian}, {"discrete_equation", discrete_equation},
      {"reduced_lagrangian", reduced_lagrangian}, {"reduced_force", reduced_component}, {"mixed_curvature", reduced_component},
      {"reduced_equation", reduced_equation}, {"shape_lagrangian", shape_lagrangian}, {"discrete_momentum", momentum},
      {"horizontal_symmetry", horizontal_symmetry}};
  return table;
}

}  // namespace

std::vector<ClaimResult> check_discrete_claims(const DiscreteInput& in, const std::vector<DiscreteClaim>& claims) {
  const DiscreteState d = discrete_state(build_discrete_setup(in));
  std::vector<ClaimResult> out;
  for (const auto& c : claims) out.push_back(checks().at(c.kind)(ClaimEnv{d, c}));
  return out;
}

}  // namespace hamel
