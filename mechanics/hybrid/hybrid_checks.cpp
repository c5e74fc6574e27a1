// mechanics/hybrid/hybrid_checks.cpp
#include "mechanics/hybrid/hybrid_checks.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "core/symbolic.hpp"
#include "geometry/form.hpp"
#include "geometry/lifts.hpp"
#include "geometry/linear_algebra.hpp"
#include "numerics/compiled_function.hpp"
#include "numerics/ode.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

std::string fmt(double v) {
  std::ostringstream os;
  os.precision(8);
  os << v;
  return os.str();
}

std::string fmt(const std::vector<double>& v) {
  std::string s = "(";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + fmt(v[i]);
  return s + ")";
}

// Combines "how" strings: the verdict is as strong as its weakest stage.
void weaker(std::string& how, const std::string& more) {
  if (how.empty() || more.find("sampled") != std::string::npos || more.find("numeric") != std::string::npos)
    how = more;
}

HybridVerdict from_surface(const SurfaceVerdict& v, const std::string& failed) {
  HybridVerdict h;
  h.holds = v.zero;
  h.how = v.how;
  if (!v.zero) {
    h.failed = failed;
    h.counterexample = v.witness;
    if (v.witness) h.note = "value there: " + fmt(v.value);
  }
  return h;
}

bool is_parameter(const Chart& chart, const ex& s) {
  for (const ex& p : chart.parameters())
    if (p.is_equal(s)) return true;
  return false;
}

std::vector<double> values(const std::vector<ex>& fs, const SamplePoint& p) {
  std::vector<double> out;
  for (const ex& f : fs) out.push_back(evaluate_at(f, p));
  return out;
}

// Numeric Jacobian of fs w.r.t. the symbols `vars` at p (from symbolic derivatives).
Eigen::MatrixXd jacobian_at(const std::vector<ex>& fs, const std::vector<ex>& vars, const SamplePoint& p) {
  Eigen::MatrixXd J(static_cast<Eigen::Index>(fs.size()), static_cast<Eigen::Index>(vars.size()));
  for (std::size_t i = 0; i < fs.size(); ++i) {
    const ex f = freeze(fs[i]);
    for (std::size_t j = 0; j < vars.size(); ++j)
      J(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) =
          evaluate_at(f.diff(GiNaC::ex_to<GiNaC::symbol>(vars[j])), p);
  }
  return J;
}

// A basis of {v : A v = 0} as columns; none when the kernel is trivial (Eigen's FullPivLU::kernel()
// returns a single zero column then, which is not a basis).
Eigen::MatrixXd kernel(const Eigen::MatrixXd& A, std::size_t cols) {
  const auto n = static_cast<Eigen::Index>(cols);
  if (A.rows() == 0) return Eigen::MatrixXd::Identity(n, n);
  Eigen::FullPivLU<Eigen::MatrixXd> lu(A);
  lu.setThreshold(1e-9);
  if (lu.dimensionOfKernel() == 0) return Eigen::MatrixXd(n, 0);
  return lu.kernel();
}

// The basis of the row space of B in reduced row echelon form (pivots 1, partial pivoting), so that
// the same space gives the same rows whichever basis B holds.
Eigen::MatrixXd reduced_echelon(Eigen::MatrixXd B) {
  Eigen::Index r = 0;
  for (Eigen::Index c = 0; c < B.cols() && r < B.rows(); ++c) {
    Eigen::Index best = r;
    B.col(c).tail(B.rows() - r).cwiseAbs().maxCoeff(&best);
    best += r;
    if (std::fabs(B(best, c)) < 1e-9) continue;
    B.row(r).swap(B.row(best));
    B.row(r) /= B(r, c);
    for (Eigen::Index i = 0; i < B.rows(); ++i)
      if (i != r) B.row(i) -= B(i, c) * B.row(r);
    ++r;
  }
  return B.topRows(r);
}

