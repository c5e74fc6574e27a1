// derivation/present.cpp
#include "derivation/present.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/child_io.hpp"
#include "core/display.hpp"
#include "core/latex.hpp"
#include "core/monomial.hpp"
#include "core/monomial_multiple.hpp"
#include "core/node_kind.hpp"
#include "core/stored_terms.hpp"
#include "core/parallel.hpp"
#include "core/symbolic.hpp"
#include "core/term_order.hpp"
#include "core/wire.hpp"

namespace hamel {

namespace {

// The momenta and velocities of `e` (by the derivation's table of symbols), in name order.
GiNaC::lst collect_symbols_of(const GiNaC::ex& e, const std::set<std::string>& names) {
  GiNaC::exset found;
  collect_symbols(e, found);
  std::vector<GiNaC::ex> v;
  for (const GiNaC::ex& s : found)
    if (names.count(GiNaC::ex_to<GiNaC::symbol>(s).get_name())) v.push_back(s);
  GiNaC::lst out;
  for (const GiNaC::ex& s : in_name_order(v, [](const GiNaC::ex& x) { return GiNaC::ex_to<GiNaC::symbol>(x).get_name(); }))
    out.append(s);
  return out;
}

// The sums raised to negative integer powers in e (its denominators, also inside split fractions). A
// sum's terms and a product's factors are read as GiNaC stores them (core/stored_terms.hpp): op(i)
// would build each c·x and x^k again (4% of the display pass of the Chaplygin ball).
void denominators(const GiNaC::ex& e, GiNaC::exset& out) {
  const auto is_negative_integer = [](const GiNaC::ex& k) {
    return is_number(k) && GiNaC::ex_to<GiNaC::numeric>(k).is_integer() && GiNaC::ex_to<GiNaC::numeric>(k).is_negative();
  };
  const auto power = [&](const GiNaC::ex& base, const GiNaC::ex& k) {
    if (is_sum(base) && is_negative_integer(k)) out.insert(base);
    denominators(base, out);
    denominators(k, out);
  };
  switch (node_kind(e)) {
    case NodeKind::Sum: for_each_term(e, [&](const GiNaC::ex& x, const GiNaC::ex&) { denominators(x, out); }, [](const GiNaC::ex&) {}); break;
    case NodeKind::Product: for_each_power(e, power); break;
    case NodeKind::Power: power(e.op(0), e.op(1)); break;
    default: break;
  }
}

// The factor c·m common to the terms of a sum: the rational gcd c of their numbers, m the monomial in
// the symbols that stand as plain factors (x or x^k) in every term. 1 for a value that is not a sum.
GiNaC::ex monomial_content(const GiNaC::ex& c) {
  if (!GiNaC::is_a<GiNaC::add>(c)) return 1;
  const auto powers = [](const GiNaC::ex& t) {  // symbol ↦ its exponent as a plain factor of t
    std::map<GiNaC::ex, int, GiNaC::ex_is_less> out;
    for (const GiNaC::ex& f : factors_of(t)) {
      if (GiNaC::is_a<GiNaC::symbol>(f)) out[f] += 1;
      else if (GiNaC::is_a<GiNaC::power>(f) && GiNaC::is_a<GiNaC::symbol>(f.op(0)) && GiNaC::is_a<GiNaC::numeric>(f.op(1)) &&
               GiNaC::ex_to<GiNaC::numeric>(f.op(1)).is_pos_integer())
        out[f.op(0)] += GiNaC::ex_to<GiNaC::numeric>(f.op(1)).to_int();
    }
    return out;
  };
  auto common = powers(*c.begin());
  for (const GiNaC::ex& t : c) {
    const auto here = powers(t);
    for (auto& [x, k] : common) {
      const auto it = here.find(x);
      k = it == here.end() ? 0 : std::min(k, it->second);
    }
  }
  GiNaC::ex m = c.integer_content();
  for (const auto& [x, k] : common) m *= GiNaC::pow(x, k);
  return m;
}

// Under HAMEL_CHECK_DISPLAY the shortcuts below are compared with what they stand for (docs/display.md).
bool checking_display() {
  static const bool on = std::getenv("HAMEL_CHECK_DISPLAY") != nullptr;
  return on;
}

// −P with the text of simplify(−P), P a canonical form: for a sum (a polynomial: a canonical form with a
// denominator is a product) GiNaC's −P, the same polynomial with each coefficient negated, which is the
// canonical form of −P (its numerator is unique, its denominator 1); otherwise simplify(−P).
GiNaC::ex negated_canonical(const GiNaC::ex& P) {
  if (!is_sum(P)) return simplify(-P);
  const GiNaC::ex minus = -P;
  if (checking_display() && to_text(minus) != to_text(simplify(minus)))
    throw std::logic_error("negated_canonical: " + to_text(minus) + " is simplified to " + to_text(simplify(minus)));
  return minus;
}

}  // namespace

// A denominator's key: the canonical form P of the sum up to a factor (a sign, a number, a monomial in
// the symbols), as (key, factor) with b = factor · P. K, −K, K written with cos² or sin², and J0·K
// (a trailer's d/dt p1 over J0 K2) get the same key.
std::pair<std::string, GiNaC::ex> detail::canonical_key(const GiNaC::ex& b) {
  const GiNaC::ex c = simplify(b);
  const GiNaC::ex content = monomial_content(c);
  const GiNaC::ex P = content.is_equal(1) ? c : simplify((c / content).expand());
  const std::string plus = to_text(P), minus = to_text(negated_canonical(P));
  return plus <= minus ? std::make_pair(plus, content) : std::make_pair(minus, GiNaC::ex(-content));
}

namespace {

// canonical_key remembered per sum for one display pass: long_denominators, the named values and
// name_other_forms key the same sums (each key costs canonical forms).
class Keys {
 public:
  const std::pair<std::string, GiNaC::ex>& of(const GiNaC::ex& b) {
    const auto it = known_.find(b);
    return it != known_.end() ? it->second : known_.emplace(b, detail::canonical_key(b)).first->second;
  }
  // b's key where it is known without its canonical form: a named value is factor · the key's form
  void remember(const GiNaC::ex& b, const std::string& key, const GiNaC::ex& factor) {
    if (checking_display())
      if (const auto k = detail::canonical_key(b); k.first != key || !k.second.is_equal(factor))
        throw std::logic_error("a named value's key is not its form's: " + to_text(b));
    known_.emplace(b, std::make_pair(key, factor));
  }

