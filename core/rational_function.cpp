// core/rational_function.cpp
#include "core/rational_function.hpp"

#include <flint/fmpz_mpoly.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>

#include "core/flint_integer.hpp"
#include "core/flint_poly.hpp"
#include "core/node_kind.hpp"
#include "core/stored_terms.hpp"
#include "core/error.hpp"

namespace hamel {

namespace {

using flint::Context;
using flint::Integer;
using flint::Poly;
using GiNaC::ex;
using GiNaC::is_a;

struct Fraction {
  Poly n, d;
};

struct NotRational {};  // thrown inside, turned into nullopt at the boundary

using AtomIndex = std::map<ex, slong, GiNaC::ex_is_less>;  // atom ↦ its variable in the ring

Poly bounded(Poly p, const Context& c) {
  if (static_cast<std::size_t>(fmpz_mpoly_length(p.p, c.ctx)) > kMaxFractionTerms) throw FractionTooLarge();
  return p;
}

// Classes by node_kind, not is_a: a failed dynamic_cast compares type names, and these walks ask at
// every node of every canonical form.
bool is_atom(NodeKind k) { return k == NodeKind::Symbol || k == NodeKind::Constant || k == NodeKind::Function || k == NodeKind::Derivative; }

// An integer exponent a long holds (the reader allows |k| ≤ 1000; a derivation multiplies them a little).
bool integer_exponent(const ex& e) {
  if (!is_number(e.op(1))) return false;
  const auto& k = GiNaC::ex_to<GiNaC::numeric>(e.op(1));
  return k.is_integer() && GiNaC::abs(k) <= 1000000;
}

// The atoms of e; false when e holds anything but rational numbers, atoms, sums, products and
// integer powers.
bool collect_atoms(const ex& e, GiNaC::exset& found) {
  const NodeKind k = node_kind(e);
  if (k == NodeKind::Number) return GiNaC::ex_to<GiNaC::numeric>(e).is_rational();
  if (is_atom(k)) {
    found.insert(e);
    return true;
  }
  if (k == NodeKind::Power) return integer_exponent(e) && collect_atoms(e.op(0), found);
  if (k != NodeKind::Sum && k != NodeKind::Product) return false;
  if (k == NodeKind::Sum) {  // the stored terms (core/stored_terms.hpp): no product c·x built per term
    bool ok = true;
    const auto rational = [](const ex& c) { return GiNaC::ex_to<GiNaC::numeric>(c).is_rational(); };
    for_each_term(
        e, [&](const ex& x, const ex& c) { ok = ok && rational(c) && collect_atoms(x, found); },
        [&](const ex& c) { ok = ok && rational(c); });
    return ok;
  }
  for (std::size_t i = 0; i < e.nops(); ++i)
    if (!collect_atoms(e.op(i), found)) return false;
  return true;
}

// The atoms in a fixed order (by name, then GiNaC's order for equal names), so that the sign
// convention does not depend on where GiNaC put the atoms in memory.
std::vector<ex> ordered_atoms(const GiNaC::exset& found) {
  std::vector<std::pair<std::string, ex>> named;
  for (const ex& a : found) named.emplace_back(detail::str(a), a);
  std::sort(named.begin(), named.end(), [](const auto& x, const auto& y) {
    return x.first != y.first ? x.first < y.first : x.second.compare(y.second) < 0;
  });
  std::vector<ex> out;
  for (auto& [name, a] : named) out.push_back(a);
  return out;
}

// p with c^k = c^(k mod 2)·(1 − s²)^⌊k/2⌋ (Horner in 1 − s²).
Poly on_circle(const Poly& p, slong s, slong c, const Context& ctx) {
  const slong degree = fmpz_mpoly_degree_si(p.p, c, ctx.ctx);
  if (degree < 2) return p;
  std::vector<Poly> parts(static_cast<std::size_t>(degree / 2 + 1), Poly(ctx));
  std::vector<ulong> exps(static_cast<std::size_t>(ctx.ctx->minfo->nvars));
  Integer z;
  for (slong i = 0; i < fmpz_mpoly_length(p.p, ctx.ctx); ++i) {
    fmpz_mpoly_get_term_coeff_fmpz(z.z, p.p, i, ctx.ctx);
    fmpz_mpoly_get_term_exp_ui(exps.data(), p.p, i, ctx.ctx);
    Poly& part = parts[exps[static_cast<std::size_t>(c)] / 2];
    exps[static_cast<std::size_t>(c)] %= 2;
    fmpz_mpoly_push_term_fmpz_ui(part.p, z.z, exps.data(), ctx.ctx);
  }
  Poly one_minus_s2(ctx), s2(ctx);
  fmpz_mpoly_gen(s2.p, s, ctx.ctx);
  fmpz_mpoly_mul(s2.p, s2.p, s2.p, ctx.ctx);
  fmpz_mpoly_one(one_minus_s2.p, ctx.ctx);
  fmpz_mpoly_sub(one_minus_s2.p, one_minus_s2.p, s2.p, ctx.ctx);
  Poly r(ctx);
  for (auto part = parts.rbegin(); part != parts.rend(); ++part) {
    fmpz_mpoly_sort_terms(part->p, ctx.ctx);
    fmpz_mpoly_combine_like_terms(part->p, ctx.ctx);
    fmpz_mpoly_mul(r.p, r.p, one_minus_s2.p, ctx.ctx);
    fmpz_mpoly_add(r.p, r.p, part->p, ctx.ctx);
  }
  return bounded(std::move(r), ctx);
}

// p with s^k = s^(k mod 2)·(1 − c²)^⌊k/2⌋: the other normal form on the circle, sin x at most linear.
Poly in_cosines(const Poly& p, slong s, slong c, const Context& ctx) { return on_circle(p, c, s, ctx); }

// The common factor of a and b on the circle that their gcd as polynomials (cos x at most linear)
// misses, found as the gcd of their forms with sin x at most linear instead: (a cos x + b)^k, which
// the reduction expands, or K/cos x against K. Both forms are polynomials equal to a and b on the
// circle, so the factor and the cofactors are exact there. nullopt when it is a number.
struct CircleFactor {
  Poly factor, a, b;  ///< a = factor·a', b = factor·b' on the circle, a', b' reduced again
};
std::optional<CircleFactor> factor_on_circle(const Poly& a, const Poly& b, slong s, slong c, const Context& ctx) {
  const Poly as = in_cosines(a, s, c, ctx), bs = in_cosines(b, s, c, ctx);
  // a factor the polynomial gcd missed holds cos x; one side without it has none (gcds of large
  // polynomials are the cost here)
  if (fmpz_mpoly_degree_si(as.p, c, ctx.ctx) < 1 || fmpz_mpoly_degree_si(bs.p, c, ctx.ctx) < 1) return std::nullopt;
  Poly g(ctx), ac(ctx), bc(ctx);
  if (!fmpz_mpoly_gcd_cofactors(g.p, ac.p, bc.p, as.p, bs.p, ctx.ctx)) return std::nullopt;  // FLINT gave up
  if (fmpz_mpoly_is_fmpz(g.p, ctx.ctx)) return std::nullopt;
  return CircleFactor{std::move(g), on_circle(ac, s, c, ctx), on_circle(bc, s, c, ctx)};
}

// The (s, c) variables of the circle pairs a fraction is reduced on.
using CircleVariables = std::vector<std::pair<slong, slong>>;

class Evaluator {
 public:
  Evaluator(const Context& c, const AtomIndex& index, const CircleVariables& circles)
      : c_(c), index_(index), circles_(circles) {}

