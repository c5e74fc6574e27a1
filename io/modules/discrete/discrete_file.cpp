// io/modules/discrete/discrete_file.cpp — reading the `discrete:` section.
#include "io/modules/discrete/discrete_file.hpp"

#include <cmath>

#include "core/did_you_mean.hpp"
#include "core/error.hpp"
#include "geometry/lifts.hpp"
#include "geometry/slot_charts.hpp"
#include "io/modules/simulate_section.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

bool mentions_coordinates(const ex& e, const Chart& Q) {
  for (const auto& c : Q.coordinates())
    if (e.has(c)) return true;
  for (const auto& c : velocities(Q))
    if (e.has(c)) return true;
  return false;
}

// The reader of expressions on Q×Q×Q (x0, x1, x2), with the reduced variables and the parameters.
ExpressionReader slot_reader(const SystemFile& f, bool with_third) {
  ExpressionReader r;
  const Chart T = triple_chart(f.Q);
  const std::size_t n = f.Q.dim();
  for (std::size_t i = 0; i < (with_third ? 3 : 2) * n; ++i) r.declare(T.coordinate_name(i), T[i]);
  for (std::size_t i = 0; i < f.Q.parameters().size(); ++i) r.declare(f.Q.parameter_specs()[i].name, f.Q.parameters()[i]);
  for (const auto& [name, value] : f.definitions)
    if (!mentions_coordinates(value, f.Q)) r.declare(name, value);
  for (std::size_t i = 0; i < n; ++i) {
    r.hint(f.Q.coordinate_name(i), "discrete expressions use the slot coordinates " + slot_name(f.Q, i, 0) + " and " +
                                       slot_name(f.Q, i, 1) + " (q_k and q_{k+1})");
    r.hint(f.Q.coordinate_name(i) + "_dot", "velocities appear only with 'quadrature' (continuous Lagrangian and constraints)");
  }
  return r;
}


std::size_t coordinate_index(const SystemFile& f, const YAML::Node& k, const std::string& what,
                             const std::vector<std::size_t>& among = {}) {
  const std::string c = f.doc.scalar(k, what);
  std::vector<std::string> names;
  if (among.empty())
    for (std::size_t i = 0; i < f.Q.dim(); ++i) names.push_back(f.Q.coordinate_name(i));
  else
    for (auto i : among) names.push_back(f.Q.coordinate_name(i));
  const auto it = std::find(names.begin(), names.end(), c);
  if (it == names.end()) {
    std::string msg = what + ": unknown coordinate '" + c + "'; expected " + one_of(names) + ", got '" + c + "'";
    if (auto d = did_you_mean(c, names)) msg += " (did you mean '" + *d + "'?)";
    f.doc.fail(k, msg);
  }
  return among.empty() ? static_cast<std::size_t>(it - names.begin()) : among[static_cast<std::size_t>(it - names.begin())];
}

// {coordinate: expression} → n components (missing ones 0).
std::vector<ex> covector(const SystemFile& f, const YAML::Node& n, const ExpressionReader& r, const std::string& what) {
  std::vector<ex> out(f.Q.dim(), 0);
  for (const auto& [k, v] : f.doc.mapping(n, what)) {
    const std::size_t i = coordinate_index(f, k, what);
    out[i] = f.doc.expression(v, r, what + " component " + f.Q.coordinate_name(i));
  }
  return out;
}

