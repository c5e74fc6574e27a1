// reduction/symmetry.cpp
#include "reduction/symmetry.hpp"

#include "core/error.hpp"
#include "geometry/distribution.hpp"
#include "geometry/lifts.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

namespace {
unsigned u(std::size_t i) { return static_cast<unsigned>(i); }
}  // namespace

StructureConstants structure_constants(const LieAlgebraAction& action) {
  const std::size_t k = action.generators.size();
  StructureConstants out{Tensor3(k), true, ""};
  if (k == 0) return out;
  const Chart& Q = action.generators[0].chart();
  const GiNaC::matrix Xi = as_columns(action.generators);
  for (std::size_t a = 0; a < k; ++a)
    for (std::size_t b = a + 1; b < k; ++b) {
      const VectorField br = lie_bracket(action.generators[a], action.generators[b]);
      // Solve Xi c = br; the generators must be independent somewhere for a unique answer.
      GiNaC::matrix aug(Xi.rows(), u(k + 1));
      for (unsigned i = 0; i < Xi.rows(); ++i) {
        for (unsigned j = 0; j < k; ++j) aug(i, j) = Xi(i, j);
        aug(i, u(k)) = br[i];
      }
      const Echelon e = row_echelon(aug, Q);
      bool consistent = true;
      std::vector<GiNaC::ex> c(k, 0);
      for (std::size_t r = 0; r < e.pivot_columns.size(); ++r) {
        if (e.pivot_columns[r] == k) consistent = false;
        else c[e.pivot_columns[r]] = e.reduced(u(r), u(k));
      }
      bool constant = true;
      for (const auto& ci : c)
        for (const auto& q : Q.coordinates()) constant = constant && zero_test(ci.diff(GiNaC::ex_to<GiNaC::symbol>(q)), Q).zero;
      if (!consistent || !constant) {
        out.closed = false;
        out.detail = "[" + action.names[a] + ", " + action.names[b] + "] is " +
                     (consistent ? "not a constant combination of the generators" : "not in their span");
        return out;
      }
      for (std::size_t cc = 0; cc < k; ++cc) {
        out.c(a, b, cc) = c[cc];
        out.c(b, a, cc) = -c[cc];
      }
    }
  out.detail = "the brackets of the generators close with constant coefficients";
  return out;
}

ZeroVerdict lagrangian_invariance(const NonholonomicSystem& system, const VectorField& xi) {
  return zero_test(tangent_lift(xi)(system.lagrangian()), system.tangent_chart());
}

ZeroVerdict potential_invariance(const NonholonomicSystem& system, const VectorField& xi) {
  return zero_test(xi(system.potential()), system.chart());
}

bool preserves_distribution(const NonholonomicSystem& system, const VectorField& xi) {
  for (const auto& omega : system.constraint_forms())
    for (const auto& X : system.frame().distribution())
      if (!zero_test(evaluate(omega, {lie_bracket(xi, X)}), system.chart()).zero) return false;
  return true;
}

GeneratorCheck check_generator(const NonholonomicSystem& system, const VectorField& xi, const std::string& name) {
  GeneratorCheck out;
  out.lagrangian_value = tangent_lift(xi)(system.lagrangian());
  out.lagrangian = zero_test(out.lagrangian_value, system.tangent_chart());
  out.distribution.zero = true;  // until a component fails
  out.distribution.detail = "no constraint forms";
  const auto& forms = system.constraint_forms();
  // For affine constraints the lift must keep X_0 + D: [ξ, X_0] in D as well (ω^k(q̇) + b^k is
  // then annihilated by the lift on every allowed velocity).
  std::vector<std::pair<std::string, const VectorField*>> fields;
  for (std::size_t a = 0; a < system.rank(); ++a) fields.emplace_back(system.frame_names()[a], &system.frame()[a]);
  if (system.is_affine()) fields.emplace_back("X_0", &system.drift());
  for (std::size_t k = 0; k < forms.size(); ++k)
    for (const auto& [field, X] : fields) {
      const GiNaC::ex v = evaluate(forms[k], {lie_bracket(xi, *X)});
      out.distribution = zero_test(v, system.chart());
      if (out.distribution.zero) continue;
      out.distribution_failing = "omega^" + std::to_string(k + 1) + "([" + name + ", " + field + "])";
      out.distribution_value = v;
      return out;
    }
  return out;
}

