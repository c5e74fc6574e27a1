// core/integer_factor.cpp
#include "core/integer_factor.hpp"

#include "core/flint_integer.hpp"
#include "core/flint_poly.hpp"

#include <flint/fmpz.h>
#include <flint/fmpz_mpoly.h>
#include <flint/fmpz_vec.h>
#include <flint/fmpz_mpoly_factor.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "core/monomial.hpp"
#include "core/node_kind.hpp"
#include "core/symbolic.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

using flint::Context;
using flint::from_flint;
using flint::Integer;
using flint::Poly;
using flint::to_ginac;

// The factors of a polynomial of a context, freed on every path.
struct Factors {
  fmpz_mpoly_factor_t f;
  const Context& c;
  explicit Factors(const Context& c) : c(c) { fmpz_mpoly_factor_init(f, c.ctx); }
  ~Factors() { fmpz_mpoly_factor_clear(f, c.ctx); }
};

// The exponents of `term` in `vars`, and its rational coefficient; false if it is not a monomial.
// Read off the product's factors: degree() and coeff() rebuild the product for every variable,
// which took a third of the factoring in the display pass.
bool split_term(const ex& term, const std::vector<ex>& vars, std::vector<ulong>& exps, GiNaC::numeric& coeff) {
  exps.assign(vars.size(), 0);
  coeff = 1;
  const auto take = [&](const ex& f) {
    if (is_number(f)) {
      if (!GiNaC::ex_to<GiNaC::numeric>(f).is_rational()) return false;
      coeff *= GiNaC::ex_to<GiNaC::numeric>(f);
      return true;
    }
    const bool power = is_power_node(f);
    const ex base = power ? f.op(0) : f;
    if (power && !(is_number(f.op(1)) && GiNaC::ex_to<GiNaC::numeric>(f.op(1)).is_pos_integer())) return false;
    const auto at = std::find_if(vars.begin(), vars.end(), [&](const ex& v) { return v.is_equal(base); });
    if (at == vars.end()) return false;
    exps[static_cast<std::size_t>(at - vars.begin())] += power ? GiNaC::ex_to<GiNaC::numeric>(f.op(1)).to_long() : 1;
    return true;
  };
  if (!is_product(term)) return take(term);
  return std::all_of(term.begin(), term.end(), take);
}

// The leading coefficient's sign (FLINT keeps the terms in decreasing order).
int lead_sign(const Poly& A) { return fmpz_sgn(A.p->coeffs); }

// A = g·q for A = a·x + b, a symbol x of degree 1 in A (a, b free of x), g = gcd(a, b), so that
// q = (a/g)·x + b/g. q is irreducible: in a factorisation q = f·h one factor, say h, is free of x (the
// degrees in x add up to 1), so h divides a/g and b/g, which are coprime: h is a unit. q is primitive
// (it divides A) and has a positive leading coefficient when A has (lead(A) = lead(g)·lead(q), with
// lead(g) > 0). False where FLINT's gcd gives up.
bool split_linear(const Poly& A, slong x, Poly& g, Poly& q) {
  const Context& c = *A.c;
  Poly a(c), b(c);
  const ulong one = 1, zero = 0;
  fmpz_mpoly_get_coeff_vars_ui(a.p, A.p, &x, &one, 1, c.ctx);
  fmpz_mpoly_get_coeff_vars_ui(b.p, A.p, &x, &zero, 1, c.ctx);
  if (!fmpz_mpoly_gcd(g.p, a.p, b.p, c.ctx) || g.is_zero()) return false;
  if (lead_sign(g) < 0) fmpz_mpoly_neg(g.p, g.p, c.ctx);
  return fmpz_mpoly_divides(q.p, A.p, g.p, c.ctx) && lead_sign(q) > 0;
}

