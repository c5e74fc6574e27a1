// core/monomial.cpp
#include "core/monomial.hpp"

#include "core/node_kind.hpp"
#include "core/symbolic.hpp"

#include <algorithm>
#include <unordered_map>

namespace hamel {

using GiNaC::ex;

int degree_in(const ex& monomial, const ex& v) {
  const auto of_factor = [&](const ex& f) {
    if (is_symbol_node(f)) return f.is_equal(v) ? 1 : 0;
    if (is_number(f)) return 0;
    if (is_power_node(f) && is_symbol_node(f.op(0)) && is_number(f.op(1)) && GiNaC::ex_to<GiNaC::numeric>(f.op(1)).is_integer())
      return f.op(0).is_equal(v) ? GiNaC::ex_to<GiNaC::numeric>(f.op(1)).to_int() : 0;
    return f.degree(v);
  };
  int d = 0;
  for_each_power(monomial, [&](const ex& base, const ex& k) {
    if (k.is_equal(1)) d += of_factor(base);
    else if (is_symbol_node(base) && GiNaC::ex_to<GiNaC::numeric>(k).is_integer())
      d += base.is_equal(v) ? GiNaC::ex_to<GiNaC::numeric>(k).to_int() : 0;
    else d += of_factor(GiNaC::pow(base, k));
  });
  return d;
}

std::vector<ex> factors_of(const ex& e) {
  if (!GiNaC::is_a<GiNaC::mul>(e)) return {e};
  return std::vector<ex>(e.begin(), e.end());
}

std::vector<ex> terms_of(const ex& p) {
  if (!is_sum(p)) return {p};
  constexpr std::size_t kRemembered = 1 << 14;
  thread_local std::unordered_map<ex, std::vector<ex>, std::hash<ex>, GiNaC::ex_is_equal> cache;
  if (const auto it = cache.find(p); it != cache.end()) return it->second;
  if (cache.size() >= kRemembered) cache.clear();
  std::vector<ex> t;
  t.reserve(p.nops());
  for (const ex& x : p) t.push_back(x);
  return cache.emplace(p, std::move(t)).first->second;
}

std::vector<int> exponents_in(const ex& monomial, const std::vector<ex>& syms) {
  std::vector<int> d(syms.size(), 0);
  const auto index_of = [&](const ex& v) {
    for (std::size_t k = 0; k < syms.size(); ++k)
      if (syms[k].is_equal(v)) return k;
    return syms.size();
  };
  const auto of_factor = [&](const ex& f) {
    if (is_number(f)) return;
    if (is_symbol_node(f)) {
      if (const std::size_t k = index_of(f); k < syms.size()) ++d[k];
      return;
    }
    if (is_power_node(f) && is_symbol_node(f.op(0)) && is_number(f.op(1)) && GiNaC::ex_to<GiNaC::numeric>(f.op(1)).is_integer()) {
      if (const std::size_t k = index_of(f.op(0)); k < syms.size()) d[k] += GiNaC::ex_to<GiNaC::numeric>(f.op(1)).to_int();
      return;
    }
    for (std::size_t k = 0; k < syms.size(); ++k) d[k] += f.degree(syms[k]);
  };
  for_each_power(monomial, [&](const ex& base, const ex& k) {
    if (k.is_equal(1)) {
      of_factor(base);
    } else if (is_symbol_node(base) && GiNaC::ex_to<GiNaC::numeric>(k).is_integer()) {
      if (const std::size_t j = index_of(base); j < syms.size()) d[j] += GiNaC::ex_to<GiNaC::numeric>(k).to_int();
    } else {
      of_factor(GiNaC::pow(base, k));
    }
  });
  return d;
}

namespace {

// The terms of t·(1 − s²)^⌊k/2⌋/c^(k − k mod 2) for a term t = coefficient·x, x = n·c^k·s^a·rest
// (symbols to integer powers, a number), each appended as a sum's stored pair (product, number) or
// to the constant: built as pairs, the sum does not split its terms' numbers off again (building and
// dividing GiNaC products made this rewriting a tenth of the display pass). false (and nothing
// appended) for any other x.
bool binomial_pairs(const ex& x, const GiNaC::numeric& coefficient, const ex& c, const ex& s, int k, GiNaC::epvector& out,
                    GiNaC::numeric& constant) {
  GiNaC::exvector rest;
  GiNaC::numeric number = coefficient;
  int a = 0;
  bool ok = true;
  const auto factor = [&](const ex& base, const ex& e) {
    if (!ok) return;
    if (is_number(base) && e.is_equal(1)) {
      number *= GiNaC::ex_to<GiNaC::numeric>(base);
      return;
    }
    if (!is_symbol_node(base) || !(is_number(e) && GiNaC::ex_to<GiNaC::numeric>(e).is_integer())) {
      ok = false;
      return;
    }
    if (base.is_equal(c)) return;  // c^k: k known
    if (base.is_equal(s)) a += GiNaC::ex_to<GiNaC::numeric>(e).to_int();
    else rest.push_back(e.is_equal(1) ? base : GiNaC::pow(base, e));
  };
  if (is_product(x)) for_each_power(x, factor);
  else if (is_power_node(x)) factor(x.op(0), x.op(1));
  else return false;
  if (!ok) return false;
  const int j = k / 2;
  if (k % 2 != 0) rest.push_back(c);
  GiNaC::numeric binomial = 1;  // C(j, i)
  for (int i = 0; i <= j; ++i) {
    GiNaC::exvector term = rest;
    if (a + 2 * i != 0) term.push_back(GiNaC::pow(s, a + 2 * i));
    const GiNaC::numeric n = number * (i % 2 == 0 ? binomial : -binomial);
    if (term.empty()) constant += n;
    else out.emplace_back(ex(GiNaC::mul(term)), n);
    binomial = binomial * (j - i) / (i + 1);
  }
  return true;
}

}  // namespace

void symbols_of_terms(const ex& p, GiNaC::exset& out) {
  const auto factor = [&](const ex& f) {
    if (is_number(f)) return;
    if (is_symbol_node(f)) out.insert(f);
    else if (is_power_node(f) && is_symbol_node(f.op(0)) && is_number(f.op(1))) out.insert(f.op(0));
    else collect_symbols(f, out);
  };
  for (const ex& t : terms_of(p))
    for_each_power(t, [&](const ex& base, const ex& k) {
      if (k.is_equal(1)) factor(base);
      else if (is_symbol_node(base)) out.insert(base);  // a product's exponents are numbers
      else factor(GiNaC::pow(base, k));
    });
}

namespace {

// The factors of x (a product, a symbol or a symbol's power) as (symbol, exponent) pairs; false where
// one is anything else.
bool symbol_powers(const ex& x, GiNaC::epvector& out) {
  const auto one = [&](const ex& base, const ex& k) {
    if (!is_symbol_node(base) || !GiNaC::ex_to<GiNaC::numeric>(k).is_integer()) return false;
    out.emplace_back(base, k);
    return true;
  };
  if (is_symbol_node(x)) return one(x, 1);
  if (is_power_node(x)) return is_number(x.op(1)) && one(x.op(0), x.op(1));
  if (!is_product(x)) return false;
  bool ok = true;
  for_each_power(x, [&](const ex& base, const ex& k) { ok = ok && !is_number(base) && one(base, k); });
  return ok;
}

}  // namespace

std::optional<std::pair<ex, ex>> divided_and_rest(const ex& p, const std::vector<ex>& syms, const std::vector<int>& g) {
  GiNaC::epvector quotient, rest;
  GiNaC::numeric quotient_number = 0, rest_number = 0;
  bool ok = true;
  const auto term = [&](const ex& x, const ex& c) {
    GiNaC::epvector f;
    if (!ok || !(ok = symbol_powers(x, f))) return;
    std::vector<int> left(g);  // what m still needs of each symbol
    for (GiNaC::expair& e : f)
      for (std::size_t k = 0; k < syms.size(); ++k)
        if (left[k] > 0 && e.rest.is_equal(syms[k])) {
          const int have = GiNaC::ex_to<GiNaC::numeric>(e.coeff).to_int(), take = std::min(have, left[k]);
          left[k] -= take, e.coeff = have - take;
        }
    if (std::any_of(left.begin(), left.end(), [](int d) { return d > 0; })) {
      rest.emplace_back(x, c);
      return;
    }
    GiNaC::epvector lowered;
    for (const GiNaC::expair& e : f)
      if (!e.coeff.is_zero()) lowered.push_back(e);
    // c·x/m: its factors other than the number, evaluated as GiNaC's add evaluates a term's (a lone
    // x^1 is x), and the number beside them
    if (lowered.empty()) quotient_number += GiNaC::ex_to<GiNaC::numeric>(c);
    else quotient.emplace_back(ex(GiNaC::mul(std::move(lowered))), c);
  };
  if (!is_sum(p)) return std::nullopt;
  for_each_term(p, term, [&](const ex& k) {
    // a number is divided only by the monomial 1
    if (std::all_of(g.begin(), g.end(), [](int d) { return d == 0; })) quotient_number += GiNaC::ex_to<GiNaC::numeric>(k);
    else rest_number += GiNaC::ex_to<GiNaC::numeric>(k);
  });
  if (!ok) return std::nullopt;
  return std::make_pair(ex(GiNaC::add(std::move(quotient), quotient_number)), ex(GiNaC::add(std::move(rest), rest_number)));
}

namespace {

bool is_integer_number(const ex& k) { return is_number(k) && GiNaC::ex_to<GiNaC::numeric>(k).is_integer(); }

// A symbol, or a symbol to an integer power (a stored factor (base, k) or a power node).
bool symbol_power(const ex& base, const ex& k) { return is_symbol_node(base) && is_integer_number(k); }

bool is_expanded_monomial(const ex& x) {
  if (is_number(x) || is_symbol_node(x)) return true;
  if (is_power_node(x)) return symbol_power(x.op(0), x.op(1));
  if (!is_product(x)) return false;
  bool ok = true;
  for_each_power(x, [&](const ex& base, const ex& k) { ok = ok && (is_number(base) ? k.is_equal(1) : symbol_power(base, k)); });
  return ok;
}

}  // namespace

bool is_expanded_polynomial(const ex& p) {
  if (!is_sum(p)) return is_expanded_monomial(p);
  bool ok = true;
  for_each_term(p, [&](const ex& x, const ex&) { ok = ok && is_expanded_monomial(x); }, [](const ex&) {});
  return ok;
}

ex expanded(const ex& p) {
  if (p.info(GiNaC::info_flags::expanded) || !is_expanded_polynomial(p)) return p.expand();
  if (is_sum(p)) for_each_term(p, [](const ex& x, const ex&) { GiNaC::ex_to<GiNaC::basic>(x).setflag(GiNaC::status_flags::expanded); }, [](const ex&) {});
  GiNaC::ex_to<GiNaC::basic>(p).setflag(GiNaC::status_flags::expanded);
  return p;
}

std::optional<ex> divided_exactly(const ex& p, const std::vector<ex>& syms, const std::vector<int>& g, const GiNaC::numeric& c) {
  const auto parts = is_sum(p) ? divided_and_rest(p, syms, g) : std::nullopt;
  if (!parts || !parts->second.is_zero()) return std::nullopt;
  return parts->first * c.inverse();  // a number times a sum: GiNaC multiplies its terms' numbers
}

ex replace_square(const ex& p, const ex& c, const ex& s) {
  const ex q = p.expand();
  // One pass over the stored pairs, without has(c) first: GiNaC builds every term of a sum again for
  // each walk over it (op(i) of a sum is a new product), and the walks dominated the display pass.
  GiNaC::epvector pairs;  // the sum's terms as (product, number): add() takes them as they are
  GiNaC::numeric constant = 0;
  GiNaC::exvector others;  // terms of the rare monomials binomial_pairs does not read
  bool changed = false;
  const auto term = [&](const ex& x, const ex& coefficient) {
    const int k = degree_in(x, c);
    const GiNaC::numeric& n = GiNaC::ex_to<GiNaC::numeric>(coefficient);
    if (k < 2) {
      if (is_number(x)) constant += n * GiNaC::ex_to<GiNaC::numeric>(x);
      else pairs.emplace_back(x, n);
      return;
    }
    changed = true;
    if (!binomial_pairs(x, n, c, s, k, pairs, constant))
      others.push_back((x * n / GiNaC::pow(c, k - k % 2) * GiNaC::pow(1 - GiNaC::pow(s, 2), k / 2)).expand());
  };
  if (is_sum(q)) for_each_term(q, term, [&](const ex& k) { constant += GiNaC::ex_to<GiNaC::numeric>(k); });
  else term(q, 1);
  if (!changed) return q;
  const ex sum = GiNaC::add(std::move(pairs), constant);  // a sum of expanded terms is expanded
  if (others.empty()) return sum;
  others.push_back(sum);
  return GiNaC::add(others);
}

std::optional<std::map<ex, int, GiNaC::ex_is_less>> degrees_of(const ex& p) {
  std::map<ex, int, GiNaC::ex_is_less> out;
  bool ok = true;
  const auto power = [&](const ex& base, const ex& k) {
    if (is_number(base) && k.is_equal(1)) {
      ok = ok && GiNaC::ex_to<GiNaC::numeric>(base).is_rational();
    } else if (is_symbol_node(base) && is_number(k) && GiNaC::ex_to<GiNaC::numeric>(k).is_pos_integer()) {
      int& d = out[base];
      d = std::max(d, GiNaC::ex_to<GiNaC::numeric>(k).to_int());
    } else {
      ok = false;
    }
  };
  const auto term = [&](const ex& x, const ex& c) {
    ok = ok && is_number(c) && GiNaC::ex_to<GiNaC::numeric>(c).is_rational();
    for_each_power(x, [&](const ex& base, const ex& k) {
      if (is_power_node(base) && k.is_equal(1)) power(base.op(0), base.op(1));  // a lone power
      else power(base, k);
    });
  };
  if (is_sum(p)) for_each_term(p, term, [&](const ex& k) { term(k, 1); });
  else term(p, 1);
  if (!ok) return std::nullopt;
  return out;
}

bool is_power_of(const ex& f, const GiNaC::lst& vars) {
  return std::any_of(vars.begin(), vars.end(), [&](const ex& v) { return f.is_equal(v) || (is_power_node(f) && f.op(0).is_equal(v)); });
}

namespace {

// is_power_of(base^k, vars) for a product's stored factor (k a number), without building the power
// where base is a symbol.
bool power_of_any(const ex& base, const ex& k, const GiNaC::lst& vars) {
  if (!k.is_equal(1) && is_symbol_node(base))  // base^k is a power whose base is `base`
    return std::any_of(vars.begin(), vars.end(), [&](const ex& v) { return base.is_equal(v) || (!is_symbol_node(v) && GiNaC::pow(base, k).is_equal(v)); });
  return is_power_of(k.is_equal(1) ? base : GiNaC::pow(base, k), vars);
}

// A term x·c (c a number) as the pairs (base, exponent) of its factors and its number, as GiNaC's
// product c·x stores them.
void factor_pairs(const ex& x, GiNaC::numeric& number, GiNaC::epvector& pairs) {
  if (is_number(x)) {
    number *= GiNaC::ex_to<GiNaC::numeric>(x);
  } else if (is_product(x)) {
    for_each_power(x, [&](const ex& base, const ex& k) {
      if (is_number(base) && k.is_equal(1)) number *= GiNaC::ex_to<GiNaC::numeric>(base);  // the product's own number
      else pairs.emplace_back(base, k);
    });
  } else if (is_power_node(x) && is_number(x.op(1))) {
    pairs.emplace_back(x.op(0), x.op(1));
  } else {
    pairs.emplace_back(x, 1);
  }
}

}  // namespace

std::optional<std::vector<MonomialPart>> collected_in(const ex& p, const GiNaC::lst& vars, const ex& divisor, bool with_terms) {
  GiNaC::epvector lowered;  // the divisor's (symbol, exponent)
  bool ok = true;
  for_each_power(divisor, [&](const ex& base, const ex& k) {
    if (is_symbol_node(base) && GiNaC::ex_to<GiNaC::numeric>(k).is_pos_integer()) lowered.emplace_back(base, k);
    else ok = ok && base.is_equal(1);
  });
  if (!ok) return std::nullopt;
  struct Part {
    GiNaC::epvector coefficient, terms;
    GiNaC::numeric constant = 0, terms_constant = 0;
  };
  std::map<ex, Part, GiNaC::ex_is_less> parts;
  const auto term = [&](const ex& x, const ex& c) {
    GiNaC::numeric number = GiNaC::ex_to<GiNaC::numeric>(c);
    GiNaC::epvector pairs, mono, rest;
    factor_pairs(x, number, pairs);
    std::size_t divided = 0;
    for (const GiNaC::expair& f : pairs) {
      const auto d = std::find_if(lowered.begin(), lowered.end(), [&](const GiNaC::expair& g) { return g.rest.is_equal(f.rest); });
      if (d == lowered.end()) {
        (power_of_any(f.rest, f.coeff, vars) ? mono : rest).push_back(f);
        continue;
      }
      ++divided;
      const GiNaC::numeric left = GiNaC::ex_to<GiNaC::numeric>(f.coeff) - GiNaC::ex_to<GiNaC::numeric>(d->coeff);
      if (left.is_negative()) ok = false;
      else if (!left.is_zero()) rest.emplace_back(f.rest, left);
    }
    if (divided != lowered.size()) ok = false;
    Part& part = parts[ex(GiNaC::mul(std::move(mono)))];
    if (rest.empty()) part.constant += number;
    else part.coefficient.emplace_back(GiNaC::mul(std::move(rest)), number);
    if (!with_terms) return;
    if (is_number(x)) part.terms_constant += GiNaC::ex_to<GiNaC::numeric>(x) * GiNaC::ex_to<GiNaC::numeric>(c);
    else part.terms.emplace_back(x, c);
  };
  if (is_sum(p)) for_each_term(p, term, [&](const ex& k) { term(k, 1); });
  else term(p, 1);
  if (!ok) return std::nullopt;
  std::vector<MonomialPart> out;
  out.reserve(parts.size());
  for (auto& [mono, part] : parts)
    out.push_back({mono, GiNaC::add(std::move(part.coefficient), part.constant),
                   with_terms ? ex(GiNaC::add(std::move(part.terms), part.terms_constant)) : ex()});
  return out;
}

bool numeric_multiple(const ex& a, const ex& b) {
  const ex ea = a.expand(), eb = b.expand();
  const std::vector<ex> ta = terms_of(ea), tb = terms_of(eb);
  if (ta.size() != tb.size()) return false;
  if (const auto da = degrees_of(ea), db = degrees_of(eb); da && db && *da != *db) return false;
  const ex c = ta.front() / tb.front();
  if (is_number(c) && (ea - c * eb).expand().is_zero()) return true;
  ex q;
  return GiNaC::divide(a, b, q) && is_number(q);
}

namespace {

bool lower_degree_somewhere(const ex& a, const ex& b) {
  if (a.is_zero() || is_number(b)) return false;
  const auto da = degrees_of(a), db = degrees_of(b);
  if (!da || !db) return false;
  return std::any_of(db->begin(), db->end(), [&](const auto& v) {
    const auto it = da->find(v.first);
    return v.second > (it == da->end() ? 0 : it->second);
  });
}

}  // namespace

bool divide_by_degrees(const ex& a, const ex& b, ex& q) { return !lower_degree_somewhere(a, b) && GiNaC::divide(a, b, q); }

}  // namespace hamel
