// io/modules/contact/contact_claims.cpp
#include "io/modules/contact/contact_claims.hpp"

#include <functional>
#include <map>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "mechanics/contact/constrained.hpp"
#include "mechanics/contact/contact_structure.hpp"
#include "mechanics/contact/impact.hpp"
#include "mechanics/contact/legendre.hpp"
#include "mechanics/contact/momentum_jump.hpp"

namespace hamel {

const std::vector<std::string>& contact_claim_kinds() {
  static const std::vector<std::string> k = {
      "herglotz_equation", "energy",          "dissipated",     "contact_hamiltonian", "hamiltonian_vector_field",
      "impact_map",        "impact_momentum", "energy_jump",    "energy_after",        "momentum_jump",
      "velocity_jump",     "multiplier",      "constrained_equation", "solution",     "equality"};
  return k;
}

namespace {

using GiNaC::ex;

struct Checker {
  const ContactFile& file;
  const Document& doc;  // the claims file
  const ClaimsContext& ctx;
  const ContactLagrangian& L;
  const Chart& T;
  Chart M;
  ExpressionReader base;  // q, q_dot, p_q, z, parameters, functions, definitions (no claims context)
  ExpressionReader reader;
  std::optional<ContactLegendre> leg;

  Checker(const ContactFile& f, const Document& d, const ClaimsContext& c)
      : file(f), doc(d), ctx(c), L(f.system.lagrangian), T(L.chart()), M(contact_cotangent_bundle(L.base())), base(f.tqz) {
    const std::size_t n = L.dim();
    for (std::size_t i = 0; i < n; ++i) base.declare(M.coordinate_name(n + i), M[n + i]);
    reader = base;
    apply_context(ctx, reader);
    if (L.affine_momenta()) leg = legendre_transform(L);
  }

  // T*Q × R claims are read with the z of TQ × R; this moves them to T*Q × R.
  ex on_dual(const ex& e) const { return e.subs(L.z() == action_variable(M)); }

  ex read(const YAML::Node& b, const char* key, const ExpressionReader& r) const {
    if (!b[key]) doc.fail(b, std::string("expected '") + key + "', got none");
    return doc.expression(b[key], r, std::string("'") + key + "'");
  }
  ex value(const YAML::Node& b) const { return read(b, "value", reader); }

  std::size_t wall(const YAML::Node& b) const {
    if (!b["impulsive"]) doc.fail(b, "expected 'impulsive' (the name of an impulsive constraint), got none");
    const std::string n = doc.scalar(b["impulsive"], "'impulsive'");
    std::vector<std::string> names;
    for (const auto& w : file.system.walls) names.push_back(w.name);
    const auto it = std::find(names.begin(), names.end(), n);
    if (it == names.end()) fail_unknown(b["impulsive"], "'impulsive'", n, names);
    return static_cast<std::size_t>(it - names.begin());
  }
  std::size_t switching(const YAML::Node& b) const {
    const std::string n = doc.scalar(b["switching"], "'switching'");
    std::vector<std::string> names;
    for (const auto& s : file.system.switches) names.push_back(s.name);
    const auto it = std::find(names.begin(), names.end(), n);
    if (it == names.end()) fail_unknown(b["switching"], "'switching'", n, names);
    return static_cast<std::size_t>(it - names.begin());
  }
  [[noreturn]] void fail_unknown(const YAML::Node& at, const std::string& what, const std::string& n,
                                 const std::vector<std::string>& names) const {
    std::string msg = what + ": unknown name '" + n + "'; expected one of";
    for (const auto& s : names) msg += " " + s;
    if (names.empty()) msg += " (none declared in the system file)";
    msg += ", got '" + n + "'";
    if (auto d = did_you_mean(n, names)) msg += " (did you mean '" + *d + "'?)";
    doc.fail(at, msg);
  }
  const ContactLegendre& legendre(const YAML::Node& b) const {
    if (!leg) doc.fail(b, "this claim needs the inverse Legendre transform; expected momenta affine in the velocities, got W depending on them");
    return *leg;
  }

  // The constraints of a claim: the file's constraints and, with 'switching', that set.
  std::vector<Form> forms(const YAML::Node& b) const {
    std::vector<Form> f = file.system.constraints;
    if (b["switching"]) {
      const auto& s = file.system.switches[switching(b)];
      f.insert(f.end(), s.constraints.begin(), s.constraints.end());
    }
    if (f.empty()) doc.fail(b, "expected constraints: the system file has no 'constraints' and the claim names no 'switching'");
    return f;
  }

