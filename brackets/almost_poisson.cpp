// brackets/almost_poisson.cpp
#include "brackets/almost_poisson.hpp"

#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

struct AlmostPoissonBracket::Partials {
  std::unordered_map<GiNaC::ex, std::vector<std::optional<GiNaC::ex>>, std::hash<GiNaC::ex>, GiNaC::ex_is_equal> of;
};

GiNaC::ex AlmostPoissonBracket::partial(const GiNaC::ex& f, std::size_t k) const {
  const auto& x = GiNaC::ex_to<GiNaC::symbol>(chart()[k]);
  if (GiNaC::is_a<GiNaC::symbol>(f) || GiNaC::is_a<GiNaC::numeric>(f)) return f.diff(x);  // nothing to remember
  constexpr std::size_t kRemembered = 4096;  // functions; a bound for long runs (claims, the Python module)
  if (partials_->of.size() >= kRemembered && !partials_->of.count(f)) partials_->of.clear();
  auto& d = partials_->of.try_emplace(f, chart().dim()).first->second;
  if (!d[k]) d[k] = f.diff(x);
  return *d[k];
}

AlmostPoissonBracket::AlmostPoissonBracket(Multivector bivector) : pi_(std::move(bivector)), partials_(std::make_shared<Partials>()) {
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
    if (!d[k]) d[k].emplace(partial(f, k), partial(g, k));
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