QuadratureRule read_rule(const Document& doc, const YAML::Node& n, ex& alpha) {
  alpha = GiNaC::numeric(1, 2);
  if (n.IsMap()) {
    doc.check_keys(n, {"rule", "point"}, "'quadrature'");
    if (!n["rule"]) doc.fail(n, "'quadrature': expected 'rule' (midpoint or trapezoidal), got none");
  }
  // Initialised, never assigned: assigning to a YAML::Node writes through into the node it refers to
  // (`rule = n["rule"]` replaced the quadrature mapping by its rule, and 'point' was lost).
  const YAML::Node rule = n.IsMap() ? n["rule"] : n;
  const std::string s = doc.scalar(rule, "'quadrature'");
  if (s != "midpoint" && s != "trapezoidal") {
    const auto guess = did_you_mean(s, {"midpoint", "trapezoidal"});
    doc.fail(rule, "'quadrature': expected midpoint or trapezoidal, got '" + s + "'" + (guess ? " (did you mean '" + *guess + "'?)" : ""));
  }
  const QuadratureRule q = s == "midpoint" ? QuadratureRule::Midpoint : QuadratureRule::Trapezoidal;
  if (n.IsMap() && n["point"]) {
    if (q != QuadratureRule::Midpoint) doc.fail(n["point"], "'point': only the midpoint rule has an evaluation point; expected no 'point' with trapezoidal, got one");
    const ExpressionReader constants;
    alpha = doc.expression(n["point"], constants, "'point'");
    const ex a = alpha.evalf();
    if (!GiNaC::is_a<GiNaC::numeric>(a) || a < 0 || a > 1)
      doc.fail(n["point"], "'point': expected a number in [0, 1] (q_alpha = (1 - alpha) q0 + alpha q1), got '" + doc.scalar(n["point"], "'point'") + "'");
  }
  return q;
}

// `group: additive` or `group: SE2`.
DiscreteGroupInput named_group(const Document& doc, const YAML::Node& n, std::size_t k) {
  const std::string s = n.Scalar();
  if (s == "SE2" && k != 3)
    doc.fail(n, "'group': SE2 acts on three coordinates (angle, x, y); expected 3 in 'coordinates', got " + std::to_string(k));
  if (s != "additive" && s != "SE2") doc.fail(n, "'group': expected additive, SE2 or {product, inverse, identity}, got '" + s + "'");
  return DiscreteGroupInput{s, {}, {}, {}, {}, {}};
}

// A group law {product, inverse, identity} in the symbols <c>_a, <c>_b (the derivation checks the axioms).
DiscreteGroupInput read_group(SystemFile& f, const YAML::Node& n, const std::vector<std::size_t>& coords) {
  const Document& doc = f.doc;
  const std::size_t k = coords.size();
  if (n.IsScalar()) return named_group(doc, n, k);
  if (!n.IsMap()) doc.fail(n, "'group': expected additive, SE2 or {product, inverse, identity}, got a list");
  doc.check_keys(n, {"product", "inverse", "identity"}, "'group'");
  if (!n["product"] || !n["inverse"]) doc.fail(n, "'group': expected 'product' and 'inverse', got " + std::string(n["product"] ? "no 'inverse'" : "no 'product'"));
  DiscreteGroupInput g{"", {}, {}, std::vector<ex>(k), std::vector<ex>(k), std::vector<ex>(k, 0)};
  ExpressionReader prod, inv;
  for (auto i : coords) {
    const std::string c = f.Q.coordinate_name(i);
    g.a.push_back(GiNaC::realsymbol(c + "_a"));
    g.b.push_back(GiNaC::realsymbol(c + "_b"));
    prod.declare(c + "_a", g.a.back());
    prod.declare(c + "_b", g.b.back());
    inv.declare(c, g.a.back());
  }
  for (std::size_t i = 0; i < f.Q.parameters().size(); ++i) {
    prod.declare(f.Q.parameter_specs()[i].name, f.Q.parameters()[i]);
    inv.declare(f.Q.parameter_specs()[i].name, f.Q.parameters()[i]);
  }
  std::vector<bool> seen_p(k, false), seen_v(k, false);
  for (const auto& [key, val] : doc.mapping(n["product"], "'product'")) {
    const std::size_t i = coordinate_index(f, key, "'product'", coords);
    const std::size_t j = static_cast<std::size_t>(std::find(coords.begin(), coords.end(), i) - coords.begin());
    g.product[j] = doc.expression(val, prod, "'product' component " + f.Q.coordinate_name(i));
    seen_p[j] = true;
  }
  for (const auto& [key, val] : doc.mapping(n["inverse"], "'inverse'")) {
    const std::size_t i = coordinate_index(f, key, "'inverse'", coords);
    const std::size_t j = static_cast<std::size_t>(std::find(coords.begin(), coords.end(), i) - coords.begin());
    g.inverse[j] = doc.expression(val, inv, "'inverse' component " + f.Q.coordinate_name(i));
    seen_v[j] = true;
  }
  for (const auto& [key, val] : doc.mapping(n["identity"], "'identity'")) {
    const std::size_t i = coordinate_index(f, key, "'identity'", coords);
    const std::size_t j = static_cast<std::size_t>(std::find(coords.begin(), coords.end(), i) - coords.begin());
    g.identity[j] = GiNaC::numeric(0) + doc.number(val, "'identity' component");
  }
  for (std::size_t j = 0; j < k; ++j)
    if (!seen_p[j] || !seen_v[j])
      doc.fail(n, "'group': expected a product and an inverse component for every group coordinate, got none for " +
                      f.Q.coordinate_name(coords[j]));
  return g;
}