 private:
  std::unordered_map<GiNaC::ex, std::pair<std::string, GiNaC::ex>, std::hash<GiNaC::ex>, GiNaC::ex_is_equal> known_;
};

// The long denominators of the entries, by canonical key (up to sign), in order of first appearance:
// how many entries have each, and the forms it takes there with their factors against the key's form.
struct Denominators {
  struct Found {
    std::size_t entries = 0;
    std::vector<std::pair<GiNaC::ex, GiNaC::ex>> forms;
  };
  std::vector<std::string> order;
  std::map<std::string, Found> found;
};

Denominators long_denominators(const Derivation& d, std::size_t shortest, Keys& keys_of) {
  Denominators out;
  for (const auto& section : d.sections)
    for (const auto& object : section.objects)
      for (const auto& entry : object.entries) {
        GiNaC::exset in_entry;
        denominators(entry.value, in_entry);
        std::set<std::string> keys;
        const auto text = [](const GiNaC::ex& x) { return to_text(plus_first(x)); };
        for (const GiNaC::ex& b : in_name_order({in_entry.begin(), in_entry.end()}, text)) {
          if (display_size(plus_first(b)) < shortest) continue;
          const auto& [key, factor] = keys_of.of(b);
          Denominators::Found& f = out.found[key];
          if (f.forms.empty()) out.order.push_back(key);
          if (keys.insert(key).second) ++f.entries;
          const bool known = std::any_of(f.forms.begin(), f.forms.end(), [&](const auto& x) { return x.first.is_equal(b); });
          if (!known) f.forms.emplace_back(b, factor);
        }
      }
  return out;
}

// The abbreviation `name` for a denominator's forms (each b = factor · P, P the key's form): shown as
// the first form that is ±P, with a plus first as the printer writes a sum factor (GiNaC stores either
// sign), or as P's display form when every form is a multiple (J0 K2 and 2 K2 only); each form gets
// its factor against the shown value; value_factor is set to value's (value = value_factor · P).
Abbreviation abbreviation(const std::string& name, const std::vector<std::pair<GiNaC::ex, GiNaC::ex>>& forms, GiNaC::ex& value_factor) {
  const auto unit = std::find_if(forms.begin(), forms.end(), [](const auto& f) { return f.second.is_equal(1) || f.second.is_equal(-1); });
  GiNaC::ex value;  // value = value_factor · P
  if (unit != forms.end()) value = unit->first, value_factor = unit->second;
  else value = display_form(simplify(forms.front().first / forms.front().second)), value_factor = 1;
  if (!plus_first(value).is_equal(value)) value = -value, value_factor = -value_factor;
  Abbreviation a{name, value, {}, {}, {}};
  for (const auto& [form, factor] : forms) a.forms.emplace_back(form, factor / value_factor);
  return a;
}

// The sums of `e` that could be a named value elsewhere than in a denominator: e itself, and the sum
// factors of a product (a metric entry G_12 = −K, a numerator K·(…)), a radicand among them (the
// conformal factor √K2/√(…)); not deeper, where a match is rare and each candidate costs a canonical form.
std::vector<GiNaC::ex> sum_factors(const GiNaC::ex& e) {
  std::vector<GiNaC::ex> out;
  const auto take = [&](const GiNaC::ex& x) {
    if (GiNaC::is_a<GiNaC::add>(x)) out.push_back(x);
    else if (GiNaC::is_a<GiNaC::power>(x) && GiNaC::is_a<GiNaC::add>(x.op(0)) && GiNaC::is_a<GiNaC::numeric>(x.op(1)) &&
             (GiNaC::ex_to<GiNaC::numeric>(x.op(1)).is_pos_integer() || !GiNaC::ex_to<GiNaC::numeric>(x.op(1)).is_integer()))
      out.push_back(x.op(0));
  };
  take(e);
  if (GiNaC::is_a<GiNaC::mul>(e))
    for (std::size_t i = 0; i < e.nops(); ++i) take(e.op(i));
  return out;
}

// e (a sum) collected in `vars` (the momenta, velocities): its parts by monomial, each with the sum of
// its terms' other factors (core/monomial.hpp collected_in); nothing where a var stands inside another
// factor. H_c = J0 v1²/2 + v2² A/2 + v2² B/2 has the part v2² (A/2 + B/2), which is K1/2 where π2 = K1 v2.
std::vector<MonomialPart> parts_by_monomial(const GiNaC::ex& e, const GiNaC::lst& vars) {
  if (!is_sum(e) || vars.nops() == 0) return {};
  auto parts = collected_in(e, vars, 1, true);
  const auto holds_var = [&](const MonomialPart& p) {
    return std::any_of(vars.begin(), vars.end(), [&](const GiNaC::ex& v) { return p.coefficient.has(v); });
  };
  if (!parts || std::any_of(parts->begin(), parts->end(), holds_var)) return {};
  return *parts;
}

constexpr std::size_t kLongestCompared = 4000;  // nodes of a sum compared with the named values

// The sums of a derivation that are forms of its named values (canonical_key up to a factor), each
// recorded with the named value it is a multiple of. Only sums with at least a named value's symbols
// are compared, up to kLongestCompared nodes (a displayed form can be many times the canonical one: the
// three trailers' coefficient of v2²), and keyed only where the test at points says they may be one.
class NamedForms {
 public:
  NamedForms(Derivation& d, std::size_t shortest, Keys& keys) : d_(d), shortest_(shortest), keys_(keys) {
    for (std::size_t k = 0; k < d.abbreviations.size(); ++k) {
      const auto& [key, factor] = keys.of(d.abbreviations[k].value);
      by_key_[key] = k;
      value_factor_.push_back(factor);
      symbols_.emplace_back();
      collect_symbols(d.abbreviations[k].value, symbols_.back());
      largest_ = std::max(largest_, 4 * tree_size(d.abbreviations[k].value, 10000) + 20);
    }
  }

