// mechanics/contact/legendre.cpp
#include "mechanics/contact/legendre.hpp"

#include "core/error.hpp"

namespace hamel {

ChartMap legendre_map(const ContactLagrangian& L) {
  const std::size_t n = L.dim();
  const auto p = momenta(L);
  std::vector<GiNaC::ex> images(2 * n + 1);
  for (std::size_t i = 0; i < n; ++i) {
    images[i] = L.coordinates()[i];
    images[n + i] = p[i];
  }
  images[2 * n] = L.z();
  return ChartMap{L.chart(), contact_cotangent_bundle(L.base()), images};
}

ContactLegendre legendre_transform(const ContactLagrangian& L) {
  if (!L.affine_momenta())
    throw NotImplemented(detail::message(
        "legendre_transform", "the inverse Legendre transform is solved only for momenta affine in the velocities",
        "a Hessian W independent of q_dot", "W depending on the velocities",
        "the forward map is legendre_map(L); the impact and jump maps need the same condition"));
  const std::size_t n = L.dim();
  const Chart M = contact_cotangent_bundle(L.base());
  const GiNaC::ex zM = action_variable(M);
  GiNaC::exmap rest, zsub;
  for (const auto& v : L.velocities()) rest[v] = 0;
  zsub[L.z()] = zM;
  const auto p = momenta(L);
  std::vector<GiNaC::ex> images(2 * n + 1);
  for (std::size_t i = 0; i < n; ++i) {
    images[i] = L.coordinates()[i];
    GiNaC::ex v = 0;
    for (std::size_t j = 0; j < n; ++j)
      v += L.inverse_hessian()(static_cast<unsigned>(i), static_cast<unsigned>(j)) * (M[n + j] - p[j].subs(rest));
    images[n + i] = simplify(v.subs(zsub));
  }
  images[2 * n] = zM;
  ContactLegendre out{legendre_map(L), ChartMap{L.chart(), M, {}}, 0};
  out.inverse = ChartMap{M, L.chart(), images};
  out.hamiltonian = simplify(compose(energy(L), out.inverse));
  return out;
}

GiNaC::ex compose(const GiNaC::ex& f, const ChartMap& phi) {
  if (phi.images.size() != phi.target.dim())
    throw InvalidArgument(detail::message("compose", "wrong number of images", std::to_string(phi.target.dim()),
                                          std::to_string(phi.images.size())));
  GiNaC::exmap m;
  for (std::size_t j = 0; j < phi.target.dim(); ++j) m[phi.target[j]] = phi.images[j];
  return f.subs(m);
}

std::vector<GiNaC::ex> relatedness_defect(const ChartMap& phi, const VectorField& X, const VectorField& Y) {
  require_same_chart(phi.source, X.chart(), "relatedness_defect");
  require_same_chart(phi.target, Y.chart(), "relatedness_defect");
  std::vector<GiNaC::ex> out;
  for (std::size_t j = 0; j < phi.target.dim(); ++j) out.push_back(X(phi.images[j]) - compose(Y[j], phi));
  return out;
}

}  // namespace hamel