// The rational with the smallest denominator (at most 10^4) within 1e-9 of x, by continued fractions;
// the nearest convergent if none is that close (a symbolic check of the result then fails).
GiNaC::numeric small_rational(double x) {
  long h0 = 0, h1 = 1, k0 = 1, k1 = 0;  // convergents h/k
  double r = x;
  for (int step = 0; step < 40; ++step) {
    const double a = std::floor(r);
    if (std::fabs(a) > 1e12) break;
    const long ai = static_cast<long>(a);
    const long h2 = ai * h1 + h0, k2 = ai * k1 + k0;
    if (k2 > 10000) break;
    h0 = h1, h1 = h2, k0 = k1, k1 = k2;
    if (std::fabs(x - static_cast<double>(h1) / static_cast<double>(k1)) < 1e-9 * std::max(1.0, std::fabs(x))) break;
    if (r - a < 1e-15) break;
    r = 1 / (r - a);
  }
  return k1 == 0 ? GiNaC::numeric(0) : GiNaC::numeric(h1, k1);
}

std::size_t numeric_rank(const Eigen::MatrixXd& A) {
  if (A.rows() == 0 || A.cols() == 0) return 0;
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(A);
  const auto& s = svd.singularValues();
  std::size_t r = 0;
  for (Eigen::Index i = 0; i < s.size(); ++i)
    if (s(i) > 1e-8 * std::max(1.0, s(0))) ++r;
  return r;
}

// Two states of S with equal μ₋ and different μ₊, starting from p1 (see the header).
bool find_pair(const SurfacePiece& S, const std::vector<ex>& mu_minus, const std::vector<ex>& mu_plus,
               const SamplePoint& p1, GeneralizedComponent& out) {
  std::vector<ex> all = S.equations;
  all.insert(all.end(), mu_minus.begin(), mu_minus.end());
  all.insert(all.end(), mu_plus.begin(), mu_plus.end());
  all.push_back(S.normal);
  std::vector<ex> vary;
  for (const ex& s : symbols_of(all))
    if (!is_parameter(S.chart, s)) vary.push_back(s);
  std::vector<double> m1, plus1;
  try {
    m1 = values(mu_minus, p1);
    plus1 = values(mu_plus, p1);
  } catch (const std::exception&) {
    return false;
  }
  std::vector<ex> G = S.equations;
  for (std::size_t a = 0; a < mu_minus.size(); ++a) G.push_back(mu_minus[a] - m1[a]);
  Eigen::MatrixXd N;
  Eigen::MatrixXd D;
  try {
    N = kernel(jacobian_at(G, vary, p1), vary.size());
    D = jacobian_at(mu_plus, vary, p1);
  } catch (const std::exception&) {
    return false;
  }
  if (N.cols() == 0) return false;
  const Eigen::MatrixXd M = D * N;
  if (M.norm() < 1e-9) return false;
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(M, Eigen::ComputeFullV);
  const Eigen::VectorXd dir = N * svd.matrixV().col(0);
  for (double eps : {0.3, 0.1, 0.03, 0.01}) {
    for (double sign : {1.0, -1.0}) {
      SamplePoint p2 = p1;
      for (std::size_t j = 0; j < vary.size(); ++j)
        p2[vary[j]] = GiNaC::ex_to<GiNaC::numeric>(p1.at(vary[j]).evalf()).to_double() +
                      sign * eps * dir(static_cast<Eigen::Index>(j)) / dir.norm();
      auto q = project(G, vary, p2);
      if (!q || !satisfies_direction(S, *q)) continue;
      std::vector<double> plus2;
      try {
        plus2 = values(mu_plus, *q);
      } catch (const std::exception&) {
        continue;
      }
      double diff = 0, scale = 1;
      for (std::size_t a = 0; a < plus1.size(); ++a) {
        diff = std::max(diff, std::fabs(plus2[a] - plus1[a]));
        scale = std::max(scale, std::fabs(plus1[a]));
      }
      if (diff > 1e-6 * scale) {
        out.first = p1;
        out.second = *q;
        out.mu_minus = m1;
        out.mu_plus_first = plus1;
        out.mu_plus_second = plus2;
        return true;
      }
    }
  }
  return false;
}

}  // namespace

