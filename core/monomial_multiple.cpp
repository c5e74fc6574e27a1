// core/monomial_multiple.cpp
#include "core/monomial_multiple.hpp"

#include <cmath>
#include <map>
#include <random>
#include <string>

#include "core/abstract_function.hpp"
#include "core/node_kind.hpp"
#include "core/stored_terms.hpp"

namespace hamel {

namespace {

// e in double precision at several points at once (lanes): `at` gives each symbol's values; sin, cos,
// tan, exp, log and roots as usual, an abstract function f(x) (or a derivative of it) as a fixed smooth
// function of its argument and of its serial. NaN where that is undefined or an atom is of another kind.
// One walk for every lane: the symbols are looked up once per occurrence, not once per point.
using Lanes = std::vector<double>;
using SymbolLanes = std::map<GiNaC::ex, Lanes, GiNaC::ex_is_less>;
Lanes values_at(const GiNaC::ex& e, const SymbolLanes& at, std::size_t lanes) {
  const auto constant = [&](const GiNaC::ex& x) {
    const GiNaC::numeric& n = GiNaC::ex_to<GiNaC::numeric>(x);
    return Lanes(lanes, n.is_real() ? n.to_double() : std::nan(""));
  };
  switch (node_kind(e)) {
    case NodeKind::Number: return constant(e);
    case NodeKind::Symbol: {
      const auto it = at.find(e);
      return it == at.end() ? Lanes(lanes, std::nan("")) : it->second;
    }
    case NodeKind::Sum: {  // a sum's terms and a product's powers read as GiNaC stores them
      Lanes sum(lanes, 0.0);
      for_each_term(e, [&](const GiNaC::ex& x, const GiNaC::ex& c) {
        const Lanes v = values_at(x, at, lanes);
        const double k = constant(c)[0];
        for (std::size_t l = 0; l < lanes; ++l) sum[l] += k * v[l];
      }, [&](const GiNaC::ex& k) { for (double& x : sum) x += constant(k)[0]; });
      return sum;
    }
    case NodeKind::Product: {
      Lanes product(lanes, 1.0);
      for_each_power(e, [&](const GiNaC::ex& x, const GiNaC::ex& k) {
        const Lanes b = values_at(x, at, lanes), p = values_at(k, at, lanes);
        for (std::size_t l = 0; l < lanes; ++l) product[l] *= std::pow(b[l], p[l]);
      });
      return product;
    }
    case NodeKind::Power: {
      Lanes b = values_at(e.op(0), at, lanes);
      const Lanes p = values_at(e.op(1), at, lanes);
      for (std::size_t l = 0; l < lanes; ++l) b[l] = std::pow(b[l], p[l]);
      return b;
    }
    case NodeKind::Function:
    case NodeKind::Derivative: break;
    default: return Lanes(lanes, std::nan(""));
  }
  std::vector<Lanes> args;
  for (std::size_t i = 0; i < e.nops(); ++i) args.push_back(values_at(e.op(i), at, lanes));
  const std::string& name = GiNaC::ex_to<GiNaC::function>(e).get_name();
  double (*known)(double) = nullptr;
  if (args.size() == 1 && node_kind(e) == NodeKind::Function) {
    if (name == "sin") known = std::sin;
    else if (name == "cos") known = std::cos;
    else if (name == "tan") known = std::tan;
    else if (name == "exp") known = std::exp;
    else if (name == "log") known = std::log;
  }
  Lanes out(lanes, std::nan(""));
  if (known) {
    for (std::size_t l = 0; l < lanes; ++l) out[l] = known(args[0][l]);
    return out;
  }
  if (args.empty() || !is_abstract_jet(e)) return out;
  double seed = GiNaC::ex_to<GiNaC::function>(e).get_serial();
  if (node_kind(e) == NodeKind::Derivative)
    for (unsigned k : GiNaC::ex_to<GiNaC::fderivative>(e).derivatives()) seed += 7.0 * (k + 1);
  for (std::size_t l = 0; l < lanes; ++l) {
    double phase = seed;
    for (std::size_t i = 0; i < args.size(); ++i) phase += 1.1 * static_cast<double>(i + 1) * args[i][l];
    out[l] = 1.3 + 0.4 * std::sin(phase);
  }
  return out;
}

}  // namespace

// e at two points and at each of them with one of `symbols` doubled (SymbolProfile: per point, the
// value there, then one per symbol), the same points for every expression.
SymbolProfile symbol_profile(const GiNaC::ex& e, const GiNaC::exset& symbols) {
  std::mt19937_64 rng(20261207);
  std::uniform_real_distribution<double> draw(0.55, 1.45);
  const std::size_t per_point = symbols.size() + 1, lanes = 2 * per_point;
  SymbolLanes at;
  for (const GiNaC::ex& x : symbols) at[x] = Lanes(lanes);
  for (std::size_t point = 0; point < 2; ++point)
    for (auto& [x, v] : at) {
      const double value = draw(rng);
      for (std::size_t l = 0; l < per_point; ++l) v[point * per_point + l] = value;
    }
  std::size_t k = 1;  // lane k of each point doubles the k-th symbol
  for (auto& [x, v] : at) {
    for (std::size_t point = 0; point < 2; ++point) v[point * per_point + k] *= 2;
    ++k;
  }
  const Lanes values = values_at(e, at, lanes);
  return {Lanes(values.begin(), values.begin() + static_cast<long>(per_point)), Lanes(values.begin() + static_cast<long>(per_point), values.end())};
}

// b/v = c·Π x^k multiplies by a power of two when one symbol is doubled. Where b/v is undefined or
// not finite at a point, it may be.
bool may_be_monomial_multiple(const SymbolProfile& b, const SymbolProfile& v) {
  for (std::size_t point = 0; point < b.size(); ++point) {
    const std::vector<double>& x = b[point];
    const std::vector<double>& y = v[point];
    const double r0 = x[0] / y[0];
    if (!std::isfinite(r0) || r0 == 0) return true;
    bool monomial = true;
    for (std::size_t k = 1; k < x.size() && monomial; ++k) {
      const double q = x[k] / y[k] / r0;  // 2^n, positive
      if (!std::isfinite(q)) return true;
      monomial = q > 0 && std::fabs(std::log2(q) - std::round(std::log2(q))) <= 1e-6;
    }
    if (monomial) return true;
  }
  return false;
}

}  // namespace hamel