  Fraction operator()(const ex& e) {
    const NodeKind k = node_kind(e);
    if (k == NodeKind::Number) return number(GiNaC::ex_to<GiNaC::numeric>(e));
    if (is_atom(k)) {
      Fraction f = one();
      fmpz_mpoly_gen(f.n.p, index_.at(e), c_.ctx);
      return f;
    }
    if (k == NodeKind::Power) return power((*this)(e.op(0)), GiNaC::ex_to<GiNaC::numeric>(e.op(1)).to_long());
    return k == NodeKind::Sum ? sum(e) : product(e);
  }

 private:
  const Context& c_;
  const AtomIndex& index_;
  const CircleVariables& circles_;

  Fraction one() const {
    Fraction f{Poly(c_), Poly(c_)};
    fmpz_mpoly_one(f.n.p, c_.ctx);
    fmpz_mpoly_one(f.d.p, c_.ctx);
    return f;
  }

  Fraction number(const GiNaC::numeric& q) const {
    Fraction f{Poly(c_), Poly(c_)};
    Integer z;
    to_flint(q.numer(), z.z);
    fmpz_mpoly_set_fmpz(f.n.p, z.z, c_.ctx);
    to_flint(q.denom(), z.z);
    fmpz_mpoly_set_fmpz(f.d.p, z.z, c_.ctx);
    return f;
  }