HybridVerdict flow_invariance(const SimpleHybridSystem& H, const ex& f) {
  const VectorField X = forced_euler_lagrange_field(H.system());
  const ZeroVerdict v = zero_test(evolution_derivative(X, H.system().time(), f), H.system().tangent_chart());
  HybridVerdict h;
  h.holds = v.zero;
  h.how = v.how();
  if (!v.zero) {
    h.failed = "df/dt = 0 along the flow";
    if (!v.point.empty()) h.counterexample = v.point;
  }
  return h;
}

HybridVerdict impact_invariance(const SimpleHybridSystem& H, const ex& f, bool with_conditions) {
  HybridVerdict out;
  out.holds = true;
  for (const auto& C : H.components()) {
    const SurfacePiece S = surface_piece(H, C, with_conditions);
    const SurfaceVerdict v = zero_on_surface(after_impact(H, C, f) - f, S);
    if (!v.zero) return from_surface(v, "$f o Delta = f$ on " + C.name);
    weaker(out.how, v.how);
  }
  if (out.how.empty()) out.how = "no switching surface";
  return out;
}

HybridVerdict hybrid_constant_of_motion(const SimpleHybridSystem& H, const ex& f, bool with_conditions) {
  HybridVerdict a = flow_invariance(H, f);
  if (!a.holds) return a;
  HybridVerdict b = impact_invariance(H, f, with_conditions);
  if (!b.holds) return b;
  b.how = "flow: " + a.how + "; impacts: " + b.how;
  return b;
}

namespace {

// The sign checks sample masses and restitutions where they are physical.
constexpr std::pair<double, double> kPhysicalParameters{1e-3, 1.0};

bool has_state(const ex& e, const SimpleHybridSystem& H) {
  const ForcedLagrangianSystem& s = H.system();
  if (s.time() && e.has(*s.time())) return true;
  for (const ex& x : s.tangent_chart().coordinates())
    if (e.has(x)) return true;
  return false;
}

// e ≤ 0 at sampled points of S, up to a rounding margin relative to `scale` there.
HybridVerdict nonpositive_at_samples(const ex& e, const ex& scale, const SurfacePiece& S, const std::string& failed) {
  const auto pts = sample_surface(S, 24, 6007u, {e, scale}, kPhysicalParameters);
  HybridVerdict out;
  out.holds = true;
  for (const auto& p : pts) {
    double v = 0, m = 0;
    try {
      v = evaluate_at(e, p);
      m = std::fabs(evaluate_at(scale, p));
    } catch (const std::exception&) {
      continue;  // a pole of e: no verdict there
    }
    if (v > 1e-9 * (1 + m)) {
      out.holds = false;
      out.failed = failed;
      out.counterexample = p;
      out.how = "numerical, at a sampled point of " + S.name + " (parameters in (0, 1])";
      out.note = "value there: " + fmt(v) + " > 0";
      return out;
    }
  }
  out.how = pts.empty() ? "not tested: sampling found no point of " + S.name
                        : "≤ 0 at " + std::to_string(pts.size()) + " sampled points of " + S.name +
                              " (numerical, parameters in (0, 1])";
  return out;
}

}  // namespace

HybridVerdict reset_reverses_crossing(const SimpleHybridSystem& H, const SwitchingComponent& C) {
  const SurfacePiece S = surface_piece(H, C, false);
  const ex before = S.normal, after = after_impact(H, C, S.normal);
  const std::string failed = "$sigma o Delta$ has the opposite sign to $sigma$ on " + C.name;
  const ex r = simplify(after / before);
  if (has_state(r, H)) return nonpositive_at_samples(after * before, before * before, S, failed);
  const std::string ratio = "$sigma o Delta = " + detail::str(r) + " * sigma$ on " + C.name;
  if (!GiNaC::is_a<GiNaC::numeric>(r)) {
    HybridVerdict v = nonpositive_at_samples(r, 1, S, failed);
    v.how = v.holds ? ratio + "; " + v.how : ratio;
    return v;
  }
  HybridVerdict v;
  v.holds = GiNaC::ex_to<GiNaC::numeric>(r).to_double() <= 0;
  v.how = ratio + " (symbolic)";
  if (!v.holds) {
    v.failed = failed;
    const auto pts = sample_surface(S, 1, 6007u, {}, kPhysicalParameters);
    if (!pts.empty()) v.counterexample = pts.front();
    v.note = "the reset leaves the velocity crossing the same way";
  }
  return v;
}

