// io/modules/nonholonomic.cpp — the nonholonomic-bracket module of `hamel derive` / `hamel check`.
#include "io/modules/nonholonomic.hpp"

#include <algorithm>

#include "core/did_you_mean.hpp"
#include "core/error.hpp"
#include "derivation/nonholonomic.hpp"
#include "geometry/lifts.hpp"
#include "io/modules/gauge_search_section.hpp"
#include "io/modules/nonholonomic_run.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

[[noreturn]] void fail_at(const Document& doc, const YAML::Node& n, const std::string& what) { doc.fail(n, what); }

VectorField read_field(const SystemFile& f, const YAML::Node& n, const std::string& what) {
  std::vector<ex> comp(f.Q.dim(), 0);
  std::vector<std::string> coords;
  for (std::size_t i = 0; i < f.Q.dim(); ++i) coords.push_back(f.Q.coordinate_name(i));
  for (const auto& [k, v] : f.doc.mapping(n, what)) {
    const std::string c = f.doc.scalar(k, what);
    const auto idx = f.Q.index_of(c);
    if (!idx) {
      std::string msg = what + ": unknown coordinate '" + c + "'; expected " + one_of(coords) + ", got '" + c + "'";
      if (auto d = did_you_mean(c, coords)) msg += " (did you mean '" + *d + "'?)";
      f.doc.fail(k, msg);
    }
    comp[*idx] = f.doc.expression(v, f.q, what + " component " + c);
  }
  // a zero generator or frame field passes every check vacuously (a tester's `shift_y: {}`)
  if (std::all_of(comp.begin(), comp.end(), [](const ex& x) { return x.is_zero(); }))
    f.doc.fail(n, what + ": the zero vector field; expected a nonzero field (its components by coordinate), got " +
                      (f.doc.mapping(n, what).empty() ? std::string("no component") : std::string("every component 0")));
  return VectorField(f.Q, comp);
}

ex read_lagrangian(const SystemFile& f, NonholonomicInput& in) {
  const Document& doc = f.doc;
  const YAML::Node& root = doc.root();
  if (!root["lagrangian"])
    throw ParseError(doc.file(), 1, 1, "missing key 'lagrangian'; expected L(q, q_dot) of the system, got none");
  in.at.set("lagrangian", doc.mark(root["lagrangian"]));
  ExpressionReader r = f.tq;  // z undeclared here is most likely a contact Lagrangian missing its flag
  r.hint("z", "z is the action: set action_dependent: true");
  const ex L = doc.expression(root["lagrangian"], r, "'lagrangian'");
  require_real_lagrangian(f, root["lagrangian"], L);
  warn_indefinite_kinetic_energy(f, root["lagrangian"], L);
  return L;
}

void read_constraints(const SystemFile& f, NonholonomicInput& in) {
  const Document& doc = f.doc;
  const YAML::Node& c = doc.root()["constraints"];
  if (c) in.at.set("constraints", doc.mark(c));
  const auto nodes = doc.sequence(c, "'constraints'");
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    const std::string n = std::to_string(k + 1);
    in.at.set("constraints." + n, doc.mark(nodes[k]));
    in.constraints.push_back(doc.expression(nodes[k], f.tq, "constraint " + n));
  }
}

// The frame: name → {coordinate: component} (the derivation checks that each field is tangent to D).
void read_frame(SystemFile& f, NonholonomicInput& in) {
  const Document& doc = f.doc;
  const YAML::Node& frame = doc.root()["frame"];
  if (frame) in.at.set("frame", doc.mark(frame));
  for (const auto& [k, v] : doc.mapping(frame, "'frame'")) {
    const std::string n = doc.name(k, "a frame field name");
    f.claim_name(k, n, "a frame field");
    in.frame.push_back(read_field(f, v, "frame field " + n));
    in.frame_names.push_back(n);
    in.at.set("frame." + n, doc.mark(k));
  }
}