// The `discrete:` section being read: the file, the section, and what the later keys depend on.
struct Reading {
  SystemFile& f;
  YAML::Node d;  ///< the `discrete:` mapping
  ExpressionReader pair;  ///< expressions on Q×Q: slots q0, q1 and the parameters
  const Document& doc() const { return f.doc; }
  const Chart& Q() const { return f.Q; }
};

// The slot coordinates x0, x1, x2 are names the section creates: a clash is reported at `discrete`.
void check_slot_names(const SystemFile& f, const YAML::Node& d) {
  const Chart& Q = f.Q;
  for (std::size_t k = 0; k < 3; ++k)
    for (std::size_t i = 0; i < Q.dim(); ++i) {
      const std::string s = slot_name(Q, i, k);
      if (f.names.contains(s))
        f.doc.fail(d, "'discrete': the slot coordinate '" + s + "' (coordinate " + Q.coordinate_name(i) +
                          " at step " + std::to_string(k) + ") clashes with a name of the file; expected other names");
    }
}

ex read_step(const Reading& r) {
  const Document& doc = r.doc();
  if (!r.d["step"]) doc.fail(r.d, "'discrete': expected 'step' (the parameter h), got none");
  const ex h = doc.expression(r.d["step"], r.f.q, "'step'");
  bool is_param = false;
  for (const auto& p : r.Q().parameters()) is_param = is_param || p.is_equal(h);
  if (!is_param && !(GiNaC::is_a<GiNaC::numeric>(h.evalf()) && h.evalf() > 0))
    doc.fail(r.d["step"], "'step': expected a parameter name or a positive number, got '" + doc.scalar(r.d["step"], "'step'") + "'");
  return h;
}

// L_d given in the slots, or L(q, q_dot) that the derivation discretises by the quadrature rule.
void read_lagrangian(const Reading& r, DiscreteInput& in) {
  const Document& doc = r.doc();
  const YAML::Node& d = r.d;
  if (!d["lagrangian"]) doc.fail(d, "'discrete': expected 'lagrangian' (L_d(q0, q1), or L(q, q_dot) with 'quadrature'), got none");
  in.at.set("lagrangian", doc.mark(d["lagrangian"]));
  in.lagrangian = doc.expression(d["lagrangian"], in.rule ? r.f.tq : r.pair, "'lagrangian'");
  // L(q, q_dot) samples as the continuous systems' does; L_d's slots have no domain of their own
  if (in.rule) {
    require_real_lagrangian(r.f, d["lagrangian"], in.lagrangian);
    warn_indefinite_kinetic_energy(r.f, d["lagrangian"], in.lagrangian);
  }
}