HybridVerdict reset_does_not_raise_energy(const SimpleHybridSystem& H, const SwitchingComponent& C) {
  const ex E = lagrangian_energy(H.system());
  const ex jump = simplify(after_impact(H, C, E) - E);
  HybridVerdict v;
  if (zero_test(jump, H.system().tangent_chart()).zero) {
    v.holds = true;
    v.how = "$Delta E_L$ vanishes identically";
    return v;
  }
  v = nonpositive_at_samples(jump, E, surface_piece(H, C, false), "$Delta E_L <= 0$ on " + C.name);
  if (!v.holds) v.note = "the reset can increase the energy: $Delta E_L = " + detail::str(jump) + " > 0$ there (" + v.note + ")";
  return v;
}

ForceSymmetryAlgebra force_symmetry_algebra(const ForcedLagrangianSystem& s, const std::vector<Generator>& gens) {
  ForceSymmetryAlgebra out;
  const Chart& TQ = s.tangent_chart();
  const std::size_t n = s.dim();
  std::vector<ex> Fc(2 * n, 0);
  for (std::size_t i = 0; i < n; ++i) Fc[i] = s.force()[i];
  const Form F = Form::one_form(TQ, Fc);
  const Form dF = exterior_derivative(F);
  const VectorField X = forced_euler_lagrange_field(s);
  std::vector<std::vector<ex>> rows;  // per generator: the conditions as functions
  for (const auto& g : gens) {
    ForceSymmetry fs;
    fs.name = g.name;
    const VectorField xc = tangent_lift(g.xi);
    fs.lagrangian_invariant = zero_test(xc(s.lagrangian()), TQ);
    const ex Fxi = force_on_lift(s, g.xi);
    fs.force_on_lift = zero_test(Fxi, TQ);
    // with F(ξ^c) = 0 the dt-part of ι_{ξ^c}dF, −∂_t F(ξ^c), vanishes too: TQ suffices
    const Form iF = interior_product(xc, dF);
    fs.force_invariant = zero_test(iF);
    fs.momentum = lagrangian_momentum(s, g.xi);
    const ex dJ = evolution_derivative(X, s.time(), fs.momentum);
    fs.conserved = zero_test(dJ, TQ);
    fs.conservation_identity = zero_test(dJ + Fxi, TQ);
    std::vector<ex> r{Fxi};
    for (std::size_t i = 0; i < TQ.dim(); ++i) r.push_back(iF.component({static_cast<unsigned>(i)}));
    rows.push_back(r);
    out.generators.push_back(fs);
  }
  bool all = true;
  for (const auto& fs : out.generators) all = all && fs.in_g_F();
  const std::size_t k = gens.size();
  if (all) {
    for (std::size_t a = 0; a < k; ++a) {
      std::vector<ex> e(k, 0);
      e[a] = 1;
      out.basis.push_back(e);
    }
    out.how = "every generator satisfies $F(xi^c) = 0$ and $i_{xi^c} dF = 0$: $g_F = g$";
    return out;
  }
  // the kernel over R of ξ ↦ (F(ξ^c), ι_{ξ^c}dF): sample the functions and take the numeric kernel
  SurfacePiece whole{TQ, s.time(), {}, 1, Direction::Either, "TQ"};
  std::vector<ex> flat;
  for (const auto& r : rows) flat.insert(flat.end(), r.begin(), r.end());
  const auto pts = sample_surface(whole, 12, 4049u, flat);
  const std::size_t m = rows.front().size();
  Eigen::MatrixXd A(static_cast<Eigen::Index>(pts.size() * m), static_cast<Eigen::Index>(k));
  for (std::size_t p = 0; p < pts.size(); ++p)
    for (std::size_t c = 0; c < m; ++c)
      for (std::size_t a = 0; a < k; ++a) {
        double v = 0;
        try {
          v = evaluate_at(rows[a][c], pts[p]);
        } catch (const std::exception&) {
        }
        A(static_cast<Eigen::Index>(p * m + c), static_cast<Eigen::Index>(a)) = v;
      }
  // the kernel at the points contains g_F: a trivial one decides g_F = {0}; a basis read off the
  // echelon form in small rationals is verified symbolically
  const Eigen::MatrixXd N = reduced_echelon(kernel(A, k).transpose());
  const std::string at = "kernel of $xi ↦ (F(xi^c), i_{xi^c} dF)$ at " + std::to_string(pts.size()) + " sampled points";
  if (N.rows() == 0) {
    out.how = at + " holds only $xi = 0$, so the kernel on all of $TQ$ does too";
    return out;
  }
  bool verified = true;
  for (Eigen::Index j = 0; j < N.rows(); ++j) {
    std::vector<ex> coeffs;
    for (std::size_t a = 0; a < k; ++a) coeffs.push_back(small_rational(N(j, static_cast<Eigen::Index>(a))));
    for (std::size_t c = 0; c < m && verified; ++c) {
      ex sum = 0;
      for (std::size_t a = 0; a < k; ++a) sum += coeffs[a] * rows[a][c];
      verified = is_zero(sum, TQ);
    }
    out.basis.push_back(coeffs);
  }
  out.how = at + ", " + (verified ? "each basis element verified symbolically" : "NOT verified symbolically");
  return out;
}

