// mechanics/affine_constraints.cpp
#include "mechanics/affine_constraints.hpp"

#include "mechanics/hamel_equations.hpp"

namespace hamel {

std::optional<GiNaC::ex> drift_multiple(const NonholonomicSystem& system, const VectorField& xi) {
  const Chart& Q = system.chart();
  std::optional<GiNaC::ex> c;
  for (std::size_t k = 0; k < system.constraint_forms().size(); ++k) {
    const GiNaC::ex a = simplify(evaluate(system.constraint_forms()[k], {xi}));
    const GiNaC::ex& b = system.constraint_offsets()[k];
    if (a.is_zero()) {  // ξ in ker ω^k: only a constraint without offset lets c ξ through
      if (!zero_test(b, Q).zero) return std::nullopt;
      continue;
    }
    const GiNaC::ex ck = simplify(-b / a);
    for (std::size_t i = 0; i < Q.dim(); ++i)
      if (ck.has(Q[i])) return std::nullopt;  // a function, not a constant: c ξ would not be a flow of ξ's group
    if (c && !zero_test(ck - *c, Q).zero) return std::nullopt;
    c = ck;
  }
  return c;
}

std::vector<JacobiCandidate> jacobi_candidates(const NonholonomicSystem& system,
                                               const std::vector<std::pair<std::string, VectorField>>& generators) {
  if (!system.is_affine()) return {};
  const GiNaC::ex H = constrained_hamiltonian(system);
  std::vector<JacobiCandidate> out{{"X0", 1, system.drift(), 0}};
  for (const auto& [name, xi] : generators)
    if (const auto c = drift_multiple(system, xi)) {
      const VectorField Y = simplify(*c * xi);
      if (!zero_test(Y - system.drift()).zero) out.push_back({name, *c, Y, 0});  // the drift's own integral: listed once
    }
  for (JacobiCandidate& c : out) c.integral = simplify(H - momentum_along(system, c.field));
  return out;
}

}  // namespace hamel
