// core/circle_lift.cpp
#include "core/circle_lift.hpp"

#include <algorithm>

namespace hamel {

namespace {

// The terms of t·(s² + c²)^j: the binomial expansion, C(j, k) s^(2k) c^(2(j−k)).
void times_unit_power(const SparsePolynomial::Term& t, std::size_t s, std::size_t c, int j, std::vector<SparsePolynomial::Term>& out) {
  GiNaC::numeric binomial = 1;  // C(j, k)
  for (int k = 0; k <= j; ++k) {
    SparsePolynomial::Term u = t;
    u.exponents[s] += 2 * k;
    u.exponents[c] += 2 * (j - k);
    u.coefficient = t.coefficient * binomial;
    out.push_back(std::move(u));
    binomial = binomial * (j - k) / (k + 1);
  }
}

// p homogeneous in the pair (s, c), or nullopt where it is already or cannot be.
std::optional<SparsePolynomial> homogeneous_in(const SparsePolynomial& p, std::size_t s, std::size_t c) {
  if (p.terms.empty()) return std::nullopt;
  const auto degree = [&](const SparsePolynomial::Term& t) { return t.exponents[s] + t.exponents[c]; };
  const int first = degree(p.terms.front());
  int top = first;
  bool uneven = false;
  for (const auto& t : p.terms) {
    if ((degree(t) - first) % 2 != 0) return std::nullopt;  // 1 + s: no form of one degree
    uneven = uneven || degree(t) != first;
    top = std::max(top, degree(t));
  }
  if (!uneven) return std::nullopt;
  std::vector<SparsePolynomial::Term> out;
  for (const auto& t : p.terms) times_unit_power(t, s, c, (top - degree(t)) / 2, out);
  return SparsePolynomial(p.variables, std::move(out));
}

}  // namespace

std::optional<SparsePolynomial> homogeneous_on_circles(const SparsePolynomial& p,
                                                       const std::vector<std::pair<std::size_t, std::size_t>>& circles) {
  std::optional<SparsePolynomial> lifted;
  for (const auto& [s, c] : circles)
    if (auto h = homogeneous_in(lifted ? *lifted : p, s, c)) lifted = std::move(h);
  return lifted;
}

bool has_mixed_term(const SparsePolynomial& p, const std::vector<std::pair<std::size_t, std::size_t>>& circles) {
  return std::any_of(p.terms.begin(), p.terms.end(), [&](const SparsePolynomial::Term& t) {
    return std::any_of(circles.begin(), circles.end(), [&](const auto& pair) { return t.exponents[pair.first] > 0 && t.exponents[pair.second] > 0; });
  });
}

}  // namespace hamel