SamplePoint flow_of_generator(const VectorField& xi, const SamplePoint& p, double s) {
  const Chart& Q = xi.chart();
  GiNaC::exmap constants;
  for (const auto& [k, v] : p)
    if (!Q.index_of(k)) constants[k] = v;
  CompileOptions o;
  o.backend = Backend::Bytecode;
  o.quiet = true;
  std::vector<ex> inputs = Q.coordinates();
  const CompiledFunction f = compile(xi.components(), inputs, constants, o);
  State x0;
  for (const ex& q : inputs) {
    const auto it = p.find(q);  // a coordinate absent from the point's expressions: any value will do
    x0.push_back(it == p.end() ? 0.0 : GiNaC::ex_to<GiNaC::numeric>(it->second.evalf()).to_double());
  }
  const Rhs rhs = [&](const State& x, State& dx, double) { f(x.data(), dx.data()); };
  IntegrateOptions io;
  io.store_steps = false;
  const Trajectory tr = integrate(rhs, x0, 0, s, io);
  SamplePoint out = p;
  for (std::size_t i = 0; i < inputs.size(); ++i) out[inputs[i]] = tr.x_end[i];
  return out;
}

HybridActionVerdict hybrid_action(const SimpleHybridSystem& H, const Generator& g, bool with_conditions) {
  HybridActionVerdict out;
  const auto& s = H.system();
  const VectorField xc = tangent_lift(g.xi);
  out.lagrangian_invariant = zero_test(xc(s.lagrangian()), s.tangent_chart());
  out.preserves_surface.holds = true;
  out.equivariant.holds = true;
  const std::size_t n = s.dim();
  for (const auto& C : H.components()) {
    const SurfacePiece S = surface_piece(H, C, with_conditions);
    if (out.preserves_surface.holds) {
      std::vector<std::pair<std::string, ex>> tests{{"xi^c(h)", xc(C.surface)}, {"xi^c(sigma)", xc(S.normal)}};
      if (with_conditions)
        for (std::size_t k = 0; k < C.conditions.size(); ++k)
          tests.emplace_back("xi^c(condition " + std::to_string(k + 1) + ")", xc(C.conditions[k]));
      for (const auto& [what, e] : tests) {
        const SurfaceVerdict v = zero_on_surface(e, S);
        if (!v.zero) {
          out.preserves_surface = from_surface(v, what + " = 0 on " + C.name);
          if (v.witness) {
            // what the group does to the witness: the flow of ξ for a quarter turn
            const double quarter = 3.14159265358979323846 / 2;
            SamplePoint w = *v.witness;
            for (const ex& c : s.chart().coordinates())
              if (!w.count(c)) w[c] = 0;  // a coordinate S does not involve
            const SamplePoint moved = flow_of_generator(g.xi, w, quarter);
            std::string q_from, q_to;
            for (std::size_t i = 0; i < n; ++i) {
              q_from += (i ? ", " : "") + fmt(evaluate_at(s.chart()[i], w));
              q_to += (i ? ", " : "") + fmt(evaluate_at(s.chart()[i], moved));
            }
            out.preserves_surface.note += "; the flow of " + g.name + " for $s = π/2$ maps $q = (" + q_from + ")$ to $(" +
                                          q_to + ")$, where $h = " + fmt(evaluate_at(C.surface, moved)) + "$";
          }
          break;
        }
        weaker(out.preserves_surface.how, v.how);
      }
    }
    if (out.equivariant.holds) {
      // TΔ(ξ^c) = ξ^c∘Δ: the velocity components; the base components hold since Δ fixes q
      for (std::size_t i = 0; i < n && out.equivariant.holds; ++i) {
        const ex lhs = xc(C.reset[i]);
        const ex rhs = after_impact(H, C, xc[n + i]);
        const SurfaceVerdict v = zero_on_surface(lhs - rhs, S);
        if (!v.zero)
          out.equivariant = from_surface(v, "$T Delta(xi^c) = xi^c o Delta$, component " +
                                                s.tangent_chart().coordinate_name(n + i) + ", on " + C.name);
        else
          weaker(out.equivariant.how, v.how);
      }
    }
  }
  return out;
}

