// core/display.cpp — short forms for people; see display.hpp for the rewritings tried.
#include "core/display.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <optional>
#include <unordered_map>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "core/atom_polynomial.hpp"
#include "core/circle_lift.hpp"
#include "core/error.hpp"
#include "core/integer_factor.hpp"
#include "core/latex.hpp"
#include "core/monomial.hpp"
#include "core/stored_terms.hpp"
#include "core/node_kind.hpp"
#include "core/plain_factor.hpp"
#include "core/printing.hpp"
#include "core/rational_function.hpp"
#include "core/sparse_polynomial.hpp"
#include "core/symbolic.hpp"
#include "core/term_order.hpp"

namespace hamel {

using GiNaC::ex;
using GiNaC::ex_to;
using GiNaC::is_a;

// Counted on the printed form: GiNaC keeps a sign or a numeric factor in different places of equal
// products from run to run, the printer does not.
std::size_t display_size(const ex& e) { return operations_in(detail::str(e)); }

namespace {

// The polynomial world: atoms (sin x, cos x, other functions) as symbols, with a key per symbol that
// does not depend on GiNaC's hash order (ties are broken by it, so output is the same in every run).
// The atoms get the same symbols in every call (a per-thread table), so that factorisations can be
// remembered across the entries of a derivation, which share their denominators.
struct Polynomial {
  GiNaC::exmap atoms;  // symbol ↦ the atom it stands for
  std::vector<std::pair<ex, ex>> circle;  // (s, c) with s = sin x, c = cos x, for every x with both
  GiNaC::exmap sums;   // sin(x ± y), cos(x ± y) ↦ written out in the symbols of x and y (for the check)
  // every atom a sine or a cosine, whose symbol is named by its text: an expression's count of
  // operations is then the same on the symbols as on the atoms, and needs no substitution
  bool trig_atoms = false;
};

bool is_sine_or_cosine(const ex& a) {
  return GiNaC::is_the_function<GiNaC::sin_SERIAL>(a) || GiNaC::is_the_function<GiNaC::cos_SERIAL>(a);
}

// A table of answers by value, per thread (the search asks again for the polynomials a derivation's
// entries share).
using ExMemo = std::unordered_map<ex, ex, std::hash<ex>, GiNaC::ex_is_equal>;

// memo's answer for key, computed and kept when new; a full table is emptied first, so a long run's
// memory stays bounded. compute() may ask the same table for other keys.
template <class Memo, class Compute>
typename Memo::mapped_type remembered(Memo& memo, const typename Memo::key_type& key, std::size_t limit, const Compute& compute) {
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  if (memo.size() >= limit) memo.clear();
  return memo.emplace(key, compute()).first->second;
}

// Answers remembered while P's circle pairs and angle sums stay as they are: a rewriting on the
// circles depends on them, and an angle sum contracted meanwhile can add to them.
template <class Value>
class WhileAnglesStay {
 public:
  explicit WhileAnglesStay(const Polynomial& P) : P_(P), for_(angles()) {}

  template <class Compute>
  Value operator()(const ex& key, const Compute& compute) {
    if (for_ != angles()) memo_.clear(), for_ = angles();
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    Value v = compute();
    if (for_ == angles()) memo_.emplace(key, v);  // not where computing it added angles
    return v;
  }

 private:
  std::pair<std::size_t, std::size_t> angles() const { return {P_.circle.size(), P_.sums.size()}; }

  const Polynomial& P_;
  std::pair<std::size_t, std::size_t> for_;
  std::unordered_map<ex, Value, std::hash<ex>, GiNaC::ex_is_equal> memo_;
};

struct AtomTable {
  GiNaC::exmap to_symbol;  // GiNaC's to_polynomial convention: symbol ↦ atom, looked up by value
  AtomIndex index;         // to_symbol's symbols by atom, for polynomial_in_atoms (P.atoms is a copy)
  std::map<ex, std::string, GiNaC::ex_is_less> keys;
};

AtomTable& atom_table() {
  thread_local AtomTable t;
  return t;
}

// p with the atoms back. Every key of P.atoms is a symbol, so GiNaC's subs would find no product or
// power among them: told so (pattern_is_not_product), it does not scan the whole table for one at
// every sum and product it enters.
bool checking();
ex expanded_checked(const ex& p);
ex with_atoms(const ex& p, const Polynomial& P) {
  const ex r = p.subs(P.atoms, GiNaC::subs_options::no_pattern | GiNaC::subs_options::pattern_is_not_product);
  if (checking() && !r.is_equal(p.subs(P.atoms, GiNaC::subs_options::no_pattern)))
    throw std::logic_error("atoms substituted as if no key were a product, otherwise than GiNaC's subs: " + detail::str(p));
  return r;
}

// By reference (the table only grows, a std::map keeps its nodes): the sorts by key compared copies.
const std::string& key_of(const ex& sym, const Polynomial& P) {
  auto& keys = atom_table().keys;
  const auto it = keys.find(sym);
  if (it != keys.end()) return it->second;
  return keys.emplace(sym, detail::str(with_atoms(sym, P))).first->second;
}


// With only sines and cosines for atoms, each symbol named by its atom's text (name_by_text), the
// text in the symbols ordered as the atoms is the text with the atoms, without substituting them.
std::string printed_in_symbols(const ex& e, const Polynomial& P) {
  std::string text;
  {
    const OrderedAsAtoms ordered(P.atoms);
    text = detail::str(e);
  }
  if (checking() && text != detail::str(with_atoms(e, P)))
    throw std::logic_error("printed in the atoms' symbols otherwise than with the atoms: " + text);
  return text;
}

// Printed with the atoms back: the printer's order does not depend on GiNaC's hash order, so
// choices made in this order are the same in every run.
// Remembered within a run: the candidates of one choice repeat (a group that finds nothing is its
// input) and so do the polynomials of a derivation's entries. The atoms' symbols are the same in
// every call, so the text of e depends on e alone.
const std::string& printed(const ex& e, const Polynomial& P) {
  constexpr std::size_t kRemembered = 1 << 14;
  thread_local std::unordered_map<ex, std::string, std::hash<ex>, GiNaC::ex_is_equal> cache;
  if (const auto it = cache.find(e); it != cache.end()) return it->second;
  if (cache.size() >= kRemembered) cache.clear();
  return cache.emplace(e, P.trig_atoms ? printed_in_symbols(e, P) : detail::str(with_atoms(e, P))).first->second;
}

// display_size of the atoms' form, counted without printing it (core/printing.hpp), remembered:
// first without a minus in front of the whole (a lower bound, enough to drop most candidates),
// that minus only where the size itself is asked.
struct Size {
  std::optional<ex> shown;    // the atoms' form, once needed
  std::size_t unsigned_ops;   // text_operations_unsigned(shown)
  std::optional<bool> minus;  // text_leads_with_minus(shown), once asked
};

// With only sines and cosines for atoms the count is taken on the symbols (a symbol counts as the text
// it is named by): most candidates are dropped on this count, and the substitution, which rebuilds
// the whole tree, was half the cost of measuring them. The sign is found in the atoms' term order
// with the symbols standing in for them (text_leads_with_minus with the atoms).
Size& size_entry(const ex& e, const Polynomial& P) {
  constexpr std::size_t kRemembered = 1 << 14;
  thread_local std::unordered_map<ex, Size, std::hash<ex>, GiNaC::ex_is_equal> cache;
  if (const auto it = cache.find(e); it != cache.end()) return it->second;
  if (cache.size() >= kRemembered) cache.clear();
  if (P.trig_atoms) {
    const std::size_t n = text_operations_unsigned(e);
    if (checking() && n != text_operations_unsigned(e.subs(P.atoms, GiNaC::subs_options::no_pattern)))
      throw std::logic_error("display size counted on the atoms' symbols otherwise than on the atoms: " + detail::str(e));
    return cache.emplace(e, Size{std::nullopt, n, std::nullopt}).first->second;
  }
  const ex shown = e.subs(P.atoms, GiNaC::subs_options::no_pattern);
  return cache.emplace(e, Size{shown, text_operations_unsigned(shown), std::nullopt}).first->second;
}

std::size_t size_at_least(const ex& e, const Polynomial& P) { return size_entry(e, P).unsigned_ops; }

std::size_t size_of(const ex& e, const Polynomial& P) {
  Size& s = size_entry(e, P);
  if (!s.minus) s.minus = s.shown ? text_leads_with_minus(*s.shown) : text_leads_with_minus(e, P.atoms);
  const std::size_t n = s.unsigned_ops + (*s.minus ? 1 : 0);
  if (checking() && !s.shown) s.shown = e.subs(P.atoms, GiNaC::subs_options::no_pattern);
  if (checking() && n != operations_in(detail::str(*s.shown)))
    throw std::logic_error("display size " + std::to_string(n) + " counted, " + std::to_string(operations_in(detail::str(*s.shown))) +
                           " printed: " + detail::str(*s.shown));
  return n;
}

std::vector<ex> terms_in_print_order(const ex& p, const Polynomial& P) {
  std::vector<std::pair<std::string, ex>> keyed;
  for (const ex& t : terms_of(p)) {  // by the term without its sign, so that p and −p agree
    const std::string& k = printed(t, P);
    keyed.emplace_back(std::string(k, k.front() == '-' ? 1 : 0), t);
  }
  std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<ex> out;
  for (auto& [k, t] : keyed) out.push_back(t);
  return out;
}

// The symbol of `atom` in the table, made when it is new.
ex symbol_for(const ex& atom, Polynomial& P) {
  for (const auto& [sym, a] : atom_table().to_symbol)
    if (a.is_equal(atom)) {
      P.atoms[sym] = atom;
      return sym;
    }
  const ex sym = GiNaC::symbol(detail::str(atom));
  atom_table().to_symbol[sym] = atom;
  P.atoms[sym] = atom;
  return sym;
}

// p with c² → 1 − s² for one pair (s, c).
ex on_pair(const ex& p, const ex& s, const ex& c) { return replace_square(p, c, s); }

// Each atom's symbol named by the atom's text (to_polynomial names its new symbols symbol1, …), so that
// a symbol is printed, and counted, as its atom (size_entry). A symbol's name is no part of its
// identity in GiNaC (hash and order go by its serial number).
void name_by_text(const Polynomial& P) {
  thread_local std::size_t named = 0;  // the table only grows: symbols named before keep their names
  if (P.atoms.size() == named) return;
  for (const auto& [sym, atom] : P.atoms) {
    auto& s = const_cast<GiNaC::symbol&>(ex_to<GiNaC::symbol>(sym));
    const std::string text = detail::str(atom);
    if (s.get_name() != text) s.set_name(text);
  }
  named = P.atoms.size();
}

// The sin/cos pairs among the atoms; a sin x whose cos x is absent gets a symbol for cos x too, so
// that t − t·sin²x can become t·cos²x.
void find_circle(Polynomial& P) {
  P.circle.clear();  // rebuilt: the atoms may have grown since
  std::vector<std::pair<ex, ex>> sines;  // (symbol, argument)
  for (const auto& [sym, atom] : P.atoms)
    if (is_call(atom) && ex_to<GiNaC::function>(atom).get_name() == "sin") sines.emplace_back(sym, atom.op(0));
  for (const auto& [s, arg] : sines) P.circle.emplace_back(s, symbol_for(GiNaC::cos(arg), P));
  std::sort(P.circle.begin(), P.circle.end(),
            [&](const auto& a, const auto& b) { return key_of(a.first, P) < key_of(b.first, P); });
}

// t − t·s² → t·c² wherever both terms occur (also t·s^2k − t·s^(2k+2) → t·s^2k·c²).
// Whether some term of `terms` may be −t·s² for another term t: the same factors but s and the
// number, the degree in s two more, the number negated (compared by the factors' hashes, so a
// false yes is possible, a false no is not). Building −t·s² for every term to look it up cost a
// tenth of the display pass; most polynomials have no such pair.
bool may_pair(const std::vector<ex>& terms, const ex& s) {
  struct Key {
    std::size_t rest;
    int degree;
    bool operator==(const Key& o) const { return rest == o.rest && degree == o.degree; }
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const { return k.rest * 31 + static_cast<std::size_t>(k.degree); }
  };
  std::unordered_multimap<Key, GiNaC::numeric, KeyHash> seen;
  std::vector<std::pair<Key, GiNaC::numeric>> keys;
  for (const ex& t : terms) {
    Key k{0, 0};
    GiNaC::numeric number = 1;
    const auto take = [&](const ex& f) {
      if (is_number(f)) {
        number *= ex_to<GiNaC::numeric>(f);
        return;
      }
      const bool power = is_power_node(f);
      if ((power ? f.op(0) : f).is_equal(s) && (!power || is_number(f.op(1)))) {
        k.degree += power ? ex_to<GiNaC::numeric>(f.op(1)).to_int() : 1;
        return;
      }
      k.rest = k.rest * 1000003u + f.gethash();  // the factors of a product come in a fixed order
    };
    for_each_power(t, [&](const ex& b, const ex& p) {
      // a lone x^k (not a product) is keyed as a product's factor x^k is: R² and −R² sin²θ pair
      const bool lone_power = p.is_equal(1) && is_power_node(b) && is_symbol_node(b.op(0)) && is_number(b.op(1));
      const ex& base = lone_power ? b.op(0) : b;
      const ex power = lone_power ? b.op(1) : p;
      if (!power.is_equal(1) && is_symbol_node(base)) {  // a product's x^k, read off its pair
        if (base.is_equal(s)) k.degree += ex_to<GiNaC::numeric>(power).to_int();
        else k.rest = k.rest * 1000003u + (base.gethash() ^ (power.gethash() * 31u));
        return;
      }
      take(power.is_equal(1) ? base : GiNaC::pow(base, power));
    });
    seen.emplace(k, number);
    keys.emplace_back(k, number);
  }
  for (const auto& [k, number] : keys) {
    const auto [from, to] = seen.equal_range(Key{k.rest, k.degree + 2});
    for (auto it = from; it != to; ++it)
      if (it->second == -number) return true;
  }
  return false;
}

// Whether two lists of circle pairs (s, c) are the same, in the same order: a remembered rewriting
// holds only for the pairs it was made with.
bool same_pairs(const std::vector<std::pair<ex, ex>>& a, const std::vector<std::pair<ex, ex>>& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) {
           return x.first.is_equal(y.first) && x.second.is_equal(y.second);
         });
}

// Whether some term is the partner −t·s² of a term t and has its own partner present (t, −t·s², t·s⁴):
// only then does the order the terms are paired in matter.
bool has_square_chain(const std::vector<ex>& terms, const std::unordered_set<ex, std::hash<ex>, GiNaC::ex_is_equal>& present,
                      const std::unordered_map<ex, ex, std::hash<ex>, GiNaC::ex_is_equal>& partners) {
  std::unordered_set<ex, std::hash<ex>, GiNaC::ex_is_equal> partnered;  // the terms that are a present partner
  for (const ex& t : terms)
    if (const ex& u = partners.at(t); present.count(u)) partnered.insert(u);
  return std::any_of(terms.begin(), terms.end(), [&](const ex& t) { return partnered.count(t) && present.count(partners.at(t)); });
}