// constraints: a list of velocity constraints (D; D_d by the rule) or {variational, kinematic}
void read_constraints(const Reading& r, DiscreteInput& in) {
  const Document& doc = r.doc();
  const YAML::Node& c = r.d["constraints"];
  std::vector<YAML::Node> variational, kinematic;
  if (c && c.IsMap()) {
    doc.check_keys(c, {"variational", "kinematic"}, "'constraints'");
    variational = doc.sequence(c["variational"], "'variational'");
    kinematic = doc.sequence(c["kinematic"], "'kinematic'");
    if (!c["kinematic"] && !in.rule && !variational.empty())
      doc.fail(c, "'constraints': without 'quadrature' the kinematic constraints must be given; expected 'kinematic', got none");
  } else {
    variational = doc.sequence(c, "'constraints'");
    if (!variational.empty() && !in.rule)
      doc.fail(c, "'constraints': a list of velocity constraints needs 'quadrature' to discretise them; expected 'quadrature' or {variational, kinematic}, got a list");
  }
  for (std::size_t k = 0; k < variational.size(); ++k) {
    const std::string what = "variational constraint " + std::to_string(k + 1);
    in.at.set("variational." + std::to_string(k + 1), doc.mark(variational[k]));
    in.variational.push_back(doc.expression(variational[k], r.f.tq, what));
  }
  if (c && c.IsMap() && c["kinematic"]) {
    in.kinematic.emplace();
    for (std::size_t k = 0; k < kinematic.size(); ++k)
      in.kinematic->push_back(doc.expression(kinematic[k], r.pair, "kinematic constraint " + std::to_string(k + 1)));
  }
  // D and D_d may differ in number (generalized systems, Remark 3.2); the integrator then refuses
  // the non-square system (3) with a message.
}

// `forces: {minus, plus}` in the slots, or a continuous `force` (discretised by the rule).
void read_forces(const Reading& r, DiscreteInput& in) {
  const Document& doc = r.doc();
  const YAML::Node& d = r.d;
  if (d["forces"]) {
    doc.check_keys(d["forces"], {"minus", "plus"}, "'forces'");
    in.force_minus = covector(r.f, d["forces"]["minus"], r.pair, "'minus'");
    in.force_plus = covector(r.f, d["forces"]["plus"], r.pair, "'plus'");
  }
  if (d["force"]) {
    if (!in.rule) doc.fail(d["force"], "'force': a continuous force needs 'quadrature'; expected 'forces: {minus, plus}' in (q0, q1), got 'force'");
    if (d["forces"]) doc.fail(d["force"], "'force': expected either 'force' or 'forces', got both");
    in.force = covector(r.f, d["force"], r.f.tq, "'force'");
  }
}

// The index of coordinate i among `coords` (i is known to be one of them).
std::size_t position(const std::vector<std::size_t>& coords, std::size_t i) {
  return static_cast<std::size_t>(std::find(coords.begin(), coords.end(), i) - coords.begin());
}

// symmetry: {group, coordinates}; declares the reduced variables w_g0, w_g1 in the claims' reader.
std::vector<std::size_t> read_symmetry(const Reading& r, const YAML::Node& s, DiscreteFile& out) {
  const Document& doc = r.doc();
  const Chart& Q = r.Q();
  if (!s.IsMap()) doc.fail(s, "'symmetry': expected {group, coordinates}, got " + std::string(s.IsScalar() ? "a scalar" : "a list"));
  doc.check_keys(s, {"group", "coordinates"}, "'symmetry'");
  if (!s["coordinates"]) doc.fail(s, "'symmetry': expected 'coordinates' (those of the group), got none");
  std::vector<std::size_t> coords;
  for (const auto& e : doc.sequence(s["coordinates"], "'coordinates'")) {
    const std::size_t i = coordinate_index(r.f, e, "'symmetry' coordinates");
    if (std::find(coords.begin(), coords.end(), i) != coords.end()) doc.fail(e, "'symmetry': coordinate '" + Q.coordinate_name(i) + "' listed twice");
    coords.push_back(i);
  }
  if (coords.empty()) doc.fail(s["coordinates"], "'symmetry': expected at least one group coordinate, got none");
  out.group_coordinates = coords;
  out.group = s["group"] ? read_group(r.f, s["group"], coords) : DiscreteGroupInput{"additive", {}, {}, {}, {}, {}};
  out.at.set("symmetry", doc.mark(s));
  if (s["group"]) out.at.set("group", doc.mark(s["group"]));
  // reduced-variable names must be free
  for (std::size_t k = 0; k < 2; ++k)
    for (auto i : coords) {
      const std::string w = "w_" + Q.coordinate_name(i) + std::to_string(k);
      if (r.f.names.contains(w))
        doc.fail(s, "'symmetry': the reduced variable '" + w + "' clashes with a name of the file; expected other names");
    }
  std::vector<std::string> names;
  for (auto i : coords) names.push_back(Q.coordinate_name(i));
  try {
    // w_<g>0, w_<g>1 follow (q0, q1, q2) in the reduced chart, the one the reductions use
    const Chart W = reduced_variables_chart(Q, names);
    const std::size_t base = 3 * Q.dim(), k = coords.size();
    for (std::size_t j = 0; j < k; ++j) {
      out.slots.declare(slot_name("w_" + names[j], 0), W[base + j]);
      out.slots.declare(slot_name("w_" + names[j], 1), W[base + k + j]);
    }
  } catch (const InvalidArgument& e) {
    doc.fail(s, "'symmetry': " + without_function_name(e.what()));
  }
  return coords;
}

