// io/modules/hybrid/hybrid_file.cpp
#include "io/modules/hybrid/hybrid_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <tuple>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "core/symbolic.hpp"
#include "geometry/lifts.hpp"
#include "io/modules/simulate_section.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

[[noreturn]] void unknown_name(const Document& doc, const YAML::Node& at, const std::string& what, const std::string& got,
                               const std::vector<std::string>& known) {
  std::string msg = what + ": unknown name '" + got + "'; expected " + one_of(known) + ", got '" + got + "'";
  if (auto d = did_you_mean(got, known)) msg += " (did you mean '" + *d + "'?)";
  doc.fail(at, msg);
}

std::vector<std::string> names_of(const Chart& c) {
  std::vector<std::string> v;
  for (std::size_t i = 0; i < c.dim(); ++i) v.push_back(c.coordinate_name(i));
  return v;
}


bool boolean(const Document& doc, const YAML::Node& n, const std::string& what) {
  const std::string v = doc.scalar(n, what);
  if (v != "true" && v != "false") doc.fail(n, what + ": expected true or false, got '" + v + "'");
  return v == "true";
}

Direction direction(const Document& doc, const YAML::Node& n, const std::string& what) {
  const std::string v = doc.scalar(n, what);
  if (v == "falling") return Direction::Falling;
  if (v == "rising") return Direction::Rising;
  if (v == "either") return Direction::Either;
  std::string msg = what + ": expected falling (h goes from > 0 to < 0), rising or either, got '" + v + "'";
  if (auto d = did_you_mean(v, {"falling", "rising", "either"})) msg += " (did you mean '" + *d + "'?)";
  doc.fail(n, msg);
}

// A vector field given as {coordinate: component}.
VectorField read_field(const Document& doc, const Chart& Q, const ExpressionReader& r, const YAML::Node& n,
                       const std::string& what) {
  std::vector<ex> comp(Q.dim(), 0);
  for (const auto& [k, v] : doc.mapping(n, what)) {
    const std::string c = doc.scalar(k, what);
    const auto i = Q.index_of(c);
    if (!i) unknown_name(doc, k, what, c, names_of(Q));
    comp[*i] = doc.expression(v, r, what + " component " + c);
  }
  return VectorField(Q, comp);
}

struct Readers {
  ExpressionReader q;       // q, parameters, functions of q, t, functions of t, definitions
  ExpressionReader tq;      // the same and q_dot
  ExpressionReader force;   // the same and p_q
};

// A Lagrangian and a force (on TQ, or all on T*Q: the derivation pulls it back); `key` prefixes the
// positions recorded ("" for the system's own, "domains.<d>.").
HybridDomainInput read_domain(const SystemFile& f, const Readers& r, const YAML::Node& lagrangian, const YAML::Node& force,
                              const std::string& key, SourceMap& at) {
  const Document& doc = f.doc;
  const Chart& Q = f.Q;
  const std::size_t n = Q.dim();
  HybridDomainInput d{"", doc.expression(lagrangian, r.tq, "'lagrangian'"), std::vector<ex>(n, 0), false};
  at.set(key + "lagrangian", doc.mark(lagrangian));
  require_real_lagrangian(f, lagrangian, d.lagrangian);
  warn_indefinite_kinetic_energy(f, lagrangian, d.lagrangian);
  if (force) at.set(key + "force", doc.mark(force));
  const auto v = velocities(Q), p = momenta(Q);
  bool uses_v = false, uses_p = false;
  for (const auto& [k, val] : doc.mapping(force, "'force'")) {
    const std::string c = doc.scalar(k, "'force'");
    const auto i = Q.index_of(c);
    if (!i) unknown_name(doc, k, "'force'", c, names_of(Q));
    d.force[*i] = doc.expression(val, r.force, "force component " + c);
    bool cv = false, cp = false;
    for (const ex& x : v) cv = cv || d.force[*i].has(x);
    for (const ex& x : p) cp = cp || d.force[*i].has(x);
    if (cv && cp)
      doc.fail(val, "force component " + c + ": expected a force in velocities (F^L on TQ) or in momenta (F on T∗Q), got both");
    uses_v = uses_v || cv;
    uses_p = uses_p || cp;
    if (uses_v && uses_p)
      doc.fail(val, "'force': expected every component in velocities (F^L) or every one in momenta (F), got a mixture");
  }
  d.force_on_momenta = uses_p;
  return d;
}