// Remembered per polynomial, many candidates ask it of the same one. Its pairs are taken in P.circle's
// order, which a new angle (appended there) may change between calls: the order is part of the key.
ex recover_cos(const ex& p, const Polynomial& P) {
  ex q = p.expand();
  GiNaC::exset in_q;  // P.circle holds every angle the pass has met: a lookup, not a walk of q per angle
  symbols_of_terms(q, in_q);
  std::vector<std::pair<ex, ex>> pairs;
  for (const auto& pair : P.circle)
    if (in_q.count(pair.first)) pairs.push_back(pair);  // t·s² needs s (c² stays c² here)
  if (pairs.empty()) return q;
  struct Remembered {
    std::vector<std::pair<ex, ex>> pairs;
    ex result;
  };
  constexpr std::size_t kRemembered = 4096;
  thread_local std::unordered_map<ex, Remembered, std::hash<ex>, GiNaC::ex_is_equal> cache;
  if (const auto it = cache.find(q); it != cache.end() && same_pairs(it->second.pairs, pairs)) return it->second.result;
  if (cache.size() >= kRemembered) cache.clear();
  const ex key = q;
  for (const auto& pair : pairs) {
    const ex &s = pair.first, &c = pair.second;  // not a structured binding: the lambdas below capture them
    // a pair needs a term with s² (most polynomials the search meets have none, or no pair: found
    // before their terms are printed to be ordered)
    const std::vector<ex> terms = terms_of(q);
    if (std::none_of(terms.begin(), terms.end(), [&](const ex& t) { return degree_in(t, s) >= 2; })) continue;
    if (!may_pair(terms, s)) continue;
    std::unordered_set<ex, std::hash<ex>, GiNaC::ex_is_equal> present(terms.begin(), terms.end());
    std::unordered_map<ex, ex, std::hash<ex>, GiNaC::ex_is_equal> partners;  // each −t·s² built once
    for (const ex& t : terms) partners.emplace(t, (-t * GiNaC::pow(s, 2)).expand());
    const auto partner_of = [&](const ex& t) { return partners.at(t); };
    if (std::none_of(terms.begin(), terms.end(), [&](const ex& t) { return present.count(partner_of(t)) > 0; })) continue;
    GiNaC::exvector out;  // summed once: += on a GiNaC sum copies it
    std::unordered_set<ex, std::hash<ex>, GiNaC::ex_is_equal> used;
    // a chain t, −t·s², t·s⁴ pairs the same way each run when taken in print order; without one the
    // pairs are disjoint and any order joins the same ones (printing every term to order them was
    // most of this function's cost)
    for (const ex& t : has_square_chain(terms, present, partners) ? terms_in_print_order(q, P) : terms) {
      if (used.count(t)) continue;
      const ex partner = partner_of(t);
      if (present.count(partner) && !used.count(partner)) {
        used.insert(t);
        used.insert(partner);
        out.push_back(t * GiNaC::pow(c, 2));
      }
    }
    for (const ex& t : terms)
      if (!used.count(t)) out.push_back(t);
    q = GiNaC::add(out);
  }
  cache[key] = Remembered{std::move(pairs), q};
  return q;
}

// s_x·c_y + c_x·s_y → sin(x + y) (and x − y, and cosines) where it leaves fewer terms: the discrete
// Lagrangians of 002 are written in (θ0 + θ1)/2. x = u ∓ y is substituted and c_y² reduced; a pair
// of angles is contracted when that shrinks p. The sums are recorded for the identity check.
constexpr std::size_t kMaxContractTerms = 200;

// A numeric coefficient that is not an integer somewhere in the linear form x (θ/2, θ0/2 + θ1/2).
bool has_fraction(const ex& x) {
  for (const ex& t : terms_of(x.expand())) {
    const ex c = is_product(t) ? t.op(t.nops() - 1) : t;
    if (is_number(c) && !ex_to<GiNaC::numeric>(c).is_integer()) return true;
  }
  return false;
}

// 2 s_x c_x → sin 2x and s_x² → (1 − cos 2x)/2 in the terms of q of even degree in (s_x, c_x) (the
// odd ones keep x: R_2 of 002's sleigh), for the k-th circle pair (s_x, c_x); q itself when x is not a
// half angle the canonical form introduced (x = θ/2, not θ → 2θ) or q has no such even term.
ex doubled_angle(const ex& q, std::size_t k, Polynomial& P) {
  const auto [sx, cx] = P.circle[k];
  const ex x = P.atoms.at(sx).op(0), u = (2 * x).expand();
  if (!has_fraction(x) || has_fraction(u)) return q;
  bool some_even = false;
  for (const ex& t : terms_of(q)) some_even = some_even || ((t.has(sx) || t.has(cx)) && (degree_in(t, sx) + degree_in(t, cx)) % 2 == 0);
  if (!some_even) return q;
  const ex S = symbol_for(GiNaC::sin(u), P), C = symbol_for(GiNaC::cos(u), P);
  const ex half_s2 = (1 - C) / 2, half_c2 = (1 + C) / 2;  // s², c²
  ex r = 0;
  for (const ex& t : terms_of(q)) {
    const int a = degree_in(t, sx), b = degree_in(t, cx), m = std::min(a, b);
    if ((a + b) % 2 != 0) {
      r += t;
      continue;
    }
    // s^a c^b = (s c)^m s^(a−m) c^(b−m), with a − m and b − m even
    const ex rest = (t / (GiNaC::pow(sx, a) * GiNaC::pow(cx, b))).expand();
    r += rest * GiNaC::pow(S / 2, m) * GiNaC::pow(half_s2, (a - m) / 2) * GiNaC::pow(half_c2, (b - m) / 2);
  }
  return on_pair(r.expand(), S, C);
}

// Records the double angle of the k-th pair for the identity check (doubled_angle made its symbols).
void record_doubled(std::size_t k, Polynomial& P) {
  const auto [sx, cx] = P.circle[k];
  const ex u = (2 * P.atoms.at(sx).op(0)).expand();
  const ex S = symbol_for(GiNaC::sin(u), P), C = symbol_for(GiNaC::cos(u), P);
  P.sums[S] = 2 * sx * cx;
  P.sums[C] = cx * cx - sx * sx;
  P.circle.emplace_back(S, C);
}

// Each half angle of p doubled where that leaves no more terms (h ν sin θ1 rather than
// 2 h ν sin(θ1/2) cos(θ1/2), the discrete systems of 002); then the angles refused one by one are
// tried all at once, whose constants may cancel: (x0 − x1)(c0² − c1²) is (x0 − x1)(cos θ0 − cos θ1)/2,
// while either half alone leaves (x0 − x1)/2 standing.
ex contract_double_angles(const ex& p, Polynomial& P) {
  ex q = p;
  const std::size_t known = P.circle.size();
  GiNaC::exset in_q;  // P.circle holds every angle the pass has met: a lookup, not a walk of q per angle
  symbols_of_terms(q, in_q);
  std::vector<std::size_t> refused;
  for (std::size_t k = 0; k < known; ++k) {
    const auto [sx, cx] = P.circle[k];
    if (!in_q.count(sx) && !in_q.count(cx)) continue;
    const ex r = doubled_angle(q, k, P);
    if (r.is_equal(q)) continue;
    if (term_count(r) > term_count(q)) {  // 2h ν s c → h ν S: as many terms, shorter
      refused.push_back(k);
      continue;
    }
    q = r;
    record_doubled(k, P);
  }
  if (refused.size() < 2) return q;
  ex r = q;
  for (std::size_t k : refused) r = doubled_angle(r, k, P);
  if (term_count(r) > term_count(q)) return q;
  for (std::size_t k : refused) record_doubled(k, P);
  return r;
}

std::vector<ex> terms_of_product(const ex& m);

// A term of a polynomial split for contract_angle_sums: its number, the powers of each angle's s and c,
// and the rest. `opaque` when an angle's symbol hides in the rest (inside a function): no shortcut then.
struct AngleTerm {
  ex term, number = 1, rest = 1;  // term: as in the polynomial
  std::vector<int> s_degree, c_degree;  // per angle
  bool opaque = false;
};

// The terms' factors read off GiNaC's stored pairs (core/stored_terms.hpp), the rest multiplied once:
// op(i) of a product builds each power again, and a product per factor cost the double pendulum 18 M
// instructions.
std::vector<AngleTerm> angle_terms(const ex& q, const std::vector<std::pair<ex, ex>>& pairs) {
  std::vector<AngleTerm> out;
  for (const ex& t : terms_of(q)) {
    AngleTerm a;
    a.term = t;
    a.s_degree.assign(pairs.size(), 0);
    a.c_degree.assign(pairs.size(), 0);
    GiNaC::exvector rest;
    const auto factor = [&](const ex& base, const ex& k) {
      if (is_number(base) && k.is_equal(1)) {
        a.number = ex_to<GiNaC::numeric>(a.number).mul(ex_to<GiNaC::numeric>(base));  // no product to evaluate
        return;
      }
      const bool power = is_number(k) && ex_to<GiNaC::numeric>(k).is_pos_integer();
      for (std::size_t i = 0; power && i < pairs.size(); ++i) {
        const int d = ex_to<GiNaC::numeric>(k).to_int();
        if (base.is_equal(pairs[i].first)) return void(a.s_degree[i] += d);
        if (base.is_equal(pairs[i].second)) return void(a.c_degree[i] += d);
      }
      const ex f = k.is_equal(1) ? base : GiNaC::pow(base, k);
      rest.push_back(f);
      // f.has(x) read off directly where f is a symbol or its numeric power (has() matches at every node)
      const bool plain = is_symbol_node(base) && is_number(k);
      for (const auto& pair : pairs)
        a.opaque = a.opaque || (plain ? base.is_equal(pair.first) || base.is_equal(pair.second) : f.has(pair.first) || f.has(pair.second));
    };
    for_each_power(t, [&](const ex& base, const ex& k) {
      if (is_power_node(base) && k.is_equal(1)) factor(base.op(0), base.op(1));  // a lone power
      else factor(base, k);
    });
    a.rest = GiNaC::mul(rest);
    out.push_back(std::move(a));
  }
  return out;
}

// The k-th angle's powers in a term: s^a·c^b.
ex angle_powers(const AngleTerm& t, std::size_t k, const std::vector<std::pair<ex, ex>>& pairs) {
  return GiNaC::pow(pairs[k].first, t.s_degree[k]) * GiNaC::pow(pairs[k].second, t.c_degree[k]);
}

// terms_of's count of the GiNaC sum of p (0 is one term there).
std::size_t term_count(const SparsePolynomial& p) { return std::max<std::size_t>(p.size(), 1); }
using hamel::term_count;  // and of a GiNaC expression

// A term's number as a rational, nullopt for a float or a complex number (their arithmetic is left to
// GiNaC, which rounds in its own order).
std::optional<GiNaC::numeric> rational_number(const ex& n) {
  if (!is_number(n) || !ex_to<GiNaC::numeric>(n).is_rational()) return std::nullopt;
  return ex_to<GiNaC::numeric>(n);
}

// The terms of q (angle_terms over n pairs) on exponent vectors for in_angle_sum: slots 2k and
// 2k + 1 the k-th pair's s and c, then two for S and C where they are no pair, last the index of the
// term's rest in `rests` (an index, not an exponent: the rewriting multiplies no two terms of q).
// nullopt when a term is beyond it: opaque, or a number that is not rational.
struct AngleSparse {
  std::vector<ex> rests;
  SparsePolynomial poly;
};
std::optional<AngleSparse> angle_sparse(const std::vector<AngleTerm>& terms, std::size_t n) {
  AngleSparse out;
  std::map<ex, int, GiNaC::ex_is_less> index;
  std::vector<SparsePolynomial::Term> sparse;
  for (const AngleTerm& t : terms) {
    const auto number = rational_number(t.number);
    if (t.opaque || !number) return std::nullopt;
    std::vector<int> e(2 * n + 3, 0);
    for (std::size_t k = 0; k < n; ++k) e[2 * k] = t.s_degree[k], e[2 * k + 1] = t.c_degree[k];
    const auto found = index.emplace(t.rest, static_cast<int>(out.rests.size()));
    if (found.second) out.rests.push_back(t.rest);
    e.back() = found.first->second;
    sparse.push_back({std::move(e), *number});
  }
  out.poly = SparsePolynomial(2 * n + 3, std::move(sparse));
  return out;
}

// p of angle_sparse's slots as a GiNaC sum (`symbols`: the slots' symbols, the rest's excepted).
ex from_angle_sparse(const SparsePolynomial& p, const std::vector<ex>& symbols, const std::vector<ex>& rests) {
  GiNaC::exvector out;
  for (const auto& t : p.terms) {
    GiNaC::exvector factors{rests[static_cast<std::size_t>(t.exponents.back())], t.coefficient};
    for (std::size_t v = 0; v < symbols.size(); ++v)
      if (t.exponents[v] != 0) factors.push_back(GiNaC::pow(symbols[v], t.exponents[v]));
    out.push_back(GiNaC::mul(factors));
  }
  return GiNaC::add(out);
}

// A group's sum (a polynomial in s_x, c_x, s_y, c_y) in x ± y when that leaves fewer terms: rewritten
// whole, or with the monomial common to its terms kept outside (sin φ (cos φ cos θ − sin φ sin θ) is
// sin φ cos(φ + θ), the roller racer's Jacobiator, where rewriting sin φ too would expand it); nullopt
// when neither shrinks it.
ex common_monomial(const std::vector<ex>& terms, const std::vector<ex>& syms);

template <class Rewrite>
std::optional<ex> shrunk(const ex& sum, const std::vector<ex>& four, const Rewrite& rewritten) {
  const std::vector<ex> terms = terms_of(sum.expand());
  if (terms.size() < 2) return std::nullopt;
  const ex whole = rewritten(sum);
  if (term_count(whole) < terms.size()) return whole;
  const ex common = common_monomial(terms, four);
  if (common.is_equal(1)) return std::nullopt;
  const ex inner = rewritten((sum / common).expand());
  if (term_count(inner) < terms.size()) return (common * inner).expand();
  return std::nullopt;
}

// The terms of q grouped for rewriting in x ± y (angles i and j), each group with its shrunk form.
// The rewriting touches only the powers of s_x, c_x, s_y, c_y, so terms with different other factors
// (their "rest") stay apart, and terms without x keep their own monomials (no S, C). The terms with x
// and one rest can shrink only if there are two of them and one holds y (one term's image is never 0;
// without y, setting y = 0 gives them back, and a specialisation never has more terms than what it
// specialises). So q shrinks only if such a group shrinks: the groups are rewritten, not q (the
// generic metrics of bench/scaling made 882 rewritings of whole numerators and no contraction). Each
// group's rewriting is an identity on the circles by itself, so the groups that shrink may also be
// rewritten alone: g m1 (cos b sin(a − b) + cos(a − b) sin b) + g m2 cos b sin(a − b) is
// g m1 sin a + g m2 cos b sin(a − b) (the double pendulum's), where rewriting the last term too would
// expand it. nullopt where q can only be rewritten whole: an opaque term, or a c_y² (reduced by on_pair
// on its own).
struct AngleGroup {
  std::vector<const AngleTerm*> members;
  bool with_y = false;
  std::optional<ex> shrunk;
};
struct AngleGroups {
  std::vector<const AngleTerm*> untouched;  // the terms without x
  std::vector<AngleGroup> groups;
};

// shrunk(sum, …) remembered by the sum and the rewriting (x, y and the new angle's sine, which holds
// the sign): the equations of a derivation share their groups (a generic 6-coordinate metric asked
// 16 814 times for 497 sums).
template <class Rewrite>
std::optional<ex> shrunk_remembered(const ex& sum, const std::vector<ex>& four, const ex& rewriting, const Rewrite& rewritten) {
  thread_local std::unordered_map<ex, std::optional<ex>, std::hash<ex>, GiNaC::ex_is_equal> memo;
  return remembered(memo, GiNaC::lst{sum, rewriting}, 1 << 14, [&] { return shrunk(sum, four, rewritten); });
}

// shrunk on exponent vectors (core/sparse_polynomial.hpp's in_angle_sum; six slots: s_x, c_x, s_y,
// c_y, S, C), the same answer: the GiNaC sum is built only for a group that shrinks. Most rewritings
// are thrown away (the double pendulum rewrote 65 whole numerators and 65 groups for 2 contractions,
// on GiNaC trees 44% of its display pass).
std::optional<ex> shrunk_on_slots(const SparsePolynomial& sum, int sign, const std::vector<ex>& six) {
  if (sum.size() < 2) return std::nullopt;
  const AngleSumSlots slots{0, 1, 2, 3, 4, 5, sign};
  const SparsePolynomial whole = in_angle_sum(sum, slots);
  if (term_count(whole) < sum.size()) return to_ginac(whole, six);
  const std::vector<int> common = common_monomial(sum);
  if (std::all_of(common.begin(), common.end(), [](int k) { return k == 0; })) return std::nullopt;
  const SparsePolynomial inner = in_angle_sum(divided(sum, common), slots);
  if (term_count(inner) < sum.size()) return to_ginac(times_monomial(inner, common), six);
  return std::nullopt;
}