  // The named value b is a multiple of, as (its index, b's factor against it); nullopt for none
  std::optional<std::pair<std::size_t, GiNaC::ex>> multiple_of(const GiNaC::ex& b) {
    // cheap tests first: a generic metric's entries are 10⁵ characters, printing each cost seconds
    if (tree_size(b, largest_ + 1) > largest_) return std::nullopt;
    GiNaC::exset in_b;
    collect_symbols(b, in_b);
    const auto holds = [&](const GiNaC::exset& s) { return std::includes(in_b.begin(), in_b.end(), s.begin(), s.end(), GiNaC::ex_is_less()); };
    if (std::none_of(symbols_.begin(), symbols_.end(), holds)) return std::nullopt;
    if (const auto known = known_form(b)) return known;  // K in one entry after another needs no canonical form
    if (unnamed_.count(b)) return std::nullopt;        // met before in another entry, no named value's form
    const SymbolProfile at_b = symbol_profile(b, in_b);
    bool may_be = false;
    for (std::size_t k = 0; k < symbols_.size() && !may_be; ++k)
      may_be = holds(symbols_[k]) && may_be_monomial_multiple(at_b, symbol_profile(d_.abbreviations[k].value, in_b));
    const auto it = may_be && display_size(plus_first(b)) >= shortest_ ? by_key_.find(keys_.of(b).first) : by_key_.end();
    if (it == by_key_.end()) {
      unnamed_.insert(b);
      return std::nullopt;
    }
    return std::make_pair(it->second, keys_.of(b).second / value_factor_[it->second]);
  }

