// geometry/lifts.cpp
#include "geometry/lifts.hpp"

#include "core/error.hpp"

namespace hamel {

Chart tangent_bundle(const Chart& Q) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < Q.dim(); ++i) names.push_back(Q.coordinate_name(i) + "_dot");
  return Q.extend("T" + Q.name(), names);
}

std::vector<std::string> numbered_names(const std::string& stem, std::size_t r) {
  std::vector<std::string> v;
  for (std::size_t a = 1; a <= r; ++a) v.push_back(stem + std::to_string(a));
  return v;
}

Chart distribution_dual_chart(const Chart& Q, std::size_t r) { return Q.extend("D*", numbered_names("pi", r)); }

Chart distribution_chart(const Chart& Q, std::size_t r) { return Q.extend("D", numbered_names("v", r)); }

Chart cotangent_bundle(const Chart& Q) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < Q.dim(); ++i) names.push_back("p_" + Q.coordinate_name(i));
  return Q.extend("T*" + Q.name(), names);
}

namespace {
std::vector<GiNaC::ex> fibre(const Chart& bundle, std::size_t n) {
  return {bundle.coordinates().begin() + static_cast<long>(n), bundle.coordinates().end()};
}
}  // namespace

std::vector<GiNaC::ex> velocities(const Chart& Q) { return fibre(tangent_bundle(Q), Q.dim()); }
std::vector<GiNaC::ex> momenta(const Chart& Q) { return fibre(cotangent_bundle(Q), Q.dim()); }

GiNaC::matrix velocity_hessian(const GiNaC::ex& L, const std::vector<GiNaC::ex>& v) {
  const auto n = static_cast<unsigned>(v.size());
  GiNaC::matrix W(n, n);
  for (unsigned i = 0; i < n; ++i) {
    const GiNaC::ex dL = L.diff(GiNaC::ex_to<GiNaC::symbol>(v[i]));
    for (unsigned j = i; j < n; ++j) W(i, j) = W(j, i) = dL.diff(GiNaC::ex_to<GiNaC::symbol>(v[j]));
  }
  return W;
}

VectorField tangent_lift(const VectorField& Z) {
  const Chart& Q = Z.chart();
  const std::size_t n = Q.dim();
  const auto v = velocities(Q);
  std::vector<GiNaC::ex> c(2 * n, 0);
  for (std::size_t k = 0; k < n; ++k) {
    c[k] = Z[k];
    for (std::size_t l = 0; l < n; ++l) c[n + k] += Z[k].diff(GiNaC::ex_to<GiNaC::symbol>(Q[l])) * v[l];
  }
  return VectorField(tangent_bundle(Q), c);
}

VectorField cotangent_lift(const VectorField& X) {
  const Chart& Q = X.chart();
  const std::size_t n = Q.dim();
  const auto p = momenta(Q);
  std::vector<GiNaC::ex> c(2 * n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    c[i] = X[i];
    for (std::size_t j = 0; j < n; ++j) c[n + i] -= p[j] * X[j].diff(GiNaC::ex_to<GiNaC::symbol>(Q[i]));
  }
  return VectorField(cotangent_bundle(Q), c);
}

Chart contact_tangent_bundle(const Chart& Q) {
  const Chart TQ = tangent_bundle(Q);
  return TQ.extend(TQ.name() + "xR", {"z"});
}

Chart contact_cotangent_bundle(const Chart& Q) {
  const Chart TsQ = cotangent_bundle(Q);
  return TsQ.extend(TsQ.name() + "xR", {"z"});
}

GiNaC::ex action_variable(const Chart& extended) {
  const auto i = extended.index_of(std::string("z"));
  if (!i || *i + 1 != extended.dim())
    throw InvalidArgument(detail::message("action_variable", "the chart has no action variable z as its last coordinate",
                                          "a chart made by contact_tangent_bundle or contact_cotangent_bundle",
                                          extended.describe()));
  return extended[*i];
}

}  // namespace hamel
