// mechanics/discrete/trivial_bundle.cpp
#include "mechanics/discrete/trivial_bundle.hpp"

#include <algorithm>
#include <map>

#include "core/error.hpp"

namespace hamel {

TrivialBundle::TrivialBundle(Chart Q, LieGroup G, std::vector<std::size_t> group_coordinates)
    : Q_(std::move(Q)), G_(std::move(G)), group_(std::move(group_coordinates)) {
  HAMEL_CHECK(group_.size() == G_.dim(), InvalidArgument, "TrivialBundle",
              "the number of group coordinates differs from dim G", std::to_string(G_.dim()) + " (" + G_.name() + ")",
              std::to_string(group_.size()));
  for (std::size_t j = 0; j < group_.size(); ++j) {
    HAMEL_CHECK(group_[j] < Q_.dim(), InvalidArgument, "TrivialBundle", "coordinate index out of range",
                "< " + std::to_string(Q_.dim()), std::to_string(group_[j]));
    HAMEL_CHECK(std::count(group_.begin(), group_.end(), group_[j]) == 1, InvalidArgument, "TrivialBundle",
                "a group coordinate is repeated", "distinct coordinates", Q_.coordinate_name(group_[j]) + " twice");
  }
  for (std::size_t i = 0; i < Q_.dim(); ++i)
    if (std::find(group_.begin(), group_.end(), i) == group_.end()) shape_.push_back(i);
}

std::vector<GiNaC::ex> TrivialBundle::shape_part(const std::vector<GiNaC::ex>& q) const {
  std::vector<GiNaC::ex> r;
  for (auto i : shape_) r.push_back(q.at(i));
  return r;
}

GroupElement TrivialBundle::group_part(const std::vector<GiNaC::ex>& q) const {
  GroupElement g;
  for (auto i : group_) g.push_back(q.at(i));
  return g;
}

std::vector<GiNaC::ex> TrivialBundle::join(const std::vector<GiNaC::ex>& r, const GroupElement& g) const {
  HAMEL_CHECK(r.size() == shape_.size() && g.size() == group_.size(), InvalidArgument, "TrivialBundle::join",
              "parts of the wrong dimensions", std::to_string(shape_.size()) + " + " + std::to_string(group_.size()),
              std::to_string(r.size()) + " + " + std::to_string(g.size()));
  std::vector<GiNaC::ex> q(Q_.dim());
  for (std::size_t j = 0; j < shape_.size(); ++j) q[shape_[j]] = r[j];
  for (std::size_t j = 0; j < group_.size(); ++j) q[group_[j]] = g[j];
  return q;
}

std::vector<GiNaC::ex> TrivialBundle::join_vector(const std::vector<GiNaC::ex>& dr, const std::vector<GiNaC::ex>& dg) const {
  return join(dr, dg);
}

std::vector<GiNaC::ex> TrivialBundle::act(const GroupElement& h, const std::vector<GiNaC::ex>& q) const {
  return join(shape_part(q), G_.product(h, group_part(q)));
}

std::vector<GiNaC::ex> TrivialBundle::push_forward(const GroupElement& h, const std::vector<GiNaC::ex>& q,
                                                   const std::vector<GiNaC::ex>& v) const {
  // d/dt l_h(q + t v): the shape part unchanged, the group part through ∂(h g)/∂g.
  const GroupElement g = group_part(q), dg = group_part(v);
  std::vector<GiNaC::realsymbol> t;
  GroupElement gt;
  for (std::size_t j = 0; j < g.size(); ++j) {
    t.emplace_back("t_push" + std::to_string(j));
    gt.push_back(t.back());
  }
  const GroupElement p = G_.product(h, gt);
  GiNaC::exmap at;
  for (std::size_t j = 0; j < g.size(); ++j) at[t[j]] = g[j];
  GroupElement out(g.size(), 0);
  for (std::size_t i = 0; i < g.size(); ++i)
    for (std::size_t j = 0; j < g.size(); ++j) out[i] += p[i].diff(t[j]).subs(at) * dg[j];
  return join(shape_part(v), out);
}

std::vector<GiNaC::ex> TrivialBundle::generator(const std::vector<GiNaC::ex>& xi, const std::vector<GiNaC::ex>& q) const {
  return join(std::vector<GiNaC::ex>(shape_.size(), 0), matrix_times(right_translation(G_, group_part(q)), xi));
}

std::vector<VectorField> TrivialBundle::generators() const {
  std::vector<VectorField> out;
  for (std::size_t a = 0; a < G_.dim(); ++a) {
    std::vector<GiNaC::ex> e(G_.dim(), 0);
    e[a] = 1;
    out.emplace_back(Q_, generator(e, Q_.coordinates()));
  }
  return out;
}

Chart TrivialBundle::shape_chart() const {
  std::vector<std::string> names;
  std::map<std::string, Interval> domain;  // the shape coordinates keep their intervals on M
  for (auto i : shape_) {
    names.push_back(Q_.coordinate_name(i));
    if (const auto d = Q_.domain(i)) domain[names.back()] = *d;
  }
  return Q_.sibling("M", names, domain);
}

std::vector<std::string> group_coordinate_names(const TrivialBundle& B) {
  std::vector<std::string> out;
  for (auto i : B.group_indices()) out.push_back(B.chart().coordinate_name(i));
  return out;
}

}  // namespace hamel
