// io/modules/contact/contact_claims.cpp — reading the claims of contact systems into ContactClaims
// (derivation/claims/contact.hpp): keys, names of coordinates, walls and switches, expressions.
#include "io/modules/contact/contact_claims.hpp"

#include <functional>
#include <map>

#include "core/did_you_mean.hpp"
#include "core/error.hpp"
#include "geometry/lifts.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

// The claims file, the system as read, and the readers of claimed values.
struct Reader {
  const ContactFile& file;
  const Document& doc;  // the claims file
  const ClaimsContext& ctx;
  Chart T, M;              // TQ × R and T*Q × R
  ExpressionReader base;   // q, q_dot, p_q, z, parameters, functions, definitions (no claims context)
  ExpressionReader reader;

  Reader(const ContactFile& f, const Document& d, const ClaimsContext& c)
      : file(f), doc(d), ctx(c), T(contact_tangent_bundle(f.Q)), M(contact_cotangent_bundle(f.Q)), base(f.tqz) {
    const std::size_t n = f.Q.dim();
    for (std::size_t i = 0; i < n; ++i) base.declare(M.coordinate_name(n + i), M[n + i]);
    reader = base;
    apply_context(ctx, reader);
  }

  ex read(const YAML::Node& b, const char* key, const ExpressionReader& r) const {
    if (!b[key]) doc.fail(b, std::string("expected '") + key + "', got none");
    return doc.expression(b[key], r, std::string("'") + key + "'");
  }
  ex value(const YAML::Node& b) const { return read(b, "value", reader); }

  [[noreturn]] void fail_unknown(const YAML::Node& at, const std::string& what, const std::string& n,
                                 const std::vector<std::string>& names) const {
    std::string msg = what + ": unknown name '" + n + "'; expected " + one_of(names, "a name (none declared in the system file)") + ", got '" + n + "'";
    if (auto d = did_you_mean(n, names)) msg += " (did you mean '" + *d + "'?)";
    doc.fail(at, msg);
  }
  template <typename Items>
  std::size_t named(const YAML::Node& at, const std::string& what, const Items& items) const {
    const std::string n = doc.scalar(at, what);
    std::vector<std::string> names;
    for (const auto& x : items) names.push_back(x.name);
    const auto it = std::find(names.begin(), names.end(), n);
    if (it == names.end()) fail_unknown(at, what, n, names);
    return static_cast<std::size_t>(it - names.begin());
  }
  std::size_t wall(const YAML::Node& b) const {
    if (!b["impulsive"]) doc.fail(b, "expected 'impulsive' (the name of an impulsive constraint), got none");
    return named(b["impulsive"], "'impulsive'", file.walls);
  }
  std::size_t switching(const YAML::Node& b) const { return named(b["switching"], "'switching'", file.switches); }

