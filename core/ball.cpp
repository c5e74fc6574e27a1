// core/ball.cpp — a GiNaC expression evaluated bottom-up into Arb's complex balls.
#include "core/ball.hpp"

#include "core/flint_integer.hpp"

#include <acb.h>
#include <cln/rational.h>
#include <cln/real.h>
#include <arb.h>

#include <cmath>
#include <limits>
#include <memory>
#include <sstream>
#include <unordered_map>

namespace hamel {

using GiNaC::ex;
using GiNaC::is_a;

namespace {

// An acb_t that frees itself.
class Ball {
 public:
  Ball() { acb_init(v_); }
  ~Ball() { acb_clear(v_); }
  Ball(const Ball& o) {
    acb_init(v_);
    acb_set(v_, o.v_);
  }
  Ball& operator=(const Ball& o) {
    acb_set(v_, o.v_);
    return *this;
  }
  acb_ptr get() { return v_; }
  acb_srcptr get() const { return v_; }

 private:
  acb_t v_;
};

// x real, made exact first: a float from the input is its exact binary value.
void set_real(arb_t out, const GiNaC::numeric& x_in, long bits) {
  GiNaC::numeric x = x_in;
  if (!x.is_rational()) x = GiNaC::numeric(cln::rational(cln::the<cln::cl_R>(x.to_cl_N())));
  fmpq_t q;
  fmpq_init(q);
  to_flint(x.numer(), fmpq_numref(q));
  to_flint(x.denom(), fmpq_denref(q));
  arb_set_fmpq(out, q, bits);
  fmpq_clear(q);
}

void set_number(acb_t out, const GiNaC::numeric& n, long bits) {
  set_real(acb_realref(out), n.real(), bits);
  set_real(acb_imagref(out), n.imag(), bits);
}

using Unary = void (*)(acb_t, const acb_t, long);

void acb_abs_as_acb(acb_t r, const acb_t z, long bits) {
  arb_t a;
  arb_init(a);
  acb_abs(a, z, bits);
  acb_set_arb(r, a);
  arb_clear(a);
}

const std::unordered_map<std::string, Unary>& unary_functions() {
  static const std::unordered_map<std::string, Unary> table{
      {"exp", acb_exp},   {"log", acb_log},     {"sin", acb_sin},     {"cos", acb_cos},
      {"tan", acb_tan},   {"asin", acb_asin},   {"acos", acb_acos},   {"atan", acb_atan},
      {"sinh", acb_sinh}, {"cosh", acb_cosh},   {"tanh", acb_tanh},   {"asinh", acb_asinh},
      {"acosh", acb_acosh}, {"atanh", acb_atanh}, {"abs", acb_abs_as_acb}};
  return table;
}

struct NotSupported {};

struct Evaluator {
  const GiNaC::exmap& point;
  long bits;
  std::unordered_map<ex, Ball, std::hash<ex>, GiNaC::ex_is_equal> seen;  // derivatives repeat subterms

  Ball operator()(const ex& e) {
    if (is_a<GiNaC::numeric>(e)) {
      Ball b;
      set_number(b.get(), GiNaC::ex_to<GiNaC::numeric>(e), bits);
      return b;
    }
    if (is_a<GiNaC::symbol>(e)) {
      const auto it = point.find(e);
      if (it == point.end() || !is_a<GiNaC::numeric>(it->second)) throw NotSupported{};
      return (*this)(it->second);
    }
    if (const auto it = seen.find(e); it != seen.end()) return it->second;
    Ball r = compute(e);
    seen.emplace(e, r);
    return r;
  }