HybridVerdict hybrid_momentum_map(const SimpleHybridSystem& H, const std::vector<Generator>& gens, bool with_conditions) {
  HybridVerdict out;
  out.holds = true;
  for (const auto& g : gens) {
    const ex J = lagrangian_momentum(H.system(), g.xi);
    for (const auto& C : H.components()) {
      const SurfaceVerdict v = zero_on_surface(after_impact(H, C, J) - J, surface_piece(H, C, with_conditions));
      if (!v.zero) {
        HybridVerdict f = from_surface(v, "$J_" + g.name + " o Delta = J_" + g.name + "$ on " + C.name);
        if (v.witness)
          f.note = "J_" + g.name + " = " + fmt(evaluate_at(J, *v.witness)) + " before, " +
                   fmt(evaluate_at(after_impact(H, C, J), *v.witness)) + " after";
        return f;
      }
      weaker(out.how, v.how);
    }
  }
  return out;
}

namespace {

// Rows of A, greedily, until their rank is `rank`: the generators whose momenta are independent on C
// (dependent generators, such as roll = −R slide + spin, add nothing to d(mu-)).
std::vector<std::size_t> independent_rows(const GiNaC::matrix& A, std::size_t rank, const Chart& chart) {
  std::vector<std::size_t> rows;
  for (unsigned i = 0; i < A.rows() && rows.size() < rank; ++i) {
    GiNaC::matrix sub(static_cast<unsigned>(rows.size() + 1), A.cols());
    for (std::size_t r = 0; r <= rows.size(); ++r)
      for (unsigned j = 0; j < A.cols(); ++j) sub(static_cast<unsigned>(r), j) = A(r < rows.size() ? static_cast<unsigned>(rows[r]) : i, j);
    if (symbolic_rank(sub, chart) == rows.size() + 1) rows.push_back(i);
  }
  return rows;
}

std::string names_of(const std::vector<ex>& mu, const std::vector<std::size_t>& rows) {
  std::string out;
  for (std::size_t r : rows) out += (out.empty() ? "" : ", ") + to_text(mu[r]);
  return out;
}

// mu+ as a function of the mu- of `rows`: mu-_r = mu_r solved (linearly) for as many of z, the first
// choice in lexicographic order that leaves no z in any mu+; empty when none does.
std::vector<ex> explicit_mu_plus(const std::vector<ex>& m, const std::vector<ex>& p, const std::vector<ex>& mu,
                                 const std::vector<ex>& z, const std::vector<std::size_t>& rows) {
  GiNaC::lst eqs;
  for (std::size_t r : rows) eqs.append(m[r] == mu[r]);
  std::vector<std::size_t> pick(rows.size());
  for (std::size_t a = 0; a < pick.size(); ++a) pick[a] = a;
  const auto advance = [&] {
    std::size_t i = pick.size();
    while (i > 0 && pick[i - 1] == z.size() - pick.size() + i - 1) --i;
    if (i == 0) return false;
    ++pick[i - 1];
    for (std::size_t j = i; j < pick.size(); ++j) pick[j] = pick[j - 1] + 1;
    return true;
  };
  for (bool more = !rows.empty() && pick.size() <= z.size(); more;) {
    GiNaC::lst us;
    for (std::size_t a : pick) us.append(z[a]);
    more = advance();
    ex sol;
    try {
      sol = GiNaC::lsolve(eqs, us);
    } catch (const std::exception&) {
      continue;
    }
    if (sol.nops() != rows.size()) continue;
    GiNaC::exmap sub;
    for (std::size_t a = 0; a < sol.nops(); ++a) sub[sol.op(a).op(0)] = sol.op(a).op(1);
    std::vector<ex> f;
    bool clean = true;
    for (const ex& pa : p) {
      f.push_back(pretty(pa.subs(sub)));
      for (const ex& x : z) clean = clean && !simplify(f.back()).has(x);
    }
    if (clean) return f;
  }
  return {};
}

}  // namespace

