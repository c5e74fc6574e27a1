// geometry/invariant_frame.cpp — the invariant frame search: an ansatz with constant coefficients,
// [ξ_b, E] = 0 sampled at rational points of the circles c² + s² = 1, solved modulo a prime, lifted
// to rationals and verified exactly.
#include "geometry/invariant_frame.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <random>

#include "core/integer_factor.hpp"
#include "core/modular.hpp"
#include "core/monomial.hpp"
#include "core/rational_function.hpp"
#include "core/symbolic.hpp"
#include "core/term_order.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

using GiNaC::ex;
using GiNaC::numeric;

namespace {

// An ansatz larger than this is not solved (the elimination is cubic in it).
constexpr std::size_t most_unknowns = 600;

// The coordinates an action touches: moved by a generator or a generator depends on them.
std::vector<std::size_t> touched(const std::vector<VectorField>& generators, const Chart& Q) {
  std::vector<std::size_t> J;
  for (std::size_t j = 0; j < Q.dim(); ++j) {
    const auto& q = GiNaC::ex_to<GiNaC::symbol>(Q[j]);
    const bool hit = std::any_of(generators.begin(), generators.end(), [&](const VectorField& xi) {
      if (!xi[j].is_zero()) return true;
      return std::any_of(xi.components().begin(), xi.components().end(), [&](const ex& c) { return c.has(q); });
    });
    if (hit) J.push_back(j);
  }
  return J;
}

// The algebraic stand-ins of one touched coordinate q: its cosine and sine as symbols C, S.
struct Circle {
  ex q, C, S;
};

// The monomials of degree ≤ `degree` in q_j, cos q_j, sin q_j (j ∈ J), highest degree first, without
// cos² (= 1 − sin², so the monomials stay independent as functions).
std::vector<ex> monomials(const std::vector<Circle>& circles, unsigned degree) {
  std::vector<ex> atoms;
  for (const auto& c : circles) {
    atoms.push_back(c.q);
    atoms.push_back(GiNaC::cos(c.q));
    atoms.push_back(GiNaC::sin(c.q));
  }
  std::vector<ex> out;
  if (degree >= 2)
    for (std::size_t a = 0; a < atoms.size(); ++a)
      for (std::size_t b = a; b < atoms.size(); ++b)
        if (!(a == b && a % 3 == 1)) out.push_back(atoms[a] * atoms[b]);
  out.insert(out.end(), atoms.begin(), atoms.end());
  out.push_back(1);
  return out;
}

// Trigonometric functions of the touched coordinates replaced by their symbols.
ex algebraic(const ex& e, const std::vector<Circle>& circles) {
  GiNaC::exmap m;
  for (const auto& c : circles) {
    m[GiNaC::cos(c.q)] = c.C;
    m[GiNaC::sin(c.q)] = c.S;
    m[GiNaC::tan(c.q)] = c.S / c.C;
  }
  return e.subs(m);
}

// A rational point: every touched coordinate and its (cos, sin) on the unit circle, and every other
// symbol (coordinates, parameters) a small rational.
// A rational point, as residues modulo 2^61 − 1 (the field the ansatz is solved in).
ResiduePoint sample_point(const std::vector<Circle>& circles, const Chart& Q, std::mt19937_64& rng) {
  std::uniform_int_distribution<int> small(-9, 9), positive(1, 9);
  const auto rational = [&] { return numeric(small(rng)) / numeric(positive(rng)) + numeric(1, 7); };
  std::map<ex, numeric, GiNaC::ex_is_less> point;
  for (const auto& q : Q.coordinates()) point[q] = rational();
  for (const auto& p : Q.parameters()) point[p] = rational();
  for (const auto& c : circles) {
    const numeric t = rational();
    point[c.C] = (1 - t * t) / (1 + t * t);
    point[c.S] = 2 * t / (1 + t * t);
  }
  ResiduePoint residues;
  for (const auto& [x, v] : point) residues[x] = *residue(v);  // denominators below 2^61 − 1: never 0
  return residues;
}

// e at the point modulo 2^61 − 1, each shared subtree once; nullopt at a pole.
std::optional<Residue> residue_at(const ex& e, const ResiduePoint& point) {
  static const PrimeField field(modulus);
  return value_modulo(e, point, field);
}

// The sampled condition [ξ_b, Σ a_{i,m} φ_m ∂_i] = 0: at each point, one row per generator b and
// component k, with ([ξ_b, φ_m ∂_i])^k = δ_ik ξ_b(φ_m) − φ_m ∂_i ξ_b^k in column (i, m).
struct Ansatz {
  const std::vector<VectorField>& generators;
  const Chart& Q;
  std::vector<Circle> circles;
  std::vector<ex> phi;                           // φ_m (true trigonometric functions)
  std::vector<ex> phi_alg;                       // φ_m with C, S
  std::vector<std::vector<ex>> xi_phi;           // ξ_b(φ_m), algebraic
  std::vector<std::vector<std::vector<ex>>> jac;  // ∂_i ξ_b^k, algebraic: jac[b][k][i]

