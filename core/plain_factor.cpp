// core/plain_factor.cpp
#include "core/plain_factor.hpp"

#include <flint/fmpz.h>
#include <flint/fmpz_poly.h>
#include <flint/fmpz_poly_factor.h>

#include <algorithm>
#include <map>

#include "core/flint_integer.hpp"
#include "core/flint_poly.hpp"
#include "core/monomial.hpp"
#include "core/node_kind.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

// A term of FLINT's kind: a rational number times symbols to positive integer powers.
bool plain_monomial(const ex& t) {
  const auto plain = [](const ex& f) {
    if (is_number(f)) return GiNaC::ex_to<GiNaC::numeric>(f).is_rational();
    if (is_power_node(f))
      return is_symbol_node(f.op(0)) && is_number(f.op(1)) && GiNaC::ex_to<GiNaC::numeric>(f.op(1)).is_pos_integer();
    return is_symbol_node(f);
  };
  bool all = true;  // a product's x^k read off its stored pair (core/monomial.hpp)
  for_each_power(t, [&](const ex& base, const ex& k) {
    if (!all) return;
    if (k.is_equal(1)) all = plain(base);
    else if (is_symbol_node(base)) all = GiNaC::ex_to<GiNaC::numeric>(k).is_pos_integer();
    else all = plain(GiNaC::pow(base, k));
  });
  return all;
}

// Whether the monomials with exponents m and c (symbol by symbol) have no symbol in common.
bool coprime(const std::vector<int>& m, const std::vector<int>& c) {
  for (std::size_t k = 0; k < m.size(); ++k)
    if (m[k] > 0 && c[k] > 0) return false;
  return true;
}

// The exponents common to the terms `which` (their gcd as monomials).
std::vector<int> common_exponents(const std::vector<std::vector<int>>& exps, const std::vector<std::size_t>& which) {
  std::vector<int> g = exps[which.front()];
  for (std::size_t t : which)
    for (std::size_t k = 0; k < g.size(); ++k) g[k] = std::min(g[k], exps[t][k]);
  return g;
}

// The largest monomial dividing every term (exponents per symbol of syms).
ex common_monomial_of(const std::vector<ex>& terms, const std::vector<ex>& syms) {
  std::vector<std::vector<int>> exps;
  for (const ex& t : terms) exps.push_back(exponents_in(t, syms));
  std::vector<std::size_t> all(terms.size());
  for (std::size_t t = 0; t < all.size(); ++t) all[t] = t;
  const std::vector<int> g = common_exponents(exps, all);
  ex m = 1;
  for (std::size_t k = 0; k < syms.size(); ++k) m *= GiNaC::pow(syms[k], g[k]);
  return m;
}

// The symbols of plain monomials, read off their factors (a walk into a set costs more).
std::vector<ex> symbols_in(const std::vector<ex>& terms) {
  std::vector<ex> syms;
  const auto note = [&](const ex& f) {
    const ex s = is_power_node(f) ? f.op(0) : f;
    if (is_symbol_node(s) && std::none_of(syms.begin(), syms.end(), [&](const ex& x) { return x.is_equal(s); })) syms.push_back(s);
  };
  for (const ex& t : terms)
    for_each_power(t, [&](const ex& base, const ex&) { note(base); });
  return syms;
}

// Integer polynomials in one symbol, and integers, freed on every path.
struct Univariate {
  fmpz_poly_t p;
  Univariate() { fmpz_poly_init(p); }
  ~Univariate() { fmpz_poly_clear(p); }
  Univariate(const Univariate&) = delete;
  Univariate& operator=(const Univariate&) = delete;
};
struct Integers {
  std::vector<fmpz> z;
  explicit Integers(std::size_t n) : z(n) {
    for (fmpz& x : z) fmpz_init(&x);
  }
  ~Integers() {
    for (fmpz& x : z) fmpz_clear(&x);
  }
  Integers(const Integers&) = delete;
  Integers& operator=(const Integers&) = delete;
};

