// mechanics/contact/contact_lagrangian.cpp
#include "mechanics/contact/contact_lagrangian.hpp"

#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "geometry/lifts.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

namespace {

const GiNaC::symbol& sym(const GiNaC::ex& e) { return GiNaC::ex_to<GiNaC::symbol>(e); }

}  // namespace

struct ContactLagrangian::Data {
  Chart Q, TQR;
  GiNaC::ex L, z;
  std::vector<GiNaC::ex> q, v;
  GiNaC::matrix W, Winv;
  bool affine = false;
};

ContactLagrangian::ContactLagrangian(const Chart& Q, const GiNaC::ex& L) {
  auto d = std::make_shared<Data>(Data{Q, contact_tangent_bundle(Q), L, 0, {}, hamel::velocities(Q), {}, {}, false});
  d->z = action_variable(d->TQR);
  for (std::size_t i = 0; i < Q.dim(); ++i) d->q.push_back(Q[i]);
  // Every symbol must be a coordinate of TQ × R or a parameter.
  GiNaC::exset syms;
  collect_symbols(L, syms);
  for (const auto& s : syms) {
    bool known = static_cast<bool>(d->TQR.index_of(s));
    for (const auto& p : Q.parameters()) known = known || s.is_equal(p);
    if (!known)
      throw InvalidArgument(detail::message("ContactLagrangian", "the Lagrangian contains a symbol of another chart",
                                            "a function of " + d->TQR.describe() + " and the parameters",
                                            GiNaC::ex_to<GiNaC::symbol>(s).get_name()));
  }
  const auto n = static_cast<unsigned>(Q.dim());
  d->W = velocity_hessian(L, d->v);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j) d->W(i, j) = simplify(d->W(i, j));
  const ZeroVerdict det = zero_test(d->W.determinant(), d->TQR);
  if (det.zero)
    throw DomainError(detail::message("ContactLagrangian", "the Lagrangian is singular",
                                      "a regular L: det(d^2L/dq_dot^i dq_dot^j) != 0 (001 §II-A)",
                                      "det W = 0 [" + det.how() + "]",
                                      "every velocity must appear in L with a nondegenerate Hessian"));
  d->Winv = inverse(d->W, d->TQR, "ContactLagrangian");
  d->affine = true;
  for (unsigned i = 0; i < n && d->affine; ++i)
    for (unsigned j = 0; j < n && d->affine; ++j)
      for (unsigned k = 0; k < n && d->affine; ++k) d->affine = zero_test(d->W(i, j).diff(sym(d->v[k])), d->TQR).zero;
  data_ = d;
}

const Chart& ContactLagrangian::base() const { return data_->Q; }
const Chart& ContactLagrangian::chart() const { return data_->TQR; }
const GiNaC::ex& ContactLagrangian::lagrangian() const { return data_->L; }
const GiNaC::ex& ContactLagrangian::z() const { return data_->z; }
const std::vector<GiNaC::ex>& ContactLagrangian::coordinates() const { return data_->q; }
const std::vector<GiNaC::ex>& ContactLagrangian::velocities() const { return data_->v; }
std::size_t ContactLagrangian::dim() const { return data_->q.size(); }
const GiNaC::matrix& ContactLagrangian::hessian() const { return data_->W; }
const GiNaC::matrix& ContactLagrangian::inverse_hessian() const { return data_->Winv; }
bool ContactLagrangian::affine_momenta() const { return data_->affine; }

std::vector<GiNaC::ex> momenta(const ContactLagrangian& L) {
  std::vector<GiNaC::ex> p;
  for (const auto& v : L.velocities()) p.push_back(L.lagrangian().diff(sym(v)));
  return p;
}

GiNaC::ex dissipation_rate(const ContactLagrangian& L) { return L.lagrangian().diff(sym(L.z())); }

GiNaC::ex energy(const ContactLagrangian& L) {
  GiNaC::ex e = -L.lagrangian();
  const auto p = momenta(L);
  for (std::size_t i = 0; i < L.dim(); ++i) e += L.velocities()[i] * p[i];
  return simplify(e);
}

std::vector<GiNaC::ex> herglotz_equations(const ContactLagrangian& L, const std::vector<GiNaC::ex>& a) {
  if (a.size() != L.dim())
    throw InvalidArgument(detail::message("herglotz_equations", "wrong number of accelerations",
                                          std::to_string(L.dim()), std::to_string(a.size())));
  const auto& q = L.coordinates();
  const auto& v = L.velocities();
  const GiNaC::ex Lz = dissipation_rate(L);
  const auto p = momenta(L);
  std::vector<GiNaC::ex> out;
  for (std::size_t i = 0; i < L.dim(); ++i) {
    // d/dt ∂L/∂q̇^i along (q, q̇, z) with q̈ = a, ż = L
    GiNaC::ex ddt = p[i].diff(sym(L.z())) * L.lagrangian();
    for (std::size_t k = 0; k < L.dim(); ++k) ddt += p[i].diff(sym(q[k])) * v[k] + p[i].diff(sym(v[k])) * a[k];
    out.push_back(L.lagrangian().diff(sym(q[i])) - ddt + p[i] * Lz);
  }
  return out;
}