GeneralizedMomentumVerdict generalized_hybrid_momentum_map(const SimpleHybridSystem& H, const std::vector<Generator>& gens,
                                                           const std::vector<ex>& mu, bool with_conditions) {
  GeneralizedMomentumVerdict out;
  out.holds = true;
  const auto& s = H.system();
  std::vector<ex> Jm;
  for (const auto& g : gens) Jm.push_back(lagrangian_momentum(s, g.xi));
  for (const auto& C : H.components()) {
    GeneralizedComponent gc;
    gc.name = C.name;
    const SurfacePiece S = surface_piece(H, C, with_conditions);
    std::vector<ex> Jp;
    for (const ex& J : Jm) Jp.push_back(simplify(after_impact(H, C, J)));
    // a hybrid momentum map is a generalized one with μ₊ = μ₋
    bool hybrid = true;
    std::string how;
    for (std::size_t a = 0; a < Jm.size() && hybrid; ++a) {
      const SurfaceVerdict v = zero_on_surface(Jp[a] - Jm[a], S);
      hybrid = v.zero;
      weaker(how, v.how);
    }
    if (hybrid) {
      gc.holds = true;
      gc.how = "$mu+ = mu-$ (a hybrid momentum map): " + how;
      gc.mu_plus = mu;
      out.components.push_back(gc);
      continue;
    }
    const Elimination el = eliminate(S);
    bool decided = false;
    if (el.remaining.empty()) {
      // C is parametrized by the coordinates not solved for: compare Jacobian ranks there
      std::vector<ex> m, p;
      for (const ex& J : Jm) m.push_back(freeze(simplify(J.subs(el.substitution))));
      for (const ex& J : Jp) p.push_back(freeze(simplify(J.subs(el.substitution))));
      std::vector<ex> all = m;
      all.insert(all.end(), p.begin(), p.end());
      std::vector<ex> z;
      for (const ex& x : symbols_of(all))
        if (!is_parameter(s.tangent_chart(), x)) z.push_back(x);
      GiNaC::matrix A(static_cast<unsigned>(m.size()), static_cast<unsigned>(z.size()));
      GiNaC::matrix B(static_cast<unsigned>(all.size()), static_cast<unsigned>(z.size()));
      for (std::size_t i = 0; i < all.size(); ++i)
        for (std::size_t j = 0; j < z.size(); ++j) {
          const ex dij = all[i].diff(GiNaC::ex_to<GiNaC::symbol>(z[j]));
          B(static_cast<unsigned>(i), static_cast<unsigned>(j)) = dij;
          if (i < m.size()) A(static_cast<unsigned>(i), static_cast<unsigned>(j)) = dij;
        }
      const std::size_t ra = symbolic_rank(A, s.tangent_chart()), rb = symbolic_rank(B, s.tangent_chart());
      const std::string where = el.describe().empty() ? "" : " after $" + el.describe() + "$";
      decided = true;
      gc.holds = ra == rb;
      gc.how = "symbolic: $rank d(mu-) = " + std::to_string(ra) + (ra == rb ? " = " : " < ") + "rank d(mu-, mu+) = " +
               std::to_string(rb) + "$ on " + C.name + where + (ra == rb ? " ($mu+$ is locally a function of $mu-$)" : "");
      if (gc.holds && mu.size() == m.size()) {
        const std::vector<std::size_t> rows = independent_rows(A, ra, s.tangent_chart());
        gc.mu_plus = explicit_mu_plus(m, p, mu, z, rows);
        if (!gc.mu_plus.empty() && rows.size() < m.size()) gc.how += "; the generators' momenta are dependent: $mu+$ in " + names_of(mu, rows);
      }
    }
    if (!decided || !gc.holds) {
      // sampling: ranks of the differentials restricted to TS, and a pair with equal mu- and different mu+
      const auto pts = sample_surface(S, 16, 31337u, [&] {
        std::vector<ex> e = Jm;
        e.insert(e.end(), Jp.begin(), Jp.end());
        return e;
      }());
      bool found = false;
      std::size_t tested = 0;
      for (const auto& p1 : pts) {
        std::vector<ex> all = S.equations;
        all.insert(all.end(), Jm.begin(), Jm.end());
        all.insert(all.end(), Jp.begin(), Jp.end());
        all.push_back(S.normal);
        std::vector<ex> vary;
        for (const ex& x : symbols_of(all))
          if (!is_parameter(s.tangent_chart(), x)) vary.push_back(x);
        try {
          const Eigen::MatrixXd T = kernel(jacobian_at(S.equations, vary, p1), vary.size());
          const Eigen::MatrixXd dm = jacobian_at(Jm, vary, p1) * T;
          Eigen::MatrixXd dmp(dm.rows() * 2, dm.cols());
          dmp << dm, jacobian_at(Jp, vary, p1) * T;
          ++tested;
          if (numeric_rank(dmp) > numeric_rank(dm) && find_pair(S, Jm, Jp, p1, gc)) {
            found = true;
            break;
          }
        } catch (const std::exception&) {
          continue;
        }
      }
      if (found) {
        gc.holds = false;
        gc.how = (decided ? gc.how + "; " : std::string()) + "two states of " + C.name +
                 " with equal $mu-$ and different $mu+$ (numeric): $mu-$ = " + fmt(gc.mu_minus) + ", $mu+$ = " +
                 fmt(gc.mu_plus_first) + " and " + fmt(gc.mu_plus_second);
      } else if (!decided) {
        gc.holds = tested > 0;
        gc.how = tested > 0 ? "numeric: $rank d(mu-)|TS = rank d(mu-, mu+)|TS$ at " + std::to_string(tested) +
                                  " sampled points of " + C.name
                            : "undecided: no point of " + C.name + " found";
      }
    }
    out.holds = out.holds && gc.holds;
    out.components.push_back(gc);
  }
  return out;
}

}  // namespace hamel
