// reduction/group_action.cpp
#include "reduction/group_action.hpp"

#include "geometry/form.hpp"

namespace hamel {

namespace {

// g = 0.
GiNaC::exmap at_identity(const GroupActionMap& action) {
  GiNaC::exmap e;
  for (const GiNaC::ex& g : action.parameters) e[g] = 0;
  return e;
}

// q ↦ Φ(q, g), all coordinates at once.
GiNaC::exmap moved(const Chart& Q, const GroupActionMap& action) {
  GiNaC::exmap m;
  for (std::size_t i = 0; i < Q.dim(); ++i) m[Q.coordinate(i)] = action.images[i];
  return m;
}

// TΦ_g v = Σ_j ∂Φ/∂q^j v^j, at the point q (its components are functions of q and g).
std::vector<GiNaC::ex> pushed(const Chart& Q, const GroupActionMap& action, const std::vector<GiNaC::ex>& v) {
  std::vector<GiNaC::ex> out(Q.dim(), 0);
  for (std::size_t i = 0; i < Q.dim(); ++i)
    for (std::size_t j = 0; j < Q.dim(); ++j)
      out[i] += action.images[i].diff(GiNaC::ex_to<GiNaC::symbol>(Q.coordinate(j))) * v[j];
  return out;
}

ActionCheck failed_at(ZeroVerdict v, std::string failing, const GiNaC::ex& value) {
  return {std::move(v), std::move(failing), value};
}

ActionCheck holds(std::string detail) {
  ActionCheck c;
  c.verdict.zero = true;
  c.verdict.detail = std::move(detail);
  return c;
}

}  // namespace

std::vector<VectorField> generators_of(const Chart& Q, const GroupActionMap& action) {
  const GiNaC::exmap e = at_identity(action);
  std::vector<VectorField> out;
  for (const GiNaC::ex& g : action.parameters) {
    std::vector<GiNaC::ex> xi;
    for (const GiNaC::ex& phi : action.images) xi.push_back(simplify(phi.diff(GiNaC::ex_to<GiNaC::symbol>(g)).subs(e)));
    out.emplace_back(Q, xi);
  }
  return out;
}

ActionCheck fixes_identity(const Chart& Q, const GroupActionMap& action) {
  const GiNaC::exmap e = at_identity(action);
  ZeroVerdict last;
  for (std::size_t i = 0; i < Q.dim(); ++i) {
    const GiNaC::ex d = action.images[i].subs(e) - Q.coordinate(i);
    last = zero_test(d, Q);
    if (!last.zero) return failed_at(last, "Phi_e(" + Q.coordinate_name(i) + ") - " + Q.coordinate_name(i), simplify(d));
  }
  return holds(last.detail.empty() ? "Phi(q, 0) = q" : last.detail);
}

ActionCheck preserves_lagrangian(const NonholonomicSystem& system, const GroupActionMap& action) {
  const Chart& Q = system.chart();
  const Chart& TQ = system.tangent_chart();
  std::vector<GiNaC::ex> velocity;
  for (std::size_t i = 0; i < Q.dim(); ++i) velocity.push_back(TQ.coordinate(Q.dim() + i));
  const std::vector<GiNaC::ex> image = pushed(Q, action, velocity);
  GiNaC::exmap lift = moved(Q, action);  // (q, q̇) ↦ (Φ_g q, TΦ_g q̇), simultaneously
  for (std::size_t i = 0; i < Q.dim(); ++i) lift[velocity[i]] = image[i];
  const GiNaC::ex d = system.lagrangian().subs(lift) - system.lagrangian();
  const ZeroVerdict v = zero_test(d, TQ);
  return v.zero ? ActionCheck{v, "", 0} : failed_at(v, "L(TPhi_g(q, q_dot)) - L(q, q_dot)", simplify(d));
}

ActionCheck preserves_constraints(const NonholonomicSystem& system, const GroupActionMap& action) {
  const Chart& Q = system.chart();
  const ChartMap phi{Q, Q, action.images};  // Φ_g for symbolic g
  const auto& forms = system.constraint_forms();
  ZeroVerdict last;
  for (std::size_t k = 0; k < forms.size(); ++k) {
    const Form pulled = pullback(phi, forms[k]);  // (Φ_g*ω^k)(X) = ω^k at Φ_g q on TΦ_g X
    for (std::size_t a = 0; a < system.rank(); ++a) {
      const GiNaC::ex d = evaluate(pulled, {system.frame()[a]});
      last = zero_test(d, Q);
      if (!last.zero)
        return failed_at(last, "omega^" + std::to_string(k + 1) + "(TPhi_g " + system.frame_names()[a] + ")", simplify(d));
    }
    // affine: TΦ_g X_0 is allowed at Φ_g q, ω^k(TΦ_g X_0) + b^k(Φ_g q) = 0
    if (!system.is_affine()) continue;
    const GiNaC::ex d = evaluate(pulled, {system.drift()}) + system.constraint_offsets()[k].subs(moved(Q, action));
    last = zero_test(d, Q);
    if (!last.zero) return failed_at(last, "omega^" + std::to_string(k + 1) + "(TPhi_g X_0) + b^" + std::to_string(k + 1) + "(Phi_g q)", simplify(d));
  }
  return holds(forms.empty() ? "no constraint forms" : last.detail);
}

}  // namespace hamel
