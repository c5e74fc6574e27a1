// io/modules/hybrid/hybrid_file.cpp
#include "io/modules/hybrid/hybrid_file.hpp"

#include <cmath>
#include <cstdlib>

#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "geometry/lifts.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

std::string known_list(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += " " + n;
  return s;
}

[[noreturn]] void unknown_name(const Document& doc, const YAML::Node& at, const std::string& what, const std::string& got,
                               const std::vector<std::string>& known) {
  std::string msg = what + ": unknown name '" + got + "'; expected one of" + known_list(known) + ", got '" + got + "'";
  if (auto d = did_you_mean(got, known)) msg += " (did you mean '" + *d + "'?)";
  doc.fail(at, msg);
}

std::vector<std::string> names_of(const Chart& c) {
  std::vector<std::string> v;
  for (std::size_t i = 0; i < c.dim(); ++i) v.push_back(c.coordinate_name(i));
  return v;
}

double number(const Document& doc, const YAML::Node& n, const std::string& what) {
  const std::string s = doc.scalar(n, what);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end && *end == '\0' && !s.empty() && std::isfinite(v)) return v;
  const ExpressionReader constants;
  const ex e = doc.expression(n, constants, what).evalf();
  if (!GiNaC::is_a<GiNaC::numeric>(e) || !GiNaC::ex_to<GiNaC::numeric>(e).is_real())
    doc.fail(n, what + ": expected a real number, got '" + s + "'");
  const double d = GiNaC::ex_to<GiNaC::numeric>(e).to_double();
  if (!std::isfinite(d)) doc.fail(n, what + ": expected a finite number, got '" + s + "'");
  return d;
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

ForcedLagrangianSystem read_domain_system(const SystemFile& f, const Readers& r, const YAML::Node& lagrangian,
                                          const YAML::Node& force, const std::optional<ex>& t, bool& on_momenta) {
  const Document& doc = f.doc;
  const Chart& Q = f.Q;
  const std::size_t n = Q.dim();
  const ex L = doc.expression(lagrangian, r.tq, "'lagrangian'");
  std::optional<ForcedLagrangianSystem> base;
  try {
    base.emplace(Q, L, std::vector<ex>(n, 0), t);
  } catch (const std::exception& e) {
    doc.fail(lagrangian, "'lagrangian': " + without_function_name(e.what()));
  }
  std::vector<ex> F(n, 0);
  const auto v = velocities(Q), p = momenta(Q);
  bool uses_v = false, uses_p = false;
  for (const auto& [k, val] : doc.mapping(force, "'force'")) {
    const std::string c = doc.scalar(k, "'force'");
    const auto i = Q.index_of(c);
    if (!i) unknown_name(doc, k, "'force'", c, names_of(Q));
    F[*i] = doc.expression(val, r.force, "force component " + c);
    bool cv = false, cp = false;
    for (const ex& x : v) cv = cv || F[*i].has(x);
    for (const ex& x : p) cp = cp || F[*i].has(x);
    if (cv && cp)
      doc.fail(val, "force component " + c + ": expected a force in velocities (F^L on TQ) or in momenta (F on T*Q), got both");
    uses_v = uses_v || cv;
    uses_p = uses_p || cp;
    if (uses_v && uses_p)
      doc.fail(val, "'force': expected every component in velocities (F^L) or every one in momenta (F), got a mixture");
  }
  on_momenta = uses_p;
  if (uses_p) {
    // F^L = FL*F: F^L_i(q, q̇) = F_i(q, ∂L/∂q̇) (docs/hybrid.md §1)
    const auto to_v = pullback_by_legendre(*base);
    for (auto& x : F) x = simplify(x.subs(to_v));
  }
  try {
    return ForcedLagrangianSystem(Q, L, F, t);
  } catch (const std::exception& e) {
    doc.fail(force ? force : lagrangian, "'force': " + without_function_name(e.what()));
  }
}

}  // namespace

bool is_hybrid_file(const SystemFile& f) {
  const YAML::Node& root = f.doc.root();
  return root["hybrid"] || root["force"] || root["time_dependent"];
}

