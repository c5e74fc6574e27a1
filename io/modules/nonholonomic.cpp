// io/modules/nonholonomic.cpp — the nonholonomic-bracket module of `hamel derive` / `hamel check`.
#include "io/modules/nonholonomic.hpp"

#include <set>
#include <stdexcept>

#include "brackets/casimir.hpp"
#include "brackets/jacobi.hpp"
#include "brackets/nonholonomic.hpp"
#include "core/error.hpp"
#include "core/latex.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/hamel_equations.hpp"
#include "reduction/gauge_momenta.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

[[noreturn]] void fail_at(const Document& doc, const YAML::Node& n, const std::string& what) { doc.fail(n, what); }

// CLN reports numbers its algorithms cannot take (a floating-point exponent beyond 32 bits met by
// GiNaC's gcd while simplifying: found by fuzzing) with a std::runtime_error of its own.
std::string arithmetic_failure(const std::runtime_error& e) {
  return std::string("expected numbers GiNaC's arithmetic can handle, got a failure while simplifying what is derived "
                     "from it (") + e.what() + ")";
}

// Where a failure while deriving the frame and the equations is reported: the frame when the file
// gives one, else the Lagrangian it was derived from.
YAML::Node deriving_node(const YAML::Node& root) {
  return root["frame"] ? root["frame"] : root["lagrangian"] ? root["lagrangian"] : root;
}

VectorField read_field(const SystemFile& f, const YAML::Node& n, const std::string& what) {
  std::vector<ex> comp(f.Q.dim(), 0);
  std::vector<std::string> coords;
  for (std::size_t i = 0; i < f.Q.dim(); ++i) coords.push_back(f.Q.coordinate_name(i));
  for (const auto& [k, v] : f.doc.mapping(n, what)) {
    const std::string c = f.doc.scalar(k, what);
    const auto idx = f.Q.index_of(c);
    if (!idx) {
      std::string msg = what + ": unknown coordinate '" + c + "'; expected one of";
      for (const auto& s : coords) msg += " " + s;
      msg += ", got '" + c + "'";
      if (auto d = did_you_mean(c, coords)) msg += " (did you mean '" + *d + "'?)";
      f.doc.fail(k, msg);
    }
    comp[*idx] = f.doc.expression(v, f.q, what + " component " + c);
  }
  return VectorField(f.Q, comp);
}

}  // namespace

namespace {

// A library failure while checking what the file says, located at `at`: the library's DomainError,
// GiNaC's pole_error (a singularity once differentiated), CLN's arithmetic failures.
// `smooth` names what must be smooth ("L", "a constraint").
template <typename F>
void located(const Document& doc, const YAML::Node& at, const std::string& what, const std::string& smooth, F&& step) {
  try {
    step();
  } catch (const DomainError& e) {
    fail_at(doc, at, what + ": " + without_function_name(e.what()));
  } catch (const std::domain_error& e) {
    fail_at(doc, at, what + ": expected " + smooth + " smooth in the velocities, got a singularity (" + e.what() + ")");
  } catch (const std::runtime_error& e) {
    fail_at(doc, at, what + ": " + arithmetic_failure(e));
  }
}

ex read_lagrangian(const SystemFile& f) {
  const Document& doc = f.doc;
  const YAML::Node& root = doc.root();
  if (!root["lagrangian"])
    throw ParseError(doc.file(), 1, 1, "missing key 'lagrangian'; expected L(q, q_dot) of the system, got none");
  const ex L = doc.expression(root["lagrangian"], f.tq, "'lagrangian'");
  located(doc, root["lagrangian"], "'lagrangian'", "L", [&] { (void)mechanical_parts(L, f.Q); });
  return L;
}

std::vector<Form> read_constraints(const SystemFile& f, NonholonomicSpec& spec) {
  const Document& doc = f.doc;
  std::vector<Form> forms;
  const auto nodes = doc.sequence(doc.root()["constraints"], "'constraints'");
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    const std::string what = "constraint " + std::to_string(k + 1);
    const ex c = doc.expression(nodes[k], f.tq, what);
    located(doc, nodes[k], what, "a constraint", [&] { forms.push_back(constraint_form(c, f.Q)); });
    spec.constraints.push_back(c);
  }
  return forms;
}