// One reading of a file: its readers, the names taken so far and what has been read.
struct Reading {
  const SystemFile& file;
  const Document& doc;
  const Chart& Q;
  std::size_t n;
  Readers r;
  ExpressionReader parameters;         // parameters (and t) only: restitutions, time functions
  DeclaredNames taken;                 // names used (duplicates are refused)
  std::vector<std::string> vnames;     // q and q_dot
  std::vector<std::pair<YAML::Node, ex>> restitutions;  // checked in [0, 1] once the values are known
  HybridFile out;

  explicit Reading(const SystemFile& f);
  void claim(const YAML::Node& at, const std::string& name, const std::string& what) { taken.claim(doc, at, name, what); }
};

Reading::Reading(const SystemFile& f)
    : file(f), doc(f.doc), Q(f.Q), n(f.Q.dim()), r{f.q, f.tq, f.tq}, taken(f.names), vnames(names_of(tangent_bundle(f.Q))),
      out{HybridInput{f.name, f.Q, {}}, {}, {}, {}, {}, {}} {
  out.at.set("", doc.mark(doc.root()));
  for (std::size_t i = 0; i < Q.parameters().size(); ++i) parameters.declare(Q.parameter_specs()[i].name, Q.parameters()[i]);
  for (std::size_t i = 0; i < n; ++i)
    r.q.hint(vnames[n + i], "velocities are allowed in the Lagrangian, the force, resets, conditions and "
                            "constants, not in surfaces h(t, q)");
  const Chart TsQ = cotangent_bundle(Q);
  const auto momenta_names = names_of(TsQ);
  for (std::size_t i = 0; i < n; ++i) {
    r.force.declare(momenta_names[n + i], TsQ[n + i]);
    r.q.hint(momenta_names[n + i], "momenta are allowed only in 'force'");
    r.tq.hint(momenta_names[n + i], "momenta are allowed only in 'force'");
  }
}

// time_dependent: true | {time: t, functions: {f: "2 - exp(t/10)"}}
void read_time(Reading& rd, const YAML::Node& td) {
  const Document& doc = rd.doc;
  std::string tname = "t";
  bool on = true;
  if (td.IsScalar()) {
    on = boolean(doc, td, "'time_dependent'");
  } else {
    if (!td.IsMap()) doc.fail(td, "'time_dependent': expected true, false or {time, functions}, got a list");
    doc.check_keys(td, {"time", "functions"}, "'time_dependent'");
    if (td["time"]) tname = doc.name(td["time"], "'time'");
  }
  // (a YAML::Node is copied at construction only: assignment would write into the document)
  const YAML::Node fnode = td.IsMap() ? td["functions"] : YAML::Node();
  if (!on) return;
  rd.claim(td.IsMap() && td["time"] ? td["time"] : td, tname, "the time");
  const ex t = GiNaC::realsymbol(tname);
  rd.out.time = t;
  for (ExpressionReader* x : {&rd.r.q, &rd.r.tq, &rd.r.force, &rd.parameters}) x->declare(tname, t);
  for (const auto& [k, v] : doc.mapping(fnode, "'functions'")) {
    const std::string fname = doc.name(k, "a function of time");
    refuse_builtin_name(doc, k, fname, "a function of time", true);
    rd.claim(k, fname, "a function of time");
    const AbstractFunction f = AbstractFunction::fresh(fname, 1);
    for (ExpressionReader* x : {&rd.r.q, &rd.r.tq, &rd.r.force}) x->declare_function(f);
    rd.out.function_names.push_back(fname);
    const bool has = v && !v.IsNull() && !(v.IsScalar() && v.Scalar().empty());
    rd.out.function_has_formula.push_back(has);
    rd.out.functions.push_back({f, has ? doc.expression(v, rd.parameters, "function " + fname) : ex(0)});
  }
}