// connection: trivial (default), kinematic (Hor = D_d), or A_d(q0, q1)
void read_connection(const Reading& r, const std::vector<std::size_t>& coords, DiscreteFile& out) {
  const Document& doc = r.doc();
  const YAML::Node& cn = r.d["connection"];
  if (cn) out.at.set("connection", doc.mark(cn));
  if (!cn || (cn.IsScalar() && cn.Scalar() == "trivial")) {
    out.connection.kind = DiscreteConnectionInput::Kind::Trivial;
  } else if (cn.IsScalar() && cn.Scalar() == "kinematic") {
    out.connection.kind = DiscreteConnectionInput::Kind::Kinematic;
  } else if (cn.IsMap()) {
    out.connection = {DiscreteConnectionInput::Kind::Given, std::vector<ex>(coords.size())};
    std::vector<bool> seen(coords.size(), false);
    for (const auto& [k, v] : doc.mapping(cn, "'connection'")) {
      const std::size_t i = coordinate_index(r.f, k, "'connection'", coords);
      const std::size_t j = position(coords, i);
      out.connection.form[j] = doc.expression(v, r.pair, "'connection' component " + r.Q().coordinate_name(i));
      seen[j] = true;
    }
    for (std::size_t j = 0; j < coords.size(); ++j)
      if (!seen[j]) doc.fail(cn, "'connection': expected a component A_d(q0, q1) for every group coordinate, got none for " + r.Q().coordinate_name(coords[j]));
  } else {
    doc.fail(cn, "'connection': expected trivial, kinematic or {group coordinate: A_d(q0, q1)}, got '" +
                     (cn.IsScalar() ? cn.Scalar() : std::string("a list")) + "'");
  }
}

// One component of `horizontal`: an expression linear in the shape velocities only.
void check_graph_component(const Reading& r, const std::vector<std::size_t>& coords, const YAML::Node& val, const ex& e) {
  const Document& doc = r.doc();
  const Chart& Q = r.Q();
  const auto v = velocities(Q);
  for (std::size_t a = 0; a < Q.dim(); ++a) {
    const bool shape = std::find(coords.begin(), coords.end(), a) == coords.end();
    const ex coef = e.diff(GiNaC::ex_to<GiNaC::symbol>(v[a]));
    if (!shape && !coef.is_zero())
      doc.fail(val, "'horizontal': the graph map takes shape velocities; expected no " + Q.coordinate_name(a) + "_dot, got one");
    bool linear = true;
    for (const auto& vv : v) linear = linear && coef.diff(GiNaC::ex_to<GiNaC::symbol>(vv)).is_zero();
    if (!linear) doc.fail(val, "'horizontal': expected an expression linear in the shape velocities, got '" + doc.scalar(val, "") + "'");
  }
  GiNaC::exmap rest;
  for (const auto& vv : v) rest[vv] = 0;
  if (!e.subs(rest).is_zero()) doc.fail(val, "'horizontal': expected an expression linear in the shape velocities, got a term without velocities");
}