// shrunk_on_slots remembered by the rewriting (as shrunk_remembered) and the sum's exponents and numbers.
struct ShrunkKey {
  ex rewriting;
  SparsePolynomial sum;
  bool operator<(const ShrunkKey& o) const {
    if (const int c = rewriting.compare(o.rewriting); c != 0) return c < 0;
    if (sum.size() != o.sum.size()) return sum.size() < o.sum.size();
    for (std::size_t k = 0; k < sum.size(); ++k) {
      const auto &a = sum.terms[k], &b = o.sum.terms[k];
      if (a.exponents != b.exponents) return a.exponents < b.exponents;
      if (const int c = a.coefficient.compare(b.coefficient); c != 0) return c < 0;
    }
    return false;
  }
};
std::optional<ex> shrunk_on_slots_remembered(const SparsePolynomial& sum, int sign, const std::vector<ex>& six, const ex& rewriting) {
  constexpr std::size_t kRemembered = 1 << 14;
  thread_local std::map<ShrunkKey, std::optional<ex>> memo;
  ShrunkKey key{rewriting, sum};
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  if (memo.size() >= kRemembered) memo.clear();
  std::optional<ex> r = shrunk_on_slots(sum, sign, six);
  memo.emplace(std::move(key), r);
  return r;
}

// A term's group: keyed also by the degree in x (the rewriting keeps it, as the degree in S, C) and the
// parity of the degree in y (on_pair keeps it), terms that differ there never merge either; then by
// the rest, read as its non-angle factors and the degrees in the other angles (no product is built
// for the grouping: a generic metric's 200-term numerators are grouped 30 times per value).
struct AngleGroupKey {
  int x_degree, y_parity;
  ex rest;
  std::vector<int> others;  // s and c degrees of the angles other than x and y
  bool operator<(const AngleGroupKey& o) const {
    if (x_degree != o.x_degree || y_parity != o.y_parity) return std::tie(x_degree, y_parity) < std::tie(o.x_degree, o.y_parity);
    if (const int c = rest.compare(o.rest); c != 0) return c < 0;
    return others < o.others;
  }
};

// A group's sum: in GiNaC (the four symbols) for shrunk, or on exponent vectors for shrunk_on_slots
// when every number is rational.
ex group_sum(const std::vector<const AngleTerm*>& members, std::size_t i, std::size_t j, const std::vector<std::pair<ex, ex>>& pairs) {
  GiNaC::exvector sum;
  for (const AngleTerm* t : members) sum.push_back(t->number * angle_powers(*t, i, pairs) * angle_powers(*t, j, pairs));
  return GiNaC::add(sum);
}
std::optional<SparsePolynomial> group_sparse(const std::vector<const AngleTerm*>& members, std::size_t i, std::size_t j) {
  std::vector<SparsePolynomial::Term> sum;
  for (const AngleTerm* t : members) {
    const auto number = rational_number(t->number);
    if (!number) return std::nullopt;
    sum.push_back({{t->s_degree[i], t->c_degree[i], t->s_degree[j], t->c_degree[j], 0, 0}, *number});
  }
  return SparsePolynomial(6, std::move(sum));
}

// `six`: s_x, c_x, s_y, c_y, S, C; `sign` that of x ± y.
template <class Rewrite>
std::optional<AngleGroups> angle_groups(const std::vector<AngleTerm>& terms, const std::vector<std::pair<ex, ex>>& pairs, std::size_t i,
                                        std::size_t j, const std::vector<ex>& six, int sign, const ex& rewriting, const Rewrite& rewritten) {
  std::map<AngleGroupKey, std::vector<const AngleTerm*>> by_rest;
  AngleGroups out;
  for (const AngleTerm& t : terms) {
    if (t.opaque || t.c_degree[j] >= 2) return std::nullopt;
    if (t.s_degree[i] + t.c_degree[i] == 0) {
      out.untouched.push_back(&t);
      continue;
    }
    AngleGroupKey key{t.s_degree[i] + t.c_degree[i], (t.s_degree[j] + t.c_degree[j]) % 2, t.rest, {}};
    for (std::size_t k = 0; k < t.s_degree.size(); ++k)
      if (k != i && k != j) key.others.insert(key.others.end(), {t.s_degree[k], t.c_degree[k]});
    by_rest[std::move(key)].push_back(&t);
  }
  const std::vector<ex> four(six.begin(), six.begin() + 4);
  for (auto& [key, members] : by_rest) {
    AngleGroup g;
    for (const AngleTerm* t : members) g.with_y = g.with_y || t->s_degree[j] + t->c_degree[j] > 0;
    if (members.size() >= 2 && g.with_y) {  // the others cannot shrink: their sums are not needed
      if (const auto sparse = group_sparse(members, i, j)) g.shrunk = shrunk_on_slots_remembered(*sparse, sign, six, rewriting);
      else g.shrunk = shrunk_remembered(group_sum(members, i, j, pairs), four, rewriting, rewritten);
    }
    g.members = std::move(members);
    out.groups.push_back(std::move(g));
  }
  return out;
}

bool some_group_shrinks(const AngleGroups& a) {
  return std::any_of(a.groups.begin(), a.groups.end(), [](const AngleGroup& g) { return g.shrunk.has_value(); });
}

// q with only the groups that shrink rewritten (times their rest: the factors besides angles i and j),
// the other terms as they are.
ex partly_contracted(const AngleGroups& a, std::size_t i, std::size_t j, const std::vector<std::pair<ex, ex>>& pairs) {
  GiNaC::exvector out;
  for (const AngleTerm* t : a.untouched) out.push_back(t->term);
  for (const AngleGroup& g : a.groups) {
    if (!g.shrunk) {
      for (const AngleTerm* t : g.members) out.push_back(t->term);
      continue;
    }
    const AngleTerm& first = *g.members.front();
    ex rest = first.rest;
    for (std::size_t k = 0; k < pairs.size(); ++k)
      if (k != i && k != j) rest *= angle_powers(first, k, pairs);
    out.push_back((rest * *g.shrunk).expand());
  }
  return ex(GiNaC::add(out)).expand();
}

// q rewritten whole in x ± y (angles i and j) when that leaves fewer terms than its `count`, else
// nullopt: on exponent vectors where `sparse` holds q and no rest holds S or C, in GiNaC otherwise.
template <class Rewrite>
std::optional<ex> whole_rewritten(const ex& q, std::size_t count, const std::optional<AngleSparse>& sparse,
                                  const std::vector<std::pair<ex, ex>>& pairs, std::size_t i, std::size_t j, int sign,
                                  const ex& S, const ex& C, const Rewrite& rewritten) {
  const std::size_t n = pairs.size();
  std::size_t k = 0;  // S's pair, or n
  while (k < n && !pairs[k].first.is_equal(S)) ++k;
  const auto holds_new = [&](const ex& rest) { return rest.has(S) || rest.has(C); };
  if (!sparse || (k == n && std::any_of(sparse->rests.begin(), sparse->rests.end(), holds_new))) {
    const ex r = rewritten(q);
    return term_count(r) < count ? std::optional<ex>(r) : std::nullopt;
  }
  const SparsePolynomial r = in_angle_sum(sparse->poly, {2 * i, 2 * i + 1, 2 * j, 2 * j + 1, 2 * k, 2 * k + 1, sign});
  if (term_count(r) >= count) return std::nullopt;
  std::vector<ex> symbols;
  for (const auto& pair : pairs) symbols.insert(symbols.end(), {pair.first, pair.second});
  symbols.insert(symbols.end(), {S, C});
  return from_angle_sparse(r, symbols, sparse->rests);
}

ex contract_angle_sums_uncached(const ex& p, Polynomial& P) {
  ex q = contract_double_angles(p.expand(), P);
  std::vector<std::pair<ex, ex>> pairs;  // the angles of p (the table holds every angle seen so far)
  GiNaC::exset in_q;
  symbols_of_terms(q, in_q);
  for (const auto& [sx, cx] : P.circle)
    if (in_q.count(sx) || in_q.count(cx)) pairs.emplace_back(sx, cx);
  if (term_count(q) > kMaxContractTerms || pairs.size() < 2 || pairs.size() > 6) return q;
  std::vector<AngleTerm> terms = angle_terms(q, pairs);
  std::optional<AngleSparse> sparse = angle_sparse(terms, pairs.size());
  const auto holds = [&](std::size_t k) {
    return std::any_of(terms.begin(), terms.end(), [&](const AngleTerm& t) { return t.opaque || t.s_degree[k] + t.c_degree[k] > 0; });
  };
  for (std::size_t i = 0; i < pairs.size(); ++i)
    for (std::size_t j = i + 1; j < pairs.size(); ++j)
      for (int sign : {1, -1}) {
        const ex &sx = pairs[i].first, &cx = pairs[i].second;  // not a structured binding: the lambda below captures them
        const ex &sy = pairs[j].first, &cy = pairs[j].second;
        if (!holds(i) || !holds(j)) continue;
        const ex u = P.atoms.at(sx).op(0) + sign * P.atoms.at(sy).op(0);
        const ex S = symbol_for(GiNaC::sin(u), P), C = symbol_for(GiNaC::cos(u), P);
        const GiNaC::exmap to_sum{{sx, S * cy - sign * C * sy}, {cx, C * cy + sign * S * sy}};
        // c_y² and C² reduced: m1 + m2 sin²(a − b), the double pendulum's det G / (l1² l2² m2), is one
        // term in S only once C² = 1 − S² too
        const auto rewritten = [&](const ex& x) { return on_pair(on_pair(x.subs(to_sum, GiNaC::subs_options::no_pattern), sy, cy), S, C); };
        const auto groups = angle_groups(terms, pairs, i, j, {sx, cx, sy, cy, S, C}, sign, GiNaC::lst{sx, sy, S}, rewritten);
        if (groups && !some_group_shrinks(*groups)) continue;
        const auto whole = whole_rewritten(q, terms.size(), sparse, pairs, i, j, sign, S, C, rewritten);
        ex r;
        if (whole) {
          r = *whole;
        } else {
          if (!groups) continue;
          r = partly_contracted(*groups, i, j, pairs);
          if (term_count(r) >= terms.size()) continue;
        }
        q = r;
        // The new angle takes part in the next pairs (cos b sin(a − b) + cos(a − b) sin b is sin a, the
        // double pendulum's), unless it is one of them already: then it is an angle of p, an atom as
        // it stands, not a sum to write out for the check.
        const auto is_S = [&](const std::pair<ex, ex>& x) { return x.first.is_equal(S); };
        const bool fresh = std::none_of(pairs.begin(), pairs.end(), is_S);
        if (fresh && !P.sums.count(S)) {
          P.sums[S] = sx * cy + sign * cx * sy;
          P.sums[C] = cx * cy - sign * sx * sy;
        }
        if (std::none_of(P.circle.begin(), P.circle.end(), is_S)) P.circle.emplace_back(S, C);
        if (fresh && pairs.size() < 6) pairs.emplace_back(S, C);  // last: sx, … refer into pairs
        terms = angle_terms(q, pairs);
        sparse = angle_sparse(terms, pairs.size());
      }
  return q;
}

// Remembered where nothing contracts (most calls: the denominators an entry shares with others, each
// asked again per entry and per part of a split); a contraction changes P (its angle sums, its circle
// pairs), so it is done again. The answer depends on p and on the circle pairs of p's own symbols.
ex contract_angle_sums(const ex& p, Polynomial& P) {
  constexpr std::size_t kRemembered = 4096;
  using Pairs = std::vector<std::pair<ex, ex>>;
  thread_local std::unordered_map<ex, Pairs, std::hash<ex>, GiNaC::ex_is_equal> unchanged;
  const ex e = expanded_checked(p);  // flagged: the expand() of contract_angle_sums_uncached is then free
  GiNaC::exset in_e;
  symbols_of_terms(e, in_e);
  Pairs pairs;
  for (const auto& pair : P.circle)
    if (in_e.count(pair.first) || in_e.count(pair.second)) pairs.push_back(pair);
  if (const auto it = unchanged.find(e); it != unchanged.end() && same_pairs(it->second, pairs)) return e;
  const std::size_t circle = P.circle.size(), sums = P.sums.size();
  const ex q = contract_angle_sums_uncached(e, P);
  if (q.is_equal(e) && P.circle.size() == circle && P.sums.size() == sums) {
    if (unchanged.size() >= kRemembered) unchanged.clear();
    unchanged[e] = std::move(pairs);
  }
  return q;
}

// A rewriting of p on the circles, remembered: the search asks for the same numerator in cosines
// (or reduced) from several candidates, and P's circle pairs are fixed by the atoms p uses.
template <class Rewrite>
ex remembered_on_circles(const ex& p, const Polynomial& P, bool to_cosines, const Rewrite& rewrite) {
  thread_local ExMemo cache[2];
  return remembered(cache[to_cosines], p, 4096, [&] {
    ex q = p.expand();
    GiNaC::exset in_q;  // a pair q does not hold leaves it as it is: P.circle holds every angle met so far
    symbols_of_terms(q, in_q);
    for (const auto& [s, c] : P.circle)
      if (in_q.count(s) || in_q.count(c)) q = rewrite(q, s, c);
    return q;
  });
}

// p reduced modulo c² = 1 − s² for every pair, expanded: equal polynomials on the circle give equal
// results, so this checks a displayed numerator or denominator against the canonical one.
ex on_circle(const ex& p, const Polynomial& P) {
  return remembered_on_circles(p, P, false, [](const ex& q, const ex& s, const ex& c) { return on_pair(q, s, c); });
}

// p with s² → 1 − c² for every pair: the other way round from the canonical form, where a square
// hidden by c² = 1 − s² shows again ((f1 cos θ − f2)² of the solid of revolution).
ex in_cosines(const ex& p, const Polynomial& P) {
  return remembered_on_circles(p, P, true, [](const ex& q, const ex& s, const ex& c) { return on_pair(q, c, s); });
}

// Whether two tables of angle sums are the same, entry by entry.
bool same_sums(const GiNaC::exmap& a, const GiNaC::exmap& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) {
           return x.first.is_equal(y.first) && x.second.is_equal(y.second);
         });
}

// A shown form with P's angle sums written out (sums of sums too, as many rounds as P has circle
// pairs) and reduced on the circles: shaped_form's check of every form it shows. Remembered for the
// whole pass, not per entry: the same N or D comes back in other whole forms and other entries
// (6.7% of the pass on the Chaplygin ball was this check). The answer depends on the table of sums,
// so it is kept per table, and on the number of rounds only up to the first that changed nothing.
struct WrittenOut {
  ex reduced;
  std::size_t rounds;  // the rounds this answer needs: at least that many if settled, else exactly
  bool settled;        // the writing out stopped by itself (no sums, or a round changed nothing)
};
struct SumsTable {
  GiNaC::exmap sums;
  std::unordered_map<ex, WrittenOut, std::hash<ex>, GiNaC::ex_is_equal> memo;
};
ex written_out_on_circle(const ex& shown, const Polynomial& P) {
  thread_local std::vector<SumsTable> tables;  // few: most entries contract no angle sum
  auto t = std::find_if(tables.begin(), tables.end(), [&](const SumsTable& x) { return same_sums(x.sums, P.sums); });
  if (t == tables.end()) {
    if (tables.size() >= 32) tables.clear();
    t = tables.insert(tables.end(), SumsTable{P.sums, {}});
  }
  const std::size_t bound = P.circle.size();
  const auto fits = [&](const WrittenOut& w) { return w.settled ? bound >= w.rounds : bound == w.rounds; };
  if (const auto it = t->memo.find(shown); it != t->memo.end() && fits(it->second)) return it->second.reduced;
  ex r = shown;
  WrittenOut w{ex(), 0, P.sums.empty()};
  for (std::size_t k = 0; k < bound && !P.sums.empty(); ++k) {  // sums of sums, written out
    const ex next = r.subs(P.sums, GiNaC::subs_options::no_pattern);
    if (next.is_equal(r)) {  // nothing left to write out: the next rounds change nothing
      w.settled = true, w.rounds = k + 1;
      break;
    }
    r = next;
    w.rounds = k + 1;
  }
  w.reduced = on_circle(r.expand(), P);
  if (t->memo.size() >= 4096) t->memo.clear();
  t->memo[shown] = w;
  return w.reduced;
}