  // The constraints of a claim (the file's and, with 'switching', that set): how many there are.
  std::size_t forms(const YAML::Node& b, ContactClaim& c) const {
    std::size_t count = file.constraints.size();
    if (b["switching"]) {
      c.switching = switching(b);
      count += file.switches[*c.switching].constraints.size();
    }
    if (count == 0) doc.fail(b, "expected constraints: the system file has no 'constraints' and the claim names no 'switching'");
    return count;
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

  // Which jump: a wall's impact or a switch's momentum jump.
  void jump(const YAML::Node& b, ContactClaim& c) const {
    if (b["impulsive"]) c.wall = wall(b);
    else if (b["switching"]) c.switching = switching(b);
    else doc.fail(b, "expected 'impulsive' or 'switching' (which jump), got neither");
  }
};

// (q, z): the chart of the Herglotz equations and of a solution's curve.
Chart with_action(const Chart& Q) { return Q.extend(Q.name() + "z", {"z"}); }

// One claim kind: reads the body (already checked to be a mapping) into the claim.
using Read = std::function<void(const Reader&, const YAML::Node&, ContactClaim&)>;

void herglotz_equation(const Reader& k, const YAML::Node& b, ContactClaim& c) {
  k.doc.check_keys(b, {"coordinate", "value"}, "a herglotz_equation claim");
  c.index = k.coordinate_index(b, with_action(k.file.Q), "a coordinate or z");
  c.values = {k.value(b)};
}

void energy_claim(const Reader& k, const YAML::Node& b, ContactClaim& c) {
  k.doc.check_keys(b, {"value"}, "an energy claim");
  c.values = {k.value(b)};
}

void dissipated(const Reader& k, const YAML::Node& b, ContactClaim& c) {
  k.doc.check_keys(b, {"function", "holds", "switching"}, "a dissipated claim");
  if (b["switching"]) c.switching = k.switching(b);
  c.values = {k.read(b, "function", k.reader)};
  c.holds = k.doc.boolean(b, "holds", true);
}

void contact_hamiltonian(const Reader& k, const YAML::Node& b, ContactClaim& c) {
  k.doc.check_keys(b, {"value"}, "a contact_hamiltonian claim");
  c.values = {k.value(b)};
}

void hamiltonian_vector_field(const Reader& k, const YAML::Node& b, ContactClaim& c) {
  k.doc.check_keys(b, {"coordinate", "value"}, "a hamiltonian_vector_field claim");
  c.index = k.coordinate_index(b, k.M, "a coordinate of T∗Q × R");
  c.values = {k.value(b)};
}

// impact_map (after a wall) and velocity_jump (after a switch): a post-event velocity; impact_momentum
// and momentum_jump: a post-event momentum.
void post_velocity_or_momentum(const Reader& k, const YAML::Node& b, ContactClaim& c) {
  const bool momentum = c.kind == "impact_momentum" || c.kind == "momentum_jump";
  const bool impact = c.kind == "impact_map" || c.kind == "impact_momentum";
  const std::size_t n = k.file.Q.dim();
  k.doc.check_keys(b, {impact ? "impulsive" : "switching", "coordinate", "value"}, "a " + c.kind + " claim");
  const Chart& C = momentum ? k.M : k.T;
  c.index = k.coordinate_index(b, C, momentum ? "a momentum" : "a velocity");
  if (c.index < n || c.index >= 2 * n)
    k.doc.fail(b["coordinate"], std::string("'coordinate': expected a ") + (momentum ? "momentum" : "velocity") + " (e.g. " +
                                    C.coordinate_name(n) + "), got '" + C.coordinate_name(c.index) + "'");
  k.jump(b, c);
  c.values = {k.value(b)};
}

// energy_jump (E+ - E-) and energy_after (E+).
void post_energy(const Reader& k, const YAML::Node& b, ContactClaim& c) {
  k.doc.check_keys(b, {"impulsive", "switching", "value"}, "an " + c.kind + " claim");
  k.jump(b, c);
  c.values = {k.value(b)};
}

void multiplier(const Reader& k, const YAML::Node& b, ContactClaim& c) {
  k.doc.check_keys(b, {"switching", "index", "value"}, "a " + c.kind + " claim");
  const std::size_t count = k.forms(b, c);  // one multiplier per constraint
  if (!b["index"]) k.doc.fail(b, "expected 'index' (1-based), got none");
  const std::string s = k.doc.scalar(b["index"], "'index'");
  std::size_t a = 0;
  try {
    a = std::stoul(s);
  } catch (const std::exception&) {
  }
  if (a < 1 || a > count)
    k.doc.fail(b["index"], "'index': expected a number between 1 and " + std::to_string(count) + ", got '" + s + "'");
  c.index = a - 1;
  c.values = {k.value(b)};
}

// The value may use lambda1, lambda2, ... for the multipliers.
void constrained_equation(const Reader& k, const YAML::Node& b, ContactClaim& c) {
  k.doc.check_keys(b, {"switching", "coordinate", "value"}, "a " + c.kind + " claim");
  const std::size_t count = k.forms(b, c);
  c.index = k.coordinate_index(b, k.file.Q, "a coordinate");
  ExpressionReader r = k.base;
  for (std::size_t a = 0; a < count; ++a) {
    c.multipliers.push_back(GiNaC::realsymbol("lambda" + std::to_string(a + 1)));
    r.declare("lambda" + std::to_string(a + 1), c.multipliers.back());
  }
  apply_context(k.ctx, r);
  c.values = {k.read(b, "value", r)};
}

std::vector<std::string> chart_names(const Chart& C) {
  std::vector<std::string> names;
  for (std::size_t j = 0; j < C.dim(); ++j) names.push_back(C.coordinate_name(j));
  return names;
}

// 'curve': an expression in t for every coordinate and z.
void read_curve(const Reader& k, const YAML::Node& b, ContactClaim& c) {
  if (!b["curve"]) k.doc.fail(b, "expected 'curve' (an expression in t for every coordinate and z), got none");
  const Chart Qz = with_action(k.file.Q);
  std::vector<std::optional<ex>> curve(Qz.dim());
  for (const auto& [kk, v] : k.doc.mapping(b["curve"], "'curve'")) {
    const std::string nm = k.doc.scalar(kk, "a coordinate");
    const auto i = Qz.index_of(nm);
    if (!i) k.fail_unknown(kk, "'curve'", nm, chart_names(Qz));
    curve[*i] = k.doc.expression(v, k.reader, "'curve' " + nm);
  }
  for (std::size_t i = 0; i < Qz.dim(); ++i) {
    if (!curve[i]) k.doc.fail(b["curve"], "'curve': expected an expression for " + Qz.coordinate_name(i) + ", got none");
    c.curve.push_back(*curve[i]);
  }
}

// A curve (q(t), z(t)) claimed to solve the Herglotz equations and ż = L, with initial values.
void solution(const Reader& k, const YAML::Node& b, ContactClaim& c) {
  k.doc.check_keys(b, {"time", "curve", "initial"}, "a solution claim");
  c.time = k.read(b, "time", k.reader);
  if (!GiNaC::is_a<GiNaC::symbol>(c.time))
    k.doc.fail(b["time"], "'time': expected a symbol declared in 'symbols', got '" + k.doc.scalar(b["time"], "") + "'");
  read_curve(k, b, c);
  for (const auto& [kk, v] : k.doc.mapping(b["initial"], "'initial'")) {
    const std::string nm = k.doc.scalar(kk, "an initial value");
    const auto i = k.T.index_of(nm);
    if (!i) k.fail_unknown(kk, "'initial'", nm, chart_names(k.T));
    c.initial.emplace_back(*i, k.doc.expression(v, k.reader, "'initial' " + nm));
  }
}

void equality(const Reader& k, const YAML::Node& b, ContactClaim& c) {
  k.doc.check_keys(b, {"lhs", "rhs"}, "an equality claim");
  c.values = {k.read(b, "lhs", k.reader), k.read(b, "rhs", k.reader)};
}

const std::map<std::string, Read>& readers() {
  static const std::map<std::string, Read> table = {
      {"herglotz_equation", herglotz_equation}, {"energy", energy_claim}, {"dissipated", dissipated},
      {"contact_hamiltonian", contact_hamiltonian}, {"hamiltonian_vector_field", hamiltonian_vector_field},
      {"impact_map", post_velocity_or_momentum}, {"velocity_jump", post_velocity_or_momentum},
      {"impact_momentum", post_velocity_or_momentum}, {"momentum_jump", post_velocity_or_momentum},
      {"energy_jump", post_energy}, {"energy_after", post_energy}, {"multiplier", multiplier},
      {"constrained_equation", constrained_equation}, {"solution", solution}, {"equality", equality}};
  return table;
}

ContactClaim read_one(const Reader& k, const Claim& cl) {
  ContactClaim c;
  c.kind = cl.kind;
  const YAML::Node& b = cl.body;
  c.at.set("", k.doc.mark(b));
  if (!b.IsMap()) k.doc.fail(b, "'" + c.kind + "': expected a mapping, got a " + (b.IsScalar() ? "scalar" : "list"));
  const auto it = readers().find(c.kind);
  if (it != readers().end()) it->second(k, b, c);
  return c;
}

}  // namespace

std::vector<ContactClaim> read_contact_claims(const ContactFile& file, const std::vector<Claim>& claims,
                                              const ClaimsContext& context) {
  const Reader k(file, *context.doc, context);
  std::vector<ContactClaim> out;
  for (const auto& c : claims) out.push_back(read_one(k, c));
  return out;
}

}  // namespace hamel
