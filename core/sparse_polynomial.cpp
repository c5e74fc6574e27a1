// core/sparse_polynomial.cpp
#include "core/sparse_polynomial.hpp"

#include <algorithm>

#include "core/node_kind.hpp"
#include "core/stored_terms.hpp"

namespace hamel {

using GiNaC::ex;
using GiNaC::ex_to;
using GiNaC::numeric;

namespace {

bool by_exponents(const SparsePolynomial::Term& a, const SparsePolynomial::Term& b) { return a.exponents < b.exponents; }

// x^k of a monomial into `exponents`; false for anything that is not a listed symbol to a positive
// integer power.
bool take_power(const ex& base, const ex& k, const std::vector<ex>& symbols, std::vector<int>& exponents) {
  if (!is_number(k) || !ex_to<numeric>(k).is_pos_integer()) return false;
  for (std::size_t v = 0; v < symbols.size(); ++v)
    if (symbols[v].is_equal(base)) {
      exponents[v] += ex_to<numeric>(k).to_int();
      return true;
    }
  return false;
}

// One term of a polynomial (its number included) read off GiNaC's stored factors, so that no
// factor is built again (core/stored_terms.hpp).
bool read_term(const ex& m, const numeric& scale, const std::vector<ex>& symbols, SparsePolynomial::Term& out) {
  out.exponents.assign(symbols.size(), 0);
  out.coefficient = scale;
  bool ok = true;
  for_each_power(m, [&](const ex& base, const ex& k) {
    if (!ok) return;
    if (is_number(base) && k.is_equal(1)) {
      ok = ex_to<numeric>(base).is_rational();
      if (ok) out.coefficient = out.coefficient * ex_to<numeric>(base);
    } else if (is_power_node(base) && k.is_equal(1)) {  // a lone power, not split by for_each_power
      ok = take_power(base.op(0), base.op(1), symbols, out.exponents);
    } else {
      ok = take_power(base, k, symbols, out.exponents);
    }
  });
  return ok;
}

// x^e as GiNaC writes it: the symbol, its power, or a product of powers (evaluated by GiNaC).
ex monomial_of(const std::vector<int>& e, const std::vector<ex>& symbols) {
  GiNaC::epvector factors;
  for (std::size_t v = 0; v < e.size(); ++v)
    if (e[v] != 0) factors.emplace_back(symbols[v], numeric(e[v]));
  if (factors.size() == 1) return factors.front().coeff.is_equal(1) ? factors.front().rest : GiNaC::pow(factors.front().rest, factors.front().coeff);
  return GiNaC::mul(std::move(factors), 1);
}

}  // namespace

SparsePolynomial::SparsePolynomial(std::size_t n, std::vector<Term> ts) : variables(n) {
  std::sort(ts.begin(), ts.end(), by_exponents);
  for (Term& t : ts) {
    if (!terms.empty() && terms.back().exponents == t.exponents) {
      terms.back().coefficient = terms.back().coefficient + t.coefficient;
      if (terms.back().coefficient.is_zero()) terms.pop_back();
      continue;
    }
    if (!t.coefficient.is_zero()) terms.push_back(std::move(t));
  }
}

bool SparsePolynomial::operator==(const SparsePolynomial& o) const {
  return variables == o.variables && terms.size() == o.terms.size() &&
         std::equal(terms.begin(), terms.end(), o.terms.begin(), [](const Term& a, const Term& b) {
           return a.exponents == b.exponents && a.coefficient == b.coefficient;
         });
}

std::optional<SparsePolynomial> to_sparse(const ex& p, const std::vector<ex>& symbols) {
  const ex& e = p;
  std::vector<SparsePolynomial::Term> terms;
  bool ok = true;
  const auto term = [&](const ex& m, const ex& c) {
    if (!ok) return;
    ok = is_number(c) && ex_to<numeric>(c).is_rational();
    SparsePolynomial::Term t;
    if (ok) ok = read_term(m, ex_to<numeric>(c), symbols, t);
    if (ok) terms.push_back(std::move(t));
  };
  if (is_sum(e)) for_each_term(e, term, [&](const ex& k) { term(k, 1); });
  else if (!e.is_zero()) term(e, 1);
  if (!ok) return std::nullopt;
  return SparsePolynomial(symbols.size(), std::move(terms));
}

ex to_ginac(const SparsePolynomial& p, const std::vector<ex>& symbols) {
  // built as GiNaC stores a sum (monomial, coefficient) pairs and a constant: no product is
  // evaluated with its number only to be split again
  GiNaC::epvector pairs;
  numeric constant = 0;
  pairs.reserve(p.terms.size());
  for (const auto& t : p.terms) {
    if (std::all_of(t.exponents.begin(), t.exponents.end(), [](int k) { return k == 0; })) constant = t.coefficient;
    else pairs.emplace_back(monomial_of(t.exponents, symbols), t.coefficient);
  }
  if (pairs.empty()) return constant;
  return GiNaC::add(std::move(pairs), constant);
}

SparsePolynomial replace_square(const SparsePolynomial& p, std::size_t c, std::size_t s) {
  std::vector<SparsePolynomial::Term> out;
  for (const auto& t : p.terms) {
    const int k = t.exponents[c];
    if (k < 2) {
      out.push_back(t);
      continue;
    }
    // c^k = c^(k mod 2)·(1 − s²)^j = Σ_i C(j, i) (−1)^i c^(k mod 2) s^(2i), j = ⌊k/2⌋
    const int j = k / 2;
    numeric binomial = 1;
    for (int i = 0; i <= j; ++i) {
      SparsePolynomial::Term u = t;
      u.exponents[c] = k % 2;
      u.exponents[s] += 2 * i;
      u.coefficient = t.coefficient * (i % 2 == 0 ? binomial : -binomial);
      out.push_back(std::move(u));
      binomial = binomial * (j - i) / (i + 1);
    }
  }
  return SparsePolynomial(p.variables, std::move(out));
}

std::vector<std::size_t> square_partners(const SparsePolynomial& p, std::size_t s) {
  std::vector<std::size_t> partners(p.size(), p.size());
  SparsePolynomial::Term key;
  for (std::size_t i = 0; i < p.size(); ++i) {
    key.exponents = p.terms[i].exponents;
    key.exponents[s] += 2;
    // the terms are sorted by exponents: −t·s² is found by bisection
    const auto it = std::lower_bound(p.terms.begin(), p.terms.end(), key, by_exponents);
    if (it != p.terms.end() && it->exponents == key.exponents && it->coefficient == -p.terms[i].coefficient)
      partners[i] = static_cast<std::size_t>(it - p.terms.begin());
  }
  return partners;
}

bool has_chain(const std::vector<std::size_t>& partners) {
  const std::size_t n = partners.size();
  return std::any_of(partners.begin(), partners.end(), [&](std::size_t j) { return j < n && partners[j] < n; });
}

SparsePolynomial joined_pairs(const SparsePolynomial& p, const std::vector<std::pair<std::size_t, std::size_t>>& pairs, std::size_t c) {
  std::vector<bool> dropped(p.size(), false);
  std::vector<SparsePolynomial::Term> out = p.terms;
  for (const auto& [i, j] : pairs) {
    out[i].exponents[c] += 2;
    dropped[j] = true;
  }
  std::vector<SparsePolynomial::Term> kept;
  for (std::size_t i = 0; i < out.size(); ++i)
    if (!dropped[i]) kept.push_back(std::move(out[i]));
  return SparsePolynomial(p.variables, std::move(kept));
}

std::vector<int> common_monomial(const SparsePolynomial& p) {
  if (p.terms.empty()) return std::vector<int>(p.variables, 0);
  std::vector<int> m = p.terms.front().exponents;
  for (const auto& t : p.terms)
    for (std::size_t v = 0; v < m.size(); ++v) m[v] = std::min(m[v], t.exponents[v]);
  return m;
}

bool divides(const std::vector<int>& m, const std::vector<int>& e) {
  for (std::size_t v = 0; v < m.size(); ++v)
    if (m[v] > e[v]) return false;
  return true;
}

SparsePolynomial divided(const SparsePolynomial& p, const std::vector<int>& m) {
  SparsePolynomial q = p;  // lowering every term by the same vector keeps the order
  for (auto& t : q.terms)
    for (std::size_t v = 0; v < m.size(); ++v) t.exponents[v] -= m[v];
  return q;
}

bool is_multiple_of(const SparsePolynomial& p, const SparsePolynomial& f) {
  if (f.terms.empty()) return false;
  const SparsePolynomial::Term& lead = f.terms.back();  // terms ascend in lex order
  SparsePolynomial r = p;
  // each step takes the leading term of r away, and lex order has no infinite descending chain
  while (!r.terms.empty()) {
    const SparsePolynomial::Term& top = r.terms.back();
    if (!divides(lead.exponents, top.exponents)) return false;  // f·q leads with lead·lt(q)
    std::vector<int> m(top.exponents.size());
    for (std::size_t v = 0; v < m.size(); ++v) m[v] = top.exponents[v] - lead.exponents[v];
    const GiNaC::numeric c = top.coefficient / lead.coefficient;
    std::vector<SparsePolynomial::Term> terms = r.terms;  // r − c·m·f, merged by the constructor
    SparsePolynomial shifted = times_monomial(f, m);
    for (SparsePolynomial::Term& t : shifted.terms) {
      t.coefficient = -c * t.coefficient;
      terms.push_back(std::move(t));
    }
    r = SparsePolynomial(r.variables, std::move(terms));
  }
  return true;
}

SparsePolynomial times_monomial(const SparsePolynomial& p, const std::vector<int>& m) {
  SparsePolynomial q = p;  // raising every term by the same vector keeps the order
  for (auto& t : q.terms)
    for (std::size_t v = 0; v < m.size(); ++v) t.exponents[v] += m[v];
  return q;
}

namespace {

// The terms of x^e·c·b (not yet summed).
void append_times(const std::vector<int>& e, const numeric& c, const SparsePolynomial& b, std::vector<SparsePolynomial::Term>& out) {
  for (const auto& u : b.terms) {
    SparsePolynomial::Term t{e, c * u.coefficient};
    for (std::size_t v = 0; v < e.size(); ++v) t.exponents[v] += u.exponents[v];
    out.push_back(std::move(t));
  }
}

}  // namespace

SparsePolynomial product(const SparsePolynomial& a, const SparsePolynomial& b) {
  std::vector<SparsePolynomial::Term> out;
  out.reserve(a.size() * b.size());
  for (const auto& t : a.terms) append_times(t.exponents, t.coefficient, b, out);
  return SparsePolynomial(a.variables, std::move(out));
}

SparsePolynomial substituted(const SparsePolynomial& p, std::size_t v, const SparsePolynomial& q) {
  std::vector<SparsePolynomial> powers{SparsePolynomial(p.variables, {{std::vector<int>(p.variables, 0), 1}})};
  std::vector<SparsePolynomial::Term> out;
  for (const auto& t : p.terms) {
    const int k = t.exponents[v];
    if (k == 0) {
      out.push_back(t);
      continue;
    }
    while (static_cast<int>(powers.size()) <= k) powers.push_back(product(powers.back(), q));
    std::vector<int> rest = t.exponents;
    rest[v] = 0;
    append_times(rest, t.coefficient, powers[static_cast<std::size_t>(k)], out);
  }
  return SparsePolynomial(p.variables, std::move(out));
}

SparsePolynomial in_angle_sum(const SparsePolynomial& p, const AngleSumSlots& a) {
  const auto two_terms = [&](std::size_t u, std::size_t v, int cu, std::size_t w, std::size_t z, int cw) {  // cu·x_u·x_v + cw·x_w·x_z
    std::vector<int> first(p.variables, 0), second(p.variables, 0);
    ++first[u], ++first[v], ++second[w], ++second[z];
    return SparsePolynomial(p.variables, {{first, cu}, {second, cw}});
  };
  const SparsePolynomial to_sx = two_terms(a.S, a.cy, 1, a.C, a.sy, -a.sign), to_cx = two_terms(a.C, a.cy, 1, a.S, a.sy, a.sign);
  return replace_square(replace_square(substituted(substituted(p, a.sx, to_sx), a.cx, to_cx), a.cy, a.sy), a.C, a.S);
}

}  // namespace hamel
