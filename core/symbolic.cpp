// core/symbolic.cpp — canonical form with sin² + cos² = 1, and numeric probing.
#include "core/symbolic.hpp"

#include "core/modular.hpp"

#include "core/rational_function.hpp"

#include "core/latex.hpp"

#include <cln/rational.h>
#include <cln/real.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "core/abstract_function.hpp"
#include "core/ball.hpp"
#include "core/chain_rule.hpp"
#include "core/effort.hpp"
#include "core/error.hpp"
#include "core/integer_factor.hpp"
#include "core/monomial.hpp"
#include "core/node_memo.hpp"
#include "core/node_kind.hpp"
#include "core/stored_terms.hpp"
#include "core/term_order.hpp"

namespace hamel {
namespace {

using GiNaC::ex;
using GiNaC::is_a;
using GiNaC::ex_to;

// ---------------------------------------------------------------------------------------------
// sin x, cos x ↦ polynomial unknowns s_x, c_x (one pair per symbol x, shared for the process).
struct TrigPair {
  GiNaC::realsymbol s, c;
  ex x;
};

std::map<ex, TrigPair, GiNaC::ex_is_less>& trig_pairs() {
  static std::map<ex, TrigPair, GiNaC::ex_is_less> pairs;
  return pairs;
}

// s_x and c_x ↦ their pair (entries of a std::map stay where they are).
std::map<ex, const TrigPair*, GiNaC::ex_is_less>& pair_owners() {
  static std::map<ex, const TrigPair*, GiNaC::ex_is_less> owners;
  return owners;
}

const TrigPair& pair_for(const ex& x) {
  auto& pairs = trig_pairs();
  auto it = pairs.find(x);
  if (it == pairs.end()) {
    std::ostringstream name;
    name << x;
    TrigPair p{GiNaC::realsymbol("sin_" + name.str()), GiNaC::realsymbol("cos_" + name.str()), x};
    it = pairs.emplace(x, p).first;
    pair_owners()[it->second.s] = &it->second;
    pair_owners()[it->second.c] = &it->second;
  }
  return it->second;
}

// Symbols in the order of their names (see in_name_order).
std::vector<ex> by_name(const GiNaC::exset& syms) {
  return in_name_order({syms.begin(), syms.end()}, [](const ex& s) { return ex_to<GiNaC::symbol>(s).get_name(); });
}

// The pairs whose s_x or c_x occur in e, ordered by the names of their arguments. One walk of e rather than one per
// pair: the table lives as long as the process, and a long run (a fuzzer, a server) meets thousands
// of arguments — a walk per pair made every canonical form slower as the process aged.
std::vector<const TrigPair*> pairs_of_symbols(const GiNaC::exset& syms);

std::vector<const TrigPair*> pairs_in(const ex& e) {
  GiNaC::exset syms;
  collect_symbols(e, syms);
  return pairs_of_symbols(syms);
}

// The pairs among the symbols syms.
std::vector<const TrigPair*> pairs_of_symbols(const GiNaC::exset& syms) {
  std::map<ex, const TrigPair*, GiNaC::ex_is_less> owner_of;  // argument x ↦ its pair
  for (const auto& sy : syms) {
    const auto it = pair_owners().find(sy);
    if (it != pair_owners().end()) owner_of[it->second->x] = it->second;
  }
  GiNaC::exset args;
  for (const auto& kv : owner_of) args.insert(kv.first);
  std::vector<const TrigPair*> out;
  for (const ex& x : by_name(args)) out.push_back(owner_of.at(x));
  return out;
}

bool has_symbol(const ex& e) { return is_symbol_node(e) || any_operand(e, [](const ex& x) { return has_symbol(x); }); }

// Exact rational value of a floating-point number, so that canonical arithmetic is exact.
ex exact(const GiNaC::numeric& n) {
  if (n.is_rational() || !n.is_real()) return n;
  return GiNaC::numeric(cln::rational(cln::the<cln::cl_R>(n.to_cl_N())));
}

ex simplify_impl(const ex& e, bool& pure);
ex simplified_part(const ex& e, bool& pure);

// Rewrites a trigonometric function of an integer-linear argument as a polynomial in the s_x, c_x,
// using e^{i(Σ n_k x_k + r)} = e^{ir} Π (c_k + i s_k)^{n_k}.  Returns false if the argument is not
// of that shape.
bool trig_polynomial(const ex& arg, bool want_sin, ex& out) {
  const ex a = arg.expand();
  ex rest = 0;
  ex phase = 1;
  const auto term = [&](const ex& t) -> bool {
    if (!has_symbol(t)) {
      rest += t;
      return true;
    }
    ex sym = t, coeff = 1;
    if (is_a<GiNaC::mul>(t) && t.nops() == 2 && is_a<GiNaC::numeric>(t.op(1))) {
      sym = t.op(0);
      coeff = t.op(1);
    }
    if (!is_a<GiNaC::symbol>(sym) || !ex_to<GiNaC::numeric>(coeff).is_integer()) return false;
    const auto& p = pair_for(sym);
    const int n = ex_to<GiNaC::numeric>(coeff).to_int();
    const ex z = n >= 0 ? p.c + GiNaC::I * p.s : p.c - GiNaC::I * p.s;
    phase *= GiNaC::pow(z, std::abs(n));
    return true;
  };
  if (is_a<GiNaC::add>(a)) {
    for (std::size_t i = 0; i < a.nops(); ++i)
      if (!term(a.op(i))) return false;
  } else if (!term(a)) {
    return false;
  }
  if (!rest.is_zero()) phase *= GiNaC::cos(rest) + GiNaC::I * GiNaC::sin(rest);
  const ex z = phase.expand();
  out = want_sin ? GiNaC::imag_part(z).expand() : GiNaC::real_part(z).expand();
  return true;
}

// Turns an expression into a rational expression in the s_x, c_x; non-rational parts become atoms
// whose arguments are themselves in canonical (sin/cos) form.  `pure` is cleared when an atom is met
// that the canonical form cannot decide (sqrt, exp, sin of a non-linear argument, constants other
// than π).
struct ToPolynomial : GiNaC::map_function {
  bool pure = true;
  ex operator()(const ex& e) override {
    const NodeKind kind = node_kind(e);  // not is_a: a failed dynamic_cast compares type names
    if (kind == NodeKind::Number) return exact(ex_to<GiNaC::numeric>(e));
    if (kind == NodeKind::Symbol) return e;
    // each shared subtree once (`pure` only ever turns false: a remembered answer needs no flag)
    if (!NodeMemo<ex>::shared(e)) return convert(e);
    if (const ex* r = memo_.find(e)) return *r;
    return memo_.remember(e, convert(e));
  }

 private:
  NodeMemo<ex> memo_;

