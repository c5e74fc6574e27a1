// mechanics/hybrid/simple_hybrid_system.cpp
#include "mechanics/hybrid/simple_hybrid_system.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "geometry/lifts.hpp"
#include "mechanics/hybrid/on_surface.hpp"

namespace hamel {

namespace {
using GiNaC::ex;
ex d(const ex& f, const ex& x) { return f.diff(GiNaC::ex_to<GiNaC::symbol>(x)); }
}  // namespace

SimpleHybridSystem::SimpleHybridSystem(ForcedLagrangianSystem system, std::vector<SwitchingComponent> components)
    : system_(std::move(system)), components_(std::move(components)) {
  const char* fn = "SimpleHybridSystem";
  const auto v = system_.velocities();
  for (const auto& C : components_) {
    if (C.name.empty()) throw InvalidArgument(detail::message(fn, "a component has no name", "a name", "none"));
    if (C.reset.size() != system_.dim())
      throw InvalidArgument(detail::message(fn, "component " + C.name + ": wrong number of reset components",
                                            std::to_string(system_.dim()) + " (one per velocity)",
                                            std::to_string(C.reset.size())));
    for (const ex& x : v)
      if (C.surface.has(x))
        throw InvalidArgument(detail::message(fn, "component " + C.name + ": the surface depends on the velocity " +
                                                      detail::str(x),
                                              "h(t, q)", detail::str(C.surface)));
    check_regular_surface(system_, C.surface);
  }
}

const SwitchingComponent& SimpleHybridSystem::component(const std::string& name) const {
  for (const auto& C : components_)
    if (C.name == name) return C;
  std::string known;
  for (const auto& C : components_) known += (known.empty() ? "" : ", ") + C.name;
  throw InvalidArgument(detail::message("SimpleHybridSystem::component", "unknown component '" + name + "'",
                                        "one of " + known, name));
}

void check_regular_surface(const ForcedLagrangianSystem& s, const ex& h) {
  const ex H = GiNaC::expand(h);
  const std::vector<ex> all = symbols_of({H});
  GiNaC::exmap atoms;  // a function of the symbols (f(t), sin x) makes h no polynomial: not checked
  H.to_polynomial(atoms);
  if (!atoms.empty() || !H.is_polynomial(GiNaC::lst(all.begin(), all.end()))) return;
  std::vector<ex> dq;
  for (const ex& q : s.coordinates()) dq.push_back(GiNaC::expand(d(H, q)));
  if (std::all_of(dq.begin(), dq.end(), [](const ex& e) { return e.is_zero(); }))
    throw DomainError(detail::message("check_regular_surface", "dh vanishes identically", "a regular surface h = 0",
                                      detail::str(h)));
  ex g = H;
  for (const ex& x : all) g = GiNaC::gcd(g, GiNaC::expand(d(H, x)));
  if (GiNaC::is_a<GiNaC::numeric>(g)) return;  // square-free: dh = 0 only on a smaller set
  ex r, unused;
  if (!GiNaC::divide(H, g, r)) return;
  for (const ex& e : dq)
    if (!e.is_zero() && !GiNaC::divide(e, r, unused)) return;
  throw DomainError(detail::message("check_regular_surface", "dh vanishes on the surface h = 0", "a regular surface",
                                    detail::str(h), "write the surface as " + detail::str(r) + ", not " + detail::str(h)));
}

ex normal_velocity(const ForcedLagrangianSystem& s, const ex& h) {
  const auto q = s.coordinates();
  const auto v = s.velocities();
  ex sigma = s.time() ? d(h, *s.time()) : ex(0);
  for (std::size_t i = 0; i < s.dim(); ++i) sigma += d(h, q[i]) * v[i];
  return sigma;
}

SurfacePiece surface_piece(const SimpleHybridSystem& H, const SwitchingComponent& C, bool with_conditions) {
  SurfacePiece S{H.system().tangent_chart(), H.system().time(), {C.surface}, normal_velocity(H.system(), C.surface),
                 C.direction, C.name};
  if (with_conditions) S.equations.insert(S.equations.end(), C.conditions.begin(), C.conditions.end());
  // every guard's restitution that is a parameter (a shared e is one restitution wherever it appears)
  for (const auto& D : H.components())
    if (D.restitution && GiNaC::is_a<GiNaC::symbol>(*D.restitution) &&
        std::none_of(S.restitutions.begin(), S.restitutions.end(), [&](const ex& e) { return e.is_equal(*D.restitution); }))
      S.restitutions.push_back(*D.restitution);
  return S;
}

ex after_impact(const SimpleHybridSystem& H, const SwitchingComponent& C, const ex& f) {
  const auto v = H.system().velocities();
  GiNaC::exmap m;
  for (std::size_t i = 0; i < v.size(); ++i) m[v[i]] = C.reset[i];
  return f.subs(m);
}

namespace {

// W⁻¹ dhᵀ, b = dh W⁻¹ dhᵀ and σ.
struct NormalData {
  std::vector<ex> Winv_dh;
  ex b;
  ex sigma;
  ex a;  // dh q̇
};

NormalData normal_data(const ForcedLagrangianSystem& s, const ex& h) {
  const std::size_t n = s.dim();
  const auto q = s.coordinates();
  const auto v = s.velocities();
  NormalData nd{std::vector<ex>(n, 0), 0, normal_velocity(s, h), 0};
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j)
      nd.Winv_dh[i] += s.inverse_hessian()(static_cast<unsigned>(i), static_cast<unsigned>(j)) * d(h, q[j]);
    nd.b += d(h, q[i]) * nd.Winv_dh[i];
    nd.a += d(h, q[i]) * v[i];
  }
  nd.b = simplify(nd.b);
  if (nd.b.is_zero())
    throw DomainError(detail::message("newtonian_impact", "dh vanishes identically", "a regular surface h = 0",
                                      detail::str(h)));
  return nd;
}

}  // namespace

std::vector<ex> newtonian_impact(const ForcedLagrangianSystem& s, const ex& h, const ex& e) {
  const NormalData nd = normal_data(s, h);
  const auto v = s.velocities();
  std::vector<ex> P;
  for (std::size_t i = 0; i < s.dim(); ++i) P.push_back(simplify(v[i] - (1 + e) * nd.sigma / nd.b * nd.Winv_dh[i]));
  return P;
}

std::vector<ex> newtonian_impact_momenta(const ForcedLagrangianSystem& s, const ex& h, const ex& e) {
  // ⟨⟨p − b, dh⟩⟩ = dh q̇(p) for q̇ = W⁻¹(p − b); ‖dh‖² = dh W⁻¹ dhᵀ
  const NormalData nd = normal_data(s, h);
  const auto to_p = pullback_by_inverse_legendre(s);
  const auto p = momenta(s.chart());
  const auto q = s.coordinates();
  const ex sigma = nd.sigma.subs(to_p);
  std::vector<ex> P;
  for (std::size_t i = 0; i < s.dim(); ++i) P.push_back(simplify(p[i] - (1 + e) * sigma / nd.b * d(h, q[i])));
  return P;
}

ex newtonian_energy_jump(const ForcedLagrangianSystem& s, const ex& h, const ex& e) {
  const NormalData nd = normal_data(s, h);
  return simplify((1 + e) * nd.sigma * ((1 + e) * nd.sigma / 2 - nd.a) / nd.b);
}

}  // namespace hamel