  // b recorded as a form of the named value it is a multiple of
  void name(const GiNaC::ex& b) {
    if (known_form(b)) return;
    if (const auto m = multiple_of(b)) d_.abbreviations[m->first].forms.emplace_back(b, m->second);
  }

 private:
  std::optional<std::pair<std::size_t, GiNaC::ex>> known_form(const GiNaC::ex& b) const {
    for (std::size_t k = 0; k < d_.abbreviations.size(); ++k)
      for (const auto& [form, factor] : d_.abbreviations[k].forms)
        if (form.is_equal(b)) return std::make_pair(k, factor);
    return std::nullopt;
  }

  Derivation& d_;
  std::size_t shortest_;
  Keys& keys_;
  std::map<std::string, std::size_t> by_key_;  // canonical key → abbreviation
  std::vector<GiNaC::ex> value_factor_;         // value = value_factor · the key's form, per abbreviation
  std::vector<GiNaC::exset> symbols_;           // each named value's symbols
  std::size_t largest_ = kLongestCompared;      // larger sums are not compared
  GiNaC::exset unnamed_;                        // sums whose canonical key names nothing
};

// Each named value where it appears whole or as a factor, written ±name (or a multiple) there too:
// G_11 = K beside G_12 = −K, not −2 b² I_w − ρ² (d² m + I_c); in a term (v2² (…)/2, the (…) K); and where
// the terms of an entry that share a monomial in the momenta or velocities sum to one, those terms then
// written as that monomial times the sum (H_c = J0 v1²/2 + K1 v2²/2).
void name_other_forms(Derivation& d, std::size_t shortest, Keys& keys, const std::set<std::string>& collect) {
  NamedForms forms(d, shortest, keys);
  for (auto& section : d.sections)
    for (auto& object : section.objects)
      for (auto& entry : object.entries) {
        for (const GiNaC::ex& b : sum_factors(entry.value)) forms.name(b);
        if (is_sum(entry.value))
          for (const GiNaC::ex& t : entry.value)
            for (const GiNaC::ex& b : sum_factors(t)) forms.name(b);
        // the terms sharing a monomial whose coefficients sum to a named value, written as the monomial
        // times that sum; GiNaC takes a number out of a sum it multiplies (v2² (A/2 + B/2) is v2² (A + B)/2),
        // so the sum in the product is the form named
        const std::vector<MonomialPart> parts = parts_by_monomial(entry.value, collect_symbols_of(entry.value, collect));
        std::vector<bool> named;
        for (const MonomialPart& p : parts) named.push_back(is_sum(p.terms) && forms.multiple_of(p.coefficient));
        if (std::none_of(named.begin(), named.end(), [](bool n) { return n; })) continue;
        GiNaC::exvector terms;
        for (std::size_t k = 0; k < parts.size(); ++k) {
          terms.push_back(named[k] ? parts[k].monomial * parts[k].coefficient : parts[k].terms);
          if (named[k])
            for (const GiNaC::ex& b : sum_factors(terms.back())) forms.name(b);
        }
        entry.value = GiNaC::add(terms);
      }
}

std::set<std::string> collected_symbols(const Derivation& d);

// The letter of the named denominators: K as 004 (6.7) has it, unless the system has a K or K1, K2, …
// of its own (a Veselova system's K1..K3: K4 read as a fourth component), then Q, then Z.
std::string denominator_letter(const std::set<std::string>& taken) {
  const auto used = [&](const std::string& letter) {
    return std::any_of(taken.begin(), taken.end(), [&](const std::string& n) {
      return n.rfind(letter, 0) == 0 && std::all_of(n.begin() + static_cast<long>(letter.size()), n.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
    });
  };
  for (const char* letter : {"K", "Q", "Z"})
    if (!used(letter)) return letter;
  return "K";
}

// A named value that is an earlier one in the variables (the car's Q2 in steer = phi beside Q1 in phi,
// the flagship's K2 in gamma3 beside its K1 = K(θ) of 004 (6.7)) says so: "K1 with gamma3 = cos(theta)",
// the definitions of the variables it holds. Decided by the canonical form of the difference (zero is a
// proof; a form that is not zero leaves the note out).
void note_same_in_variables(Derivation& d) {
  for (std::size_t j = 0; j < d.abbreviations.size(); ++j) {
    Abbreviation& later = d.abbreviations[j];
    std::vector<std::pair<std::string, GiNaC::ex>> held;  // (variable, definition), by name
    for (const auto& [u, definition] : d.definitions)
      if (later.value.has(u)) held.emplace_back(GiNaC::ex_to<GiNaC::symbol>(u).get_name(), definition);
    if (held.empty()) continue;
    std::sort(held.begin(), held.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    const GiNaC::ex on_base = later.value.subs(d.definitions, GiNaC::subs_options::no_pattern);
    for (std::size_t i = 0; i < j; ++i) {
      if (!simplify(on_base - d.abbreviations[i].value).is_zero()) continue;
      later.same_as = d.abbreviations[i].name;
      for (const auto& [name, definition] : held) later.with.emplace_back(name, display_form(definition));
      break;
    }
  }
}

// A denominator is named when it is long (kShortest operations or more) and shared by kShared entries
// or more: K, or K1, K2, … when there are several, skipping names the system already uses. Its first
// form in the derivation is the one shown; the others (−K, K in cosines) are written ±K.
void name_recurring_denominators(Derivation& d) {
  constexpr std::size_t kShortest = 6, kShared = 3;
  Keys keys;
  const Denominators all = long_denominators(d, kShortest, keys);
  std::vector<std::string> named;
  for (const std::string& key : all.order)
    if (all.found.at(key).entries >= kShared) named.push_back(key);
  std::set<std::string> taken;
  for (const Symbol& s : d.symbols) taken.insert(s.name);
  const std::string letter = denominator_letter(taken);
  std::size_t k = 0;
  for (const std::string& key : named) {
    std::string name = named.size() == 1 ? letter : "";
    while (name.empty() || taken.count(name)) name = letter + std::to_string(++k);
    taken.insert(name);
    GiNaC::ex value_factor;
    d.abbreviations.push_back(abbreviation(name, all.found.at(key).forms, value_factor));
    keys.remember(d.abbreviations.back().value, key, value_factor);
  }
  if (!d.abbreviations.empty()) name_other_forms(d, kShortest, keys, collected_symbols(d));
  note_same_in_variables(d);
}

// Each distinct value of `values` once, and for each value the index of its distinct copy.
struct DistinctValues {
  std::vector<GiNaC::ex> values;
  std::vector<std::size_t> which;  // values[i] is values[which[i]]
  WireLeaves leaves;               // their symbols, the same in a worker forked with them
  bool fork_worthy = false;        // large enough for a fork
};

// `worthy`: the tree nodes worth a fork (parallel_map's estimate by default).
DistinctValues distinct_values(const std::vector<GiNaC::ex>& values, const GiNaC::exmap& known = {},
                               std::size_t worthy = kForkWorthyNodes) {
  DistinctValues out;
  std::unordered_map<GiNaC::ex, std::size_t, std::hash<GiNaC::ex>, GiNaC::ex_is_equal> seen;
  std::size_t size = 0;
  for (const GiNaC::ex& v : values) {
    const auto [it, fresh] = seen.emplace(v, out.values.size());
    if (fresh) {
      out.values.push_back(v);
      out.leaves.add(v);
      // only whether it reaches the bound counts; forms already known cost nothing
      if (size < worthy && !known.count(v)) size += tree_size(v, worthy - size);
    }
    out.which.push_back(it->second);
  }
  out.fork_worthy = size >= worthy;
  return out;
}

// A worker sends the display form and, when the display pass computed it, the value's canonical form
// (remembered here, as a serial run would have it: core/parallel.hpp); "=" for either when it is the
// value itself (large values are shown as they are, docs/display.md, and their text would cost more
// than the work), "-" for a canonical form not computed.
std::string on_wire(const std::optional<GiNaC::ex>& x, const GiNaC::ex& value, const WireLeaves& leaves) {
  if (!x) return "-";
  if (x->is_equal(value)) return "=";
  const auto text = to_wire(*x, leaves);
  if (!text) throw std::runtime_error("a display form the wire does not carry");
  return *text;
}

GiNaC::ex from_wire_or_same(const std::string& text, const GiNaC::ex& value, const WireLeaves& leaves) {
  return text == "=" ? value : from_wire(text, leaves);
}

GiNaC::ex form_of(const GiNaC::ex& value, const std::set<std::string>& collect) {
  return display_form(value, collect_symbols_of(value, collect));
}

// The display form of `value` collected in `collect_in` (collect_symbols_of) and its canonical form, as
// text (the worker's answer).
std::string form_on_wire(const GiNaC::ex& value, const GiNaC::lst& collect_in, const WireLeaves& leaves) {
  return detail::length_prefixed(on_wire(display_form(value, collect_in), value, leaves)) +
         detail::length_prefixed(on_wire(remembered_simplified(value), value, leaves));
}

// The display form from form_on_wire's text at `at` (moved past it); its canonical form remembered.
GiNaC::ex form_from_wire(const std::string& text, std::size_t& at, const GiNaC::ex& value, const WireLeaves& leaves) {
  const GiNaC::ex form = from_wire_or_same(detail::next_prefixed(text, at), value, leaves);
  const std::string canonical = detail::next_prefixed(text, at);
  if (canonical != "-") remember_simplified(value, from_wire_or_same(canonical, value, leaves));
  return form;
}

// The values' display forms, each distinct value once, on all cores when they are large
// (core/parallel.hpp): the display pass is independent from value to value. Those in `known` (found
// during the derivation, DisplayAhead) are not computed again.
std::vector<GiNaC::ex> display_forms(const std::vector<GiNaC::ex>& values, const std::set<std::string>& collect,
                                     const GiNaC::exmap& known) {
  const DistinctValues d = distinct_values(values, known);
  const auto answers = parallel_map(
      d.values.size(),
      [&](std::size_t k) {
        return known.count(d.values[k]) ? std::string() : form_on_wire(d.values[k], collect_symbols_of(d.values[k], collect), d.leaves);
      },
      d.fork_worthy);
  std::vector<GiNaC::ex> forms(d.values.size());
  for (std::size_t k = 0; k < d.values.size(); ++k) {
    const auto it = known.find(d.values[k]);
    std::size_t at = 0;
    forms[k] = it != known.end() ? it->second
               : answers[k]      ? form_from_wire(*answers[k], at, d.values[k], d.leaves)
                                 : form_of(d.values[k], collect);
  }
  std::vector<GiNaC::ex> out;
  for (std::size_t k : d.which) out.push_back(forms[k]);
  return out;
}

// The symbols in which the display pass collects: the momenta and the velocities; and the variables,
// when those that involve the momenta are momenta renamed (p1 = pi1: a rolling disk's reduced H_c then
// reads p2^2/(2J) + k(u1^2 + u2^2)/2 + p1^2/(2(I + m R^2)), as H_c does in pi, not as one fraction). Other
// momentum variables (M of the sphere, A(q) pi) are not collected in: there that is not shorter.
std::set<std::string> collected_symbols(const Derivation& d) {
  std::set<std::string> collect;
  for (const Symbol& s : d.symbols)
    if (s.kind == SymbolKind::Momentum || s.kind == SymbolKind::Velocity) collect.insert(s.name);
  const auto name_of = [](const GiNaC::ex& x) { return GiNaC::ex_to<GiNaC::symbol>(x).get_name(); };
  const auto is_variable = [&](const GiNaC::ex& u) {
    return GiNaC::is_a<GiNaC::symbol>(u) && std::any_of(d.symbols.begin(), d.symbols.end(), [&](const Symbol& s) {
             return s.kind == SymbolKind::Variable && s.name == name_of(u);
           });
  };
  std::set<std::string> renamed;
  for (const auto& [u, definition] : d.definitions) {
    if (!is_variable(u)) continue;
    GiNaC::exset in_it;
    collect_symbols(definition, in_it);
    const bool of_momenta = std::any_of(in_it.begin(), in_it.end(), [&](const GiNaC::ex& x) { return collect.count(name_of(x)) > 0; });
    if (!of_momenta) continue;
    if (!GiNaC::is_a<GiNaC::symbol>(definition)) return collect;
    renamed.insert(name_of(u));
  }
  collect.insert(renamed.begin(), renamed.end());
  return collect;
}

std::vector<GiNaC::ex> entry_values(const Derivation& d) {
  std::vector<GiNaC::ex> values;
  for (const auto& section : d.sections)
    for (const auto& object : section.objects)
      for (const auto& entry : object.entries) values.push_back(entry.value);
  return values;
}

}  // namespace

void present(Derivation& d) {
  const std::vector<GiNaC::ex> shown = display_forms(entry_values(d), collected_symbols(d), d.displayed);
  std::size_t i = 0;
  for (auto& section : d.sections)
    for (auto& object : section.objects)
      for (auto& entry : object.entries) entry.value = shown[i++];
  d.displayed.clear();
  name_recurring_denominators(d);
}

GiNaC::ex presented(const GiNaC::ex& value, const Derivation& d) { return form_of(value, collected_symbols(d)); }

constexpr std::size_t kAheadWorthyNodes = 400;

// What one worker was given: the distinct values with the leaves it reads them by, each with the
// symbols its form is collected in at the time.
struct DisplayAhead::Batch {
  DistinctValues values;
  std::vector<GiNaC::lst> collected;
  std::unique_ptr<Background> worker;
  bool taken = false;
};

DisplayAhead::DisplayAhead() = default;
DisplayAhead::~DisplayAhead() = default;  // a worker still at work is stopped (Background)

void DisplayAhead::offer(const Derivation& d) {
  if (workers() < 2) return;
  std::size_t at_work = 0;
  for (auto& b : batches_)
    if (!b->taken) {
      if (b->worker->finished()) collect(*b);
      else ++at_work;
    }
  // as many workers as cores: this process mostly waits for its own (the eliminations' Singular)
  if (at_work >= workers()) return;
  std::vector<GiNaC::ex> fresh;
  for (const GiNaC::ex& v : entry_values(d))
    if (!given_.count(v)) fresh.push_back(v);
  // a fork costs about a millisecond; the display of a few hundred nodes takes several (the double
  // pendulum's 15 values of 3 745 nodes, 80 ms), more than parallel_map's estimate of work per node
  const DistinctValues values = distinct_values(fresh, {}, kAheadWorthyNodes);
  if (!values.fork_worthy) return;
  // shared among the idle cores: at a last section's start the derivation is nearly done, and the
  // display of the sections before is what is left (the double pendulum's equations of motion)
  const std::set<std::string> collect = collected_symbols(d);
  const std::size_t parts = std::min<std::size_t>(workers() - at_work, values.values.size());
  for (std::size_t p = 0; p < parts; ++p) {
    std::vector<GiNaC::ex> part;
    for (std::size_t k = p; k < values.values.size(); k += parts) part.push_back(values.values[k]);
    start(part, collect);
  }
}

void DisplayAhead::start(const std::vector<GiNaC::ex>& part, const std::set<std::string>& collect) {
  DistinctValues values = distinct_values(part);
  auto b = std::make_unique<Batch>();
  for (const GiNaC::ex& v : values.values) {
    b->collected.push_back(collect_symbols_of(v, collect));
    given_.insert(v);
  }
  b->values = std::move(values);
  const Batch& batch = *b;  // the worker reads its own copy, forked with it
  b->worker = std::make_unique<Background>([&batch] {
    std::string out;
    for (std::size_t k = 0; k < batch.values.values.size(); ++k)
      out += form_on_wire(batch.values.values[k], batch.collected[k], batch.values.leaves);
    return out;
  });
  batches_.push_back(std::move(b));
}

void DisplayAhead::collect(Batch& b) {
  b.taken = true;
  const auto answer = b.worker->answer();
  if (!answer) return;  // the worker failed: present() finds these forms itself
  std::size_t at = 0;
  for (std::size_t k = 0; k < b.values.values.size(); ++k) {
    const GiNaC::ex& value = b.values.values[k];
    found_.push_back(Found{value, b.collected[k], form_from_wire(*answer, at, value, b.values.leaves)});
  }
}

bool DisplayAhead::pending(const GiNaC::ex& value) const {
  return std::any_of(batches_.begin(), batches_.end(), [&](const auto& b) {
    const auto& v = b->values.values;
    return !b->taken && std::any_of(v.begin(), v.end(), [&](const GiNaC::ex& x) { return x.is_equal(value); });
  });
}

void DisplayAhead::take(Derivation& d, bool wait) {
  for (auto& b : batches_)
    if (!b->taken && (wait || b->worker->finished())) collect(*b);
  const std::set<std::string> collect = collected_symbols(d);
  for (const Found& f : found_)
    if (collect_symbols_of(f.value, collect).is_equal(f.collected_in)) d.displayed.emplace(f.value, f.form);
  found_.clear();
}

void present(Derivation& d, DisplayAhead& ahead) {
  ahead.take(d, false);  // what the workers have found so far
  const std::set<std::string> collect = collected_symbols(d);
  std::vector<GiNaC::ex> here;  // not with the worker: found in this process while it works
  for (const GiNaC::ex& v : entry_values(d))
    if (!ahead.pending(v) && !d.displayed.count(v)) here.push_back(v);
  const std::vector<GiNaC::ex> forms = display_forms(here, collect, d.displayed);
  for (std::size_t k = 0; k < here.size(); ++k) d.displayed.emplace(here[k], forms[k]);
  ahead.take(d, true);
  present(d);
}

}  // namespace hamel