// hybrid.domains: each domain's Lagrangian and force (the top-level ones when not given).
void read_domains(Reading& rd, const YAML::Node& hy, std::vector<std::string>& names) {
  const Document& doc = rd.doc;
  const YAML::Node& root = doc.root();
  for (const auto& [k, v] : doc.mapping(hy ? hy["domains"] : YAML::Node(), "'domains'")) {
    const std::string name = doc.name(k, "a domain name");
    rd.claim(k, name, "a domain");
    if (v && !v.IsNull() && !v.IsMap()) doc.fail(v, "domain " + name + ": expected a mapping {lagrangian, force}, got a scalar or list");
    if (v && v.IsMap()) doc.check_keys(v, {"lagrangian", "force"}, "domain " + name);
    names.push_back(name);
    rd.out.domains.push_back(read_domain(rd.file, rd.r, v && v["lagrangian"] ? v["lagrangian"] : root["lagrangian"],
                                         v && v["force"] ? v["force"] : root["force"], "domains." + name + ".", rd.out.at));
    rd.out.domains.back().name = name;
  }
}

// A guard's 'from' and 'to' domains (both 0 with a single domain).
std::pair<std::size_t, std::size_t> read_edge(const Reading& rd, const YAML::Node& gn, const std::string& what,
                                              const std::vector<std::string>& domain_names) {
  const Document& doc = rd.doc;
  const bool multi = !domain_names.empty();
  std::size_t from = 0, to = 0;
  if (gn["from"] || gn["to"]) {
    if (!multi) doc.fail(gn["from"] ? gn["from"] : gn["to"], what + ": 'from' and 'to' need 'hybrid.domains'; expected none, got one");
    for (const char* key : {"from", "to"}) {
      if (!gn[key]) doc.fail(gn, what + ": expected both 'from' and 'to', got only one");
      const std::string d = doc.scalar(gn[key], std::string("'") + key + "'");
      const auto it = std::find(domain_names.begin(), domain_names.end(), d);
      if (it == domain_names.end()) unknown_name(doc, gn[key], std::string("'") + key + "'", d, domain_names);
      (std::string(key) == "from" ? from : to) = static_cast<std::size_t>(it - domain_names.begin());
    }
  } else if (multi) {
    doc.fail(gn, what + ": with several domains every guard needs 'from' and 'to', got none");
  }
  return {from, to};
}

// 'reset' (velocities not given are unchanged) or 'newtonian: {restitution}' (000 (15)), whose reset the
// derivation solves.
void read_reset(Reading& rd, const YAML::Node& gn, const std::string& what, SwitchingComponent& C) {
  const Document& doc = rd.doc;
  const std::size_t n = rd.n;
  const auto& vnames = rd.vnames;
  if (gn["reset"] && gn["newtonian"]) doc.fail(gn["newtonian"], what + ": expected 'reset' or 'newtonian', got both");
  if (gn["reset"]) {
    C.reset = velocities(rd.Q);
    for (const auto& [k, v] : doc.mapping(gn["reset"], "'reset'")) {
      const std::string vn = doc.scalar(k, "'reset'");
      const auto it = std::find(vnames.begin() + static_cast<long>(n), vnames.end(), vn);
      if (it == vnames.end())
        unknown_name(doc, k, "'reset' of " + C.name, vn, std::vector<std::string>(vnames.begin() + static_cast<long>(n), vnames.end()));
      C.reset[static_cast<std::size_t>(it - vnames.begin()) - n] = doc.expression(v, rd.r.tq, "reset of " + vn);
    }
  } else if (gn["newtonian"]) {
    const YAML::Node& nw = gn["newtonian"];
    if (!nw.IsMap()) doc.fail(nw, "'newtonian': expected {restitution: e}, got a scalar or list");
    doc.check_keys(nw, {"restitution"}, "'newtonian'");
    C.restitution = nw["restitution"] ? doc.expression(nw["restitution"], rd.parameters, "'restitution'") : ex(1);
    if (nw["restitution"]) rd.restitutions.emplace_back(nw["restitution"], *C.restitution);
  } else {
    doc.fail(gn, what + ": expected 'reset' (the velocities after the impact) or 'newtonian: {restitution}', got neither");
  }
}