  std::size_t columns() const { return Q.dim() * phi.size(); }
  std::size_t column(std::size_t i, std::size_t m) const { return i * phi.size() + m; }

  std::optional<std::vector<ResidueRow>> rows_at(const ResiduePoint& point) const {
    const std::size_t n = Q.dim(), M = phi.size();
    std::vector<Residue> phi_v(M);
    for (std::size_t m = 0; m < M; ++m) {
      const auto r = residue_at(phi_alg[m], point);
      if (!r) return std::nullopt;
      phi_v[m] = *r;
    }
    std::vector<ResidueRow> rows;
    for (std::size_t b = 0; b < generators.size(); ++b) {
      std::vector<Residue> xphi(M);
      for (std::size_t m = 0; m < M; ++m) {
        const auto r = residue_at(xi_phi[b][m], point);
        if (!r) return std::nullopt;
        xphi[m] = *r;
      }
      for (std::size_t k = 0; k < n; ++k) {
        ResidueRow row(columns(), 0);
        for (std::size_t i = 0; i < n; ++i) {
          const auto d = residue_at(jac[b][k][i], point);
          if (!d) return std::nullopt;
          for (std::size_t m = 0; m < M; ++m) {
            Residue v = neg_mod(mul_mod(phi_v[m], *d));
            if (i == k) v = add_mod(v, xphi[m]);
            row[column(i, m)] = v;
          }
        }
        rows.push_back(std::move(row));
      }
    }
    return rows;
  }

  // The field of a kernel vector mod p, its coefficients lifted to small rationals (nullopt when one
  // does not lift: a field that is not of the ansatz's kind, or a bad prime).
  std::optional<VectorField> lifted(const ResidueRow& v) const {
    std::vector<ex> c(Q.dim(), 0);
    for (std::size_t i = 0; i < Q.dim(); ++i)
      for (std::size_t m = 0; m < phi.size(); ++m) {
        if (v[column(i, m)] == 0) continue;
        const auto a = rational_of(v[column(i, m)]);
        if (!a) return std::nullopt;
        c[i] += *a * phi[m];
      }
    return VectorField(Q, c);
  }
};

Ansatz make_ansatz(const std::vector<VectorField>& generators, const Chart& Q, const std::vector<std::size_t>& J) {
  Ansatz A{generators, Q, {}, {}, {}, {}, {}};
  for (std::size_t j : J) A.circles.push_back({Q[j], GiNaC::symbol("C_" + Q.coordinate_name(j)),
                                               GiNaC::symbol("S_" + Q.coordinate_name(j))});
  A.phi = monomials(A.circles, 2);
  if (A.columns() > most_unknowns) A.phi = monomials(A.circles, 1);
  for (const auto& f : A.phi) A.phi_alg.push_back(algebraic(f, A.circles));
  for (const auto& xi : generators) {
    std::vector<ex> xp;
    for (const auto& f : A.phi) xp.push_back(algebraic(xi(f), A.circles));
    A.xi_phi.push_back(std::move(xp));
    std::vector<std::vector<ex>> d(Q.dim(), std::vector<ex>(Q.dim()));
    for (std::size_t k = 0; k < Q.dim(); ++k)
      for (std::size_t i = 0; i < Q.dim(); ++i)
        d[k][i] = algebraic(xi[k].diff(GiNaC::ex_to<GiNaC::symbol>(Q[i])), A.circles);
    A.jac.push_back(std::move(d));
  }
  return A;
}

std::size_t nonzeros(const ResidueRow& v) { return static_cast<std::size_t>(std::count_if(v.begin(), v.end(), [](Residue x) { return x != 0; })); }

// The field's components at a sample point, mod p (for the independence test).
std::optional<ResidueRow> at(const VectorField& E, const Ansatz& A, const ResiduePoint& point) {
  ResidueRow row;
  for (const auto& c : E.components()) {
    const auto r = residue_at(algebraic(c, A.circles), point);
    if (!r) return std::nullopt;
    row.push_back(*r);
  }
  return row;
}

}  // namespace

