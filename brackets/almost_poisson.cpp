// brackets/almost_poisson.cpp
#include "brackets/almost_poisson.hpp"

#include <optional>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

AlmostPoissonBracket::AlmostPoissonBracket(Multivector bivector) : pi_(std::move(bivector)) {
  if (pi_.degree() != 2)
    throw InvalidArgument(detail::message("AlmostPoissonBracket", "needs a bivector", "degree 2",
                                          "degree " + std::to_string(pi_.degree())));
}

AlmostPoissonBracket AlmostPoissonBracket::from_coordinate_brackets(
    const Chart& chart, const std::map<std::pair<std::size_t, std::size_t>, GiNaC::ex>& brackets) {
  Multivector::Components c;
  for (const auto& kv : brackets) {
    const auto [i, j] = kv.first;
    if (i >= chart.dim() || j >= chart.dim())
      throw InvalidArgument(detail::message("AlmostPoissonBracket::from_coordinate_brackets",
                                            "coordinate index out of range",
                                            "indices < " + std::to_string(chart.dim()),
                                            std::to_string(i) + "," + std::to_string(j)));
    if (i == j) continue;
    c[{static_cast<unsigned>(i), static_cast<unsigned>(j)}] += kv.second;
  }
  return AlmostPoissonBracket(Multivector(chart, 2, c));
}

GiNaC::ex AlmostPoissonBracket::operator()(const GiNaC::ex& f, const GiNaC::ex& g) const {
  const Chart& M = chart();
  // each partial derivative once: a coordinate occurs in up to dim − 1 components (the Jacobi check in
  // the flagship's six variables differentiated every entry fivefold)
  std::vector<std::optional<std::pair<GiNaC::ex, GiNaC::ex>>> d(M.dim());  // (∂f, ∂g) per coordinate
  const auto partials = [&](std::size_t k) -> const std::pair<GiNaC::ex, GiNaC::ex>& {
    if (!d[k]) {  // remembered: {u_a, u_c} for every c, the inner {u_b, u_c} of every Jacobiator {u_a, {u_b, u_c}}
      const auto& x = GiNaC::ex_to<GiNaC::symbol>(M[k]);
      d[k].emplace(partial_derivative(f, x), partial_derivative(g, x));
    }
    return *d[k];
  };
  GiNaC::ex r = 0;
  for (const auto& kv : pi_.components()) {
    const auto& [fi, gi] = partials(kv.first[0]);
    const auto& [fj, gj] = partials(kv.first[1]);
    r += kv.second * (fi * gj - fj * gi);
  }
  return r;
}

GiNaC::ex bracket(const AlmostPoissonBracket& B, const GiNaC::ex& f, const GiNaC::ex& g) { return B(f, g); }

VectorField hamiltonian_vector_field(const AlmostPoissonBracket& B, const GiNaC::ex& H) {
  return sharp(B.bivector(), differential(H, B.chart()));
}

Distribution characteristic_distribution(const AlmostPoissonBracket& B) {
  std::vector<VectorField> gens;
  for (std::size_t i = 0; i < B.chart().dim(); ++i)
    gens.push_back(sharp(B.bivector(), Form::differential(B.chart(), i)));
  return Distribution(gens);
}

std::size_t characteristic_rank(const AlmostPoissonBracket& B) {
  return symbolic_rank(B.bivector().matrix(), B.chart());
}

std::size_t characteristic_rank_at(const AlmostPoissonBracket& B, const GiNaC::exmap& point) {
  return rank_at(B.bivector().matrix(), point);
}

AlmostPoissonBracket conformal(const AlmostPoissonBracket& B, const GiNaC::ex& phi) {
  return AlmostPoissonBracket(phi * B.bivector());
}

AlmostPoissonBracket simplify(const AlmostPoissonBracket& B) {
  return AlmostPoissonBracket(simplify(B.bivector()));
}

ZeroVerdict same_bracket(const AlmostPoissonBracket& A, const AlmostPoissonBracket& B) {
  return zero_test(A.bivector() - B.bivector());
}

}  // namespace hamel
