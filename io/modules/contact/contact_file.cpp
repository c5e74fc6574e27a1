// io/modules/contact/contact_file.cpp — reading the contact keys of a system file.
#include "io/modules/contact/contact_file.hpp"

#include <cmath>
#include <tuple>

#include "core/error.hpp"
#include "core/number_text.hpp"
#include "geometry/lifts.hpp"
#include "io/modules/simulate_section.hpp"

namespace hamel {

namespace {

const char* kZHint = "z is the action variable, allowed only in the Lagrangian";

// The node where the name `n` is declared (coordinates, parameters, functions, definitions).
YAML::Node declaration_of(const Document& doc, const std::string& n) {
  const YAML::Node& root = doc.root();
  if (root["coordinates"] && root["coordinates"].IsSequence())
    for (const auto& c : root["coordinates"])
      if (c.IsScalar() && c.Scalar() == n) return c;
  if (root["parameters"] && root["parameters"].IsSequence())
    for (const auto& p : root["parameters"]) {
      if (p.IsScalar() && p.Scalar() == n) return p;
      if (p.IsMap() && p["name"] && p["name"].IsScalar() && p["name"].Scalar() == n) return p["name"];
    }
  if (root["functions"] && root["functions"].IsSequence())
    for (const auto& f : root["functions"])
      if (f.IsScalar() && f.Scalar().rfind(n + "(", 0) == 0) return f;
  if (root["definitions"] && root["definitions"].IsMap())
    for (auto it = root["definitions"].begin(); it != root["definitions"].end(); ++it)
      if (it->first.IsScalar() && it->first.Scalar() == n) return it->first;
  return root;
}

// The key node of `k` in a mapping (for errors about a key as a whole).
YAML::Node key_of(const YAML::Node& map, const std::string& k) {
  for (auto it = map.begin(); it != map.end(); ++it)
    if (it->first.IsScalar() && it->first.Scalar() == k) return it->first;
  return map;
}

struct Inequality {
  GiNaC::ex positive;  // the region is {positive > 0} (strict) or {positive >= 0}
  bool strict = true;
};

// "lhs OP rhs" with OP one of < <= > >=.
Inequality read_inequality(const Document& doc, const YAML::Node& n, const ExpressionReader& r, const std::string& what) {
  const std::string text = doc.scalar(n, what);
  std::size_t at = std::string::npos, len = 0;
  char op = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '<' || text[i] == '>') {
      if (at != std::string::npos)
        doc.fail(n, what + ": expected one comparison, got a second '" + std::string(1, text[i]) + "' in '" + text + "'");
      at = i;
      op = text[i];
      len = i + 1 < text.size() && text[i + 1] == '=' ? 2 : 1;
      i += len - 1;
    }
  if (at == std::string::npos)
    doc.fail(n, what + ": expected an inequality such as 'x > 0' or 'x^2 + y^2 <= 1', got '" + text + "'");
  SourcePos p = doc.pos(n);
  const std::string lhs = text.substr(0, at), rhs = text.substr(at + len);
  const auto parse = [&](const std::string& s, int offset) {
    SourcePos q = p;
    q.column += offset;
    try {
      return r.parse(s, q);
    } catch (const ParseError& e) {
      throw ParseError(e.file(), e.line(), e.column(), what + ": " + e.message());
    }
  };
  if (lhs.find_first_not_of(' ') == std::string::npos || rhs.find_first_not_of(' ') == std::string::npos)
    doc.fail(n, what + ": expected an expression on both sides of the comparison, got '" + text + "'");
  const GiNaC::ex a = parse(lhs, 0), b = parse(rhs, static_cast<int>(at + len));
  return {op == '>' ? a - b : b - a, len == 1};
}



bool depends_on_coordinates(const GiNaC::ex& e, const Chart& Q) {
  for (const auto& q : Q.coordinates())
    if (e.has(q)) return true;
  return false;
}

// A list of constraints (linear in the velocities: the derivation checks them), each position
// recorded at `key`.<k>.
std::vector<GiNaC::ex> read_constraint_list(const Document& doc, const YAML::Node& n, const ExpressionReader& r,
                                            const std::string& what, const std::string& key, SourceMap& at) {
  std::vector<GiNaC::ex> constraints;
  const auto nodes = doc.sequence(n, what);
  if (nodes.empty()) doc.fail(n, what + ": expected at least one constraint, got an empty list");
  at.set(key, doc.mark(n));
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    at.set(key + "." + std::to_string(k + 1), doc.mark(nodes[k]));
    constraints.push_back(doc.expression(nodes[k], r, what + " " + std::to_string(k + 1)));
  }
  return constraints;
}

