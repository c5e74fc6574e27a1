// mechanics/contact/contact_structure.cpp
#include "mechanics/contact/contact_structure.hpp"

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"
#include "mechanics/contact/contact_lagrangian.hpp"

namespace hamel {

namespace {

const GiNaC::symbol& sym(const GiNaC::ex& e) { return GiNaC::ex_to<GiNaC::symbol>(e); }

void require_one_form(const Form& eta, const char* fn) {
  if (eta.degree() != 1)
    throw InvalidArgument(detail::message(fn, "the contact form must be a 1-form", "degree 1", std::to_string(eta.degree())));
}

}  // namespace

GiNaC::matrix flat_matrix(const Form& eta) {
  require_one_form(eta, "flat_matrix");
  const Chart& C = eta.chart();
  const auto N = static_cast<unsigned>(C.dim());
  const Form deta = exterior_derivative(eta);
  GiNaC::matrix B(N, N);
  for (unsigned j = 0; j < N; ++j)
    for (unsigned i = 0; i < N; ++i) B(j, i) = deta.component({i, j}) + eta.component({i}) * eta.component({j});
  return B;
}

Form flat(const Form& eta, const VectorField& v) {
  require_one_form(eta, "flat");
  require_same_chart(eta.chart(), v.chart(), "flat");
  return interior_product(v, exterior_derivative(eta)) + evaluate(eta, {v}) * eta;
}

ZeroVerdict contact_volume_test(const Form& eta) {
  require_one_form(eta, "contact_volume_test");
  const std::size_t N = eta.chart().dim();
  if (N % 2 == 0)
    throw InvalidArgument(detail::message("contact_volume_test", "a contact manifold has odd dimension", "2n+1",
                                          std::to_string(N)));
  // eta ^ (d eta)^n = ±n! Pf-vector(d eta)·eta vol, and det(d eta + eta eta^T) = (Pf-vector(d eta)·eta)^2
  // (a rank-one update of an odd skew matrix, whose adjugate is the Pfaffian vector's square): the form
  // is nonzero exactly where the flat map X ↦ i_X d eta + eta(X) eta is invertible. Its determinant is
  // the product of its Gauss–Jordan pivots, in polynomial time; the wedge powers have up to C(n, n/2)
  // components (5.6 s for 16 coordinates, 2^40 for 40).
  const Echelon e = row_echelon(flat_matrix(eta), eta.chart());
  if (e.rank() < N) {
    ZeroVerdict z;
    z.zero = true;
    z.detail = "the flat map $X ↦ i_X dη + η(X) η$ has rank " + std::to_string(e.rank()) + " of " +
               std::to_string(N) + " (Gauss-Jordan elimination; no pivot left by the zero test)";
    return z;
  }
  GiNaC::ex det = 1;
  for (const GiNaC::ex& p : e.pivots) det *= p;
  ZeroVerdict z = zero_test(det, eta.chart());
  const std::string how = "by det of the flat map $X ↦ i_X dη + η(X) η$ (its Gauss-Jordan pivots)";
  z.detail = z.detail.empty() ? how : how + "; " + z.detail;
  return z;
}

VectorField sharp(const Form& eta, const Form& alpha) {
  require_same_chart(eta.chart(), alpha.chart(), "sharp");
  const Chart& C = eta.chart();
  const GiNaC::matrix Binv = inverse(flat_matrix(eta), C, "sharp");
  std::vector<GiNaC::ex> comp(C.dim());
  for (unsigned i = 0; i < C.dim(); ++i) {
    GiNaC::ex c = 0;
    for (unsigned j = 0; j < C.dim(); ++j) c += Binv(i, j) * alpha.component({j});
    comp[i] = simplify(c);
  }
  return VectorField(C, comp);
}

VectorField reeb_field(const Form& eta) { return sharp(eta, eta); }

VectorField contact_hamiltonian_vector_field(const Form& eta, const GiNaC::ex& H) {
  const Chart& C = eta.chart();
  const VectorField R = reeb_field(eta);
  return sharp(eta, differential(H, C) - (R(H) + H) * eta);
}

Form darboux_contact_form(const Chart& M) {
  (void)action_variable(M);  // checks that M is T*Q × R
  const std::size_t n = (M.dim() - 1) / 2;
  std::vector<GiNaC::ex> a(M.dim(), 0);
  for (std::size_t i = 0; i < n; ++i) a[i] = -M[n + i];
  a[2 * n] = 1;
  return Form::one_form(M, a);
}

VectorField darboux_hamiltonian_vector_field(const Chart& M, const GiNaC::ex& H) {
  const GiNaC::ex z = action_variable(M);
  const std::size_t n = (M.dim() - 1) / 2;
  std::vector<GiNaC::ex> comp(M.dim());
  GiNaC::ex zdot = -H;
  const GiNaC::ex Hz = H.diff(sym(z));
  for (std::size_t i = 0; i < n; ++i) {
    const GiNaC::ex& q = M[i];
    const GiNaC::ex& p = M[n + i];
    comp[i] = H.diff(sym(p));
    comp[n + i] = -(H.diff(sym(q)) + p * Hz);
    zdot += p * H.diff(sym(p));
  }
  comp[2 * n] = zdot;
  for (auto& c : comp) c = simplify(c);
  return VectorField(M, comp);
}

}  // namespace hamel
