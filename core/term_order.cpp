// core/term_order.cpp
#include "core/term_order.hpp"

#include <algorithm>
#include <cctype>
#include <memory>
#include <numeric>
#include <optional>
#include <unordered_map>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "core/abstract_function.hpp"
#include "core/node_kind.hpp"
#include "core/stored_terms.hpp"

namespace hamel {

namespace {

using GiNaC::ex;
using GiNaC::numeric;

// The kinds of atoms, in the order a product writes them: 2 π m R² f(θ) (a + b) sin θ.
enum class Rank { Number, Constant, Symbol, Power, Jet, Product, Sum, Function, Other };

// Whether an OrderedAsAtoms lives on this thread (core/term_order.hpp).
thread_local bool standing_in = false;

// The atoms that symbols stand for, those of the last OrderedAsAtoms, by hash: the term order asks
// for every atom it compares, and an ordered map's comparisons (and is_a's failed casts for atoms
// that are no symbols) were a third of compare_atoms.
using StandInTable = std::unordered_map<ex, ex, std::hash<ex>, GiNaC::ex_is_equal>;
thread_local StandInTable stand_in_table;

// e, or the atom the symbol e stands for.
const ex& as_ordered(const ex& e) {
  if (!standing_in || !is_symbol_node(e)) return e;
  const auto it = stand_in_table.find(e);
  return it == stand_in_table.end() ? e : it->second;
}

Rank rank(const ex& e) {
  switch (node_kind(e)) {
    case NodeKind::Number: return Rank::Number;
    case NodeKind::Constant: return Rank::Constant;
    case NodeKind::Symbol: return Rank::Symbol;
    case NodeKind::Power: return Rank::Power;
    case NodeKind::Function:
    case NodeKind::Derivative: return is_abstract_jet(e) ? Rank::Jet : Rank::Function;
    case NodeKind::Product: return Rank::Product;
    case NodeKind::Sum: return Rank::Sum;
    default: return Rank::Other;
  }
}

int sign_of(int c) { return (c > 0) - (c < 0); }

// Numbers by value: real parts, then imaginary parts (a total order on GiNaC's numbers).
int compare_numbers(const numeric& a, const numeric& b) {
  if (int c = a.real().compare(b.real())) return c;
  return a.imag().compare(b.imag());
}

// A term as coefficient × Π atom^exponent; a power with a non-numeric exponent is one atom. The
// coefficient is the one written: GiNaC's numeric factor, negated once for each sum factor to an odd
// power that is written turned (leads_with_minus), so that GiNaC's choice of signs, which follows its
// hash order, changes nothing here.
struct Monomial {
  numeric coefficient = 1;
  std::vector<std::pair<ex, numeric>> factors;
};

bool is_turned_odd(const std::pair<ex, numeric>& f) {
  return is_sum(f.first) && f.second.is_integer() && f.second.is_odd() && leads_with_minus(f.first);
}

std::pair<ex, numeric> atom_and_exponent(const ex& f) {
  if (is_power_node(f) && is_number(f.op(1)))
    return {f.op(0), GiNaC::ex_to<numeric>(f.op(1))};
  return {f, 1};
}

int compare_atoms(const ex& a, const ex& b);

int compare_factor_pairs(const std::pair<ex, numeric>& a, const std::pair<ex, numeric>& b) {
  if (int c = compare_atoms(a.first, b.first)) return c;
  return -compare_numbers(a.second, b.second);  // x³ before x²
}

// `signs`: false leaves out the signs of turned sum factors (each asks for that sum's term order).
Monomial split(const ex& e, bool signs = true) {
  Monomial m;
  const auto add_factor = [&m, signs](const ex& f) {
    if (is_number(f)) {
      m.coefficient *= GiNaC::ex_to<numeric>(f);
      return;
    }
    m.factors.push_back(atom_and_exponent(f));
    if (signs && is_turned_odd(m.factors.back())) m.coefficient = -m.coefficient;
  };
  if (is_product(e))
    for (std::size_t i = 0; i < e.nops(); ++i) add_factor(e.op(i));
  else
    add_factor(e);
  std::stable_sort(m.factors.begin(), m.factors.end(),
                   [](const auto& x, const auto& y) { return compare_factor_pairs(x, y) < 0; });
  return m;
}

// Lexicographic on the factor lists: the earlier atom, then the higher exponent, first; a list
// that is a prefix of the other comes after it (x y before x, constants last).
// `negate_a`, `negate_b`: compare as if that coefficient were negated (a term of a sum written turned),
// without copying the monomial to negate it.
int compare_factor_lists(const Monomial& a, const Monomial& b) {
  const std::size_t n = std::min(a.factors.size(), b.factors.size());
  for (std::size_t k = 0; k < n; ++k)
    if (int c = compare_factor_pairs(a.factors[k], b.factors[k])) return c;
  if (a.factors.size() != b.factors.size()) return a.factors.size() > b.factors.size() ? -1 : 1;
  return 0;
}

int compare_monomials(const Monomial& a, const Monomial& b, bool negate_a = false, bool negate_b = false) {
  if (int c = compare_factor_lists(a, b)) return c;
  if (!negate_a && !negate_b) return compare_numbers(a.coefficient, b.coefficient);
  return compare_numbers(negate_a ? -a.coefficient : a.coefficient, negate_b ? -b.coefficient : b.coefficient);
}

// The operands of e sorted by `less`, a comparison on precomputed keys.
template <class Key, class MakeKey, class Compare>
std::vector<ex> sorted_by(const ex& e, MakeKey make_key, Compare compare) {
  std::vector<Key> keys;
  keys.reserve(e.nops());
  for (std::size_t i = 0; i < e.nops(); ++i) keys.push_back(make_key(e.op(i)));
  std::vector<std::size_t> index(keys.size());
  std::iota(index.begin(), index.end(), 0);
  std::stable_sort(index.begin(), index.end(),
                   [&](std::size_t i, std::size_t j) { return compare(keys[i], keys[j]) < 0; });
  std::vector<ex> out;
  out.reserve(index.size());
  for (std::size_t i : index) out.push_back(e.op(i));
  return out;
}

bool negative_number(const numeric& c) {
  return c.real().is_negative() || (c.real().is_zero() && c.imag().is_negative());
}

// A number on its own: a complex one with both parts keeps its signs inside, (-1 + 2*I).
bool negative_term_number(const numeric& n) { return (n.is_real() || n.real().is_zero()) && negative_number(n); }

// A sum's terms in term order with their monomials, and whether it is written turned. Ordering a term
// asks whether its sum factors are turned, which asks for their first terms, and so on down: without
// remembering the answer per sum, a probe of a large expression took seconds. The cache holds at most
// kCachedSums sums per thread; entries are shared, so that clearing it never pulls one from a caller.
struct SumInfo {
  std::vector<ex> terms;
  std::vector<Monomial> keys;
  bool turned = false;
};

constexpr std::size_t kCachedSums = 1 << 15;

using SumCache = std::unordered_map<ex, std::shared_ptr<const SumInfo>, std::hash<ex>, GiNaC::ex_is_equal>;
// A sum in symbols that stand for atoms is ordered otherwise than with them (sin θ after every
// symbol, b before sin θ): its own table, for the stand-ins it was filled with.
SumCache& sum_cache(bool for_atoms = standing_in) {
  thread_local SumCache cache, for_stand_ins;
  return for_atoms ? for_stand_ins : cache;
}

bool same_map(const GiNaC::exmap& a, const GiNaC::exmap& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) {
           return x.first.is_equal(y.first) && x.second.is_equal(y.second);
         });
}