// The file must declare itself action-dependent, leave the name z free and give a Lagrangian;
// these come first so that a non-contact file gets the message about its contact keys.
void check_contact_header(const SystemFile& f) {
  const Document& doc = f.doc;
  const YAML::Node& root = doc.root();
  if (!is_action_dependent(f)) {
    for (const char* k : {"impulsive", "switching"})
      if (root[k])
        doc.fail(key_of(root, k), std::string("'") + k + "' belongs to contact systems; expected 'action_dependent: true' in the file, got " +
                              (root["action_dependent"] ? "'action_dependent: false'" : "none"));
    doc.fail(root["action_dependent"], "'action_dependent': a contact system needs true, got false");
  }
  if (f.names.contains("z"))
    doc.fail(declaration_of(doc, "z"),
             "the name 'z' is the action variable of an action-dependent system (001 (3)); expected another name, got 'z'");
  if (!root["lagrangian"])
    throw ParseError(doc.file(), 1, 1, "missing key 'lagrangian'; expected L(q, q_dot, z) of the contact system, got none");
}

// TQ × R (the Lagrangian side) and T*Q × R (the momentum names p_q must be free).
struct ContactCharts {
  Chart TQR, M;
};

ContactCharts contact_charts(const SystemFile& f) {
  const Chart TQR = contact_tangent_bundle(f.Q);
  ContactCharts c{TQR, TQR};
  try {
    c.M = contact_cotangent_bundle(f.Q);
  } catch (const InvalidArgument& e) {
    f.doc.fail(f.doc.root()["coordinates"], "the momenta p_<coordinate> of T∗Q × R are reserved names; expected other names for "
                                            "parameters and functions, got a clash (" + without_function_name(e.what()) + ")");
  }
  return c;
}

// The reader of T*Q × R: q, p_q, z, parameters, functions, definitions; a velocity name gets a hint.
ExpressionReader dual_reader(const SystemFile& f, const ContactCharts& c) {
  const Chart& Q = f.Q;
  ExpressionReader dual;
  for (std::size_t i = 0; i < Q.dim(); ++i) dual.declare(Q.coordinate_name(i), Q[i]);
  for (std::size_t i = 0; i < Q.parameters().size(); ++i) dual.declare(Q.parameter_specs()[i].name, Q.parameters()[i]);
  for (const auto& fs : Q.function_specs()) dual.declare_function(Q.function(fs.name));
  for (const auto& [name, value] : f.definitions) dual.declare(name, value);
  for (std::size_t i = 0; i < Q.dim(); ++i) {
    dual.declare(c.M.coordinate_name(Q.dim() + i), c.M[Q.dim() + i]);
    dual.hint(c.TQR.coordinate_name(Q.dim() + i), "on T∗Q × R use the momenta p_<coordinate>");
  }
  dual.declare("z", action_variable(c.M));
  return dual;
}

// Wall and switch names share one namespace with each other and with the file's other names.
struct NameRegistry {
  const SystemFile& f;
  DeclaredNames names;  // the file's, then the walls' and switches'

  void claim(const YAML::Node& k, const std::string& n, const std::string& what) { names.claim(f.doc, k, n, what); }
};

// The readers and charts that every section after the Lagrangian needs.
struct ContactContext {
  const SystemFile& f;
  const ContactCharts& charts;
  const ExpressionReader& on_q;   // functions of q (z hinted as not allowed)
  const ExpressionReader& on_tq;  // functions of (q, q_dot) (z hinted as not allowed)
};

// Restitution: a constant (numbers or parameters) in [0, 1] when it is a number.
GiNaC::ex read_restitution(const ContactContext& c, const YAML::Node& v, const std::string& what) {
  const Document& doc = c.f.doc;
  if (!v["restitution"]) return 1;
  const GiNaC::ex alpha = doc.expression(v["restitution"], c.on_q, what + " 'restitution'");
  if (depends_on_coordinates(alpha, c.f.Q))
    doc.fail(v["restitution"], what + ": expected a constant restitution (a number or parameters), got one depending on the coordinates");
  const GiNaC::ex a = alpha.evalf();
  if (GiNaC::is_a<GiNaC::numeric>(a) &&
      (!GiNaC::ex_to<GiNaC::numeric>(a).is_real() || GiNaC::ex_to<GiNaC::numeric>(a) < 0 || GiNaC::ex_to<GiNaC::numeric>(a) > 1))
    doc.fail(v["restitution"], what + ": expected a restitution coefficient in [0, 1], got '" + doc.scalar(v["restitution"], "") + "'");
  return alpha;
}