// The complement W: 'orthogonal' or a list of coordinates; absent, the library chooses coordinates.
void read_complement(const SystemFile& f, NonholonomicInput& in) {
  const Document& doc = f.doc;
  const YAML::Node& c = doc.root()["complement"];
  if (!c) return;
  in.at.set("complement", doc.mark(c));
  if (c.IsScalar()) {
    if (c.Scalar() != "orthogonal")
      fail_at(doc, c, "'complement': expected 'orthogonal' or a list of coordinates, got '" + c.Scalar() + "'");
    in.orthogonal_complement = true;
    return;
  }
  for (const auto& e : doc.sequence(c, "'complement'")) {
    const std::string n = doc.scalar(e, "'complement'");
    const auto i = f.Q.index_of(n);
    if (!i) fail_at(doc, e, "'complement': unknown coordinate '" + n + "'; expected a coordinate name, got '" + n + "'");
    in.complement.push_back(*i);
  }
  if (in.complement.size() != in.constraints.size())
    fail_at(doc, c, "'complement': W must have the dimension of the constraints; expected " +
                        std::to_string(in.constraints.size()) + " coordinates, got " + std::to_string(in.complement.size()));
}

// Readers of expressions on D*: coordinates, momenta, parameters, functions, definitions.
void declare_dual(const SystemFile& f, NonholonomicFile& out) {
  const Chart& Q = f.Q;
  const Chart M = out.dual_chart();
  for (ExpressionReader* r : {&out.dual, &out.with_variables}) {
    for (std::size_t i = 0; i < M.dim(); ++i) r->declare(M.coordinate_name(i), M[i]);
    for (std::size_t i = 0; i < Q.parameters().size(); ++i) r->declare(Q.parameter_specs()[i].name, Q.parameters()[i]);
    for (const auto& fs : Q.function_specs()) r->declare_function(Q.function(fs.name));
    for (const auto& [name, value] : f.definitions) r->declare(name, value);
  }
}

// The momenta on D* and the quasi-velocities on D, which the equations of motion print (d/dt v1), and
// the names the report gives H_c and Λ: a name of the file among them would print as either
// ("Lambda = -Lambda*R^2*sin(theta) dphi^dtheta^dpsi" for a parameter named Lambda).
void reserve_report_names(SystemFile& f, const NonholonomicFile& out) {
  const Chart M = out.dual_chart(), D = distribution_chart(f.Q, out.rank());
  for (std::size_t a = 0; a < out.rank(); ++a) {
    f.names.reserve(f.doc, M.coordinate_name(f.Q.dim() + a), "a momentum on D*");
    f.names.reserve(f.doc, D.coordinate_name(f.Q.dim() + a), "a quasi-velocity on D");
  }
  f.names.reserve(f.doc, "H_c", "the constrained Hamiltonian, as the report names it");
  f.names.reserve(f.doc, "Lambda", "the 3-form Λ of 004 Lemma 5.4, as the report names it");
}

void read_symmetry(SystemFile& f, NonholonomicFile& out) {
  for (const auto& [k, v] : f.doc.mapping(f.doc.root()["symmetry"], "'symmetry'")) {
    const std::string n = f.doc.name(k, "a symmetry generator name");
    f.claim_name(k, n, "a symmetry generator");
    out.symmetry.emplace_back(n, read_field(f, v, "symmetry generator " + n));
  }
}