  Poly gcd(const Poly& a, const Poly& b) const {
    Poly g(c_);
    if (!fmpz_mpoly_gcd(g.p, a.p, b.p, c_.ctx)) throw NotRational{};  // FLINT gave up (exponents too large)
    return g;
  }

  Poly quotient(const Poly& a, const Poly& b) const {
    Poly q(c_);
    fmpz_mpoly_divexact(q.p, a.p, b.p, c_.ctx);
    return q;
  }

  // Refused before the work when the bound on the product's length is far beyond the limit.
  Poly times(const Poly& a, const Poly& b) const {
    const auto la = static_cast<double>(fmpz_mpoly_length(a.p, c_.ctx)), lb = static_cast<double>(fmpz_mpoly_length(b.p, c_.ctx));
    if (la * lb > 250.0 * kMaxFractionTerms) throw FractionTooLarge();
    Poly r(c_);
    fmpz_mpoly_mul(r.p, a.p, b.p, c_.ctx);
    return bounded(std::move(r), c_);
  }

  // a + b with a, b cancelled: only a factor of gcd(a.d, b.d) can divide the new numerator.
  Fraction plus(const Fraction& a, const Fraction& b) const {
    // the two common cases without a gcd of the denominators: a polynomial (a sum's first
    // fraction meets the sum of its polynomial terms) and the same denominator again (a sum over K2)
    if (a.d.is_one()) {
      Fraction r{times(a.n, b.d), Poly(b.d)};
      fmpz_mpoly_add(r.n.p, r.n.p, b.n.p, c_.ctx);
      r.n = bounded(std::move(r.n), c_);
      return r;  // gcd(a.n·b.d + b.n, b.d) = gcd(b.n, b.d) = 1
    }
    if (fmpz_mpoly_equal(a.d.p, b.d.p, c_.ctx)) {
      Fraction r{Poly(c_), Poly(a.d)};
      fmpz_mpoly_add(r.n.p, a.n.p, b.n.p, c_.ctx);
      r.n = bounded(std::move(r.n), c_);
      if (r.n.is_zero()) return r;
      const Poly h = gcd(r.n, r.d);
      if (h.is_one()) return r;
      return {quotient(r.n, h), quotient(r.d, h)};
    }
    Poly g = gcd(a.d, b.d);
    Poly ad = quotient(a.d, g), bd = quotient(b.d, g);
    // r.d = g·ad·bd: a factor of g found in r.n then divides it as a polynomial
    const bool on_circle_only = shared_on_circle(ad, bd, g);
    Fraction r{times(a.n, bd), on_circle_only ? times(times(g, ad), bd) : times(a.d, bd)};
    fmpz_mpoly_add(r.n.p, r.n.p, times(b.n, ad).p, c_.ctx);
    r.n = bounded(std::move(r.n), c_);
    if (g.is_one() || r.n.is_zero()) return r;
    const Poly h = gcd(r.n, g);
    if (h.is_one()) return r;
    return {quotient(r.n, h), quotient(r.d, h)};
  }

