// mechanics/hybrid/coordinate_change.cpp
#include "mechanics/hybrid/coordinate_change.hpp"

#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "geometry/lifts.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

namespace {
using GiNaC::ex;
const GiNaC::symbol& sym(const ex& e) { return GiNaC::ex_to<GiNaC::symbol>(e); }

GiNaC::matrix inverse_jacobian(const CoordinateChange& c) {
  return simplify(inverse(jacobian(c), tangent_bundle(c.to), "CoordinateChange"));
}
}  // namespace

void validate(const CoordinateChange& c) {
  if (c.q_of_u.size() != c.from.dim())
    throw InvalidArgument(detail::message("CoordinateChange", "wrong number of expressions",
                                          std::to_string(c.from.dim()) + " (one per coordinate of " + c.from.describe() + ")",
                                          std::to_string(c.q_of_u.size())));
  if (c.to.dim() != c.from.dim())
    throw InvalidArgument(detail::message("CoordinateChange", "the charts have different dimensions",
                                          std::to_string(c.from.dim()), std::to_string(c.to.dim())));
  for (const ex& e : c.q_of_u)
    for (const ex& q : c.from.coordinates())
      if (e.has(q) && !c.to.index_of(q))
        throw InvalidArgument(detail::message("CoordinateChange", "an expression uses an old coordinate " + detail::str(q),
                                              "expressions in " + c.to.describe(), detail::str(e)));
  (void)inverse_jacobian(c);
}

GiNaC::matrix jacobian(const CoordinateChange& c) {
  const std::size_t n = c.from.dim();
  GiNaC::matrix D(static_cast<unsigned>(n), static_cast<unsigned>(n));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t a = 0; a < n; ++a)
      D(static_cast<unsigned>(i), static_cast<unsigned>(a)) = c.q_of_u[i].diff(sym(c.to[a]));
  return D;
}

GiNaC::exmap pullback_substitution(const CoordinateChange& c) {
  const std::size_t n = c.from.dim();
  const GiNaC::matrix D = jacobian(c);
  const auto qd = velocities(c.from), ud = velocities(c.to);
  GiNaC::exmap m;
  for (std::size_t i = 0; i < n; ++i) {
    m[c.from[i]] = c.q_of_u[i];
    ex v = 0;
    for (std::size_t a = 0; a < n; ++a) v += D(static_cast<unsigned>(i), static_cast<unsigned>(a)) * ud[a];
    m[qd[i]] = v;
  }
  return m;
}

ex pull_back(const CoordinateChange& c, const ex& f) {
  return simplify(f.subs(pullback_substitution(c), GiNaC::subs_options::no_pattern));
}

VectorField transport(const CoordinateChange& c, const VectorField& xi) {
  require_same_chart(c.from, xi.chart(), "transport");
  const GiNaC::matrix Di = inverse_jacobian(c);
  const std::size_t n = c.from.dim();
  std::vector<ex> comp(n, 0);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t i = 0; i < n; ++i) comp[a] += Di(static_cast<unsigned>(a), static_cast<unsigned>(i)) * pull_back(c, xi[i]);
    comp[a] = simplify(comp[a]);
  }
  return VectorField(c.to, comp);
}

ForcedLagrangianSystem transport(const CoordinateChange& c, const ForcedLagrangianSystem& s) {
  require_same_chart(c.from, s.chart(), "transport");
  const GiNaC::matrix D = jacobian(c);
  const std::size_t n = c.from.dim();
  std::vector<ex> F(n, 0);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t i = 0; i < n; ++i) F[a] += pull_back(c, s.force()[i]) * D(static_cast<unsigned>(i), static_cast<unsigned>(a));
    F[a] = simplify(F[a]);
  }
  return ForcedLagrangianSystem(c.to, pull_back(c, s.lagrangian()), F, s.time());
}

SimpleHybridSystem transport(const CoordinateChange& c, const SimpleHybridSystem& H) {
  const GiNaC::matrix Di = inverse_jacobian(c);
  const std::size_t n = c.from.dim();
  std::vector<SwitchingComponent> comps;
  for (const auto& C : H.components()) {
    SwitchingComponent T = C;
    T.surface = pull_back(c, C.surface);
    for (auto& e : T.conditions) e = pull_back(c, e);
    std::vector<ex> P;
    for (const ex& p : C.reset) P.push_back(pull_back(c, p));
    for (std::size_t a = 0; a < n; ++a) {
      ex v = 0;
      for (std::size_t i = 0; i < n; ++i) v += Di(static_cast<unsigned>(a), static_cast<unsigned>(i)) * P[i];
      T.reset[a] = simplify(v);
    }
    comps.push_back(T);
  }
  return SimpleHybridSystem(transport(c, H.system()), comps);
}

}  // namespace hamel