// `action: {parameters: [g1, …], map: {coordinate: image, …}}`: a finite action with the identity at
// g = 0; coordinates the map leaves out are fixed. Its generators (derived by the library) are named
// after the parameters and join `symmetry`.
void read_action(SystemFile& f, NonholonomicFile& out) {
  const Document& doc = f.doc;
  const YAML::Node& a = doc.root()["action"];
  if (!a) return;
  if (!a.IsMap() || !a["parameters"] || !a["map"])
    fail_at(doc, a, "'action': expected {parameters: [group coordinates], map: {coordinate: image}}, got something else");
  GroupActionMap action;
  ExpressionReader reader = f.q;
  for (const auto& p : doc.sequence(a["parameters"], "'action.parameters'")) {
    const std::string n = doc.name(p, "a group parameter name");
    f.claim_name(p, n, "a group parameter of 'action'");
    const GiNaC::realsymbol g(n);
    reader.declare(n, g);
    action.parameters.push_back(g);
  }
  if (action.parameters.empty()) fail_at(doc, a["parameters"], "'action.parameters': expected at least one group coordinate, got none");
  action.images = f.Q.coordinates();
  for (const auto& [k, v] : doc.mapping(a["map"], "'action.map'")) {
    const std::string c = doc.scalar(k, "'action.map'");
    const auto idx = f.Q.index_of(c);
    if (!idx) fail_at(doc, k, "'action.map': unknown coordinate '" + c + "'; expected a coordinate of the system, got '" + c + "'");
    action.images[*idx] = doc.expression(v, reader, "'action.map' image of " + c);
  }
  out.action = action;
}

// `reduce_by`: the generators whose quotient the variables describe (default: all of `symmetry`).
void read_reduce_by(const SystemFile& f, NonholonomicFile& out) {
  const Document& doc = f.doc;
  const YAML::Node& r = doc.root()["reduce_by"];
  if (!r) return;
  if (!doc.root()["symmetry"] && !doc.root()["action"])
    fail_at(doc, r, "'reduce_by': names generators of 'symmetry' or parameters of 'action'; expected one of these keys, got none");
  const std::vector<std::string> names = out.generator_names();
  for (const auto& e : doc.sequence(r, "'reduce_by'")) {
    const std::string n = doc.scalar(e, "'reduce_by'");
    const auto at = std::find(names.begin(), names.end(), n);
    if (at == names.end()) {
      std::string all;
      for (const auto& g : names) all += (all.empty() ? "" : ", ") + g;
      fail_at(doc, e, "'reduce_by': unknown generator '" + n + "'; expected one of " + all + ", got '" + n + "'");
    }
    out.reduce_by.push_back(static_cast<std::size_t>(at - names.begin()));
  }
}

// `gauge_momenta`: a list of frame fields, or the search {ansatz, shape, …}.
void read_gauge(const SystemFile& f, NonholonomicFile& out) {
  const Document& doc = f.doc;
  const YAML::Node& g = doc.root()["gauge_momenta"];
  if (g && !g.IsSequence() && !g.IsMap())
    fail_at(doc, g, "'gauge_momenta': expected a list of frame fields or {ansatz, shape, unknowns}, got a scalar");
  if (g) out.at.set("gauge_momenta", doc.mark(g));
  if (g && g.IsMap()) {
    out.search = read_gauge_search(f, out, g);
    return;
  }
  if (doc.root()["values"])
    fail_at(doc, doc.root()["values"], "'values': numeric values are used by the gauge momentum search; expected "
                                       "'gauge_momenta: {ansatz, shape}', got none");
  const auto names = out.field_names();
  for (const auto& e : doc.sequence(g, "'gauge_momenta'")) {
    const std::string n = doc.scalar(e, "'gauge_momenta'");
    const auto it = std::find(names.begin(), names.end(), n);
    if (it == names.end()) {
      std::string msg = "'gauge_momenta': unknown frame field '" + n + "'; expected " + one_of(names, "a frame field (the system has none)") +
                        ", got '" + n + "'";
      if (auto d = did_you_mean(n, names)) msg += " (did you mean '" + *d + "'?)";
      fail_at(doc, e, msg);
    }
    out.gauge.push_back(static_cast<std::size_t>(it - names.begin()));
  }
}

