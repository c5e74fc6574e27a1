// reduction/angle_reflection.hpp — reflections of one angle that leave the variables unchanged: a
// quick proof that a function on D* is not rational in them (issue 16 §1, docs/brackets.md).
//
// If every variable u_a is unchanged by a map σ of D* and f = R(u) for a rational R, then
// f∘σ = R(u∘σ) = R(u) = f. So f∘σ ≠ f proves that f is not rational in the variables, with no Gröbner
// basis: a disk-like body's d/dt p2 in c = cos θ and the momenta took 6.7 s of Singular to be found
// algebraic of degree 2; θ ↦ −θ, which fixes cos θ and moves it, decides it at once.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <ginac/ginac.h>

#include "reduction/reexpress.hpp"

namespace hamel {

/// A map of D* that moves one coordinate q and nothing else: q ↦ −q (sin q negated, cos q kept),
/// q ↦ π − q (cos q negated) or q ↦ q + π (both negated). Applied only where q occurs in sin q and
/// cos q alone.
struct AngleReflection {
  GiNaC::ex q;
  int sin_sign = 1, cos_sign = 1;
  /// "theta -> -theta", "theta -> pi - theta", "theta -> theta + pi"
  std::string text() const;
};

/// e with q moved by r; nullopt where q occurs in e otherwise than in sin q and cos q (θ itself,
/// sin 2θ, f1(θ)).
std::optional<GiNaC::ex> reflected(const GiNaC::ex& e, const AngleReflection& r);

/// The reflections of the chart's coordinates that leave every variable unchanged, each proved by
/// the canonical form of u∘σ − u; remembered per variables (every re-expression of a derivation asks).
const std::vector<AngleReflection>& reflections_fixing(const VariablesOnChart& v);

/// The first of `reflections` that is shown to move f: f∘σ − f nonzero modulo a prime at a random point
/// (a proof, for f in the canonical class); nullopt when none is shown to (f may still be irrational).
std::optional<AngleReflection> reflection_moving(const GiNaC::ex& f, const std::vector<AngleReflection>& reflections);

}  // namespace hamel
