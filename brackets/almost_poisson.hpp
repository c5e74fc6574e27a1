// brackets/almost_poisson.hpp — almost-Poisson brackets {f, g} = Π(df, dg) given by a bivector.
//
// Sign convention (docs/brackets.md): X_H = Π♯(dH) with (Π♯α)^i = Π^{ij} α_j, so X_H(g) = {g, H}
// and the equations of motion read ẋ = {x, H} (004 (2.8)–(2.9)).
#pragma once

#include <map>
#include <utility>

#include "geometry/distribution.hpp"
#include "geometry/multivector.hpp"

namespace hamel {

class AlmostPoissonBracket {
 public:
  /// @throws InvalidArgument unless `bivector` has degree 2.
  explicit AlmostPoissonBracket(Multivector bivector);
  /// From the brackets of coordinate functions: {x^i, x^j} = value for the listed pairs (i, j), the
  /// others following by skew-symmetry or vanishing.
  static AlmostPoissonBracket from_coordinate_brackets(
      const Chart& chart, const std::map<std::pair<std::size_t, std::size_t>, GiNaC::ex>& brackets);

  const Chart& chart() const { return pi_.chart(); }
  const Multivector& bivector() const { return pi_; }
  /// {f, g} = Π^{ij} ∂_i f ∂_j g.
  GiNaC::ex operator()(const GiNaC::ex& f, const GiNaC::ex& g) const;

 private:
  Multivector pi_;};

/// {f, g}.
GiNaC::ex bracket(const AlmostPoissonBracket& B, const GiNaC::ex& f, const GiNaC::ex& g);
/// X_H = Π♯(dH): X_H(g) = {g, H}.
VectorField hamiltonian_vector_field(const AlmostPoissonBracket& B, const GiNaC::ex& H);
/// The characteristic distribution Π♯(T*M), spanned by the Π♯(dx^i).
Distribution characteristic_distribution(const AlmostPoissonBracket& B);
/// Its rank generically (symbolic) and at a point (numeric).
std::size_t characteristic_rank(const AlmostPoissonBracket& B);
std::size_t characteristic_rank_at(const AlmostPoissonBracket& B, const GiNaC::exmap& point);
/// φ·Π, the bracket multiplied by a conformal factor φ.
AlmostPoissonBracket conformal(const AlmostPoissonBracket& B, const GiNaC::ex& phi);
/// Components in canonical form.
AlmostPoissonBracket simplify(const AlmostPoissonBracket& B);
/// Whether two brackets have the same bivector (zero test of the difference).
ZeroVerdict same_bracket(const AlmostPoissonBracket& A, const AlmostPoissonBracket& B);

}  // namespace hamel
