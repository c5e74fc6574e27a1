// geometry/alternating.hpp — sparse storage shared by k-forms and k-vector fields.
//
// Components are kept only for strictly increasing index tuples, zero components dropped
// (canonical at construction, as SageManifolds stores forms).  ω = Σ_{i1<…<ik} ω_{i1…ik} dx^{i1}∧…∧dx^{ik},
// so ω_{i1…ik} = ω(∂_{i1},…,∂_{ik}) and (dx∧dy)(∂x,∂y) = 1; likewise for multivectors with ∂_i.
#pragma once

#include <ginac/ginac.h>

#include <map>
#include <vector>

#include "geometry/chart.hpp"

namespace hamel {

using Indices = std::vector<unsigned>;

namespace detail {
/// Sorts `idx` in place and returns the sign of the sorting permutation, or 0 if an index repeats.
int sort_indices(Indices& idx);
/// All strictly increasing k-tuples drawn from {0, …, n−1}, in lexicographic order.
std::vector<Indices> increasing_tuples(unsigned n, unsigned k);
}  // namespace detail

class Alternating {
 public:
  using Components = std::map<Indices, GiNaC::ex>;

  /// Components may be given for index tuples in any order; entries are accumulated with the sign
  /// of the sorting permutation (repeated indices contribute nothing).
  /// @throws InvalidArgument for a tuple of the wrong length or an index ≥ dim.
  Alternating(Chart chart, unsigned degree, const Components& components);

  const Chart& chart() const { return chart_; }
  unsigned degree() const { return degree_; }
  const Components& components() const { return components_; }
  /// The component for indices in any order (with sign), 0 if absent.
  GiNaC::ex component(Indices idx) const;
  GiNaC::ex operator[](const Indices& idx) const { return component(idx); }

 protected:
  void accumulate(Indices idx, const GiNaC::ex& c);
  void drop_zeros();

  Chart chart_;
  unsigned degree_;
  Components components_;
};

namespace detail {
/// a + sign·b, componentwise (same chart and degree required).
Alternating::Components add_components(const Alternating& a, const Alternating& b, int sign,
                                       const char* fn);
/// The exterior product of the component maps: c_{I∪J} += σ(I,J) a_I b_J.
Alternating::Components wedge_components(const Alternating& a, const Alternating& b);
/// Canonical form of every component.
Alternating::Components simplify_components(const Alternating& a);
/// Zero test of every component, reporting the first nonzero one.
ZeroVerdict zero_test_components(const Alternating& a, const char* what);
}  // namespace detail

}  // namespace hamel