std::shared_ptr<const SumInfo> sum_info(const ex& sum) {
  SumCache& cache = sum_cache();
  auto it = cache.find(sum);
  if (it != cache.end()) return it->second;
  std::vector<Monomial> keys;
  keys.reserve(sum.nops());
  for (std::size_t i = 0; i < sum.nops(); ++i) keys.push_back(split(sum.op(i)));
  std::vector<std::size_t> index(keys.size());
  std::iota(index.begin(), index.end(), 0);
  std::stable_sort(index.begin(), index.end(),
                   [&](std::size_t i, std::size_t j) { return compare_monomials(keys[i], keys[j]) < 0; });
  auto info = std::make_shared<SumInfo>();
  for (std::size_t i : index) {
    info->terms.push_back(sum.op(i));
    info->keys.push_back(std::move(keys[i]));
  }
  const ex& first = info->terms.front();
  info->turned = is_number(first) ? negative_term_number(GiNaC::ex_to<numeric>(first))
                                             : negative_number(info->keys.front().coefficient);
  if (cache.size() >= kCachedSums) cache.clear();
  cache.emplace(sum, info);
  return info;
}

// Two sums as they are written, each turned to lead with a plus: (c - a) and -(a - c) compare alike.
int compare_sums(const ex& a, const ex& b) {
  const auto ia = sum_info(a), ib = sum_info(b);
  const std::size_t n = std::min(ia->keys.size(), ib->keys.size());
  for (std::size_t k = 0; k < n; ++k)
    if (int c = compare_monomials(ia->keys[k], ib->keys[k], ia->turned, ib->turned)) return c;
  return sign_of(static_cast<int>(ia->keys.size()) - static_cast<int>(ib->keys.size()));
}