// The value symbol k takes in a specialisation: fixed (the certificate is the same in every run),
// distinct, and not 0 or ±1, where terms would merge more often.
slong point_value(std::size_t k) {
  static const slong primes[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
  return k < 16 ? primes[k] : 59 + 2 * static_cast<slong>(k);
}

// Σ over the terms `which` of coefficient · x^(exponent of x), every other symbol set to point_value.
void specialised(const std::vector<std::vector<int>>& exps, const Integers& coeffs, const std::vector<std::size_t>& which,
                 std::size_t x, Univariate& u) {
  fmpz_poly_zero(u.p);
  flint::Integer value, power, sum;
  for (std::size_t t : which) {
    fmpz_set(value.z, &coeffs.z[t]);
    for (std::size_t k = 0; k < exps[t].size(); ++k)
      if (k != x && exps[t][k] > 0) {
        fmpz_set_si(power.z, point_value(k));
        fmpz_pow_ui(power.z, power.z, static_cast<ulong>(exps[t][k]));
        fmpz_mul(value.z, value.z, power.z);
      }
    const slong e = exps[t][x];
    fmpz_poly_get_coeff_fmpz(sum.z, u.p, e);
    fmpz_add(sum.z, sum.z, value.z);
    fmpz_poly_set_coeff_fmpz(u.p, e, sum.z);
  }
}

int degree_of(const std::vector<std::vector<int>>& exps, const std::vector<std::size_t>& which, std::size_t v) {
  int d = 0;
  for (std::size_t t : which) d = std::max(d, exps[t][v]);
  return d;
}

// Whether the coefficients of q in x (the polynomials C_i of q = Σ C_i x^i) have no common factor
// but a number. A common factor g holds a symbol v held by every C_i; with the symbols other than x
// and v set to values where the leading coefficient of one C_i in v is not 0, g stays of the same
// degree in v (its leading coefficient divides that one) and divides every specialised C_i: their gcd
// of degree 0 shows there is none.
bool content_is_a_number(const std::vector<std::vector<int>>& exps, const Integers& coeffs, std::size_t x) {
  std::map<int, std::vector<std::size_t>> by_power;
  for (std::size_t t = 0; t < exps.size(); ++t) by_power[exps[t][x]].push_back(t);
  for (std::size_t v = 0; v < exps.front().size(); ++v) {
    if (v == x) continue;
    const bool in_all = std::all_of(by_power.begin(), by_power.end(), [&](const auto& c) { return degree_of(exps, c.second, v) > 0; });
    if (!in_all) continue;
    const std::vector<std::size_t>& first = by_power.begin()->second;
    Univariate g, c;
    specialised(exps, coeffs, first, v, g);
    if (fmpz_poly_degree(g.p) != degree_of(exps, first, v)) return false;  // its leading coefficient vanished there
    for (const auto& [power, terms] : by_power) {
      if (fmpz_poly_degree(g.p) == 0) break;
      specialised(exps, coeffs, terms, v, c);
      fmpz_poly_gcd(g.p, g.p, c.p);
    }
    if (fmpz_poly_degree(g.p) != 0) return false;
  }
  return true;
}

// Whether q (integer coefficients `coeffs`, content 1) is irreducible by specialisation in the symbol
// x: a factorisation into two factors of positive degree in x stays one where the leading coefficient
// in x is not 0, so q(x, point) irreducible of the same degree leaves only factors free of x, which
// divide the content in x, a number.
bool irreducible_in(const std::vector<std::vector<int>>& exps, const Integers& coeffs, std::size_t x) {
  std::vector<std::size_t> all(exps.size());
  for (std::size_t t = 0; t < all.size(); ++t) all[t] = t;
  Univariate u;
  specialised(exps, coeffs, all, x, u);
  if (fmpz_poly_degree(u.p) != degree_of(exps, all, x)) return false;
  fmpz_poly_factor_t f;
  fmpz_poly_factor_init(f);
  fmpz_poly_factor(f, u.p);
  const bool irreducible = f->num == 1 && f->exp[0] == 1;
  fmpz_poly_factor_clear(f);
  return irreducible && content_is_a_number(exps, coeffs, x);
}

}  // namespace

bool irreducible_by_specialisation(const ex& p, const std::vector<ex>& syms) {
  const std::vector<ex> terms = terms_of(p);
  if (terms.size() < 2 || syms.empty()) return false;
  std::vector<std::vector<int>> exps;
  Integers coeffs(terms.size());
  for (std::size_t t = 0; t < terms.size(); ++t) {
    exps.push_back(exponents_in(terms[t], syms));
    const ex c = is_product(terms[t]) ? terms[t].op(terms[t].nops() - 1) : terms[t];
    const GiNaC::numeric n = is_number(c) ? GiNaC::ex_to<GiNaC::numeric>(c) : GiNaC::numeric(1);
    if (!n.is_integer()) return false;
    to_flint(n, &coeffs.z[t]);
  }
  // the symbols of lowest positive degree first: their specialisations factor fastest
  std::vector<std::pair<int, std::size_t>> order;
  for (std::size_t v = 0; v < syms.size(); ++v) {
    int d = 0;
    for (const auto& e : exps) d = std::max(d, e[v]);
    if (d > 0) order.emplace_back(d, v);
  }
  std::sort(order.begin(), order.end());
  constexpr std::size_t kTried = 2;
  for (std::size_t i = 0; i < order.size() && i < kTried; ++i)
    if (irreducible_in(exps, coeffs, order[i].second)) return true;
  return false;
}

// A factor of p free of x divides a and b, so it divides their single term, so it is a monomial
// dividing every term of the other: a constant. A factor with x leaves one free of x beside it.
bool plainly_irreducible(const ex& p, const std::vector<ex>& syms) {
  const std::vector<ex> terms = terms_of(p);
  if (terms.size() < 2) return false;
  std::vector<std::vector<int>> exps;
  for (const ex& t : terms) exps.push_back(exponents_in(t, syms));
  for (std::size_t v = 0; v < syms.size(); ++v) {
    std::vector<std::size_t> with, without;  // the terms of a·x and of b
    bool linear = true;
    for (std::size_t t = 0; t < terms.size(); ++t) {
      linear = linear && exps[t][v] <= 1;
      (exps[t][v] == 1 ? with : without).push_back(t);
    }
    if (!linear || with.empty() || without.empty()) continue;
    if (with.size() == 1 && coprime(exps[with.front()], common_exponents(exps, without))) return true;
    if (without.size() == 1 && coprime(exps[without.front()], common_exponents(exps, with))) return true;
  }
  return false;
}

// FLINT answers c·m·q as a product of numbers, symbols and one primitive sum; GiNaC writes c·m·q
// built here the same way (a number times one sum multiplied out, a sum factor's content and sign
// taken into the number). HAMEL_CHECK_DISPLAY compares the two on every call (core/display.cpp).
std::optional<ex> factored_without_flint(const ex& p) {
  const ex e = p.expand();
  const std::vector<ex> terms = terms_of(e);
  if (!std::all_of(terms.begin(), terms.end(), plain_monomial)) return std::nullopt;
  if (terms.size() == 1) return e;
  const std::vector<ex> syms = symbols_in(terms);
  const ex m = common_monomial_of(terms, syms), q = (e / m).expand();
  const ex c = q.integer_content(), primitive = (q / c).expand();
  if (!plainly_irreducible(primitive, syms) && !irreducible_by_specialisation(primitive, syms)) return std::nullopt;
  return c * m * primitive;
}

}  // namespace hamel