  std::size_t coordinate_index(const YAML::Node& b, const Chart& C, const std::string& what_kind) const {
    if (!b["coordinate"]) doc.fail(b, "expected 'coordinate', got none");
    const std::string q = doc.scalar(b["coordinate"], "'coordinate'");
    const auto i = C.index_of(q);
    std::vector<std::string> names;
    for (std::size_t k = 0; k < C.dim(); ++k) names.push_back(C.coordinate_name(k));
    if (!i) fail_unknown(b["coordinate"], "'coordinate' (" + what_kind + ")", q, names);
    return *i;
  }

  std::vector<ex> post_velocities(const YAML::Node& b) const {
    if (b["impulsive"]) {
      const ContactWall& w = file.system.walls[wall(b)];
      if (!L.affine_momenta()) doc.fail(b, "impact maps are solved for momenta affine in the velocities; this Lagrangian has W depending on them");
      return restitution_map(L, w.psi, w.restitution);
    }
    if (b["switching"]) {
      if (!L.affine_momenta()) doc.fail(b, "momentum jumps are solved for momenta affine in the velocities; this Lagrangian has W depending on them");
      return constraint_jump_map(L, forms(b));
    }
    doc.fail(b, "expected 'impulsive' or 'switching' (which jump), got neither");
  }
};

// One claim kind: reads the body (already checked to be a mapping) and fills the verdict.
using Check = std::function<void(const Checker&, const Claim&, ClaimResult&)>;

void herglotz_equation(const Checker& k, const Claim& c, ClaimResult& res) {
  const ContactLagrangian& L = k.L;
  const std::size_t n = L.dim();
  k.doc.check_keys(c.body, {"coordinate", "value"}, "a herglotz_equation claim");
  const std::size_t i = k.coordinate_index(c.body, L.base().extend(L.base().name() + "z", {"z"}), "a coordinate or z");
  const ex derived = lagrangian_vector_field(L)[i < n ? n + i : 2 * n];  // q̈^i, or ż
  compare_claim(res, derived, k.value(c.body), k.T);
}

void energy_claim(const Checker& k, const Claim& c, ClaimResult& res) {
  k.doc.check_keys(c.body, {"value"}, "an energy claim");
  compare_claim(res, energy(k.L), k.value(c.body), k.T);
}

void dissipated(const Checker& k, const Claim& c, ClaimResult& res) {
  const YAML::Node& b = c.body;
  k.doc.check_keys(b, {"function", "holds"}, "a dissipated claim");
  const ZeroVerdict v = is_dissipated(k.L, k.read(b, "function", k.reader));
  const bool claimed = k.doc.boolean(b, "holds", true);
  res.holds = v.zero == claimed;
  res.how = v.how();
  res.derived = v.zero ? "dissipated (Gamma_L(f) = (dL/dz) f)" : "not dissipated";
  res.claimed = claimed ? "dissipated" : "not dissipated";
  if (!v.zero && !v.point.empty()) res.counterexample = describe_point(v.point);
}

void contact_hamiltonian(const Checker& k, const Claim& c, ClaimResult& res) {
  k.doc.check_keys(c.body, {"value"}, "a contact_hamiltonian claim");
  compare_claim(res, k.legendre(c.body).hamiltonian, k.on_dual(k.value(c.body)), k.M);
}

void hamiltonian_vector_field(const Checker& k, const Claim& c, ClaimResult& res) {
  const YAML::Node& b = c.body;
  k.doc.check_keys(b, {"coordinate", "value"}, "a hamiltonian_vector_field claim");
  const std::size_t i = k.coordinate_index(b, k.M, "a coordinate of T*Q x R");
  compare_claim(res, darboux_hamiltonian_vector_field(k.M, k.legendre(b).hamiltonian)[i], k.on_dual(k.value(b)), k.M);
}

// impact_map (after a wall) and velocity_jump (after a switch): a post-event velocity.
void post_velocity(const Checker& k, const Claim& c, ClaimResult& res) {
  const YAML::Node& b = c.body;
  const std::size_t n = k.L.dim();
  k.doc.check_keys(b, {c.kind == "impact_map" ? "impulsive" : "switching", "coordinate", "value"}, "a " + c.kind + " claim");
  const std::size_t i = k.coordinate_index(b, k.T, "a velocity");
  if (i < n || i >= 2 * n) k.doc.fail(b["coordinate"], "'coordinate': expected a velocity (e.g. " + k.T.coordinate_name(n) + "), got '" + k.T.coordinate_name(i) + "'");
  compare_claim(res, k.post_velocities(b)[i - n], k.value(b), k.T);
}

// impact_momentum (after a wall) and momentum_jump (after a switch): a post-event momentum.
void post_momentum(const Checker& k, const Claim& c, ClaimResult& res) {
  const YAML::Node& b = c.body;
  const std::size_t n = k.L.dim();
  k.doc.check_keys(b, {c.kind == "impact_momentum" ? "impulsive" : "switching", "coordinate", "value"}, "a " + c.kind + " claim");
  const std::size_t i = k.coordinate_index(b, k.M, "a momentum");
  if (i < n || i >= 2 * n) k.doc.fail(b["coordinate"], "'coordinate': expected a momentum (e.g. " + k.M.coordinate_name(n) + "), got '" + k.M.coordinate_name(i) + "'");
  const auto pp = momentum_map(k.L, k.legendre(b), k.post_velocities(b));
  compare_claim(res, pp[i - n], k.on_dual(k.value(b)), k.M);
}

// energy_jump (E+ - E-) and energy_after (E+).
void post_energy(const Checker& k, const Claim& c, ClaimResult& res) {
  k.doc.check_keys(c.body, {"impulsive", "switching", "value"}, "an " + c.kind + " claim");
  const ex after = energy_after(k.L, k.post_velocities(c.body));
  compare_claim(res, c.kind == "energy_jump" ? after - energy(k.L) : after, k.value(c.body), k.T);
}

// The multipliers are compared on D × R, where they are defined (003 (15)).
void multiplier(const Checker& k, const Claim& c, ClaimResult& res) {
  const YAML::Node& b = c.body;
  k.doc.check_keys(b, {"switching", "index", "value"}, "a " + c.kind + " claim");
  const auto f = k.forms(b);
  const ConstrainedHerglotz h = constrained_herglotz(k.L, f);
  if (!b["index"]) k.doc.fail(b, "expected 'index' (1-based), got none");
  const std::string s = k.doc.scalar(b["index"], "'index'");
  std::size_t a = 0;
  try {
    a = std::stoul(s);
  } catch (const std::exception&) {
  }
  if (a < 1 || a > h.multipliers.size())
    k.doc.fail(b["index"], "'index': expected a number between 1 and " + std::to_string(h.multipliers.size()) + ", got '" + s + "'");
  const DParametrisation d = parametrise_distribution(k.L, f);
  compare_claim(res, h.multipliers[a - 1].subs(d.substitution), k.value(b).subs(d.substitution), k.T);
}

// The value may use lambda1, lambda2, ... for the multipliers.
void constrained_equation(const Checker& k, const Claim& c, ClaimResult& res) {
  const YAML::Node& b = c.body;
  k.doc.check_keys(b, {"switching", "coordinate", "value"}, "a " + c.kind + " claim");
  const ConstrainedHerglotz h = constrained_herglotz(k.L, k.forms(b));
  const std::size_t i = k.coordinate_index(b, k.L.base(), "a coordinate");
  ExpressionReader r = k.base;
  for (std::size_t a = 0; a < h.multipliers.size(); ++a) r.declare("lambda" + std::to_string(a + 1), h.multipliers[a]);
  apply_context(k.ctx, r);
  compare_claim(res, h.field[k.L.dim() + i], k.read(b, "value", r), k.T);
}

// A solution claim's curve (q(t), z(t)) and the residuals it must make vanish, each with its name.
struct Residuals {
  std::vector<std::optional<ex>> curve;
  std::vector<ex> values;
  std::vector<std::string> what;
};

std::vector<std::string> chart_names(const Chart& C) {
  std::vector<std::string> names;
  for (std::size_t j = 0; j < C.dim(); ++j) names.push_back(C.coordinate_name(j));
  return names;
}

// 'curve': an expression in t for every coordinate and z.
std::vector<std::optional<ex>> read_curve(const Checker& k, const YAML::Node& b) {
  const ContactLagrangian& L = k.L;
  if (!b["curve"]) k.doc.fail(b, "expected 'curve' (an expression in t for every coordinate and z), got none");
  std::vector<std::optional<ex>> curve(L.dim() + 1);
  const Chart Qz = L.base().extend(L.base().name() + "z", {"z"});
  for (const auto& [kk, v] : k.doc.mapping(b["curve"], "'curve'")) {
    const std::string nm = k.doc.scalar(kk, "a coordinate");
    const auto i = Qz.index_of(nm);
    if (!i) k.fail_unknown(kk, "'curve'", nm, chart_names(Qz));
    curve[*i] = k.doc.expression(v, k.reader, "'curve' " + nm);
  }
  for (std::size_t i = 0; i <= L.dim(); ++i)
    if (!curve[i]) k.doc.fail(b["curve"], "'curve': expected an expression for " + Qz.coordinate_name(i) + ", got none");
  return curve;
}

// The Herglotz equations and z_dot = L along the curve.
void equation_residuals(const Checker& k, const GiNaC::symbol& ts, Residuals& r) {
  const ContactLagrangian& L = k.L;
  const std::size_t n = L.dim();
  GiNaC::exmap on;
  std::vector<ex> acc;
  for (std::size_t i = 0; i < n; ++i) {
    on[L.coordinates()[i]] = *r.curve[i];
    on[L.velocities()[i]] = r.curve[i]->diff(ts);
    acc.push_back(r.curve[i]->diff(ts, 2));
  }
  on[L.z()] = *r.curve[n];
  for (const auto& h : herglotz_equations(L, acc)) r.values.push_back(h.subs(on));
  r.values.push_back(r.curve[n]->diff(ts) - L.lagrangian().subs(on));
  for (std::size_t i = 0; i < n; ++i) r.what.push_back("Herglotz equation of " + L.base().coordinate_name(i));
  r.what.push_back("z_dot = L");
}

// 'initial': values at t = 0 of coordinates, velocities or z.
void initial_residuals(const Checker& k, const YAML::Node& b, const GiNaC::symbol& ts, Residuals& r) {
  const std::size_t n = k.L.dim();
  for (const auto& [kk, v] : k.doc.mapping(b["initial"], "'initial'")) {
    const std::string nm = k.doc.scalar(kk, "an initial value");
    const auto i = k.T.index_of(nm);
    if (!i) k.fail_unknown(kk, "'initial'", nm, chart_names(k.T));
    const ex at0 = (*i < n ? *r.curve[*i] : *i < 2 * n ? r.curve[*i - n]->diff(ts) : *r.curve[n]).subs(ts == 0);
    r.values.push_back(at0 - k.doc.expression(v, k.reader, "'initial' " + nm));
    r.what.push_back("initial value of " + nm);
  }
}

// A curve (q(t), z(t)) solving the Herglotz equations and ż = L, with given initial values;
// the verdict names the first residual that does not vanish.
void solution(const Checker& k, const Claim& c, ClaimResult& res) {
  const YAML::Node& b = c.body;
  k.doc.check_keys(b, {"time", "curve", "initial"}, "a solution claim");
  const ex t = k.read(b, "time", k.reader);
  if (!GiNaC::is_a<GiNaC::symbol>(t)) k.doc.fail(b["time"], "'time': expected a symbol declared in 'symbols', got '" + k.doc.scalar(b["time"], "") + "'");
  const auto& ts = GiNaC::ex_to<GiNaC::symbol>(t);
  Residuals r{read_curve(k, b), {}, {}};
  equation_residuals(k, ts, r);
  initial_residuals(k, b, ts, r);
  res.holds = true;
  res.how = "no residuals";
  res.derived = "all residuals 0";
  res.claimed = "a solution";
  for (std::size_t i = 0; i < r.values.size(); ++i) {
    const ZeroVerdict v = zero_test(r.values[i], k.T);
    res.how = v.how();
    if (!v.zero) {
      res.holds = false;
      res.derived = r.what[i] + ": residual " + to_text(pretty(r.values[i]));
      res.claimed = "0";
      if (!v.point.empty()) res.counterexample = describe_point(v.point);
      break;
    }
  }
}

void equality(const Checker& k, const Claim& c, ClaimResult& res) {
  k.doc.check_keys(c.body, {"lhs", "rhs"}, "an equality claim");
  compare_claim(res, k.read(c.body, "lhs", k.reader), k.read(c.body, "rhs", k.reader), k.T);
}

const std::map<std::string, Check>& checks() {
  static const std::map<std::string, Check> table = {
      {"herglotz_equation", herglotz_equation}, {"energy", energy_claim}, {"dissipated", dissipated},
      {"contact_hamiltonian", contact_hamiltonian}, {"hamiltonian_vector_field", hamiltonian_vector_field},
      {"impact_map", post_velocity}, {"velocity_jump", post_velocity}, {"impact_momentum", post_momentum},
      {"momentum_jump", post_momentum}, {"energy_jump", post_energy}, {"energy_after", post_energy},
      {"multiplier", multiplier}, {"constrained_equation", constrained_equation}, {"solution", solution},
      {"equality", equality}};
  return table;
}

ClaimResult check_one(const Checker& k, const Claim& c) {
  ClaimResult res;
  res.name = c.name;
  res.kind = c.kind;
  res.line = c.node.Mark().line + 1;
  const YAML::Node& b = c.body;
  if (!b.IsMap()) k.doc.fail(b, "'" + c.kind + "': expected a mapping, got a " + (b.IsScalar() ? "scalar" : "list"));
  // the kinds were checked against contact_claim_kinds() by the caller; an unknown one stays unjudged
  const auto it = checks().find(c.kind);
  if (it != checks().end()) it->second(k, c, res);
  return res;
}

}  // namespace

std::vector<ClaimResult> check_contact_claims(const ContactFile& file, const Document&, const std::vector<Claim>& claims,
                                              const ClaimsContext& context) {
  const Checker k(file, *context.doc, context);
  std::vector<ClaimResult> out;
  for (const auto& c : claims) out.push_back(check_one(k, c));
  return out;
}

}  // namespace hamel