  ex convert(const ex& e) {
    const NodeKind kind = node_kind(e);
    if (kind == NodeKind::Constant) {
      if (!e.is_equal(GiNaC::Pi)) pure = false;
      return e;
    }
    if (kind == NodeKind::Sum || kind == NodeKind::Product) return e.map(*this);
    if (kind == NodeKind::Power) {
      const ex expo = e.op(1);
      if (is_number(expo) && ex_to<GiNaC::numeric>(expo).is_integer())
        return GiNaC::pow((*this)(e.op(0)), expo);
      pure = false;
      return GiNaC::pow(simplified_part(e.op(0), pure), simplified_part(expo, pure));
    }
    const bool is_sin = GiNaC::is_the_function<GiNaC::sin_SERIAL>(e);
    const bool is_cos = GiNaC::is_the_function<GiNaC::cos_SERIAL>(e);
    const bool is_tan = GiNaC::is_the_function<GiNaC::tan_SERIAL>(e);
    if ((is_sin || is_cos || is_tan) && !has_symbol(e.op(0))) {
      // A constant GiNaC leaves unevaluated (cos(1), sin(π/7)): an opaque atom.  Expanding it would
      // give back cos(1) + i sin(1) and recurse without end; relations among such constants
      // (cos(2) = 2cos²(1) − 1) are left to the numeric probe.
      pure = false;
      return e;
    }
    if ((is_sin || is_cos || is_tan) && is_symbol_node(e.op(0))) {  // sin x ↦ s_x: what trig_polynomial gives, at once
      const TrigPair& p = pair_for(e.op(0));
      return is_sin ? ex(p.s) : is_cos ? ex(p.c) : p.s / p.c;
    }
    if (is_sin || is_cos || is_tan) {
      ex s, c;
      if (trig_polynomial(e.op(0), true, s) && trig_polynomial(e.op(0), false, c)) {
        if (is_sin) return (*this)(s);
        if (is_cos) return (*this)(c);
        return (*this)(s) / (*this)(c);
      }
      pure = false;
      const ex arg = simplified_part(e.op(0), pure);
      if (is_sin) return GiNaC::sin(arg);
      if (is_cos) return GiNaC::cos(arg);
      return GiNaC::sin(arg) / GiNaC::cos(arg);
    }
    if (is_a<GiNaC::function>(e)) {
      // Abstract functions are independent unknowns (pure); other functions are opaque atoms.
      if (!is_abstract_jet(e)) pure = false;
      GiNaC::exvector args;
      for (std::size_t i = 0; i < e.nops(); ++i) args.push_back(simplified_part(e.op(i), pure));
      ex r = e;
      for (std::size_t i = 0; i < args.size(); ++i) r.let_op(i) = args[i];
      return r;
    }
    pure = false;
    return e;
  }
};

// Reduces a polynomial modulo c_x² = 1 − s_x² for every trig pair it contains.
ex reduce_circle(const ex& poly) {
  ex p = poly.expand();
  for (const TrigPair* pair : pairs_in(p)) p = replace_square(p, pair->c, pair->s);
  return p;
}

CirclePairs circles_in(const ex& e) {
  CirclePairs out;
  for (const TrigPair* tp : pairs_in(e)) out.emplace_back(tp->s, tp->c);
  return out;
}

ex back_to_trig(const ex& e) {
  GiNaC::exmap m;
  for (const TrigPair* tp : pairs_in(e)) {
    m[tp->s] = GiNaC::sin(tp->x);
    m[tp->c] = GiNaC::cos(tp->x);
  }
  return m.empty() ? e : e.subs(m, GiNaC::subs_options::no_pattern);
}

// GiNaC's normal form writes x^(p/q) as a power p of a new symbol, so x^(2325833/2500) (from
// x^(466.6666 - ...), found by fuzzing) became a polynomial of degree 2 325 833 and its gcds took
// minutes. Integer exponents are at most 1000 (io/expression_reader.cpp); fractional ones likewise.
constexpr long kMaxRootNumerator = 1000;

struct CanonicalFormTooCostly : std::runtime_error {
  explicit CanonicalFormTooCostly(const char* why = "a fractional power with a numerator beyond 1000")
      : std::runtime_error(why) {}
};

bool has_costly_root(const ex& e) {
  if (is_power_node(e) && is_number(e.op(1))) {
    const GiNaC::numeric x = ex_to<GiNaC::numeric>(e.op(1));
    if (x.is_rational() && !x.is_integer() && GiNaC::abs(x.numer()) > kMaxRootNumerator) return true;
  }
  return any_operand(e, [](const ex& x) { return has_costly_root(x); });
}

// GiNaC's normal form writes a root of 1/S, for a sum S, as (1/S)^x, and 1/S is stored as -1/(-S) when
// the first term of S in GiNaC's hash order is negative; (-1/(-S))^x then does not merge with S^y as
// (1/S)^x = S^(-x) does (GiNaC merges (S^-1)^x itself for x > 0), and √S·√(1/S) cancelled in one run and
// not in the next. Written S^(-x), the same rule for either sign.
struct MergeRoots : GiNaC::map_function {
  ex operator()(const ex& e) override {
    if (is_a<GiNaC::power>(e) && is_a<GiNaC::numeric>(e.op(1)) && ex_to<GiNaC::numeric>(e.op(1)).is_positive() &&
        !ex_to<GiNaC::numeric>(e.op(1)).is_integer()) {
      const ex b = e.op(0);
      if (is_a<GiNaC::mul>(b) && b.nops() == 2 && b.op(1).is_equal(-1) && is_a<GiNaC::power>(b.op(0)) &&
          b.op(0).op(1).is_equal(-1) && is_a<GiNaC::add>(b.op(0).op(0)))
        return GiNaC::pow((*this)(-b.op(0).op(0)), -e.op(1));
    }
    return e.map(*this);
  }
};

// x^(p/q) (q > 1) as the p-th power of a symbol standing for x^(1/q), as GiNaC's normal() takes it, and
// a power with any other exponent that is not an integer (x^y, x^0.5) as a symbol standing for it;
// `back` maps the symbols to what they stand for. The symbols are named after that text, so that the
// fraction's variable order does not depend on the run.
struct PowersAsSymbols : GiNaC::map_function {
  std::map<ex, ex, GiNaC::ex_is_less> symbol_of;
  GiNaC::exmap back;
  ex symbol_for(const ex& atom) {
    auto it = symbol_of.find(atom);
    if (it == symbol_of.end()) {
      const GiNaC::symbol s("atom(" + to_text(atom) + ")");
      it = symbol_of.emplace(atom, s).first;
      back[s] = atom;
    }
    return it->second;
  }
  ex operator()(const ex& e) override {
    if (!is_a<GiNaC::power>(e)) return e.map(*this);
    if (!is_a<GiNaC::numeric>(e.op(1))) return symbol_for(e);
    const GiNaC::numeric x = ex_to<GiNaC::numeric>(e.op(1));
    if (x.is_integer()) return e.map(*this);
    if (!x.is_rational()) return symbol_for(e);
    return GiNaC::pow(symbol_for(GiNaC::pow((*this)(e.op(0)), 1 / GiNaC::numeric(x.denom()))), x.numer());
  }
};

bool has_symbolic_exponent(const ex& e) {
  return (is_power_node(e) && !is_number(e.op(1))) || any_operand(e, [](const ex& x) { return has_symbolic_exponent(x); });
}

// Expressions with roots of this size or more (tree nodes) get their fraction from FLINT, with each
// root a variable (PowersAsSymbols); smaller ones from GiNaC's normal(), as before (every example's
// output is unchanged). The ellipsoid under gravity with symbolic semi-axes (bench/systems): one
// equation of motion of 2907 nodes took 70 s in normal()'s gcds; the whole derivation takes 1.2 s.
// Powers with symbolic exponents always go to FLINT: normal() goes through a tower x^(a^(b^…)) once per
// level and again inside each, exponential in its height (fuzz bug 22: a height of about 30, hours).
constexpr std::size_t kRootsByFlintNodes = 1000;

// The fraction of p (not pure: roots or other atoms) from FLINT when it is large or holds a symbolic
// exponent; nullopt otherwise.
std::optional<ex> fraction_by_flint(const ex& p) {
  if (!has_symbolic_exponent(p) && tree_size(p, kRootsByFlintNodes) < kRootsByFlintNodes) return std::nullopt;
  PowersAsSymbols powers;
  const ex q = powers(p);
  const auto f = cancelled_fraction(q, circles_in(q));
  if (!f) return std::nullopt;
  MergeRoots merge;
  return back_to_trig(merge(f->numerator.subs(powers.back, GiNaC::subs_options::no_pattern)).expand() / merge(f->denominator.subs(powers.back, GiNaC::subs_options::no_pattern)).expand());
}

// The canonical form of p, the rational expression ToPolynomial made of an expression (`pure`: with
// canonical atoms only).
ex canonical_form(const ex& p, bool pure) {
  try {
    if (pure) {
      if (const auto f = cancelled_fraction(p, circles_in(p))) return back_to_trig(f->numerator / f->denominator);
    } else if (const auto f = fraction_by_flint(p)) {
      return *f;
    }
  } catch (const FractionTooLarge& e) {
    throw CanonicalFormTooCostly(e.what());  // GiNaC's normal() would build the same polynomial
  }
  const ex nd = p.numer_denom();
  const ex num = reduce_circle(nd.op(0));
  if (num.is_zero()) return 0;
  const ex den = reduce_circle(nd.op(1));
  if (den.is_zero())
    throw DomainError(detail::message("simplify", "division by an expression that is identically zero",
                                      "a nonzero denominator", detail::str(back_to_trig(nd.op(1)))));
  // Cancelling common factors only lowers degrees, so the result stays reduced. GiNaC's gcd leaves
  // the quotient in a recursive form around a variable it picks in hash order (36*c^10*(...) +
  // 12*c^8*(...) in one run, a^10*(...) + ... in the next): expanded, N and D read the same in every run.
  const ex q = (num / den).numer_denom();
  if (pure) return back_to_trig(q.op(0).expand() / q.op(1).expand());
  MergeRoots merge;
  return back_to_trig(merge(q.op(0)).expand() / merge(q.op(1)).expand());
}

ex simplify_impl(const ex& e, bool& pure) {
  if (is_a<GiNaC::numeric>(e)) return exact(ex_to<GiNaC::numeric>(e));
  if (is_a<GiNaC::symbol>(e)) return e;
  if (has_costly_root(e)) throw CanonicalFormTooCostly();
  ToPolynomial to_poly;
  const ex p = to_poly(e);
  pure = pure && to_poly.pure;
  return canonical_form(p, to_poly.pure);
}

// simplify_impl of a part of an atom (a base, an exponent, a function's argument), remembered: a
// derivative of a tower x^(a^(b^…)) holds the tower many times over, and each zero test of it met
// every level again (fuzz bug 24: 21 s for one Lagrangian). Bounded per thread; a part depends on
// nothing but itself (derivative rules are applied before simplify_impl).
ex simplified_part(const ex& e, bool& pure) {
  if (is_a<GiNaC::numeric>(e) || is_a<GiNaC::symbol>(e)) return simplify_impl(e, pure);
  constexpr std::size_t kRemembered = 4096;
  thread_local std::unordered_map<ex, std::pair<ex, bool>, std::hash<ex>, GiNaC::ex_is_equal> parts;
  if (const auto it = parts.find(e); it != parts.end()) {
    pure = pure && it->second.second;
    return it->second.first;
  }
  bool part_pure = true;
  const ex r = simplify_impl(e, part_pure);
  if (parts.size() >= kRemembered) parts.clear();
  parts.emplace(e, std::make_pair(r, part_pure));
  pure = pure && part_pure;
  return r;
}

// ---------------------------------------------------------------------------------------------
// Numeric probing.

struct DigitsGuard {
  long saved;
  explicit DigitsGuard(int d) : saved(GiNaC::Digits) { GiNaC::Digits = d; }
  ~DigitsGuard() { GiNaC::Digits = saved; }
};

// Values beyond 10^1000 are refused at a probe point (the point is redrawn). CLN represents them,
// but a power or a trigonometric function of such a value reduces its argument modulo π or log 2 to
// full precision: 4^(y^62) at y = 1.9 is about 10^(10^17), and x^that for x < 0 asked CLN for
// gigabytes (found by fuzzing); values up to 10^40000 still cost seconds each. No mechanics needs
// them; an expression whose constants alone exceed the bound gets a clear error from probe().
struct OutOfRange : std::range_error {
  OutOfRange() : std::range_error("a value beyond 10^1000 at this point") {}
};

// probe()'s error when every point drawn was beyond 10^1000: no rewriting makes such an expression
// cheaper to probe, so the zero test passes it on instead of trying the canonical form.
struct BeyondEverywhere : DomainError {
  using DomainError::DomainError;
};

constexpr double kLnBig = 2302.585;  // ln 10^1000

// ln of an upper bound for |b^x| for floating-point b, x, from doubles: CLN computes b^x as
// exp(x log b) to full precision, and exp of an argument of 10^40 alone costs a tenth of a second
// (towers of powers written by the fuzzer spent minutes redrawing points).
double ln_power_bound(const GiNaC::numeric& b, const GiNaC::numeric& x) {
  if (b.is_zero() || x.is_zero()) return 0;
  // |b| <= 10^1000 and |x| <= 10^1000 (checked at the leaves), so ln|b| is a double; CLN's log is
  // needed only outside the range of doubles.
  const GiNaC::numeric abs_b = GiNaC::abs(b);
  const double d = abs_b.to_double();
  const double ln_b = std::isfinite(d) && d > 0 ? std::log(d) : GiNaC::log(abs_b).to_double();
  if (b.is_real() && x.is_real()) return ln_b == 0 ? 0 : x.to_double() * ln_b;  // x may be ±inf
  constexpr double kPi = 3.14159265358979;
  return GiNaC::abs(x).to_double() * (std::fabs(ln_b) + kPi);  // arg b (or x complex) adds at most π|x|
}

// exp, sinh, cosh and tanh grow (or are computed from values that grow) like exp|Re argument|.
bool is_exponential(const ex& e) {
  using namespace GiNaC;  // is_ex_the_function names the function's serial unqualified
  return is_ex_the_function(e, exp) || is_ex_the_function(e, sinh) || is_ex_the_function(e, cosh) ||
         is_ex_the_function(e, tanh);
}

// e at a point in floating point, with a bound on its rounding error propagated from the leaves up
// (running error analysis, to first order): a sum adds the errors of its terms, a product their
// relative errors, a power or a function multiplies the errors of its arguments by its derivative,
// and every operation adds a few units in the last place of its own value. A value far above its
// bound is nonzero whatever its scale. The fixed floor this replaces took tiny values for zeros
// (fuzzing found m/(x_dot^932 + C^(y_dot^2)), about 10^-490 everywhere), and rounding noise that had
// passed through a function (whose size it did not follow) for a nonzero value.
struct PointValue {
  ex value;
  GiNaC::numeric err;
};

ex within_bound(const ex& v) {
  static const GiNaC::numeric kBig = GiNaC::numeric(10).power(1000);
  if (is_a<GiNaC::numeric>(v) && GiNaC::abs(ex_to<GiNaC::numeric>(v)) > kBig) throw OutOfRange();
  return v;
}

GiNaC::numeric abs_or_zero(const ex& v) {
  return is_a<GiNaC::numeric>(v) ? GiNaC::abs(ex_to<GiNaC::numeric>(v)) : GiNaC::numeric(0);
}

// Evaluated from the leaves up, in one pass, so that each intermediate value is checked before
// anything is computed from it; powers and exponentials are bounded from their arguments before they
// are computed (GiNaC evaluates them as soon as their arguments are numbers). Powers and functions
// are remembered: derivatives repeat them many times, and each costs CLN an exp and a log.
using OperandOrder = std::unordered_map<ex, std::vector<ex>, std::hash<ex>, GiNaC::ex_is_equal>;

struct ValueAt {
  const GiNaC::exmap& pt;
  GiNaC::numeric ulp;  // 4 units of rounding at the working precision: the error one operation adds
  std::unordered_map<ex, PointValue, std::hash<ex>, GiNaC::ex_is_equal> seen;
  // Terms and factors are taken in term order (core/term_order.hpp), not GiNaC's hash order, so that
  // the rounding, and the value reported for a zero, are the same in every run; each node is sorted
  // once per probe, not once per point.
  OperandOrder* order;