// fmpz_mpoly_factor(F, A), the same factors with the same constant, FLINT's factoring kept for what
// has no symbol of degree 1. FLINT's factoring first finds the content in every symbol, a chain of
// gcds per symbol, which cost most of its time in the display pass; most polynomials there are of
// degree 1 in some symbol, split by one gcd each (split_linear). The factorisation into a number
// (the content, signed as the leading coefficient), symbols and primitive polynomials with a
// positive leading coefficient is unique, so it is FLINT's: symbols split off first, every split's
// q holds its x, which the rest no longer has, so no factor comes twice.
bool factor_splitting_linear(Factors& F, const Poly& A) {
  const Context& c = F.c;
  if (A.is_zero()) return fmpz_mpoly_factor(F.f, A.p, c.ctx);
  Poly rest(c), monomial(c);
  _fmpz_vec_content(F.f->constant, A.p->coeffs, A.p->length);
  if (lead_sign(A) < 0) fmpz_neg(F.f->constant, F.f->constant);
  fmpz_mpoly_scalar_divexact_fmpz(rest.p, A.p, F.f->constant, c.ctx);
  fmpz_mpoly_term_content(monomial.p, rest.p, c.ctx);
  const slong n = c.ctx->minfo->nvars;
  std::vector<ulong> exps(static_cast<std::size_t>(n));
  fmpz_mpoly_get_term_exp_ui(exps.data(), monomial.p, 0, c.ctx);
  Poly x(c);
  for (slong v = 0; v < n; ++v)
    if (exps[static_cast<std::size_t>(v)] > 0) {
      fmpz_mpoly_gen(x.p, v, c.ctx);
      fmpz_mpoly_factor_append_ui(F.f, x.p, exps[static_cast<std::size_t>(v)], c.ctx);
    }
  if (!fmpz_mpoly_divides(rest.p, rest.p, monomial.p, c.ctx)) return false;
  std::vector<slong> degrees(static_cast<std::size_t>(n));
  Poly g(c), q(c);
  while (!fmpz_mpoly_is_fmpz(rest.p, c.ctx)) {
    fmpz_mpoly_degrees_si(degrees.data(), rest.p, c.ctx);
    const auto linear = std::find(degrees.begin(), degrees.end(), 1);
    if (linear == degrees.end()) {
      Factors others(c);
      if (!fmpz_mpoly_factor(others.f, rest.p, c.ctx)) return false;
      fmpz_mul(F.f->constant, F.f->constant, others.f->constant);
      for (slong i = 0; i < others.f->num; ++i) fmpz_mpoly_factor_append_fmpz_swap(F.f, others.f->poly + i, others.f->exp + i, c.ctx);
      return true;
    }
    if (!split_linear(rest, linear - degrees.begin(), g, q)) return false;
    fmpz_mpoly_factor_append_ui(F.f, q.p, 1, c.ctx);
    fmpz_mpoly_swap(rest.p, g.p, c.ctx);
  }
  return rest.is_one();  // g primitive: no number is left
}

}  // namespace

std::optional<ex> factor_rational(const ex& p, bool flint_alone) {
  const ex e = p.expand();
  if (is_number(e)) return e;
  GiNaC::exset found;
  symbols_of_terms(e, found);
  const std::vector<ex> vars(found.begin(), found.end());
  // split_term refuses what is not a polynomial in the symbols (a root, a negative power, a function),
  // so no is_polynomial() walk first
  const std::vector<ex> terms = terms_of(e);
  std::vector<std::vector<ulong>> exps(terms.size());
  std::vector<GiNaC::numeric> coeffs(terms.size());
  GiNaC::numeric L = 1;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    if (!split_term(terms[i], vars, exps[i], coeffs[i])) return std::nullopt;
    L = GiNaC::lcm(L, coeffs[i].denom());
  }
  const Context c(static_cast<slong>(vars.size()));
  Poly A(c);
  Integer z;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    to_flint(coeffs[i] * L, z.z);
    fmpz_mpoly_set_coeff_fmpz_ui(A.p, z.z, exps[i].data(), c.ctx);
  }
  Factors F(c);
  if (flint_alone || !factor_splitting_linear(F, A)) {
    fmpz_mpoly_factor_clear(F.f, c.ctx);  // what a split gave up on left behind
    fmpz_mpoly_factor_init(F.f, c.ctx);
    if (!fmpz_mpoly_factor(F.f, A.p, c.ctx)) return std::nullopt;
  }
  ex out = to_ginac(F.f->constant) / L;
  for (slong i = 0; i < F.f->num; ++i)
    out *= GiNaC::pow(from_flint(F.f->poly + i, vars, c), to_ginac(F.f->exp + i));
  return out;
}

GiNaC::ex factor_polynomial_over_q(const GiNaC::ex& p, std::size_t ginac_terms) {
  if (const auto f = factor_rational(p)) return *f;
  const std::size_t terms = GiNaC::is_a<GiNaC::add>(p) ? p.nops() : 1;
  if (terms > ginac_terms) return p;
  try {
    return GiNaC::factor(p);
  } catch (const std::exception&) {
    return p;
  }
}

}  // namespace hamel
