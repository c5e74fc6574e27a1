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

// Arb's text of a midpoint ("0.0516725327143998", "1.00000000000000e+40") as number_text writes a
// double: no trailing zeros, e-notation for an exponent below -4 or from `digits` on.
std::string g_text(const std::string& arb, int digits) {
  std::string sign, d;
  long point = 0, exp10 = 0;
  bool after_point = false;
  std::size_t i = 0;
  if (i < arb.size() && arb[i] == '-') sign = "-", ++i;
  for (; i < arb.size() && arb[i] != 'e'; ++i) {
    if (arb[i] == '.') after_point = true;
    else if (d.empty() && arb[i] == '0') point -= after_point ? 1 : 0;  // a leading zero
    else d += arb[i], point += after_point ? 0 : 1;
  }
  if (i < arb.size()) exp10 = std::stol(arb.substr(i + 1));
  while (!d.empty() && d.back() == '0') d.pop_back();
  if (d.empty()) return "0";
  const long x = point + exp10 - 1;  // the exponent of the first digit
  if (x < -4 || x >= digits) {
    const std::string e = std::to_string(std::labs(x));
    return sign + d.substr(0, 1) + (d.size() > 1 ? "." + d.substr(1) : "") + (x < 0 ? "e-" : "e+") + (e.size() < 2 ? "0" : "") + e;
  }
  if (x < 0) return sign + "0." + std::string(static_cast<std::size_t>(-x - 1), '0') + d;
  if (static_cast<long>(d.size()) <= x + 1) return sign + d + std::string(static_cast<std::size_t>(x + 1) - d.size(), '0');
  return sign + d.substr(0, static_cast<std::size_t>(x + 1)) + "." + d.substr(static_cast<std::size_t>(x + 1));
}

// How well a ball knows one part of a value, for `digits` digits.
enum class Part { Zero, Known, Small, Unknown };

Part part_state(const arb_t x, long needed_bits, int digits) {
  if (arb_is_zero(x)) return Part::Zero;
  if (!arb_contains_zero(x)) return arb_rel_accuracy_bits(x) >= needed_bits ? Part::Known : Part::Unknown;
  arf_t upper;
  arf_init(upper);
  arb_get_abs_ubound_arf(upper, x, 53);
  const bool small = log10_of(upper) < -digits;
  arf_clear(upper);
  return small ? Part::Small : Part::Unknown;
}

std::string part_text(const arb_t x, int digits) {
  char* s = arb_get_str(x, digits, ARB_STR_NO_RADIUS);
  std::string t = g_text(s, digits);
  flint_free(s);
  return t;
}

// The value a final ball gives, from the states of its parts.
DecimalValue described(acb_srcptr v, Part re, Part im, int digits) {
  DecimalValue out;
  using S = DecimalValue::Status;
  if (!acb_is_finite(v)) out.status = S::Unbounded;
  else if (re == Part::Unknown || im == Part::Unknown) out.status = S::Imprecise;
  else if (re != Part::Known && im != Part::Known && (re == Part::Small || im == Part::Small)) out.status = S::NearZero;
  if (out.status == S::NearZero) {
    arb_t a;
    arb_init(a);
    acb_abs(a, v, 64);
    arf_t upper;
    arf_init(upper);
    arb_get_abs_ubound_arf(upper, a, 53);
    out.log10_bound = log10_of(upper);
    arf_clear(upper);
    arb_clear(a);
  }
  if (out.status != S::Digits) return out;
  // a Small part beside a Known one lies below the last digit of the value: left out
  if (re == Part::Known) out.real = part_text(acb_realref(v), digits);
  if (im == Part::Known) out.imag = part_text(acb_imagref(v), digits);
  return out;
}

}  // namespace

std::optional<DecimalValue> decimal_value(const ex& e, const GiNaC::exmap& point, int digits, long max_bits) {
  const long needed = static_cast<long>(std::ceil(digits * std::log2(10.0))) + 10;  // the last digit and a margin
  Ball v;
  Part re = Part::Unknown, im = Part::Unknown;
  for (long bits = 128;; bits *= 2) {
    Evaluator eval{point, bits, {}};
    try {
      v = eval(e);
    } catch (const NotSupported&) {
      return std::nullopt;
    }
    re = part_state(acb_realref(v.get()), needed, digits);
    im = part_state(acb_imagref(v.get()), needed, digits);
    const bool done = acb_is_finite(v.get()) && re != Part::Unknown && re != Part::Small && im != Part::Unknown && im != Part::Small;
    if (done || bits >= max_bits) break;
  }
  return described(v.get(), re, im, digits);
}

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