// horizontal: {group coordinate: g_dot as a linear function of the shape velocities} → the graph map.
GiNaC::matrix read_graph_map(const Reading& r, const std::vector<std::size_t>& coords) {
  std::vector<std::size_t> shape;  // the coordinates that are not the group's, in order
  for (std::size_t a = 0; a < r.Q().dim(); ++a)
    if (std::find(coords.begin(), coords.end(), a) == coords.end()) shape.push_back(a);
  GiNaC::matrix graph(static_cast<unsigned>(coords.size()), static_cast<unsigned>(shape.size()));
  const auto v = velocities(r.Q());
  for (const auto& [k, val] : r.doc().mapping(r.d["horizontal"], "'horizontal'")) {
    const std::size_t i = coordinate_index(r.f, k, "'horizontal'", coords);
    const ex e = r.doc().expression(val, r.f.tq, "'horizontal' component " + r.Q().coordinate_name(i));
    check_graph_component(r, coords, val, e);
    for (std::size_t a = 0; a < shape.size(); ++a)
      graph(static_cast<unsigned>(position(coords, i)), static_cast<unsigned>(a)) = e.diff(GiNaC::ex_to<GiNaC::symbol>(v[shape[a]]));
  }
  return graph;
}

// horizontal_symmetry: {subgroup, momentum mu}
void read_horizontal_symmetry(const Reading& r, const std::vector<std::size_t>& coords, DiscreteFile& out) {
  const Document& doc = r.doc();
  const YAML::Node& hs = r.d["horizontal_symmetry"];
  doc.check_keys(hs, {"subgroup", "momentum"}, "'horizontal_symmetry'");
  if (!hs["subgroup"]) doc.fail(hs, "'horizontal_symmetry': expected 'subgroup' (group coordinates of H), got none");
  std::vector<std::size_t> sub_coords;
  for (const auto& e : doc.sequence(hs["subgroup"], "'subgroup'")) {
    const std::size_t i = coordinate_index(r.f, e, "'subgroup'", coords);
    out.subgroup.push_back(position(coords, i));
    sub_coords.push_back(i);
  }
  out.horizontal_symmetry = true;
  out.at.set("subgroup", doc.mark(hs["subgroup"]));
  out.mu.assign(out.subgroup.size(), 0);
  for (const auto& [k, v] : doc.mapping(hs["momentum"], "'momentum'")) {
    const std::size_t i = coordinate_index(r.f, k, "'horizontal_symmetry' momentum", sub_coords);
    const std::size_t j = position(sub_coords, i);
    out.mu[j] = doc.expression(v, r.f.q, "'momentum' component " + r.Q().coordinate_name(i));
    if (mentions_coordinates(out.mu[j], r.Q())) doc.fail(v, "'momentum': expected a constant value mu, got an expression of the coordinates");
  }
}

// momentum: {name: {group coordinate: component of the section xi}}
void read_sections(Reading& r, const std::vector<std::size_t>& coords, DiscreteFile& out) {
  const Document& doc = r.doc();
  for (const auto& [k, v] : doc.mapping(r.d["momentum"], "'momentum'")) {
    const std::string name = doc.name(k, "a momentum section name");
    r.f.claim_name(k, name, "a momentum section");
    std::vector<ex> xi(coords.size(), 0);
    for (const auto& [ck, cv] : doc.mapping(v, "momentum section " + name)) {
      const std::size_t i = coordinate_index(r.f, ck, "momentum section " + name, coords);
      xi[position(coords, i)] = doc.expression(cv, r.f.q, "momentum section " + name + " component " + r.Q().coordinate_name(i));
    }
    out.sections.emplace_back(name, xi);
  }
}