// The symbols of a polynomial, in key order.
std::vector<ex> symbols_of(const ex& p, const Polynomial& P) {
  // remembered: a symbol's key is the text of its atom, the same in every call
  thread_local std::unordered_map<ex, std::vector<ex>, std::hash<ex>, GiNaC::ex_is_equal> cache;
  return remembered(cache, p, 1 << 14, [&] {
    GiNaC::exset set;
    symbols_of_terms(p, set);
    std::vector<ex> v(set.begin(), set.end());
    std::stable_sort(v.begin(), v.end(), [&](const ex& a, const ex& b) { return key_of(a, P) < key_of(b, P); });
    return v;
  });
}

// The exponents of syms in the largest monomial dividing every term.
std::vector<int> common_exponents(const std::vector<ex>& terms, const std::vector<ex>& syms) {
  if (terms.empty()) return std::vector<int>(syms.size(), 0);
  std::vector<int> k = exponents_in(terms.front(), syms);
  for (std::size_t t = 1; t < terms.size(); ++t) {
    if (std::all_of(k.begin(), k.end(), [](int d) { return d == 0; })) break;  // nothing common is left
    const std::vector<int> d = exponents_in(terms[t], syms);
    for (std::size_t v = 0; v < k.size(); ++v) k[v] = std::min(k[v], d[v]);
  }
  return k;
}

// The largest monomial (symbols only) dividing every term.
ex common_monomial(const std::vector<ex>& terms, const std::vector<ex>& syms) {
  if (terms.empty() || syms.empty()) return 1;
  const std::vector<int> k = common_exponents(terms, syms);
  ex g = 1;
  for (std::size_t v = 0; v < syms.size(); ++v)
    if (k[v] > 0) g *= GiNaC::pow(syms[v], k[v]);
  return g;
}

// Pulls out, greedily, the monomial whose factoring saves the most operations:
// I1·I3 + I1·m·R²·s² + I3·m·R²·c² → I1·I3 + m·R²·(I1·s² + I3·c²).
constexpr std::size_t kMaxGroupTerms = 200;

// Two levels of brackets at most: deeper Horner forms are shorter but hard to read, and a line
// breaker cannot cut them to the page.
constexpr int kMaxGroupDepth = 2;

ex group(const ex& p, const Polynomial& P, int depth = 0);
ex factor_remembered(const ex& p);
ex factored_on_circle(const ex& p, const Polynomial& P);
ex smallest(const std::vector<ex>& candidates, const Polynomial& P);
constexpr std::size_t kMaxFlintFactorTerms = 20;

// Whether a reads better than b: shorter; or as short and in fewer symbols (2 cos²φ + cos φ − 1, not
// cos φ − 2 sin²φ + 1, a three-link snake's); or that too and with fewer minus signs ((I1 − I2)(cos²θ + 1),
// not (I2 − I1)(sin²θ − 2), a Veselova system's).
// Each key asked only on a tie of the ones before: printing is a tenth of the pass on the Routh sphere.
bool plainer_than(const ex& a, const ex& b, const Polynomial& P) {
  if (const std::size_t x = size_of(a, P), y = size_of(b, P); x != y) return x < y;
  const auto symbols = [](const ex& e) {
    GiNaC::exset found;
    collect_symbols(e, found);
    return found.size();
  };
  if (const std::size_t x = symbols(a), y = symbols(b); x != y) return x < y;
  const auto minus_signs = [&](const ex& e) {
    const std::string& text = printed(e, P);
    return std::count(text.begin(), text.end(), '-');
  };
  return minus_signs(a) < minus_signs(b);
}

// What a pulled-out monomial multiplies: grouped again, or factored into expanded factors (no
// grouping inside them: grouping calls this), also in cosines (m sin²θ · (f1 cos θ − f2)², whose
// square the canonical form hides); no deeper than group's two levels.
ex grouped_inner_uncached(const ex& inner, const Polynomial& P, int depth) {
  std::vector<ex> candidates{group(inner, P, depth)};
  // t − t·sin²x → t·cos²x inside the brackets too: d1² I2 m cos²φ, not d1² I2 m (1 − sin²φ)
  if (const ex r = recover_cos(inner, P); !r.is_equal(inner)) candidates.push_back(group(r, P, depth));
  if (term_count(inner) < 3) return smallest(candidates, P);
  const ex k = in_cosines(inner, P);  // the same polynomial where it has no sine squared: once
  std::optional<ex> in_cos;
  if (depth + 1 <= kMaxGroupDepth) {
    if (term_count(inner) <= kMaxFlintFactorTerms) candidates.push_back(factored_on_circle(inner, P));
    if (!k.is_equal(inner) && term_count(k) <= kMaxFlintFactorTerms) in_cos = factored_on_circle(k, P);
  } else if (!k.is_equal(inner)) {
    // the last level is neither grouped nor factored, but still read in cosines: 12 c² cos⁴θ, not
    // 12 c² (sin⁴θ − 2 sin²θ + 1) (the ellipsoid's d/dt v1, 99 → 94 operations, SymPy's 89)
    in_cos = k;
  }
  // in sines, as best_polynomial has it, unless the form in cosines reads better (plainer_than): the
  // print order took cos before sin on every tie, (13 cos²θ − 16)² in one entry of a rolling disk
  // beside (13 sin²θ + 3)² in the others
  const ex in_sines = smallest(candidates, P);
  return in_cos && plainer_than(*in_cos, in_sines, P) ? *in_cos : in_sines;
}

// Remembered per depth, as group is: different polynomials pull out the same inner sum (a sum and
// its form with cos² recovered, a multiple of it grouped whole and inside its common monomial), and
// its candidates (in cosines, factored, each measured) cost more than the grouping that found it.
ex grouped_inner(const ex& inner, const Polynomial& P, int depth) {
  thread_local ExMemo cache[kMaxGroupDepth + 1];
  return remembered(cache[std::min(depth, kMaxGroupDepth)], inner, 4096, [&] { return grouped_inner_uncached(inner, P, depth); });
}

ex group_uncached(const ex& p, const Polynomial& P, int depth);

// Remembered per depth: the candidates of best_polynomial, factored and grouped_inner group the same
// polynomials again (a sum, its form with cos² recovered, its factors).
ex group(const ex& p, const Polynomial& P, int depth) {
  thread_local ExMemo cache[kMaxGroupDepth + 1];
  if (depth >= kMaxGroupDepth) return p;
  return remembered(cache[depth], p, 4096, [&] { return group_uncached(p, P, depth); });
}

// The term t divided by the monomial Π syms[k]^g[k] (which divides it), its exponents lowered in
// place: t / monomial builds the quotient through GiNaC's division and an expansion. Where t's
// exponents are not all read off its stored pairs, that way after all.
ex divided_by(const ex& t, const std::vector<ex>& syms, std::vector<int> g, const ex& monomial) {
  GiNaC::exvector factors;
  for_each_power(t, [&](const ex& base, const ex& k) {
    if (is_symbol_node(base) && ex_to<GiNaC::numeric>(k).is_integer())
      for (std::size_t j = 0; j < syms.size(); ++j)
        if (g[j] > 0 && base.is_equal(syms[j])) {
          const GiNaC::numeric left = ex_to<GiNaC::numeric>(k) - g[j];
          g[j] = 0;
          if (!left.is_zero()) factors.push_back(GiNaC::pow(base, left));
          return;
        }
    factors.push_back(k.is_equal(1) ? base : GiNaC::pow(base, k));
  });
  if (std::any_of(g.begin(), g.end(), [](int d) { return d != 0; })) return (t / monomial).expand();
  return ex(GiNaC::mul(factors)).expand();
}

// The least saving for which a monomial is pulled out: two operations, so that the quadratic forms
// of kinetic energies stay as written (p_x²/(2m) + p_y²/(2m), not one fraction over a grouped sum;
// a1_dot² + a1_dot·a2_dot/2, not a1_dot (a1_dot + a2_dot/2)); one for a monomial in sines and
// cosines only, since a person writes (x0 − x1) sin u + (y1 − y0) cos u (002's discrete sleigh, whose
// rhs35^ξ1 had 21 operations against SymPy's 19), not x0 sin u − x1 sin u − y0 cos u + y1 cos u.
std::size_t least_saving(const std::vector<int>& g, const std::vector<ex>& syms, const Polynomial& P) {
  for (std::size_t k = 0; k < syms.size(); ++k) {
    if (g[k] == 0) continue;
    const auto it = P.atoms.find(syms[k]);
    if (it == P.atoms.end() || !is_sine_or_cosine(it->second)) return 2;
  }
  return 1;
}

// The sum of the terms the monomial Π syms[k]^g[k] divides, each divided, and the sum of the others.
std::pair<ex, ex> split_by(const std::vector<ex>& terms, const std::vector<std::vector<int>>& exps, const std::vector<ex>& syms,
                           const std::vector<int>& g, const ex& monomial) {
  GiNaC::exvector inner, rest;  // summed once: += on a GiNaC sum copies it
  for (std::size_t t = 0; t < terms.size(); ++t) {
    bool divides = true;
    for (std::size_t k = 0; k < syms.size(); ++k) divides = divides && exps[t][k] >= g[k];
    if (divides) inner.push_back(divided_by(terms[t], syms, g, monomial));
    else rest.push_back(terms[t]);
  }
  return {GiNaC::add(inner), GiNaC::add(rest)};
}

ex group_uncached(const ex& p, const Polynomial& P, int depth) {
  const std::vector<ex> terms = terms_of(p);
  if (depth >= kMaxGroupDepth || terms.size() < 2 || terms.size() > kMaxGroupTerms) return p;
  const std::vector<ex> syms = symbols_of(p, P);
  // the exponents of every term, read once (degree() on GiNaC terms dominated the pass)
  std::vector<std::vector<int>> exps;
  for (const ex& t : terms) exps.push_back(exponents_in(t, syms));
  std::size_t best_saving = 0;
  std::vector<int> best_g;
  for (std::size_t v = 0; v < syms.size(); ++v) {
    std::vector<std::size_t> with;
    for (std::size_t t = 0; t < terms.size(); ++t)
      if (exps[t][v] > 0) with.push_back(t);
    if (with.size() < 2) continue;
    // each of the |with| terms loses g's factors (one product, and one power for an exponent > 1
    // each); the group costs them once, and one product
    std::vector<int> g = exps[with.front()];
    for (std::size_t t : with)
      for (std::size_t k = 0; k < syms.size(); ++k) g[k] = std::min(g[k], exps[t][k]);
    std::size_t cost = 0;
    for (int d : g)
      if (d > 0) cost += d > 1 ? 2 : 1;
    const std::size_t saving = (with.size() - 1) * cost;
    if (saving >= least_saving(g, syms, P) && saving > best_saving) best_saving = saving, best_g = g;
  }
  if (best_saving == 0) return p;
  GiNaC::exvector powers;  // one product: *= per symbol evaluates a product per symbol
  for (std::size_t k = 0; k < syms.size(); ++k)
    if (best_g[k] > 0) powers.push_back(GiNaC::pow(syms[k], best_g[k]));
  const ex monomial = GiNaC::mul(powers);
  const auto split = divided_and_rest(p, syms, best_g);  // read off p's stored pairs
  const auto [inner, rest] = split && !checking() ? *split : split_by(terms, exps, syms, best_g, monomial);
  if (checking() && split && !(split->first.is_equal(inner) && split->second.is_equal(rest)))
    throw std::logic_error("divided_and_rest otherwise than term by term: " + detail::str(p));
  return monomial * grouped_inner(inner, P, depth + 1) + group(rest, P, depth);
}

// GiNaC's multivariate factoring grows quickly with the terms (a 12-term numerator in 8 symbols
// takes 0.1 s); a larger polynomial is grouped, which finds its common monomials, not factored.
// FLINT's factoring (core/integer_factor.hpp) is about 100 times faster: it takes up to 20 terms
// (an expanded perfect square times (α + 1)² has 18).
constexpr std::size_t kMaxFactorTerms = 10;


// The smallest candidate; among equally small ones the first in print order. A candidate's size is
// its count without a leading minus (cheap, remembered) or one more: only those within one of the
// least such count can be smallest, and only they need the sign, which needs the atoms' term order
// (a tenth of the pass when asked of every candidate).
ex smallest(const std::vector<ex>& candidates, const Polynomial& P) {
  std::vector<std::size_t> lower;
  lower.reserve(candidates.size());
  for (const ex& c : candidates) lower.push_back(size_at_least(c, P));
  const std::size_t least = *std::min_element(lower.begin(), lower.end());
  std::size_t size = least + 1;  // every size is at most the least count's candidate's, least + 1
  std::vector<std::size_t> exact(candidates.size(), 0);
  for (std::size_t i = 0; i < candidates.size(); ++i)
    if (lower[i] <= size) size = std::min(size, exact[i] = size_of(candidates[i], P));
  const ex* best = nullptr;
  std::string key;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (lower[i] > size || exact[i] != size) continue;
    const ex& c = candidates[i];
    if (!best) {
      best = &c;
      continue;
    }
    if (c.is_equal(*best)) continue;  // the same text: the first stays
    if (key.empty()) key = printed(*best, P);
    if (std::string k = printed(c, P); k < key) key = std::move(k), best = &c;
  }
  return *best;
}

// Whether the first of p's terms in print order (terms_in_print_order's front: the least text without
// its sign, the first in terms_of's order among equal ones) is printed with a minus; found in one pass,
// without the sort.
bool lead_printed_negative(const ex& p, const Polynomial& P) {
  std::string least;  // the least key so far, copied: printed's table may be cleared meanwhile
  bool negative = false, first = true;
  for (const ex& t : terms_of(p)) {
    const std::string& k = printed(t, P);
    const bool minus = k.front() == '-';
    const std::string_view key = std::string_view(k).substr(minus ? 1 : 0);
    if (first || key < least) least = key, negative = minus, first = false;
  }
  return negative;
}

// ±f with the first term in print order positive: GiNaC's factor() signs its factors in hash order.
ex with_positive_lead(const ex& f, int& sign, const Polynomial& P) {
  const ex e = expanded_checked(f);
  const bool negative = lead_printed_negative(e, P);
  if (negative) sign = -sign;
  return negative ? expanded_checked(-e) : e;
}

std::vector<ex> terms_of_product(const ex& m) {
  std::vector<ex> v;
  for (std::size_t i = 0; i < m.nops(); ++i) v.push_back(m.op(i));
  return v;
}

// With HAMEL_CHECK_DISPLAY set, every size is also counted on the printed text and every polynomial
// found irreducible without FLINT is also factored by it; a difference is an error.
bool checking() {
  static const bool on = std::getenv("HAMEL_CHECK_DISPLAY") != nullptr;
  return on;
}

// expanded(p) (core/monomial.hpp), compared with GiNaC's p.expand() under HAMEL_CHECK_DISPLAY.
ex expanded_checked(const ex& p) {
  if (!checking()) return expanded(p);
  const ex by_ginac = p.expand(), e = expanded(p);
  if (!e.is_equal(by_ginac)) throw std::logic_error("expanded: " + detail::str(p) + " expands to " + detail::str(by_ginac) + ", not " + detail::str(e));
  return e;
}

// FLINT's factorisation, without FLINT where a certificate gives it (core/plain_factor.hpp).
ex factored_over_q(const ex& p) {
  const auto f = factored_without_flint(p);
  return f ? *f : factor_polynomial_over_q(p, kMaxFactorTerms);
}

ExMemo& factor_memo() {
  thread_local ExMemo cache;
  return cache;
}

// HAMEL_CHECK_DISPLAY compares every answer with FLINT's factoring alone: factored_without_flint's
// certificates, and factor_rational's splits of the factors of degree 1 (core/integer_factor.cpp).
ex factor_remembered(const ex& p) {
  return remembered(factor_memo(), p, 4096, [&] {
    const ex answer = factored_over_q(p);
    if (checking())
      if (const auto by_flint = factor_rational(p, true); by_flint && !by_flint->is_equal(answer))
        throw std::logic_error("factor_remembered: FLINT factors " + detail::str(p) + " otherwise than as " + detail::str(answer));
    return answer;
  });
}

