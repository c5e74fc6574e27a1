// bench/bivectors.hpp — the three bivectors of the geometry benchmark (also used by the tests).
//
// On R¹⁰ ∋ (x0, …, x9):
//  (i)   the Lie–Poisson bivector of so(5)*: basis M_ab (a < b, lexicographic ↦ x0..x9),
//        {M_ab, M_cd} = δ_bc M_ad − δ_ac M_bd − δ_bd M_ac + δ_ad M_bc;
//  (ii)  the quadratic bivector P^{ij} = (i − j + 3) x_i x_j (i < j), which is Poisson;
//  (iii) (ii) with x2² added to P^{01}, which is not.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "geometry/multivector.hpp"

namespace hamel::bench {

inline Chart r10() {
  std::vector<std::string> names;
  for (int i = 0; i < 10; ++i) names.push_back("x" + std::to_string(i));
  return Chart::make("R10", names);
}

inline Multivector so5_lie_poisson(const Chart& Q) {
  std::vector<std::pair<int, int>> basis;
  for (int a = 0; a < 5; ++a)
    for (int b = a + 1; b < 5; ++b) basis.emplace_back(a, b);
  // M(a, b) as an expression: ±x_k, or 0 on the diagonal.
  const auto M = [&](int a, int b) -> GiNaC::ex {
    if (a == b) return 0;
    const int s = a < b ? 1 : -1;
    const auto key = a < b ? std::make_pair(a, b) : std::make_pair(b, a);
    for (std::size_t k = 0; k < basis.size(); ++k)
      if (basis[k] == key) return s * Q[k];
    return 0;
  };
  const auto delta = [](int i, int j) { return i == j ? 1 : 0; };
  Multivector::Components c;
  for (unsigned i = 0; i < basis.size(); ++i)
    for (unsigned j = i + 1; j < basis.size(); ++j) {
      const auto [a, b] = basis[i];
      const auto [cc, d] = basis[j];
      c[{i, j}] = delta(b, cc) * M(a, d) - delta(a, cc) * M(b, d) - delta(b, d) * M(a, cc) +
                  delta(a, d) * M(b, cc);
    }
  return Multivector(Q, 2, c);
}

inline Multivector quadratic(const Chart& Q, bool perturbed) {
  Multivector::Components c;
  for (unsigned i = 0; i < 10; ++i)
    for (unsigned j = i + 1; j < 10; ++j)
      c[{i, j}] = (static_cast<int>(i) - static_cast<int>(j) + 3) * Q[i] * Q[j];
  if (perturbed) c[{0, 1}] += GiNaC::pow(Q[2], 2);
  return Multivector(Q, 2, c);
}

}  // namespace hamel::bench