// Everything that needs `symmetry`, which the keys after it require.
void read_symmetric(Reading& r, DiscreteFile& out) {
  const YAML::Node& s = r.d["symmetry"];
  for (const char* key : {"connection", "horizontal", "horizontal_symmetry", "momentum"})
    if (r.d[key] && !s) r.doc().fail(r.d[key], std::string("'") + key + "' needs 'symmetry' (group and coordinates); expected it, got none");
  if (!s) return;
  const std::vector<std::size_t> coords = read_symmetry(r, s, out);
  read_connection(r, coords, out);
  if (r.d["horizontal"]) out.horizontal = read_graph_map(r, coords);
  if (r.d["horizontal_symmetry"]) read_horizontal_symmetry(r, coords, out);
  read_sections(r, coords, out);
}

// values: {parameter: number}, each a parameter of the file.
GiNaC::exmap read_values(const Reading& r, const YAML::Node& sm) {
  const Document& doc = r.doc();
  const Chart& Q = r.Q();
  GiNaC::exmap values;
  for (const auto& [k, v] : doc.mapping(sm["values"], "'values'")) {
    const std::string p = doc.scalar(k, "'values'");
    const auto sym = Q.symbol(p);
    bool param = false;
    for (const auto& ps : Q.parameter_specs()) param = param || ps.name == p;
    if (!sym || !param) {
      std::vector<std::string> names;
      for (const auto& ps : Q.parameter_specs()) names.push_back(ps.name);
      std::string msg = "'values': unknown parameter '" + p + "'; expected " + one_of(names, "a parameter (the system file declares none)") +
                        ", got '" + p + "'";
      if (auto dm = did_you_mean(p, names)) msg += " (did you mean '" + *dm + "'?)";
      doc.fail(k, msg);
    }
    values[*sym] = parameter_value(doc, v, Q, p, "'values' of " + p).evalf();
  }
  return values;
}

void read_steps(const Reading& r, const YAML::Node& sm, DiscreteSimulationInput& sim) {
  const Document& doc = r.doc();
  if (!sm["steps"]) doc.fail(sm, "'simulate': expected 'steps' (the number of steps N), got none");
  const double steps = doc.number(sm["steps"], "'steps'");
  if (steps < 1 || steps > 1e6 || steps != std::floor(steps))
    doc.fail(sm["steps"], "'steps': expected an integer between 1 and 1000000, got '" + doc.scalar(sm["steps"], "'steps'") + "'");
  sim.steps = static_cast<std::size_t>(steps);
}

