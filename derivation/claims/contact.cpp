// derivation/claims/contact.cpp — each contact claim kind derives its object and compares
// (derivation/claims.hpp compare_claim).
#include "derivation/claims/contact.hpp"

#include <functional>
#include <map>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "derivation/contact.hpp"
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

// The system, its charts and its Legendre transform, derived once for every claim.
struct Checker {
  ContactSystem s;
  const ContactLagrangian& L;
  const Chart& T;  ///< TQ × R
  Chart M;         ///< T*Q × R
  std::optional<ContactLegendre> leg;

  explicit Checker(const ContactInput& in)
      : s(build_contact_system(in)), L(s.system.lagrangian), T(L.chart()), M(contact_cotangent_bundle(L.base())) {
    if (L.affine_momenta()) leg = legendre_transform(L);
  }
  Checker(const Checker&) = delete;

  // T*Q × R claims are read with the z of TQ × R; this moves them to T*Q × R.
  ex on_dual(const ex& e) const { return e.subs(L.z() == action_variable(M)); }

  const ContactLegendre& legendre(const ContactClaim& c) const {
    if (!leg)
      throw SpecError(c.at.find({""}), "this claim needs the inverse Legendre transform; expected momenta affine in the "
                                       "velocities, got W depending on them");
    return *leg;
  }

  // The constraints of a claim: the file's constraints and, with 'switching', that set.
  std::vector<Form> forms(const ContactClaim& c) const {
    std::vector<Form> f = s.system.constraints;
    if (c.switching) {
      const auto& sw = s.system.switches[*c.switching];
      f.insert(f.end(), sw.constraints.begin(), sw.constraints.end());
    }
    return f;
  }

  std::vector<ex> post_velocities(const ContactClaim& c) const {
    const char* what = c.wall ? "impact maps" : "momentum jumps";
    if (!L.affine_momenta())
      throw SpecError(c.at.find({""}), std::string(what) + " are solved for momenta affine in the velocities; this "
                                                           "Lagrangian has W depending on them");
    if (c.wall) {
      const ContactWall& w = s.system.walls[*c.wall];
      return restitution_map(L, w.psi, w.restitution, s.system.constraints);  // within D (003 (22)-(33))
    }
    return constraint_jump_map(L, forms(c));
  }
};

using Check = std::function<void(const Checker&, const ContactClaim&, ClaimResult&)>;

void herglotz_equation(const Checker& k, const ContactClaim& c, ClaimResult& res) {
  const std::size_t n = k.L.dim();
  const ex derived = lagrangian_vector_field(k.L)[c.index < n ? n + c.index : 2 * n];  // q̈^i, or ż
  compare_claim(res, derived, c.values[0], k.T);
}

void energy_claim(const Checker& k, const ContactClaim& c, ClaimResult& res) { compare_claim(res, energy(k.L), c.values[0], k.T); }

// Along the motion: Γ_L, or Γ_{L,D} on D × R when constraints hold (the file's, and a switching set's
// if the claim names one), where a cyclic momentum may lose its dissipation to the constraint force.
void dissipated(const Checker& k, const ContactClaim& c, ClaimResult& res) {
  const auto f = k.forms(c);
  const ZeroVerdict v = is_dissipated(k.L, f, c.values[0]);
  res.holds = !v.undecided && v.zero == c.holds;
  res.undecided = v.undecided;
  res.how = v.how();
  // written as the text report writes it: ∂L/∂z and ×, names as the file has them (docs/derivation.md)
  if (f.empty() && v.zero) res.derived = "dissipated (Gamma_L(f) = (∂L/∂z) f)";
  else if (f.empty())  // the defect is what the claim gets wrong: d/dt f - (∂L/∂z) f along Γ_L
    res.derived = "not dissipated: Gamma_L(f) - (∂L/∂z) f = " +
                  to_text(pretty(simplify(lagrangian_vector_field(k.L)(c.values[0]) - dissipation_rate(k.L) * c.values[0])));
  else if (v.zero) res.derived = "dissipated under the constraints (Gamma_{L,D}(f) = (∂L/∂z) f on D × R)";
  else res.derived = "not dissipated under the constraints: Gamma_{L,D}(f) - (∂L/∂z) f = " +
                     to_text(pretty(dissipation_defect(k.L, f, c.values[0]))) + " on D × R";
  res.claimed = c.holds ? "dissipated" : "not dissipated";
  if (!v.zero && !v.point.empty()) res.counterexample = describe_point(v.point), res.point = point_items(v.point);
}

void contact_hamiltonian(const Checker& k, const ContactClaim& c, ClaimResult& res) {
  compare_claim(res, k.legendre(c).hamiltonian, k.on_dual(c.values[0]), k.M);
}

void hamiltonian_vector_field(const Checker& k, const ContactClaim& c, ClaimResult& res) {
  compare_claim(res, darboux_hamiltonian_vector_field(k.M, k.legendre(c).hamiltonian)[c.index], k.on_dual(c.values[0]), k.M);
}

