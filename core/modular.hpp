// core/modular.hpp — exact linear algebra modulo the prime p = 2^61 − 1, for searches that solve a
// large rational system sampled at points: the kernel is found mod p, lifted back to small rationals
// (rational reconstruction), and the caller verifies the lifted answer exactly.  A wrong lift can
// only make that verification fail, never pass.
#pragma once

#include <ginac/ginac.h>

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

namespace hamel {

using Residue = std::uint64_t;
using ResidueRow = std::vector<Residue>;

inline constexpr Residue modulus = (Residue{1} << 61) - 1;

/// q mod p for a rational q whose denominator p does not divide; nullopt for anything else.
std::optional<Residue> residue(const GiNaC::numeric& q);
Residue add_mod(Residue a, Residue b);
Residue mul_mod(Residue a, Residue b);
Residue neg_mod(Residue a);
/// a^e by squaring.
Residue power_mod(Residue a, Residue e);
/// a^(p−2) = 1/a for a ≠ 0 (Fermat); 0 for 0.
Residue inverse_mod(Residue a);

/// The integers modulo a prime below 2^63 (FLINT's nmod arithmetic). Exact evaluation modulo primes
/// drawn at random (the zero test, core/symbolic.cpp): no coefficient of an input can be chosen to be
/// divisible by a prime that is only drawn when it is evaluated, as it can for the fixed 2^61 − 1.
class PrimeField {
 public:
  explicit PrimeField(Residue prime);
  /// The next prime p ≡ 3 (mod 4) after a random 62-bit number drawn from rng (−1 is not a square
  /// modulo p: 1 + t² ≠ 0, so every t is a point (2t, 1 − t²)/(1 + t²) of the circle).
  static PrimeField random(std::mt19937_64& rng);

  Residue prime() const { return n_; }
  /// q mod p for a rational q whose denominator p does not divide; nullopt for anything else.
  std::optional<Residue> residue(const GiNaC::numeric& q) const;
  Residue add(Residue a, Residue b) const;
  Residue mul(Residue a, Residue b) const;
  Residue neg(Residue a) const { return a == 0 ? 0 : n_ - a; }
  Residue power(Residue a, Residue e) const;
  /// 1/a for a ≠ 0.
  Residue inverse(Residue a) const;

 private:
  Residue n_, ninv_, norm_;  // FLINT's nmod_t: the prime, its precomputed inverse and shift
};

/// A basis of {v : A v = 0} over Z/p, A given by its rows (all of length `columns`); the basis vector
/// of each free column has a 1 there (the reduced echelon form's kernel basis).
std::vector<ResidueRow> kernel_mod_p(std::vector<ResidueRow> rows, std::size_t columns);

/// Rank over Z/p of the given rows.
std::size_t rank_mod_p(std::vector<ResidueRow> rows, std::size_t columns);

/// The rational a/b with |a|, b ≤ √(p/2) congruent to r, if there is one (Wang's reconstruction).
std::optional<GiNaC::numeric> rational_of(Residue r);

}  // namespace hamel