namespace {

// A factor with its sign fixed by what is written: a sum (or a power of one) with its first term in
// print order positive. GiNaC's factor() signs its factors in hash order, which moves from run to run,
// and a field scaled by the product came out as X or −X (the snakeboard with one axle's X1).
ex plus_first_factor(const ex& f) {
  if (is_power_node(f)) return GiNaC::pow(plus_first(f.op(0)), f.op(1));
  return plus_first(f);
}

}  // namespace

ex coordinate_factors(const ex& p, const Chart& Q) {
  GiNaC::exmap atoms;  // symbol ↦ sin θ, cos θ, … (GiNaC's to_polynomial convention)
  // FLINT's factoring (core/integer_factor.hpp): GiNaC's factor() took 6.8 s of a cart with three
  // trailers' 10 s derivation on det G's numerator
  const ex f = factor_polynomial_over_q(p.expand().to_polynomial(atoms));
  ex out = 1;
  for (const ex& x : factors_of(f)) {
    const ex back = plus_first_factor(x.subs(atoms, GiNaC::subs_options::no_pattern));
    if (std::any_of(Q.coordinates().begin(), Q.coordinates().end(), [&](const ex& q) { return back.has(q); })) out *= back;
  }
  return out;
}

bool commutes_with(const VectorField& X, const std::vector<VectorField>& generators) {
  return std::all_of(generators.begin(), generators.end(),
                     [&](const VectorField& xi) { return zero_test(lie_bracket(xi, X)).zero; });
}

std::optional<std::vector<VectorField>> invariant_tangent_frame(const std::vector<VectorField>& generators,
                                                                const Chart& Q) {
  if (generators.empty()) return std::nullopt;
  const std::vector<std::size_t> J = touched(generators, Q);
  const Ansatz A = make_ansatz(generators, Q, J);
  if (A.columns() > most_unknowns) return std::nullopt;
  // A fixed seed: the same frame in every run.
  std::mt19937_64 rng(20261204);
  std::vector<ResidueRow> rows;
  const std::size_t points = A.phi.size() / generators.size() + 6;
  for (std::size_t p = 0; p < points; ++p) {
    auto more = A.rows_at(sample_point(A.circles, Q, rng));
    if (!more) return std::nullopt;  // not polynomial in the cosines and sines
    rows.insert(rows.end(), std::make_move_iterator(more->begin()), std::make_move_iterator(more->end()));
  }
  std::vector<ResidueRow> kernel = kernel_mod_p(std::move(rows), A.columns());
  // Simplest candidates first: the frame should read like one a person writes.
  std::stable_sort(kernel.begin(), kernel.end(),
                   [](const ResidueRow& a, const ResidueRow& b) { return nonzeros(a) < nonzeros(b); });
  const ResiduePoint witness = sample_point(A.circles, Q, rng);
  std::vector<VectorField> frame;
  std::vector<ResidueRow> values;
  for (const auto& v : kernel) {
    if (frame.size() == Q.dim()) break;
    const auto E = A.lifted(v);
    if (!E) continue;
    const auto value = at(*E, A, witness);
    if (!value) continue;
    values.push_back(*value);
    if (rank_mod_p(values, Q.dim()) < values.size() || !commutes_with(*E, generators)) {
      values.pop_back();
      continue;
    }
    frame.push_back(*E);
  }
  if (frame.size() != Q.dim()) return std::nullopt;
  return frame;
}