  // A factor that the rest of two denominators share on the circle but not as polynomials (canonical
  // forms are reduced to cos x of degree ≤ 1, and one of them may have had the factor cancelled by
  // cancelled_fraction's last step) goes to g: (d1 cos φ + d2)^5 K and (d1 cos φ + d2) K over one denominator
  // (d1 cos φ + d2)^5 K, not their product. ad, bd stay equal to what they were on the circle, which
  // is all the final reduction keeps.
  bool shared_on_circle(Poly& ad, Poly& bd, Poly& g) const {
    bool found = false;
    for (const auto& [s, c] : circles_) {
      if (ad.is_one() || bd.is_one()) break;
      if (!holds(ad, s, c) || !holds(bd, s, c)) continue;
      auto f = factor_on_circle(ad, bd, s, c, c_);
      if (!f) continue;
      ad = std::move(f->a);
      bd = std::move(f->b);
      g = times(g, f->factor);
      found = true;
    }
    return found;
  }

  bool holds(const Poly& p, slong s, slong c) const {
    return fmpz_mpoly_degree_si(p.p, s, c_.ctx) > 0 || fmpz_mpoly_degree_si(p.p, c, c_.ctx) > 0;
  }

  // a · b with a, b cancelled: a.n against b.d and b.n against a.d.
  Fraction times(const Fraction& a, const Fraction& b) const {
    if (a.d.is_one() && b.d.is_one()) return {times(a.n, b.n), Poly(a.d)};
    const Poly g1 = b.d.is_one() ? Poly(b.d) : gcd(a.n, b.d);
    const Poly g2 = a.d.is_one() ? Poly(a.d) : gcd(b.n, a.d);
    return {times(quotient(a.n, g1), quotient(b.n, g2)), times(quotient(a.d, g2), quotient(b.d, g1))};
  }

  Fraction power(Fraction f, long k) const {
    if (k < 0) {
      if (f.n.is_zero()) throw NotRational{};  // a division by zero: the caller's error
      std::swap(f.n, f.d);
      k = -k;
    }
    if (k == 1) return f;  // most powers in a sum of terms: nothing to multiply
    std::optional<Fraction> r;  // by squaring, each product bounded; 1 is not multiplied by
    for (Fraction base = std::move(f); k > 0; k >>= 1) {
      if (k & 1) r = r ? Fraction{times(r->n, base.n), times(r->d, base.d)} : base;
      if (k > 1) base = {times(base.n, base.n), times(base.d, base.d)};
    }
    return r ? std::move(*r) : one();
  }

  // Polynomial terms first, added without any gcd; then the fractions one by one. The terms as
  // stored, c·x as c times x's fraction (core/stored_terms.hpp).
  Fraction sum(const ex& e) {
    Fraction acc{Poly(c_), Poly(c_)};
    fmpz_mpoly_one(acc.d.p, c_.ctx);
    std::vector<Fraction> fractions;
    const auto add = [&](Fraction f) {
      if (!f.d.is_one()) {
        fractions.push_back(std::move(f));
        return;
      }
      fmpz_mpoly_add(acc.n.p, acc.n.p, f.n.p, c_.ctx);
      acc.n = bounded(std::move(acc.n), c_);
    };
    for_each_term(
        e,
        [&](const ex& x, const ex& c) {
          const auto& q = GiNaC::ex_to<GiNaC::numeric>(c);
          add(q.is_equal(1) ? (*this)(x) : times(number(q), (*this)(x)));
        },
        [&](const ex& c) { add(number(GiNaC::ex_to<GiNaC::numeric>(c))); });
    for (const Fraction& f : fractions) acc = plus(acc, f);
    return acc;
  }