ZeroVerdict equivariance(const NonholonomicSystem& system, const VectorField& xi, std::size_t alpha) {
  return zero_test(lie_bracket(xi, system.frame()[alpha]));
}

FrameEquivariance frame_equivariance(const NonholonomicSystem& system,
                                     const std::vector<std::pair<std::string, VectorField>>& generators) {
  FrameEquivariance e;
  e.verdict.zero = true;
  for (const auto& [name, xi] : generators)
    for (std::size_t a = 0; a < system.rank(); ++a) {
      const ZeroVerdict v = equivariance(system, xi, a);
      if (v.zero && v.method != Decision::NumericProbing) continue;
      e = FrameEquivariance{v, name, a};
      if (!v.zero) return e;
    }
  return e;
}

GiNaC::ex rank_drop_locus(const GiNaC::matrix& M, const Chart& chart) {
  const Echelon e = row_echelon(M, chart);
  const std::size_t r = e.rank();
  if (r == 0) return 1;
  // maximal minors on the pivot columns and all choices of rows
  GiNaC::ex g = 0;
  const auto rows = detail::increasing_tuples(M.rows(), u(r));
  for (const auto& R : rows) {
    GiNaC::matrix sub(u(r), u(r));
    for (unsigned i = 0; i < r; ++i)
      for (unsigned j = 0; j < r; ++j) sub(i, j) = M(R[i], e.pivot_columns[j]);
    const GiNaC::ex d = simplify(sub.determinant());
    if (d.is_zero()) continue;
    GiNaC::exmap atoms;
    const GiNaC::ex num = d.numer().to_polynomial(atoms);
    g = g.is_zero() ? num : GiNaC::gcd(g, num);
    g = g.subs(atoms);
    if (GiNaC::is_a<GiNaC::numeric>(g)) return 1;
  }
  if (g.is_zero()) return 1;
  const GiNaC::ex f = pretty(g);
  return GiNaC::is_a<GiNaC::numeric>(f) ? GiNaC::ex(1) : f;
}

OrbitIntersection orbit_intersection(const NonholonomicSystem& system, const LieAlgebraAction& action) {
  const Chart& Q = system.chart();
  const auto& forms = system.constraint_forms();
  const std::size_t k = action.generators.size();
  OrbitIntersection out;
  if (k == 0) return out;
  // v = Σ c_a ξ_a is in D iff ω(v) = 0 for every constraint form: the kernel of A_ka = ω_k(ξ_a).
  GiNaC::matrix A(u(std::max<std::size_t>(forms.size(), 1)), u(k));
  for (std::size_t r = 0; r < forms.size(); ++r)
    for (std::size_t a = 0; a < k; ++a) A(u(r), u(a)) = evaluate(forms[r], {action.generators[a]});
  const GiNaC::matrix N = nullspace(A, Q, PivotOrder::Simplest);
  std::vector<VectorField> candidates;
  for (unsigned col = 0; col < N.cols(); ++col) {
    std::vector<GiNaC::ex> c(k);
    for (unsigned a = 0; a < k; ++a) c[a] = N(a, col);
    candidates.push_back(simplify(linear_combination(c, action.generators)));
  }
  if (candidates.empty()) return out;
  out.basis = basis(Distribution(candidates));
  out.generic_rank = out.basis.size();
  out.drop_locus = out.basis.empty() ? GiNaC::ex(1) : rank_drop_locus(as_columns(out.basis), Q);
  return out;
}

Freeness freeness(const LieAlgebraAction& action, const Chart& Q) {
  Freeness f;
  if (action.generators.empty()) return f;
  const GiNaC::matrix M = as_columns(action.generators);
  f.generic_rank = symbolic_rank(M, Q);
  f.free_generically = f.generic_rank == action.generators.size();
  f.drop_locus = rank_drop_locus(M, Q);
  return f;
}

}  // namespace hamel