// One impulsive one-sided constraint Ψ(q) ≥ 0 (003 §3.1).
void read_wall(const ContactContext& c, NameRegistry& names, const YAML::Node& k, const YAML::Node& v, ContactFile& out) {
  const Document& doc = c.f.doc;
  const std::string n = doc.name(k, "an impulsive constraint name");
  names.claim(k, n, "an impulsive constraint");
  const std::string what = "impulsive constraint " + n;
  doc.mapping(v, what);
  doc.check_keys(v, {"constraint", "restitution"}, what);
  if (!v["constraint"]) doc.fail(v, what + ": expected 'constraint' (e.g. \"x^2 + y^2 <= 1\"), got none");
  const Inequality in = read_inequality(doc, v["constraint"], c.on_q, what + " 'constraint'");
  if (!depends_on_coordinates(in.positive, c.f.Q))
    doc.fail(v["constraint"], what + ": expected an inequality in the coordinates, got a constant one");
  out.at.set("impulsive." + n, doc.mark(v["constraint"]));
  out.walls.push_back({n, in.positive, read_restitution(c, v, what), doc.scalar(v["constraint"], "")});
}

// One switching constraint set (003 §4).
void read_switch(const ContactContext& c, NameRegistry& names, const YAML::Node& k, const YAML::Node& v, ContactFile& out) {
  const Document& doc = c.f.doc;
  const Chart& Q = c.f.Q;
  const std::string n = doc.name(k, "a switching constraint name");
  names.claim(k, n, "a switching constraint");
  const std::string what = "switching constraint " + n;
  doc.mapping(v, what);
  doc.check_keys(v, {"where", "constraints"}, what);
  if (!v["where"]) doc.fail(v, what + ": expected 'where' (e.g. \"x > 0\"), got none");
  if (!v["constraints"]) doc.fail(v, what + ": expected 'constraints' (linear in the velocities), got none");
  const Inequality in = read_inequality(doc, v["where"], c.on_q, what + " 'where'");
  if (!depends_on_coordinates(in.positive, Q))
    doc.fail(v["where"], what + ": expected an inequality in the coordinates, got a constant one");
  out.switches.push_back({n, in.positive, in.strict,
                          read_constraint_list(doc, v["constraints"], c.on_tq, what + ", constraint", "switching." + n, out.at),
                          doc.scalar(v["where"], "")});
}

// Always-active constraints (003 (15)), then walls, then switches; names are claimed in file order.
void read_constraints(const ContactContext& c, ContactFile& out) {
  const Document& doc = c.f.doc;
  const YAML::Node& root = doc.root();
  if (root["constraints"]) out.constraints = read_constraint_list(doc, root["constraints"], c.on_tq, "constraint", "constraints", out.at);
  NameRegistry names{c.f, c.f.names};
  for (const auto& [k, v] : doc.mapping(root["impulsive"], "'impulsive'")) read_wall(c, names, k, v, out);
  for (const auto& [k, v] : doc.mapping(root["switching"], "'switching'")) read_switch(c, names, k, v, out);
  if (out.switches.size() > 16)
    doc.fail(root["switching"], "'switching': expected at most 16 switching constraint sets, got " +
                                    std::to_string(out.switches.size()));
}

// Every expression of the system that may hold a parameter.
std::vector<GiNaC::ex> system_expressions(const ContactInput& sys) {
  std::vector<GiNaC::ex> used{sys.lagrangian};
  for (const auto& w : sys.walls) used.push_back(w.psi), used.push_back(w.restitution);
  for (const auto& sw : sys.switches) {
    used.push_back(sw.where);
    used.insert(used.end(), sw.constraints.begin(), sw.constraints.end());
  }
  used.insert(used.end(), sys.constraints.begin(), sys.constraints.end());
  return used;
}

// Every parameter the system uses needs a value; with them, every restitution must lie in [0, 1].
void check_values(const Document& doc, const YAML::Node& s, const Chart& Q, const ContactInput& sys,
                  const ContactSimulationSpec& spec) {
  require_simulate_values(doc, s, Q, spec.values, system_expressions(sys));
  const YAML::Node& root = doc.root();
  for (const auto& w : sys.walls) {
    const GiNaC::ex a = w.restitution.subs(spec.values).evalf();
    const double av = GiNaC::ex_to<GiNaC::numeric>(a).to_double();
    if (!(av >= 0 && av <= 1))
      doc.fail(root["impulsive"][w.name]["restitution"] ? root["impulsive"][w.name]["restitution"] : s["values"],
               "impulsive constraint " + w.name + ": expected a restitution coefficient in [0, 1], got " + number_text(av) +
                   " with the values of 'simulate'");
  }
}