// q0 in full; q1 with the components D_d determines left out (the derivation completes it on D_d).
void read_initial_points(const Reading& r, const YAML::Node& sm, DiscreteFile& out, DiscreteSimulationInput& sim) {
  const Document& doc = r.doc();
  const Chart& Q = r.Q();
  const std::size_t n = Q.dim();
  if (!sm["q0"] || !sm["q1"]) doc.fail(sm, std::string("'simulate': expected the initial points 'q0' and 'q1', got no '") + (sm["q0"] ? "q1" : "q0") + "'");
  sim.q0.assign(n, 0.0);
  std::vector<bool> given0(n, false), given1(n, false);
  for (const auto& [k, v] : doc.mapping(sm["q0"], "'q0'")) {
    const std::size_t i = coordinate_index(r.f, k, "'q0'");
    sim.q0[i] = doc.number(v, "'q0' of " + Q.coordinate_name(i));
    given0[i] = true;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (!given0[i]) doc.fail(sm["q0"], "'q0': expected a value for every coordinate, got none for " + Q.coordinate_name(i));
  sim.q1 = sim.q0;
  for (const auto& [k, v] : doc.mapping(sm["q1"], "'q1'")) {
    const std::size_t i = coordinate_index(r.f, k, "'q1'");
    sim.q1[i] = doc.number(v, "'q1' of " + Q.coordinate_name(i));
    given1[i] = true;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (!given1[i]) sim.unknown.push_back(i);
  out.at.set("q1", doc.mark(sm["q1"]));
  if (sm["tolerance"]) sim.newton.tolerance = doc.positive_number(sm["tolerance"], "'tolerance'", "a tolerance");
  if (sm["max_iterations"]) sim.newton.max_iterations = doc.count(sm["max_iterations"], "'max_iterations'", 1);
}

// mode (unreduced, reduced, both; unreduced without symmetry) and energy (needs the continuous L).
void read_mode(const Reading& r, const YAML::Node& sm, const DiscreteFile& out, DiscreteSimulationInput& sim) {
  const Document& doc = r.doc();
  if (sm["mode"]) {
    const std::string m = doc.scalar(sm["mode"], "'mode'");
    if (m == "unreduced") sim.mode = DiscreteSimulationInput::Mode::Unreduced;
    else if (m == "reduced") sim.mode = DiscreteSimulationInput::Mode::Reduced;
    else if (m == "both") sim.mode = DiscreteSimulationInput::Mode::Both;
    else doc.fail(sm["mode"], "'mode': expected unreduced, reduced or both, got '" + m + "'");
    if (sim.mode != DiscreteSimulationInput::Mode::Unreduced && out.group_coordinates.empty())
      doc.fail(sm["mode"], "'mode': a reduced simulation needs 'symmetry'; expected unreduced, got '" + m + "'");
  } else if (out.group_coordinates.empty()) {
    sim.mode = DiscreteSimulationInput::Mode::Unreduced;
  }
  if (sm["energy"]) {
    const std::string e = doc.scalar(sm["energy"], "'energy'");
    if (e != "true" && e != "false") doc.fail(sm["energy"], "'energy': expected true or false, got '" + e + "'");
    sim.energy = e == "true";
    if (sim.energy && !out.rule)
      doc.fail(sm["energy"], "'energy': the energy needs the continuous Lagrangian; expected 'quadrature', got a given L_d");
  }
}

DiscreteSimulationInput read_simulation(const Reading& r, DiscreteFile& out) {
  const YAML::Node& sm = r.d["simulate"];
  r.doc().check_keys(sm, {"values", "steps", "q0", "q1", "mode", "energy", "tolerance", "max_iterations", "plot"}, "'simulate'");
  out.at.set("simulate", r.doc().mark(sm));
  if (sm["values"]) out.at.set("values", r.doc().mark(sm["values"]));
  DiscreteSimulationInput sim;
  sim.values = read_values(r, sm);
  read_steps(r, sm, sim);
  read_initial_points(r, sm, out, sim);
  read_mode(r, sm, out, sim);
  out.plot = read_simulate_plot(r.doc(), sm, r.Q(), r.f.q);
  return sim;
}

}  // namespace

DiscreteFile read_discrete(SystemFile& f) {
  const Document& doc = f.doc;
  const YAML::Node& d = doc.root()["discrete"];
  if (!d.IsMap()) doc.fail(d, "'discrete': expected a mapping {step, lagrangian, ...}, got " + std::string(d.IsScalar() ? "a scalar" : "a list"));
  doc.check_keys(d, {"step", "quadrature", "lagrangian", "constraints", "forces", "force", "symmetry", "connection",
                     "horizontal", "horizontal_symmetry", "momentum", "simulate"},
                 "'discrete'");
  check_slot_names(f, d);
  Reading r{f, d, slot_reader(f, false)};
  DiscreteFile out{DiscreteInput{f.Q, read_step(r)}, slot_reader(f, true)};
  out.at.set("", doc.mark(doc.root()));
  out.at.set("discrete", doc.mark(d));
  if (d["quadrature"]) out.rule = read_rule(doc, d["quadrature"], out.alpha);
  read_lagrangian(r, out);
  read_constraints(r, out);
  // a continuous L and D also make the continuous system, in D's and D*'s charts (the Heun comparison)
  if (out.rule && out.variational.size() <= f.Q.dim()) refuse_reserved_names(f, f.Q.dim() - out.variational.size());
  read_forces(r, out);
  read_symmetric(r, out);
  if (d["simulate"]) out.simulation = read_simulation(r, out);
  return out;
}

}  // namespace hamel
