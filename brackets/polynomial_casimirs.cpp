// brackets/polynomial_casimirs.cpp
#include "brackets/polynomial_casimirs.hpp"

#include <algorithm>
#include <optional>
#include <random>

#include "core/modular.hpp"

namespace hamel {

using GiNaC::ex;

namespace {

// m_α: u_a alone (second = npos), then u_a u_b for a ≤ b.
using Monomial = std::pair<std::size_t, std::size_t>;
constexpr std::size_t kAlone = static_cast<std::size_t>(-1);

std::vector<Monomial> monomials(std::size_t k) {
  std::vector<Monomial> out;
  for (std::size_t a = 0; a < k; ++a) out.emplace_back(a, kAlone);
  for (std::size_t a = 0; a < k; ++a)
    for (std::size_t b = a; b < k; ++b) out.emplace_back(a, b);
  return out;
}

ex monomial_in(const Monomial& m, const std::vector<ex>& u) { return m.second == kAlone ? u[m.first] : u[m.first] * u[m.second]; }

// The values at one random point of D* modulo 2^61 − 1: u_a, and B_ab with B_ba = −B_ab.
struct PointValues {
  std::vector<Residue> u;
  std::vector<std::vector<Residue>> B;
};

std::optional<PointValues> at_random_point(const std::vector<NamedFunction>& variables,
                                           const std::map<std::pair<std::size_t, std::size_t>, ex>& brackets, std::mt19937_64& rng) {
  const std::size_t k = variables.size();
  std::vector<ex> entries;
  for (const NamedFunction& v : variables) entries.push_back(v.expression);
  for (const auto& [ab, value] : brackets) entries.push_back(value);
  const auto values = residues_at_random_point(entries, rng);
  if (!values) return std::nullopt;
  PointValues p{{values->begin(), values->begin() + static_cast<std::ptrdiff_t>(k)}, std::vector<std::vector<Residue>>(k, std::vector<Residue>(k, 0))};
  std::size_t i = k;
  for (const auto& [ab, value] : brackets) {
    p.B[ab.first][ab.second] = (*values)[i];
    p.B[ab.second][ab.first] = neg_mod((*values)[i++]);
  }
  return p;
}

// Row b of the conditions at a point: Σ_a ∂m_α/∂u_a · B_ab for each α.
ResidueRow condition_row(const PointValues& p, const std::vector<Monomial>& ms, std::size_t b) {
  ResidueRow row;
  for (const auto& [c, d] : ms) {
    if (d == kAlone) row.push_back(p.B[c][b]);
    else row.push_back(add_mod(mul_mod(p.u[d], p.B[c][b]), mul_mod(p.u[c], p.B[d][b])));
  }
  return row;
}

ResidueRow monomial_values(const PointValues& p, const std::vector<Monomial>& ms) {
  ResidueRow row;
  for (const auto& [c, d] : ms) row.push_back(d == kAlone ? p.u[c] : mul_mod(p.u[c], p.u[d]));
  return row;
}

// Rows in echelon form, one vector at a time: each is reduced against those before it and kept as it is
// then (no back-substitution), so a kept row is the vector it was given less earlier rows only.
class ModularEchelon {
 public:
  // Whether v is independent of the rows so far; then kept, scaled to a 1 at its first nonzero column.
  bool add(ResidueRow v) {
    for (const auto& [col, row] : rows_)
      if (v[col] != 0) axpy(v, neg_mod(v[col]), row);
    const auto it = std::find_if(v.begin(), v.end(), [](Residue x) { return x != 0; });
    if (it == v.end()) return false;
    const std::size_t col = static_cast<std::size_t>(it - v.begin());
    const Residue inv = inverse_mod(v[col]);
    for (Residue& x : v) x = mul_mod(x, inv);
    rows_.emplace_back(col, std::move(v));
    return true;
  }
  const ResidueRow& last() const { return rows_.back().second; }

