// brackets/jacobi.hpp — the Jacobi identity of an almost-Poisson bracket.
//
// jacobiator(f, g, h) = {f,{g,h}} + {g,{h,f}} + {h,{f,g}}.  On coordinate functions it is the cyclic
// sum Σ_cyc Π^{il}∂_lΠ^{jk}, and [Π, Π] (Schouten) is twice it (docs/geometry.md).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "brackets/almost_poisson.hpp"

namespace hamel {

GiNaC::ex jacobiator(const AlmostPoissonBracket& B, const GiNaC::ex& f, const GiNaC::ex& g,
                     const GiNaC::ex& h);

/// [Π, Π], the Schouten bracket of the bivector with itself.
Multivector jacobi_trivector(const AlmostPoissonBracket& B);

/// The verdict of is_poisson: the nonzero components of [Π, Π] (indices i<j<k) with the Jacobiator's
/// values there, and how each was decided.
struct PoissonVerdict {
  bool poisson = true;
  /// the components of [Π,Π] that are not zero, each with the canonical form of the Jacobiator's
  /// component, half of it (jacobiator(B, x^i, x^j, x^k)); 0 for one too large to print (the detail
  /// counts them)
  std::vector<std::pair<Indices, GiNaC::ex>> nonzero;
  /// Components the zero test decided neither way (ZeroVerdict::undecided): with none nonzero, the
  /// identity is then neither shown nor refuted, and `poisson` is false.
  std::size_t undecided = 0;
  /// No component shown nonzero and some undecided: the identity is neither shown nor refuted.
  bool inconclusive() const { return nonzero.empty() && undecided > 0; }
  std::string detail;                                  ///< how it was decided
  explicit operator bool() const { return poisson; }
};
PoissonVerdict is_poisson(const AlmostPoissonBracket& B);

}  // namespace hamel