// Initial state on TQ × R: every coordinate and velocity; z defaults to 0.
void read_initial(const Document& doc, const YAML::Node& s, const Chart& T, ContactSimulationSpec& spec) {
  if (!s["initial"]) doc.fail(s, "'simulate': expected 'initial' (every coordinate and velocity, and z), got none");
  std::vector<std::string> state_names;
  for (std::size_t i = 0; i < T.dim(); ++i) state_names.push_back(T.coordinate_name(i));
  std::vector<std::optional<double>> init(T.dim());
  for (const auto& [k, v] : doc.mapping(s["initial"], "'simulate: initial'")) {
    const std::string n = doc.scalar(k, "an initial value");
    const auto i = T.index_of(n);
    if (!i) {
      std::string msg = "'simulate: initial': unknown name '" + n + "'; expected a coordinate, a velocity or z, got '" + n + "'";
      if (auto d = did_you_mean(n, state_names)) msg += " (did you mean '" + *d + "'?)";
      doc.fail(k, msg);
    }
    init[*i] = doc.number(v, "initial value of " + n);
  }
  if (!init.back()) init.back() = 0.0;
  std::string absent;
  for (std::size_t i = 0; i < T.dim(); ++i)
    if (!init[i]) absent += (absent.empty() ? "" : ", ") + state_names[i];
  if (!absent.empty()) doc.fail(s["initial"], "'simulate: initial': expected a value for every coordinate and velocity, got none for " + absent);
  for (const auto& v : init) spec.initial.push_back(*v);
}

// The output grid and the event budget, both optional; bounded so a typo cannot exhaust memory.
void read_step_and_events(const Document& doc, const YAML::Node& s, ContactSimulationSpec& spec) {
  spec.step = read_simulate_step(doc, s, spec.t0, spec.t1);
  spec.max_events_name = "'max_events' in 'simulate'";
  if (s["max_events"]) {
    const double m = doc.number(s["max_events"], "'simulate: max_events'");
    if (!(m >= 1 && m <= 1e7) || m != std::floor(m))
      doc.fail(s["max_events"], "'simulate: max_events': expected a whole number between 1 and 1e7, got " + doc.scalar(s["max_events"], ""));
    spec.max_events = static_cast<std::size_t>(m);
  }
}

// The 'simulate' section, read after the system because the values must cover its parameters.
std::optional<ContactSimulationSpec> read_simulation(const SystemFile& f, const Chart& TQR, const ContactInput& sys) {
  const Document& doc = f.doc;
  if (!doc.root()["simulate"]) return std::nullopt;
  const YAML::Node& s = doc.root()["simulate"];
  doc.mapping(s, "'simulate'");
  doc.check_keys(s, {"values", "initial", "time", "step", "max_events", "plot"}, "'simulate'");
  ContactSimulationSpec spec;
  spec.values = read_simulate_values(doc, s, f.Q);
  check_values(doc, s, f.Q, sys, spec);
  read_initial(doc, s, TQR, spec);
  std::tie(spec.t0, spec.t1) = read_simulate_time(doc, s);
  read_step_and_events(doc, s, spec);
  return spec;
}

}  // namespace

bool is_action_dependent(const SystemFile& f) {
  const YAML::Node& n = f.doc.root()["action_dependent"];
  if (!n) return false;
  const std::string v = f.doc.scalar(n, "'action_dependent'");
  if (v != "true" && v != "false") f.doc.fail(n, "'action_dependent': expected true or false, got '" + v + "'");
  return v == "true";
}

bool uses_contact_keys(const SystemFile& f) {
  const YAML::Node& root = f.doc.root();
  return static_cast<bool>(root["action_dependent"]) || static_cast<bool>(root["impulsive"]) ||
         static_cast<bool>(root["switching"]);
}

ContactFile read_contact(const SystemFile& f) {
  check_contact_header(f);
  const ContactCharts charts = contact_charts(f);
  ExpressionReader tqz = f.tq;
  tqz.declare("z", action_variable(charts.TQR));
  // z is read only in the Lagrangian; elsewhere it gets a hint instead of "undeclared"
  ExpressionReader on_q = f.q, on_tq = f.tq;
  on_q.hint("z", kZHint);
  on_tq.hint("z", kZHint);

  const GiNaC::ex Lx = f.doc.expression(f.doc.root()["lagrangian"], tqz, "'lagrangian'");
  require_real_lagrangian(f, f.doc.root()["lagrangian"], Lx);
  warn_indefinite_kinetic_energy(f, f.doc.root()["lagrangian"], Lx);
  ContactFile out{ContactInput{f.Q, Lx}, tqz, dual_reader(f, charts)};
  out.at.set("", f.doc.mark(f.doc.root()));
  out.at.set("lagrangian", f.doc.mark(f.doc.root()["lagrangian"]));
  read_constraints(ContactContext{f, charts, on_q, on_tq}, out);
  out.simulation = read_simulation(f, charts.TQR, out);
  if (out.simulation) {
    out.at.set("simulate", f.doc.mark(f.doc.root()["simulate"]));
    out.at.set("simulate.initial", f.doc.mark(f.doc.root()["simulate"]["initial"]));
  }
  if (out.simulation) out.plot = read_simulate_plot(f.doc, f.doc.root()["simulate"], f.Q, on_q);
  return out;
}

}  // namespace hamel
