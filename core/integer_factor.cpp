// core/integer_factor.cpp
#include "core/integer_factor.hpp"

#include "core/flint_integer.hpp"

#include <flint/fmpz.h>
#include <flint/fmpz_mpoly.h>
#include <flint/fmpz_mpoly_factor.h>

#include <sstream>
#include <string>
#include <vector>

#include "core/symbolic.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

// FLINT objects with their contexts, freed on every path.
struct Context {
  fmpz_mpoly_ctx_t ctx;
  explicit Context(slong n) { fmpz_mpoly_ctx_init(ctx, n, ORD_LEX); }
  ~Context() { fmpz_mpoly_ctx_clear(ctx); }
};
struct Poly {
  fmpz_mpoly_t p;
  const Context& c;
  explicit Poly(const Context& c) : c(c) { fmpz_mpoly_init(p, c.ctx); }
  ~Poly() { fmpz_mpoly_clear(p, c.ctx); }
};
struct Factors {
  fmpz_mpoly_factor_t f;
  const Context& c;
  explicit Factors(const Context& c) : c(c) { fmpz_mpoly_factor_init(f, c.ctx); }
  ~Factors() { fmpz_mpoly_factor_clear(f, c.ctx); }
};
struct Integer {
  fmpz_t z;
  Integer() { fmpz_init(z); }
  ~Integer() { fmpz_clear(z); }
};

ex to_ginac(const fmpz_t z) {
  char* s = fmpz_get_str(nullptr, 10, z);
  const GiNaC::numeric n(s);
  flint_free(s);
  return n;
}

// The exponents of `term` in `vars`, and its rational coefficient; false if it is not a monomial.
bool split_term(const ex& term, const std::vector<ex>& vars, std::vector<ulong>& exps, GiNaC::numeric& coeff) {
  exps.assign(vars.size(), 0);
  ex rest = term;
  for (std::size_t i = 0; i < vars.size(); ++i) {
    const int d = term.degree(vars[i]);
    if (d < 0) return false;
    exps[i] = static_cast<ulong>(d);
    rest = rest.coeff(vars[i], d);
  }
  if (!GiNaC::is_a<GiNaC::numeric>(rest) || !GiNaC::ex_to<GiNaC::numeric>(rest).is_rational()) return false;
  coeff = GiNaC::ex_to<GiNaC::numeric>(rest);
  return true;
}

ex from_flint(const fmpz_mpoly_t p, const std::vector<ex>& vars, const Context& c) {
  ex out = 0;
  std::vector<ulong> exps(vars.size());
  Integer z;
  for (slong i = 0; i < fmpz_mpoly_length(p, c.ctx); ++i) {
    fmpz_mpoly_get_term_coeff_fmpz(z.z, p, i, c.ctx);
    fmpz_mpoly_get_term_exp_ui(exps.data(), p, i, c.ctx);
    ex t = to_ginac(z.z);
    for (std::size_t k = 0; k < vars.size(); ++k) t *= GiNaC::pow(vars[k], static_cast<long>(exps[k]));
    out += t;
  }
  return out;
}

}  // namespace

std::optional<ex> factor_rational(const ex& p) {
  const ex e = p.expand();
  if (GiNaC::is_a<GiNaC::numeric>(e)) return e;
  GiNaC::exset found;
  collect_symbols(e, found);
  const std::vector<ex> vars(found.begin(), found.end());
  GiNaC::lst var_list;
  for (const ex& v : vars) var_list.append(v);
  if (!e.is_polynomial(var_list)) return std::nullopt;  // a root, a negative power, …
  // rational coefficients: factor L·p, whose coefficients are integers, then divide by L
  const ex terms = GiNaC::is_a<GiNaC::add>(e) ? e : GiNaC::lst{e};
  std::vector<std::vector<ulong>> exps(terms.nops());
  std::vector<GiNaC::numeric> coeffs(terms.nops());
  GiNaC::numeric L = 1;
  for (std::size_t i = 0; i < terms.nops(); ++i) {
    if (!split_term(terms.op(i), vars, exps[i], coeffs[i])) return std::nullopt;
    L = GiNaC::lcm(L, coeffs[i].denom());
  }
  const Context c(static_cast<slong>(vars.size()));
  Poly A(c);
  Integer z;
  for (std::size_t i = 0; i < terms.nops(); ++i) {
    to_flint(coeffs[i] * L, z.z);
    fmpz_mpoly_set_coeff_fmpz_ui(A.p, z.z, exps[i].data(), c.ctx);
  }
  Factors F(c);
  if (!fmpz_mpoly_factor(F.f, A.p, c.ctx)) return std::nullopt;
  ex out = to_ginac(F.f->constant) / L;
  for (slong i = 0; i < F.f->num; ++i)
    out *= GiNaC::pow(from_flint(F.f->poly + i, vars, c), to_ginac(F.f->exp + i));
  return out;
}

}  // namespace hamel
