// mechanics/hybrid/on_surface.cpp
#include "mechanics/hybrid/on_surface.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>
#include <tuple>

#include "core/abstract_function.hpp"
#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "core/term_order.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

bool is_velocity(const Chart& chart, const ex& s) {
  const auto i = chart.index_of(s);
  return i && chart.coordinate_name(*i).size() > 4 &&
         chart.coordinate_name(*i).compare(chart.coordinate_name(*i).size() - 4, 4, "_dot") == 0;
}

bool is_parameter(const Chart& chart, const ex& s) {
  for (const ex& p : chart.parameters())
    if (p.is_equal(s)) return true;
  return false;
}

std::pair<double, double> range_of(const ProbeSpace& space, const ex& s) {
  for (const auto& r : space.ranges)
    if (r.symbol.is_equal(s)) return {r.lo, r.hi};
  return {space.default_lo, space.default_hi};
}

// Sum of the absolute values of the terms of a sum: the size of what cancels.
double magnitude(const ex& e, const SamplePoint& p) {
  double m = 0;
  if (GiNaC::is_a<GiNaC::add>(e)) {
    for (std::size_t i = 0; i < e.nops(); ++i) m += std::fabs(evaluate_at(e.op(i), p));
  } else {
    m = std::fabs(evaluate_at(e, p));
  }
  return m;
}

// v² → (−b1 v − b0)/b2 in the numerator of e, for b = b2 v² + b1 v + b0 with b2 a number.
std::optional<ex> reduce_quadratic(const ex& e, const ex& b, const ex& v) {
  const ex be = b.expand();
  if (!be.is_polynomial(v) || be.degree(v) != 2 || !GiNaC::is_a<GiNaC::numeric>(be.coeff(v, 2))) return std::nullopt;
  ex N = GiNaC::numer(GiNaC::normal(e)).expand();
  if (!N.is_polynomial(v)) return std::nullopt;
  const ex lc = be.coeff(v, 2);
  for (int guard = 0; guard < 200 && N.degree(v) >= 2; ++guard) {
    const int k = N.degree(v);
    N = (N - N.coeff(v, k) / lc * GiNaC::pow(v, k - 2) * be).expand();
  }
  return N;
}

}  // namespace

namespace {

GiNaC::exmap& jet_table() {
  static GiNaC::exmap jets;  // jet → symbol
  return jets;
}

// "f(t)", "f'(t)" for a frozen jet's symbol, else the symbol's name.
std::string symbol_name(const ex& s) {
  for (const auto& [jet, sym] : jet_table())
    if (sym.is_equal(s) && GiNaC::is_a<GiNaC::function>(jet) && jet.nops() >= 1) {
      std::size_t order = 0;
      if (GiNaC::is_a<GiNaC::fderivative>(jet)) order = GiNaC::ex_to<GiNaC::fderivative>(jet).derivatives().size();
      std::string args;
      for (std::size_t i = 0; i < jet.nops(); ++i) args += (i ? ", " : "") + detail::str(jet.op(i));
      return abstract_function_name(GiNaC::ex_to<GiNaC::function>(jet).get_serial()) + std::string(order, '\'') + "(" + args + ")";
    }
  return detail::str(s);
}

}  // namespace

ex freeze(const ex& e) { return freeze_jets(e, jet_table()); }

std::vector<ex> symbols_of(const std::vector<ex>& es) {
  GiNaC::exset s;
  for (const ex& e : es) collect_symbols(freeze(e), s);
  // samples are drawn in this order: a seed must give the same samples, and verdicts, in every run
  return in_name_order({s.begin(), s.end()}, symbol_name);
}

double evaluate_at(const ex& e, const SamplePoint& p) {
  const ex v = freeze(e).subs(p).evalf();
  if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real())
    throw InvalidArgument(detail::message("evaluate_at", "the expression has no real value at the point",
                                          "a real number", detail::str(v)));
  return GiNaC::ex_to<GiNaC::numeric>(v).to_double();
}

namespace {
constexpr double kRoundingOfZero = 1e-12;
}  // namespace

std::vector<std::pair<std::string, std::string>> sample_items(const SamplePoint& p) {
  std::vector<std::pair<std::string, double>> items;
  for (const auto& [k, v] : p) items.emplace_back(symbol_name(k), GiNaC::ex_to<GiNaC::numeric>(v.evalf()).to_double());
  // by name: the map's own order follows GiNaC's hashes, which change from run to run
  std::stable_sort(items.begin(), items.end(),
                   [](const auto& a, const auto& b) { return compare_names(a.first, b.first) < 0; });
  // a value below the projection's precision (residuals to 1e-13 of the point's size) is a rounding
  // of 0 whose digits follow the order GiNaC sums terms in, which changes from run to run: print 0
  double size = 1;
  for (const auto& item : items) size = std::max(size, std::fabs(item.second));
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [n, v] : items) {
    std::ostringstream os;
    os.precision(6);
    os << (std::fabs(v) <= kRoundingOfZero * size ? 0.0 : v);
    out.emplace_back(n, os.str());
  }
  return out;
}