  Fraction product(const ex& e) {
    if (e.nops() == 0) return one();
    Fraction acc = (*this)(e.op(0));  // not 1 times it: a gcd and products with 1 saved per product
    for (std::size_t i = 1; i < e.nops(); ++i) acc = times(acc, (*this)(e.op(i)));
    return acc;
  }
};

}  // namespace

std::optional<CancelledFraction> cancelled_fraction(const ex& e, const CirclePairs& circles) {
  GiNaC::exset found;
  if (!collect_atoms(e, found)) return std::nullopt;
  for (const auto& [s, c] : circles)
    if (found.count(c)) found.insert(s);
  const std::vector<ex> vars = ordered_atoms(found);
  if (vars.empty()) return std::nullopt;  // a number: nothing to cancel
  AtomIndex index;
  for (std::size_t i = 0; i < vars.size(); ++i) index[vars[i]] = static_cast<slong>(i);
  const Context ctx(static_cast<slong>(vars.size()));
  try {
    CircleVariables pairs;
    for (const auto& [s, c] : circles)
      if (found.count(c)) pairs.emplace_back(index.at(s), index.at(c));
    Fraction f = Evaluator(ctx, index, pairs)(e);  // cancelled as it is built
    for (const auto& [s, c] : pairs) {
      f.n = on_circle(f.n, s, c, ctx);
      f.d = on_circle(f.d, s, c, ctx);
    }
    const bool reduced = !pairs.empty();
    if (f.d.is_zero()) return std::nullopt;
    if (f.n.is_zero()) return CancelledFraction{0, 1};
    Poly g(ctx), n(f.n), d(f.d);
    if (reduced && !fmpz_mpoly_gcd_cofactors(g.p, n.p, d.p, f.n.p, f.d.p, ctx.ctx)) return std::nullopt;
    // a factor N and D share on the circle but not as polynomials: (d1 cos φ + d2)^4 of the roller
    // racer's structure coefficients, which the reduction had expanded (an equation of motion of 22 000
    // characters instead of 1000)
    bool on_circle_only = false;
    for (const auto& [s, c] : pairs)
      if (auto common = factor_on_circle(n, d, s, c, ctx)) {
        n = std::move(common->a);
        d = std::move(common->b);
        on_circle_only = true;
      }
    if (on_circle_only) {  // what is left may share a factor as polynomials again
      const Poly n1(n), d1(d);
      if (!fmpz_mpoly_gcd_cofactors(g.p, n.p, d.p, n1.p, d1.p, ctx.ctx)) return std::nullopt;
    }
    Integer lead;
    fmpz_mpoly_get_term_coeff_fmpz(lead.z, d.p, 0, ctx.ctx);
    if (fmpz_sgn(lead.z) < 0) {
      fmpz_mpoly_neg(n.p, n.p, ctx.ctx);
      fmpz_mpoly_neg(d.p, d.p, ctx.ctx);
    }
    return CancelledFraction{flint::from_flint(n.p, vars, ctx), flint::from_flint(d.p, vars, ctx)};
  } catch (const NotRational&) {
    return std::nullopt;
  }
}

GiNaC::ex fraction_parts(const GiNaC::ex& canonical) {
  using GiNaC::ex_to;
  using GiNaC::numeric;
  if (!is_product(canonical)) return canonical.numer_denom();
  // the factors gathered and multiplied once each side: the same products as multiplying them in one by one
  GiNaC::exvector num, den;
  for (const GiNaC::ex& f : canonical) {
    if (is_number(f)) {
      num.push_back(ex_to<numeric>(f).numer());
      den.push_back(ex_to<numeric>(f).denom());
    } else if (is_power_node(f) && is_number(f.op(1)) && ex_to<numeric>(f.op(1)).is_negative()) {
      if (!ex_to<numeric>(f.op(1)).is_integer()) return canonical.numer_denom();  // a root below: GiNaC's form
      den.push_back(GiNaC::pow(f.op(0), -f.op(1)));
    } else if (is_sum(f) || is_symbol_node(f) || is_power_node(f) || is_call(f)) {
      num.push_back(f);
    } else {
      return canonical.numer_denom();  // anything unexpected: GiNaC's own answer
    }
  }
  return GiNaC::lst{GiNaC::ex(GiNaC::mul(num)).expand(), GiNaC::ex(GiNaC::mul(den)).expand()};
}

}  // namespace hamel
