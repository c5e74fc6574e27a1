// geometry/form.hpp — differential k-forms of any degree, sparse antisymmetric storage.
#pragma once

#include "geometry/alternating.hpp"
#include "geometry/vector_field.hpp"

namespace hamel {

class Form : public Alternating {
 public:
  Form(Chart chart, unsigned degree, const Components& components = {});
  /// The 0-form f.
  static Form function(const Chart& chart, const GiNaC::ex& f);
  /// dx^i.
  static Form differential(const Chart& chart, std::size_t i);
  /// The 1-form a_i dx^i from its components.
  static Form one_form(const Chart& chart, const std::vector<GiNaC::ex>& a);
  /// The 0-form's value (degree 0 only).
  GiNaC::ex scalar() const;
};

Form operator+(const Form& a, const Form& b);
Form operator-(const Form& a, const Form& b);
Form operator-(const Form& a);
Form operator*(const GiNaC::ex& f, const Form& a);

/// α ∧ β, with (α∧β)(X,Y) = α(X)β(Y) − α(Y)β(X) for 1-forms.
Form wedge(const Form& a, const Form& b);
/// dω.
Form exterior_derivative(const Form& a);
/// df of a function.
Form differential(const GiNaC::ex& f, const Chart& chart);
/// i_X ω, contraction in the first slot: (i_X ω)(Y, …) = ω(X, Y, …).
Form interior_product(const VectorField& X, const Form& a);
/// ω(X_1, …, X_k). @throws InvalidArgument unless exactly k fields are given.
GiNaC::ex evaluate(const Form& a, const std::vector<VectorField>& fields);
/// L_X ω, computed from the coordinate formula (not from Cartan's identity, which the tests check).
Form lie_derivative(const VectorField& X, const Form& a);

/// A smooth map between charts: target coordinate j ↦ images[j](source coordinates).
struct ChartMap {
  Chart source;
  Chart target;
  std::vector<GiNaC::ex> images;
};
/// φ*ω for ω on φ.target. @throws InvalidArgument on chart mismatch or wrong image count.
Form pullback(const ChartMap& phi, const Form& a);

Form simplify(const Form& a);
ZeroVerdict zero_test(const Form& a);

}  // namespace hamel