// `variables` u_a(q, π), the `inverse` rules and the `conformal_factor` (which may use the variables).
void read_variables(SystemFile& f, NonholonomicFile& out) {
  const Document& doc = f.doc;
  const YAML::Node& root = doc.root();
  std::vector<std::string> names;
  for (const auto& [k, v] : doc.mapping(root["variables"], "'variables'")) {
    const std::string n = doc.name(k, "a variable name");
    f.claim_name(k, n, "a variable");
    out.variables.push_back({n, doc.expression(v, out.dual, "variable " + n)});
    names.push_back(n);
  }
  if (!names.empty()) {
    out.variable_chart = f.Q.sibling("U", names);
    for (std::size_t a = 0; a < names.size(); ++a) out.with_variables.declare(names[a], (*out.variable_chart)[a]);
  }
  for (const auto& [k, v] : doc.mapping(root["inverse"], "'inverse'")) {
    if (!out.variable_chart) fail_at(doc, k, "'inverse': expected 'variables' to be declared first, got none");
    out.inverse[doc.expression(k, out.dual, "'inverse' key")] = doc.expression(v, out.with_variables, "'inverse' value");
  }
  if (!root["conformal_factor"]) return;
  GiNaC::exmap sub;
  for (std::size_t a = 0; a < out.variables.size(); ++a) sub[(*out.variable_chart)[a]] = out.variables[a].expression;
  out.conformal_factor = doc.expression(root["conformal_factor"], out.with_variables, "'conformal_factor'").subs(sub);
}

}  // namespace

NonholonomicFile read_nonholonomic(SystemFile& f) {
  NonholonomicFile out{NonholonomicInput{f.Q, 0}, {}, {}};
  out.at.set("", f.doc.mark(f.doc.root()));
  out.lagrangian = read_lagrangian(f, out);
  read_constraints(f, out);
  check_constraints(out);  // before the names pi1..pir, which their number decides, are used
  read_frame(f, out);
  read_complement(f, out);
  refuse_reserved_names(f, out.rank());
  declare_dual(f, out);
  reserve_report_names(f, out);
  read_symmetry(f, out);
  read_action(f, out);
  read_reduce_by(f, out);
  read_gauge(f, out);
  read_variables(f, out);
  read_nonholonomic_simulation(f, out);
  return out;
}

namespace {

class NonholonomicModule : public Module {
 public:
  std::string name() const override { return "nonholonomic"; }
  std::vector<std::string> keys() const override {
    return {"lagrangian", "constraints", "frame", "complement", "symmetry", "action", "reduce_by", "gauge_momenta", "variables",
            "inverse", "conformal_factor", "values", "simulate"};
  }
  bool applies(const SystemFile& f) const override {
    const YAML::Node& r = f.doc.root();
    if (r["action_dependent"] && r["action_dependent"].IsScalar() && r["action_dependent"].Scalar() == "true") return false;  // contact systems: io/modules/contact
    return r["lagrangian"] && !r["hybrid"] && !r["force"];  // forced / hybrid systems: io/modules/hybrid
  }
  void derive(const SystemFile& f, Derivation& out, const DeriveOptions& options) const override {
    SystemFile file = f;
    derive_nonholonomic(read_nonholonomic(file), out, options);
  }
  std::vector<std::string> claim_kinds() const override { return nonholonomic_claim_kinds(); }
  bool can_simulate(const SystemFile& f) const override { return static_cast<bool>(f.doc.root()["simulate"]); }
  int simulate(const SystemFile& f, const SimulateOptions& o, std::ostream& out) const override {
    SystemFile file = f;
    return run_nonholonomic_simulation(f, read_nonholonomic(file), o, out);
  }
  // io reads the file and the claims, the derivation checks them
  std::vector<ClaimResult> check(const SystemFile& f, const std::vector<Claim>& claims,
                                 const ClaimsContext& ctx) const override {
    SystemFile file = f;
    const NonholonomicFile in = read_nonholonomic(file);
    std::vector<ClaimResult> results = check_nonholonomic_claims(in, read_nonholonomic_claims(in, claims, ctx));
    name_results(results, claims);
    return results;
  }
};

}  // namespace

std::unique_ptr<Module> make_nonholonomic_module() { return std::make_unique<NonholonomicModule>(); }

}  // namespace hamel
