// derivation/contact_system.cpp — the ContactHybridSystem of an input: the library checks what was read
// (a regular Lagrangian, linear and independent constraints, walls with a tangent basis of their
// boundary), and each refusal becomes a SpecError at the entry it comes from; and the input's run.
#include "derivation/contact.hpp"

#include "core/error.hpp"
#include "derivation/domain_exits.hpp"
#include "geometry/linear_algebra.hpp"
#include "mechanics/contact/impact.hpp"
#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

namespace {

ContactLagrangian lagrangian_of(const ContactInput& in) {
  try {
    return ContactLagrangian(in.Q, in.lagrangian);
  } catch (const DomainError& e) {
    throw SpecError(in.at.find({"lagrangian"}), "'lagrangian': " + without_function_name(e.what()));
  }
}

// The forms of a list of constraints written at `key`.<k>, each named `what` k in errors.
std::vector<Form> forms_of(const ContactInput& in, const std::vector<GiNaC::ex>& constraints, const std::string& key,
                           const std::string& what) {
  std::vector<Form> forms;
  for (std::size_t k = 0; k < constraints.size(); ++k) {
    const std::string w = what + " " + std::to_string(k + 1);
    try {
      forms.push_back(constraint_form(constraints[k], in.Q));
    } catch (const DomainError& e) {
      throw SpecError(in.at.find({key + "." + std::to_string(k + 1), key}), w + ": " + without_function_name(e.what()));
    }
  }
  return forms;
}

// Every form independent (generic rank = number of forms).
void require_independent(const ContactInput& in, const std::vector<Form>& forms, const std::string& key, const std::string& what) {
  if (forms.empty()) return;
  GiNaC::matrix A(static_cast<unsigned>(forms.size()), static_cast<unsigned>(in.Q.dim()));
  for (unsigned a = 0; a < forms.size(); ++a)
    for (unsigned i = 0; i < in.Q.dim(); ++i) A(a, i) = forms[a].component({i});
  const std::size_t r = symbolic_rank(A, in.Q);
  if (r != forms.size())
    throw SpecError(in.at.find({key}), what + ": the constraints are dependent; expected " + std::to_string(forms.size()) +
                                           " independent constraints, got rank " + std::to_string(r));
}

void add_wall(const ContactInput& in, const ContactWallInput& w, ContactSystem& out) {
  try {
    (void)boundary_tangent_basis(in.Q, w.psi);
  } catch (const DomainError& e) {
    throw SpecError(in.at.find({"impulsive." + w.name}), "impulsive constraint " + w.name + ": " + without_function_name(e.what()));
  }
  out.system.walls.push_back({w.name, w.psi, w.restitution});
  out.wall_texts.push_back(w.text);
}

// A switching set must stay independent together with the always-active constraints.
void add_switch(const ContactInput& in, const ContactSwitchInput& s, ContactSystem& out) {
  const std::string key = "switching." + s.name, what = "switching constraint " + s.name;
  ContactSwitch sw{s.name, s.where, s.strict, forms_of(in, s.constraints, key, what + ", constraint")};
  std::vector<Form> all = out.system.constraints;
  all.insert(all.end(), sw.constraints.begin(), sw.constraints.end());
  require_independent(in, all, key, what);
  out.system.switches.push_back(sw);
  out.switch_texts.push_back(s.text);
}

}  // namespace

ContactSystem build_contact_system(const ContactInput& in) {
  ContactSystem out{ContactHybridSystem{lagrangian_of(in), {}, {}, {}}, {}, {}};
  out.system.constraints = forms_of(in, in.constraints, "constraints", "constraint");
  require_independent(in, out.system.constraints, "constraints", "'constraints'");
  for (const auto& w : in.walls) add_wall(in, w, out);
  for (const auto& s : in.switches) add_switch(in, s, out);
  return out;
}

std::vector<std::string> contact_domain_exits(const ContactInput& in, const ContactRun& run) {
  return domain_exits(in.Q, run.simulation.trajectory, in.simulation.value().values, kDomainChecksReason);
}

ContactRun run_contact(const ContactInput& in) {
  const ContactSimulationSpec& s = in.simulation.value();
  ContactRunOptions o;
  o.values = s.values;
  o.initial = s.initial;
  o.t0 = s.t0;
  o.t1 = s.t1;
  o.events.output_step = s.step;
  o.events.max_events = s.max_events;
  o.events.max_events_name = s.max_events_name;
  const ContactSystem built = build_contact_system(in);
  try {
    return simulate_contact(built.system, o);
  } catch (const InvalidArgument& e) {
    // the library checks the initial state against the walls and constraints: report it at 'initial'
    const std::string m = e.what();
    if (m.find("initial") == std::string::npos) throw;
    throw SpecError(in.at.find({"simulate.initial", "simulate"}), "'simulate: initial': " + without_function_name(m));
  }
}

}  // namespace hamel