std::string describe_sample(const SamplePoint& p) {
  std::string s;
  for (const auto& [n, v] : sample_items(p)) s += (s.empty() ? "" : ", ") + n + " = " + v;
  return s;
}

std::optional<SamplePoint> project(const std::vector<ex>& G, const std::vector<ex>& vary, SamplePoint start) {
  if (G.empty()) return start;
  const std::size_t m = G.size(), k = vary.size();
  std::vector<std::vector<ex>> J(m, std::vector<ex>(k));
  std::vector<ex> Gf;
  for (std::size_t i = 0; i < m; ++i) {
    Gf.push_back(freeze(G[i]));
    for (std::size_t j = 0; j < k; ++j) J[i][j] = Gf[i].diff(GiNaC::ex_to<GiNaC::symbol>(vary[j]));
  }
  SamplePoint p = std::move(start);
  for (int it = 0; it < 60; ++it) {
    Eigen::VectorXd r(static_cast<Eigen::Index>(m));
    Eigen::MatrixXd A(static_cast<Eigen::Index>(m), static_cast<Eigen::Index>(k));
    double scale = 1;
    try {
      for (std::size_t i = 0; i < m; ++i) {
        r(static_cast<Eigen::Index>(i)) = evaluate_at(Gf[i], p);
        scale = std::max(scale, magnitude(Gf[i], p));
        for (std::size_t j = 0; j < k; ++j)
          A(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = evaluate_at(J[i][j], p);
      }
    } catch (const std::exception&) {
      return std::nullopt;
    }
    if (r.lpNorm<Eigen::Infinity>() <= 1e-13 * scale) return p;
    const Eigen::VectorXd step = A.completeOrthogonalDecomposition().solve(r);
    if (!step.allFinite()) return std::nullopt;
    for (std::size_t j = 0; j < k; ++j) {
      const double v = GiNaC::ex_to<GiNaC::numeric>(p[vary[j]].evalf()).to_double() - step(static_cast<Eigen::Index>(j));
      if (!std::isfinite(v) || std::fabs(v) > 1e6) return std::nullopt;
      p[vary[j]] = v;
    }
  }
  return std::nullopt;
}

// The projection onto S may leave the chart's domain (r = -sqrt(f) for r^2 = f): such a point is no state.
bool inside_domain(const Chart& chart, const SamplePoint& p) {
  for (std::size_t i = 0; i < chart.dim(); ++i) {
    const auto dom = chart.domain(i);
    const auto at = p.find(chart[i]);
    if (!dom || at == p.end()) continue;
    const double v = GiNaC::ex_to<GiNaC::numeric>(at->second.evalf()).to_double();
    if (!(v > GiNaC::ex_to<GiNaC::numeric>(dom->lo.evalf()).to_double() && v < GiNaC::ex_to<GiNaC::numeric>(dom->hi.evalf()).to_double()))
      return false;
  }
  return true;
}

bool satisfies_direction(const SurfacePiece& S, const SamplePoint& p) {
  double s = 0;
  try {
    s = evaluate_at(S.normal, p);
  } catch (const std::exception&) {
    return false;
  }
  const double margin = 1e-6;
  switch (S.direction) {
    case Direction::Falling: return s < -margin;
    case Direction::Rising: return s > margin;
    case Direction::Either: return std::fabs(s) > margin;
  }
  return false;
}

namespace {
constexpr std::pair<double, double> kRestitutionRange{1e-3, 1.0};  // as the sign checks draw them (hybrid_checks)
}  // namespace

std::vector<SamplePoint> sample_surface(const SurfacePiece& S, int count, unsigned seed, const std::vector<ex>& extra,
                                        const std::optional<std::pair<double, double>>& parameters) {
  std::vector<ex> all = S.equations;
  all.push_back(S.normal);
  all.insert(all.end(), extra.begin(), extra.end());
  // every coordinate and velocity (and the time) gets a value: witnesses are complete states
  std::vector<ex> vars = symbols_of(all);
  std::vector<ex> state = S.chart.coordinates();
  if (S.time) state.push_back(*S.time);
  for (const ex& x : state)
    if (std::find_if(vars.begin(), vars.end(), [&](const ex& v) { return v.is_equal(x); }) == vars.end()) vars.push_back(x);
  std::vector<ex> vary;
  for (const ex& s : vars)
    if (!is_parameter(S.chart, s)) vary.push_back(s);
  const ProbeSpace space = S.chart.probe_space();
  std::mt19937 rng(seed);
  std::vector<SamplePoint> out;
  for (int attempt = 0; attempt < 40 * count && static_cast<int>(out.size()) < count; ++attempt) {
    SamplePoint p;
    for (const ex& s : vars) {
      auto [lo, hi] = range_of(space, s);
      if (parameters && is_parameter(S.chart, s)) std::tie(lo, hi) = *parameters;  // (every parameter has a probe range)
      for (const ex& e : S.restitutions)
        if (e.is_equal(s)) std::tie(lo, hi) = kRestitutionRange;
      p[s] = std::uniform_real_distribution<double>(lo, hi)(rng);
    }
    auto q = project(S.equations, vary, p);
    if (!q) continue;
    if (!satisfies_direction(S, *q)) {
      // the normal velocity is linear in the velocities: reverse them and project again
      for (const ex& s : vary)
        if (is_velocity(S.chart, s)) (*q)[s] = -(*q)[s];
      q = project(S.equations, vary, *q);
      if (!q || !satisfies_direction(S, *q)) continue;
    }
    if (!inside_domain(S.chart, *q)) continue;
    out.push_back(*q);
  }
  return out;
}

std::string Elimination::describe() const {
  std::string s;
  for (const ex& v : solved) s += (s.empty() ? "" : ", ") + detail::str(v) + " = " + detail::str(substitution.at(v));
  return s;
}

Elimination eliminate(const SurfacePiece& S) {
  Elimination el;
  std::vector<ex> eqs = S.equations;
  while (!eqs.empty()) {
    bool progress = false;
    for (std::size_t k = 0; k < eqs.size() && !progress; ++k) {
      const ex E = eqs[k].expand();
      std::optional<std::pair<ex, ex>> best;  // (variable, solution)
      for (const ex& v : S.chart.coordinates()) {
        if (!E.has(v) || !E.is_polynomial(v) || E.degree(v) != 1) continue;
        const ex c = E.coeff(v, 1);
        if (c.has(v) || is_zero(c, S.chart)) continue;
        const ex sol = -E.coeff(v, 0) / c;
        const bool numeric_coefficient = GiNaC::is_a<GiNaC::numeric>(c);
        if (!best || numeric_coefficient) best = std::make_pair(v, simplify(sol));
        if (numeric_coefficient) break;
      }
      if (!best) continue;
      GiNaC::exmap step{{best->first, best->second}};
      for (auto& [var, val] : el.substitution) val = simplify(val.subs(step));
      el.substitution[best->first] = best->second;
      el.solved.push_back(best->first);
      eqs.erase(eqs.begin() + static_cast<long>(k));
      for (auto& e : eqs) e = e.subs(step);
      progress = true;
    }
    if (!progress) break;
  }
  el.remaining = eqs;
  return el;
}

SurfaceVerdict zero_on_surface(const ex& e, const SurfacePiece& S, int samples) {
  SurfaceVerdict out;
  const ZeroVerdict whole = zero_test(e, S.chart);
  if (whole.zero) {
    out.zero = true;
    out.how = "vanishes identically, " + whole.how();
    return out;
  }
  // stage 2: symbolic elimination
  const Elimination el = eliminate(S);
  ex reduced = el.substitution.empty() ? e : e.subs(el.substitution);
  std::string steps = el.describe().empty() ? "" : "$" + el.describe() + "$";  // prose: its math marked
  bool eliminated_all = el.remaining.empty();
  for (const ex& eq : el.remaining) {
    for (const ex& v : S.chart.coordinates()) {
      auto r = reduce_quadratic(reduced, eq.subs(el.substitution), v);
      if (!r) continue;
      reduced = *r;
      steps += (steps.empty() ? "" : ", ") + std::string("modulo $") + detail::str(eq) + "$";
      eliminated_all = true;  // the remainder is linear in v: zero iff both coefficients are
      break;
    }
  }
  if (!steps.empty()) {
    const ZeroVerdict v = zero_test(reduced, S.chart);
    if (v.zero) {
      out.zero = true;
      out.how = "on " + (S.name.empty() ? std::string("S") : S.name) + " (" + steps + "), " + v.how();
      return out;
    }
  }
  // stage 3: sampling on S
  const auto pts = sample_surface(S, samples, 7919u, {e});
  double worst = 0;
  for (const auto& p : pts) {
    double val = 0, mag = 0;
    try {
      val = evaluate_at(e, p);
      mag = magnitude(freeze(e).expand(), p);
    } catch (const std::exception&) {
      continue;
    }
    worst = std::max(worst, std::fabs(val));
    if (std::fabs(val) > 1e-7 * std::max(1.0, mag)) {
      out.zero = false;
      out.witness = p;
      out.value = val;
      out.how = "nonzero at a sampled point of " + (S.name.empty() ? std::string("S") : S.name);
      if (eliminated_all && !steps.empty()) out.how += " (symbolic after " + steps + ": nonzero)";
      return out;
    }
  }
  if (pts.empty()) {
    out.zero = false;
    out.how = "no point of " + (S.name.empty() ? std::string("S") : S.name) + " found by sampling; undecided";
    return out;
  }
  std::ostringstream os;
  os.precision(2);
  os << "zero at " << pts.size() << " sampled points of " << (S.name.empty() ? std::string("S") : S.name)
     << " (numeric, max |value| " << worst << ")";
  out.zero = true;
  out.how = os.str();
  return out;
}

}  // namespace hamel