// p's factorisation, or −p's negated where only that is remembered (a sixth of the display pass's
// factorisations were of a polynomial whose negative was factored before). Only for factored_with:
// FLINT factors a polynomial into primitive factors with a positive leading coefficient, so −p's are
// p's with the number negated (a number times one factor may come multiplied out: that factor then
// differs by its sign); factored_with reads the factors up to sign and their numbers' product, so its
// answer is the same (checked there under HAMEL_CHECK_DISPLAY).
ex factor_up_to_sign(const ex& p) {
  ExMemo& memo = factor_memo();
  if (is_sum(p) && memo.find(p) == memo.end())
    if (const auto it = memo.find(-p); it != memo.end() && degrees_of(p)) return -it->second;  // a polynomial: FLINT's
  return factor_remembered(p);
}

// The factorisation f of p, each irreducible factor in the form `best_of` picks for it.
template <class Best>
ex from_factors(const ex& f, const Polynomial& P, const Best& best_of) {
  int sign = 1;
  ex constant = 1;
  std::vector<std::pair<ex, ex>> factors;  // (base with its first printed term positive, power)
  for (const ex& x : is_product(f) ? terms_of_product(f) : std::vector<ex>{f}) {
    const ex base = is_power_node(x) ? x.op(0) : x, power = is_power_node(x) ? x.op(1) : ex(1);
    if (is_number(base)) {
      constant *= GiNaC::pow(base, power);
      continue;
    }
    int s = 1;
    const ex y = with_positive_lead(base, s, P);
    const bool odd = is_number(power) && ex_to<GiNaC::numeric>(power).is_odd();
    if (s < 0 && odd) sign = -sign;
    factors.emplace_back(y, power);
  }
  // The sign stays in front: the printer gives it to a sum factor, (b − a) rather than −(a − b)
  // (core/printing.cpp, take_sign).
  GiNaC::exvector v{constant};
  for (const auto& [y, power] : factors) v.push_back(GiNaC::pow(best_of(y), power));
  return sign * GiNaC::mul(v);
}

// p factored, each irreducible factor in the form `best_of` picks for it.
template <class Best>
ex factored_with(const ex& p, const Polynomial& P, const Best& best_of) {
  if (term_count(p) > kMaxFlintFactorTerms) return p;
  const ex r = from_factors(factor_up_to_sign(p), P, best_of);
  if (checking() && !r.is_equal(from_factors(factored_over_q(p), P, best_of)))
    throw std::logic_error("factored up to sign otherwise than factored: " + detail::str(p));
  return r;
}

// Each irreducible factor in its own best form; a factor found in cosines is also tried back in
// sines: I3 + m R² sin²θ, not I3 + m R² (1 − cos²θ).
ex factored(const ex& p, const Polynomial& P) {
  return factored_with(p, P, [&](const ex& y) {
    const ex s = on_circle(y, P);
    return smallest({y, group(recover_cos(y, P), P), group(y, P), group(s, P)}, P);
  });
}

// The factors as found, or back in sines where shorter, not grouped (grouping calls this): the
// solid of revolution's f1 sin²θ + f2 cos θ, which factoring in cosines finds as f1 cos²θ − f1 − f2 cos θ.
ex factored_on_circle(const ex& p, const Polynomial& P) {
  return factored_with(p, P, [&](const ex& y) { return smallest({y, on_circle(y, P)}, P); });
}

// The best form of a polynomial with no collection. A function of p alone (the atoms' symbols are the
// same in every call, circle pairs p does not use change nothing), so remembered: the entries of a
// derivation share their denominators and many coefficients.
ex best_polynomial_uncached(const ex& e, const Polynomial& P);

ex best_searched(const ex& p, const Polynomial& P) {
  thread_local ExMemo cache;
  const ex e = p.expand();
  return remembered(cache, e, 4096, [&] { return best_polynomial_uncached(e, P); });
}

// e (expanded, a sum) divided by outside = Π syms^k · content, each term divided where it is read off
// its stored pairs: (e / outside).expand() is a division and an expansion of the quotient.
ex divided_outside(const ex& e, const std::vector<ex>& syms, const std::vector<int>& k, const GiNaC::numeric& content, const ex& outside) {
  const auto q = divided_exactly(e, syms, k, content);
  if (checking() && q && !q->is_equal((e / outside).expand()))
    throw std::logic_error("divided_exactly: " + detail::str(e) + " over " + detail::str(outside) + " is not " + detail::str(*q));
  return q ? *q : (e / outside).expand();
}

// e (expanded, a sum of `terms`) as sign · outside · inside: the number and the monomial common to its
// terms outside, the sum inside with its first printed term positive.
struct PulledOut {
  ex outside;
  int sign = 1;
  ex inside;
};
PulledOut pulled_out(const ex& e, const std::vector<ex>& terms, const Polynomial& P) {
  const std::vector<ex> syms = symbols_of(e, P);
  const std::vector<int> k = common_exponents(terms, syms);
  const GiNaC::numeric content = e.integer_content();
  PulledOut o{content, 1, 0};
  for (std::size_t v = 0; v < syms.size(); ++v)
    if (k[v] > 0) o.outside *= GiNaC::pow(syms[v], k[v]);
  o.inside = with_positive_lead(o.outside.is_equal(1) ? e : divided_outside(e, syms, k, content, o.outside), o.sign, P);
  return o;
}

// A monomial and a number common to every term stand outside, the sum inside with its first printed
// term positive: m R² (…), −(…) and (…)·π1 sin θ are one search, not three (two thirds of the
// polynomials the search met in the examples were such multiples of another). The greedy grouping of
// the whole is still compared: pulling a larger monomial out of some terms can beat the common one
// (R·(…)(…) sin φ − R³ m (…) beside R (I1 I2 I3 sin φ + …)).
ex best_polynomial(const ex& p, const Polynomial& P) {
  const ex e = expanded_checked(p);
  const std::vector<ex> terms = terms_of(e);
  if (terms.size() < 2) return e;
  const PulledOut o = pulled_out(e, terms, P);
  // a number alone outside changes no grouping (it only multiplies the terms), so nothing to compare
  if (is_number(o.outside)) return o.sign * o.outside * best_searched(o.inside, P);
  return smallest({o.sign * o.outside * best_searched(o.inside, P), group(e, P)}, P);
}

bool reducible(const ex& p);

// The circle pairs (s, c) with both symbols among `syms`, as their indices there.
std::vector<std::pair<std::size_t, std::size_t>> circle_slots(const std::vector<ex>& syms, const Polynomial& P) {
  const auto slot = [&](const ex& x) {
    const auto it = std::find_if(syms.begin(), syms.end(), [&](const ex& y) { return y.is_equal(x); });
    return static_cast<std::size_t>(it - syms.begin());
  };
  std::vector<std::pair<std::size_t, std::size_t>> slots;
  for (const auto& pair : P.circle)
    if (const std::size_t s = slot(pair.first), c = slot(pair.second); s < syms.size() && c < syms.size()) slots.emplace_back(s, c);
  return slots;
}

// e's lift to forms homogeneous in each angle's sine and cosine (core/circle_lift.hpp), where some
// term of e holds both: nullopt otherwise, where the lift changes nothing, or where e or its lift has
// more terms than FLINT factors here.
std::optional<ex> lifted_on_circles(const ex& e, const Polynomial& P) {
  if (term_count(e) > kMaxFlintFactorTerms) return std::nullopt;  // factored only up to that size
  const std::vector<ex> syms = symbols_of(e, P);
  const auto slots = circle_slots(syms, P);
  if (slots.empty()) return std::nullopt;
  const auto sparse = to_sparse(e, syms);
  if (!sparse || !has_mixed_term(*sparse, slots)) return std::nullopt;
  const auto h = homogeneous_on_circles(*sparse, slots);
  if (!h || term_count(*h) > kMaxFlintFactorTerms) return std::nullopt;
  return to_ginac(*h, syms);
}

// The monomials of p with t·s² + t·c² → t wherever both terms occur, for each circle pair; nullopt
// where nothing changes or p is not a polynomial in `syms`.
std::optional<ex> unit_circles_in(const ex& p, const std::vector<ex>& syms, const Polynomial& P) {
  const auto slots = circle_slots(syms, P);
  auto sparse = slots.empty() ? std::nullopt : to_sparse(p, syms);
  if (!sparse) return std::nullopt;
  bool changed = false;
  for (const auto& [s, c] : slots) {
    std::map<std::vector<int>, GiNaC::numeric> terms;
    for (const auto& t : sparse->terms) terms.emplace(t.exponents, t.coefficient);
    std::vector<SparsePolynomial::Term> out;
    for (auto it = terms.begin(); it != terms.end(); ++it) {
      if (it->second.is_zero() || it->first[s] < 2) continue;
      std::vector<int> partner = it->first;
      partner[s] -= 2;
      partner[c] += 2;
      const auto other = terms.find(partner);
      if (other == terms.end() || other->second != it->second) continue;
      std::vector<int> unit = it->first;
      unit[s] -= 2;
      out.push_back({unit, it->second});
      it->second = 0, other->second = 0, changed = true;
    }
    for (const auto& [exponents, coefficient] : terms)
      if (!coefficient.is_zero()) out.push_back({exponents, coefficient});
    *sparse = SparsePolynomial(sparse->variables, std::move(out));
  }
  if (!changed) return std::nullopt;
  return to_ginac(*sparse, syms);
}

// g (a form of a lift) with the s² + c² among its terms read back as 1: 4 k² (x c + y s)² + s² + c²
// is 4 k² (x c + y s)² + 1 on the circle. Terms that are not monomials (the brackets grouping made)
// stay as they are.
ex unit_circles_contracted(const ex& g, const Polynomial& P) {
  if (!is_sum(g)) return g;
  GiNaC::exvector monomials, others;
  for (const ex& t : terms_of(g)) (to_sparse(t, symbols_of(t, P)) ? monomials : others).push_back(t);
  const ex sum = GiNaC::add(monomials);
  const auto contracted = unit_circles_in(sum, symbols_of(sum, P), P);
  if (!contracted) return g;
  others.push_back(*contracted);
  return GiNaC::add(others);
}

// The lift h of a polynomial factored, each factor in its best form with s² + c² read as 1 where
// that is shorter: (4 k² (x cos φ + y sin φ)² + 1)², where the reduced form (14 terms) does not factor.
ex factored_lifted(const ex& h, const Polynomial& P) {
  return factored_with(h, P, [&](const ex& y) {
    const ex g = group(y, P);
    return smallest({y, g, unit_circles_contracted(g, P), group(unit_circles_contracted(y, P), P), group(on_circle(y, P), P)}, P);
  });
}

// e's terms split into sums that share no symbol (a term without symbols alone), in the order of
// their first terms: x0² − 2 x0 x1 + x1² + y0² − 2 y0 y1 + y1² is two such sums, each a square; none
// where e is one such sum or one of them is a single term.
std::vector<ex> independent_parts(const ex& e, const Polynomial& P) {
  const std::vector<ex> terms = terms_of(e);
  const std::vector<ex> syms = symbols_of(e, P);
  if (terms.size() < 2 || syms.size() < 2) return {};
  std::vector<std::size_t> root(syms.size());
  for (std::size_t k = 0; k < root.size(); ++k) root[k] = k;
  const auto find = [&](std::size_t k) {
    while (root[k] != k) k = root[k] = root[root[k]];
    return k;
  };
  std::vector<std::vector<int>> exps;
  for (const ex& t : terms) {
    exps.push_back(exponents_in(t, syms));
    std::optional<std::size_t> first;
    for (std::size_t k = 0; k < syms.size(); ++k)
      if (exps.back()[k] > 0) {
        if (first) root[find(k)] = find(*first);
        else first = k;
      }
  }
  std::vector<std::size_t> part_of;  // the root of each part, in order of first appearance
  std::vector<GiNaC::exvector> parts;
  for (std::size_t t = 0; t < terms.size(); ++t) {
    const auto k = std::find_if(exps[t].begin(), exps[t].end(), [](int d) { return d > 0; });
    const std::size_t key = k == exps[t].end() ? syms.size() : find(static_cast<std::size_t>(k - exps[t].begin()));
    const auto i = static_cast<std::size_t>(std::find(part_of.begin(), part_of.end(), key) - part_of.begin());
    if (i == part_of.size()) part_of.push_back(key), parts.emplace_back();
    parts[i].push_back(terms[t]);
  }
  // a lone term beside the rest is what grouping the whole already weighs (a monomial pulled out of
  // the rest): only sums of two terms or more are split apart
  if (parts.size() < 2 || std::any_of(parts.begin(), parts.end(), [](const GiNaC::exvector& p) { return p.size() < 2; })) return {};
  std::vector<ex> out;
  for (const auto& p : parts) out.push_back(GiNaC::add(p));
  return out;
}

// The sums of e with no symbol in common, each in its own best form, where that is shorter than `best`
// with and without a minus in front (a sign the fraction around it takes over is not a saving): a
// discrete Lagrangian's (x0 − x1)² + (y0 − y1)², which neither grouping nor factoring the whole finds.
ex shorter_in_parts(const ex& e, const ex& best, const Polynomial& P) {
  const std::vector<ex> parts = independent_parts(e, P);
  if (parts.empty()) return best;
  GiNaC::exvector shown;
  for (const ex& part : parts) shown.push_back(best_polynomial(part, P));
  const ex sum = GiNaC::add(shown);
  return size_at_least(sum, P) < size_at_least(best, P) && size_of(sum, P) < size_of(best, P) ? sum : best;
}

ex best_polynomial_uncached(const ex& e, const Polynomial& P) {  // e expanded
  const ex r = recover_cos(e, P);
  std::vector<ex> candidates{e, group(e, P), factored(e, P)};
  if (!r.is_equal(e)) candidates.insert(candidates.end(), {group(r, P), factored(r, P)});
  // only a lift that factors: an irreducible one rarely reads shorter than the reduced forms above,
  // and trying them cost a twentieth of the Chaplygin ball's pass (denominators try them: best_denominator)
  if (const auto h = lifted_on_circles(e, P); h && reducible(*h)) candidates.push_back(factored_lifted(*h, P));
  ex best = smallest(candidates, P);
  // written in cosines only where that is shorter: on a tie the sines of the canonical form stay,
  // I3 + (I1 − I3) sin²θ in 004 (6.7)'s K, not I1 + (I3 − I1) cos²θ
  if (const ex k = in_cosines(e, P); !k.is_equal(e) && !k.is_equal(r))
    if (const ex in_cos = smallest({k, group(k, P), factored(k, P)}, P); size_of(in_cos, P) < size_of(best, P)) best = in_cos;
  return shorter_in_parts(e, best, P);
}


// A denominator, also in the forms of its lift whether that factors or not: the recurring denominators
// are named from these (the skate's K = 4k²(x cos φ + y sin φ)² + 1, which grouping the reduced form
// writes 4k²(x (x cos φ + 2y sin φ) cos φ + y² sin²φ) + 1); they are few beside the numerators' coefficients.
ex best_denominator(const ex& p, const Polynomial& P) {
  const ex best = best_polynomial(p, P);
  const auto h = lifted_on_circles(expanded_checked(p), P);
  return h ? smallest({best, factored_lifted(*h, P)}, P) : best;
}

bool has_any(const ex& p, const GiNaC::lst& vars) {
  return std::any_of(vars.begin(), vars.end(), [&](const ex& v) { return p.has(v); });
}

// The monomials in vars of the expanded p (divided by the monomial g of the other symbols first) with
// their coefficients, in a fixed order; read off p's stored terms, or, where a term does not show g's
// powers as its own factors, off (p/g).expand()'s.
std::vector<MonomialPart> by_monomial_in(const ex& p, const GiNaC::lst& vars, const ex& g = 1, bool with_terms = false) {
  if (auto parts = collected_in(p, vars, g, with_terms)) return std::move(*parts);
  return *collected_in((p / g).expand(), vars, 1, with_terms);
}

