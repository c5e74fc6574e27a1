// reduction/discrete/nonholonomic_connection.cpp
#include "reduction/discrete/nonholonomic_connection.hpp"

#include "core/error.hpp"
#include "geometry/linear_algebra.hpp"
#include "geometry/vector_field.hpp"
#include "mechanics/discrete/rescaled_zero_test.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

// Q's group coordinates set to the identity.
GiNaC::exmap at_identity(const TrivialBundle& B) {
  GiNaC::exmap m;
  for (std::size_t j = 0; j < B.group_indices().size(); ++j) m[B.chart()[B.group_indices()[j]]] = B.group().identity()[j];
  return m;
}

// f at σ(r) = (r, e).  A pole there (GiNaC's division by zero) belongs to the data: said in words.
ex at_section(const ex& f, const GiNaC::exmap& e, const std::string& what) {
  try {
    return f.subs(e);
  } catch (const DomainError&) {
    throw;
  } catch (const std::domain_error& x) {
    throw DomainError(detail::message("nonholonomic_connection", what + " is undefined at sigma(r) = (r, e)",
                                      "a value at the identity of G", std::string("a division by zero (") + x.what() + ")",
                                      "write it so that it is regular where the group coordinates are those of e"));
  }
}

std::vector<std::vector<ex>> columns(const GiNaC::matrix& N) {
  std::vector<std::vector<ex>> out;
  for (unsigned c = 0; c < N.cols(); ++c) {
    std::vector<ex> v;
    for (unsigned r = 0; r < N.rows(); ++r) v.push_back(simplify(N(r, c)));
    out.push_back(v);
  }
  return out;
}

// D basis at (r, e).
std::vector<std::vector<ex>> d_basis_at_identity(const DiscreteSystem& S, const TrivialBundle& B) {
  const GiNaC::exmap e = at_identity(B);
  std::vector<std::vector<ex>> out;
  for (const auto& X : S.d_basis()) {
    std::vector<ex> v;
    for (const auto& c : X.components()) v.push_back(at_section(c, e, "the basis of D"));
    out.push_back(v);
  }
  return out;
}

ex inner(const GiNaC::matrix& G, const std::vector<ex>& a, const std::vector<ex>& b) {
  ex s = 0;
  for (unsigned i = 0; i < G.rows(); ++i)
    for (unsigned j = 0; j < G.cols(); ++j) s += a[i] * G(i, j) * b[j];
  return s;
}

}  // namespace

std::vector<std::vector<ex>> NonholonomicConnection::shape_directions(const TrivialBundle& B) const {
  std::vector<std::vector<ex>> out;
  for (const auto& X : horizontal) out.push_back(B.shape_part(X));
  return out;
}

std::vector<std::vector<ex>> vertical_algebra(const DiscreteSystem& S, const TrivialBundle& B) {
  const Chart& Q = S.chart();
  const std::size_t k = B.group().dim();
  if (S.variational().empty()) {
    std::vector<std::vector<ex>> all;
    for (std::size_t a = 0; a < k; ++a) {
      std::vector<ex> e(k, 0);
      e[a] = 1;
      all.push_back(e);
    }
    return all;
  }
  const GiNaC::exmap e = at_identity(B);
  GiNaC::matrix A(static_cast<unsigned>(S.variational().size()), static_cast<unsigned>(k));
  for (unsigned a = 0; a < S.variational().size(); ++a)
    for (unsigned j = 0; j < k; ++j)  // generators at (r, e): η_Q = (0, η)
      A(a, j) = at_section(S.variational()[a].component({static_cast<unsigned>(B.group_indices()[j])}), e,
                           "variational constraint " + std::to_string(a + 1));
  // denominators cleared, so that the basis is defined at every r (not cot θ e_x + e_y, singular at θ = 0)
  std::vector<std::vector<ex>> basis;
  for (const auto& eta : columns(nullspace(A, Q, PivotOrder::Simplest))) basis.push_back(without_denominators(eta));
  return basis;
}

