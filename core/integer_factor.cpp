// core/integer_factor.cpp
#include "core/integer_factor.hpp"

#include "core/flint_integer.hpp"
#include "core/flint_poly.hpp"

#include <flint/fmpz.h>
#include <flint/fmpz_mpoly.h>
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

}  // namespace

std::optional<ex> factor_rational(const ex& p) {
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
  if (!fmpz_mpoly_factor(F.f, A.p, c.ctx)) return std::nullopt;
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