VectorField lagrangian_vector_field(const ContactLagrangian& L) {
  const auto n = L.dim();
  const auto& q = L.coordinates();
  const auto& v = L.velocities();
  const GiNaC::ex& Lag = L.lagrangian();
  const GiNaC::ex Lz = dissipation_rate(L);
  const auto p = momenta(L);
  std::vector<GiNaC::ex> F(n);  // the bracket of (48), index j
  for (std::size_t j = 0; j < n; ++j) {
    GiNaC::ex f = Lag.diff(sym(q[j])) - Lag * p[j].diff(sym(L.z())) + Lz * p[j];
    for (std::size_t k = 0; k < n; ++k) f -= v[k] * p[j].diff(sym(q[k]));
    F[j] = f;
  }
  std::vector<GiNaC::ex> comp(2 * n + 1);
  for (std::size_t i = 0; i < n; ++i) {
    comp[i] = v[i];
    GiNaC::ex a = 0;
    for (std::size_t j = 0; j < n; ++j) a += L.inverse_hessian()(static_cast<unsigned>(j), static_cast<unsigned>(i)) * F[j];
    comp[n + i] = simplify(a);
  }
  comp[2 * n] = Lag;
  return VectorField(L.chart(), comp);
}

Form contact_form(const ContactLagrangian& L) {
  const auto n = L.dim();
  const auto p = momenta(L);
  std::vector<GiNaC::ex> a(2 * n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) a[i] = -p[i];
  a[2 * n] = 1;
  return Form::one_form(L.chart(), a);
}

VectorField reeb_field(const ContactLagrangian& L) {
  const auto n = L.dim();
  const auto p = momenta(L);
  std::vector<GiNaC::ex> comp(2 * n + 1, 0);
  for (std::size_t j = 0; j < n; ++j) {
    GiNaC::ex c = 0;
    for (std::size_t i = 0; i < n; ++i)
      c -= L.inverse_hessian()(static_cast<unsigned>(i), static_cast<unsigned>(j)) * p[i].diff(sym(L.z()));
    comp[n + j] = simplify(c);
  }
  comp[2 * n] = 1;
  return VectorField(L.chart(), comp);
}

ZeroVerdict is_dissipated(const ContactLagrangian& L, const GiNaC::ex& f) {
  return zero_test(lagrangian_vector_field(L)(f) - dissipation_rate(L) * f, L.chart());
}

std::vector<std::pair<std::size_t, GiNaC::ex>> cyclic_momenta(const ContactLagrangian& L) {
  std::vector<std::pair<std::size_t, GiNaC::ex>> out;
  const auto p = momenta(L);
  for (std::size_t i = 0; i < L.dim(); ++i)
    if (zero_test(L.lagrangian().diff(sym(L.coordinates()[i])), L.chart()).zero) out.emplace_back(i, simplify(p[i]));
  return out;
}

std::optional<ContactMechanicalParts> contact_mechanical_parts(const ContactLagrangian& L) {
  if (!L.affine_momenta()) return std::nullopt;
  const auto n = static_cast<unsigned>(L.dim());
  const Chart& C = L.chart();
  GiNaC::exmap rest;
  for (const auto& v : L.velocities()) rest[v] = 0;
  GiNaC::matrix g(n, n);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j) {
      g(i, j) = L.hessian()(i, j);
      if (!zero_test(g(i, j).diff(sym(L.z())), C).zero) return std::nullopt;  // kinetic term depends on z
    }
  for (const auto& v : L.velocities())
    if (!zero_test(subs_bounded(L.lagrangian().diff(sym(v)), rest), C).zero) return std::nullopt;  // linear terms
  return ContactMechanicalParts{Metric(L.base(), g), simplify(-subs_bounded(L.lagrangian(), rest))};
}

std::vector<GiNaC::ex> mechanical_accelerations(const ContactLagrangian& L, const ContactMechanicalParts& parts) {
  const auto n = static_cast<unsigned>(L.dim());
  const auto& q = L.coordinates();
  const auto& v = L.velocities();
  const GiNaC::matrix& g = parts.metric.matrix();
  const GiNaC::matrix gi = inverse(parts.metric);
  std::vector<GiNaC::ex> a(n);
  for (unsigned i = 0; i < n; ++i) {
    GiNaC::ex acc = -v[i] * parts.potential.diff(sym(L.z()));
    for (unsigned l = 0; l < n; ++l) {
      acc -= gi(i, l) * parts.potential.diff(sym(q[l]));
      for (unsigned j = 0; j < n; ++j)
        for (unsigned k = 0; k < n; ++k) {
          // Γ^i_jk = ½ g^{il} (∂_j g_lk + ∂_k g_lj − ∂_l g_jk)
          const GiNaC::ex christoffel =
              gi(i, l) * (g(l, k).diff(sym(q[j])) + g(l, j).diff(sym(q[k])) - g(j, k).diff(sym(q[l]))) / 2;
          acc -= christoffel * v[j] * v[k];
        }
    }
    a[i] = simplify(acc);
  }
  return a;
}

GiNaC::exmap velocity_substitution(const ContactLagrangian& L, const std::vector<GiNaC::ex>& v) {
  if (v.size() != L.dim())
    throw InvalidArgument(detail::message("velocity_substitution", "wrong number of velocities", std::to_string(L.dim()),
                                          std::to_string(v.size())));
  GiNaC::exmap m;
  for (std::size_t i = 0; i < v.size(); ++i) m[L.velocities()[i]] = v[i];
  return m;
}

}  // namespace hamel
