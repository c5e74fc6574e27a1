// geometry/multivector.cpp
#include "geometry/multivector.hpp"

#include "core/error.hpp"
#include "core/symbolic.hpp"

namespace hamel {

Multivector::Multivector(Chart chart, unsigned degree, const Components& components)
    : Alternating(std::move(chart), degree, components) {}

Multivector Multivector::from(const VectorField& X) {
  Components c;
  for (unsigned i = 0; i < X.dim(); ++i) c[{i}] = X[i];
  return Multivector(X.chart(), 1, c);
}

Multivector Multivector::bivector(const Chart& chart, const GiNaC::matrix& M) {
  const auto n = chart.dim();
  if (M.rows() != n || M.cols() != n)
    throw InvalidArgument(detail::message("Multivector::bivector", "wrong matrix size",
                                          std::to_string(n) + "x" + std::to_string(n),
                                          std::to_string(M.rows()) + "x" + std::to_string(M.cols())));
  Components c;
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = i; j < n; ++j) {
      const ZeroVerdict v = zero_test(M(i, j) + M(j, i), chart);
      if (!v.zero)
        throw DomainError(detail::message(
            "Multivector::bivector", "matrix is not antisymmetric",
            "M(i,j) = -M(j,i)",
            "M(" + std::to_string(i) + "," + std::to_string(j) + ") + M(" + std::to_string(j) + "," +
                std::to_string(i) + ") = " + detail::str(M(i, j) + M(j, i)) + " [" + v.how() + "]"));
      if (i < j) c[{i, j}] = M(i, j);
    }
  return Multivector(chart, 2, c);
}

VectorField Multivector::as_vector_field() const {
  if (degree() != 1)
    throw InvalidArgument(detail::message("Multivector::as_vector_field", "not a 1-vector", "degree 1",
                                          "degree " + std::to_string(degree())));
  std::vector<GiNaC::ex> c(chart().dim(), 0);
  for (const auto& kv : components()) c[kv.first[0]] = kv.second;
  return VectorField(chart(), c);
}

GiNaC::matrix Multivector::matrix() const {
  if (degree() != 2)
    throw InvalidArgument(detail::message("Multivector::matrix", "not a bivector", "degree 2",
                                          "degree " + std::to_string(degree())));
  const auto n = chart().dim();
  GiNaC::matrix m(n, n);
  for (const auto& kv : components()) {
    m(kv.first[0], kv.first[1]) = kv.second;
    m(kv.first[1], kv.first[0]) = -kv.second;
  }
  return m;
}

Multivector operator+(const Multivector& a, const Multivector& b) {
  return Multivector(a.chart(), a.degree(), detail::add_components(a, b, 1, "Multivector::operator+"));
}
Multivector operator-(const Multivector& a, const Multivector& b) {
  return Multivector(a.chart(), a.degree(), detail::add_components(a, b, -1, "Multivector::operator-"));
}
Multivector operator*(const GiNaC::ex& f, const Multivector& a) {
  Multivector::Components c;
  for (const auto& kv : a.components()) c[kv.first] = f * kv.second;
  return Multivector(a.chart(), a.degree(), c);
}

Multivector wedge(const Multivector& a, const Multivector& b) {
  return Multivector(a.chart(), a.degree() + b.degree(), detail::wedge_components(a, b));
}

Multivector interior_product(const Form& alpha, const Multivector& P) {
  require_same_chart(alpha.chart(), P.chart(), "interior_product");
  if (alpha.degree() != 1)
    throw InvalidArgument(detail::message("interior_product", "only 1-forms contract multivectors here",
                                          "degree 1", "degree " + std::to_string(alpha.degree())));
  if (P.degree() == 0) return Multivector(P.chart(), 0);
  Multivector::Components c;
  for (const auto& kv : P.components())
    for (std::size_t p = 0; p < kv.first.size(); ++p) {
      const GiNaC::ex a = alpha.component({kv.first[p]});
      if (a.is_zero()) continue;
      Indices rest = kv.first;
      rest.erase(rest.begin() + static_cast<long>(p));
      c[rest] += (p % 2 ? -1 : 1) * a * kv.second;
    }
  return Multivector(P.chart(), P.degree() - 1, c);
}

GiNaC::ex evaluate(const Multivector& P, const std::vector<Form>& forms) {
  if (forms.size() != P.degree())
    throw InvalidArgument(detail::message("evaluate", "a k-vector takes k 1-forms",
                                          std::to_string(P.degree()), std::to_string(forms.size())));
  Multivector r = P;
  for (const auto& a : forms) r = interior_product(a, r);
  return r.components().empty() ? GiNaC::ex(0) : r.components().begin()->second;
}