// TQ × R's probe space with the walls' restitutions in (0, 1], where they are physical, as the
// hybrid module and derive's sign checks draw them: a witness with alpha = 1.3 is no impact's.
ProbeSpace event_space(const Checker& k) {
  ProbeSpace space = k.T.probe_space();
  for (const auto& w : k.s.system.walls)
    for (auto& r : space.ranges)
      if (r.symbol.is_equal(w.restitution)) r.lo = 1e-3, r.hi = 1;
  return space;
}

// impact_map (after a wall) and velocity_jump (after a switch): a post-event velocity.
void post_velocity(const Checker& k, const ContactClaim& c, ClaimResult& res) {
  compare_claim(res, k.post_velocities(c)[c.index - k.L.dim()], c.values[0], event_space(k));
}

// impact_momentum (after a wall) and momentum_jump (after a switch): a post-event momentum.
void post_momentum(const Checker& k, const ContactClaim& c, ClaimResult& res) {
  const auto pp = momentum_map(k.L, k.legendre(c), k.post_velocities(c));
  compare_claim(res, pp[c.index - k.L.dim()], k.on_dual(c.values[0]), k.M);
}

// energy_jump (E+ - E-) and energy_after (E+).
void post_energy(const Checker& k, const ContactClaim& c, ClaimResult& res) {
  const ex after = energy_after(k.L, k.post_velocities(c));
  compare_claim(res, c.kind == "energy_jump" ? after - energy(k.L) : after, c.values[0], event_space(k));
}

// The multipliers are compared on D × R, where they are defined (003 (15)).
void multiplier(const Checker& k, const ContactClaim& c, ClaimResult& res) {
  const auto f = k.forms(c);
  const ConstrainedHerglotz h = constrained_herglotz(k.L, f);
  const DParametrisation d = parametrise_distribution(k.L, f);
  compare_claim(res, h.multipliers[c.index].subs(d.substitution), c.values[0].subs(d.substitution), k.T);
}

// The value may name the multipliers lambda1, lambda2, …
void constrained_equation(const Checker& k, const ContactClaim& c, ClaimResult& res) {
  const ConstrainedHerglotz h = constrained_herglotz(k.L, k.forms(c));
  GiNaC::exmap lambda;
  for (std::size_t a = 0; a < c.multipliers.size() && a < h.multipliers.size(); ++a) lambda[c.multipliers[a]] = h.multipliers[a];
  compare_claim(res, h.field[k.L.dim() + c.index], c.values[0].subs(lambda), k.T);
}

// The residuals a solution must make vanish, each with its name.
struct Residuals {
  std::vector<ex> values;
  std::vector<std::string> what;
};

// The Herglotz equations and z_dot = L along the curve.
void equation_residuals(const Checker& k, const ContactClaim& c, const GiNaC::symbol& ts, Residuals& r) {
  const ContactLagrangian& L = k.L;
  const std::size_t n = L.dim();
  GiNaC::exmap on;
  std::vector<ex> acc;
  for (std::size_t i = 0; i < n; ++i) {
    on[L.coordinates()[i]] = c.curve[i];
    on[L.velocities()[i]] = c.curve[i].diff(ts);
    acc.push_back(c.curve[i].diff(ts, 2));
  }
  on[L.z()] = c.curve[n];
  for (const auto& h : herglotz_equations(L, acc)) r.values.push_back(h.subs(on));
  r.values.push_back(c.curve[n].diff(ts) - L.lagrangian().subs(on));
  for (std::size_t i = 0; i < n; ++i) r.what.push_back("Herglotz equation of " + L.base().coordinate_name(i));
  r.what.push_back("z_dot = L");
}

// The values at t = 0 of coordinates, velocities or z.
void initial_residuals(const Checker& k, const ContactClaim& c, const GiNaC::symbol& ts, Residuals& r) {
  const std::size_t n = k.L.dim();
  for (const auto& [i, v] : c.initial) {
    const ex at0 = (i < n ? c.curve[i] : i < 2 * n ? c.curve[i - n].diff(ts) : c.curve[n]).subs(ts == 0);
    r.values.push_back(at0 - v);
    r.what.push_back("initial value of " + k.T.coordinate_name(i));
  }
}

// A curve (q(t), z(t)) solving the Herglotz equations and ż = L, with given initial values;
// the verdict names the first residual that does not vanish.
void solution(const Checker& k, const ContactClaim& c, ClaimResult& res) {
  const auto& ts = GiNaC::ex_to<GiNaC::symbol>(c.time);
  Residuals r;
  equation_residuals(k, c, ts, r);
  initial_residuals(k, c, ts, r);
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
      if (!v.point.empty()) res.counterexample = describe_point(v.point), res.point = point_items(v.point);
      break;
    }
  }
}

void equality(const Checker& k, const ContactClaim& c, ClaimResult& res) { compare_claim(res, c.values[0], c.values[1], k.T); }

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

}  // namespace

std::vector<ClaimResult> check_contact_claims(const ContactInput& in, const std::vector<ContactClaim>& claims) {
  const Checker k(in);
  std::vector<ClaimResult> out;
  for (const auto& c : claims) {
    ClaimResult res;
    // the kinds were checked against contact_claim_kinds() by the reader; an unknown one stays unjudged
    const auto it = checks().find(c.kind);
    if (it != checks().end()) it->second(k, c, res);
    out.push_back(res);
  }
  return out;
}

}  // namespace hamel