  const std::vector<ex>& operands(const ex& e) {
    auto it = order->find(e);
    if (it == order->end()) it = order->emplace(e, ordered_operands(e)).first;
    return it->second;
  }

  GiNaC::numeric rounding(const ex& v) const { return ulp * abs_or_zero(v); }

  // A float from the input (0.1 in a system file) has its own, shorter precision, and CLN computes at
  // the shorter precision of its operands: its exact binary value is carried at the working precision.
  static ex at_working_precision(const GiNaC::numeric& n) {
    if (n.is_real()) return exact(n).evalf();
    return (exact(n.real()) + GiNaC::I * exact(n.imag())).evalf();
  }

  PointValue operator()(const ex& e) {
    if (is_a<GiNaC::symbol>(e)) {
      const auto it = pt.find(e);
      const ex v = it == pt.end() ? e : it->second;
      return {v, rounding(v)};
    }
    if (is_a<GiNaC::add>(e) || is_a<GiNaC::mul>(e)) return is_a<GiNaC::add>(e) ? sum(e) : product(e);
    if (e.nops() == 0) {
      const ex v = within_bound(is_a<GiNaC::numeric>(e) ? at_working_precision(ex_to<GiNaC::numeric>(e)) : e.evalf());
      return {v, rounding(v)};
    }
    const auto known = seen.find(e);
    if (known != seen.end()) return known->second;
    const PointValue r = is_a<GiNaC::power>(e) ? power(e) : function(e);
    seen.emplace(e, r);
    return r;
  }

  // The operands' values in an order that does not depend on GiNaC's hash order: by value (then error
  // bound) when all are numbers, which orders equal values alike whatever their terms; else in term
  // order (core/term_order.hpp), whose sort compared towers of powers level by level and took most of a
  // probe of their derivatives (fuzz bug 25).
  std::vector<PointValue> operand_values(const ex& e) {
    std::vector<PointValue> values;
    values.reserve(e.nops());
    for (std::size_t i = 0; i < e.nops(); ++i) {
      values.push_back((*this)(e.op(i)));
      if (!is_a<GiNaC::numeric>(values.back().value)) {
        values.clear();
        for (const ex& x : operands(e)) values.push_back((*this)(x));
        return values;
      }
    }
    std::sort(values.begin(), values.end(), [](const PointValue& a, const PointValue& b) {
      const GiNaC::numeric& x = ex_to<GiNaC::numeric>(a.value);
      const GiNaC::numeric& y = ex_to<GiNaC::numeric>(b.value);
      if (x.real() != y.real()) return x.real() < y.real();
      if (x.imag() != y.imag()) return x.imag() < y.imag();
      return a.err < b.err;
    });
    return values;
  }

  PointValue sum(const ex& e) {
    ex v = 0;
    GiNaC::numeric err = 0;
    for (const PointValue& c : operand_values(e)) {
      v = within_bound((v + c.value).evalf());
      err += c.err + rounding(v);
    }
    return {v, err};
  }

  // |(p + dp)(c + dc) - pc| <= |dp| (|c| + |dc|) + |p| |dc|: no division, so exact zeros are harmless.
  PointValue product(const ex& e) {
    ex v = 1;
    GiNaC::numeric err = 0;
    for (const PointValue& c : operand_values(e)) {
      err = err * (abs_or_zero(c.value) + c.err) + abs_or_zero(v) * c.err;
      v = within_bound((v * c.value).evalf());
      err += rounding(v);
    }
    return {v, err};
  }

  // An error bound that proves nothing: the value is not known to be nonzero.
  static PointValue lost(const ex& v, const GiNaC::numeric& err) { return {v, 2 * (abs_or_zero(v) + err)}; }

  // d(b^x) = b^x (x db/b + ln b dx), and |ln b| <= |ln|b|| + pi < |ln|b|| + 4 for complex b.
  PointValue power(const ex& e) {
    const PointValue b = (*this)(e.op(0)), x = (*this)(e.op(1));
    if (is_a<GiNaC::numeric>(b.value) && is_a<GiNaC::numeric>(x.value) &&
        std::fabs(ln_power_bound(ex_to<GiNaC::numeric>(b.value), ex_to<GiNaC::numeric>(x.value))) > kLnBig)
      throw OutOfRange();
    const ex v = within_bound(GiNaC::pow(b.value, x.value).evalf());
    const GiNaC::numeric ab = abs_or_zero(b.value);
    if (ab.is_zero()) return b.err.is_zero() ? PointValue{v, rounding(v)} : lost(v, b.err);
    const GiNaC::numeric gain = abs_or_zero(x.value) * b.err / ab +
                                (GiNaC::abs(GiNaC::log(ab)) + GiNaC::numeric(4)) * x.err;
    if (gain > GiNaC::numeric(1, 10)) return lost(v, b.err + x.err);
    return {v, 2 * gain * abs_or_zero(v) + rounding(v)};
  }

  PointValue function(const ex& e) {
    ex f = e;  // the arguments' values in place of the arguments
    std::vector<PointValue> args;
    for (std::size_t i = 0; i < e.nops(); ++i) {
      args.push_back((*this)(e.op(i)));
      f.let_op(i) = args.back().value;
    }
    if (is_exponential(e) && is_a<GiNaC::numeric>(f.op(0)) &&
        std::fabs(ex_to<GiNaC::numeric>(f.op(0)).real().to_double()) > kLnBig)
      throw OutOfRange();
    const ex v = within_bound(f.evalf());
    GiNaC::numeric err = rounding(v), in = 0;
    for (std::size_t i = 0; i < args.size(); ++i) {
      if (args[i].err.is_zero()) continue;
      in += args[i].err;
      const std::optional<GiNaC::numeric> slope = derivative_size(e, f, v, i);
      if (!slope) return lost(v, in);
      err += 2 * *slope * args[i].err;
    }
    return {v, err};
  }

