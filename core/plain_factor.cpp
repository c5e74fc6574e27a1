// core/plain_factor.cpp
#include "core/plain_factor.hpp"

#include <algorithm>

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
  return is_product(t) ? std::all_of(t.begin(), t.end(), plain) : plain(t);
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
  for (const ex& t : terms) {
    if (!is_product(t)) note(t);
    else
      for (const ex& f : t) note(f);
  }
  return syms;
}

}  // namespace

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
  if (!plainly_irreducible(primitive, syms)) return std::nullopt;
  return c * m * primitive;
}

}  // namespace hamel
