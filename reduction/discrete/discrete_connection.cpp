// reduction/discrete/discrete_connection.cpp
#include "reduction/discrete/discrete_connection.hpp"

#include "core/error.hpp"
#include "mechanics/discrete/invariance.hpp"
#include "mechanics/discrete/rescaled_zero_test.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

std::vector<ex> difference(const std::vector<ex>& a, const std::vector<ex>& b) {
  std::vector<ex> d;
  for (std::size_t i = 0; i < a.size(); ++i) d.push_back(a[i] - b[i]);
  return d;
}

GroupElement subs_all(const GroupElement& g, const GiNaC::exmap& m) {
  GroupElement out;
  for (const auto& x : g) out.push_back(x.subs(m));
  return out;
}

// Substitution slot k ↦ point.
GiNaC::exmap put(const Chart& Q, std::size_t k, const std::vector<ex>& point) { return slot_values(Q, k, point); }

}  // namespace

GiNaC::exmap on_section(const TrivialBundle& B, std::size_t k) {
  const auto s = slot(B.chart(), k);
  GiNaC::exmap m;
  for (std::size_t j = 0; j < B.group_indices().size(); ++j) m[s[B.group_indices()[j]]] = B.group().identity()[j];
  return m;
}

DiscreteConnection::DiscreteConnection(TrivialBundle bundle, GroupElement form)
    : bundle_(std::move(bundle)), form_(std::move(form)) {
  HAMEL_CHECK(form_.size() == bundle_.group().dim(), InvalidArgument, "DiscreteConnection",
              "the connection form has the wrong number of components", std::to_string(bundle_.group().dim()),
              std::to_string(form_.size()));
  GiNaC::exmap m = on_section(bundle_, 0);
  const GiNaC::exmap m1 = on_section(bundle_, 1);
  m.insert(m1.begin(), m1.end());
  shape_map_ = subs_all(form_, m);
}

DiscreteConnection DiscreteConnection::from_shape_map(TrivialBundle bundle, const GroupElement& shape_map) {
  const Chart& Q = bundle.chart();
  const GroupElement g0 = bundle.group_part(slot(Q, 0)), g1 = bundle.group_part(slot(Q, 1));
  const LieGroup& G = bundle.group();
  GroupElement form = G.product({g1, shape_map, G.inverse(g0)});
  return DiscreteConnection(std::move(bundle), form);
}

DiscreteConnection DiscreteConnection::trivial(TrivialBundle bundle) {
  const GroupElement e = bundle.group().identity();
  return from_shape_map(std::move(bundle), e);
}

ZeroVerdict equivariance(const DiscreteConnection& A) {
  const TrivialBundle& B = A.bundle();
  const LieGroup& G = B.group();
  const auto g0 = generic_element(G, "ga"), g1 = generic_element(G, "gb");
  std::vector<ex> moved;
  for (const auto& c : A.form()) moved.push_back(act_on_pair(c, B, g0, g1));
  return rescaled_all_zero(difference(moved, G.product({g1, A.form(), G.inverse(g0)})), triple_chart(B.chart()));
}

GroupElement level(const DiscreteConnection& A) {
  const Chart& Q = A.bundle().chart();
  GiNaC::exmap m = put(Q, 0, Q.coordinates());
  const GiNaC::exmap m1 = put(Q, 1, Q.coordinates());
  m.insert(m1.begin(), m1.end());
  return A.bundle().group().inverse(subs_all(A.form(), m));
}

ZeroVerdict level_equivariance(const DiscreteConnection& A) {
  const TrivialBundle& B = A.bundle();
  const LieGroup& G = B.group();
  const Chart& Q = B.chart();
  const auto g = generic_element(G, "g");
  const GroupElement gamma = level(A);
  const auto moved_q = B.act(g, Q.coordinates());
  GiNaC::exmap m;
  for (std::size_t i = 0; i < Q.dim(); ++i) m[Q[i]] = moved_q[i];
  return rescaled_all_zero(difference(subs_all(gamma, m), G.product({g, gamma, G.inverse(g)})), Q);
}

