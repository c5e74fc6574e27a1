// mechanics/contact/generalized_distribution.cpp
#include "mechanics/contact/generalized_distribution.hpp"

#include <cmath>

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

namespace detail {

DECLARE_FUNCTION_1P(hamel_flat_step)

namespace {

GiNaC::ex flat_step_eval(const GiNaC::ex& y) {
  if (GiNaC::is_exactly_a<GiNaC::numeric>(y) && GiNaC::ex_to<GiNaC::numeric>(y).is_real()) {
    if (GiNaC::ex_to<GiNaC::numeric>(y) <= 0) return 0;
    return GiNaC::exp(-1 / (y * y));
  }
  return hamel_flat_step(y).hold();
}

GiNaC::ex flat_step_evalf(const GiNaC::ex& y) {
  if (GiNaC::is_exactly_a<GiNaC::numeric>(y) && GiNaC::ex_to<GiNaC::numeric>(y).is_real()) {
    if (GiNaC::ex_to<GiNaC::numeric>(y) <= 0) return GiNaC::numeric(0).evalf();
    return GiNaC::exp(-1 / (y * y)).evalf();
  }
  return hamel_flat_step(y).hold();
}

// φ'(y) = 2 φ(y) / y³ for y > 0, and 0 for y ≤ 0 (where φ = 0)
GiNaC::ex flat_step_deriv(const GiNaC::ex& y, unsigned) { return 2 * hamel_flat_step(y) / GiNaC::pow(y, 3); }

void flat_step_print(const GiNaC::ex& y, const GiNaC::print_context& c) {
  c.s << "phi(";
  y.print(c);
  c.s << ")";
}

void flat_step_latex(const GiNaC::ex& y, const GiNaC::print_context& c) {
  c.s << "\\varphi(";
  y.print(c);
  c.s << ")";
}

}  // namespace

REGISTER_FUNCTION(hamel_flat_step, eval_func(flat_step_eval)
                                       .evalf_func(flat_step_evalf)
                                       .derivative_func(flat_step_deriv)
                                       .print_func<GiNaC::print_dflt>(flat_step_print)
                                       .print_func<GiNaC::print_latex>(flat_step_latex))

}  // namespace detail

GiNaC::ex flat_step(const GiNaC::ex& y) { return detail::hamel_flat_step(y); }

std::size_t rank_at_point(const GiNaC::matrix& M, const Chart& chart, const GiNaC::exmap& point) {
  GiNaC::matrix A(M.rows(), M.cols());
  for (unsigned i = 0; i < M.rows(); ++i)
    for (unsigned j = 0; j < M.cols(); ++j) A(i, j) = M(i, j).subs(point).eval();
  return symbolic_rank(A, chart);
}

PointClassification classify_point(const GiNaC::matrix& M, const Chart& chart, const GiNaC::exmap& point,
                                   double radius) {
  if (!(radius > 0))
    throw InvalidArgument(detail::message("classify_point", "the sampling radius must be positive", "radius > 0",
                                          std::to_string(radius)));
  PointClassification c;
  c.rank = rank_at_point(M, chart, point);
  const std::size_t n = chart.dim();
  std::vector<std::vector<double>> dirs;
  for (std::size_t i = 0; i < n; ++i)
    for (double s : {1.0, -1.0}) {
      std::vector<double> d(n, 0.0);
      d[i] = s;
      dirs.push_back(d);
    }
  for (double s : {1.0, -1.0}) dirs.emplace_back(n, s / std::sqrt(static_cast<double>(n)));
  c.nearby_min = c.rank;
  c.nearby_max = c.rank;
  bool first = true;
  for (const auto& d : dirs) {
    GiNaC::exmap p = point;
    for (std::size_t i = 0; i < n; ++i) {
      const auto it = point.find(chart[i]);
      if (it == point.end())
        throw InvalidArgument(detail::message("classify_point", "the point has no value for a coordinate",
                                              "a value for " + chart.coordinate_name(i), "none"));
      // exact rationals keep φ(y) exact at y ≤ 0
      p[chart[i]] = it->second + GiNaC::numeric(static_cast<long>(std::lround(radius * d[i] * 1e6)), 1000000L);
    }
    const std::size_t r = rank_at_point(M, chart, p);
    c.nearby_min = first ? r : std::min(c.nearby_min, r);
    c.nearby_max = first ? r : std::max(c.nearby_max, r);
    first = false;
  }
  c.regular = c.nearby_min == c.rank && c.nearby_max == c.rank;
  return c;
}

RankChange rank_change(std::size_t before, std::size_t at, std::size_t after) {
  RankChange r{before, at, after, 0, false};
  if (before == at && at < after) r.paper_case = 1;
  else if (before > at && at == after) r.paper_case = 2;
  else if (before > at && after > at) r.paper_case = 3;
  r.impulsive = after > before || after > at;
  return r;
}

namespace {

// "<", "=" or ">" between two constraint counts.
std::string relation(std::size_t a, std::size_t b) { return a < b ? " < " : a == b ? " = " : " > "; }

}  // namespace

std::string RankChange::case_text() const {
  switch (paper_case) {
    case 1: return "case 1 of 003 §4: rho- = rho0 < rho+";
    case 2: return "case 2 of 003 §4: rho- > rho0 = rho+";
    case 3: return "case 3 of 003 §4: rho- > rho0 < rho+";
    default: break;
  }
  const std::string counts = "rho-" + relation(before, at) + "rho0" + relation(at, after) + "rho+";
  std::string s = "case 0: " + counts + " is none of the cases 1-3 of 003 §4";
  if (before < at && at == after)
    s += "; the constraints already hold at the crossing point (the region contains its boundary), so the jump is "
         "taken on reaching it, as in case 1";
  else if (before == at && at == after)
    s += "; the number of constraints does not change";
  return s;
}

std::string RankChange::describe() const {
  std::string s = "constraints " + std::to_string(before) + " before, " + std::to_string(at) + " at, " +
                  std::to_string(after) + " after the crossing (" + case_text() + ")";
  s += impulsive ? "; new constraints after the crossing: momentum jump (003 (72)-(74))"
                 : "; no new constraints: no impulse";
  return s;
}

}  // namespace hamel