// Σ coefficient · monomial in `vars`, each coefficient in its best form, a common monomial of the
// other symbols pulled out first: m·R²·(π1·(…) + π3·(…)).
ex collected(const ex& p, const GiNaC::lst& vars, const Polynomial& P, bool plain = false) {
  const ex e = expanded_checked(p);
  std::vector<ex> others;
  for (const ex& s : symbols_of(e, P))
    if (!is_power_of(s, vars)) others.push_back(s);
  const ex g = common_monomial(terms_of(e), others);
  GiNaC::exvector out;
  for (const MonomialPart& part : by_monomial_in(e, vars, g))
    out.push_back((plain ? group(part.coefficient, P) : best_polynomial(part.coefficient, P)) * part.monomial);
  return g * GiNaC::add(out);
}

// The expanded numerator's parts by monomial in `vars` (by_monomial_in, with their terms), read once
// for divisible_part and per_monomial, which ask for the same numerator's.
class NumeratorParts {
 public:
  explicit NumeratorParts(const GiNaC::lst& vars) : vars_(vars) {}
  const std::vector<MonomialPart>& operator()(const ex& num) {
    if (!parts_ || !num.is_equal(num_)) num_ = num, parts_ = by_monomial_in(num.expand(), vars_, 1, true);
    return *parts_;
  }

 private:
  const GiNaC::lst& vars_;
  ex num_;
  std::optional<std::vector<MonomialPart>> parts_;
};

// N/D as Σ (c_k m_k)/D over the monomials m_k in `vars`, each c_k/D cancelled by their gcd, each
// denominator signed as the printer writes a sum factor (a plus first); nullopt when D is a monomial
// (the term-by-term split does that), there is one monomial, or no coefficient shares a factor with D.
// Whether p factors (over Q, FLINT's factoring, remembered): a power, a number times a power, or a
// product of two non-numbers.
bool reducible(const ex& p) {
  const ex f = factor_remembered(p);
  if (is_power_node(f)) return true;
  if (!is_product(f)) return false;
  // −(x + y)² is −1·(x + y)²: one factor that is not a number, but a power
  if (std::any_of(f.begin(), f.end(), [](const ex& x) { return is_power_node(x) && !is_number(x.op(0)); })) return true;
  return std::count_if(f.begin(), f.end(), [](const ex& x) { return !is_number(x); }) >= 2;
}

std::optional<std::vector<std::pair<ex, ex>>> per_monomial(const ex& num, const ex& den, const GiNaC::lst& vars, NumeratorParts& parts_of_num) {
  const ex den_e = den.expand();
  if (vars.nops() == 0 || term_count(den_e) < 2) return std::nullopt;
  // an irreducible D shares a factor with a coefficient only by dividing it: divisible_part's case
  if (!reducible(den)) return std::nullopt;
  const auto& monomials = parts_of_num(num);
  if (monomials.size() < 2) return std::nullopt;
  const auto degree_of = [](const ex& p, const ex& v) {
    int d = 0;
    for (const ex& t : terms_of(p)) d = std::max(d, degree_in(t, v));
    return d;
  };
  // D's irreducible factors, each with its degree in each of its symbols: a coefficient shares a
  // factor with D only if it has at least one factor's degree in each of that factor's symbols (most
  // have not, and need no gcd)...
  struct DenFactor {
    std::vector<std::pair<ex, int>> degrees;
    std::optional<SparsePolynomial> sparse;  // over Q in `symbols`, where it is such a polynomial
  };
  GiNaC::exset in_nd;
  symbols_of_terms(num, in_nd);
  symbols_of_terms(den_e, in_nd);
  const std::vector<ex> symbols(in_nd.begin(), in_nd.end());
  std::vector<DenFactor> den_factors;
  const ex fd = factor_remembered(den);
  for (const ex& x : is_product(fd) ? terms_of_product(fd) : std::vector<ex>{fd}) {
    const ex base = is_power_node(x) ? x.op(0) : x;
    if (is_number(base)) continue;
    GiNaC::exset in_f;
    symbols_of_terms(base, in_f);
    std::vector<std::pair<ex, int>> degrees;
    for (const ex& v : in_f) degrees.emplace_back(v, degree_of(base, v));
    den_factors.push_back({std::move(degrees), to_sparse(base.expand(), symbols)});
  }
  // ... and then only if one of them divides it (most that pass the degrees are divided by none):
  // exact division on exponent vectors, a fraction of reading both into FLINT for the gcd
  const auto may_share = [&](const ex& coeff) {
    const auto known = degrees_of(coeff);  // every degree in one walk, where coeff is a polynomial
    const auto degree = [&](const ex& v) {
      if (!known) return degree_of(coeff, v);
      const auto it = known->find(v);
      return it == known->end() ? 0 : it->second;
    };
    std::optional<std::optional<SparsePolynomial>> sparse;  // read once, where asked
    return std::any_of(den_factors.begin(), den_factors.end(), [&](const DenFactor& f) {
      if (!std::all_of(f.degrees.begin(), f.degrees.end(), [&](const std::pair<ex, int>& v) { return degree(v.first) >= v.second; }))
        return false;
      if (!sparse) sparse = to_sparse(coeff, symbols);
      return !*sparse || !f.sparse || is_multiple_of(**sparse, *f.sparse);
    });
  };
  // signed once: the parts that cancel nothing keep D and their own terms of N
  const bool flip = leads_with_minus(den_e);
  const ex den_shown = flip ? (-den_e).expand() : den_e;
  std::vector<std::pair<ex, ex>> out;
  bool cancelled = false;
  for (const MonomialPart& part : monomials) {
    // FLINT's gcd (core/rational_function.hpp): GiNaC's took a fifth of the pass here. Only a factor
    // that is not a number counts (FLINT also takes out the integer content).
    const auto f = may_share(part.coefficient) ? cancelled_fraction(part.coefficient / den, {}) : std::nullopt;
    if (!f || numeric_multiple(den, f->denominator)) {
      out.emplace_back(flip ? (-part.terms).expand() : part.terms, den_shown);
      continue;
    }
    cancelled = true;
    ex n = f->numerator, d = f->denominator;
    if (leads_with_minus(d.expand())) n = -n, d = -d;
    out.emplace_back((n * part.monomial).expand(), d.expand());
  }
  if (!cancelled) return std::nullopt;
  return out;
}

// N = Q·D + R, Q gathering the monomials in `vars` whose coefficient D divides: the potential of a
// Hamiltonian, which a person writes beside the kinetic energy's fraction (H = T/D + V(θ)), not
// multiplied by D inside it. Exact division (on the circle representatives, then in cosines), so no
// identity to check. nullopt when no coefficient, or every one, is divisible.
struct DivisiblePart {
  ex quotient, rest;
};
std::optional<DivisiblePart> divisible_part(const ex& num, const ex& den, const GiNaC::lst& vars, const Polynomial& P, NumeratorParts& parts_of_num) {
  if (vars.nops() == 0 || is_number(den)) return std::nullopt;
  DivisiblePart out{0, 0};
  bool some = false, all = true;
  for (const MonomialPart& part : parts_of_num(num)) {
    const ex &mono = part.monomial, &coeff = part.coefficient;
    ex q;
    const bool divides = divide_by_degrees(coeff, den, q) ||
                         (divide_by_degrees(in_cosines(coeff, P), in_cosines(den, P), q) && ((q = on_circle(q, P)), true));
    (divides ? out.quotient : out.rest) += (divides ? q : coeff) * mono;
    some = some || divides;
    all = all && divides;
  }
  if (!some || all) return std::nullopt;
  return out;
}

// Values larger than this (tree nodes) are shown without any rewriting (display_form).
constexpr std::size_t kMaxDisplayedNodes = 50000;

// Whether a term divides by something that is not a number (a negative integer power; roots are
// atoms of the canonical form), read off its tree (GiNaC's denom() would normalise it).
bool has_denominator(const ex& t) {
  if (is_power_node(t))
    return is_number(t.op(1)) && ex_to<GiNaC::numeric>(t.op(1)).is_negative() &&
           ex_to<GiNaC::numeric>(t.op(1)).is_integer() && !is_number(t.op(0));
  if (is_product(t)) return std::any_of(t.begin(), t.end(), [](const ex& f) { return has_denominator(f); });
  return false;
}

// A canonical form is one fraction N/D; a sum with denominators in its terms is a value whose
// canonical form was refused as too large (core/rational_function.hpp), as derived.
bool one_fraction(const ex& e) {
  return !is_sum(e) || std::none_of(e.begin(), e.end(), [](const ex& t) { return has_denominator(t); });
}

// A numerator too large for the search: collected in `vars` (when it has them), each coefficient grouped.
constexpr std::size_t kMaxShapedTerms = 200;
ex plain_numerator(const ex& p, const GiNaC::lst& vars, const Polynomial& P) {
  return has_any(p, vars) ? collected(p, vars, P, true) : group(p, P);
}

ex best_numerator(const ex& p, const GiNaC::lst& vars, const Polynomial& P) {
  if (!has_any(p, vars)) return best_polynomial(p, P);
  const ex c = collected(p, vars, P);
  if (term_count(p.expand()) > kMaxFlintFactorTerms) return c;
  const ex b = best_polynomial(p, P);
  return smallest({c, b}, P);
}

// The least common multiple of two numbers times monomials: each symbol to its highest power (GiNaC's
// lcm of whole denominators, a gcd of large polynomials, took a third of the Chaplygin ball's pass).
ex monomial_lcm(const ex& a, const ex& b) {
  std::map<ex, GiNaC::numeric, GiNaC::ex_is_less> power;
  GiNaC::numeric number = 1;
  for (const ex& m : {a, b}) {
    GiNaC::numeric n = 1;
    for (const ex& f : is_product(m) ? terms_of_product(m) : std::vector<ex>{m}) {
      if (is_number(f)) n *= ex_to<GiNaC::numeric>(f);
      else if (is_power_node(f)) power[f.op(0)] = std::max(power[f.op(0)], ex_to<GiNaC::numeric>(f.op(1)));
      else power[f] = std::max(power[f], GiNaC::numeric(1));
    }
    number = GiNaC::lcm(number, GiNaC::abs(n));
  }
  ex out = number;
  for (const auto& [x, k] : power) out *= GiNaC::pow(x, k);
  return out;
}

// Parts d_k = outside_k · sum (pulled_out) with one sum, over L = outside · sum, outside the lcm of the
// outside_k: each part's index with L/d_k, a number times a monomial.
struct DenominatorGroup {
  ex sum, outside;
  std::vector<std::pair<std::size_t, ex>> parts;
};

// The per-monomial parts by the sum in their denominators (K of 2K, K and 2 J0 K; 1 of 4 J1: d less its
// number and the monomial common to its terms, a plus first; factoring each d would cost FLINT's time,
// and past 10 terms is not tried), in the parts' order.
std::vector<DenominatorGroup> by_denominator_sum(const std::vector<std::pair<ex, ex>>& parts, const Polynomial& P) {
  std::vector<DenominatorGroup> groups;
  std::vector<ex> outsides;  // d_k's, each with its sign
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const ex d = parts[k].second.expand();
    ex sum = 1;
    outsides.push_back(d);
    if (is_sum(d)) {
      const PulledOut o = pulled_out(d, terms_of(d), P);
      sum = o.inside, outsides.back() = o.sign * o.outside;
    }
    const auto it = std::find_if(groups.begin(), groups.end(), [&](const DenominatorGroup& g) { return g.sum.is_equal(sum); });
    if (it == groups.end()) groups.push_back({sum, outsides.back(), {{k, 1}}});
    else it->outside = monomial_lcm(it->outside, outsides.back()), it->parts.emplace_back(k, 1);
  }
  for (DenominatorGroup& g : groups)
    for (auto& [k, q] : g.parts) q = g.outside / outsides[k];
  return groups;
}

// The per-monomial fractions (per_monomial) each in its best form, the sum in the atoms; and, where
// parts share the sum in their denominators, the same with each such group over one denominator, so
// only the monomials that cancel a sum factor of D stand apart (the snakeboard's H_c = (…)/(2 J0 K) +
// π2²/(4 J1), not J0 K π2² inside (…)/(4 J0 J1 K)). None where there are no parts or a part's form fails
// its check (`equal`, display_form's); the first alone where a group's does.
ex common_factor_out(const ex& sum);

template <class Equal>
std::vector<ex> per_monomial_forms(const ex& num_signed, const ex& den_signed, const GiNaC::lst& vars, Polynomial& P, const Equal& equal,
                                   NumeratorParts& parts_of_num) {
  const auto parts = per_monomial(num_signed, den_signed, vars, parts_of_num);
  if (!parts) return {};
  // the parts that cancel nothing share D: shown and checked once while P's angles stay as they are
  WhileAnglesStay<std::pair<ex, bool>> shown_below(P);
  const auto below = [&](const ex& d) {
    return shown_below(d, [&] {
      const ex shown = best_denominator(contract_angle_sums(d, P), P);
      return std::pair<ex, bool>{shown, equal(shown, d)};
    });
  };
  // each part's numerator in its best form (checked), kept for the groups below
  std::vector<ex> shown_n;
  ex sum = 0;
  for (const auto& [n, d] : *parts) {
    shown_n.push_back(best_numerator(contract_angle_sums(n, P), vars, P));
    const auto [shown_d, same_d] = below(d);
    if (!equal(shown_n.back(), n) || !same_d) return {};
    sum += shown_n.back() / shown_d;
  }
  std::vector<ex> out{with_atoms(sum, P)};
  const std::vector<DenominatorGroup> groups = by_denominator_sum(*parts, P);
  if (groups.size() == parts->size() || groups.size() < 2) return out;
  // a group's numerator is Σ (L/d_k)·n_k with each n_k as shown above, not searched again (searching
  // it cost a third more of the Chaplygin ball's pass)
  ex grouped = 0;
  for (const DenominatorGroup& g : groups) {
    ex n = 0, shown = 0;
    for (const auto& [k, q] : g.parts) {
      n += q * (*parts)[k].first;
      shown += q * shown_n[k];
    }
    const ex L = (g.outside * g.sum).expand();
    const auto [shown_d, same_d] = below(L);
    if (!equal(shown, n.expand()) || !same_d) return out;
    grouped += common_factor_out(shown) / shown_d;  // R cos φ of each part once
  }
  out.push_back(with_atoms(grouped, P));
  return out;
}

// Σ t_i / D with each fraction reduced: p_x²/(2m) + p_y²/(2m) + M·g·h instead of one fraction over
// 2·I·M·m (what SymPy's simplify prints, and a person). Exact algebra, no identity to check; each
// reduced denominator gets its first printed term positive, so the form is the same in every run.
constexpr std::size_t kMaxSplitTerms = 30;

// Only over a monomial D: over a sum, every term would carry the whole sum again.
std::optional<ex> split_fraction(const ex& num, const ex& den, const Polynomial& P) {
  const std::vector<ex> den_terms = terms_of(den.expand());
  if (is_number(den) || den_terms.size() != 1) return std::nullopt;
  // in stored order, not printed to be ordered: the sum below is the same in any order
  const std::vector<ex> terms = terms_of(num);
  if (terms.size() < 2 || terms.size() > kMaxSplitTerms) return std::nullopt;
  const std::vector<ex> syms = symbols_of(den, P);
  const GiNaC::numeric content = den.integer_content();
  const ex den_monomial = common_monomial(den_terms, syms);
  ex sum = 0;
  for (const ex& t : terms) {
    // a term is a monomial: its gcd with D is the common monomial and the integer contents' gcd
    const ex c = t.integer_content();
    ex common = 1;
    for (const ex& v : syms) common *= GiNaC::pow(v, std::min(degree_in(t, v), degree_in(den_monomial, v)));
    const ex g = common * GiNaC::gcd(ex_to<GiNaC::numeric>(c), content);
    ex n = 0, d = 0;
    if (!GiNaC::divide(t, g, n) || !GiNaC::divide(den, g, d)) return std::nullopt;
    int sign = 1;
    d = with_positive_lead(d, sign, P);
    sum += (sign < 0 ? -n : n) / best_polynomial(d, P);
  }
  return sum;
}

