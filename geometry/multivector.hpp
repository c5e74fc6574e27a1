// geometry/multivector.hpp — k-vector fields (bivectors, trivectors, …) and the Schouten bracket.
//
// Sign conventions (docs/geometry.md):
//   * P = Σ_{i1<…<ik} P^{i1…ik} ∂_{i1}∧…∧∂_{ik};  a bivector Π has Π(df, dg) = Π^{ij} ∂_i f ∂_j g.
//   * Π♯(α) = Π(·, α), i.e. (Π♯α)^i = Π^{ij} α_j, so that X_H = Π♯(dH) satisfies X_H(g) = {g, H}.
//   * Schouten–Nijenhuis bracket in the superfunction picture (∂_i ↦ odd ζ_i, right derivatives):
//       [P, Q] = Σ_i (P ∂⃖/∂ζ_i)(∂Q/∂x^i) − (−1)^{(p−1)(q−1)} (Q ∂⃖/∂ζ_i)(∂P/∂x^i).
//     On vector fields it is the Lie bracket, [X, P] = L_X P, and for a bivector
//       [Π, Π]^{ijk} = 2 Σ_cyclic(i,j,k) Π^{il} ∂_l Π^{jk}   (as in SageManifolds and PoissonGeometry),
//     i.e. twice the cyclic Jacobiator sum; tests/geometry/multivector_test.cpp checks all three.
#pragma once

#include "geometry/alternating.hpp"
#include "geometry/form.hpp"
#include "geometry/vector_field.hpp"

namespace hamel {

class Multivector : public Alternating {
 public:
  Multivector(Chart chart, unsigned degree, const Components& components = {});
  /// A vector field as a 1-vector.
  static Multivector from(const VectorField& X);
  /// The bivector with Π^{ij} = M(i, j). @throws DomainError if M is not antisymmetric.
  static Multivector bivector(const Chart& chart, const GiNaC::matrix& M);
  /// A 1-vector as a vector field (degree 1 only).
  VectorField as_vector_field() const;
  /// The full antisymmetric matrix Π^{ij} (degree 2 only).
  GiNaC::matrix matrix() const;
};

Multivector operator+(const Multivector& a, const Multivector& b);
Multivector operator-(const Multivector& a, const Multivector& b);
Multivector operator*(const GiNaC::ex& f, const Multivector& a);

Multivector wedge(const Multivector& a, const Multivector& b);
/// i_α P for a 1-form α, contracting the first slot: (i_α P)(β, …) = P(α, β, …).
Multivector interior_product(const Form& alpha, const Multivector& P);
/// P(α_1, …, α_k) for 1-forms.
GiNaC::ex evaluate(const Multivector& P, const std::vector<Form>& forms);
/// Π♯(α) = Π(·, α) for a bivector Π and a 1-form α.
VectorField sharp(const Multivector& Pi, const Form& alpha);
/// The Schouten–Nijenhuis bracket (sign convention above).
Multivector schouten_bracket(const Multivector& P, const Multivector& Q);
/// L_X P from the coordinate formula (the tests compare it with [X, P]).
Multivector lie_derivative(const VectorField& X, const Multivector& P);

Multivector simplify(const Multivector& a);
ZeroVerdict zero_test(const Multivector& a);

}  // namespace hamel