int compare_sequences(const std::vector<ex>& a, const std::vector<ex>& b) {
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t k = 0; k < n; ++k)
    if (int c = compare_terms(a[k], b[k])) return c;
  return sign_of(static_cast<int>(a.size()) - static_cast<int>(b.size()));
}

std::vector<ex> operands(const ex& e) {
  std::vector<ex> v;
  v.reserve(e.nops());
  for (std::size_t i = 0; i < e.nops(); ++i) v.push_back(e.op(i));
  return v;
}

std::string printed_name(const ex& e) {
  std::ostringstream os;
  os << GiNaC::dflt << e;
  return os.str();
}

// Functions and their derivatives: by name, the function before its derivatives (fewer first),
// then by the arguments.
int compare_functions(const ex& a, const ex& b) {
  const auto& fa = GiNaC::ex_to<GiNaC::function>(a);
  const auto& fb = GiNaC::ex_to<GiNaC::function>(b);
  if (int c = compare_names(fa.get_name(), fb.get_name())) return c;
  const bool da = (node_kind(a) == NodeKind::Derivative), db = (node_kind(b) == NodeKind::Derivative);
  if (da != db) return da ? 1 : -1;
  if (da) {
    const auto& pa = GiNaC::ex_to<GiNaC::fderivative>(a).derivatives();
    const auto& pb = GiNaC::ex_to<GiNaC::fderivative>(b).derivatives();
    if (pa.size() != pb.size()) return pa.size() < pb.size() ? -1 : 1;
    if (pa != pb) return pa < pb ? -1 : 1;
  }
  return compare_sequences(operands(a), operands(b));
}