NonholonomicConnection nonholonomic_connection(const DiscreteSystem& S, const TrivialBundle& B) {
  if (!S.continuous())
    throw DomainError(detail::message("nonholonomic_connection", "no kinetic metric to choose H and W",
                                      "a discrete Lagrangian made by quadrature from a continuous one",
                                      "a discrete Lagrangian given directly",
                                      "give the graph map of the horizontal space (key 'horizontal')"));
  const Chart& Q = S.chart();
  const std::size_t n = Q.dim(), k = B.group().dim(), dm = B.shape_dim();
  const GiNaC::exmap e = at_identity(B);
  GiNaC::matrix G = S.continuous()->metric.matrix();
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j) G(i, j) = at_section(G(i, j), e, "the kinetic metric");
  NonholonomicConnection out;
  out.vertical = vertical_algebra(S, B);
  out.how = "$H = D ∩ S^⊥$, $W = (D + V)^⊥$ for the kinetic metric";
  std::vector<std::vector<ex>> Sb;
  for (const auto& eta : out.vertical) Sb.push_back(B.join(std::vector<ex>(dm, 0), eta));
  const auto Db = d_basis_at_identity(S, B);
  // H = D ∩ S^⊥
  std::vector<std::vector<ex>> H;
  if (Sb.empty()) {
    H = Db;
  } else {
    GiNaC::matrix M(static_cast<unsigned>(Sb.size()), static_cast<unsigned>(Db.size()));
    for (unsigned i = 0; i < Sb.size(); ++i)
      for (unsigned a = 0; a < Db.size(); ++a) M(i, a) = inner(G, Sb[i], Db[a]);
    for (const auto& c : columns(nullspace(M, Q, PivotOrder::Simplest))) {
      std::vector<ex> v(n, 0);
      for (std::size_t a = 0; a < Db.size(); ++a)
        for (std::size_t i = 0; i < n; ++i) v[i] += c[a] * Db[a][i];
      for (auto& x : v) x = simplify(x);
      H.push_back(without_denominators(v));
    }
  }
  // W = (D + V)^⊥
  std::vector<std::vector<ex>> DV = Db;
  for (std::size_t j = 0; j < k; ++j) {
    std::vector<ex> eta(k, 0);
    eta[j] = 1;
    DV.push_back(B.join(std::vector<ex>(dm, 0), eta));
  }
  GiNaC::matrix M(static_cast<unsigned>(DV.size()), static_cast<unsigned>(n));
  for (unsigned a = 0; a < DV.size(); ++a)
    for (unsigned j = 0; j < n; ++j) {
      ex s = 0;
      for (unsigned i = 0; i < n; ++i) s += DV[a][i] * G(i, j);
      M(a, j) = s;
    }
  std::vector<std::vector<ex>> W;
  for (const auto& c : columns(nullspace(M, Q, PivotOrder::Simplest))) W.push_back(without_denominators(c));
  // Hor_𝒜 = H ⊕ W: a graph over TM
  HAMEL_CHECK(H.size() + W.size() == dm, DomainError, "nonholonomic_connection",
              "H + W is not a complement of the vertical space", "dim H + dim W = dim M = " + std::to_string(dm),
              std::to_string(H.size()) + " + " + std::to_string(W.size()));
  out.horizontal = H;
  GiNaC::matrix P(static_cast<unsigned>(dm), static_cast<unsigned>(dm)), Z(static_cast<unsigned>(k), static_cast<unsigned>(dm));
  std::vector<std::vector<ex>> hor = H;
  hor.insert(hor.end(), W.begin(), W.end());
  for (unsigned c = 0; c < dm; ++c) {
    const auto r = B.shape_part(hor[c]);
    const auto g = B.group_part(hor[c]);
    for (unsigned i = 0; i < dm; ++i) P(i, c) = r[i];
    for (unsigned i = 0; i < k; ++i) Z(i, c) = g[i];
  }
  out.graph = dm == 0 ? GiNaC::matrix(static_cast<unsigned>(k), 0) : simplify(Z.mul(inverse(P, Q, "nonholonomic_connection")));
  return out;
}

NonholonomicConnection nonholonomic_connection(const DiscreteSystem& S, const TrivialBundle& B, const GiNaC::matrix& graph) {
  const Chart& Q = S.chart();
  const std::size_t k = B.group().dim(), dm = B.shape_dim();
  HAMEL_CHECK(graph.rows() == k && graph.cols() == dm, InvalidArgument, "nonholonomic_connection",
              "the graph map has the wrong shape", std::to_string(k) + " x " + std::to_string(dm),
              std::to_string(graph.rows()) + " x " + std::to_string(graph.cols()));
  NonholonomicConnection out;
  out.vertical = vertical_algebra(S, B);
  out.graph = graph;
  out.how = "the given graph map; $H = Hor ∩ D$";
  // H_M = dπ(D): independent shape parts of the basis of D at (r, e)
  const auto Db = d_basis_at_identity(S, B);
  if (Db.empty() || dm == 0) return out;
  GiNaC::matrix R(static_cast<unsigned>(Db.size()), static_cast<unsigned>(dm));
  for (unsigned a = 0; a < Db.size(); ++a) {
    const auto r = B.shape_part(Db[a]);
    for (unsigned i = 0; i < dm; ++i) R(a, i) = r[i];
  }
  const Echelon ech = row_echelon(R, Q);
  const GiNaC::exmap e = at_identity(B);
  for (std::size_t p = 0; p < ech.rank(); ++p) {
    std::vector<ex> dr;
    for (unsigned i = 0; i < dm; ++i) dr.push_back(ech.reduced(static_cast<unsigned>(p), i));
    std::vector<ex> zeta(k, 0);
    for (unsigned i = 0; i < k; ++i)
      for (unsigned j = 0; j < dm; ++j) zeta[i] += graph(i, j) * dr[j];
    auto X = B.join(dr, zeta);
    for (std::size_t a = 0; a < S.variational().size(); ++a) {
      ex s = 0;
      for (unsigned i = 0; i < Q.dim(); ++i) s += at_section(S.variational()[a].component({i}), e, "variational constraint " + std::to_string(a + 1)) * X[i];
      const ZeroVerdict v = rescaled_zero_test(s, Q);
      if (!v.zero)
        throw DomainError(detail::message("nonholonomic_connection", "the horizontal lift of a direction of d pi(D) leaves D",
                                          "(dr, h(r) dr) in D for every dr in d pi(D)",
                                          "constraint " + std::to_string(a + 1) + " = " + detail::str(simplify(s)) + " [" + v.how() + "]"));
    }
    for (auto& x : X) x = simplify(x);
    out.horizontal.push_back(without_denominators(X));
  }
  return out;
}

}  // namespace hamel
