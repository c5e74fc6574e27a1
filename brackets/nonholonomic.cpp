// brackets/nonholonomic.cpp
#include "brackets/nonholonomic.hpp"

#include "core/error.hpp"

namespace hamel {

namespace {

unsigned u(std::size_t i) { return static_cast<unsigned>(i); }

// The bivector with {q^i, π_α} = ρ^i_α and {π_α, π_β} = −K_αβ^γ π_γ.
AlmostPoissonBracket bracket_with(const NonholonomicSystem& system, const Tensor3& K) {
  const std::size_t n = system.chart().dim(), r = system.rank();
  const auto p = system.momenta();
  const auto& rho = system.rho();
  Multivector::Components c;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t a = 0; a < r; ++a)
      if (!rho(u(i), u(a)).is_zero()) c[{u(i), u(n + a)}] = rho(u(i), u(a));
  for (std::size_t a = 0; a < r; ++a)
    for (std::size_t b = a + 1; b < r; ++b) {
      GiNaC::ex s = 0;
      for (std::size_t g = 0; g < r; ++g) s -= K(a, b, g) * p[g];
      if (!s.is_zero()) c[{u(n + a), u(n + b)}] = s;
    }
  return AlmostPoissonBracket(Multivector(system.dual_chart(), 2, c));
}

// Raises the last index with G^γδ.
Tensor3 raise_last(const NonholonomicSystem& system, const Tensor3& B) {
  const std::size_t r = system.rank();
  const auto& Gi = system.constrained_inverse();
  Tensor3 up(r);
  for (std::size_t a = 0; a < r; ++a)
    for (std::size_t b = 0; b < r; ++b)
      for (std::size_t g = 0; g < r; ++g) {
        GiNaC::ex s = 0;
        for (std::size_t d = 0; d < r; ++d) s += Gi(u(g), u(d)) * B(a, b, d);
        up(a, b, g) = simplify(s);
      }
  return up;
}

}  // namespace

AlmostPoissonBracket nonholonomic_bracket(const NonholonomicSystem& system) {
  return bracket_with(system, system.structure());
}

Tensor3 three_form_coefficients(const NonholonomicSystem& system, const Form& Lambda) {
  require_same_chart(system.chart(), Lambda.chart(), "three_form_coefficients");
  if (Lambda.degree() != 3)
    throw InvalidArgument(detail::message("three_form_coefficients", "needs a 3-form", "degree 3",
                                          "degree " + std::to_string(Lambda.degree())));
  const Frame& F = system.frame();
  for (std::size_t A = F.rank(); A < F.dim(); ++A) {
    const ZeroVerdict v = zero_test(interior_product(F[A], Lambda));
    if (!v.zero)
      throw DomainError(detail::message("three_form_coefficients", "the 3-form does not annihilate W",
                                        "i_W Lambda = 0 for the complement W of D",
                                        "a nonzero contraction with W field " +
                                            std::to_string(A - F.rank() + 1) + " [" + v.how() + "]"));
  }
  const std::size_t r = F.rank();
  Tensor3 B(r);
  for (std::size_t a = 0; a < r; ++a)
    for (std::size_t b = 0; b < r; ++b)
      for (std::size_t c = 0; c < r; ++c)
        if (a != b && b != c && a != c) B(a, b, c) = simplify(evaluate(Lambda, {F[a], F[b], F[c]}));
  return B;
}

Form three_form_from_coefficients(const NonholonomicSystem& system, const Tensor3& B) {
  const Frame& F = system.frame();
  const std::size_t r = F.rank();
  Form L(system.chart(), 3);
  for (std::size_t a = 0; a < r; ++a)
    for (std::size_t b = a + 1; b < r; ++b)
      for (std::size_t c = b + 1; c < r; ++c)
        if (!B(a, b, c).is_zero())
          L = L + B(a, b, c) * wedge(wedge(F.coframe(a), F.coframe(b)), F.coframe(c));
  return simplify(L);
}

Form xi_form(const NonholonomicSystem& system, const Form& Lambda) {
  const Tensor3 Bup = raise_last(system, three_form_coefficients(system, Lambda));
  const Frame& F = system.frame();
  const Chart& M = system.dual_chart();
  const std::size_t r = F.rank();
  const auto p = system.momenta();
  // μ^α as 1-forms on D* (no dπ components).
  std::vector<Form> mu;
  for (std::size_t a = 0; a < r; ++a) {
    const Form on_q = F.coframe(a);
    mu.emplace_back(M, 1, on_q.components());
  }
  Form Xi(M, 2);
  for (std::size_t a = 0; a < r; ++a)
    for (std::size_t b = a + 1; b < r; ++b) {
      GiNaC::ex s = 0;
      for (std::size_t g = 0; g < r; ++g) s += Bup(a, b, g) * p[g];
      if (!s.is_zero()) Xi = Xi + s * wedge(mu[a], mu[b]);
    }
  return Xi;
}

AlmostPoissonBracket gauged_bracket(const NonholonomicSystem& system, const Form& Lambda) {
  const Tensor3 Bup = raise_last(system, three_form_coefficients(system, Lambda));
  const std::size_t r = system.rank();
  const Tensor3& C = system.structure();
  Tensor3 K(r);  // C − B, so that {π_α, π_β} = (B − C)_αβ^γ π_γ
  for (std::size_t a = 0; a < r; ++a)
    for (std::size_t b = 0; b < r; ++b)
      for (std::size_t g = 0; g < r; ++g) K(a, b, g) = simplify(C(a, b, g) - Bup(a, b, g));
  return bracket_with(system, K);
}

}  // namespace hamel