int compare_atoms(const ex& a_or_symbol, const ex& b_or_symbol) {
  if (GiNaC::are_ex_trivially_equal(a_or_symbol, b_or_symbol)) return 0;  // one node: sorting a large sum meets it often
  const ex& a = as_ordered(a_or_symbol);
  const ex& b = as_ordered(b_or_symbol);
  const Rank ra = rank(a), rb = rank(b);
  if (ra != rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case Rank::Number: return compare_numbers(GiNaC::ex_to<numeric>(a), GiNaC::ex_to<numeric>(b));
    case Rank::Constant: return compare_names(printed_name(a), printed_name(b));
    case Rank::Symbol:
      return compare_names(GiNaC::ex_to<GiNaC::symbol>(a).get_name(), GiNaC::ex_to<GiNaC::symbol>(b).get_name());
    case Rank::Jet:
    case Rank::Function: return compare_functions(a, b);
    case Rank::Product: return compare_monomials(split(a), split(b));
    case Rank::Sum: return compare_sums(a, b);
    case Rank::Power:
    case Rank::Other: break;
  }
  if (ra == Rank::Other)
    if (int c = compare_names(GiNaC::ex_to<GiNaC::basic>(a).class_name(), GiNaC::ex_to<GiNaC::basic>(b).class_name())) return c;
  return compare_sequences(operands(a), operands(b));  // a power: base, then exponent
}

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Two runs of digits by value: fewer significant digits is smaller.
int compare_digit_runs(const std::string& a, std::size_t& i, const std::string& b, std::size_t& j) {
  while (i < a.size() && a[i] == '0') ++i;
  while (j < b.size() && b[j] == '0') ++j;
  const std::size_t i0 = i, j0 = j;
  while (i < a.size() && is_digit(a[i])) ++i;
  while (j < b.size() && is_digit(b[j])) ++j;
  if (i - i0 != j - j0) return i - i0 < j - j0 ? -1 : 1;
  return sign_of(a.compare(i0, i - i0, b, j0, j - j0));
}

}  // namespace

int compare_names(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      if (int c = compare_digit_runs(a, i, b, j)) return c;
      continue;
    }
    const int ca = std::tolower(static_cast<unsigned char>(a[i])), cb = std::tolower(static_cast<unsigned char>(b[j]));
    if (ca != cb) return ca < cb ? -1 : 1;
    ++i, ++j;
  }
  if ((i < a.size()) != (j < b.size())) return i < a.size() ? 1 : -1;
  return sign_of(a.compare(b));
}

int compare_terms(const ex& a, const ex& b) { return compare_monomials(split(a), split(b)); }

int compare_factors(const ex& a, const ex& b) {
  return compare_factor_pairs(atom_and_exponent(a), atom_and_exponent(b));
}

std::vector<ex> ordered_operands(const ex& e) {
  if (is_sum(e)) return sum_info(e)->terms;
  if (is_product(e))
    return sorted_by<std::pair<ex, numeric>>(e, atom_and_exponent, compare_factor_pairs);
  return operands(e);
}

std::vector<std::pair<ex, ex>> ordered_factors(const ex& e) {
  struct Entry {
    std::pair<ex, numeric> key;  // atom_and_exponent of the factor, by which it is ordered
    ex base, exponent;
  };
  std::vector<Entry> entries;
  const auto add_factor = [&entries](const ex& x) {
    const bool power = is_power_node(x);
    entries.push_back({atom_and_exponent(x), power ? x.op(0) : x, power ? x.op(1) : ex(1)});
  };
  for_each_power(e, [&](const ex& rest, const ex& k) {
    if (k.is_equal(1)) return add_factor(rest);  // op(i) is the rest itself (or the product's number)
    // x^k for a symbol x is the power op(i) would build (GiNaC keeps it so): read without building it
    if (is_symbol_node(rest)) return entries.push_back(Entry{std::pair<ex, numeric>(rest, GiNaC::ex_to<numeric>(k)), rest, k});
    add_factor(GiNaC::pow(rest, k));
  });
  std::stable_sort(entries.begin(), entries.end(),
                   [](const Entry& x, const Entry& y) { return compare_factor_pairs(x.key, y.key) < 0; });
  std::vector<std::pair<ex, ex>> out;
  out.reserve(entries.size());
  for (Entry& x : entries) out.emplace_back(std::move(x.base), std::move(x.exponent));
  return out;
}

