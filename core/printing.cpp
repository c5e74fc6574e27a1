// core/printing.cpp — to_text, to_latex and latex_breaks: our own walk over GiNaC's tree.
//
// GiNaC's printers write operands in GiNaC's hash order, which changes from process to process; this
// walk takes them in the order of core/term_order.hpp, so the same expression prints byte for byte
// alike in every run.  Nothing here simplifies: printing reads the tree, and only chooses where a sign
// or a numeric denominator is written (take_sign, give_denominator_to_sum).
#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>
#include <unordered_map>

#include "core/abstract_function.hpp"
#include "core/error.hpp"
#include "core/latex.hpp"
#include "core/monomial.hpp"
#include "core/stored_terms.hpp"
#include "core/node_kind.hpp"
#include "core/printing.hpp"
#include "core/term_order.hpp"

namespace hamel {

namespace {

using GiNaC::ex;
using GiNaC::ex_to;
using GiNaC::is_a;
using GiNaC::numeric;

bool is_negative_number(const numeric& c) {
  return c.real().is_negative() || (c.real().is_zero() && c.imag().is_negative());
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A factor base^exponent (exponent > 0, or symbolic); `turned` prints a sum base negated, because
// GiNaC stores the sign of a sum factor by its hash order (core/term_order.hpp, leads_with_minus).
struct Factor {
  ex base;
  ex exponent;
  bool turned = false;
  bool positive_first = false;  ///< a sum turned to take the product's minus: (2 - sin²θ), not -(sin²θ - 2)
};

// A product as a person writes it: a sign, a coefficient n/d and the factors above and below the line.
struct Fraction {
  bool negative = false;
  numeric numerator = 1;
  numeric denominator = 1;
  std::vector<Factor> above;
  std::vector<Factor> below;
};

// (base, exponent) of a factor, with a sum base turned to lead with a plus when the exponent is an
// integer; an odd exponent moves the sign to `c`.
Factor turned_factor(const ex& base, const ex& exponent, numeric& c) {
  Factor f{base, exponent, false};
  if (!is_number(exponent) || !ex_to<numeric>(exponent).is_integer() || !leads_with_minus(base)) return f;
  f.turned = true;
  if (ex_to<numeric>(exponent).is_odd()) c = -c;
  return f;
}

// The sign all terms of the sum are written with (written_negative), or none where they differ:
// stops at the first term of the other sign. A sum of one sign leads with it (leads_with_minus).
std::optional<bool> common_sign(const ex& sum) {
  std::optional<bool> sign;
  bool mixed = false;
  const auto add = [&](bool negative) {
    mixed = mixed || (sign && *sign != negative);
    sign = negative;
  };
  // the stored pairs: op(i) builds each term c·x anew; for_each_term does not stop, so the rest is skipped
  for_each_term(
      sum, [&](const ex& x, const ex& c) { if (!mixed) add(written_negative(x, ex_to<numeric>(c))); },
      [&](const ex& k) { if (!mixed) add(written_negative(k)); });
  if (mixed) return std::nullopt;
  return sign;
}

// Whether the sum, printed negated or not, has a term of each sign.
bool mixed_signs(const ex& sum) { return !common_sign(sum); }

Fraction fraction(const ex& e);
bool all_terms_positive(const ex& sum, bool turned);

bool is_odd_integer(const ex& k) { return is_number(k) && ex_to<numeric>(k).is_integer() && ex_to<numeric>(k).is_odd(); }

// The first factor of f, above the line then below it, that `taker` accepts; null where none does.
template <class Taker>
Factor* first_factor(Fraction& f, const Taker& taker) {
  for (auto* side : {&f.above, &f.below})
    for (Factor& x : *side)
      if (taker(x)) return &x;
  return nullptr;
}

// A negative product gives its sign to the first sum factor of odd power with terms of both signs,
// as a person writes R² m (2 − sin²θ)/4 rather than −R² m (sin²θ − 2)/4 (one operation fewer); or,
// where there is none, to the first whose terms all take it into sum factors of their own:
// m ((x1 − x0) cos θ + (y1 − y0) sin θ)/h, not −m ((x0 − x1) cos θ + (y0 − y1) sin θ)/h (002's
// discrete momenta). The terms take it by the first rule only: one level of brackets changes signs.
void take_sign(Fraction& f, bool into_terms = true) {
  const auto odd_sum = [](const Factor& x) { return is_odd_integer(x.exponent) && is_sum(x.base); };
  Factor* x = first_factor(f, [&](const Factor& y) { return odd_sum(y) && mixed_signs(y.base); });
  if (!x && into_terms) x = first_factor(f, [&](const Factor& y) { return odd_sum(y) && all_terms_positive(y.base, !y.turned); });
  if (!x) return;
  x->turned = !x->turned;
  x->positive_first = true;
  f.negative = false;
}

// Whether every term of the sum is written with a plus when the sum is printed turned or not, as
// term() writes it: a product's own minus taken by a sum factor of its own with terms of both signs.
bool all_terms_positive(const ex& sum, bool turned) {
  return std::all_of(sum.begin(), sum.end(), [&](const ex& t) {
    if (is_number(t)) return written_negative(t) == turned;
    if (!is_product(t) && !is_power_node(t)) return !turned;
    Fraction f = fraction(t);
    f.negative = f.negative != turned;
    if (f.negative) take_sign(f, false);
    return !f.negative;
  });
}

Fraction fraction(const ex& e) {
  Fraction f;
  numeric c = 1;
  for (const auto& [base, exponent] : ordered_factors(e)) {
    if (exponent.is_equal(1) && is_number(base)) {
      c *= ex_to<numeric>(base);
      continue;
    }
    const bool below = is_number(exponent) && ex_to<numeric>(exponent).is_real() &&
                       ex_to<numeric>(exponent).is_negative();
    (below ? f.below : f.above).push_back(turned_factor(base, below ? -exponent : exponent, c));
  }
  f.negative = is_negative_number(c);
  if (f.negative) c = -c;
  if (c.is_rational()) {
    f.numerator = c.numer();
    f.denominator = c.denom();
  } else {
    f.numerator = c;
  }
  return f;
}

// Whether term() writes the product or power e with a minus: fraction(e)'s sign, unless take_sign
// gives it to a sum factor. Neither depends on the order of the factors (a sign flipped by each sum
// factor turned to an odd power; take_sign finds some factor or none), so the factors are read
// unsorted, off the stored pairs. A sum factor to an odd power with terms of both signs takes any
// minus (take_sign's first rule), so it decides alone, before any term order is asked for: where
// there is none, each such sum has one sign, which says whether it is turned without sorting it.
bool product_negative(const ex& e) {
  numeric c = 1;
  std::vector<std::pair<ex, bool>> odd_sums;  // the sum factors to odd powers, and whether turned
  bool mixed = false;
  const auto take = [&](const ex& base, const ex& exponent) {
    if (mixed || !is_odd_integer(exponent) || !is_sum(base)) return;
    const std::optional<bool> sign = common_sign(base);
    if (!sign) {
      mixed = true;
      return;
    }
    odd_sums.emplace_back(base, *sign);
    if (*sign) c = -c;
  };
  for_each_power(e, [&](const ex& base, const ex& k) {
    if (is_number(base) && k.is_equal(1)) {
      c *= ex_to<numeric>(base);
      return;
    }
    // a stored pair (x, k) is op(i) = x^k, a power of base x (x^k of a sum stays so): only a
    // power on its own, k = 1, has its base and exponent inside
    if (k.is_equal(1) && is_power_node(base)) take(base.op(0), base.op(1));
    else take(base, k);
  });
  if (mixed || !is_negative_number(c)) return false;
  // take_sign's second rule (the sign is the same whichever factor takes it)
  return std::none_of(odd_sums.begin(), odd_sums.end(), [](const auto& x) { return all_terms_positive(x.first, !x.second); });
}

// The head of a function that LaTeX writes as an operator: \sin\theta, \sin^{2}\theta, \log(1 + x).
const std::map<std::string, std::string>& operator_heads() {
  static const std::map<std::string, std::string> h = {
      {"sin", "\\sin"},   {"cos", "\\cos"},       {"tan", "\\tan"},       {"cot", "\\cot"},
      {"sec", "\\sec"},   {"csc", "\\csc"},       {"sinh", "\\sinh"},     {"cosh", "\\cosh"},
      {"tanh", "\\tanh"}, {"coth", "\\coth"},     {"log", "\\log"},       {"asin", "\\arcsin"},
      {"acos", "\\arccos"}, {"atan", "\\arctan"}};
  return h;
}

// GiNaC functions that print as name(args) in text and that Hamel's reader and SymPy know.
bool plain_text_function(const std::string& name) {
  static const std::set<std::string> f = {"sin",  "cos",  "tan",  "exp",  "log",   "abs",   "asin",  "acos",
                                          "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "atan2"};
  return f.count(name) > 0;
}

// The numeric coefficient of a term of a sum.
numeric term_coefficient(const ex& t) {
  if (is_number(t)) return ex_to<numeric>(t);
  numeric c = 1;
  if (is_product(t))
    for (const ex& x : t)
      if (is_number(x)) c *= ex_to<numeric>(x);
  return c;
}

// The operations a rational coefficient c adds to the printed term t: its numerator (a product)
// unless ±1, its denominator (a bar) unless 1; a lone number only its bar.
std::size_t coefficient_operations(const numeric& c, const ex& t) {
  if (!c.is_rational()) return 1;
  const std::size_t bar = c.denom() != 1 ? 1 : 0;
  if (is_number(t)) return bar;
  return bar + (abs(c.numer()) != 1 ? 1 : 0);
}

class Printer {
 public:
  Printer(bool latex, const LatexNames* names) : latex_(latex), names_(names) {}

  /// Any expression, at the lowest precedence (no brackets around a sum).
  std::string expression(const ex& e) const {
    if (is_sum(e)) return sum(e, false);
    if (node_kind(e) == NodeKind::Relation) return relation(e);
    if (node_kind(e) == NodeKind::List) return sequence(e, latex_ ? "\\{" : "{", latex_ ? "\\}" : "}");
    bool negative = false;
    const std::string s = term(e, negative);
    return negative ? "-" + s : s;
  }

  /// The terms of a sum in order, each with its sign: "a", "- b", "+ c" (the first: "a" or "-a");
  /// `turned`: the terms of -sum; `positive_first`: the first term with a plus leads.
  std::vector<std::string> summands(const ex& sum, bool turned, bool positive_first = false) const {
    std::vector<std::pair<bool, std::string>> terms;
    for (const ex& t : ordered_operands(sum)) {
      bool negative = false;
      const std::string s = term(t, negative, turned);
      terms.emplace_back(negative, s);
    }
    if (positive_first) {
      const auto plus = std::find_if(terms.begin(), terms.end(), [](const auto& t) { return !t.first; });
      if (plus != terms.end()) std::rotate(terms.begin(), plus, plus + 1);
    }
    std::vector<std::string> out;
    for (const auto& [negative, s] : terms) {
      if (out.empty()) out.push_back(negative ? "-" + s : s);
      else out.push_back((negative ? "- " : "+ ") + s);
    }
    return out;
  }

  /// operations_in(expression(e)) in text, counted on the tree without writing the text: each
  /// method below follows the one of the same name that writes it. The pieces are joined by
  /// separators (" ", "*", "/", "^"), so no bracket of one piece follows a letter of another and the
  /// count of the whole is the sum of the counts of its pieces and separators.
  std::size_t operations(const ex& e) const { return unsigned_operations(e) + (leading_minus(e) ? 1 : 0); }

  /// operations(e) but for a minus in front of the whole (the first term's or a product's).
  std::size_t unsigned_operations(const ex& e) const {
    if (is_sum(e)) return sum_operations(e);
    if (node_kind(e) == NodeKind::Relation || node_kind(e) == NodeKind::List) return operations_in(expression(e));
    return term_operations(e);
  }

  /// Whether the text of e begins with a minus that unsigned_operations leaves out.
  static bool leading_minus(const ex& e) {
    if (is_sum(e)) return term_negative(first_term(e));
    if (node_kind(e) == NodeKind::Relation || node_kind(e) == NodeKind::List) return false;
    return term_negative(e);
  }

 private:
  std::string sum(const ex& e, bool turned, bool positive_first = false) const {
    // The text of a sum is a function of the sum: remembered, because the display pass prints
    // candidates that share their sums (each coefficient of a collected form, each group's inner
    // sum) to measure them. LaTeX depends on the nesting of fractions, and is printed once.
    constexpr std::size_t kRemembered = 1 << 14;
    thread_local std::unordered_map<ex, std::string, std::hash<ex>, GiNaC::ex_is_equal> texts[4];
    auto* memo = latex_ || names_ || ordered_as_atoms() ? nullptr : &texts[(turned ? 2 : 0) + (positive_first ? 1 : 0)];
    if (memo)
      if (const auto it = memo->find(e); it != memo->end()) return it->second;
    std::string s;
    for (const std::string& t : summands(e, turned, positive_first)) s += (s.empty() ? "" : " ") + t;
    if (memo) {
      if (memo->size() >= kRemembered) memo->clear();
      memo->emplace(e, s);
    }
    return s;
  }

  // A term without its sign, which goes to `negative`; `turned`: the term of a sum printed negated.
  // The sign as printed, not as GiNaC stores it, decides whether a sum factor takes it (take_sign).
  std::string term(const ex& e, bool& negative, bool turned = false) const {
    if (is_number(e)) {
      const numeric& n = ex_to<numeric>(e);
      negative = written_negative(e) != turned;  // (-1 + 2*I) keeps its signs inside
      return written_negative(e) ? number(-n) : coefficient(n);
    }
    if (is_product(e) || is_power_node(e)) {
      Fraction f = fraction(e);
      f.negative = f.negative != turned;
      if (f.negative) take_sign(f);
      negative = f.negative;
      give_denominator_to_sum(f);
      return product(f);
    }
    negative = turned;
    return atom(e);
  }

  // n/d · S · … with one sum factor S: written (S/d) · n · … where that has fewer operations,
  // (2 x1 − x0 − x2 − h²(x0 + 2 x1 + x2)/4)/h rather than (8 x1 − 4 x0 − 4 x2 − h²(…))/(4 h). GiNaC
  // keeps the integer content of a sum factor out of the sum, so only the printer can choose this.
  // Counted on the coefficients alone (printing both forms would double at every level of nesting);
  // the same count for text and LaTeX, so both show the same.
  static void give_denominator_to_sum(Fraction& f) {
    if (f.denominator == 1) return;
    Factor* sum_factor = nullptr;
    for (Factor& x : f.above) {
      if (!is_sum(x.base)) continue;
      if (sum_factor || !x.exponent.is_equal(1)) return;
      sum_factor = &x;
    }
    if (!sum_factor) return;
    long change = -1;  // the bar below the product goes
    for (const ex& t : sum_factor->base) {
      const numeric c = term_coefficient(t);
      change += long(coefficient_operations(c / f.denominator, t)) - long(coefficient_operations(c, t));
    }
    // a number beside the sum keeps the sum whole unless two operations go: 5 (2 a + 7 b)/(14 m), not
    // 5 (a/7 + b/2)/m, a multiplier outside fractions inside (SymPy multiplies such a 5 into the sum)
    if (change >= (f.numerator != 1 ? -1 : 0)) return;
    ex divided = 0;  // term by term: expand() would also multiply out h²·(x0 + 2 x1 + x2)
    for (const ex& t : sum_factor->base) divided += t / f.denominator;
    sum_factor->base = divided;
    f.denominator = 1;
  }

  // The counts of sum, term, product, power, power_base and atom (text only). Only the first term
  // of a sum that is not a factor, and its sign, need the term order: a term's text without its
  // sign is the same turned or not, and a sum factor to an integer power is written with a plus in
  // front (turned when it leads with a minus, or given the product's sign by take_sign, whichever
  // factor that is), so its count is its terms' and a sign between each two.
  std::size_t sum_operations(const ex& e) const {
    constexpr std::size_t kRemembered = 1 << 14;
    thread_local std::unordered_map<ex, std::size_t, std::hash<ex>, GiNaC::ex_is_equal> counts;
    if (const auto it = counts.find(e); it != counts.end()) return it->second;
    // each term c·t read off the sum's stored pair (t, c): op(i) builds the product c·t again
    std::size_t n = e.nops() - 1;
    for_each_term(
        e, [&](const ex& t, const ex& c) { n += c.is_equal(1) ? term_operations(t) : scaled_term_operations(t, ex_to<numeric>(c)); },
        [&](const ex& k) { n += term_operations(k); });
    if (counts.size() >= kRemembered) counts.clear();
    counts.emplace(e, n);
    return n;
  }

  // Whether term() writes t with a minus in front in a sum that is not turned.
  static bool term_negative(const ex& t) {
    if (is_number(t)) return written_negative(t);
    if (!is_product(t) && !is_power_node(t)) return false;
    return product_negative(t);
  }

  // term()'s text without its sign; a product's factors as GiNaC stores them (their order and which
  // sum factor is turned change no count).
  std::size_t term_operations(const ex& e) const {
    if (is_number(e)) {
      const numeric& n = ex_to<numeric>(e);
      return written_negative(e) ? number_operations(-n) : coefficient_text_operations(n);
    }
    if (is_product(e) || is_power_node(e)) {
      Fraction f = unordered_fraction(e);
      give_denominator_to_sum(f);
      return product_operations(f);
    }
    return atom_operations(e);
  }

  // term_operations(c·t) for a number c ≠ 1 and a term t that is not a number: c joins t's numbers
  std::size_t scaled_term_operations(const ex& t, const numeric& c) const {
    Fraction f = unordered_fraction(t, c);
    give_denominator_to_sum(f);
    return product_operations(f);
  }

  // fraction(e·scale) without the order of the factors and without turning sums.
  static Fraction unordered_fraction(const ex& e, const numeric& scale = 1) {
    Fraction f;
    numeric c = scale;
    const auto take = [&](const ex& x) {
      if (is_number(x)) {
        c *= ex_to<numeric>(x);
        return;
      }
      const bool power = is_power_node(x);
      const ex base = power ? x.op(0) : x, exponent = power ? x.op(1) : ex(1);
      const bool below = is_number(exponent) && ex_to<numeric>(exponent).is_real() && ex_to<numeric>(exponent).is_negative();
      (below ? f.below : f.above).push_back(Factor{base, below ? -exponent : exponent});
    };
    // a product's x^k read off its stored pair (core/monomial.hpp): op(i) would build the power again
    for_each_power(e, [&](const ex& base, const ex& k) {
      if (k.is_equal(1) || !is_symbol_node(base)) return take(k.is_equal(1) ? base : GiNaC::pow(base, k));
      const bool below = ex_to<numeric>(k).is_real() && ex_to<numeric>(k).is_negative();
      (below ? f.below : f.above).push_back(Factor{base, below ? -k : k});
    });
    if (is_negative_number(c)) c = -c;
    f.numerator = c.is_rational() ? c.numer() : c;
    f.denominator = c.is_rational() ? c.denom() : numeric(1);
    return f;
  }

  std::size_t product_operations(const Fraction& f) const {
    std::size_t top = 0, above = f.above.size() + (f.numerator != 1 ? 1 : 0);
    if (f.numerator != 1) top += coefficient_text_operations(f.numerator);
    for (const Factor& x : f.above) top += power_operations(x);
    if (above > 1) top += above - 1;
    const std::size_t below = f.below.size() + (f.denominator != 1 ? 1 : 0);
    if (below == 0) return top;
    std::size_t bottom = 1 + (below - 1);  // the bar and the products below it
    if (f.denominator != 1) bottom += number_operations(f.denominator);
    for (const Factor& x : f.below) bottom += power_operations(x);
    return top + bottom;
  }

  std::size_t power_operations(const Factor& f) const {
    const ex& exponent = f.exponent;
    if (is_sum(f.base) && is_number(exponent) && ex_to<numeric>(exponent).is_integer())
      return sum_operations(f.base) + (exponent.is_equal(1) ? 0 : 1 + operations(exponent));
    if (exponent.is_equal(1)) return atom_operations(f.base);
    if (exponent.is_equal(GiNaC::numeric(1, 2))) return 1 + operations(f.base);  // sqrt(…): a call
    const bool plain = is_symbol_node(exponent) || (node_kind(exponent) == NodeKind::Constant) ||
                       (is_number(exponent) && ex_to<numeric>(exponent).is_nonneg_integer());
    return power_base_operations(f.base) + 1 + (plain ? atom_operations(exponent) : operations(exponent));
  }

  std::size_t power_base_operations(const ex& base) const {
    const bool plain = is_symbol_node(base) || (node_kind(base) == NodeKind::Constant) || is_call(base) ||
                       (is_number(base) && ex_to<numeric>(base).is_nonneg_integer());
    return plain ? atom_operations(base) : operations(base);
  }

  std::size_t atom_operations(const ex& e) const {
    if (is_sum(e) || is_product(e) || is_power_node(e)) return operations(e);
    if (is_symbol_node(e)) return operations_in(ex_to<GiNaC::symbol>(e).get_name());
    if (is_number(e)) {
      const numeric& n = ex_to<numeric>(e);
      return n.is_nonneg_integer() ? 0 : operations(e);
    }
    if (is_call(e) && node_kind(e) != NodeKind::Derivative) {
      const std::string name = ex_to<GiNaC::function>(e).get_name();
      if (!is_abstract_jet(e) && !plain_text_function(name)) return operations_in(atom(e));
      std::size_t n = operations_in(name + "(");  // the call
      for (std::size_t i = 0; i < e.nops(); ++i) n += operations(e.op(i));
      return n;
    }
    return operations_in(atom(e));
  }

  // A positive integer has no operation: most numbers here are, and writing them costs more.
  std::size_t number_operations(const numeric& n) const {
    return n.is_pos_integer() ? 0 : operations_in(number(n));
  }
  std::size_t coefficient_text_operations(const numeric& n) const {
    return n.is_pos_integer() ? 0 : operations_in(coefficient(n));
  }

  std::string product(const Fraction& f) const {
    std::vector<std::string> above, below;
    const bool bar = latex_ && !f.below.empty();  // a \frac: what it holds is printed one level down
    fraction_depth_ += bar ? 1 : 0;
    for (const Factor& x : f.above) above.push_back(power(x));
    for (const Factor& x : f.below) below.push_back(power(x));
    fraction_depth_ -= bar ? 1 : 0;
    return latex_ ? latex_product(f, above, below) : solidus_product(f, above, below);
  }

  // n·a·b/(d·c·e) on one line: the text form, and in LaTeX a fraction inside another fraction, which takes
  // a solidus, I_{3}/\sin^{2}\theta, not a second bar: \frac{I_{3}/\sin^{2}\theta + m R^{2}}{K_{1}}
  // (a fraction in a fraction is hard to read at that size).
  std::string solidus_product(const Fraction& f, std::vector<std::string> above, std::vector<std::string> below) const {
    const auto joined = [&](const std::vector<std::string>& v) { return latex_ ? join_latex(v) : join(v, "*"); };
    if (f.numerator != 1) above.insert(above.begin(), coefficient(f.numerator));
    if (f.denominator != 1) below.insert(below.begin(), number(f.denominator));
    const std::string top = above.empty() ? "1" : joined(above);
    if (below.empty()) return top;
    return top + "/" + (below.size() == 1 ? below[0] : parenthesized(joined(below)));
  }

  std::string latex_product(const Fraction& f, std::vector<std::string> above, std::vector<std::string> below) const {
    if (fraction_depth_ > 0 && !below.empty()) return solidus_product(f, std::move(above), std::move(below));
    if (below.empty()) {
      if (f.denominator != 1) above.insert(above.begin(), "\\frac{" + number(f.numerator) + "}{" + number(f.denominator) + "}");
      else if (f.numerator != 1) above.insert(above.begin(), coefficient(f.numerator));
      return join_latex(above);
    }
    ++fraction_depth_;  // a lone sum above or below the bar is printed again, inside it
    const std::string top = f.numerator == 1 && f.above.size() == 1 ? bare(f.above[0], above[0]) : "";
    const std::string bottom = f.denominator == 1 && f.below.size() == 1 ? bare(f.below[0], below[0]) : "";
    --fraction_depth_;
    if (f.numerator != 1) above.insert(above.begin(), coefficient(f.numerator));
    if (f.denominator != 1) below.insert(below.begin(), number(f.denominator));
    return "\\frac{" + (!top.empty() ? top : above.empty() ? "1" : join_latex(above)) + "}{" +
           (!bottom.empty() ? bottom : join_latex(below)) + "}";
  }

  // A lone sum above or below a fraction bar needs no brackets.
  std::string bare(const Factor& factor, const std::string& printed) const {
    if (is_sum(factor.base) && factor.exponent.is_equal(1))
      return sum(factor.base, factor.turned, factor.positive_first);
    return printed;
  }

  // base^exponent for a positive numeric or a symbolic exponent.
  std::string power(const Factor& f) const {
    const ex& base = f.base;
    const ex& exponent = f.exponent;
    if (f.turned || f.positive_first) {
      const std::string s = parenthesized(sum(base, f.turned, f.positive_first));
      if (exponent.is_equal(1)) return s;
      return s + (latex_ ? "^{" + exponent_latex(exponent) + "}" : "^" + expression(exponent));
    }
    if (exponent.is_equal(1)) return atom(base);
    if (exponent.is_equal(GiNaC::numeric(1, 2)))
      return latex_ ? "\\sqrt{" + expression(base) + "}" : "sqrt(" + expression(base) + ")";
    if (latex_ && is_number(exponent) && is_operator_function(base))
      return function_latex(base, "^{" + exponent_latex(exponent) + "}");
    const std::string b = power_base(base);
    if (latex_) return b + "^{" + exponent_latex(exponent) + "}";
    const bool plain = is_symbol_node(exponent) || (node_kind(exponent) == NodeKind::Constant) ||
                       (is_number(exponent) && ex_to<numeric>(exponent).is_nonneg_integer());
    return b + "^" + (plain ? atom(exponent) : "(" + expression(exponent) + ")");
  }

  std::string exponent_latex(const ex& exponent) const {
    if (is_number(exponent) && ex_to<numeric>(exponent).is_rational() && !ex_to<numeric>(exponent).is_integer()) {
      const numeric& k = ex_to<numeric>(exponent);  // 3/2 inline: a \frac in a superscript is too small
      return (k.is_negative() ? "-" : "") + number(abs(k).numer()) + "/" + number(k.denom());
    }
    return expression(exponent);
  }

  std::string power_base(const ex& base) const {
    const bool plain = is_symbol_node(base) || (node_kind(base) == NodeKind::Constant) || is_call(base) ||
                       (is_number(base) && ex_to<numeric>(base).is_nonneg_integer());
    if (!plain) return parenthesized(expression(base));
    const std::string s = atom(base);
    if (!latex_) return s;
    if (is_symbol_node(base) && s.rfind("\\frac", 0) == 0) return parenthesized(s);  // (d pa/dt)^2, a word's velocity
    if (is_symbol_node(base) && s.find('^') != std::string::npos) return "{" + s + "}";  // a user's x^{*}
    const bool closed = s.back() == ')' || s.back() == '|';  // f_{1}(\theta)^{2}; not e^{x}^{2} or \sin\theta^{2}
    return is_call(base) && !closed ? parenthesized(s) : s;
  }

  std::string parenthesized(const std::string& s) const { return latex_ ? "\\left(" + s + "\\right)" : "(" + s + ")"; }

  // A factor: a sum gets brackets, everything else prints as itself.
  std::string atom(const ex& e) const {
    if (is_sum(e) || is_product(e) || is_power_node(e)) return parenthesized(expression(e));
    if (is_symbol_node(e)) return symbol(e);
    if (node_kind(e) == NodeKind::Constant) return constant(e);
    if (is_number(e)) {
      const numeric& n = ex_to<numeric>(e);
      return n.is_nonneg_integer() ? number(n) : parenthesized(expression(e));
    }
    if (node_kind(e) == NodeKind::Derivative) return derivative(e);
    if (is_call(e)) return latex_ ? function_latex(e, "") : function_text(e);
    return ginac_print(e);
  }

  std::string symbol(const ex& e) const {
    const auto& s = ex_to<GiNaC::symbol>(e);
    const std::string& name = s.get_name();
    if (!latex_) return name;
    // A LaTeX name given when the symbol was made (hybrid's \mu_{\mathrm{wall}}) is kept unless the
    // user's table names the symbol; names made by latex_name, or GiNaC's default, follow our rules.
    const std::string made = s.get_TeX_name();
    const bool chosen = made != latex_name(name) && made != ginac_default_tex(name);
    if (chosen && !(names_ && names_->count(name))) return made;
    return latex_name(name, names_);
  }

  // What GiNaC reports as the LaTeX name of a symbol made without one (theta → \theta, I1 → I1).
  static std::string ginac_default_tex(const std::string& name) {
    static std::mutex lock;
    static std::map<std::string, std::string> known;
    const std::lock_guard<std::mutex> guard(lock);
    auto it = known.find(name);
    if (it == known.end()) it = known.emplace(name, GiNaC::symbol(name).get_TeX_name()).first;
    return it->second;
  }

  std::string constant(const ex& e) const {
    if (e.is_equal(GiNaC::Pi)) return latex_ ? "\\pi" : "pi";  // `pi` is what the reader and SymPy read
    return ginac_print(e);
  }

  // A nonnegative number (or a complex one) on its own.
  std::string number(const numeric& n) const {
    if (!n.is_real()) {
      const numeric re = n.real(), im = n.imag();
      const std::string i = imaginary(abs(im));
      if (re.is_zero()) return im.is_negative() ? "-" + i : i;
      return number(re) + (im.is_negative() ? " - " : " + ") + i;
    }
    if (latex_ && n.is_rational() && !n.is_integer()) {
      const std::string sign = n.is_negative() ? "-" : "";
      return sign + "\\frac{" + number(abs(n.numer())) + "}{" + number(n.denom()) + "}";
    }
    // machine integers directly: a stream per number was a fifth of printing candidates to measure them
    if (n.is_integer() && n.int_length() < 63) return std::to_string(n.to_long());
    if (!latex_ && n.is_rational() && n.numer().int_length() < 63 && n.denom().int_length() < 63)
      return std::to_string(n.numer().to_long()) + "/" + std::to_string(n.denom().to_long());
    std::ostringstream os;
    if (latex_) os << GiNaC::latex;
    else os << GiNaC::dflt;
    os << GiNaC::ex(n);
    return os.str();
  }

  std::string imaginary(const numeric& v) const {
    const std::string unit = latex_ ? "i" : "I";
    if (v == 1) return unit;
    return number(v) + (latex_ ? " " : "*") + unit;
  }

  // The numeric factor in front of a product: brackets around a complex a + bi.
  std::string coefficient(const numeric& n) const {
    const std::string s = number(n);
    return !n.is_real() && !n.real().is_zero() ? parenthesized(s) : s;
  }

  std::string join(const std::vector<std::string>& parts, const std::string& sep) const {
    std::string s;
    for (const auto& p : parts) s += (s.empty() ? "" : sep) + p;
    return s;
  }

  // Factors side by side; \cdot only where a number would run into the next (2 \cdot 3^{x}).
  std::string join_latex(const std::vector<std::string>& parts) const {
    std::string s;
    for (const auto& p : parts) s += s.empty() ? p : (is_digit(p.front()) ? " \\cdot " : " ") + p;
    return s;
  }

  std::string arguments(const ex& e) const {
    std::string s;
    for (std::size_t i = 0; i < e.nops(); ++i) s += (i ? ", " : "") + expression(e.op(i));
    return s;
  }

  std::string sequence(const ex& e, const std::string& open, const std::string& close) const {
    return open + arguments(e) + close;
  }

  std::string relation(const ex& e) const {
    using GiNaC::info_flags;
    static const std::vector<std::tuple<unsigned, const char*, const char*>> ops = {
        {info_flags::relation_equal, "==", "="},         {info_flags::relation_not_equal, "!=", "\\neq"},
        {info_flags::relation_less_or_equal, "<=", "\\leq"}, {info_flags::relation_greater_or_equal, ">=", "\\geq"},
        {info_flags::relation_less, "<", "<"},           {info_flags::relation_greater, ">", ">"}};
    std::string op = "==";
    for (const auto& [flag, text, tex] : ops)
      if (e.info(flag)) {
        op = latex_ ? tex : text;
        break;
      }
    return expression(e.op(0)) + " " + op + " " + expression(e.op(1));
  }

  bool is_operator_function(const ex& e) const {
    return is_call(e) && !(node_kind(e) == NodeKind::Derivative) && !is_abstract_jet(e) &&
           operator_heads().count(ex_to<GiNaC::function>(e).get_name());
  }

  std::string function_text(const ex& e) const {
    const std::string name = ex_to<GiNaC::function>(e).get_name();
    if (is_abstract_jet(e) || plain_text_function(name)) return name + "(" + arguments(e) + ")";
    return ginac_print(e);
  }

  // `script` (an exponent) goes on the head of an operator: \sin^{2}\theta.
  std::string function_latex(const ex& e, const std::string& script) const {
    const std::string name = ex_to<GiNaC::function>(e).get_name();
    if (is_abstract_jet(e)) return function_name_latex(e) + "(" + arguments(e) + ")" + script;
    auto head = operator_heads().find(name);
    if (head != operator_heads().end()) {
      const ex& x = e.op(0);
      if (!is_symbol_node(x)) return head->second + script + "(" + expression(x) + ")";
      const std::string arg = symbol(x);
      return head->second + script + (arg.front() == '\\' ? "" : " ") + arg;
    }
    std::string s;
    if (name == "exp") s = "e^{" + expression(e.op(0)) + "}";
    else if (name == "abs") s = "\\left|" + expression(e.op(0)) + "\\right|";
    else if (name == "atan2") s = "\\operatorname{atan2}(" + arguments(e) + ")";
    else s = ginac_print(e);
    return script.empty() ? s : parenthesized(s) + script;
  }

  // An abstract function's name: the user's table, else the LaTeX given at its declaration, else latex_name.
  std::string function_name_latex(const ex& e) const {
    const auto& f = ex_to<GiNaC::function>(e);
    const std::string declared = abstract_function_latex(f.get_serial());
    if (declared.empty() || (names_ && names_->count(f.get_name()))) return latex_name(f.get_name(), names_);
    return declared;
  }

  // Derivatives of abstract functions: f_{1}''(\theta), \partial_{12} V(x, y); in text the reader's
  // diff(f2(theta), theta, 2), nested for several arguments.
  std::string derivative(const ex& e) const {
    if (!is_abstract_jet(e)) return ginac_print(e);
    const auto& fd = ex_to<GiNaC::fderivative>(e);
    if (!latex_) return diff_text(e);
    std::string tex = function_name_latex(e);
    const auto n = fd.derivatives().size();
    if (e.nops() == 1) {
      tex += n <= 3 ? std::string(n, '\'') : "^{(" + std::to_string(n) + ")}";
    } else {
      std::string sub;
      for (unsigned p : fd.derivatives()) sub += std::to_string(p + 1);
      tex = "\\partial_{" + sub + "}" + tex;
    }
    return tex + "(" + arguments(e) + ")";
  }

  // diff(f(x, y), x) is ∂_1 f only when x is a symbol that appears in no other argument; otherwise
  // GiNaC's D[0](f)(args), which says what it is though no reader takes it.
  std::string diff_text(const ex& e) const {
    const auto& fd = ex_to<GiNaC::fderivative>(e);
    std::map<unsigned, unsigned> order;
    for (unsigned p : fd.derivatives()) ++order[p];
    bool expressible = true;
    for (const auto& [slot, k] : order) {
      expressible = expressible && is_symbol_node(e.op(slot));
      for (std::size_t j = 0; j < e.nops() && expressible; ++j)
        expressible = j == slot || !e.op(j).has(e.op(slot));
    }
    const std::string call = fd.get_name() + "(" + arguments(e) + ")";
    if (!expressible) {
      std::string params;
      for (unsigned p : fd.derivatives()) params += (params.empty() ? "" : ",") + std::to_string(p);
      return "D[" + params + "](" + fd.get_name() + ")(" + arguments(e) + ")";
    }
    std::string s = call;
    for (const auto& [slot, k] : order)
      s = "diff(" + s + ", " + symbol(e.op(slot)) + (k > 1 ? ", " + std::to_string(k) : "") + ")";
    return s;
  }

  // GiNaC's printer for a head we do not know (custom print functions, TeX names), with each operand
  // a placeholder filled in by our own printing, so that the operands still print in our order.
  std::string ginac_print(const ex& e) const {
    std::ostringstream os;
    const GiNaC::print_dflt dflt(os);
    const GiNaC::print_latex tex(os);
    const GiNaC::print_context& c = latex_ ? static_cast<const GiNaC::print_context&>(tex) : dflt;
    if (!is_call(e)) {
      e.print(c);  // numbers' floats, constants, other GiNaC classes
      return os.str();
    }
    GiNaC::exvector slots;
    for (std::size_t i = 0; i < e.nops(); ++i) {
      const std::string name = "@" + std::to_string(i) + "@";
      slots.push_back(GiNaC::symbol(name, name));
    }
    const auto& f = ex_to<GiNaC::function>(e);
    if (node_kind(e) == NodeKind::Derivative)
      GiNaC::fderivative(f.get_serial(), ex_to<GiNaC::fderivative>(e).derivatives(), slots).print(c);
    else
      GiNaC::function(f.get_serial(), slots).print(c);
    std::vector<std::string> operands;
    for (std::size_t i = 0; i < e.nops(); ++i) operands.push_back(expression(e.op(i)));
    return fill(os.str(), operands);
  }

  static std::string fill(std::string s, const std::vector<std::string>& operands) {
    for (std::size_t i = 0; i < operands.size(); ++i) {
      const std::string slot = "@" + std::to_string(i) + "@";
      for (std::size_t at = s.find(slot); at != std::string::npos; at = s.find(slot, at + operands[i].size()))
        s.replace(at, slot.size(), operands[i]);
    }
    return s;
  }

  bool latex_;
  const LatexNames* names_;
  mutable int fraction_depth_ = 0;  ///< how many \frac bars enclose what is being printed
};

// The sum factor of a product to break a display at: the one with most terms (the first of those).
std::size_t widest_sum(const std::vector<ex>& factors) {
  std::size_t best = factors.size();
  for (std::size_t i = 0; i < factors.size(); ++i)
    if (is_sum(factors[i]) && (best == factors.size() || factors[i].nops() > factors[best].nops()))
      best = i;
  return best;
}

}  // namespace

std::string to_latex(const GiNaC::ex& e, const LatexNames* names) { return Printer(true, names).expression(e); }

std::string to_text(const GiNaC::ex& e) { return Printer(false, nullptr).expression(e); }

std::size_t text_operations(const GiNaC::ex& e) { return Printer(false, nullptr).operations(e); }

std::size_t text_operations_unsigned(const GiNaC::ex& e) { return Printer(false, nullptr).unsigned_operations(e); }

bool text_leads_with_minus(const GiNaC::ex& e) { return Printer::leading_minus(e); }

bool text_leads_with_minus(const GiNaC::ex& e, const GiNaC::exmap& atoms) {
  const OrderedAsAtoms ordered(atoms);
  return Printer::leading_minus(e);
}

std::size_t operations_in(const std::string& t) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '+' || c == '-' || c == '*' || c == '/' || c == '^') ++n;
    if (c == '(' && i > 0 && (std::isalnum(static_cast<unsigned char>(t[i - 1])) || t[i - 1] == '_')) ++n;  // a call
  }
  return n;
}

std::string detail::str(const GiNaC::ex& e) { return to_text(e); }

LatexBreaks latex_breaks(const GiNaC::ex& e, const LatexNames* names) {
  const Printer p(true, names);
  if (is_sum(e)) return {"", p.summands(e, false), ""};
  if (is_product(e)) {
    const std::vector<ex> factors = ordered_operands(e);
    const std::size_t k = widest_sum(factors);
    if (k < factors.size()) {
      const bool turned = leads_with_minus(factors[k]);
      ex rest = turned ? -1 : 1;
      for (std::size_t i = 0; i < factors.size(); ++i)
        if (i != k) rest *= factors[i];
      // (GiNaC distributes a lone number over a remaining sum: -(a + b) → -a - b, hence the brackets)
      const std::string factor = rest.is_equal(1)    ? ""
                                 : rest.is_equal(-1) ? "-"
                                 : is_sum(rest) ? "\\left(" + p.expression(rest) + "\\right)"
                                                          : p.expression(rest);
      return {factor + "\\Bigl(", p.summands(factors[k], turned), "\\Bigr)"};
    }
  }
  return {"", {p.expression(e)}, ""};
}

}  // namespace hamel
