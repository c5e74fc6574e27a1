// mechanics/discrete/lie_group.cpp
#include "mechanics/discrete/lie_group.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "mechanics/discrete/rescaled_zero_test.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

std::vector<ex> symbols(const std::string& base, std::size_t n) {
  std::vector<ex> s;
  for (std::size_t i = 0; i < n; ++i) s.push_back(GiNaC::realsymbol(base + std::to_string(i + 1)));
  return s;
}

GiNaC::exmap assign(const std::vector<ex>& syms, const GroupElement& values, const char* fn) {
  HAMEL_CHECK(syms.size() == values.size(), InvalidArgument, fn, "group element of the wrong dimension",
              std::to_string(syms.size()), std::to_string(values.size()));
  GiNaC::exmap m;
  for (std::size_t i = 0; i < syms.size(); ++i) m[syms[i]] = values[i];
  return m;
}

// A chart for zero tests of group identities (only the sampling space matters).
const Chart& scratch_chart() {
  static const Chart c = Chart::make("G", {"g_scratch"});
  return c;
}

ZeroVerdict all_zero(const std::vector<ex>& v) {
  ZeroVerdict last;
  last.zero = true;
  for (const auto& e : v) {
    last = rescaled_zero_test(e, scratch_chart());
    if (!last.zero) return last;
  }
  return last;
}

std::vector<ex> minus(const GroupElement& a, const GroupElement& b) {
  std::vector<ex> d;
  for (std::size_t i = 0; i < a.size(); ++i) d.push_back(a[i] - b[i]);
  return d;
}

// ∂ f(g, h)/∂h at h = e, f: the product with h on the right (left = false) or on the left.
GiNaC::matrix translation(const LieGroup& G, const GroupElement& w, bool h_on_right) {
  const auto h = symbols("h_tr", G.dim());
  const GroupElement p = h_on_right ? G.product(w, h) : G.product(h, w);
  const GiNaC::exmap at_e = assign(h, G.identity(), "translation");
  const auto n = static_cast<unsigned>(G.dim());
  GiNaC::matrix M(n, n);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j) M(i, j) = p[i].diff(GiNaC::ex_to<GiNaC::symbol>(h[j])).subs(at_e);
  return M;
}

}  // namespace

LieGroup::LieGroup(std::string name, std::vector<ex> a, std::vector<ex> b, std::vector<ex> product,
                   std::vector<ex> inverse, GroupElement identity)
    : name_(std::move(name)), a_(std::move(a)), b_(std::move(b)), product_(std::move(product)),
      inverse_(std::move(inverse)), identity_(std::move(identity)) {
  const std::size_t n = identity_.size();
  HAMEL_CHECK(a_.size() == n && b_.size() == n && product_.size() == n && inverse_.size() == n, InvalidArgument,
              "LieGroup", "the law has components of different lengths", std::to_string(n) + " each",
              std::to_string(a_.size()) + ", " + std::to_string(b_.size()) + ", " + std::to_string(product_.size()) +
                  ", " + std::to_string(inverse_.size()));
  abelian_ = all_zero(minus(this->product(a_, b_), this->product(b_, a_))).zero;
}

LieGroup LieGroup::additive(std::size_t dim) {
  const auto a = symbols("a_add", dim), b = symbols("b_add", dim);
  std::vector<ex> p, inv;
  for (std::size_t i = 0; i < dim; ++i) {
    p.push_back(a[i] + b[i]);
    inv.push_back(-a[i]);
  }
  return LieGroup("R^" + std::to_string(dim), a, b, p, inv, GroupElement(dim, 0));
}

LieGroup LieGroup::se2() {
  const auto a = symbols("a_se2_", 3), b = symbols("b_se2_", 3);
  const ex c = cos(a[0]), s = sin(a[0]);
  return LieGroup("SE(2)", a, b, {a[0] + b[0], a[1] + c * b[1] - s * b[2], a[2] + s * b[1] + c * b[2]},
                  {-a[0], -c * a[1] - s * a[2], s * a[1] - c * a[2]}, {0, 0, 0});
}

LieGroup LieGroup::from_law(std::string name, std::vector<ex> a, std::vector<ex> b, std::vector<ex> product,
                            std::vector<ex> inverse, GroupElement identity) {
  return LieGroup(std::move(name), std::move(a), std::move(b), std::move(product), std::move(inverse), std::move(identity));
}

GroupElement LieGroup::product(const GroupElement& g, const GroupElement& h) const {
  GiNaC::exmap m = assign(a_, g, "LieGroup::product");
  const GiNaC::exmap mb = assign(b_, h, "LieGroup::product");
  m.insert(mb.begin(), mb.end());
  GroupElement out;
  for (const auto& p : product_) out.push_back(p.subs(m));
  return out;
}