// polynomial_in_atoms on the table's index (P.atoms is the table or a copy of it, grown only by
// adding). With HAMEL_CHECK_DISPLAY, also GiNaC's to_polynomial on a copy of the map: the same atoms
// added, and the same polynomial once its new symbols are renamed to ours.
ex in_atom_symbols(const ex& e, GiNaC::exmap& atoms) {
  if (!checking()) return polynomial_in_atoms(e, atoms, atom_table().index);
  const GiNaC::exmap before = atoms;
  const ex ours = polynomial_in_atoms(e, atoms, atom_table().index);
  GiNaC::exmap theirs = before;
  const ex expected = e.to_polynomial(theirs);
  GiNaC::exmap rename;  // theirs ↦ ours, by atom
  for (const auto& [sym, atom] : theirs)
    if (!before.count(sym))
      for (const auto& [mine, a] : atoms)
        if (!before.count(mine) && a.is_equal(atom)) rename[sym] = mine;
  const bool same = atoms.size() == theirs.size() && rename.size() + before.size() == atoms.size();
  if (!same || !expected.subs(rename, GiNaC::subs_options::no_pattern).is_equal(ours))
    throw std::logic_error("polynomial_in_atoms otherwise than GiNaC's to_polynomial: " + detail::str(e));
  return ours;
}

// N/(√R·D) with R | N (on the circles) is q·√R/D, and N·√R/(R·D) is N/(√R·D): a radicand that
// divides the other side is cancelled against its root ((a² sin²θ + c² cos²θ)/√(a² sin²θ + c² cos²θ)
// of the ellipsoid's frame). Exact division, so no identity to check. num and den are polynomials in
// the atoms of P (which R's atoms may extend; find_circle is run again after).
void cancel_roots(ex& num, ex& den, Polynomial& P) {
  std::vector<std::pair<ex, ex>> roots;  // (w, R) with w = √R
  for (const auto& [w, atom] : P.atoms)
    if (is_power_node(atom) && atom.op(1).is_equal(GiNaC::numeric(1, 2))) roots.emplace_back(w, atom.op(0));
  if (roots.empty()) return;
  std::sort(roots.begin(), roots.end(), [&](const auto& a, const auto& b) { return key_of(a.first, P) < key_of(b.first, P); });
  for (const auto& [w, radicand] : roots) {
    const bool below = den.degree(w) >= 1 && num.degree(w) == 0;
    const bool above = num.degree(w) >= 1 && den.degree(w) == 0;
    if (!below && !above) continue;
    const ex R = in_atom_symbols(radicand, P.atoms);
    find_circle(P);
    const ex& side = below ? num : den;  // the side R must divide
    const ex& other = below ? den : num;
    ex q, rest;
    if (!GiNaC::divide(on_circle(side, P), on_circle(R, P), q) || !GiNaC::divide(other, w, rest)) continue;
    // below: N/(w·D') = q·w/D'; above: w·N'/(R·D) = N'/(w·D)
    if (below) num = (q * w).expand(), den = rest;
    else num = rest, den = (q * w).expand();
  }
}

}  // namespace

namespace {

// cosᵏx (or sinᵏx) dividing N and D on the circle though not as polynomials: the canonical form's gcd
// works on representatives reduced modulo c² = 1 − s², where c·(c A + B) is (1 − s²) A + c B, which c
// no longer divides. Written in cosines (in sines) the factor shows, and both sides are divided by it
// (the polar ellipse's impact law r_dot^+ had cos θ above and below). Exact division, as any gcd.
void cancel_on_circle(ex& num, ex& den, const Polynomial& P) {
  GiNaC::exset in_num, in_den;  // a pair missing from either side has nothing to cancel
  symbols_of_terms(num, in_num);
  symbols_of_terms(den, in_den);
  for (const auto& [s, c] : P.circle)
    for (const bool cosines : {true, false}) {
      if (!(in_num.count(s) || in_num.count(c)) || !(in_den.count(s) || in_den.count(c))) continue;
      const ex top = cosines ? c : s;
      const ex n = cosines ? in_cosines(num, P) : on_circle(num, P), d = cosines ? in_cosines(den, P) : on_circle(den, P);
      const int k = std::min(degree_in(common_monomial(terms_of(n), {top}), top), degree_in(common_monomial(terms_of(d), {top}), top));
      if (k <= 0) continue;
      const ex f = GiNaC::pow(top, k);
      num = on_circle((n / f).expand(), P);
      den = on_circle((d / f).expand(), P);
    }
}


// Whether some product in e (where in_every_product looks) satisfies `test`.
template <class Test>
bool some_product(const ex& e, const Test& test) {
  if (is_sum(e)) return std::any_of(e.begin(), e.end(), [&](const ex& t) { return some_product(t, test); });
  if (is_power_node(e)) return some_product(e.op(0), test);
  if (!is_product(e)) return false;
  return test(e) || std::any_of(e.begin(), e.end(), [&](const ex& f) { return some_product(f, test); });
}

// e with `rewrite` applied to every product in it, the inner ones first; a subtree for which
// `unchanged` holds is kept as it stands (rewriting it would build the same tree again).
template <class Rewrite, class Unchanged>
ex in_every_product(const ex& e, const Rewrite& rewrite, const Unchanged& unchanged) {
  if (unchanged(e)) return e;
  // summed and multiplied once: += on a GiNaC sum copies it, quadratic in the terms
  GiNaC::exvector parts;
  if (is_sum(e)) {
    for (const ex& t : e) parts.push_back(in_every_product(t, rewrite, unchanged));
    return GiNaC::add(parts);
  }
  if (is_power_node(e)) return GiNaC::pow(in_every_product(e.op(0), rewrite, unchanged), e.op(1));
  if (!is_product(e)) return e;
  for (const ex& f : e) parts.push_back(in_every_product(f, rewrite, unchanged));
  const ex out = GiNaC::mul(parts);
  return is_product(out) ? rewrite(out) : out;
}

// (base, integer exponent) of a factor f = base^k, or nullopt when the exponent is not an integer.
std::optional<std::pair<ex, GiNaC::numeric>> base_and_power(const ex& f) {
  if (!is_power_node(f)) return std::make_pair(f, GiNaC::numeric(1));
  if (!is_number(f.op(1)) || !ex_to<GiNaC::numeric>(f.op(1)).is_integer()) return std::nullopt;
  return std::make_pair(f.op(0), ex_to<GiNaC::numeric>(f.op(1)));
}

// cosᵏx/sinᵏx → 1/tanᵏx and sinᵏx/cosᵏx → tanᵏx in a product (SymPy's I3 R² m/(K tan θ)): an exact
// identity where both sides are defined; unequal powers stay as they are (sin²x/cos x, not sin x·tan x).
ex tangents_in_product(const ex& m) {
  std::map<ex, std::pair<GiNaC::numeric, GiNaC::numeric>, GiNaC::ex_is_less> powers;  // arg ↦ (sin, cos) exponents
  ex rest = 1;
  for (const ex& f : m) {
    const auto bk = base_and_power(f);
    const bool is_sin = bk && GiNaC::is_the_function<GiNaC::sin_SERIAL>(bk->first);
    if (!is_sin && !(bk && GiNaC::is_the_function<GiNaC::cos_SERIAL>(bk->first))) {
      rest *= f;
      continue;
    }
    (is_sin ? powers[bk->first.op(0)].first : powers[bk->first.op(0)].second) += bk->second;
  }
  for (const auto& [arg, sc] : powers) {
    const auto& [s, c] = sc;
    if (!s.is_zero() && s == -c) rest *= GiNaC::pow(GiNaC::tan(arg), s);
    else rest *= GiNaC::pow(GiNaC::sin(arg), s) * GiNaC::pow(GiNaC::cos(arg), c);
  }
  return rest;
}
// Whether tangents_in_product changes m: some sinᵏx/cosᵏx in it (it writes any other product again as it was).
bool has_tangent(const ex& m) {
  // sinᵏx/cosᵏx needs a sine or cosine below the line: most products have none, and need no table
  const auto trig_below = [](const ex& f) {
    return is_power_node(f) && is_number(f.op(1)) && ex_to<GiNaC::numeric>(f.op(1)).is_negative() &&
           is_sine_or_cosine(f.op(0));
  };
  if (std::none_of(m.begin(), m.end(), trig_below)) return false;
  std::map<ex, std::pair<GiNaC::numeric, GiNaC::numeric>, GiNaC::ex_is_less> powers;  // arg ↦ (sin, cos) exponents
  for (const ex& f : m) {
    const auto bk = base_and_power(f);
    if (bk && GiNaC::is_the_function<GiNaC::sin_SERIAL>(bk->first)) powers[bk->first.op(0)].first += bk->second;
    if (bk && GiNaC::is_the_function<GiNaC::cos_SERIAL>(bk->first)) powers[bk->first.op(0)].second += bk->second;
  }
  return std::any_of(powers.begin(), powers.end(), [](const auto& p) { return !p.second.first.is_zero() && p.second.first == -p.second.second; });
}
// Whether some sine or cosine stands below the line anywhere in e (through sums, products and
// powers' bases), read off GiNaC's stored pairs: a product needs one for has_tangent, and this walk
// builds no terms or factors (some_product's op(i) builds each again).
bool trig_below_somewhere(const ex& e) {
  const auto below = [&](const ex& base, const ex& k) {
    return is_number(k) && ex_to<GiNaC::numeric>(k).is_negative() && is_sine_or_cosine(base);
  };
  if (is_sum(e)) return any_operand(e, [](const ex& t) { return trig_below_somewhere(t); });
  if (is_product(e)) {
    bool found = false;
    for_each_power(e, [&](const ex& base, const ex& k) { found = found || below(base, k) || trig_below_somewhere(base); });
    return found;
  }
  if (is_power_node(e)) return below(e.op(0), e.op(1)) || trig_below_somewhere(e.op(0));
  return false;
}

// e itself (not rebuilt: a walk that finds nothing costs far less) where no product has a tangent
ex with_tangents(const ex& e) {
  // a term or factor with no sine or cosine below the line has no tangent: kept, not rebuilt (the
  // rebuilding of every product was 2.5–3.4% of the pass on routh_sphere and the ellipsoid)
  const auto unchanged = [](const ex& x) { return !trig_below_somewhere(x); };
  return trig_below_somewhere(e) && some_product(e, has_tangent) ? in_every_product(e, tangents_in_product, unchanged) : e;
}

// exp(a)ᵏ·exp(b)ˡ → exp(k a + l b) in a product: exp(c t/m)/exp(2 c t/m) is exp(−c t/m) (the canonical
// form keeps each exponential an atom of its own, and a term-by-term split leaves such quotients).
ex exponentials_in_product(const ex& m) {
  ex exponent = 0, rest = 1;
  int found = 0;
  for (const ex& f : m) {
    const auto bk = base_and_power(f);
    if (bk && GiNaC::is_the_function<GiNaC::exp_SERIAL>(bk->first)) {
      exponent += bk->second * bk->first.op(0);
      ++found;
    } else {
      rest *= f;
    }
  }
  return found < 2 ? m : rest * GiNaC::exp(exponent.expand());
}
bool has_exponentials(const ex& m) {  // whether exponentials_in_product changes m
  return std::count_if(m.begin(), m.end(), [](const ex& f) {
           const auto bk = base_and_power(f);
           return bk && GiNaC::is_the_function<GiNaC::exp_SERIAL>(bk->first);
         }) >= 2;
}
ex with_exponentials_combined(const ex& e) {
  return some_product(e, has_exponentials) ? in_every_product(e, exponentials_in_product, [](const ex&) { return false; }) : e;
}

// A fraction num/den with cosᵏx taken out of num and sinᵏx out of den (or the other way round), for
// the first angle x where both divide on the circle (num written in cosines to find cos x, in sines
// to find sin x); nullopt when there is none.
struct TangentSplit {
  ex above, below, num, den;  // num/den = (above·num)/(below·den) on the circle
};
std::optional<TangentSplit> tangent_factors(const ex& num, const ex& den, const Polynomial& P) {
  for (const auto& [sx, cx] : P.circle)
    for (const bool cos_above : {true, false}) {
      const ex top = cos_above ? cx : sx, bottom = cos_above ? sx : cx;
      const auto common_degree = [](const ex& p, const ex& x) { return degree_in(common_monomial(terms_of(p), {x}), x); };
      // the side on the circle first: rewriting the other in cosines costs more, and is needed only
      // where this side holds its factor in every term
      const ex reduced = on_circle(cos_above ? den : num, P);
      const int k_reduced = common_degree(reduced, cos_above ? bottom : top);
      if (k_reduced <= 0) continue;
      const ex in_cos = in_cosines(cos_above ? num : den, P);
      const ex n = cos_above ? in_cos : reduced, d = cos_above ? reduced : in_cos;
      const int k = std::min(k_reduced, common_degree(in_cos, cos_above ? top : bottom));
      if (k <= 0) continue;
      const ex above = GiNaC::pow(top, k), below = GiNaC::pow(bottom, k);
      return TangentSplit{above, below, on_circle((n / above).expand(), P), on_circle((d / below).expand(), P)};
    }
  return std::nullopt;
}

// N/D with every term of N and of D holding cos x or sin x once (x one angle), divided by cos x: the terms
// with cos x lose it, the others get tan x for sin x (SymPy's (10 π2 cos φ − … + 35 π3 tan θ)/(14 m r² tan θ)
// for the ball on the turntable's d/dt φ, where cos θ stood in all terms but one). nullopt when there
// is no such angle, or when N and D each hold only one of the two (tangent_factors does that case).
struct OverCosine {
  ex tan_x;                          // tan x, as an atom of the display
  ex num_c, num_s, den_c, den_s;     // N = c·num_c + s·num_s, D = c·den_c + s·den_s on the circle
};
std::optional<OverCosine> over_cosine(const ex& num, const ex& den, const Polynomial& P) {
  const auto split = [](const ex& p, const ex& s, const ex& c, ex& by_c, ex& by_s) {
    by_c = 0, by_s = 0;
    for (const ex& t : terms_of(p)) {  // one sine or cosine of x per term: no sin x tan x after the division
      const int dc = degree_in(t, c), ds = degree_in(t, s);
      if (dc + ds != 1) return false;
      if (dc == 1) by_c += t / c;
      else by_s += t / s;
    }
    by_c = by_c.expand(), by_s = by_s.expand();
    return true;
  };
  const ex n = on_circle(num, P), d = on_circle(den, P);
  for (const auto& [sx, cx] : P.circle) {
    OverCosine o;
    if (!split(n, sx, cx, o.num_c, o.num_s) || !split(d, sx, cx, o.den_c, o.den_s)) continue;
    const bool mixed = (!o.num_c.is_zero() && !o.num_s.is_zero()) || (!o.den_c.is_zero() && !o.den_s.is_zero());
    if (!mixed) continue;
    o.tan_x = GiNaC::tan(P.atoms.at(sx).op(0));
    return o;
  }
  return std::nullopt;
}

// A term's numeric coefficient and its other factors as base ↦ exponent.
using Powers = std::map<ex, GiNaC::numeric, GiNaC::ex_is_less>;
Powers powers_of_term(const ex& t, GiNaC::numeric& coefficient) {
  Powers here;
  coefficient = 1;
  for (const ex& f : is_product(t) ? terms_of_product(t) : std::vector<ex>{t}) {
    if (is_number(f)) coefficient *= ex_to<GiNaC::numeric>(f);
    else if (is_power_node(f) && is_number(f.op(1))) here[f.op(0)] += ex_to<GiNaC::numeric>(f.op(1));
    else here[f] += 1;
  }
  return here;
}

// Whether some base stands above the line in one term of the sum and below it in another
// (sin θ − 1/sin θ): a person writes such a sum over one denominator.
bool mixes_sides(const ex& sum) {
  std::map<ex, int, GiNaC::ex_is_less> side;  // base ↦ +1 above, −1 below
  for (const ex& t : sum) {
    GiNaC::numeric c;
    for (const auto& [base, k] : powers_of_term(t, c)) {
      const int here = k.is_positive() ? 1 : -1;
      const auto [it, fresh] = side.emplace(base, here);
      if (!fresh && it->second != here) return true;
    }
  }
  return false;
}

// A sum with the factor common to all its terms pulled out, powers of the same sign and the rational
// gcd of the coefficients: 2 (6/sin²θ − 5)/(3 R² m) rather than 4/(R² m sin²θ) − 10/(3 R² m), the
// rolling disk's G^22 split term by term. The sum itself when only a number is common (GiNaC would
// multiply it out again), when nothing is, or when what is left would mix sides (sin θ − 1/sin θ).
ex common_factor_out(const ex& sum) {
  if (!is_sum(sum)) return sum;
  Powers common;                         // base ↦ exponent common to every term
  GiNaC::numeric top = 0, bottom = 1;  // gcd of the numerators, lcm of the denominators
  bool first = true;
  for (const ex& t : sum) {
    GiNaC::numeric c;
    const Powers here = powers_of_term(t, c);
    if (!c.is_rational()) return sum;
    top = GiNaC::gcd(top, GiNaC::abs(c.numer()));
    bottom = GiNaC::lcm(bottom, c.denom());
    if (first) {
      common = here, first = false;
      continue;
    }
    for (auto it = common.begin(); it != common.end();) {
      const auto h = here.find(it->first);
      const bool keep = h != here.end() && h->second.is_integer() && it->second.is_integer() &&
                        h->second.is_positive() == it->second.is_positive();
      if (!keep) {
        it = common.erase(it);
        continue;
      }
      if (GiNaC::abs(h->second) < GiNaC::abs(it->second)) it->second = h->second;  // the power nearer 0
      ++it;
    }
    if (common.empty()) return sum;  // nothing common: the terms left cannot change that
  }
  if (common.empty()) return sum;
  ex g = top / bottom;
  for (const auto& [base, k] : common) g *= GiNaC::pow(base, k);
  ex inner = 0;
  for (const ex& t : sum) inner += t / g;
  return mixes_sides(inner) ? sum : g * inner;
}

// The form with the fewest printed operations, the first of them on a tie (the order is fixed).
// The operations of a whole printed form with a leading minus of a sum that has a plus left out: −a + b
// reads as b − a, one operation, as SymPy's count_ops has it (the term order decides which term comes
// first, not the reader). Only for the choice among whole forms: inside the search the printed count
// keeps x1 (1 − λ) ahead of −λ x1 + x1.
std::size_t whole_form_size(const ex& e) {
  // counted on the tree; printed only for a sum led by a minus, whose plus is looked for in the text
  const std::size_t counted = text_operations(e);
  if (checking() && counted != operations_in(detail::str(e)))
    throw std::logic_error("display size " + std::to_string(counted) + " counted, " + std::to_string(operations_in(detail::str(e))) +
                           " printed: " + detail::str(e));
  if (!is_sum(e) || !text_leads_with_minus(e)) return counted;
  const std::string t = detail::str(e);
  std::size_t n = operations_in(t);
  if (t.empty() || t.front() != '-') return n;
  int depth = 0;
  for (char c : t) {
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    if (c == '+' && depth == 0) return n - 1;
  }
  return n;
}

// Whether forms[i] is among forms[from, i): the same form gives the same answer there.
bool met_before(const std::vector<ex>& forms, std::size_t from, std::size_t i) {
  return std::any_of(forms.begin() + static_cast<std::ptrdiff_t>(from), forms.begin() + static_cast<std::ptrdiff_t>(i),
                     [&](const ex& g) { return g.is_equal(forms[i]); });
}

ex smallest_printed(const std::vector<ex>& forms) {
  const ex* best = &forms.front();
  std::size_t best_size = whole_form_size(*best);
  for (std::size_t i = 1; i < forms.size(); ++i) {
    if (met_before(forms, 0, i)) continue;  // not counted again: it cannot be smaller than the best so far
    if (const std::size_t size = whole_form_size(forms[i]); size < best_size) best = &forms[i], best_size = size;
  }
  return *best;
}

}  // namespace

