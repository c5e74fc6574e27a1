// core/modular.cpp — Gauss–Jordan elimination and rational reconstruction modulo 2^61 − 1.
#include "core/modular.hpp"

#include <flint/nmod.h>
#include <flint/nmod_mat.h>
#include <flint/ulong_extras.h>

#include <utility>

namespace hamel {

using GiNaC::numeric;

Residue add_mod(Residue a, Residue b) {
  const Residue s = a + b;  // both < 2^61: no overflow
  return s >= modulus ? s - modulus : s;
}

Residue neg_mod(Residue a) { return a == 0 ? 0 : modulus - a; }

Residue mul_mod(Residue a, Residue b) {
  const unsigned __int128 m = static_cast<unsigned __int128>(a) * b;
  // 2^61 ≡ 1: fold the high bits onto the low ones.
  const Residue folded = static_cast<Residue>(m & modulus) + static_cast<Residue>(m >> 61);
  return folded >= modulus ? folded - modulus : folded;
}

Residue power_mod(Residue a, Residue e) {
  Residue r = 1;
  for (; e > 0; e >>= 1, a = mul_mod(a, a))
    if (e & 1) r = mul_mod(r, a);
  return r;
}

namespace {

Residue integer_residue(const numeric& n) {
  const numeric r = GiNaC::mod(n, numeric(static_cast<long>(modulus)));  // in [0, p)
  return static_cast<Residue>(r.to_long());
}

// Reduced row echelon form in place (FLINT's nmod_mat_rref: blocked elimination, many times faster than
// row by row on the invariant-frame systems of up to 600 unknowns, which took a third of the fuzzing
// target's time); returns the pivot column of each nonzero row. The form is unique: the kernel basis
// does not depend on how it was reached.
std::vector<std::size_t> reduce(std::vector<ResidueRow>& rows, std::size_t columns) {
  if (rows.empty() || columns == 0) return {};
  nmod_mat_t A;
  nmod_mat_init(A, static_cast<slong>(rows.size()), static_cast<slong>(columns), modulus);
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < columns; ++j) nmod_mat_entry(A, i, j) = rows[i][j];
  const auto rank = static_cast<std::size_t>(nmod_mat_rref(A));
  std::vector<std::size_t> pivots;
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < columns; ++j) {
      rows[i][j] = nmod_mat_entry(A, i, j);
      if (i < rank && pivots.size() == i && rows[i][j] != 0) pivots.push_back(j);
    }
  nmod_mat_clear(A);
  return pivots;
}

}  // namespace

Residue inverse_mod(Residue a) { return power_mod(a, modulus - 2); }  // Fermat; 0 for 0

std::optional<Residue> residue(const numeric& q) {
  if (!q.is_rational()) return std::nullopt;
  const Residue d = integer_residue(q.denom());
  if (d == 0) return std::nullopt;
  return mul_mod(integer_residue(q.numer()), inverse_mod(d));
}

namespace {

nmod_t as_nmod(Residue n, Residue ninv, Residue norm) {
  nmod_t m;
  m.n = n;
  m.ninv = ninv;
  m.norm = norm;
  return m;
}

}  // namespace

PrimeField::PrimeField(Residue prime) {
  nmod_t m;
  nmod_init(&m, prime);
  n_ = m.n;
  ninv_ = m.ninv;
  norm_ = m.norm;
}

PrimeField PrimeField::random(std::mt19937_64& rng) {
  Residue p = (rng() >> 2) | (Residue{1} << 61);  // 62 bits
  do p = n_nextprime(p, 1);
  while (p % 4 != 3);
  return PrimeField(p);
}

std::optional<Residue> PrimeField::residue(const numeric& q) const {
  if (!q.is_rational()) return std::nullopt;
  const numeric n(static_cast<long>(n_));
  const Residue d = static_cast<Residue>(GiNaC::mod(q.denom(), n).to_long());
  if (d == 0) return std::nullopt;
  return mul(static_cast<Residue>(GiNaC::mod(q.numer(), n).to_long()), inverse(d));
}

Residue PrimeField::add(Residue a, Residue b) const { return nmod_add(a, b, as_nmod(n_, ninv_, norm_)); }
Residue PrimeField::mul(Residue a, Residue b) const { return nmod_mul(a, b, as_nmod(n_, ninv_, norm_)); }
Residue PrimeField::power(Residue a, Residue e) const { return nmod_pow_ui(a, e, as_nmod(n_, ninv_, norm_)); }
Residue PrimeField::inverse(Residue a) const { return nmod_inv(a, as_nmod(n_, ninv_, norm_)); }

std::vector<ResidueRow> kernel_mod_p(std::vector<ResidueRow> rows, std::size_t columns) {
  const std::vector<std::size_t> pivots = reduce(rows, columns);
  std::vector<bool> is_pivot(columns, false);
  for (std::size_t c : pivots) is_pivot[c] = true;
  std::vector<ResidueRow> basis;
  for (std::size_t f = 0; f < columns; ++f) {
    if (is_pivot[f]) continue;
    ResidueRow v(columns, 0);
    v[f] = 1;
    for (std::size_t k = 0; k < pivots.size(); ++k) v[pivots[k]] = neg_mod(rows[k][f]);
    basis.push_back(std::move(v));
  }
  return basis;
}

std::size_t rank_mod_p(std::vector<ResidueRow> rows, std::size_t columns) { return reduce(rows, columns).size(); }

std::optional<numeric> rational_of(Residue r) {
  // Extended Euclid on (p, r), stopped at the first remainder below √(p/2).
  constexpr Residue bound = Residue{1} << 30;  // √(2^60) = 2^30 ≤ √(p/2)
  numeric r0(static_cast<long>(modulus)), r1(static_cast<long>(r));
  numeric t0(0), t1(1);
  while (r1 >= numeric(static_cast<long>(bound))) {
    const numeric q = GiNaC::iquo(r0, r1);
    std::tie(r0, r1) = std::make_pair(r1, r0 - q * r1);
    std::tie(t0, t1) = std::make_pair(t1, t0 - q * t1);
  }
  if (t1.is_zero() || abs(t1) >= numeric(static_cast<long>(bound))) return std::nullopt;
  return r1 / t1;
}

}  // namespace hamel
