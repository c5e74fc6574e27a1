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

NonholonomicFile read_nonholonomic(SystemFile& f) {
  const Document& doc = f.doc;
  const YAML::Node& root = doc.root();
  const Chart& Q = f.Q;
  if (!root["lagrangian"])
    throw ParseError(doc.file(), 1, 1, "missing key 'lagrangian'; expected L(q, q_dot) of the system, got none");
  const ex L = doc.expression(root["lagrangian"], f.tq, "'lagrangian'");
  try {
    (void)mechanical_parts(L, Q);
  } catch (const DomainError& e) {
    fail_at(doc, root["lagrangian"], "'lagrangian': " + without_function_name(e.what()));
  } catch (const std::domain_error& e) {
    // GiNaC's pole_error: e.g. a power of a velocity that is singular at zero velocity
    fail_at(doc, root["lagrangian"],
            std::string("'lagrangian': expected L smooth in the velocities, got a singularity (") + e.what() + ")");
  } catch (const std::runtime_error& e) {
    fail_at(doc, root["lagrangian"], "'lagrangian': " + arithmetic_failure(e));
  }

  NonholonomicSpec spec{Q, L, {}, {}, {}, Complement::orthogonal()};
  std::vector<Form> forms;
  const auto cnodes = doc.sequence(root["constraints"], "'constraints'");
  for (std::size_t k = 0; k < cnodes.size(); ++k) {
    const std::string what = "constraint " + std::to_string(k + 1);
    const ex c = doc.expression(cnodes[k], f.tq, what);
    try {
      forms.push_back(constraint_form(c, Q));
    } catch (const DomainError& e) {
      fail_at(doc, cnodes[k], what + ": " + without_function_name(e.what()));
    } catch (const std::domain_error& e) {
      fail_at(doc, cnodes[k], what + ": expected a constraint smooth in the velocities, got a singularity (" + e.what() + ")");
    } catch (const std::runtime_error& e) {
      fail_at(doc, cnodes[k], what + ": " + arithmetic_failure(e));
    }
    spec.constraints.push_back(c);
  }

  // the frame: name → {coordinate: component}
  const std::size_t r = Q.dim() - forms.size();
  std::vector<YAML::Node> field_nodes;
  for (const auto& [k, v] : doc.mapping(root["frame"], "'frame'")) {
    const std::string n = doc.name(k, "a frame field name");
    f.claim_name(k, n, "a frame field");
    spec.frame.push_back(read_field(f, v, "frame field " + n));
    spec.frame_names.push_back(n);
    field_nodes.push_back(k);
  }
  if (!spec.frame.empty()) {
    if (spec.frame.size() != r && !forms.empty())
      fail_at(doc, root["frame"], "'frame': wrong number of frame fields; expected " + std::to_string(r) +
                                      " (rank of D = " + std::to_string(Q.dim()) + " coordinates - " +
                                      std::to_string(forms.size()) + " constraints), got " +
                                      std::to_string(spec.frame.size()));
    for (std::size_t a = 0; a < spec.frame.size(); ++a)
      for (std::size_t k = 0; k < forms.size(); ++k) {
        const ZeroVerdict v = zero_test(evaluate(forms[k], {spec.frame[a]}), Q);
        if (!v.zero)
          fail_at(doc, field_nodes[a], "frame field " + spec.frame_names[a] +
                                           " is not tangent to D; expected it to satisfy every constraint, got " +
                                           "constraint " + std::to_string(k + 1) + " = " +
                                           detail::str(simplify(evaluate(forms[k], {spec.frame[a]}))) + " [" +
                                           v.how() + "]");
      }
  }

  // the complement W
  if (root["complement"]) {
    const YAML::Node& c = root["complement"];
    if (c.IsScalar()) {
      if (c.Scalar() != "orthogonal")
        fail_at(doc, c, "'complement': expected 'orthogonal' or a list of coordinates, got '" + c.Scalar() + "'");
    } else {
      std::vector<std::size_t> idx;
      for (const auto& e : doc.sequence(c, "'complement'")) {
        const std::string n = doc.scalar(e, "'complement'");
        const auto i = Q.index_of(n);
        if (!i) fail_at(doc, e, "'complement': unknown coordinate '" + n + "'; expected a coordinate name, got '" + n + "'");
        idx.push_back(*i);
      }
      if (idx.size() != forms.size())
        fail_at(doc, c, "'complement': W must have the dimension of the constraints; expected " +
                            std::to_string(forms.size()) + " coordinates, got " + std::to_string(idx.size()));
      spec.complement = Complement::coordinate_span(idx);
    }
  }

  // The momenta on D* are pi1..pir, in a chart that extends Q's: a coordinate, parameter or function
  // of Q with one of those names is refused where it is declared (not later, as a clash in D*).
  const auto momentum_name = [&](const std::string& n) {
    for (std::size_t a = 1; a <= r; ++a)
      if (n == "pi" + std::to_string(a)) return true;
    return false;
  };
  for (const char* key : {"coordinates", "parameters", "functions"})
    for (const auto& e : doc.sequence(root[key], "'" + std::string(key) + "'")) {
      const YAML::Node at = e.IsMap() ? e["name"] : e;
      const std::string n = at && at.IsScalar() ? at.Scalar().substr(0, at.Scalar().find('(')) : "";
      if (momentum_name(n))
        fail_at(doc, at, "'" + std::string(key) + "': the name '" + n + "' is reserved for a momentum on D* (pi1.." +
                             "pi" + std::to_string(r) + "); expected another name, got '" + n + "'");
    }

  std::optional<NonholonomicSystem> sys;
  try {
    sys.emplace(spec);
  } catch (const DomainError& e) {
    const std::string m = e.what();
    const YAML::Node& at = m.find("complement") != std::string::npos || m.find("basis of TQ") != std::string::npos
                               ? (root["complement"] ? root["complement"] : (root["frame"] ? root["frame"] : root["constraints"]))
                               : (root["frame"] ? root["frame"] : root["constraints"]);
    std::string what = without_function_name(m);
    if (m.find("basis of TQ") != std::string::npos)
      what = (root["complement"] ? "'complement': " : "'frame': ") + what;
    fail_at(doc, at ? at : root, what);
  } catch (const std::domain_error& e) {
    // GiNaC's pole_error: an expression the reader accepted is singular once differentiated.
    fail_at(doc, deriving_node(root),
            std::string("expected expressions smooth on the domain, got a singularity while deriving the frame "
                        "and the Hamel equations (") + e.what() + ")");
  } catch (const std::runtime_error& e) {
    fail_at(doc, deriving_node(root), arithmetic_failure(e));
  }

  NonholonomicFile out{NonholonomicInput{*sys, {}, {}, std::nullopt, {}, std::nullopt, {}, std::nullopt}, {}, {}};
  // readers on D*
  const Chart& M = out.system.dual_chart();
  for (std::size_t i = 0; i < M.dim(); ++i) {
    out.dual.declare(M.coordinate_name(i), M[i]);
    out.with_variables.declare(M.coordinate_name(i), M[i]);
  }
  for (std::size_t i = 0; i < Q.parameters().size(); ++i) {
    out.dual.declare(Q.parameter_specs()[i].name, Q.parameters()[i]);
    out.with_variables.declare(Q.parameter_specs()[i].name, Q.parameters()[i]);
  }
  for (const auto& fs : Q.function_specs()) {
    out.dual.declare_function(Q.function(fs.name));
    out.with_variables.declare_function(Q.function(fs.name));
  }
  for (const auto& [name, value] : f.definitions) {
    out.dual.declare(name, value);
    out.with_variables.declare(name, value);
  }
  for (std::size_t a = 0; a < out.system.rank(); ++a) {
    if (std::find(f.names.begin(), f.names.end(), M.coordinate_name(Q.dim() + a)) != f.names.end())
      fail_at(doc, root, "the momentum name '" + M.coordinate_name(Q.dim() + a) +
                             "' is reserved; expected other names for coordinates and parameters");
    f.names.push_back(M.coordinate_name(Q.dim() + a));
  }

  for (const auto& [k, v] : doc.mapping(root["symmetry"], "'symmetry'")) {
    const std::string n = doc.name(k, "a symmetry generator name");
    f.claim_name(k, n, "a symmetry generator");
    out.symmetry.emplace_back(n, read_field(f, v, "symmetry generator " + n));
  }

  if (root["gauge_momenta"] && !root["gauge_momenta"].IsSequence() && !root["gauge_momenta"].IsMap())
    fail_at(doc, root["gauge_momenta"], "'gauge_momenta': expected a list of frame fields or {ansatz, shape, unknowns}, got a scalar");
  if (root["gauge_momenta"] && root["gauge_momenta"].IsSequence()) {
    for (const auto& g : doc.sequence(root["gauge_momenta"], "'gauge_momenta'")) {
      const std::string n = doc.scalar(g, "'gauge_momenta'");
      const auto& names = out.system.frame_names();
      const auto it = std::find(names.begin(), names.end(), n);
      if (it == names.end()) {
        std::string msg = "'gauge_momenta': unknown frame field '" + n + "'; expected one of";
        for (const auto& s : names) msg += " " + s;
        msg += ", got '" + n + "'";
        if (auto d = did_you_mean(n, names)) msg += " (did you mean '" + *d + "'?)";
        fail_at(doc, g, msg);
      }
      out.gauge.push_back(static_cast<std::size_t>(it - names.begin()));
    }
  }

  if (root["gauge_momenta"] && root["gauge_momenta"].IsMap())
    out.search = read_gauge_search(f, out.system, root["gauge_momenta"]);
  else if (root["values"])
    fail_at(doc, root["values"], "'values': numeric values are used by the gauge momentum search; expected 'gauge_momenta: {ansatz, shape}', got none");

  std::vector<std::string> vnames;
  for (const auto& [k, v] : doc.mapping(root["variables"], "'variables'")) {
    const std::string n = doc.name(k, "a variable name");
    f.claim_name(k, n, "a variable");
    out.variables.push_back({n, doc.expression(v, out.dual, "variable " + n)});
    vnames.push_back(n);
  }
  if (!vnames.empty()) {
    out.variable_chart = Q.sibling("U", vnames);
    for (std::size_t a = 0; a < vnames.size(); ++a) out.with_variables.declare(vnames[a], (*out.variable_chart)[a]);
  }
  for (const auto& [k, v] : doc.mapping(root["inverse"], "'inverse'")) {
    if (!out.variable_chart) fail_at(doc, k, "'inverse': expected 'variables' to be declared first, got none");
    const ex lhs = doc.expression(k, out.dual, "'inverse' key");
    out.inverse[lhs] = doc.expression(v, out.with_variables, "'inverse' value");
  }
  if (root["conformal_factor"]) {
    ex phi = doc.expression(root["conformal_factor"], out.with_variables, "'conformal_factor'");
    if (out.variable_chart) {
      GiNaC::exmap sub;
      for (std::size_t a = 0; a < out.variables.size(); ++a) sub[(*out.variable_chart)[a]] = out.variables[a].expression;
      phi = phi.subs(sub);
    }
    out.conformal_factor = phi;
  }
  return out;
}