  // |∂f/∂a_i| at the point a, f(a) = v, from GiNaC's derivative of f; the common functions need none.
  static std::optional<GiNaC::numeric> derivative_size(const ex& e, const ex& at, const ex& v, std::size_t i) {
    using namespace GiNaC;  // is_ex_the_function names the function's serial unqualified
    if (is_a<numeric>(at.op(0))) {
      const numeric& a = ex_to<numeric>(at.op(0));
      if ((is_ex_the_function(e, sin) || is_ex_the_function(e, cos)) && a.is_real()) return numeric(1);
      if (is_ex_the_function(e, exp)) return abs_or_zero(v);
      if (is_ex_the_function(e, log) && !a.is_zero()) return 1 / abs(a);
    }
    try {
      static const symbol t("probe_slope");
      ex g = at;
      g.let_op(i) = t;
      const ex d = g.diff(t).subs(t == at.op(i)).evalf();
      if (!is_a<numeric>(d)) return std::nullopt;
      return abs(ex_to<numeric>(d));
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
};

PointValue value_at(const ex& e, const GiNaC::exmap& pt, OperandOrder* order = nullptr) {
  OperandOrder local;
  ValueAt at{pt, 4 * GiNaC::numeric(10).power(-static_cast<long>(GiNaC::Digits)), {}, order ? order : &local};
  return at(e);
}

ex float_value(const ex& e, const GiNaC::exmap& pt, OperandOrder* order = nullptr) {
  return value_at(e, pt, order).value;
}

// The exact coordinates of a point as floats at the current precision (GiNaC::Digits).
GiNaC::exmap floats(const GiNaC::exmap& pt) {
  GiNaC::exmap f;
  for (const auto& kv : pt) f[kv.first] = kv.second.evalf();
  return f;
}

// "10^k" for a value of decimal logarithm log10_value (rounded up); an exponent beyond a long
// (values of 10^-(10^239) were met by fuzzing) is written in floating point: 10^(-5.02e+239).
std::string power_of_ten(double log10_value) {
  if (std::isinf(log10_value)) return log10_value < 0 ? "0" : "inf";
  std::ostringstream os;
  const double k = std::ceil(log10_value);
  if (std::fabs(k) < 1e15) os << "10^" << static_cast<long long>(k);
  else os << "10^(" << std::setprecision(3) << k << ")";
  return os.str();
}

std::string sci(const GiNaC::numeric& x) {
  std::ostringstream os;
  os.precision(3);
  const GiNaC::numeric a = GiNaC::abs(x);
  // Probed values reach 10^±1000, beyond a double: split off the decimal exponent first.
  if (a.is_zero() || (a < GiNaC::numeric(1e300) && a > GiNaC::numeric(1e-300))) {
    os << std::scientific << x.to_double();
    return os.str();
  }
  const double log10_a = GiNaC::log(a).to_double() / std::log(10.0);
  // CLN's floats reach exponents beyond a long (10^-(5·10^239), found by fuzzing): only the order is printed
  if (!(std::fabs(log10_a) < 1e15)) return (x < 0 ? "-" : "") + power_of_ten(log10_a);
  const long e = static_cast<long>(std::floor(log10_a));
  os << std::fixed << (x / GiNaC::numeric(10).power(e)).to_double() << "e" << (e < 0 ? "" : "+") << e;
  return os.str();
}

constexpr int kExactPoints = 4;               // exact random points before trusting a zero
constexpr std::size_t kCanonicalBudget = 4000;  // tree nodes above which zeros are not proved
constexpr std::size_t kProbeFirst = 500;  // outside the canonical class, tree nodes from which probing goes first

}  // namespace

// Size of an expression tree (nodes), to decide whether the canonical form is affordable. A power
// with an integer exponent n counts |n| nodes: the canonical form expands it, and its gcds took
// seconds on a few terms in x^932 (found by fuzzing). A product's numeric factors are not counted,
// nor the product around a single other factor: GiNaC moves the sign of a sum factor in or out by
// its hash order (-(a - b)*c or (b - a)*c), and the method chosen must not change from run to run.
namespace {

// tree_size of base^exponent, a power node or a product's stored factor (not built: op(i) would).
std::size_t power_tree_size(const ex& base, const ex& exponent, std::size_t cap) {
  std::size_t n = 1;
  if (is_number(exponent) && ex_to<GiNaC::numeric>(exponent).is_integer()) {
    const GiNaC::numeric k = GiNaC::abs(ex_to<GiNaC::numeric>(exponent));
    if (k >= static_cast<long>(cap)) return cap;
    n = std::max<std::size_t>(1, static_cast<std::size_t>(k.to_long()));
  }
  if (n < cap) n += tree_size(base, cap - n);
  if (n < cap) n += tree_size(exponent, cap - n);
  return n;
}

}  // namespace

std::size_t tree_size(const ex& e, std::size_t cap) {
  const NodeKind kind = node_kind(e);  // not is_a: a failed dynamic_cast compares type names
  if (kind == NodeKind::Power) return power_tree_size(e.op(0), e.op(1), cap);
  if (kind == NodeKind::Product) {  // the stored factors x^k; the numeric coefficient counts 0
    std::size_t factors = 0;
    for_each_power(e, [&](const ex& x, const ex& k) { factors += k.is_equal(1) ? !is_number(x) : 1; });
    std::size_t n = factors > 1 ? 1 : 0;
    for_each_power(e, [&](const ex& x, const ex& k) {
      if (n >= cap) return;
      if (!k.is_equal(1)) n += power_tree_size(x, k, cap - n);
      else if (!is_number(x)) n += tree_size(x, cap - n);
    });
    return n;
  }
  std::size_t n = 1;
  if (kind == NodeKind::Sum) {  // c·x counts as x (a product's numbers count 0), the constant term 1
    for_each_term(
        e, [&](const ex& x, const ex&) { n += n < cap ? tree_size(x, cap - n) : 0; }, [&](const ex&) { n += n < cap; });
    return std::min(n, cap);
  }
  for (std::size_t i = 0; i < e.nops() && n < cap; ++i) n += tree_size(e.op(i), cap - n);
  return n;
}

namespace {

constexpr double kMaxExactPowerBits = 1e6;

// Bits of the larger of |numerator| and |denominator|.
double rational_bits(const GiNaC::numeric& r) {
  return static_cast<double>(std::max(r.numer().int_length(), r.denom().int_length()));
}

void refuse_huge_power(const GiNaC::numeric& base, const GiNaC::numeric& exponent) {
  if (!base.is_rational() || !exponent.is_rational() || base.is_zero() || abs(base).is_equal(1)) return;
  const double bits = exponent.numer().int_length() > 60 ? HUGE_VAL
                                                         : std::fabs(exponent.numer().to_double()) * rational_bits(base);
  if (bits > kMaxExactPowerBits)
    throw DomainError(detail::message("subs_bounded", "an exact power too large to compute",
                                      "a result of at most 10^6 bits", detail::str(base) + "^" + detail::str(exponent)));
}

// π where it is evaluated exactly: a rational, algebraically independent of the random values of the
// other symbols in the sense that matters here (a relation would need π's exact value).
const GiNaC::numeric kPi = GiNaC::numeric(355, 113) + GiNaC::numeric(1, 1000003);

// Exact rationals: a zero divisor of a power is a pole, and a power too large to compute is refused.
struct Rationals {
  using Value = GiNaC::numeric;
  static std::optional<Value> number(const GiNaC::numeric& q) { return q; }
  static Value add(const Value& a, const Value& b) { return a + b; }
  static Value mul(const Value& a, const Value& b) { return a * b; }
  static std::optional<Value> power(const Value& b, const GiNaC::numeric& k) {
    if (b.is_zero() && k.is_negative()) throw DomainError("exact_value: a pole");
    refuse_huge_power(b, k);
    return GiNaC::pow(b, k);
  }
};

// Up to kLanes points at once, each modulo its own prime: one walk of the expression serves them all
// (the walk — memo lookups, GiNaC's operands — costs far more than the arithmetic). A lane where a
// denominator vanishes is marked undefined, not dropped.
constexpr std::size_t kLanes = 3;

struct ResidueLanes {
  const std::vector<PrimeField>& fields;
  struct Value {
    std::array<Residue, kLanes> r{};
    unsigned undefined = 0;  // bit k: lane k hit a zero denominator
  };
  std::optional<Value> number(const GiNaC::numeric& q) const {
    if (!q.is_rational()) return std::nullopt;
    Value v;
    for (std::size_t k = 0; k < fields.size(); ++k) {
      const auto x = fields[k].residue(q);
      if (x) v.r[k] = *x;
      else v.undefined |= 1u << k;
    }
    return v;
  }
  Value add(const Value& a, const Value& b) const {
    Value v;
    v.undefined = a.undefined | b.undefined;
    for (std::size_t k = 0; k < fields.size(); ++k) v.r[k] = fields[k].add(a.r[k], b.r[k]);
    return v;
  }
  Value mul(const Value& a, const Value& b) const {
    Value v;
    v.undefined = a.undefined | b.undefined;
    for (std::size_t k = 0; k < fields.size(); ++k) v.r[k] = fields[k].mul(a.r[k], b.r[k]);
    return v;
  }
  std::optional<Value> power(const Value& b, const GiNaC::numeric& e) const {
    if (e.int_length() >= 62) return std::nullopt;
    const long n = e.to_long();
    Value v;
    v.undefined = b.undefined;
    for (std::size_t k = 0; k < fields.size(); ++k) {
      if (b.r[k] == 0) {
        if (n < 0) v.undefined |= 1u << k;
        v.r[k] = n == 0 ? 1 : 0;
        continue;
      }
      v.r[k] = fields[k].power(n < 0 ? fields[k].inverse(b.r[k]) : b.r[k], static_cast<Residue>(n < 0 ? -n : n));
    }
    return v;
  }
};

// The value of f at a point in the field F (Rationals, ResidueLanes), each shared subtree once (subs()
// rebuilds every node of the tree and evaluates it as a new expression). An atom (a trigonometric
// function, a jet) is worth its polynomial form in `atoms` when given; floats count as the rationals
// they are. nullopt for any other node outside +, ·, integer powers, symbols, π and numbers, or for a
// symbol the point lacks.
template <class F>
class ExactValueAt {
 public:
  using Value = typename F::Value;
  using Point = std::map<ex, Value, GiNaC::ex_is_less>;
  ExactValueAt(F field, const Point& pt, const NodeMemo<ex>* atoms = nullptr) : f_(field), pt_(pt), atoms_(atoms) {}

  std::optional<Value> operator()(const ex& e) {
    if (is_number(e)) return f_.number(ex_to<GiNaC::numeric>(exact(ex_to<GiNaC::numeric>(e))));
    if (!NodeMemo<std::optional<Value>>::shared(e)) return compute(e);
    if (const auto* v = memo_.find(e)) return *v;
    return memo_.remember(e, compute(e));
  }

 private:
  F f_;
  const Point& pt_;
  const NodeMemo<ex>* atoms_;
  NodeMemo<std::optional<Value>> memo_;

  std::optional<Value> compute(const ex& e) {
    const NodeKind kind = node_kind(e);  // not is_a: a failed dynamic_cast compares type names
    if (kind == NodeKind::Symbol || kind == NodeKind::Constant) {
      const auto it = pt_.find(e);
      return it == pt_.end() ? std::nullopt : std::optional<Value>(it->second);
    }
    if (atoms_)
      if (const ex* form = atoms_->find(e)) return (*this)(*form);
    if (kind == NodeKind::Sum) {  // the stored terms: c·x as c times x (core/stored_terms.hpp)
      std::optional<Value> r;
      bool defined = true;
      const auto add = [&](const std::optional<Value>& v) {
        if (!v) defined = false;
        else r = !r ? *v : f_.add(*r, *v);
      };
      for_each_term(
          e,
          [&](const ex& x, const ex& c) {
            if (!defined) return;
            const auto v = (*this)(x);
            if (!v || c.is_equal(1)) return add(v);
            const auto k = (*this)(c);
            add(k ? std::optional<Value>(f_.mul(*v, *k)) : std::nullopt);
          },
          [&](const ex& c) {
            if (defined) add((*this)(c));
          });
      return defined ? r : std::nullopt;
    }
    if (kind == NodeKind::Product) {
      std::optional<Value> r;
      for (const ex& x : e) {
        const auto v = (*this)(x);
        if (!v) return std::nullopt;
        r = !r ? *v : f_.mul(*r, *v);
      }
      return r;
    }
    if (kind == NodeKind::Power && is_number(e.op(1)) && ex_to<GiNaC::numeric>(e.op(1)).is_integer()) {
      const auto b = (*this)(e.op(0));
      return b ? f_.power(*b, ex_to<GiNaC::numeric>(e.op(1))) : std::nullopt;
    }
    return std::nullopt;
  }
};

// The atoms of an expression in the canonical class — trigonometric functions of integer-linear
// arguments and abstract jets — with their polynomial forms (ToPolynomial's, jets frozen to symbols),
// and the symbols of the expression outside them. This is what evaluating ToPolynomial's image needs,
// without building the image: GiNaC distributes numbers over sums and flattens sums of sums, so the
// image of a DAG can have twenty times its nodes (a snakeboard's Jacobiator component: 65 000 → 1.5
// million, bench/systems/snakeboard_angle_factor.yaml). `pure` is false when a node is outside the class.
class PolynomialAtoms {
 public:
  explicit PolynomialAtoms(const ex& e) : PolynomialAtoms(std::vector<ex>{e}) {}
  // the atoms of several expressions at once, each shared subtree visited once
  explicit PolynomialAtoms(const std::vector<ex>& roots) {
    NodeMemo<bool> seen;
    for (const ex& e : roots)
      if (pure) walk_once(e, seen, [this](const ex& x) { return visit(x); });
    if (!pure) return;
    // an exprseq, not a lst: op(i) of a lst walks its std::list, and a derivation with thousands of
    // atoms (a cart with four trailers) spent two thirds of its zero tests there
    GiNaC::exvector all;
    for (const auto& [atom, form] : found_) all.push_back(form);
    const GiNaC::exprseq forms(all);
    GiNaC::exmap jets;
    const ex frozen = freeze_jets(forms, jets);  // each jet a symbol, numbered in the order of its text
    for (std::size_t i = 0; i < found_.size(); ++i) {
      forms_.remember(found_[i].first, frozen.op(i));
      collect_symbols(frozen.op(i), symbols);
    }
  }

  bool pure = true;
  GiNaC::exset symbols;  // of the polynomial form: outside the atoms, and those of the atoms' forms
  const NodeMemo<ex>& forms() const { return forms_; }

 private:
  ToPolynomial to_poly_;
  std::vector<std::pair<ex, ex>> found_;  // atom, its polynomial form
  NodeMemo<ex> forms_;

  // whether to go into x's operands: only a sum's, a product's and an integer power's
  bool visit(const ex& x) {
    const NodeKind kind = node_kind(x);
    if (!pure || kind == NodeKind::Number) return false;
    if (kind == NodeKind::Symbol) {
      symbols.insert(x);
      return false;
    }
    if (kind == NodeKind::Constant) {
      pure = x.is_equal(GiNaC::Pi);
      return false;
    }
    if (kind == NodeKind::Sum || kind == NodeKind::Product) return true;
    if (kind == NodeKind::Power && is_number(x.op(1)) && ex_to<GiNaC::numeric>(x.op(1)).is_integer()) return true;
    if (!is_call(x)) {
      pure = false;
      return false;
    }
    found_.emplace_back(x, to_poly_(x));  // sin, cos, tan: their polynomial form; a jet: its arguments simplified
    pure = to_poly_.pure;
    return false;
  }
};

// A random rational point for the polynomial form's symbols: each pair (s_x, c_x) on the unit circle
// through t ↦ (2t/(1+t²), (1−t²)/(1+t²)), every other symbol, jet and π (algebraically independent of
// the rest) a random rational. Expressions whose atoms `atoms` holds are evaluated through their polynomial forms.
class ExactPoints {
 public:
  explicit ExactPoints(const PolynomialAtoms& atoms)
      : atoms_(atoms), pairs_(pairs_of_symbols(atoms.symbols)), syms_(by_name(atoms.symbols)) {}