namespace {

// Whether a factor x^k of a stored pair (x, k), as op(i) builds it, is a number (fold it into c) or
// an odd power of a turned sum (flip c), as split() reads it. A symbol's or a sum's power is kept as
// it is by GiNaC, so it is read off the pair without building it; another base may change (exp(x)²
// is exp(2 x)), and is built.
void fold_sign(numeric& c, const ex& x, const ex& k) {
  if (k.is_equal(1) || !(is_symbol_node(x) || is_sum(x))) {
    const ex f = k.is_equal(1) ? x : GiNaC::pow(x, k);
    if (is_number(f)) c *= GiNaC::ex_to<numeric>(f);
    else if (is_turned_odd(atom_and_exponent(f))) c = -c;
    return;
  }
  if (is_turned_odd({x, GiNaC::ex_to<numeric>(k)})) c = -c;
}

// split(e).coefficient times c, without ordering (or building) split's factors: the sign needs no order.
numeric written_coefficient(const ex& e, numeric c) {
  if (!is_product(e)) {
    fold_sign(c, e, 1);
    return c;
  }
  numeric own = 1;  // split multiplies the product's own factors first, then c
  for_each_power(e, [&own](const ex& x, const ex& k) { fold_sign(own, x, k); });
  return own * c;
}

// A term c·x of a sum as first_term reads it: x's factors as split(c·x) orders them, and the
// coefficient split(c·x) has, found only when two terms have the same factors (it asks whether the
// term's sum factors are turned, which sorts their terms).
struct TermKey {
  ex x;
  numeric c;
  Monomial factors;
  std::optional<numeric> coefficient;
};

TermKey term_key(const ex& x, const numeric& c) { return TermKey{x, c, split(x, false), std::nullopt}; }

const numeric& coefficient_of(TermKey& t) {
  if (!t.coefficient) t.coefficient = written_coefficient(t.x, t.c);
  return *t.coefficient;
}

// compare_monomials(split(c·x), split(c'·x')) of two terms, without building them
int compare_term_keys(TermKey& a, TermKey& b) {
  if (int c = compare_factor_lists(a.factors, b.factors)) return c;
  return compare_numbers(coefficient_of(a), coefficient_of(b));
}

}  // namespace

ex first_term(const ex& sum) {
  if (const auto it = sum_cache().find(sum); it != sum_cache().end()) return it->second->terms.front();
  // the first of the least terms, as the stable sort of sum_info has it, read off the stored pairs
  // in op() order: op(i) builds each term c·x anew
  std::size_t i = 0, best = 0;
  std::optional<TermKey> least;
  const auto consider = [&](TermKey t) {
    if (!least || compare_term_keys(t, *least) < 0) best = i, least = std::move(t);
    ++i;
  };
  for_each_term(
      sum, [&](const ex& x, const ex& c) { consider(term_key(x, GiNaC::ex_to<numeric>(c))); },
      [&](const ex& k) { consider(term_key(k, 1)); });
  return sum.op(best);
}

bool leads_with_minus(const ex& sum) { return is_sum(sum) && sum_info(sum)->turned; }

OrderedAsAtoms::OrderedAsAtoms(const GiNaC::exmap& atoms) {
  // nested, the inner one's table would be left to the outer one's order
  if (standing_in) throw std::logic_error("OrderedAsAtoms: one already lives on this thread");
  thread_local GiNaC::exmap filled_for;  // the stand-ins of sum_cache(true)'s entries
  if (!same_map(atoms, filled_for)) {
    sum_cache(true).clear();
    filled_for = atoms;
    stand_in_table = StandInTable(atoms.begin(), atoms.end());
  }
  standing_in = true;
}

OrderedAsAtoms::~OrderedAsAtoms() { standing_in = false; }

bool ordered_as_atoms() { return standing_in; }

ex plus_first(const ex& e) { return leads_with_minus(e) ? ex(-e) : e; }

bool written_negative(const ex& term) {
  if (is_number(term)) return negative_term_number(GiNaC::ex_to<numeric>(term));
  return negative_number(written_coefficient(term, 1));
}

bool written_negative(const ex& term, const numeric& c) {
  if (is_number(term)) return written_negative(term * c);  // a sum's stored terms are no numbers
  return negative_number(written_coefficient(term, c));
}

}  // namespace hamel