 private:
  static void axpy(ResidueRow& y, Residue a, const ResidueRow& x) {
    for (std::size_t i = 0; i < y.size(); ++i) y[i] = add_mod(y[i], mul_mod(a, x[i]));
  }
  std::vector<std::pair<std::size_t, ResidueRow>> rows_;
};

// The product of two linear combinations of the u's (first k columns) in the monomials' coordinates.
ResidueRow product(const ResidueRow& x, const ResidueRow& y, const std::vector<Monomial>& ms) {
  ResidueRow out(ms.size(), 0);
  for (std::size_t i = 0; i < ms.size(); ++i) {
    const auto [a, b] = ms[i];
    if (b == kAlone) continue;
    const Residue ab = mul_mod(x[a], y[b]);
    out[i] = a == b ? ab : add_mod(ab, mul_mod(x[b], y[a]));
  }
  return out;
}

// Σ c_α m_α with c lifted to small rationals, scaled to integers with no common factor; nullopt where a
// coefficient does not lift.
std::optional<ex> lifted(const ResidueRow& c, const std::vector<Monomial>& ms, const std::vector<ex>& u) {
  std::vector<GiNaC::numeric> q;
  GiNaC::numeric den = 1, num = 0;
  for (Residue r : c) {
    const auto x = rational_of(r);
    if (!x) return std::nullopt;
    q.push_back(*x);
    den = GiNaC::lcm(den, x->denom());
    num = GiNaC::gcd(num, x->numer());
  }
  ex C = 0;
  for (std::size_t i = 0; i < ms.size(); ++i) C += q[i] * den / num * monomial_in(ms[i], u);
  return C;
}

// {C, u_b} = Σ_a ∂C/∂u_a {u_a, u_b} on D* (u ↦ u(q, π) by `on_dual`), for every b, by the zero test; the last verdict (the first
// failing one, when one fails).
ZeroVerdict commutes_with_every_variable(const ex& C, const std::vector<ex>& u, const GiNaC::exmap& on_dual,
                                         const std::map<std::pair<std::size_t, std::size_t>, ex>& brackets, const Chart& dual) {
  const auto B = [&](std::size_t a, std::size_t b) -> ex {
    if (a == b) return 0;
    const auto it = brackets.find({std::min(a, b), std::max(a, b)});
    if (it == brackets.end()) return 0;
    return a < b ? it->second : -it->second;
  };
  ZeroVerdict last;
  for (std::size_t b = 0; b < u.size(); ++b) {
    ex sum = 0;
    for (std::size_t a = 0; a < u.size(); ++a) sum += C.diff(GiNaC::ex_to<GiNaC::symbol>(u[a])).subs(on_dual) * B(a, b);
    last = zero_test(sum, dual);
    if (!last.zero) return last;
  }
  return last;
}

}  // namespace

PolynomialCasimirs polynomial_casimirs(const std::vector<ex>& u, const std::vector<NamedFunction>& variables,
                                       const std::map<std::pair<std::size_t, std::size_t>, ex>& brackets, const Chart& dual) {
  PolynomialCasimirs out;
  const std::size_t k = variables.size();
  if (k == 0 || k > kMaxCasimirVariables) {
    out.skipped = k == 0 ? "no variables" : "more than " + std::to_string(kMaxCasimirVariables) + " variables";
    return out;
  }
  const std::vector<Monomial> ms = monomials(k);
  // a fixed seed: the same answer in every run; parameters are drawn at each point, so only
  // coefficients free of them solve every row
  std::mt19937_64 rng(0x6361736d6972ULL);
  std::vector<ResidueRow> conditions, constant;
  std::optional<ResidueRow> first;
  for (std::size_t points = 0, tries = 0; points < ms.size() + 4 && tries < 4 * (ms.size() + 4); ++tries) {
    const auto p = at_random_point(variables, brackets, rng);
    if (!p) continue;
    ++points;
    for (std::size_t b = 0; b < k; ++b) conditions.push_back(condition_row(*p, ms, b));
    ResidueRow values = monomial_values(*p, ms);
    if (!first) first = values;
    else {
      for (std::size_t i = 0; i < values.size(); ++i) values[i] = add_mod(values[i], neg_mod((*first)[i]));
      constant.push_back(std::move(values));
    }
  }
  if (constant.size() < ms.size()) {
    out.skipped = "too few points of D* where the variables and their brackets have values modulo a prime";
    return out;
  }
  // Read modulo what is no new Casimir: the combinations constant on D* (|γ|² of the sphere) and the
  // products of the linear Casimirs (k² beside k); the linear ones first, so that those products are known.
  ModularEchelon found_so_far;
  for (const ResidueRow& z : kernel_mod_p(constant, ms.size())) found_so_far.add(z);
  std::vector<ResidueRow> candidates, linear;
  {
    std::vector<ResidueRow> first_columns;
    for (const ResidueRow& row : conditions) first_columns.emplace_back(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(k));
    // kept as found, not less the constant combinations: a variable w = ⟨M, γ⟩ (constant w − ⟨M, γ⟩)
    // is the Casimir w, and w² its product
    for (ResidueRow c : kernel_mod_p(first_columns, k)) {
      c.resize(ms.size(), 0);
      if (found_so_far.add(c)) candidates.push_back(c), linear.push_back(c);
    }
  }
  for (std::size_t i = 0; i < linear.size(); ++i)
    for (std::size_t j = i; j < linear.size(); ++j) found_so_far.add(product(linear[i], linear[j], ms));
  for (const ResidueRow& c : kernel_mod_p(conditions, ms.size()))
    if (found_so_far.add(c)) candidates.push_back(found_so_far.last());
  GiNaC::exmap on_dual;
  for (std::size_t a = 0; a < k; ++a) on_dual[u[a]] = variables[a].expression;
  for (const ResidueRow& c : candidates) {
    const auto C = lifted(c, ms, u);
    PolynomialCasimir found{C ? *C : ex(0), 0, C ? commutes_with_every_variable(*C, u, on_dual, brackets, dual) : ZeroVerdict{}};
    if (!C || !found.verified.zero) {
      ++out.not_lifted;
      continue;
    }
    found.on_dual = simplify(C->subs(on_dual));
    out.found.push_back(found);
  }
  return out;
}

}  // namespace hamel