  // The values at random points, one per field, each modulo its field's prime (one walk); nullopt for
  // a point where a denominator vanishes.
  std::vector<std::optional<Residue>> values_modulo(const ex& f, const std::vector<PrimeField>& fields, std::mt19937_64& rng) const {
    const auto pt = residue_point(fields, rng);
    const auto v = ExactValueAt<ResidueLanes>(ResidueLanes{fields}, pt, &atoms_.forms())(f);
    std::vector<std::optional<Residue>> out(fields.size());
    for (std::size_t k = 0; k < fields.size(); ++k)
      if (v && !(v->undefined & (1u << k))) out[k] = v->r[k];
    return out;
  }

  // The values of `roots` (whose atoms the PolynomialAtoms hold) at one random point modulo F's
  // prime, the same point for all, shared subtrees evaluated once; nullopt where one has a pole.
  std::optional<std::vector<Residue>> values_of(const std::vector<ex>& roots, const PrimeField& F, std::mt19937_64& rng) const {
    const std::vector<PrimeField> fields{F};
    const auto pt = residue_point(fields, rng);
    ExactValueAt<ResidueLanes> at(ResidueLanes{fields}, pt, &atoms_.forms());
    std::vector<Residue> out;
    for (const ex& r : roots) {
      const auto v = at(r);
      if (!v || v->undefined) return std::nullopt;
      out.push_back(v->r[0]);
    }
    return out;
  }

  // The value at a new random point; false at a pole.
  bool value(const ex& f, std::mt19937_64& rng, GiNaC::numeric& value) const {
    std::uniform_int_distribution<long> num(-(1L << 40), 1L << 40), den(1, 1L << 20);
    const auto random_rational = [&] { return GiNaC::numeric(num(rng), den(rng)); };
    ExactValueAt<Rationals>::Point pt;
    for (const TrigPair* tp : pairs_) {
      const GiNaC::numeric t = random_rational();
      const GiNaC::numeric one_t2 = 1 + t * t;
      pt[tp->s] = 2 * t / one_t2;
      pt[tp->c] = (1 - t * t) / one_t2;
    }
    for (const ex& sy : syms_)
      if (pt.find(sy) == pt.end()) pt[sy] = random_rational();
    pt[GiNaC::Pi] = kPi;
    try {
      const auto v = ExactValueAt<Rationals>(Rationals{}, pt, &atoms_.forms())(f);
      if (v) value = *v;
      return v.has_value();
    } catch (const std::exception&) {
      return false;  // a pole
    }
  }

 private:
  const PolynomialAtoms& atoms_;
  std::vector<const TrigPair*> pairs_;
  std::vector<ex> syms_;