VectorField sharp(const Multivector& Pi, const Form& alpha) {
  if (Pi.degree() != 2)
    throw InvalidArgument(detail::message("sharp", "needs a bivector", "degree 2",
                                          "degree " + std::to_string(Pi.degree())));
  // Π(·, α) = −i_α Π.
  Multivector v = interior_product(alpha, Pi);
  return (GiNaC::ex(-1) * v).as_vector_field();
}

namespace {

// The nonzero ∂_i B^J, by i: once per (i, J).
using Partials = std::vector<std::vector<std::pair<const Indices*, GiNaC::ex>>>;
Partials partials(const Alternating& B) {
  const Chart& Q = B.chart();
  Partials dB(Q.dim());
  for (const auto& kb : B.components())
    for (unsigned i = 0; i < Q.dim(); ++i) {
      GiNaC::ex d = partial_derivative(kb.second, GiNaC::ex_to<GiNaC::symbol>(Q[i]));
      if (!d.is_zero()) dB[i].emplace_back(&kb.first, d);
    }
  return dB;
}

// Σ_i (A ∂⃖/∂ζ_i)(∂B/∂x^i) as components of degree a + b − 1, dB = partials(B).
void half_schouten(const Alternating& A, const Partials& dB, int sign, Alternating::Components& out) {
  const unsigned k = A.degree();
  for (const auto& ka : A.components())
    for (std::size_t p = 0; p < ka.first.size(); ++p) {
      const unsigned i = ka.first[p];
      if (dB[i].empty()) continue;
      // Moving ζ_i to the right end passes k − 1 − p odd factors.
      const int s_right = ((k - 1 - p) % 2) ? -1 : 1;
      Indices rest = ka.first;
      rest.erase(rest.begin() + static_cast<long>(p));
      for (const auto& [J, d] : dB[i]) {
        Indices idx = rest;
        idx.insert(idx.end(), J->begin(), J->end());
        const int s = detail::sort_indices(idx);
        if (s == 0) continue;
        out[idx] += (sign * s_right * s) * ka.second * d;
      }
    }
}

}  // namespace

Multivector schouten_bracket(const Multivector& P, const Multivector& Q) {
  require_same_chart(P.chart(), Q.chart(), "schouten_bracket");
  const unsigned p = P.degree(), q = Q.degree();
  if (p + q == 0) return Multivector(P.chart(), 0);
  Multivector::Components c;
  const Partials dQ = partials(Q);
  const Partials dP = &P == &Q ? Partials() : partials(P);  // [Π, Π] differentiates Π once
  half_schouten(P, dQ, 1, c);
  const int graded = (((p + 1) * (q + 1)) % 2) ? -1 : 1;  // (−1)^{(p−1)(q−1)}
  half_schouten(Q, &P == &Q ? dQ : dP, -graded, c);
  // Small components are expanded (polynomial brackets cancel there); a large rational trigonometric
  // one would be multiplied out in full: the constructor's zero test decides it instead.
  constexpr std::size_t kExpandBelow = 400;
  for (auto& kv : c)
    if (tree_size(kv.second, kExpandBelow) < kExpandBelow) kv.second = kv.second.expand();
  return Multivector(P.chart(), p + q - 1, c);
}

Multivector lie_derivative(const VectorField& X, const Multivector& P) {
  require_same_chart(X.chart(), P.chart(), "lie_derivative");
  const Chart& Q = P.chart();
  Multivector::Components c;
  for (const auto& kv : P.components()) {
    c[kv.first] += X(kv.second);
    // (L_X P)^{…j…} loses P^{…i…} ∂_i X^j for every slot.
    for (std::size_t s = 0; s < kv.first.size(); ++s)
      for (unsigned j = 0; j < Q.dim(); ++j) {
        const GiNaC::ex dX = X[j].diff(GiNaC::ex_to<GiNaC::symbol>(Q[kv.first[s]]));
        if (dX.is_zero()) continue;
        Indices idx = kv.first;
        idx[s] = j;
        const int sg = detail::sort_indices(idx);
        if (sg != 0) c[idx] -= sg * kv.second * dX;
      }
  }
  return Multivector(Q, P.degree(), c);
}

Multivector simplify(const Multivector& a) {
  return Multivector(a.chart(), a.degree(), detail::simplify_components(a));
}
ZeroVerdict zero_test(const Multivector& a) { return detail::zero_test_components(a, "multivector"); }

}  // namespace hamel