// The frame: name → {coordinate: component}; each field must be tangent to D.
void read_frame(SystemFile& f, const std::vector<Form>& forms, NonholonomicSpec& spec) {
  const Document& doc = f.doc;
  const YAML::Node& root = doc.root();
  const std::size_t r = f.Q.dim() - forms.size();
  std::vector<YAML::Node> at;
  for (const auto& [k, v] : doc.mapping(root["frame"], "'frame'")) {
    const std::string n = doc.name(k, "a frame field name");
    f.claim_name(k, n, "a frame field");
    spec.frame.push_back(read_field(f, v, "frame field " + n));
    spec.frame_names.push_back(n);
    at.push_back(k);
  }
  if (spec.frame.empty()) return;
  if (spec.frame.size() != r && !forms.empty())
    fail_at(doc, root["frame"], "'frame': wrong number of frame fields; expected " + std::to_string(r) + " (rank of D = " +
                                    std::to_string(f.Q.dim()) + " coordinates - " + std::to_string(forms.size()) +
                                    " constraints), got " + std::to_string(spec.frame.size()));
  for (std::size_t a = 0; a < spec.frame.size(); ++a)
    for (std::size_t k = 0; k < forms.size(); ++k) {
      const ex value = evaluate(forms[k], {spec.frame[a]});
      const ZeroVerdict v = zero_test(value, f.Q);
      if (!v.zero)
        fail_at(doc, at[a], "frame field " + spec.frame_names[a] + " is not tangent to D; expected it to satisfy every " +
                                "constraint, got constraint " + std::to_string(k + 1) + " = " + detail::str(simplify(value)) +
                                " [" + v.how() + "]");
    }
}

// The complement W: 'orthogonal' (the default) or a list of coordinates.
void read_complement(const SystemFile& f, std::size_t constraints, NonholonomicSpec& spec) {
  const Document& doc = f.doc;
  const YAML::Node& c = doc.root()["complement"];
  if (!c) return;
  if (c.IsScalar()) {
    if (c.Scalar() != "orthogonal")
      fail_at(doc, c, "'complement': expected 'orthogonal' or a list of coordinates, got '" + c.Scalar() + "'");
    return;
  }
  std::vector<std::size_t> idx;
  for (const auto& e : doc.sequence(c, "'complement'")) {
    const std::string n = doc.scalar(e, "'complement'");
    const auto i = f.Q.index_of(n);
    if (!i) fail_at(doc, e, "'complement': unknown coordinate '" + n + "'; expected a coordinate name, got '" + n + "'");
    idx.push_back(*i);
  }
  if (idx.size() != constraints)
    fail_at(doc, c, "'complement': W must have the dimension of the constraints; expected " + std::to_string(constraints) +
                        " coordinates, got " + std::to_string(idx.size()));
  spec.complement = Complement::coordinate_span(idx);
}

// The momenta on D* are pi1..pir, in a chart that extends Q's: a coordinate, parameter or function of
// Q with one of those names is refused where it is declared (not later, as a clash in D*).
void refuse_momentum_names(const SystemFile& f, std::size_t r) {
  const Document& doc = f.doc;
  const auto momentum_name = [&](const std::string& n) {
    for (std::size_t a = 1; a <= r; ++a)
      if (n == "pi" + std::to_string(a)) return true;
    return false;
  };
  for (const char* key : {"coordinates", "parameters", "functions"})
    for (const auto& e : doc.sequence(doc.root()[key], "'" + std::string(key) + "'")) {
      const YAML::Node at = e.IsMap() ? e["name"] : e;
      const std::string n = at && at.IsScalar() ? at.Scalar().substr(0, at.Scalar().find('(')) : "";
      if (momentum_name(n))
        fail_at(doc, at, "'" + std::string(key) + "': the name '" + n + "' is reserved for a momentum on D* (pi1.." + "pi" +
                             std::to_string(r) + "); expected another name, got '" + n + "'");
    }
}

// The system itself; a failure is placed at the key it comes from.
NonholonomicSystem build_system(const SystemFile& f, const NonholonomicSpec& spec) {
  const Document& doc = f.doc;
  const YAML::Node& root = doc.root();
  try {
    return NonholonomicSystem(spec);
  } catch (const DomainError& e) {
    const std::string m = e.what();
    const bool about_w = m.find("complement") != std::string::npos || m.find("basis of TQ") != std::string::npos;
    const YAML::Node& d = root["frame"] ? root["frame"] : root["constraints"];
    const YAML::Node& at = about_w && root["complement"] ? root["complement"] : d;
    std::string what = without_function_name(m);
    if (m.find("basis of TQ") != std::string::npos) what = (root["complement"] ? "'complement': " : "'frame': ") + what;
    fail_at(doc, at ? at : root, what);
  } catch (const std::domain_error& e) {
    fail_at(doc, deriving_node(root), std::string("expected expressions smooth on the domain, got a singularity while "
                                                  "deriving the frame and the Hamel equations (") + e.what() + ")");
  } catch (const std::runtime_error& e) {
    fail_at(doc, deriving_node(root), arithmetic_failure(e));
  }
}