namespace {

// The state the claims need: the file as read and everything derived once.
struct Derived : NonholonomicBrackets {
  NonholonomicFile in;
};

Derived derive_state(const SystemFile& file) {
  SystemFile f = file;
  NonholonomicFile in = read_nonholonomic(f);
  Derivation scratch;
  NonholonomicBrackets b = derive_brackets(in, scratch, DeriveOptions{});
  return Derived{std::move(b), std::move(in)};
}

// ------------------------------------------------------------------ claims

struct ClaimReaders {
  ExpressionReader dual, vars;
};

// Claims may use the variables anywhere: a value is read with them and then rewritten in (q, π).
// The unknowns of a gauge-momentum search (g, k, …) are functions of the shape variable there.
ClaimReaders claim_readers(const Derived& d, const ClaimsContext& ctx) {
  ClaimReaders r{d.in.with_variables, d.in.with_variables};
  if (d.search)
    for (const auto& f : d.search->ode.unknowns) r.vars.declare_function(f);
  apply_context(ctx, r.vars);
  r.dual = r.vars;
  return r;
}

GiNaC::exmap variables_to_dual(const Derived& d) {
  GiNaC::exmap sub;
  if (d.in.variable_chart)
    for (std::size_t a = 0; a < d.in.variables.size(); ++a) sub[(*d.in.variable_chart)[a]] = d.in.variables[a].expression;
  return sub;
}

std::vector<std::size_t> parse_indices(const Document& doc, const YAML::Node& n, std::size_t count, std::size_t bound,
                                       const std::string& what) {
  std::vector<std::string> parts;
  if (n.IsSequence()) {
    for (const auto& e : n) parts.push_back(doc.scalar(e, what));
  } else {
    std::string s = doc.scalar(n, what), cur;
    for (char c : s) {
      if (c == ',' || c == ' ') {
        if (!cur.empty()) parts.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    if (!cur.empty()) parts.push_back(cur);
  }
  if (parts.size() != count)
    doc.fail(n, what + ": expected " + std::to_string(count) + " indices, got " + std::to_string(parts.size()));
  std::vector<std::size_t> out;
  for (const auto& s : parts) {
    std::size_t v = 0;
    bool ok = !s.empty();
    for (char c : s) ok = ok && std::isdigit(static_cast<unsigned char>(c));
    if (ok) v = std::stoul(s);
    if (!ok || v < 1 || v > bound)
      doc.fail(n, what + ": expected indices between 1 and " + std::to_string(bound) + ", got '" + s + "'");
    out.push_back(v - 1);
  }
  return out;
}

const AlmostPoissonBracket& which_bracket(const Document& doc, const Derived& d, const YAML::Node& body) {
  const std::string of = body["of"] ? doc.scalar(body["of"], "'of'") : (d.gauged ? "gauged" : "nonholonomic");
  if (of == "nonholonomic") return d.nh;
  if (of == "gauged") {
    if (!d.gauged)
      doc.fail(body["of"] ? body["of"] : body,
               "'of': the gauged bracket needs 'gauge_momenta' that pass Theorem 5.3; expected 'nonholonomic', got 'gauged'");
    return *d.gauged;
  }
  doc.fail(body["of"], "'of': expected 'nonholonomic' or 'gauged', got '" + of + "'");
}

ex lookup_function(const Document& doc, const YAML::Node& body, const char* key, const ExpressionReader& r) {
  if (!body[key]) doc.fail(body, std::string("expected '") + key + "', got none");
  return doc.expression(body[key], r, std::string("'") + key + "'");
}

// `doc` is the claims file: its errors are located there, not in the system file.
ClaimResult check_one(const Document& doc, const Derived& d, const Claim& c, const ClaimReaders& rd) {
  const auto& sys = d.in.system;
  const Chart& Q = sys.chart();
  const Chart& M = sys.dual_chart();
  const std::size_t r = sys.rank();
  ClaimResult res;
  res.name = c.name;
  res.kind = c.kind;
  res.line = c.node.Mark().line + 1;
  const YAML::Node& b = c.body;
  const GiNaC::exmap to_dual = variables_to_dual(d);
  const auto value = [&](const ExpressionReader& reader) { return lookup_function(doc, b, "value", reader).subs(to_dual); };
  if (c.kind == "structure_coefficient" || c.kind == "structure_function") {
    if (!b["indices"]) doc.fail(b, "expected 'indices', got none");
    const auto i = parse_indices(doc, b["indices"], 3, r, "'indices'");
    const ex derived = c.kind == "structure_coefficient" ? sys.structure_lowered()(i[0], i[1], i[2])
                                                          : sys.structure()(i[0], i[1], i[2]);
    compare_claim(res, derived, value(rd.dual), Q);
  } else if (c.kind == "constrained_metric" || c.kind == "inverse_metric") {
    if (!b["indices"]) doc.fail(b, "expected 'indices', got none");
    const auto i = parse_indices(doc, b["indices"], 2, r, "'indices'");
    const auto& G = c.kind == "constrained_metric" ? sys.constrained_metric() : sys.constrained_inverse();
    compare_claim(res, G(static_cast<unsigned>(i[0]), static_cast<unsigned>(i[1])), value(rd.dual), Q);
  } else if (c.kind == "bracket") {
    if (!b["pair"]) doc.fail(b, "expected 'pair' (e.g. \"pi2,pi3\"), got none");
    const std::string pair = doc.scalar(b["pair"], "'pair'");
    const auto comma = pair.find(',');
    if (comma == std::string::npos) doc.fail(b["pair"], "'pair': expected two names separated by a comma, got '" + pair + "'");
    const ex f = rd.dual.parse(pair.substr(0, comma), doc.pos(b["pair"])).subs(to_dual);
    const ex g = rd.dual.parse(pair.substr(comma + 1), doc.pos(b["pair"])).subs(to_dual);
    compare_claim(res, which_bracket(doc, d, b)(f, g), value(rd.dual), M);
  } else if (c.kind == "reduced_bracket") {
    if (!d.in.variable_chart) doc.fail(b, "a reduced bracket needs 'variables' in the system file; expected them, got none");
    if (!b["pair"]) doc.fail(b, "expected 'pair' (e.g. \"M1,M2\"), got none");
    const std::string pair = doc.scalar(b["pair"], "'pair'");
    const auto comma = pair.find(',');
    if (comma == std::string::npos) doc.fail(b["pair"], "'pair': expected two variable names separated by a comma, got '" + pair + "'");
    const auto find_var = [&](std::string n) -> ex {
      n.erase(0, n.find_first_not_of(' '));
      n.erase(n.find_last_not_of(' ') + 1);
      for (const auto& v : d.in.variables)
        if (v.name == n) return v.expression;
      doc.fail(b["pair"], "'pair': unknown variable '" + n + "'; expected one of the 'variables'");
    };
    const ex actual = which_bracket(doc, d, b)(find_var(pair.substr(0, comma)), find_var(pair.substr(comma + 1)));
    const GiNaC::exmap& sub = to_dual;
    const ex claimed = lookup_function(doc, b, "value", rd.vars);
    compare_claim(res, actual, claimed.subs(sub), M);
    res.claimed = to_text(claimed);
  } else if (c.kind == "three_form") {
    if (!d.Lambda) doc.fail(b, "the 3-form needs 'gauge_momenta' that pass Theorem 5.3; expected them, got none");
    Indices ind{0, 1, 2};
    if (b["components"]) {
      const auto names = doc.scalar(b["components"], "'components'");
      ind.clear();
      std::string cur;
      for (char ch : names + ",") {
        if (ch == ',' || ch == ' ') {
          if (cur.empty()) continue;
          const auto i = Q.index_of(cur);
          if (!i) doc.fail(b["components"], "'components': unknown coordinate '" + cur + "'; expected three coordinates");
          ind.push_back(static_cast<unsigned>(*i));
          cur.clear();
        } else {
          cur += ch;
        }
      }
      if (ind.size() != 3) doc.fail(b["components"], "'components': expected three coordinates, got " + std::to_string(ind.size()));
    }
    compare_claim(res, d.Lambda->component(ind), value(rd.dual), Q);
  } else if (c.kind == "casimir") {
    if (d.orbits.empty()) doc.fail(b, "a Casimir claim needs 'symmetry' generators in the system file; expected them, got none");
    const ex f = lookup_function(doc, b, "function", rd.dual).subs(to_dual);
    const auto v = casimir_check(which_bracket(doc, d, b), f, d.orbits);
    compare_claim(res, v.casimir, doc.boolean(b, "holds", true), v.detail);
  } else if (c.kind == "conserved") {
    const ex f = lookup_function(doc, b, "function", rd.dual).subs(to_dual);
    const ZeroVerdict v = zero_test(nonholonomic_vector_field(sys)(f), M);
    compare_claim(res, v.zero, doc.boolean(b, "holds", true), v.how());
    if (!v.zero && !v.point.empty()) res.counterexample = describe_point(v.point);
  } else if (c.kind == "equation_of_motion") {
    if (!b["coordinate"]) doc.fail(b, "expected 'coordinate' (a coordinate or momentum name), got none");
    const std::string q = doc.scalar(b["coordinate"], "'coordinate'");
    const auto i = M.index_of(q);
    if (!i) doc.fail(b["coordinate"], "'coordinate': unknown name '" + q + "'; expected a coordinate or a momentum pi1..pi" + std::to_string(r));
    compare_claim(res, nonholonomic_vector_field(sys)[*i], value(rd.dual), M);
  } else if (c.kind == "hamiltonian") {
    compare_claim(res, constrained_hamiltonian(sys), value(rd.dual), M);
  } else if (c.kind == "jacobi") {
    const auto v = is_poisson(which_bracket(doc, d, b));
    compare_claim(res, v.poisson, doc.boolean(b, "holds", true), v.detail);
  } else if (c.kind == "identity") {
    // lhs = rhs as functions on D* (variables allowed): e.g. the K(θ) printed after (6.10)
    const ex lhs = lookup_function(doc, b, "lhs", rd.vars), rhs = lookup_function(doc, b, "rhs", rd.vars);
    compare_claim(res, lhs.subs(to_dual), rhs.subs(to_dual), M);
    res.derived = to_text(lhs);
    res.claimed = to_text(rhs);
  } else if (c.kind == "gauge_ode" || c.kind == "gauge_solution") {
    if (!d.search) doc.fail(b, "a '" + c.kind + "' claim needs 'gauge_momenta: {ansatz, shape}' in the system file");
    const GaugeOde& ode = d.search->ode;
    const std::size_t nf = ode.unknowns.size();
    if (c.kind == "gauge_ode") {
      if (!b["entry"]) doc.fail(b, "expected 'entry' (e.g. \"1,2\"), got none");
      const auto i = parse_indices(doc, b["entry"], 2, nf, "'entry'");
      compare_claim(res, ode.L(static_cast<unsigned>(i[0]), static_cast<unsigned>(i[1])), value(rd.dual), Q);
    } else {
      // a closed-form solution f(s) of f' = L(s) f
      if (!b["coefficients"]) doc.fail(b, "expected 'coefficients' (one expression per unknown), got none");
      const auto cs = doc.sequence(b["coefficients"], "'coefficients'");
      if (cs.size() != nf) doc.fail(b["coefficients"], "'coefficients': expected " + std::to_string(nf) + ", got " + std::to_string(cs.size()));
      std::vector<ex> fsol;
      for (const auto& cn : cs) fsol.push_back(doc.expression(cn, rd.dual, "a coefficient").subs(to_dual));
      const auto& s = GiNaC::ex_to<GiNaC::symbol>(d.in.search->ansatz.shape);
      ZeroVerdict worst;
      worst.zero = true;
      worst.method = Decision::Canonical;
      for (std::size_t i = 0; i < nf && worst.zero; ++i) {
        ex r = fsol[i].diff(s);
        for (std::size_t j = 0; j < nf; ++j) r -= ode.L(static_cast<unsigned>(i), static_cast<unsigned>(j)) * fsol[j];
        worst = zero_test(r, Q);
      }
      res.holds = worst.zero;
      res.how = worst.how();
      res.derived = "f' - L f";
      res.claimed = "0";
      if (!worst.zero && !worst.point.empty()) res.counterexample = describe_point(worst.point);
    }
  } else if (c.kind == "jacobiator") {
    // {f,{g,h}} + cyclic for three functions (on the reduced space when they are invariants)
    if (!b["functions"]) doc.fail(b, "expected 'functions' (three, comma-separated), got none");
    const std::string list = doc.scalar(b["functions"], "'functions'");
    std::vector<ex> fs;
    std::size_t start = 0;
    while (start <= list.size()) {
      const auto comma = list.find(',', start);
      const std::string part = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      fs.push_back(rd.dual.parse(part, doc.pos(b["functions"])).subs(to_dual));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    if (fs.size() != 3) doc.fail(b["functions"], "'functions': expected three functions, got " + std::to_string(fs.size()));
    const ex claimed = b["value"] ? value(rd.dual) : ex(0);
    compare_claim(res, jacobiator(which_bracket(doc, d, b), fs[0], fs[1], fs[2]), claimed, M);
  } else if (c.kind == "gauge_momentum") {
    if (!b["field"]) doc.fail(b, "expected 'field' (a frame field name), got none");
    const std::string fnm = doc.scalar(b["field"], "'field'");
    const auto& names = sys.frame_names();
    const auto it = std::find(names.begin(), names.end(), fnm);
    if (it == names.end()) doc.fail(b["field"], "'field': unknown frame field '" + fnm + "'");
    const auto t = theorem_5_3_test(sys, static_cast<std::size_t>(it - names.begin()));
    compare_claim(res, t.passed, doc.boolean(b, "holds", true), t.detail);
  }
  return res;
}

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
    return {"structure_coefficient", "structure_function", "constrained_metric", "inverse_metric", "bracket",
            "reduced_bracket", "three_form", "casimir", "conserved", "equation_of_motion", "hamiltonian", "jacobi",
            "gauge_momentum", "identity", "gauge_ode", "gauge_solution", "jacobiator"};
  }
  std::vector<ClaimResult> check(const SystemFile& f, const std::vector<Claim>& claims,
                                 const ClaimsContext& ctx) const override {
    const Derived d = derive_state(f);
    const ClaimReaders rd = claim_readers(d, ctx);
    std::vector<ClaimResult> out;
    for (const auto& c : claims) out.push_back(check_one(ctx.doc ? *ctx.doc : f.doc, d, c, rd));
    return out;
  }
};

}  // namespace

std::unique_ptr<Module> make_nonholonomic_module() { return std::make_unique<NonholonomicModule>(); }

}  // namespace hamel