  Ball compute(const ex& e) {
    Ball r;
    if (is_a<GiNaC::add>(e) || is_a<GiNaC::mul>(e)) {
      const bool sum = is_a<GiNaC::add>(e);
      acb_set_si(r.get(), sum ? 0 : 1);
      for (std::size_t i = 0; i < e.nops(); ++i) {
        const Ball t = (*this)(e.op(i));
        if (sum) acb_add(r.get(), r.get(), t.get(), bits);
        else acb_mul(r.get(), r.get(), t.get(), bits);
      }
      return r;
    }
    if (is_a<GiNaC::power>(e)) {
      const Ball b = (*this)(e.op(0));
      const ex x = e.op(1);
      if (is_a<GiNaC::numeric>(x) && GiNaC::ex_to<GiNaC::numeric>(x).is_integer()) {
        fmpz_t n;
        fmpz_init(n);
        to_flint(GiNaC::ex_to<GiNaC::numeric>(x), n);
        acb_pow_fmpz(r.get(), b.get(), n, bits);
        fmpz_clear(n);
      } else {
        acb_pow(r.get(), b.get(), (*this)(x).get(), bits);  // principal branch, as GiNaC
      }
      return r;
    }
    if (is_a<GiNaC::constant>(e)) {
      if (e.is_equal(GiNaC::Pi)) arb_const_pi(acb_realref(r.get()), bits);
      else if (e.is_equal(GiNaC::Euler)) arb_const_euler(acb_realref(r.get()), bits);
      else if (e.is_equal(GiNaC::Catalan)) arb_const_catalan(acb_realref(r.get()), bits);
      else throw NotSupported{};
      return r;
    }
    if (is_a<GiNaC::function>(e) && e.nops() == 2 && GiNaC::ex_to<GiNaC::function>(e).get_name() == "atan2") {
      const Ball y = (*this)(e.op(0)), x = (*this)(e.op(1));
      if (!acb_is_real(y.get()) || !acb_is_real(x.get())) throw NotSupported{};
      arb_atan2(acb_realref(r.get()), acb_realref(y.get()), acb_realref(x.get()), bits);
      return r;
    }
    if (is_a<GiNaC::function>(e) && e.nops() == 1) {
      const auto& table = unary_functions();
      const auto it = table.find(GiNaC::ex_to<GiNaC::function>(e).get_name());
      if (it == table.end()) throw NotSupported{};
      it->second(r.get(), (*this)(e.op(0)).get(), bits);
      return r;
    }
    throw NotSupported{};
  }
};

double log10_of(const arf_t x) {
  if (arf_is_zero(x)) return -std::numeric_limits<double>::infinity();
  if (!arf_is_finite(x)) return std::numeric_limits<double>::infinity();
  // x = m·2^e with the exponent possibly beyond a double's range: read both parts
  fmpz_t exp;
  fmpz_init(exp);
  arf_t m;
  arf_init(m);
  arf_frexp(m, exp, x);  // x = m 2^exp, 1/2 ≤ |m| < 1
  const double r = std::log10(std::fabs(arf_get_d(m, ARF_RND_NEAR))) + static_cast<double>(fmpz_get_d(exp)) * std::log10(2.0);
  arf_clear(m);
  fmpz_clear(exp);
  return r;
}

}  // namespace

long digits_of_bits(long bits) { return static_cast<long>(static_cast<double>(bits) * std::log10(2.0)); }

std::optional<BallValue> ball_value(const ex& e, const GiNaC::exmap& point, long bits) {
  Evaluator eval{point, bits, {}};
  Ball v;
  try {
    v = eval(e);
  } catch (const NotSupported&) {
    return std::nullopt;
  }
  BallValue out;
  out.finite = acb_is_finite(v.get());
  out.excludes_zero = out.finite && !acb_contains_zero(v.get());
  // |value| ≤ |mid| + rad: bound the modulus by a real ball
  arb_t a;
  arb_init(a);
  acb_abs(a, v.get(), bits);
  arf_t upper;
  arf_init(upper);
  arb_get_abs_ubound_arf(upper, a, 53);
  out.log10_radius = log10_of(upper);
  out.log10_abs = log10_of(arb_midref(a));
  char* s = arb_get_str(a, 5, 0);
  out.text = s;
  flint_free(s);
  arf_clear(upper);
  arb_clear(a);
  return out;
}

}  // namespace hamel