  // A random point per field (lane): each pair (s_x, c_x) on the unit circle, every other symbol and π
  // a residue.
  ExactValueAt<ResidueLanes>::Point residue_point(const std::vector<PrimeField>& fields, std::mt19937_64& rng) const {
    if (fields.size() > kLanes) throw std::logic_error("residue_point: more fields than lanes");
    ExactValueAt<ResidueLanes>::Point pt;
    GiNaC::exset on_circles;  // the s_x, c_x drawn with their pair
    for (const TrigPair* tp : pairs_) on_circles.insert({tp->s, tp->c});
    for (std::size_t k = 0; k < fields.size(); ++k) {
      const PrimeField& F = fields[k];
      std::uniform_int_distribution<Residue> any(0, F.prime() - 1);
      for (const TrigPair* tp : pairs_) {  // 1 + t² ≢ 0: −1 is not a square mod p (p ≡ 3 mod 4)
        const Residue t = any(rng), t2 = F.mul(t, t), one_t2 = F.inverse(F.add(1, t2));
        pt[tp->s].r[k] = F.mul(F.add(t, t), one_t2);
        pt[tp->c].r[k] = F.mul(F.add(1, F.neg(t2)), one_t2);
      }
      for (const ex& sy : syms_)
        if (!on_circles.count(sy)) pt[sy].r[k] = any(rng);
      if (const auto pi = F.residue(kPi)) pt[GiNaC::Pi].r[k] = *pi;
      else pt[GiNaC::Pi].undefined |= 1u << k;
    }
    return pt;
  }
};


struct BoundedSubs : GiNaC::map_function {
  const GiNaC::exmap& m;
  explicit BoundedSubs(const GiNaC::exmap& m) : m(m) {}
  ex operator()(const ex& e) override {
    if (const auto it = m.find(e); it != m.end()) return it->second;
    if (!is_a<GiNaC::power>(e)) return e.map(*this);
    const ex b = (*this)(e.op(0)), x = (*this)(e.op(1));
    if (is_a<GiNaC::numeric>(b) && is_a<GiNaC::numeric>(x)) refuse_huge_power(ex_to<GiNaC::numeric>(b), ex_to<GiNaC::numeric>(x));
    return GiNaC::pow(b, x);
  }
};

}  // namespace

ex subs_bounded(const ex& e, const GiNaC::exmap& m) {
  BoundedSubs s(m);
  return s(e);
}

// Each shared subtree once (a derivative's or a bracket's DAG is far smaller than its tree).
void collect_symbols(const ex& e, GiNaC::exset& out) {
  NodeMemo<bool> seen;
  walk_once(e, seen, [&](const ex& x) {
    if (node_kind(x) == NodeKind::Symbol) out.insert(x);
    return x.nops() > 0 && node_kind(x) != NodeKind::Number;
  });
}

std::vector<ex> in_name_order(const std::vector<ex>& items, const std::function<std::string(const ex&)>& name) {
  std::vector<std::pair<std::string, ex>> named;
  for (const ex& x : items) named.emplace_back(name(x), x);
  std::stable_sort(named.begin(), named.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<ex> out;
  for (auto& n : named) out.push_back(n.second);
  return out;
}

namespace {

// Times the outermost of nested calls: core/effort.hpp counts only those.
class OutermostTimer {
 public:
  explicit OutermostTimer(int& depth) : depth_(depth) { ++depth_; }
  ~OutermostTimer() { --depth_; }
  OutermostTimer(const OutermostTimer&) = delete;
  OutermostTimer& operator=(const OutermostTimer&) = delete;
  bool outermost() const { return depth_ == 1; }
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  int& depth_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

ex simplify_uncached(const ex& e) {
  bool pure = true;
  const ex d = apply_derivative_rules(e);
  try {
    return simplify_impl(d, pure);
  } catch (const CanonicalFormTooCostly&) {
    return d;  // left as it is; zero tests of it go to numeric probing
  }
}

}  // namespace

// A derivation simplifies a value when it derives it and again when it displays it (core/display):
// answers are remembered, and a canonical form is its own answer (a bounded per-thread cache).
namespace {

// simplify's answers (bounded; cleared when derivative rules change). A canonical form is remembered
// as its own answer too: simplify is not idempotent in shape (simplify(r) may write r another way), and
// computing it again for every display of a large value cost seconds (a chain of 40 coordinates).
using SimplifyCache = std::unordered_map<ex, ex, std::hash<ex>, GiNaC::ex_is_equal>;

SimplifyCache& simplify_cache() {
  thread_local SimplifyCache cache;
  thread_local std::size_t generation = derivative_rules_generation();
  if (generation != derivative_rules_generation()) cache.clear(), generation = derivative_rules_generation();
  return cache;
}

void remember(SimplifyCache& cache, const ex& e, const ex& r) {
  constexpr std::size_t kRemembered = 8192;
  if (cache.size() + 2 > kRemembered) cache.clear();
  cache.emplace(e, r);
  cache.emplace(r, r);
}

}  // namespace

ex simplify(const ex& e) {
  if (is_a<GiNaC::numeric>(e) || is_a<GiNaC::symbol>(e)) return simplify_uncached(e);
  SimplifyCache& cache = simplify_cache();
  const auto it = cache.find(e);
  if (it != cache.end()) return it->second;
  thread_local int depth = 0;
  const OutermostTimer timer(depth);
  const ex r = simplify_uncached(e);
  if (timer.outermost()) detail::count_simplification(timer.seconds());
  remember(cache, e, r);
  return r;
}

std::optional<ex> remembered_simplified(const ex& e) {
  const SimplifyCache& cache = simplify_cache();
  const auto it = cache.find(e);
  if (it == cache.end()) return std::nullopt;
  return it->second;
}

void remember_simplified(const ex& e, const ex& r) {
  if (is_a<GiNaC::numeric>(e) || is_a<GiNaC::symbol>(e)) return;
  remember(simplify_cache(), e, r);
}

namespace {

// GiNaC's sin, cos, … differentiated without an exception each (core/chain_rule.hpp): at start-up,
// since GiNaC's diff is called from everywhere, not only from partial_derivative.
[[maybe_unused]] const bool kChainRules = install_chain_rules();

struct DerivativeKey {
  ex f, x;
  bool operator==(const DerivativeKey& o) const { return f.is_equal(o.f) && x.is_equal(o.x); }
};
struct DerivativeKeyHash {
  std::size_t operator()(const DerivativeKey& k) const { return k.f.gethash() * 31u + k.x.gethash(); }
};

}  // namespace

ex partial_derivative(const ex& f, const GiNaC::symbol& x) {
  const NodeKind kind = node_kind(f);
  if (kind == NodeKind::Number || kind == NodeKind::Symbol) return f.diff(x);  // nothing worth remembering
  constexpr std::size_t kRemembered = 16384;
  thread_local std::unordered_map<DerivativeKey, ex, DerivativeKeyHash> memo;
  DerivativeKey key{f, x};
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  if (memo.size() >= kRemembered) memo.clear();
  ex d = f.diff(x);
  memo.emplace(std::move(key), d);
  return d;
}

GiNaC::matrix simplify(const GiNaC::matrix& m) {
  GiNaC::matrix r(m.rows(), m.cols());
  for (unsigned i = 0; i < m.rows(); ++i)
    for (unsigned j = 0; j < m.cols(); ++j) r(i, j) = simplify(m(i, j));
  return r;
}

namespace {

// GiNaC's factor() writes a multivariate factor in recursive form around a main variable that it
// picks in hash order, I1*(I3 + m*R^2) + ... in one run and I1*I3 + m*(...) in the next; expanded,
// each irreducible factor reads the same in every run (its sign is the printer's business).
ex expand_factors(const ex& f) {
  if (is_a<GiNaC::mul>(f)) {
    GiNaC::exvector v;
    for (std::size_t i = 0; i < f.nops(); ++i) v.push_back(expand_factors(f.op(i)));
    return GiNaC::mul(v);
  }
  if (is_a<GiNaC::power>(f)) return GiNaC::pow(f.op(0).expand(), f.op(1));
  return f.expand();
}

// factor() of GiNaC works on polynomials in symbols: other atoms are swapped for symbols first.
ex factor_uncached(const ex& p) {
  GiNaC::exmap atoms;
  const ex poly = p.to_polynomial(atoms);
  // Factoring large polynomials costs seconds and rarely helps a reader: leave them expanded.
  constexpr std::size_t kMaxTerms = 40;
  if (is_a<GiNaC::add>(poly) && poly.nops() > kMaxTerms) return p;
  const ex f = expand_factors(factor_polynomial_over_q(poly));
  return atoms.empty() ? f : f.subs(atoms, GiNaC::subs_options::no_pattern);
}

// A derivation displays the same coefficient in several places (an equation, its energy, its jump):
// factoring is the costliest part of display, so answers are remembered (a bounded per-thread cache).
ex factor_polynomial(const ex& p) {
  constexpr std::size_t kCachedFactors = 4096;
  thread_local std::unordered_map<ex, ex, std::hash<ex>, GiNaC::ex_is_equal> cache;
  const auto it = cache.find(p);
  if (it != cache.end()) return it->second;
  ex f = factor_uncached(p);
  if (cache.size() >= kCachedFactors) cache.clear();
  cache.emplace(p, f);
  return f;
}

ex factor_collected(const ex& p, const GiNaC::lst& vars) {
  if (vars.nops() == 0) return factor_polynomial(p);
  GiNaC::exmap atoms;
  const ex poly = p.to_polynomial(atoms);
  const GiNaC::exmap& back = atoms;  // symbol ↦ the atom it stands for
  // Collect in the requested symbols, then factor each coefficient.
  const ex c = GiNaC::collect(poly.expand(), vars, true);
  ex out = 0;
  // (each coefficient is factored by factor_polynomial, which skips large ones)
  if (GiNaC::is_a<GiNaC::add>(c)) {
    for (std::size_t i = 0; i < c.nops(); ++i) {
      ex term = c.op(i), coeff = term, mono = 1;
      if (GiNaC::is_a<GiNaC::mul>(term)) {
        coeff = 1;
        for (std::size_t k = 0; k < term.nops(); ++k) {
          bool is_var_power = false;
          for (const auto& v : vars)
            if (term.op(k).is_equal(v) || (GiNaC::is_a<GiNaC::power>(term.op(k)) && term.op(k).op(0).is_equal(v)))
              is_var_power = true;
          (is_var_power ? mono : coeff) *= term.op(k);
        }
      }
      out += factor_polynomial(coeff.subs(back, GiNaC::subs_options::no_pattern)) * mono.subs(back, GiNaC::subs_options::no_pattern);
    }
    return out;
  }
  return factor_polynomial(c.subs(back, GiNaC::subs_options::no_pattern));
}

}  // namespace

ex pretty(const ex& e, const GiNaC::lst& collect_in) {
  const ex c = simplify(e);
  if (c.is_zero() || has_costly_root(c)) return c;
  const ex nd = c.numer_denom();
  return factor_collected(nd.op(0), collect_in) / factor_polynomial(nd.op(1));
}

// Whether ToPolynomial would find e pure, told by a walk that builds nothing: numbers, symbols, π,
// sums, products, integer powers, sin/cos/tan of a symbol (its pair made, as the conversion makes it)
// and abstract jets of symbols and numbers. False at any other node, which the conversion decides (it
// may find it pure too, or refuse it): display asks this of every canonical form it shows.
bool plainly_pure(const ex& e) {
  bool plain = true;
  NodeMemo<bool> seen;
  walk_once(e, seen, [&](const ex& x) {
    if (!plain) return false;
    const NodeKind kind = node_kind(x);
    if (kind == NodeKind::Number || kind == NodeKind::Symbol || kind == NodeKind::Sum || kind == NodeKind::Product) return true;
    if (kind == NodeKind::Constant) return plain = x.is_equal(GiNaC::Pi);
    if (kind == NodeKind::Power) return plain = is_number(x.op(1)) && ex_to<GiNaC::numeric>(x.op(1)).is_integer();
    const bool trig = GiNaC::is_the_function<GiNaC::sin_SERIAL>(x) || GiNaC::is_the_function<GiNaC::cos_SERIAL>(x) ||
                      GiNaC::is_the_function<GiNaC::tan_SERIAL>(x);
    if (trig && is_symbol_node(x.op(0))) {
      pair_for(x.op(0));
      return false;
    }
    plain = !trig && is_a<GiNaC::function>(x) && is_abstract_jet(x);
    for (std::size_t i = 0; plain && i < x.nops(); ++i) plain = is_number(x.op(i)) || is_symbol_node(x.op(i));
    return false;
  });
  return plain;
}

bool is_canonical_class(const ex& e) {
  if (plainly_pure(e)) return true;
  ToPolynomial to_poly;
  to_poly(e);
  return to_poly.pure;
}

ex freeze_jets(const ex& e, GiNaC::exmap& jets) {
  // New jets are numbered in the order of their text, not of GiNaC's operands (hash order): the
  // probe draws values in symbol-name order, so a witness must not depend on the process.
  // a walk, each shared subtree once, rather than map() (which rebuilds the tree)
  std::vector<ex> found;
  NodeMemo<bool> seen;
  walk_once(e, seen, [&](const ex& x) {
    if (!is_abstract_jet(x)) return true;
    found.push_back(x);
    return false;
  });
  if (found.empty()) return e;
  std::vector<std::pair<std::string, ex>> fresh;
  for (const ex& x : found)
    if (jets.find(x) == jets.end()) fresh.emplace_back(to_text(x), x);
  std::sort(fresh.begin(), fresh.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [text, x] : fresh)
    if (jets.find(x) == jets.end()) jets[x] = GiNaC::realsymbol("jet" + std::to_string(jets.size()));
  return e.subs(jets, GiNaC::subs_options::no_pattern);
}

ex evaluate(const ex& e, const GiNaC::exmap& point, int digits) {
  DigitsGuard g(digits);
  ex v;
  try {
    v = value_at(e, floats(point)).value;  // in term order: the same last digits in every run
  } catch (const OutOfRange& beyond) {
    // No unbounded retry: GiNaC's own evaluation of x^(10^40) reduces its phase modulo π to full
    // precision and asked CLN for gigabytes (fuzz bug 21, docs/fuzzing.md).
    throw DomainError(detail::message("evaluate", beyond.what(), "values below 10^1000", detail::str(e)));
  }
  if (!is_a<GiNaC::numeric>(v))
    throw InvalidArgument(detail::message("evaluate", "expression does not evaluate to a number",
                                          "values for every symbol", detail::str(v)));
  return v;
}

std::string ZeroVerdict::how() const {
  const std::string m = method == Decision::Canonical         ? "symbolic (canonical form)"
                        : method == Decision::ExactEvaluation ? "exact evaluation"
                        : method == Decision::BallArithmetic  ? "interval arithmetic (Arb balls)"
                                                              : "numeric probing";
  return detail.empty() ? m : m + ", " + detail;
}

namespace {

// Ball arithmetic (core/ball.hpp) starts at the probe's second precision and doubles up to this
// ceiling (about 3900 digits) at one point before a small value is taken for a zero.
constexpr long kBallCeilingBits = 13000;
// Floating-point evaluation (functions Arb lacks) doubles its digits up to this ceiling.
constexpr int kFloatCeilingDigits = 1920;

long bits_of_digits(int digits) { return static_cast<long>(std::ceil(digits / std::log10(2.0))); }

// A ball that excludes 0 proves the value nonzero: the verdict, with the value for the reader.
ZeroVerdict proved_nonzero(const ex& f, const GiNaC::exmap& pt, const GiNaC::exmap& shown, const BallValue& b, long bits,
                           int digits, const std::string& note) {
  ZeroVerdict z;
  z.zero = false;
  z.method = Decision::BallArithmetic;
  z.point = shown;
  try {
    z.value = evaluate(f, pt, digits);
  } catch (const std::exception&) {
    z.value = 0;
  }
  z.detail = "proved nonzero at a random point: |value| = " + b.text + " excludes 0 at " +
             std::to_string(digits_of_bits(bits)) + " digits" + note;
  return z;
}

// What raising the precision at one point showed: a verdict (nonzero, or undecided), or the evidence
// a zero verdict adds ("; at 1 point … shrinking with the precision").
struct Raised {
  std::optional<ZeroVerdict> verdict;
  std::string evidence;
};

ZeroVerdict undecided_at(const GiNaC::exmap& shown, Decision method, const std::string& detail) {
  ZeroVerdict z;
  z.zero = false;
  z.undecided = true;
  z.method = method;
  z.point = shown;
  z.detail = "undecided: " + detail;
  return z;
}

// Every ball held 0 at `bits`: a value that cancels to 10^-k there may be a gap smaller than that.
// The precision is doubled up to the ceiling; a zero shrinks with it, a gap is found.
Raised raise_ball_precision(const ex& f, const GiNaC::exmap& pt, const GiNaC::exmap& shown, long bits, double radius,
                            int digits) {
  long reached = bits;
  double last = radius;
  for (long b = 2 * bits; b <= kBallCeilingBits; b *= 2) {
    const auto v = ball_value(f, pt, b);
    if (!v || !v->finite) break;
    if (v->excludes_zero)
      return {proved_nonzero(f, pt, shown, *v, b, digits,
                             " (below " + power_of_ten(radius) + " at " + std::to_string(digits) + " digits)"),
              ""};
    reached = b, last = v->log10_radius;
  }
  const long gained = digits_of_bits(reached) - digits_of_bits(bits);
  if (reached == bits || last > radius - 0.5 * static_cast<double>(gained))
    return {undecided_at(shown, Decision::BallArithmetic,
                         "|value| ≤ " + power_of_ten(radius) + " at " + std::to_string(digits) +
                             " digits does not shrink with the precision (" + power_of_ten(last) + " at " +
                             std::to_string(digits_of_bits(reached)) + " digits)"),
            ""};
  // an upper bound rounded up to a multiple of ten in the exponent: the last digits of the radius depend on
  // the expression's form, which depends on which worker process brought it to canonical form first
  // (core/parallel.hpp), and the same input must give the same text
  return {std::nullopt, "; at 1 point |value| ≤ " + power_of_ten(10 * std::ceil(last / 10)) + " at " +
                            std::to_string(digits_of_bits(reached)) + " digits, shrinking with the precision"};
}

// log10 of a number that may be far below a double's range (10^-1900); −10^9 for 0.
double log10_of(const GiNaC::numeric& v) {
  return v.is_zero() ? -1e9 : GiNaC::log(GiNaC::abs(v)).to_double() / std::log(10.0);
}

// The same for floating point (functions Arb lacks), with the first-order error bound. A zero shrinks
// with the digits: its error bound, or (where the bound was lost, e.g. through a function without a
// known derivative) its value.
Raised raise_float_precision(const ex& f, const GiNaC::exmap& pt, const GiNaC::exmap& shown, int digits) {
  const auto at = [&](int d) {
    DigitsGuard g(d);
    OperandOrder fresh;
    return value_at(f, floats(pt), &fresh);
  };
  const auto scale = [](const PointValue& pv) { return log10_of(GiNaC::abs(ex_to<GiNaC::numeric>(pv.value)) + pv.err); };
  const auto log_abs = [](const PointValue& pv) { return log10_of(ex_to<GiNaC::numeric>(pv.value)); };
  try {
    const PointValue first = at(digits);
    const double first_scale = scale(first), first_log = log_abs(first);
    int reached = digits;
    double last_scale = first_scale, last_log = first_log;
    for (int d = 2 * digits; d <= kFloatCeilingDigits; d *= 2) {
      const PointValue pv = at(d);
      if (!is_a<GiNaC::numeric>(pv.value)) break;
      const GiNaC::numeric v = GiNaC::abs(ex_to<GiNaC::numeric>(pv.value));
      reached = d;
      if (v > GiNaC::numeric(10).power(12) * pv.err) {
        ZeroVerdict z;
        z.zero = false;
        z.method = Decision::NumericProbing;
        z.point = shown;
        z.value = pv.value;
        z.detail = "nonzero at a random point: |value| = " + sci(v) + " at " + std::to_string(d) +
                   " digits (hidden below the rounding at " + std::to_string(digits) + ")";
        return {z, ""};
      }
      last_scale = scale(pv), last_log = log_abs(pv);
    }
    const double gained = 0.5 * (reached - digits);
    const bool shrinks = last_scale < first_scale - gained || last_log <= -1e8 ||
                         (first_log > -1e8 ? last_log < first_log - gained : last_log < -0.5 * reached);
    if (reached > digits && !shrinks)
      return {undecided_at(shown, Decision::NumericProbing,
                           "the error bound does not shrink with the precision (floating point, " +
                               std::to_string(digits) + " to " + std::to_string(reached) + " digits)"),
              ""};
    return {std::nullopt, "; at 1 point shrinking with the precision up to " + std::to_string(reached) + " digits"};
  } catch (const std::exception&) {
    return {};  // the point cannot be evaluated at a higher precision: the evidence stays as it is
  }
}

}  // namespace

// Whether e holds a function that is analytic only piecewise on the reals (a branch point, a pole or
// a kink inside the probe space): asin(sin y) − y vanishes on (−π/2, π/2) only, atan(tan y) − y between
// two poles of tan. The identity theorem behind probing holds on each piece alone, so such an
// expression is probed on every part of each range (probe).
bool analytic_piecewise(const ex& e) {
  static const std::set<std::string> names = {"asin", "acos", "atan", "atan2", "log", "abs", "csgn", "step",
                                              "tan", "acosh", "atanh", "tgamma", "lgamma", "Li2", "zeta"};
  bool found = false;
  NodeMemo<bool> seen;
  walk_once(e, seen, [&](const ex& x) {
    if (found) return false;
    if (is_a<GiNaC::function>(x) && names.count(ex_to<GiNaC::function>(x).get_name())) found = true;
    if (is_a<GiNaC::power>(x) && !(is_a<GiNaC::numeric>(x.op(1)) && ex_to<GiNaC::numeric>(x.op(1)).is_integer())) found = true;
    return !found;
  });
  return found;
}

// The point in the unit cube for draw k of n: random (u in (0, 1)), or, for a piecewise-analytic
// expression, a Latin hypercube — each symbol's range cut into n strata, every stratum drawn once,
// in an order shuffled per symbol — so that both ends of every range are probed.
class UnitPoints {
 public:
  UnitPoints(std::size_t symbols, int n, bool stratified, unsigned seed) : rng_(seed), n_(n) {
    if (!stratified) return;
    strata_.resize(symbols);
    for (auto& order : strata_) {
      for (int k = 0; k < n; ++k) order.push_back(k);
      std::shuffle(order.begin(), order.end(), rng_);
    }
  }
  // The coordinate of symbol i at draw k, a dyadic rational in (0, 1).
  GiNaC::numeric at(std::size_t i, int k) {
    const long u = unit_(rng_);
    if (strata_.empty()) return GiNaC::numeric(u, 1L << 30);
    const int stratum = strata_[i][static_cast<std::size_t>(k % n_)];
    return (GiNaC::numeric(stratum) + GiNaC::numeric(u, 1L << 30)) / n_;
  }

 private:
  std::mt19937_64 rng_;
  std::uniform_int_distribution<long> unit_{1, (1L << 30) - 1};
  int n_;
  std::vector<std::vector<int>> strata_;
};

ZeroVerdict probe(const ex& e, const ProbeSpace& space_in) {
  GiNaC::exmap jets;
  const ex f = freeze_jets(e, jets);
  GiNaC::exset syms;
  collect_symbols(f, syms);
  const bool piecewise = analytic_piecewise(f);
  ProbeSpace space = space_in;
  if (piecewise) space.points *= 3;  // strata a third as wide: a piece of a twentieth of a range is hit
  UnitPoints units(syms.size(), space.points, piecewise, space.seed);
  const auto range_of = [&](const ex& s) {
    for (const auto& r : space.ranges)
      if (r.symbol.is_equal(s)) return std::make_pair(r.lo, r.hi);
    return std::make_pair(space.default_lo, space.default_hi);
  };
  // Report the point in terms of the original symbols (jets are listed by their expression).
  const auto shown_point = [&](const GiNaC::exmap& pt) {
    GiNaC::exmap shown;
    for (const auto& kv : pt) {
      bool is_jet = false;
      for (const auto& j : jets)
        if (j.second.is_equal(kv.first)) {
          shown[j.first] = kv.second;
          is_jet = true;
        }
      if (!is_jet) shown[kv.first] = kv.second;
    }
    return shown;
  };
  const int d1 = space.digits, d2 = 2 * space.digits;
  const long ball_bits = bits_of_digits(d2);
  int evaluated = 0, by_balls = 0;
  std::string last_failure = "no point drawn";
  GiNaC::numeric worst = 0;
  double worst_ball = -std::numeric_limits<double>::infinity();
  std::optional<GiNaC::exmap> ball_point;  // where precision is raised before a zero is believed
  std::optional<GiNaC::exmap> float_point;  // the same for a point evaluated in floating point
  double ball_point_radius = 0;
  bool balls = true;  // false once e holds a function Arb does not evaluate: floats decide
  int out_of_range = 0;
  OperandOrder order;
  for (int attempt = 0; attempt < 8 * space.points && evaluated < space.points; ++attempt) {
    GiNaC::exmap pt;  // exact rational coordinates of the point
    std::size_t i = 0;
    for (const ex& s : by_name(syms)) {
      const auto [lo, hi] = range_of(s);
      // A dyadic rational inside (lo, hi): exact, and reproducible from the seed.
      const GiNaC::numeric u = units.at(i++, attempt);
      pt[s] = ex_to<GiNaC::numeric>(exact(GiNaC::numeric(lo))) +
              ex_to<GiNaC::numeric>(exact(GiNaC::numeric(hi - lo))) * u;
    }
    if (balls) {
      const auto b = ball_value(f, pt, ball_bits);
      if (!b) {
        balls = false;
      } else if (b->excludes_zero) {
        return proved_nonzero(f, pt, shown_point(pt), *b, ball_bits, d2, "");
      } else if (b->finite) {
        ++evaluated, ++by_balls;
        worst_ball = std::max(worst_ball, b->log10_radius);
        if (!ball_point) ball_point = pt, ball_point_radius = b->log10_radius;
        continue;
      }
      // an unbounded ball (a pole, a branch cut, a denominator that cancels): floats decide here
    }
    try {
      DigitsGuard g(d2);
      const PointValue pv = value_at(f, floats(pt), &order);
      if (!is_a<GiNaC::numeric>(pv.value)) {
        last_failure = "the expression does not evaluate to a number: " + detail::str(pv.value);
        continue;
      }
      const GiNaC::numeric v2 = GiNaC::abs(ex_to<GiNaC::numeric>(pv.value));
      // A value 10^12 times above the bound on its rounding error proves the expression nonzero at
      // this point (the bound is first-order; the margin covers what it leaves out).
      const GiNaC::numeric floor = GiNaC::numeric(10).power(12) * pv.err;
      ++evaluated;
      if (v2 > floor) {
        ZeroVerdict z;
        z.zero = false;
        z.method = Decision::NumericProbing;
        z.point = shown_point(pt);
        z.value = pv.value;
        // The value at half the precision, for the reader to see it is stable (the report only).
        std::string at_d1 = "not evaluated";
        try {
          DigitsGuard g1(d1);
          const ex v1 = float_value(f, floats(pt), &order);
          if (is_a<GiNaC::numeric>(v1)) at_d1 = sci(GiNaC::abs(ex_to<GiNaC::numeric>(v1)));
        } catch (const std::exception&) {
        }
        std::ostringstream os;
        os << "nonzero at a random point: |value| = " << sci(v2) << " at " << d2 << " digits"
           << " (" << at_d1 << " at " << d1 << ")";
        z.detail = os.str();
        return z;
      }
      if (v2 > worst) worst = v2;
      if (!float_point) float_point = pt;
    } catch (const OutOfRange& ex_) {
      last_failure = ex_.what();
      // Values beyond 10^1000 at every point drawn so far: the expression is astronomically large on
      // most of the probe space, and each further draw costs a walk over it (fuzzing found towers
      // of powers where 64 draws took seconds). Give up after two rounds' worth of points.
      if (evaluated == 0 && ++out_of_range >= 2 * space_in.points) break;
    } catch (const std::exception& ex_) {
      last_failure = ex_.what();
      continue;  // a pole or a point outside the domain of a function: draw another point
    }
  }
  if (evaluated == 0) {
    const bool beyond = out_of_range >= 2 * space_in.points;
    const std::string why = beyond ? "values beyond 10^1000 at " + std::to_string(out_of_range) + " random points"
                                   : "last: " + last_failure;
    const std::string m = detail::message("probe", "no point of the probe space could be evaluated (" + why + ")",
                                          "an expression defined on an open set", detail::str(e));
    if (beyond) throw BeyondEverywhere(m);
    throw DomainError(m);
  }
  // Before a small value is believed zero, the precision is raised at one point of each kind.
  std::string raised;
  if (float_point) {
    const Raised r = raise_float_precision(f, *float_point, shown_point(*float_point), d2);
    if (r.verdict) return *r.verdict;
    raised += r.evidence;
  }
  if (ball_point) {
    const Raised r = raise_ball_precision(f, *ball_point, shown_point(*ball_point), ball_bits, ball_point_radius, d2);
    if (r.verdict) return *r.verdict;
    raised += r.evidence;
  }
  ZeroVerdict z;
  z.zero = true;
  z.method = Decision::NumericProbing;
  std::ostringstream os;
  os << "evidence: " << evaluated << (piecewise ? " points spread over every range (a Latin hypercube: the expression has a branch point, pole or kink)" : " random points")
     << " at " << d2 << " digits, |value| ≤ ";
  if (by_balls == evaluated) os << power_of_ten(worst_ball) << " (Arb balls)";
  else if (by_balls == 0) os << sci(worst) << " (floating point at " << d1 << "/" << d2 << " digits)";
  else os << power_of_ten(worst_ball) << " (Arb balls at " << by_balls << ") and " << sci(worst) << " (floating point)";
  os << raised;
  z.detail = os.str();
  return z;
}

namespace {

// The probe's nonzero point and value, when it finds one, into `v`.
void add_probed_witness(ZeroVerdict& v, const ex& e, const ProbeSpace& space) {
  try {
    const ZeroVerdict w = probe(e, space);
    if (!w.zero) {
      v.point = w.point;
      v.value = w.value;
    }
  } catch (const std::exception&) {
  }
}

}  // namespace

void add_witness(ZeroVerdict& v, const ex& e, const ProbeSpace& space) {
  if (!v.zero && v.point.empty() && v.method != Decision::NumericProbing && v.method != Decision::BallArithmetic)
    add_probed_witness(v, apply_derivative_rules(e), space);
}

namespace {

// A nonzero verdict decided exactly, with a witness point for users from floating-point probing
// (found for all but pathological inputs).
ZeroVerdict nonzero_with_witness(Decision method, const std::string& detail, const ex& e, const ProbeSpace& space) {
  ZeroVerdict z;
  z.zero = false;
  z.method = method;
  z.detail = detail;
  if (space.witness) add_probed_witness(z, e, space);
  return z;
}

ZeroVerdict zero_test_uncounted(const ex& e_in, const ProbeSpace& space) {
  bool pure = true;
  ex c;
  // Relations between abstract functions (e.g. 004 (7.3)) hold before anything is compared.
  const ex e = apply_derivative_rules(e_in);
  // The canonical class first meets exact evaluation at random rational points: a nonzero value is a
  // proof of nonzero and costs little; the canonical form (which can be slow on large expressions)
  // is then only needed to prove zeros, and is skipped above a size budget.
  std::optional<ex> pure_form;  // ToPolynomial's form when its atoms are canonical: not made twice
  if (!is_a<GiNaC::numeric>(e) && !is_a<GiNaC::symbol>(e)) {
    std::optional<PolynomialAtoms> atoms;
    try {
      atoms.emplace(e);
    } catch (const std::exception&) {
      return probe(e, space);
    }
    if (atoms->pure) {
      std::mt19937_64 rng(space.seed ^ 0x9e3779b97f4a7c15ULL);
      int zeros = 0;
      const ExactPoints points(*atoms);
      // Each point modulo its own random prime (from the seed: reproducible; an input would have to be
      // built from these very primes to vanish modulo them): a nonzero residue is a proof, zeros at
      // kExactPoints points are Schwartz–Zippel evidence (docs/geometry.md).
      // The first point alone (a nonzero, the common case, then costs one walk), the others together.
      for (int attempts = 0; attempts < 12 && zeros < kExactPoints;) {
        const int n = attempts == 0 ? 1 : std::min(static_cast<int>(kLanes), kExactPoints - zeros);
        std::vector<PrimeField> fields;
        for (int k = 0; k < n; ++k) fields.push_back(PrimeField::random(rng));
        attempts += n;
        for (const auto& v : points.values_modulo(e, fields, rng)) {
          if (!v) continue;  // a denominator divisible by this prime
          if (*v != 0)
            return nonzero_with_witness(Decision::ExactEvaluation,
                                        "nonzero modulo a random 62-bit prime at a random point (exact arithmetic)",
                                        e, space);
          ++zeros;
        }
      }
      const int modular_zeros = zeros;
      // Where residues could not decide (poles modulo every prime drawn, complex numbers): rationals.
      for (int attempt = 0; attempt < 12 && zeros < kExactPoints; ++attempt) {
        GiNaC::numeric v;
        if (!points.value(e, rng, v)) continue;
        if (!v.is_zero())
          return nonzero_with_witness(Decision::ExactEvaluation, "nonzero at a random rational point (exact arithmetic)",
                                      e, space);
        ++zeros;
      }
      // ToPolynomial's image only now that it may be needed: the canonical form proves zeros
      ex p;
      try {
        p = ToPolynomial()(e);
      } catch (const std::exception&) {
        return probe(e, space);
      }
      pure_form = p;
      if (zeros == kExactPoints && tree_size(p, kCanonicalBudget + 1) > kCanonicalBudget) {
        ZeroVerdict z;
        z.zero = true;
        z.method = Decision::ExactEvaluation;
        z.detail = "zero at " + std::to_string(kExactPoints) + " random points in exact arithmetic (" +
                   (modular_zeros == kExactPoints ? std::string("each modulo its own random 62-bit prime")
                                                  : std::to_string(modular_zeros) + " modulo random 62-bit primes, the others rational") +
                   "; Schwartz-Zippel; the expression exceeds the canonical-form budget of " +
                   std::to_string(kCanonicalBudget) + " nodes)";
        return z;
      }
    } else {
      // Outside the canonical class (symbolic exponents, exotic functions) the canonical form is only
      // needed to prove zeros: for large expressions a nonzero point of the expression itself is a
      // proof, and spares it (its gcds took seconds on towers of powers found by fuzzing). Above the
      // size budget probing decides zeros too. Small expressions go straight to the canonical form.
      std::optional<ZeroVerdict> first;
      if (tree_size(e, kProbeFirst) >= kProbeFirst) try {
        first = probe(e, space);
      } catch (const BeyondEverywhere&) {
        throw;
      } catch (const std::exception&) {
        // poles or complex values at every point drawn: the canonical form may remove them
      }
      if (first && !first->zero) return *first;
      if (first && tree_size(e, kCanonicalBudget + 1) > kCanonicalBudget) {
        first->detail += " (canonical form skipped: outside the canonical class and over " +
                         std::to_string(kCanonicalBudget) + " nodes)";
        return *first;
      }
    }
  }
  try {
    c = pure_form ? canonical_form(*pure_form, true) : simplify_impl(e, pure);
  } catch (const DomainError&) {
    throw;
  } catch (const std::exception&) {
    return probe(e, space);  // the canonical form failed (e.g. exotic atoms): probing decides
  }
  if (c.is_zero()) {
    ZeroVerdict z;
    z.zero = true;
    z.method = Decision::Canonical;
    z.detail = "canonical form is 0";
    return z;
  }
  if (pure) return nonzero_with_witness(Decision::Canonical, "canonical form is nonzero", e, space);
  return probe(c, space);
}

}  // namespace

std::optional<Residue> value_modulo(const ex& e, const ResiduePoint& point, const PrimeField& field) {
  ExactValueAt<ResidueLanes>::Point lane;  // one lane
  for (const auto& [x, r] : point) lane[x].r[0] = r;
  const std::vector<PrimeField> fields{field};
  try {
    const auto v = ExactValueAt<ResidueLanes>(ResidueLanes{fields}, lane)(e);
    return v && !v->undefined ? std::optional<Residue>(v->r[0]) : std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

bool shown_nonzero_modulo_prime(const ex& e) {
  if (is_a<GiNaC::numeric>(e)) return !e.is_zero();
  try {
    const PolynomialAtoms atoms(e);
    if (!atoms.pure) return false;
    std::mt19937_64 rng(0x5eed2026);  // one fixed point: the same answer in every run
    const auto v = ExactPoints(atoms).values_modulo(e, {PrimeField(modulus)}, rng).front();
    return v && *v != 0;
  } catch (const std::exception&) {
    return false;  // e.g. an abstract function's rule that refuses: not shown
  }
}

std::optional<std::vector<Residue>> residues_at_random_point(const std::vector<ex>& entries, std::mt19937_64& rng) {
  try {
    const PolynomialAtoms atoms(entries);
    if (!atoms.pure) return std::nullopt;
    // 2^61 − 1 ≡ 3 (mod 4): every t gives a point of the circle (values_modulo); the prime of
    // rank_mod_p (core/modular.hpp)
    static const PrimeField field(modulus);
    return ExactPoints(atoms).values_of(entries, field, rng);
  } catch (const std::exception&) {
    return std::nullopt;  // e.g. an abstract function's rule that refuses
  }
}

std::vector<GiNaC::exmap> sample_points(const GiNaC::exset& symbols, const ProbeSpace& space, int points) {
  UnitPoints units(symbols.size(), points, true, space.seed);
  std::vector<GiNaC::exmap> out;
  for (int k = 0; k < points; ++k) {
    GiNaC::exmap pt;
    std::size_t i = 0;
    for (const ex& s : by_name(symbols)) {
      double lo = space.default_lo, hi = space.default_hi;
      for (const auto& range : space.ranges)
        if (range.symbol.is_equal(s)) lo = range.lo, hi = range.hi;
      pt[s] = ex_to<GiNaC::numeric>(exact(GiNaC::numeric(lo))) + ex_to<GiNaC::numeric>(exact(GiNaC::numeric(hi - lo))) * units.at(i++, k);
    }
    out.push_back(std::move(pt));
  }
  return out;
}

RealityVerdict real_on_samples(const ex& e, const ProbeSpace& space, int points) {
  GiNaC::exmap jets;
  const ex f = freeze_jets(e, jets);  // an abstract function's value is some real number
  GiNaC::exset syms;
  collect_symbols(f, syms);
  RealityVerdict r;
  for (const GiNaC::exmap& pt : sample_points(syms, space, points)) {
    ++r.drawn;
    GiNaC::numeric v;
    try {
      v = ex_to<GiNaC::numeric>(evaluate(f, pt, 30));
    } catch (const std::exception&) {
      continue;  // a pole, a value beyond 10^1000: no value here
    }
    ++r.evaluated;
    const GiNaC::numeric size = std::max(GiNaC::numeric(1), GiNaC::abs(v));
    if (GiNaC::abs(v.imag()) <= size * GiNaC::numeric(10).power(-20)) {
      r.real_somewhere = true;
      r.point.clear();
      return r;
    }
    if (r.point.empty()) r.point = pt, r.value = v;
    r.real_somewhere = false;
  }
  return r;
}

RealityVerdict real_on_widening_samples(const ex& e, const ProbeSpace& space, const std::vector<ex>& widened, int points) {
  RealityVerdict first = real_on_samples(e, space, points);
  if (first.real_somewhere || widened.empty()) return first;
  for (const double factor : {10.0, 100.0, 1000.0}) {
    ProbeSpace wide = space;
    for (SampleRange& r : wide.ranges)
      if (std::any_of(widened.begin(), widened.end(), [&](const ex& p) { return p.is_equal(r.symbol); })) r.lo *= factor, r.hi *= factor;
    const RealityVerdict v = real_on_samples(e, wide, points);
    first.drawn += v.drawn;
    first.evaluated += v.evaluated;
    ++first.rounds;
    if (v.real_somewhere) {
      first.real_somewhere = true;
      first.point.clear();
      return first;
    }
  }
  return first;
}

std::string RealityVerdict::how() const {
  const std::string parameters = rounds > 1 ? "positive parameters in (1/2, 5/2) and in 10, 100 and 1000 times that range"
                                            : "positive parameters in (1/2, 5/2)";
  return "complex at each of the " + std::to_string(evaluated) + " sample points where it has a value (of " + std::to_string(drawn) +
         " drawn as Latin hypercubes: coordinates in their domain intervals, " + parameters +
         ", other symbols in (-1.7, 1.9); evaluated at 30 digits)";
}

ZeroVerdict zero_test(const ex& e, const ProbeSpace& space) {
  thread_local int depth = 0;
  const OutermostTimer timer(depth);
  ZeroVerdict v = zero_test_uncounted(e, space);
  if (timer.outermost()) detail::count_zero_test(v, timer.seconds());
  return v;
}

}  // namespace hamel