GroupElement LieGroup::product(std::initializer_list<GroupElement> factors) const {
  GroupElement acc = identity_;
  bool first = true;
  for (const auto& f : factors) {
    acc = first ? f : product(acc, f);
    first = false;
  }
  return acc;
}

GroupElement LieGroup::inverse(const GroupElement& g) const {
  const GiNaC::exmap m = assign(a_, g, "LieGroup::inverse");
  GroupElement out;
  for (const auto& p : inverse_) out.push_back(p.subs(m));
  return out;
}

LieGroup LieGroup::subgroup(const std::vector<std::size_t>& indices) const {
  const std::size_t k = indices.size();
  const auto a = symbols("a_sub", k), b = symbols("b_sub", k);
  GroupElement ga = identity_, gb = identity_;
  for (std::size_t j = 0; j < k; ++j) {
    HAMEL_CHECK(indices[j] < dim(), InvalidArgument, "LieGroup::subgroup", "coordinate index out of range",
                "< " + std::to_string(dim()), std::to_string(indices[j]));
    ga[indices[j]] = a[j];
    gb[indices[j]] = b[j];
  }
  const GroupElement p = product(ga, gb), inv = inverse(ga);
  for (std::size_t i = 0; i < dim(); ++i) {
    if (std::find(indices.begin(), indices.end(), i) != indices.end()) continue;
    for (const auto* v : {&p, &inv}) {
      const ZeroVerdict z = rescaled_zero_test((*v)[i] - identity_[i], scratch_chart());
      if (!z.zero)
        throw DomainError(detail::message("LieGroup::subgroup", "the coordinates do not span a subgroup of " + name_,
                                          "products and inverses to keep the other coordinates at the identity",
                                          "coordinate " + std::to_string(i + 1) + " = " + detail::str((*v)[i]) + " [" + z.how() + "]"));
    }
  }
  std::vector<ex> pr, iv;
  GroupElement id;
  for (auto i : indices) {
    pr.push_back(p[i]);
    iv.push_back(inv[i]);
    id.push_back(identity_[i]);
  }
  return LieGroup("subgroup of " + name_, a, b, pr, iv, id);
}

GiNaC::matrix left_translation(const LieGroup& G, const GroupElement& w) { return translation(G, w, true); }
GiNaC::matrix right_translation(const LieGroup& G, const GroupElement& w) { return translation(G, w, false); }

GiNaC::matrix adjoint(const LieGroup& G, const GroupElement& g) {
  const auto h = symbols("h_ad", G.dim());
  const GroupElement c = G.product(G.product(g, h), G.inverse(g));
  const GiNaC::exmap at_e = assign(h, G.identity(), "adjoint");
  const auto n = static_cast<unsigned>(G.dim());
  GiNaC::matrix M(n, n);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j) M(i, j) = c[i].diff(GiNaC::ex_to<GiNaC::symbol>(h[j])).subs(at_e);
  return M;
}

GroupAxioms check_group_axioms(const LieGroup& G) {
  const auto a = generic_element(G, "ga"), b = generic_element(G, "gb"), c = generic_element(G, "gc");
  GroupAxioms out;
  out.associativity = all_zero(minus(G.product(G.product(a, b), c), G.product(a, G.product(b, c))));
  std::vector<ex> id = minus(G.product(G.identity(), a), a);
  for (const auto& x : minus(G.product(a, G.identity()), a)) id.push_back(x);
  out.identity = all_zero(id);
  std::vector<ex> inv = minus(G.product(a, G.inverse(a)), G.identity());
  for (const auto& x : minus(G.product(G.inverse(a), a), G.identity())) inv.push_back(x);
  out.inverse = all_zero(inv);
  return out;
}

GroupElement generic_element(const LieGroup& G, const std::string& name) {
  GroupElement g;
  for (std::size_t i = 0; i < G.dim(); ++i) g.push_back(GiNaC::realsymbol(name + "_" + std::to_string(i + 1)));
  return g;
}

std::vector<ex> matrix_times(const GiNaC::matrix& M, const std::vector<ex>& v) {
  HAMEL_CHECK(M.cols() == v.size(), InvalidArgument, "apply", "matrix and vector of different sizes",
              std::to_string(M.cols()), std::to_string(v.size()));
  std::vector<ex> out(M.rows(), 0);
  for (unsigned i = 0; i < M.rows(); ++i)
    for (unsigned j = 0; j < M.cols(); ++j) out[i] += M(i, j) * v[j];
  return out;
}

}  // namespace hamel