namespace {

// Whether the factor f of a minor may vanish where the coordinates range over their declared domain
// intervals: true unless every coordinate of f has one and f keeps one sign, away from 0, on a grid of
// them (13 points per coordinate, at most three coordinates) at three draws of the parameters in
// (1/2, 5/2). Evidence, not a proof: it only ranks the choices of W (best_pivots), and Δ_W is printed.
bool may_vanish_in_domain(const ex& f, const Chart& Q) {
  std::vector<std::size_t> in_f;
  for (std::size_t i = 0; i < Q.dim(); ++i)
    if (f.has(Q[i])) {
      if (!Q.domain(i)) return true;
      in_f.push_back(i);
    }
  constexpr int kPoints = 13;
  if (in_f.empty() || in_f.size() > 3) return true;
  std::vector<std::pair<double, double>> box;
  for (std::size_t i : in_f) {
    const ex lo = GiNaC::evalf(Q.domain(i)->lo), hi = GiNaC::evalf(Q.domain(i)->hi);
    if (!GiNaC::is_a<numeric>(lo) || !GiNaC::is_a<numeric>(hi)) return true;
    box.emplace_back(GiNaC::ex_to<numeric>(lo).to_double(), GiNaC::ex_to<numeric>(hi).to_double());
  }
  std::mt19937 rng(20261207u);
  std::uniform_real_distribution<double> parameter(0.5, 2.5);
  int sign = 0;
  for (int draw = 0; draw < 3; ++draw) {
    GiNaC::exmap at;
    for (const ex& p : Q.parameters()) at[p] = numeric(parameter(rng));
    std::vector<int> k(in_f.size(), 0);
    while (true) {
      for (std::size_t j = 0; j < in_f.size(); ++j) {
        const auto [lo, hi] = box[j];
        at[Q[in_f[j]]] = numeric(lo + (hi - lo) * (k[j] + 1) / (kPoints + 1));  // inside the open interval
      }
      const ex v = GiNaC::evalf(f.subs(at, GiNaC::subs_options::no_pattern));
      if (!GiNaC::is_a<numeric>(v) || !GiNaC::ex_to<numeric>(v).is_real()) return true;
      const double x = GiNaC::ex_to<numeric>(v).to_double();
      if (!(std::abs(x) > 1e-9)) return true;
      const int s = x > 0 ? 1 : -1;
      if (sign != 0 && s != sign) return true;
      sign = s;
      std::size_t j = 0;
      while (j < k.size() && ++k[j] == kPoints) k[j++] = 0;
      if (j == k.size()) break;
    }
  }
  return false;
}

// How many places a minor vanishes, roughly: its factors that depend on a coordinate (parameters are
// taken nonzero), or only those that may vanish on the declared domain.  −2 sin φ cos φ counts 2,
// 2 l cos²φ counts 1, a number 0.
std::size_t vanishing_factors(const ex& minor, const Chart& Q, bool in_domain_only = false) {
  const auto on_q = [&](const ex& f) {
    const bool on = std::any_of(Q.coordinates().begin(), Q.coordinates().end(), [&](const ex& q) { return f.has(q); });
    return on && (!in_domain_only || may_vanish_in_domain(f, Q));
  };
  if (!GiNaC::is_a<GiNaC::mul>(minor)) return on_q(minor) ? 1 : 0;
  std::size_t n = 0;
  for (const auto& f : minor) n += on_q(f) ? 1 : 0;
  return n;
}

// Which fields of E are tangent to the orbits (in the span of the generators, generically).
std::vector<bool> along_orbits(const std::vector<VectorField>& E, const std::vector<VectorField>& generators, const Chart& Q) {
  std::vector<bool> out(E.size(), false);
  if (generators.empty()) return out;
  const Echelon orbits = row_echelon(as_columns(generators).transpose(), Q);
  for (std::size_t i = 0; i < E.size(); ++i) out[i] = in_row_span(orbits, E[i].components(), Q);
  return out;
}

// The first coordinate each field moves (its first nonzero component): the pivots are chosen by it
// where nothing else decides, so that the constraints are solved for the coordinates the user lists
// first and D is spanned by the fields of the later ones, as textbooks write q = (base, shape). A
// differential drive whose wheel angles are symmetries too (SE(2) × T² acts transitively, every field
// is along the orbits) gets one field per wheel, as without the wheels' symmetry, not a spin.
std::vector<std::size_t> first_coordinates(const std::vector<VectorField>& E) {
  std::vector<std::size_t> out;
  for (const auto& X : E) {
    std::size_t i = 0;
    while (i < X.components().size() && X.components()[i].is_zero()) ++i;
    out.push_back(i);
  }
  return out;
}

// The columns of M (m × n, rank m) whose minor has the fewest factors that may vanish in the declared
// domain (a car's −sin φ with |φ| < 1.2 loses to L cos φ), then the fewest that vanish anywhere; among those, the most
// columns of fields along the orbits (`vertical`), then the earliest first coordinates (`first`,
// compared sorted), then the first in lexicographic order. Beyond `most` subsets, the pivots of the
// echelon form (simplest first).
std::vector<unsigned> best_pivots(const GiNaC::matrix& M, const Chart& Q, const std::vector<bool>& vertical,
                                  const std::vector<std::size_t>& first) {
  constexpr std::size_t most = 256;
  const unsigned m = M.rows(), n = M.cols();
  double subsets = 1;
  for (unsigned k = 0; k < m; ++k) subsets = subsets * (n - k) / (k + 1);
  if (subsets > most) {
    std::vector<unsigned> p = row_echelon(M, Q, PivotOrder::Simplest).pivot_columns;
    std::sort(p.begin(), p.end());
    return p;
  }
  std::vector<bool> pick(n, false);
  std::fill(pick.begin(), pick.begin() + m, true);
  std::vector<unsigned> best;
  // (factors vanishing in the domain, vanishing factors, pivots not along the orbits, the pivots' first
  // coordinates in order)
  using Score = std::tuple<std::size_t, std::size_t, std::size_t, std::vector<std::size_t>>;
  Score best_score;
  do {
    std::vector<unsigned> cols;
    for (unsigned j = 0; j < n; ++j)
      if (pick[j]) cols.push_back(j);
    GiNaC::matrix S(m, m);
    for (unsigned k = 0; k < m; ++k)
      for (unsigned j = 0; j < m; ++j) S(k, j) = M(k, cols[j]);
    const ex minor = simplify(determinant_of_entries(S));
    if (minor.is_zero()) continue;
    const std::size_t across = static_cast<std::size_t>(std::count_if(cols.begin(), cols.end(), [&](unsigned j) { return !vertical[j]; }));
    std::vector<std::size_t> leads;
    for (unsigned j : cols) leads.push_back(first[j]);
    std::sort(leads.begin(), leads.end());
    const Score score{vanishing_factors(minor, Q, true), vanishing_factors(minor, Q), across, std::move(leads)};
    if (best.empty() || score < best_score) {
      best = cols;
      best_score = score;
    }
  } while (std::prev_permutation(pick.begin(), pick.end()));
  return best;
}

// X without the function of the coordinates common to its components, when X stays invariant: the
// kernel of the constraints in an invariant frame comes out with such a factor where a minor is
// inverted ((x² + y²)(R cos θ ∂x + R sin θ ∂y + ∂φ) for a penny whose symmetry rotates about the
// origin), and the field then vanishes where the factor does (G singular at the origin). Only the
// coordinates' factors: a parameter is nonzero.
VectorField without_common_factor(const VectorField& X, const std::vector<VectorField>& generators) {
  const Chart& Q = X.chart();
  GiNaC::exmap atoms;  // symbol ↦ sin θ, cos θ, … (GiNaC's to_polynomial convention)
  ex numerators = 0, denominators = 1;
  bool first = true;
  for (const ex& c : X.components()) {
    if (c.is_zero()) continue;
    const ex nd = fraction_parts(simplify(c));
    const ex n = nd.op(0).to_polynomial(atoms), d = nd.op(1).to_polynomial(atoms);
    numerators = first ? n : GiNaC::gcd(numerators, n);
    denominators = GiNaC::lcm(denominators, d);
    first = false;
  }
  if (first) return X;
  const ex back_n = numerators.subs(atoms, GiNaC::subs_options::no_pattern);
  const ex back_d = denominators.subs(atoms, GiNaC::subs_options::no_pattern);
  const ex by = coordinate_factors(back_d, Q) / coordinate_factors(back_n, Q);
  if (by.is_equal(1)) return X;
  std::vector<ex> scaled;
  for (const ex& c : X.components()) scaled.push_back(simplify(c * by));
  VectorField Y(Q, scaled);
  return commutes_with(Y, generators) ? Y : X;
}

}  // namespace

