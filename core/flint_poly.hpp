// core/flint_poly.hpp — FLINT's multivariate integer polynomials with their contexts, freed on every
// path, and the conversions to and from GiNaC (for the .cpp files that use FLINT; FLINT's headers
// are private to the library).
#pragma once

#include <flint/fmpz.h>
#include <flint/fmpz_mpoly.h>
#include <ginac/ginac.h>

#include <vector>

namespace hamel::flint {

/// A polynomial ring Z[x_0, …, x_{n−1}] in lexicographic order (x_0 largest).
struct Context {
  fmpz_mpoly_ctx_t ctx;
  explicit Context(slong n) { fmpz_mpoly_ctx_init(ctx, n, ORD_LEX); }
  ~Context() { fmpz_mpoly_ctx_clear(ctx); }
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
};

/// A polynomial of a context (which must outlive it); movable, so that it can live in containers.
struct Poly {
  fmpz_mpoly_t p;
  const Context* c;
  explicit Poly(const Context& context) : c(&context) { fmpz_mpoly_init(p, c->ctx); }
  Poly(const Poly& o) : c(o.c) {
    fmpz_mpoly_init(p, c->ctx);
    fmpz_mpoly_set(p, o.p, c->ctx);
  }
  Poly& operator=(const Poly& o) {
    if (this != &o) fmpz_mpoly_set(p, o.p, c->ctx);
    return *this;
  }
  Poly(Poly&& o) noexcept : c(o.c) {
    fmpz_mpoly_init(p, c->ctx);
    fmpz_mpoly_swap(p, o.p, c->ctx);
  }
  Poly& operator=(Poly&& o) noexcept {
    fmpz_mpoly_swap(p, o.p, c->ctx);
    return *this;
  }
  ~Poly() { fmpz_mpoly_clear(p, c->ctx); }
  bool is_one() const { return fmpz_mpoly_is_one(p, c->ctx); }
  bool is_zero() const { return fmpz_mpoly_is_zero(p, c->ctx); }
};

struct Integer {
  fmpz_t z;
  Integer() { fmpz_init(z); }
  ~Integer() { fmpz_clear(z); }
  Integer(const Integer&) = delete;
  Integer& operator=(const Integer&) = delete;
};

/// A FLINT integer as a GiNaC number.
GiNaC::numeric to_ginac(const fmpz_t z);

/// The polynomial p of Z[vars] as a GiNaC sum of terms.
GiNaC::ex from_flint(const fmpz_mpoly_t p, const std::vector<GiNaC::ex>& vars, const Context& c);

}  // namespace hamel::flint