HybridFile read_hybrid(const SystemFile& file) {
  const Document& doc = file.doc;
  const YAML::Node& root = doc.root();
  const Chart& Q = file.Q;
  const std::size_t n = Q.dim();
  HybridFile out;
  out.name = file.name;
  std::vector<std::string> taken = file.names;
  const auto claim = [&](const YAML::Node& at, const std::string& name, const std::string& what) {
    if (std::find(taken.begin(), taken.end(), name) != taken.end())
      doc.fail(at, "duplicate name '" + name + "' for " + what + "; expected a name not used elsewhere in the file, got '" +
                       name + "' again");
    taken.push_back(name);
  };
  Readers r{file.q, file.tq, file.tq};
  ExpressionReader parameters;  // parameters (and t) only: restitutions, time functions
  for (std::size_t i = 0; i < Q.parameters().size(); ++i) parameters.declare(Q.parameter_specs()[i].name, Q.parameters()[i]);
  const auto velocity_names = names_of(tangent_bundle(Q));
  for (std::size_t i = 0; i < n; ++i)
    r.q.hint(velocity_names[n + i], "velocities are allowed in the Lagrangian, the force, resets, conditions and "
                                    "constants, not in surfaces h(t, q)");
  const auto momenta_names = names_of(cotangent_bundle(Q));
  for (std::size_t i = 0; i < n; ++i) {
    r.force.declare(momenta_names[n + i], cotangent_bundle(Q)[n + i]);
    r.q.hint(momenta_names[n + i], "momenta are allowed only in 'force'");
    r.tq.hint(momenta_names[n + i], "momenta are allowed only in 'force'");
  }

  // time_dependent: true | {time: t, functions: {f: "2 - exp(t/10)"}}
  if (const YAML::Node& td = root["time_dependent"]) {
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
    if (on) {
      claim(td.IsMap() && td["time"] ? td["time"] : td, tname, "the time");
      const ex t = GiNaC::realsymbol(tname);
      out.time = t;
      for (ExpressionReader* x : {&r.q, &r.tq, &r.force, &parameters}) x->declare(tname, t);
      for (const auto& [k, v] : doc.mapping(fnode, "'functions'")) {
        const std::string fname = doc.name(k, "a function of time");
        claim(k, fname, "a function of time");
        const AbstractFunction f = AbstractFunction::fresh(fname, 1);
        for (ExpressionReader* x : {&r.q, &r.tq, &r.force}) x->declare_function(f);
        out.function_names.push_back(fname);
        const bool has = v && !v.IsNull() && !(v.IsScalar() && v.Scalar().empty());
        out.function_has_formula.push_back(has);
        out.functions.push_back({f, has ? doc.expression(v, parameters, "function " + fname) : ex(0)});
      }
    }
  }

  if (!root["lagrangian"])
    throw ParseError(doc.file(), 1, 1, "missing key 'lagrangian'; expected L(q, q_dot) of the system, got none");
  const ForcedLagrangianSystem sys =
      read_domain_system(file, r, root["lagrangian"], root["force"], out.time, out.force_on_momenta);

  for (const auto& [k, v] : doc.mapping(root["symmetry"], "'symmetry'")) {
    const std::string name = doc.name(k, "a symmetry generator name");
    claim(k, name, "a symmetry generator");
    out.generators.push_back({name, read_field(doc, Q, file.q, v, "symmetry generator " + name)});
  }

  // hybrid: {guards, domains, constants, reduction}
  const YAML::Node& hy = root["hybrid"];
  if (hy && !hy.IsMap()) doc.fail(hy, "'hybrid': expected a mapping with 'guards', got " + std::string(hy.IsSequence() ? "a list" : "a scalar"));
  if (hy) doc.check_keys(hy, {"guards", "domains", "constants", "reduction"}, "'hybrid'");
  std::vector<std::string> domain_names;
  std::vector<ForcedLagrangianSystem> domain_systems;
  for (const auto& [k, v] : doc.mapping(hy ? hy["domains"] : YAML::Node(), "'domains'")) {
    const std::string name = doc.name(k, "a domain name");
    claim(k, name, "a domain");
    if (v && !v.IsNull() && !v.IsMap()) doc.fail(v, "domain " + name + ": expected a mapping {lagrangian, force}, got a scalar or list");
    if (v && v.IsMap()) doc.check_keys(v, {"lagrangian", "force"}, "domain " + name);
    bool on_p = false;
    domain_names.push_back(name);
    domain_systems.push_back(read_domain_system(file, r, v && v["lagrangian"] ? v["lagrangian"] : root["lagrangian"],
                                                v && v["force"] ? v["force"] : root["force"], out.time, on_p));
  }
  const bool multi = !domain_names.empty();
  std::vector<SwitchingComponent> comps;
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  const auto vnames = names_of(tangent_bundle(Q));
  const auto guards = doc.sequence(hy ? hy["guards"] : YAML::Node(), "'guards'");
  if (hy && guards.empty()) doc.fail(hy, "'hybrid': expected 'guards' (a list of switching surfaces), got none");
  for (std::size_t g = 0; g < guards.size(); ++g) {
    const YAML::Node& gn = guards[g];
    const std::string what = "guard " + std::to_string(g + 1);
    if (!gn.IsMap()) doc.fail(gn, what + ": expected a mapping {name, surface, direction, reset | newtonian}, got a scalar or list");
    doc.check_keys(gn, {"name", "surface", "direction", "reset", "newtonian", "conditions", "from", "to"}, what);
    SwitchingComponent C;
    if (!gn["name"]) doc.fail(gn, what + ": expected 'name', got none");
    C.name = doc.name(gn["name"], "'name'");
    claim(gn["name"], C.name, "a guard");
    if (!gn["surface"]) doc.fail(gn, what + ": expected 'surface' (h(q), or h(t, q), = 0), got none");
    C.surface = doc.expression(gn["surface"], r.q, "surface of " + C.name);
    if (!gn["direction"]) doc.fail(gn, what + ": expected 'direction' (falling, rising or either), got none");
    C.direction = direction(doc, gn["direction"], "direction of " + C.name);
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
    const ForcedLagrangianSystem& src = multi ? domain_systems[from] : sys;
    if (gn["reset"] && gn["newtonian"]) doc.fail(gn["newtonian"], what + ": expected 'reset' or 'newtonian', got both");
    if (gn["reset"]) {
      C.reset = src.velocities();  // velocities not given are unchanged
      for (const auto& [k, v] : doc.mapping(gn["reset"], "'reset'")) {
        const std::string vn = doc.scalar(k, "'reset'");
        const auto it = std::find(vnames.begin() + static_cast<long>(n), vnames.end(), vn);
        if (it == vnames.end())
          unknown_name(doc, k, "'reset' of " + C.name, vn, std::vector<std::string>(vnames.begin() + static_cast<long>(n), vnames.end()));
        C.reset[static_cast<std::size_t>(it - vnames.begin()) - n] = doc.expression(v, r.tq, "reset of " + vn);
      }
    } else if (gn["newtonian"]) {
      const YAML::Node& nw = gn["newtonian"];
      if (!nw.IsMap()) doc.fail(nw, "'newtonian': expected {restitution: e}, got a scalar or list");
      doc.check_keys(nw, {"restitution"}, "'newtonian'");
      const ex e = nw["restitution"] ? doc.expression(nw["restitution"], parameters, "'restitution'") : ex(1);
      try {
        C.reset = newtonian_impact(src, C.surface, e);
      } catch (const std::exception& ex_) {
        doc.fail(gn["surface"], "surface of " + C.name + ": " + without_function_name(ex_.what()));
      }
      C.restitution = e;
    } else {
      doc.fail(gn, what + ": expected 'reset' (the velocities after the impact) or 'newtonian: {restitution}', got neither");
    }
    for (const auto& c : doc.sequence(gn["conditions"], "'conditions'"))
      C.conditions.push_back(doc.expression(c, r.tq, "a condition of " + C.name));
    comps.push_back(C);
    edges.emplace_back(from, to);
  }
  try {
    if (multi) {
      out.automaton.emplace();
      for (std::size_t d = 0; d < domain_names.size(); ++d) out.automaton->add_domain(domain_names[d], domain_systems[d]);
      for (std::size_t g = 0; g < comps.size(); ++g) out.automaton->add_transition(edges[g].first, edges[g].second, comps[g]);
      std::vector<SwitchingComponent> own;
      for (std::size_t g = 0; g < comps.size(); ++g)
        if (edges[g].first == 0) own.push_back(comps[g]);
      out.system.emplace(domain_systems[0], own);
    } else {
      out.system.emplace(sys, comps);
    }
  } catch (const std::exception& e) {
    doc.fail(hy["guards"], "'guards': " + without_function_name(e.what()));
  }
  for (const auto& [k, v] : doc.mapping(hy ? hy["constants"] : YAML::Node(), "'constants'")) {
    const std::string name = doc.name(k, "a constant name");
    claim(k, name, "a constant of the motion");
    out.constants.emplace_back(name, doc.expression(v, r.tq, "constant " + name));
  }
  out.reader = r.force;

  // reduction: {coordinates, map, cyclic, momenta}
  if (hy && hy["reduction"]) {
    const YAML::Node& rn = hy["reduction"];
    if (!rn.IsMap()) doc.fail(rn, "'reduction': expected a mapping {coordinates, map, cyclic}, got a scalar or list");
    doc.check_keys(rn, {"coordinates", "map", "cyclic", "momenta"}, "'reduction'");
    if (multi) doc.fail(rn, "'reduction': Routh reduction is for a single domain; expected no 'domains', got " +
                                std::to_string(domain_names.size()));
    std::optional<Chart> U;
    std::vector<ex> images;
    if (rn["map"] || rn["coordinates"]) {
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
      U = Q.sibling("U", un);
      ExpressionReader ur = parameters;
      for (std::size_t i = 0; i < n; ++i) ur.declare(un[i], (*U)[i]);
      images.assign(n, ex());
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
    } else {
      U = Q;
      images = Q.coordinates();
    }
    const CoordinateChange cc{Q, *U, images};
    std::optional<SimpleHybridSystem> moved;
    std::vector<Generator> gens;
    try {
      validate(cc);
      moved.emplace(rn["map"] ? transport(cc, *out.system) : *out.system);
      for (const auto& g : out.generators) gens.push_back({g.name, rn["map"] ? transport(cc, g.xi) : g.xi});
    } catch (const std::exception& e) {
      doc.fail(rn["map"] ? rn["map"] : rn, "'map': " + without_function_name(e.what()));
    }
    std::vector<std::size_t> cyclic;
    if (!rn["cyclic"]) doc.fail(rn, "'reduction': expected 'cyclic' (the cyclic coordinates), got none");
    for (const auto& c : doc.sequence(rn["cyclic"], "'cyclic'")) {
      const std::string name = doc.scalar(c, "'cyclic'");
      const auto i = U->index_of(name);
      if (!i) unknown_name(doc, c, "'cyclic'", name, names_of(*U));
      cyclic.push_back(*i);
    }
    std::vector<std::string> mu_names;
    for (const auto& m : doc.sequence(rn["momenta"], "'momenta'")) mu_names.push_back(doc.name(m, "a momentum name"));
    if (!mu_names.empty() && mu_names.size() != cyclic.size())
      doc.fail(rn["momenta"], "'momenta': expected " + std::to_string(cyclic.size()) + " names (one per cyclic coordinate), got " +
                                  std::to_string(mu_names.size()));
    ForcedRouthReduction routh;
    try {
      routh = forced_routh_reduction(*moved, cyclic, mu_names);
    } catch (const std::exception& e) {
      doc.fail(rn["cyclic"], "'cyclic': " + without_function_name(e.what()));
    }
    for (const ex& mu : routh.mu) claim(rn["momenta"] ? rn["momenta"] : rn["cyclic"], detail::str(mu), "a momentum value");
    out.reduction = HybridReduction{cc, static_cast<bool>(rn["map"]), *moved, cyclic, mu_names, routh, gens};
    ExpressionReader& rr = out.reduction_reader;
    rr = parameters;
    const Chart TU = tangent_bundle(*U);
    for (std::size_t i = 0; i < TU.dim(); ++i) rr.declare(TU.coordinate_name(i), TU[i]);
    for (const ex& mu : routh.mu) rr.declare(detail::str(mu), mu);
    for (const auto& tf : out.functions) rr.declare_function(tf.function);
  }

  // simulate: {values, initial, t_start, t_end, tolerances, max_impacts, output, reduced, plot}
  if (const YAML::Node& sn = root["simulate"]) {
    if (!sn.IsMap()) doc.fail(sn, "'simulate': expected a mapping {values, initial, t_end, ...}, got a scalar or list");
    doc.check_keys(sn, {"values", "initial", "t_start", "t_end", "tolerances", "max_impacts", "output", "reduced", "plot"},
                   "'simulate'");
    HybridSimulationInput si;
    auto& spec = si.spec;
    std::vector<std::string> pnames;
    for (const auto& p : Q.parameter_specs()) pnames.push_back(p.name);
    for (const auto& [k, v] : doc.mapping(sn["values"], "'values'")) {
      const std::string pn = doc.scalar(k, "'values'");
      const auto it = std::find(pnames.begin(), pnames.end(), pn);
      if (it == pnames.end()) unknown_name(doc, k, "'values'", pn, pnames);
      spec.values[Q.parameter(pn)] = number(doc, v, "value of " + pn);
    }
    for (const auto& pn : pnames)
      if (!spec.values.count(Q.parameter(pn)))
        doc.fail(sn["values"] ? sn["values"] : sn, "'values': expected a value for every parameter, got none for " + pn);
    for (std::size_t i = 0; i < out.functions.size(); ++i)
      if (!out.function_has_formula[i])
        doc.fail(root["time_dependent"], "function " + out.function_names[i] +
                                             ": the simulation needs a formula; expected e.g. '2 - exp(t/10)', got none");
    spec.functions = out.functions;
    if (!sn["initial"]) doc.fail(sn, "'simulate': expected 'initial' (every coordinate and velocity), got none");
    spec.initial.assign(2 * n, 0);
    std::vector<bool> given(2 * n, false);
    for (const auto& [k, v] : doc.mapping(sn["initial"], "'initial'")) {
      const std::string c = doc.scalar(k, "'initial'");
      const auto it = std::find(vnames.begin(), vnames.end(), c);
      if (it == vnames.end()) unknown_name(doc, k, "'initial'", c, vnames);
      const auto i = static_cast<std::size_t>(it - vnames.begin());
      spec.initial[i] = number(doc, v, "initial " + c);
      given[i] = true;
    }
    for (std::size_t i = 0; i < 2 * n; ++i)
      if (!given[i]) doc.fail(sn["initial"], "'initial': expected a value for every coordinate and velocity, got none for " + vnames[i]);
    spec.t0 = sn["t_start"] ? number(doc, sn["t_start"], "'t_start'") : 0.0;
    if (!sn["t_end"]) doc.fail(sn, "'simulate': expected 't_end', got none");
    spec.t1 = number(doc, sn["t_end"], "'t_end'");
    if (!(spec.t1 > spec.t0)) doc.fail(sn["t_end"], "'t_end': expected a time after t_start = " + detail::str(spec.t0) + ", got " + detail::str(spec.t1));
    if (const YAML::Node& tol = sn["tolerances"]) {
      if (!tol.IsMap()) doc.fail(tol, "'tolerances': expected {abs, rel}, got a scalar or list");
      doc.check_keys(tol, {"abs", "rel"}, "'tolerances'");
      for (const char* key : {"abs", "rel"})
        if (tol[key]) {
          const double v = number(doc, tol[key], std::string("'") + key + "'");
          if (!(v > 0) || v > 0.1) doc.fail(tol[key], std::string("'") + key + "': expected a tolerance in (0, 0.1], got " + detail::str(v));
          (std::string(key) == "abs" ? spec.options.abs_tol : spec.options.rel_tol) = v;
        }
    }
    if (sn["max_impacts"]) {
      const double v = number(doc, sn["max_impacts"], "'max_impacts'");
      if (!(v >= 1) || v != std::floor(v) || v > 1e9)
        doc.fail(sn["max_impacts"], "'max_impacts': expected a positive integer, got " + doc.scalar(sn["max_impacts"], ""));
      spec.options.max_events = static_cast<std::size_t>(v);
    }
    if (const YAML::Node& o = sn["output"]) {
      if (!o.IsMap()) doc.fail(o, "'output': expected {csv, plot, step}, got a scalar or list");
      doc.check_keys(o, {"csv", "plot", "step"}, "'output'");
      if (o["csv"]) si.csv = doc.scalar(o["csv"], "'csv'");
      if (o["plot"]) si.plot = doc.scalar(o["plot"], "'plot'");
      if (o["step"]) {
        const double h = number(doc, o["step"], "'step'");
        if (!(h > 0) || (spec.t1 - spec.t0) / h > 1e7)
          doc.fail(o["step"], "'step': expected a positive step giving at most 1e7 samples, got " + detail::str(h));
        spec.options.output_step = h;
      }
    }
    if (sn["reduced"]) {
      si.reduced = boolean(doc, sn["reduced"], "'reduced'");
      if (si.reduced && !out.reduction)
        doc.fail(sn["reduced"], "'reduced': the reduced simulation needs 'hybrid.reduction'; expected it, got none");
    }
    if (sn["plot"]) {
      const auto axes = doc.sequence(sn["plot"], "'plot'");
      if (axes.size() != 2) doc.fail(sn["plot"], "'plot': expected two coordinates [horizontal, vertical], got " + std::to_string(axes.size()));
      for (std::size_t a = 0; a < 2; ++a) {
        const std::string c = doc.scalar(axes[a], "'plot'");
        const auto i = Q.index_of(c);
        if (!i) unknown_name(doc, axes[a], "'plot'", c, names_of(Q));
        (a == 0 ? si.axis_x : si.axis_y) = *i;
      }
    } else if (n == 1) {
      si.axis_y = 0;
    }
    for (const auto& g : out.generators)
      spec.observables.emplace_back("J_" + g.name, lagrangian_momentum(sys, g.xi));
    out.simulation = si;
  }
  return out;
}

}  // namespace hamel