namespace {

ex shaped_form(const ex& e, const GiNaC::lst& collect_in) {
  const ex canonical = simplify(e);
  if (canonical.is_zero() || is_number(canonical) || is_symbol_node(canonical)) return canonical;
  // Past kMaxDisplayedNodes a value is shown as the canonical form gives it (or as derived, where
  // that form was refused as too large): bringing it to one fraction and shaping it cost more than
  // the derivation (minutes for the constrained Hamiltonian of a 56-coordinate chain, 2^14 terms
  // over one denominator), and nobody reads such a formula term by term.
  if (tree_size(canonical, kMaxDisplayedNodes + 1) > kMaxDisplayedNodes || !one_fraction(canonical)) return canonical;
  Polynomial P;
  P.atoms = atom_table().to_symbol;
  const ex nd = fraction_parts(canonical);
  // one atom table for numerator and denominator: the same sin x is the same symbol in both
  ex num = in_atom_symbols(nd.op(0), P.atoms), den = in_atom_symbols(nd.op(1), P.atoms);
  // P.atoms only grows from the table's copy: of the same size, it is the table
  const auto keep = [&] { if (P.atoms.size() != atom_table().to_symbol.size()) atom_table().to_symbol = P.atoms; };
  keep();
  cancel_roots(num, den, P);
  keep();
  name_by_text(P);
  find_circle(P);
  // the atoms of N and D (P's table holds every atom of the run); those added later are sines and
  // cosines (angle sums, double angles)
  {
    GiNaC::exset in_nd;
    symbols_of_terms(num, in_nd);
    symbols_of_terms(den, in_nd);
    P.trig_atoms = std::all_of(in_nd.begin(), in_nd.end(), [&](const ex& x) {
      const auto it = P.atoms.find(x);
      return it == P.atoms.end() || is_sine_or_cosine(it->second);
    });
  }
  // a canonical form of the canonical class comes from FLINT (core/rational_function.hpp), which
  // cancels such factors itself; the others (roots, exp) from GiNaC's normal() may still have them
  if (!is_canonical_class(canonical)) cancel_on_circle(num, den, P);
  GiNaC::lst vars;
  for (const ex& v : collect_in) vars.append(v);
  // numer_denom() signs N and D in hash order; with D's first printed term positive (terms ordered
  // without their signs), the form is the same in every run.
  int sign = 1;
  const ex den_signed = with_positive_lead(den, sign, P);
  // flagged expanded (expanded_checked): contract_angle_sums and the checks expand them again
  const ex num_signed = expanded_checked(sign < 0 ? -num : num);
  const ex num_short = contract_angle_sums(num_signed, P), den_short = contract_angle_sums(den_signed, P);
  // Every rewriting below is a polynomial identity modulo c² + s² = 1 (the angle sums written out);
  // checked, never trusted.
  // remembered while P's angles and sums stay as they are: the per-monomial fractions show the same
  // denominator again and again
  // both sides expanded and reduced: the same polynomial is most often the same tree
  const auto equal = [&](const ex& shown, const ex& p) {
    const ex a = written_out_on_circle(shown, P), b = on_circle(p, P);
    return a.is_equal(b) || (a - b).expand().is_zero();
  };
  // Beyond kMaxShapedTerms terms nobody reads the formula term by term, and the search below grows
  // faster than the terms: such a side is only collected and grouped, in time about linear in its size
  // (a generic 4-coordinate system's Hamel equations, 10⁵ characters each, took 5 s apiece; the Routh
  // sphere's 262-term equation of motion took 0.22 s searched, 0.07 s collected, 3% longer).
  const bool large_num = term_count(num_short) > kMaxShapedTerms, large_den = term_count(den_short) > kMaxShapedTerms;
  const ex N = large_num ? plain_numerator(num_short, vars, P) : best_numerator(num_short, vars, P);
  const ex D = large_den ? group(den_short, P) : best_denominator(den_short, P);
  if (!equal(N, num_signed) || !equal(D, den_signed)) return pretty(e, collect_in);
  std::vector<ex> forms{with_atoms(N / D, P)};
  if (large_num || large_den) return forms.front();
  // cosᵏx common to N's terms and sinᵏx to D's (or the other way round) pulled out of both, for
  // with_tangents below: m r (…)/(K tan θ) rather than m r ((…) cos θ + (…) cos θ)/(K sin θ)
  if (const auto t = tangent_factors(num_short, den_short, P)) {
    const ex Nt = t->above * best_numerator(t->num, vars, P), Dt = t->below * best_polynomial(t->den, P);
    if (equal(Nt, num_signed) && equal(Dt, den_signed)) forms.push_back(with_atoms(Nt / Dt, P));
  }
  // divided by cos x where each term holds cos x or sin x: tan x in the terms that had sin x
  if (const auto o = over_cosine(num_short, den_short, P)) {
    const auto shown = [&](const ex& p, bool numerator) { return numerator ? best_numerator(p, vars, P) : best_polynomial(p, P); };
    const ex nc = shown(o->num_c, true), ns = shown(o->num_s, true), dc = shown(o->den_c, false), ds = shown(o->den_s, false);
    if (equal(nc, o->num_c) && equal(ns, o->num_s) && equal(dc, o->den_c) && equal(ds, o->den_s)) {
      const auto atoms = [&](const ex& x) { return with_atoms(x, P); };
      forms.push_back((atoms(nc) + o->tan_x * atoms(ns)) / (atoms(dc) + o->tan_x * atoms(ds)));
    }
  }
  // the potential beside the kinetic energy's fraction: T/D + V rather than (T + D·V)/D
  NumeratorParts parts_of_num(vars);
  if (const auto parts = divisible_part(num_signed, den_signed, vars, P, parts_of_num)) {
    const ex R = best_numerator(contract_angle_sums(parts->rest, P), vars, P);
    const ex Q = best_numerator(contract_angle_sums(parts->quotient, P), vars, P);
    if (equal(R, parts->rest) && equal(Q, parts->quotient)) forms.push_back(with_atoms(R / D + Q, P));
  }
  // one fraction per monomial in the momenta, each cancelled: π1²/(2J) + π2²/(2(I + m R²)) for a coin
  // rolling on an incline, not (J π2² + π1² (I + m R²))/(2 J (I + m R²))
  const std::vector<ex> per_monomial_sums = per_monomial_forms(num_signed, den_signed, vars, P, equal, parts_of_num);
  if (!per_monomial_sums.empty()) forms.push_back(per_monomial_sums.front());
  // term by term, also with cos² recovered first (1 − r² sin²θ/b² − r² cos²θ/a²): t − t·s² = t·c²
  // on the circle, a polynomial identity like those checked above
  // once where recover_cos changes nothing: the same numerator gives the same forms, met before
  std::vector<ex> numerators{num_short};
  if (ex r = recover_cos(num_short, P); !r.is_equal(num_short)) numerators.push_back(r);
  const auto split = [&](const ex& n, const ex& d) -> std::optional<ex> {
    if (const auto s = split_fraction(n, d, P)) return with_exponentials_combined(with_atoms(*s, P));
    return std::nullopt;
  };
  for (const ex& n : numerators)
    if (const auto s = split(n, den_short)) forms.push_back(*s);
  // over D = M·D′, M the monomial common to D's terms: N split over M only, D′ kept whole, as SymPy
  // writes the solid of revolution's C_13^2: m (I1 f1 + I3 f2 cos θ/sin²θ) f2′/K
  if (const ex M = common_monomial(terms_of(den_short), symbols_of(den_short, P)); term_count(den_short) > 1 && !M.is_equal(1)) {
    std::optional<ex> shown_over;  // D′ shown only where a split over M is made (none past kMaxSplitTerms)
    for (const ex& n : numerators)
      if (const auto s = split(n, M)) {
        if (!shown_over) shown_over = with_atoms(best_polynomial((den_short / M).expand(), P), P);
        const ex& over = *shown_over;
        forms.push_back(*s / over);
        if (ex c = common_factor_out(*s); !c.is_equal(*s)) forms.push_back(c / over);
      }
  }
  // a form met before gives what it gave there, pushed there already
  for (std::size_t i = 0, n = forms.size(); i < n; ++i)
    if (ex t = met_before(forms, 0, i) ? forms[i] : with_tangents(forms[i]); !t.is_equal(forms[i])) forms.push_back(t);
  // a factor common to the terms of a split (after tangents: v3 (5 v1 sin θ − 6 v2/tan θ)/3)
  for (std::size_t i = 1, n = forms.size(); i < n; ++i)
    if (ex c = met_before(forms, 1, i) ? forms[i] : common_factor_out(forms[i]); !c.is_equal(forms[i])) forms.push_back(c);
  // the per-monomial parts by denominator last, as they are: on a tie the forms above stay, and a
  // factor pulled out of its fractions (1/(2 K2) of the Routh sphere's H_c) would put K2 back into each
  if (per_monomial_sums.size() > 1) forms.push_back(per_monomial_sums[1]);
  return smallest_printed(forms);
}

// sin(−u) written −sin u and cos(−u) written cos u: GiNaC keeps them as built, and an angle sum
// contracted as x − y can be the negative of an angle (the snakeboard's cos(θ − (θ + φ)) = cos(−φ)).
struct UnsignedArguments : GiNaC::map_function {
  ex operator()(const ex& x) override {
    const ex y = x.map(*this);
    if (!is_sine_or_cosine(y) || !text_leads_with_minus(y.op(0))) return y;
    const ex a = (-y.op(0)).expand();
    return GiNaC::is_the_function<GiNaC::sin_SERIAL>(y) ? -GiNaC::sin(a) : GiNaC::cos(a);
  }
};

// Whether `at_node` holds at some node of e or `at_power` at some power base^k in it, a product's
// powers read off its stored pairs (base, exponent), where op(i) would build each x^k again; without
// a map, which rebuilds every sum and product.
template <class AtNode, class AtPower>
bool found_in(const ex& e, const AtNode& at_node, const AtPower& at_power) {
  if (at_node(e) || (is_power_node(e) && at_power(e.op(0), e.op(1)))) return true;
  const auto deeper = [&](const ex& x) { return found_in(x, at_node, at_power); };
  if (!is_product(e)) return any_operand(e, deeper);
  bool found = false;
  for_each_power(e, [&](const ex& base, const ex& k) { found = found || at_power(base, k) || deeper(base) || deeper(k); });
  return found;
}

// Whether UnsignedArguments has anything to do in e (6% of the pass on the Chaplygin ball when it was
// asked with the map, almost always for nothing).
bool has_signed_argument(const ex& e) {
  return found_in(
      e, [](const ex& x) { return is_sine_or_cosine(x) && text_leads_with_minus(x.op(0)); }, [](const ex&, const ex&) { return false; });
}

// Whether base^k is a root (a fractional power) of a sum: its radicand, an atom to the search, is
// still in the canonical form's expanded terms.
bool is_root_of_sum(const ex& base, const ex& k) {
  return is_number(k) && !ex_to<GiNaC::numeric>(k).is_integer() && !is_symbol_node(base) && !is_number(base);
}

bool has_root_of_sum(const ex& e) {
  return found_in(e, [](const ex&) { return false; }, is_root_of_sum);
}

// Each radicand in its own display form: √(a² sin²θ + c² cos²θ) rather than the canonical
// √(a² sin²θ − c² sin²θ + c²) (the ellipsoid's frame), and the Chaplygin sphere's conformal factor
// √(I1 I3 + m R² (I1 + γ3² (I3 − I1)))/√((I1 + m R²)(I3 + m R²)) rather than its expansion. The
// value's own form was chosen with the root as one atom, so the choice stands; each radicand's form
// is checked equal to it where it is found (shaped_form).
struct ShapedRadicands : GiNaC::map_function {
  const GiNaC::lst& collect_in;
  explicit ShapedRadicands(const GiNaC::lst& c) : collect_in(c) {}
  ex operator()(const ex& x) override {
    if (!has_root_of_sum(x)) return x;
    if (is_power_node(x) && is_root_of_sum(x.op(0), x.op(1))) return GiNaC::pow(display_form(x.op(0), collect_in), x.op(1));
    return x.map(*this);
  }
};

}  // namespace

ex display_form(const ex& e, const GiNaC::lst& collect_in) {
  ex shaped = shaped_form(e, collect_in);
  if (has_root_of_sum(shaped)) {
    ShapedRadicands radicands(collect_in);
    shaped = radicands(shaped);
  }
  if (!has_signed_argument(shaped)) return shaped;
  UnsignedArguments unsigned_arguments;
  return unsigned_arguments(shaped);
}

}  // namespace hamel