// Readers of expressions on D*: coordinates, momenta, parameters, functions, definitions.
void declare_dual(const SystemFile& f, NonholonomicFile& out) {
  const Chart& Q = f.Q;
  const Chart& M = out.system.dual_chart();
  for (ExpressionReader* r : {&out.dual, &out.with_variables}) {
    for (std::size_t i = 0; i < M.dim(); ++i) r->declare(M.coordinate_name(i), M[i]);
    for (std::size_t i = 0; i < Q.parameters().size(); ++i) r->declare(Q.parameter_specs()[i].name, Q.parameters()[i]);
    for (const auto& fs : Q.function_specs()) r->declare_function(Q.function(fs.name));
    for (const auto& [name, value] : f.definitions) r->declare(name, value);
  }
}

void reserve_momenta(SystemFile& f, const NonholonomicFile& out) {
  const Chart& M = out.system.dual_chart();
  for (std::size_t a = 0; a < out.system.rank(); ++a) {
    const std::string n = M.coordinate_name(f.Q.dim() + a);
    if (std::find(f.names.begin(), f.names.end(), n) != f.names.end())
      fail_at(f.doc, f.doc.root(), "the momentum name '" + n + "' is reserved; expected other names for coordinates and parameters");
    f.names.push_back(n);
  }
}

void read_symmetry(SystemFile& f, NonholonomicFile& out) {
  for (const auto& [k, v] : f.doc.mapping(f.doc.root()["symmetry"], "'symmetry'")) {
    const std::string n = f.doc.name(k, "a symmetry generator name");
    f.claim_name(k, n, "a symmetry generator");
    out.symmetry.emplace_back(n, read_field(f, v, "symmetry generator " + n));
  }
}

// `gauge_momenta`: a list of frame fields, or the search {ansatz, shape, …}.
void read_gauge(const SystemFile& f, NonholonomicFile& out) {
  const Document& doc = f.doc;
  const YAML::Node& g = doc.root()["gauge_momenta"];
  if (g && !g.IsSequence() && !g.IsMap())
    fail_at(doc, g, "'gauge_momenta': expected a list of frame fields or {ansatz, shape, unknowns}, got a scalar");
  if (g && g.IsMap()) {
    out.search = read_gauge_search(f, out.system, g);
    return;
  }
  if (doc.root()["values"])
    fail_at(doc, doc.root()["values"], "'values': numeric values are used by the gauge momentum search; expected "
                                       "'gauge_momenta: {ansatz, shape}', got none");
  const auto& names = out.system.frame_names();
  for (const auto& e : doc.sequence(g, "'gauge_momenta'")) {
    const std::string n = doc.scalar(e, "'gauge_momenta'");
    const auto it = std::find(names.begin(), names.end(), n);
    if (it == names.end()) {
      std::string msg = "'gauge_momenta': unknown frame field '" + n + "'; expected one of";
      for (const auto& s : names) msg += " " + s;
      msg += ", got '" + n + "'";
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
  NonholonomicSpec spec{f.Q, read_lagrangian(f), {}, {}, {}, Complement::orthogonal()};
  const std::vector<Form> forms = read_constraints(f, spec);
  read_frame(f, forms, spec);
  read_complement(f, forms.size(), spec);
  refuse_momentum_names(f, f.Q.dim() - forms.size());
  NonholonomicFile out{NonholonomicInput{build_system(f, spec), {}, {}, std::nullopt, {}, std::nullopt, {}, std::nullopt}, {}, {}};
  declare_dual(f, out);
  reserve_momenta(f, out);
  read_symmetry(f, out);
  read_gauge(f, out);
  read_variables(f, out);
  return out;
}

namespace {

class NonholonomicModule : public Module {
 public:
  std::string name() const override { return "nonholonomic"; }
  std::vector<std::string> keys() const override {
    return {"lagrangian", "constraints", "frame", "complement", "symmetry", "gauge_momenta", "variables", "inverse",
            "conformal_factor", "values"};
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
  std::vector<std::string> claim_kinds() const override {
    return nonholonomic_claim_kinds();
  }
  std::vector<ClaimResult> check(const SystemFile& f, const std::vector<Claim>& claims,
                                 const ClaimsContext& ctx) const override {
    return check_nonholonomic_claims(f, claims, ctx);
  }
};

}  // namespace

std::unique_ptr<Module> make_nonholonomic_module() { return std::make_unique<NonholonomicModule>(); }

}  // namespace hamel