// One guard: {name, surface, direction, reset | newtonian, conditions, from, to}.
HybridGuardInput read_guard(Reading& rd, const YAML::Node& gn, const std::string& what, const std::vector<std::string>& domains) {
  const Document& doc = rd.doc;
  HybridGuardInput g;
  SwitchingComponent& C = g.component;
  if (!gn["name"]) doc.fail(gn, what + ": expected 'name', got none");
  C.name = doc.name(gn["name"], "'name'");
  rd.claim(gn["name"], C.name, "a guard");
  if (!gn["surface"]) doc.fail(gn, what + ": expected 'surface' (h(q), or h(t, q), = 0), got none");
  C.surface = doc.expression(gn["surface"], rd.r.q, "surface of " + C.name);
  rd.out.at.set("guards." + C.name, doc.mark(gn["surface"]));
  if (!gn["direction"]) doc.fail(gn, what + ": expected 'direction' (falling, rising or either), got none");
  C.direction = direction(doc, gn["direction"], "direction of " + C.name);
  std::tie(g.from, g.to) = read_edge(rd, gn, what, domains);
  read_reset(rd, gn, what, C);
  for (const auto& c : doc.sequence(gn["conditions"], "'conditions'"))
    C.conditions.push_back(doc.expression(c, rd.r.tq, "a condition of " + C.name));
  return g;
}

// hybrid: {guards, domains, constants}: one domain or several (the derivation builds the system or
// the automaton).
void read_hybrid_key(Reading& rd, const YAML::Node& hy, std::size_t& domains) {
  const Document& doc = rd.doc;
  std::vector<std::string> domain_names;
  read_domains(rd, hy, domain_names);
  domains = domain_names.size();
  const auto guards = doc.sequence(hy ? hy["guards"] : YAML::Node(), "'guards'");
  // a forced system reduced by Routh without impacts needs no guard (issue 19 §7)
  if (hy && guards.empty() && !hy["reduction"])
    doc.fail(hy, "'hybrid': expected 'guards' (a list of switching surfaces) or 'reduction', got neither");
  if (hy && hy["guards"]) rd.out.at.set("guards", doc.mark(hy["guards"]));
  for (std::size_t g = 0; g < guards.size(); ++g) {
    const YAML::Node& gn = guards[g];
    const std::string what = "guard " + std::to_string(g + 1);
    if (!gn.IsMap()) doc.fail(gn, what + ": expected a mapping {name, surface, direction, reset | newtonian}, got a scalar or list");
    doc.check_keys(gn, {"name", "surface", "direction", "reset", "newtonian", "conditions", "from", "to"}, what);
    rd.out.guards.push_back(read_guard(rd, gn, what, domain_names));
  }
  for (const auto& [k, v] : doc.mapping(hy ? hy["constants"] : YAML::Node(), "'constants'")) {
    const std::string name = doc.name(k, "a constant name");
    rd.claim(k, name, "a constant of the motion");
    rd.out.constants.emplace_back(name, doc.expression(v, rd.r.tq, "constant " + name));
  }
}

