// geometry/form.cpp
#include "geometry/form.hpp"

#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

Form::Form(Chart chart, unsigned degree, const Components& components)
    : Alternating(std::move(chart), degree, components) {}

Form Form::function(const Chart& chart, const GiNaC::ex& f) { return Form(chart, 0, {{{}, f}}); }

Form Form::differential(const Chart& chart, std::size_t i) {
  (void)chart[i];
  return Form(chart, 1, {{{static_cast<unsigned>(i)}, 1}});
}

Form Form::one_form(const Chart& chart, const std::vector<GiNaC::ex>& a) {
  if (a.size() != chart.dim())
    throw InvalidArgument(detail::message("Form::one_form", "wrong number of components",
                                          std::to_string(chart.dim()), std::to_string(a.size())));
  Components c;
  for (unsigned i = 0; i < a.size(); ++i) c[{i}] = a[i];
  return Form(chart, 1, c);
}

GiNaC::ex Form::scalar() const {
  if (degree() != 0)
    throw InvalidArgument(detail::message("Form::scalar", "not a 0-form", "degree 0",
                                          "degree " + std::to_string(degree())));
  return component({});
}

Form operator+(const Form& a, const Form& b) {
  return Form(a.chart(), a.degree(), detail::add_components(a, b, 1, "Form::operator+"));
}
Form operator-(const Form& a, const Form& b) {
  return Form(a.chart(), a.degree(), detail::add_components(a, b, -1, "Form::operator-"));
}
Form operator-(const Form& a) { return GiNaC::ex(-1) * a; }
Form operator*(const GiNaC::ex& f, const Form& a) {
  Form::Components c;
  for (const auto& kv : a.components()) c[kv.first] = f * kv.second;
  return Form(a.chart(), a.degree(), c);
}

Form wedge(const Form& a, const Form& b) {
  return Form(a.chart(), a.degree() + b.degree(), detail::wedge_components(a, b));
}

Form exterior_derivative(const Form& a) {
  const Chart& Q = a.chart();
  Form::Components c;
  for (const auto& kv : a.components())
    for (unsigned j = 0; j < Q.dim(); ++j) {
      const GiNaC::ex dj = partial_derivative(kv.second, GiNaC::ex_to<GiNaC::symbol>(Q[j]));  // d H again for X_H
      if (dj.is_zero()) continue;
      Indices idx{j};
      idx.insert(idx.end(), kv.first.begin(), kv.first.end());
      const int s = detail::sort_indices(idx);
      if (s != 0) c[idx] += s * dj;
    }
  return Form(Q, a.degree() + 1, c);
}

Form differential(const GiNaC::ex& f, const Chart& chart) {
  return exterior_derivative(Form::function(chart, f));
}

Form interior_product(const VectorField& X, const Form& a) {
  require_same_chart(X.chart(), a.chart(), "interior_product");
  if (a.degree() == 0) return Form(a.chart(), 0);
  Form::Components c;
  for (const auto& kv : a.components())
    for (std::size_t p = 0; p < kv.first.size(); ++p) {
      const GiNaC::ex& x = X[kv.first[p]];
      if (x.is_zero()) continue;
      Indices rest = kv.first;
      rest.erase(rest.begin() + static_cast<long>(p));
      c[rest] += (p % 2 ? -1 : 1) * x * kv.second;
    }
  return Form(a.chart(), a.degree() - 1, c);
}

GiNaC::ex evaluate(const Form& a, const std::vector<VectorField>& fields) {
  if (fields.size() != a.degree())
    throw InvalidArgument(detail::message("evaluate", "a k-form takes k vector fields",
                                          std::to_string(a.degree()), std::to_string(fields.size())));
  for (const auto& X : fields) require_same_chart(a.chart(), X.chart(), "evaluate");
  GiNaC::ex r = 0;
  const unsigned k = a.degree();
  for (const auto& kv : a.components()) {
    GiNaC::matrix m(k, k);
    for (unsigned r_ = 0; r_ < k; ++r_)
      for (unsigned c_ = 0; c_ < k; ++c_) m(r_, c_) = fields[c_][kv.first[r_]];
    // not GiNaC's determinant: on a 1 x 1 matrix of a rational function it returns the entry's
    // normal(), which expands powers of sums (a symmetry 1/((x+y+z+w+v)^40 + 1) ran out of memory)
    r += kv.second * (k == 0 ? GiNaC::ex(1) : determinant_of_entries(m));
  }
  return r;
}

Form lie_derivative(const VectorField& X, const Form& a) {
  require_same_chart(X.chart(), a.chart(), "lie_derivative");
  const Chart& Q = a.chart();
  Form::Components c;
  for (const auto& kv : a.components()) {
    c[kv.first] += X(kv.second);
    // (L_X ω)_{…i…} gains ω_{…j…} ∂_i X^j for every slot.
    for (std::size_t p = 0; p < kv.first.size(); ++p)
      for (unsigned i = 0; i < Q.dim(); ++i) {
        const GiNaC::ex dX = X[kv.first[p]].diff(GiNaC::ex_to<GiNaC::symbol>(Q[i]));
        if (dX.is_zero()) continue;
        Indices idx = kv.first;
        idx[p] = i;
        const int s = detail::sort_indices(idx);
        if (s != 0) c[idx] += s * kv.second * dX;
      }
  }
  return Form(Q, a.degree(), c);
}

Form pullback(const ChartMap& phi, const Form& a) {
  require_same_chart(phi.target, a.chart(), "pullback");
  if (phi.images.size() != phi.target.dim())
    throw InvalidArgument(detail::message("pullback", "the map needs one image per target coordinate",
                                          std::to_string(phi.target.dim()),
                                          std::to_string(phi.images.size())));
  GiNaC::exmap at;
  for (std::size_t j = 0; j < phi.target.dim(); ++j) at[phi.target[j]] = phi.images[j];
  std::vector<Form> dphi;
  for (std::size_t j = 0; j < phi.target.dim(); ++j) dphi.push_back(differential(phi.images[j], phi.source));
  Form r(phi.source, a.degree());
  for (const auto& kv : a.components()) {
    Form term = Form::function(phi.source, kv.second.subs(at));
    for (unsigned j : kv.first) term = wedge(term, dphi[j]);
    r = r + term;
  }
  return r;
}

Form simplify(const Form& a) { return Form(a.chart(), a.degree(), detail::simplify_components(a)); }
ZeroVerdict zero_test(const Form& a) { return detail::zero_test_components(a, "form"); }

}  // namespace hamel
