// core/flint_poly.cpp
#include "core/flint_poly.hpp"

namespace hamel::flint {

GiNaC::numeric to_ginac(const fmpz_t z) {
  if (fmpz_fits_si(z)) return GiNaC::numeric(fmpz_get_si(z));
  char* s = fmpz_get_str(nullptr, 10, z);
  const GiNaC::numeric n(s);
  flint_free(s);
  return n;
}

GiNaC::ex from_flint(const fmpz_mpoly_t p, const std::vector<GiNaC::ex>& vars, const Context& c) {
  GiNaC::exvector terms;
  terms.reserve(static_cast<std::size_t>(fmpz_mpoly_length(p, c.ctx)));
  std::vector<ulong> exps(vars.size());
  Integer z;
  for (slong i = 0; i < fmpz_mpoly_length(p, c.ctx); ++i) {
    fmpz_mpoly_get_term_coeff_fmpz(z.z, p, i, c.ctx);
    fmpz_mpoly_get_term_exp_ui(exps.data(), p, i, c.ctx);
    GiNaC::exvector factors{to_ginac(z.z)};
    for (std::size_t k = 0; k < vars.size(); ++k)
      if (exps[k] > 0) factors.push_back(GiNaC::pow(vars[k], static_cast<long>(exps[k])));
    terms.push_back(GiNaC::mul(factors));
  }
  return GiNaC::add(terms);
}

}  // namespace hamel::flint