// reduction.coordinates, .map and .domain: the chart of the reduction (Q itself when neither is given),
// with the intervals where the zero test samples its coordinates (r > 0 for polar ones).
CoordinateChange read_chart(Reading& rd, const YAML::Node& rn) {
  const Document& doc = rd.doc;
  const Chart& Q = rd.Q;
  const std::size_t n = rd.n;
  if (!rn["map"] && !rn["coordinates"]) {
    if (rn["domain"])
      doc.fail(rn["domain"], "'domain' of 'reduction': expected 'coordinates' and 'map' beside it, got neither (the reduction's chart "
                             "is then Q; hint: give Q's intervals in the top-level 'domain')");
    return CoordinateChange{Q, Q, Q.coordinates()};
  }
  if (!rn["map"] || !rn["coordinates"]) doc.fail(rn, "'reduction': expected both 'coordinates' and 'map', got one of them");
  std::vector<std::string> un;
  for (const auto& c : doc.sequence(rn["coordinates"], "'coordinates'")) {
    const std::string name = doc.name(c, "a coordinate");
    if (std::find(un.begin(), un.end(), name) != un.end()) doc.fail(c, "'coordinates': duplicate name '" + name + "'");
    un.push_back(name);
  }
  if (un.size() != n)
    doc.fail(rn["coordinates"], "'coordinates': expected " + std::to_string(n) + " coordinates (as many as Q), got " +
                                    std::to_string(un.size()));
  const Chart U = Q.sibling("U", un, read_domain(doc, rn["domain"], un, "'domain' of 'reduction'"));
  ExpressionReader ur = rd.parameters;
  for (std::size_t i = 0; i < n; ++i) ur.declare(un[i], U[i]);
  std::vector<ex> images(n, ex());
  std::vector<bool> given(n, false);
  for (const auto& [k, v] : doc.mapping(rn["map"], "'map'")) {
    const std::string c = doc.scalar(k, "'map'");
    const auto i = Q.index_of(c);
    if (!i) unknown_name(doc, k, "'map'", c, names_of(Q));
    images[*i] = doc.expression(v, ur, "map of " + c);
    given[*i] = true;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (!given[i]) doc.fail(rn["map"], "'map': expected an expression for every coordinate of Q, got none for " + Q.coordinate_name(i));
  return CoordinateChange{Q, U, images};
}

// reduction.cyclic and .momenta: which coordinates are cyclic and the names of their momentum values.
std::vector<std::size_t> read_cyclic(const Reading& rd, const YAML::Node& rn, const Chart& U, std::vector<std::string>& mu_names) {
  const Document& doc = rd.doc;
  std::vector<std::size_t> cyclic;
  if (!rn["cyclic"]) doc.fail(rn, "'reduction': expected 'cyclic' (the cyclic coordinates), got none");
  for (const auto& c : doc.sequence(rn["cyclic"], "'cyclic'")) {
    const std::string name = doc.scalar(c, "'cyclic'");
    const auto i = U.index_of(name);
    if (!i) unknown_name(doc, c, "'cyclic'", name, names_of(U));
    cyclic.push_back(*i);
  }
  for (const auto& m : doc.sequence(rn["momenta"], "'momenta'")) mu_names.push_back(doc.name(m, "a momentum name"));
  if (!mu_names.empty() && mu_names.size() != cyclic.size())
    doc.fail(rn["momenta"], "'momenta': expected " + std::to_string(cyclic.size()) + " names (one per cyclic coordinate), got " +
                                std::to_string(mu_names.size()));
  return cyclic;
}

// hybrid.reduction: {coordinates, map, cyclic, momenta}: the chart, the cyclic coordinates and the
// symbols of the momentum values (the derivation checks the map and the reduction's hypotheses).
void read_reduction(Reading& rd, const YAML::Node& rn, std::size_t domains) {
  const Document& doc = rd.doc;
  if (!rn.IsMap()) doc.fail(rn, "'reduction': expected a mapping {coordinates, map, cyclic}, got a scalar or list");
  doc.check_keys(rn, {"coordinates", "map", "cyclic", "momenta", "domain"}, "'reduction'");
  if (domains > 0)
    doc.fail(rn, "'reduction': Routh reduction is for a single domain; expected no 'domains', got " + std::to_string(domains));
  HybridReductionInput red{read_chart(rd, rn), static_cast<bool>(rn["map"]), {}, {}, {}};
  rd.out.at.set("reduction", doc.mark(rn));
  if (rn["map"]) rd.out.at.set("reduction.map", doc.mark(rn["map"]));
  red.cyclic = read_cyclic(rd, rn, red.change.to, red.mu_names);
  rd.out.at.set("reduction.cyclic", doc.mark(rn["cyclic"]));
  for (std::size_t a = 0; a < red.cyclic.size(); ++a) {
    const std::string name = a < red.mu_names.size() ? red.mu_names[a] : "mu" + std::to_string(a + 1);
    rd.claim(rn["momenta"] ? rn["momenta"] : rn["cyclic"], name, "a momentum value");
    red.mu.push_back(GiNaC::realsymbol(name, latex_name(name)));  // mu1 prints as \mu_{1}
  }
  ExpressionReader& rr = rd.out.reduction_reader;
  rr = rd.parameters;
  const Chart TU = tangent_bundle(red.change.to);
  for (std::size_t i = 0; i < TU.dim(); ++i) rr.declare(TU.coordinate_name(i), TU[i]);
  for (const ex& mu : red.mu) rr.declare(detail::str(mu), mu);
  for (const auto& tf : rd.out.functions) rr.declare_function(tf.function);
  rd.out.reduction = red;
}

// simulate.values and .initial: every parameter, coordinate and velocity needs a number.
void read_values_and_initial(Reading& rd, const YAML::Node& sn, HybridSimulationSpec& spec) {
  const Document& doc = rd.doc;
  const Chart& Q = rd.Q;
  const auto& vnames = rd.vnames;
  std::vector<std::string> pnames;
  for (const auto& p : Q.parameter_specs()) pnames.push_back(p.name);
  for (const auto& [k, v] : doc.mapping(sn["values"], "'values'")) {
    const std::string pn = doc.scalar(k, "'values'");
    const auto it = std::find(pnames.begin(), pnames.end(), pn);
    if (it == pnames.end()) unknown_name(doc, k, "'values'", pn, pnames);
    spec.values[Q.parameter(pn)] = GiNaC::ex_to<GiNaC::numeric>(parameter_value(doc, v, Q, pn, "value of " + pn).evalf()).to_double();
  }
  for (const auto& pn : pnames)
    if (!spec.values.count(Q.parameter(pn)))
      doc.fail(sn["values"] ? sn["values"] : sn, "'values': expected a value for every parameter, got none for " + pn);
  // e outside [0, 1] gains energy at each impact (e = −3 made 332 impacts at one instant)
  for (const auto& [node, e] : rd.restitutions) {
    const ex v = e.subs(spec.values).evalf();
    if (!GiNaC::is_a<GiNaC::numeric>(v) || !(GiNaC::ex_to<GiNaC::numeric>(v).to_double() >= 0) ||
        GiNaC::ex_to<GiNaC::numeric>(v).to_double() > 1)
      doc.fail(node, "'restitution': expected a coefficient of restitution in [0, 1] with the simulation's values, got " +
                         detail::str(v));
  }
  for (std::size_t i = 0; i < rd.out.functions.size(); ++i)
    if (!rd.out.function_has_formula[i])
      doc.fail(doc.root()["time_dependent"], "function " + rd.out.function_names[i] +
                                                 ": the simulation needs a formula; expected e.g. '2 - exp(t/10)', got none");
  spec.functions = rd.out.functions;
  if (!sn["initial"]) doc.fail(sn, "'simulate': expected 'initial' (every coordinate and velocity), got none");
  spec.initial.assign(2 * rd.n, 0);
  std::vector<bool> given(2 * rd.n, false);
  for (const auto& [k, v] : doc.mapping(sn["initial"], "'initial'")) {
    const std::string c = doc.scalar(k, "'initial'");
    const auto it = std::find(vnames.begin(), vnames.end(), c);
    if (it == vnames.end()) unknown_name(doc, k, "'initial'", c, vnames);
    const auto i = static_cast<std::size_t>(it - vnames.begin());
    spec.initial[i] = doc.number(v, "initial " + c);
    given[i] = true;
  }
  for (std::size_t i = 0; i < 2 * rd.n; ++i)
    if (!given[i]) doc.fail(sn["initial"], "'initial': expected a value for every coordinate and velocity, got none for " + vnames[i]);
}

// simulate.time (or .t_start, .t_end), .tolerances and .max_impacts.
void read_integration(const Reading& rd, const YAML::Node& sn, HybridSimulationSpec& spec) {
  const Document& doc = rd.doc;
  // 'time' as every kind writes it (io/modules/simulate_section.hpp); t_start/t_end, this kind's older spelling
  if (sn["time"]) {
    if (sn["t_start"] || sn["t_end"])
      doc.fail(sn["time"], "'simulate': expected 'time' or 't_start'/'t_end', got both");
    std::tie(spec.t0, spec.t1) = read_simulate_time(doc, sn);
  } else {
    spec.t0 = sn["t_start"] ? doc.number(sn["t_start"], "'t_start'") : 0.0;
    if (!sn["t_end"]) doc.fail(sn, "'simulate': expected 'time' (the end time, or [t0, t1]), got none");
    spec.t1 = doc.number(sn["t_end"], "'t_end'");
    if (!(spec.t1 > spec.t0)) doc.fail(sn["t_end"], "'t_end': expected a time after t_start = " + detail::str(spec.t0) + ", got " + detail::str(spec.t1));
  }
  if (const YAML::Node& tol = sn["tolerances"]) {
    if (!tol.IsMap()) doc.fail(tol, "'tolerances': expected {abs, rel}, got a scalar or list");
    doc.check_keys(tol, {"abs", "rel"}, "'tolerances'");
    for (const char* key : {"abs", "rel"})
      if (tol[key]) {
        const double v = doc.number(tol[key], std::string("'") + key + "'");
        if (!(v > 0) || v > 0.1) doc.fail(tol[key], std::string("'") + key + "': expected a tolerance in (0, 0.1], got " + detail::str(v));
        (std::string(key) == "abs" ? spec.options.abs_tol : spec.options.rel_tol) = v;
      }
  }
  spec.options.max_events_name = "'max_impacts' in 'simulate'";
  if (sn["max_impacts"]) {
    const double v = doc.number(sn["max_impacts"], "'max_impacts'");
    if (!(v >= 1) || v != std::floor(v) || v > 1e9)
      doc.fail(sn["max_impacts"], "'max_impacts': expected a positive integer, got " + doc.scalar(sn["max_impacts"], ""));
    spec.options.max_events = static_cast<std::size_t>(v);
  }
}

// simulate.output, .reduced and .plot: where results go and what is compared and drawn.
void read_outputs(const Reading& rd, const YAML::Node& sn, HybridSimulationInput& si) {
  const Document& doc = rd.doc;
  if (sn["step"]) {
    if (sn["output"] && sn["output"]["step"]) doc.fail(sn["step"], "'simulate': expected 'step' or 'output: {step}', got both");
    si.spec.options.output_step = read_simulate_step(doc, sn, si.spec.t0, si.spec.t1);
  }
  if (const YAML::Node& o = sn["output"]) {
    if (!o.IsMap()) doc.fail(o, "'output': expected {csv, plot, step}, got a scalar or list");
    doc.check_keys(o, {"csv", "plot", "step"}, "'output'");
    if (o["csv"]) si.csv = doc.scalar(o["csv"], "'csv'");
    if (o["plot"]) si.plot = doc.scalar(o["plot"], "'plot'");
    if (o["step"]) {
      const double h = doc.number(o["step"], "'step'");
      if (!(h > 0) || (si.spec.t1 - si.spec.t0) / h > 1e7)
        doc.fail(o["step"], "'step': expected a positive step giving at most 1e7 samples, got " + detail::str(h));
      si.spec.options.output_step = h;
    }
  }
  if (sn["reduced"]) {
    si.reduced = boolean(doc, sn["reduced"], "'reduced'");
    if (si.reduced && !rd.out.reduction)
      doc.fail(sn["reduced"], "'reduced': the reduced simulation needs 'hybrid.reduction'; expected it, got none");
  }
  si.plane = read_simulate_plot(doc, sn, rd.Q, rd.file.q);
}

// simulate.initial_domain: where an automaton's run starts (the first of 'hybrid.domains' when not given).
void read_initial_domain(const Reading& rd, const YAML::Node& node, HybridSimulationSpec& spec) {
  const Document& doc = rd.doc;
  std::vector<std::string> names;
  for (const auto& d : rd.out.domains) names.push_back(d.name);
  if (names.empty()) doc.fail(node, "'initial_domain' needs 'hybrid.domains'; expected no 'initial_domain', got one");
  const std::string d = doc.scalar(node, "'initial_domain'");
  const auto it = std::find(names.begin(), names.end(), d);
  if (it == names.end()) unknown_name(doc, node, "'initial_domain'", d, names);
  spec.initial_domain = static_cast<DomainId>(it - names.begin());
}

// simulate: {values, initial, initial_domain, time (or t_start, t_end), step, tolerances, max_impacts, output,
// reduced, plot}; the derivation adds the momenta J_<generator> as observables.
void read_simulation(Reading& rd, const YAML::Node& sn) {
  const Document& doc = rd.doc;
  if (!sn.IsMap()) doc.fail(sn, "'simulate': expected a mapping {values, initial, time, ...}, got a scalar or list");
  doc.check_keys(sn, {"values", "initial", "initial_domain", "time", "step", "t_start", "t_end", "tolerances", "max_impacts", "output",
                      "reduced", "plot"},
                 "'simulate'");
  HybridSimulationInput si;
  read_values_and_initial(rd, sn, si.spec);
  si.initial_at = doc.mark(sn["initial"]);
  if (sn["initial_domain"]) read_initial_domain(rd, sn["initial_domain"], si.spec);
  read_integration(rd, sn, si.spec);
  read_outputs(rd, sn, si);
  rd.out.simulation = si;
}

}  // namespace