ZeroVerdict complementarity(const DiscreteConnection& A) {
  const TrivialBundle& B = A.bundle();
  const Chart& Q = B.chart();
  const std::size_t k = B.group().dim();
  const auto s1 = slot(Q, 1);
  GiNaC::matrix D(static_cast<unsigned>(k), static_cast<unsigned>(k));
  for (unsigned i = 0; i < k; ++i)
    for (unsigned j = 0; j < k; ++j) D(i, j) = A.form()[i].diff(GiNaC::ex_to<GiNaC::symbol>(s1[B.group_indices()[j]]));
  // at q0 = q, q1 = l_γ(q) q (γ written in the slot-0 symbols)
  GiNaC::exmap to0;
  for (std::size_t i = 0; i < Q.dim(); ++i) to0[Q[i]] = slot(Q, 0)[i];
  const GroupElement g0 = subs_all(level(A), to0);
  const GiNaC::exmap at = put(Q, 1, B.act(g0, slot(Q, 0)));
  return rescaled_all_zero({D.determinant().subs(at)}, triple_chart(Q));
}

ZeroVerdict level_is_identity(const DiscreteConnection& A) {
  return rescaled_all_zero(difference(level(A), A.bundle().group().identity()), A.bundle().chart());
}

std::vector<ex> horizontal_lift(const DiscreteConnection& A) {
  const TrivialBundle& B = A.bundle();
  const Chart& Q = B.chart();
  const auto s1 = slot(Q, 1);
  const std::vector<ex> q1 = B.join(B.shape_part(s1), B.group().identity());
  const GroupElement a = subs_all(A.form(), on_section(B, 1));  // A_d(q0, σ(r1))
  return B.act(B.group().inverse(a), q1);
}

ZeroVerdict horizontal_lift_check(const DiscreteConnection& A) {
  const TrivialBundle& B = A.bundle();
  const LieGroup& G = B.group();
  const Chart& Q = B.chart();
  const auto s1 = slot(Q, 1);
  const auto g = generic_element(G, "g");
  const std::vector<ex> q1 = B.join(B.shape_part(s1), g);
  const GroupElement a = subs_all(A.form(), put(Q, 1, q1));
  std::vector<ex> checks = difference(B.act(G.inverse(a), q1), horizontal_lift(A));
  // h_d(q0, r1) ∈ Hor: A_d(q0, h_d) = e
  const GroupElement on_hor = subs_all(A.form(), put(Q, 1, horizontal_lift(A)));
  for (const auto& d : difference(on_hor, G.identity())) checks.push_back(d);
  return rescaled_all_zero(checks, triple_chart(Q));
}

ZeroVerdict lemma_4_15(const DiscreteConnection& A) {
  const TrivialBundle& B = A.bundle();
  const Chart& Q = B.chart();
  const auto g = generic_element(B.group(), "g");
  const auto h = horizontal_lift(A);
  const auto moved_q0 = B.act(g, slot(Q, 0));
  std::vector<ex> h_moved;
  const GiNaC::exmap m = put(Q, 0, moved_q0);
  for (const auto& c : h) h_moved.push_back(c.subs(m));
  return rescaled_all_zero(difference(h_moved, B.act(g, h)), triple_chart(Q));
}

ModelPoint model_map(const DiscreteConnection& A) {
  return {A.form(), A.bundle().shape_part(slot(A.bundle().chart(), 1))};
}

std::vector<ex> model_inverse(const DiscreteConnection& A, const GroupElement& w) {
  return A.bundle().act(w, horizontal_lift(A));
}

ModelSpaceChecks model_space_checks(const DiscreteConnection& A) {
  const TrivialBundle& B = A.bundle();
  const Chart& Q = B.chart();
  const auto w = generic_element(B.group(), "w");
  ModelSpaceChecks out;
  // Φ(Φ⁻¹((q0, w), r1)) = ((q0, w), r1)
  const auto q1 = model_inverse(A, w);
  const GiNaC::exmap at = put(Q, 1, q1);
  std::vector<ex> c1 = difference(subs_all(A.form(), at), w);
  for (const auto& d : difference(B.shape_part(q1), B.shape_part(slot(Q, 1)))) c1.push_back(d);
  out.phi_of_inverse = rescaled_all_zero(c1, triple_chart(Q));
  out.lemma_4_21 = rescaled_all_zero(difference(subs_all(A.form(), at), w), triple_chart(Q));
  // Φ⁻¹(Φ(q0, q1)) = (q0, q1): l_{A_d(q0,q1)} h_d(q0, π(q1)) = q1
  out.inverse_of_phi = rescaled_all_zero(difference(model_inverse(A, A.form()), slot(Q, 1)), triple_chart(Q));
  return out;
}

}  // namespace hamel
