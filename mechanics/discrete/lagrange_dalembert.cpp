// mechanics/discrete/lagrange_dalembert.cpp
#include "mechanics/discrete/lagrange_dalembert.hpp"

#include <map>

#include "core/error.hpp"

namespace hamel {

namespace {

// One multiplier symbol per index: the residuals of two calls share their unknowns.
GiNaC::ex multiplier(std::size_t a) {
  static std::map<std::size_t, GiNaC::realsymbol> by_index;
  auto it = by_index.find(a);
  if (it == by_index.end())
    it = by_index.emplace(a, GiNaC::realsymbol("nu" + std::to_string(a + 1), "\\nu_{" + std::to_string(a + 1) + "}")).first;
  return it->second;
}

}  // namespace

std::vector<GiNaC::ex> momentum_balance(const DiscreteSystem& system, bool with_forces) {
  const Chart& Q = system.chart();
  const GiNaC::ex& Ld = system.lagrangian();
  const auto a = d2(Ld, Q);                    // D_2 L_d(q0, q1)
  const auto b = d1(Ld, Q);                    // D_1 L_d(q0, q1), to be shifted to (q1, q2)
  const auto fp = system.force_plus(), fm = system.force_minus();
  std::vector<GiNaC::ex> E;
  for (std::size_t i = 0; i < Q.dim(); ++i) {
    GiNaC::ex e = a[i] + shifted(b[i], Q);
    if (with_forces) e += fp[i] + shifted(fm[i], Q);
    E.push_back(e);
  }
  return E;
}

GiNaC::ex pair_at_middle(const std::vector<GiNaC::ex>& E, const VectorField& X) {
  const Chart& Q = X.chart();
  HAMEL_CHECK(E.size() == Q.dim(), InvalidArgument, "pair_at_middle", "covector and vector of different sizes",
              std::to_string(Q.dim()), std::to_string(E.size()));
  GiNaC::ex s = 0;
  for (std::size_t i = 0; i < Q.dim(); ++i) s += E[i] * at_slot(X[i], Q, 1);
  return s;
}

DiscreteEquations lagrange_dalembert_equations(const DiscreteSystem& system) {
  const Chart& Q = system.chart();
  DiscreteEquations out;
  out.momentum_balance = momentum_balance(system);
  for (std::size_t a = 0; a < system.variational().size(); ++a) out.multipliers.push_back(multiplier(a));
  for (unsigned i = 0; i < Q.dim(); ++i) {
    GiNaC::ex r = out.momentum_balance[i];
    for (std::size_t a = 0; a < system.variational().size(); ++a)
      r -= out.multipliers[a] * at_slot(system.variational()[a].component({i}), Q, 1);
    out.residual.push_back(r);
  }
  for (const auto& phi : system.kinematic()) out.residual.push_back(shifted(phi, Q));
  out.unknowns = slot(Q, 2);
  for (const auto& nu : out.multipliers) out.unknowns.push_back(nu);
  for (const auto& X : system.d_basis()) out.on_d.push_back(pair_at_middle(out.momentum_balance, X));
  return out;
}

}  // namespace hamel