SplitFrame split_in_frame(const std::vector<Form>& constraints, const std::vector<VectorField>& E,
                          const std::vector<VectorField>& generators) {
  const Chart& Q = E.front().chart();
  const unsigned m = static_cast<unsigned>(constraints.size()), n = static_cast<unsigned>(E.size());
  GiNaC::matrix M(m, n);
  for (unsigned k = 0; k < m; ++k)
    for (unsigned i = 0; i < n; ++i) M(k, i) = simplify(evaluate(constraints[k], {E[i]}));
  const std::vector<unsigned> P = best_pivots(M, Q, along_orbits(E, generators, Q), first_coordinates(E));
  GiNaC::matrix MP(m, m);
  for (unsigned k = 0; k < m; ++k)
    for (unsigned j = 0; j < m; ++j) MP(k, j) = M(k, P[j]);
  const GiNaC::matrix inverse_P = inverse(MP, Q, "split_in_frame");
  SplitFrame split;
  std::vector<bool> pivot(n, false);
  for (unsigned p : P) {
    pivot[p] = true;
    split.complement.push_back(E[p]);
  }
  // X_f = E_f + Σ_P v_P E_P with M_P v_P = −M_f: the kernel solved for the pivot columns.
  for (unsigned f = 0; f < n; ++f) {
    if (pivot[f]) continue;
    std::vector<ex> v(n, 0);
    v[f] = 1;
    for (unsigned j = 0; j < m; ++j) {
      ex vj = 0;
      for (unsigned k = 0; k < m; ++k) vj -= inverse_P(j, k) * M(k, f);
      v[P[j]] = simplify(vj);
    }
    split.distribution.push_back(without_common_factor(simplify(linear_combination(v, E)), generators));
  }
  return split;
}

}  // namespace hamel