bool is_hybrid_file(const SystemFile& f) {
  const YAML::Node& root = f.doc.root();
  return root["hybrid"] || root["force"] || root["time_dependent"];
}

HybridFile read_hybrid(const SystemFile& file) {
  Reading rd(file);
  const Document& doc = rd.doc;
  const YAML::Node& root = doc.root();
  if (const YAML::Node& td = root["time_dependent"]) read_time(rd, td);
  if (!root["lagrangian"])
    throw ParseError(doc.file(), 1, 1, "missing key 'lagrangian'; expected L(q, q_dot) of the system, got none");
  rd.out.system = read_domain(file, rd.r, root["lagrangian"], root["force"], "", rd.out.at);
  for (const auto& [k, v] : doc.mapping(root["symmetry"], "'symmetry'")) {
    const std::string name = doc.name(k, "a symmetry generator name");
    rd.claim(k, name, "a symmetry generator");
    rd.out.generators.push_back({name, read_field(doc, rd.Q, file.q, v, "symmetry generator " + name)});
  }
  const YAML::Node& hy = root["hybrid"];
  if (hy && !hy.IsMap()) doc.fail(hy, "'hybrid': expected a mapping with 'guards', got " + std::string(hy.IsSequence() ? "a list" : "a scalar"));
  if (hy) doc.check_keys(hy, {"guards", "domains", "constants", "reduction"}, "'hybrid'");
  std::size_t domains = 0;
  read_hybrid_key(rd, hy, domains);
  rd.out.reader = rd.r.force;
  if (hy && hy["reduction"]) read_reduction(rd, hy["reduction"], domains);
  if (const YAML::Node& sn = root["simulate"]) read_simulation(rd, sn);
  return std::move(rd.out);
}

}  // namespace hamel
