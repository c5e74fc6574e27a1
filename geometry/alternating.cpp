// geometry/alternating.cpp
#include "geometry/alternating.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/symbolic.hpp"

namespace hamel {
namespace detail {

int sort_indices(Indices& idx) {
  int sign = 1;
  // Insertion sort: tuples are short and the number of swaps gives the sign.
  for (std::size_t i = 1; i < idx.size(); ++i)
    for (std::size_t j = i; j > 0 && idx[j - 1] >= idx[j]; --j) {
      if (idx[j - 1] == idx[j]) return 0;
      std::swap(idx[j - 1], idx[j]);
      sign = -sign;
    }
  return sign;
}

std::vector<Indices> increasing_tuples(unsigned n, unsigned k) {
  std::vector<Indices> out;
  if (k > n) return out;
  Indices cur(k);
  for (unsigned i = 0; i < k; ++i) cur[i] = i;
  while (true) {
    out.push_back(cur);
    int i = static_cast<int>(k) - 1;
    while (i >= 0 && cur[i] == n - k + static_cast<unsigned>(i)) --i;
    if (i < 0) break;
    ++cur[i];
    for (unsigned j = static_cast<unsigned>(i) + 1; j < k; ++j) cur[j] = cur[j - 1] + 1;
  }
  return out;
}

}  // namespace detail

Alternating::Alternating(Chart chart, unsigned degree, const Components& components)
    : chart_(std::move(chart)), degree_(degree) {
  for (const auto& kv : components) {
    if (kv.first.size() != degree_)
      throw InvalidArgument(detail::message("Alternating", "index tuple of the wrong length",
                                            std::to_string(degree_) + " indices",
                                            std::to_string(kv.first.size())));
    for (unsigned i : kv.first)
      if (i >= chart_.dim())
        throw InvalidArgument(detail::message("Alternating", "index out of range",
                                              "indices < " + std::to_string(chart_.dim()),
                                              std::to_string(i)));
    accumulate(kv.first, kv.second);
  }
  drop_zeros();
}

GiNaC::ex Alternating::component(Indices idx) const {
  if (idx.size() != degree_)
    throw InvalidArgument(detail::message("Alternating::component", "index tuple of the wrong length",
                                          std::to_string(degree_), std::to_string(idx.size())));
  const int s = detail::sort_indices(idx);
  if (s == 0) return 0;
  auto it = components_.find(idx);
  return it == components_.end() ? GiNaC::ex(0) : s * it->second;
}

void Alternating::accumulate(Indices idx, const GiNaC::ex& c) {
  const int s = detail::sort_indices(idx);
  if (s == 0 || c.is_zero()) return;
  auto it = components_.find(idx);
  if (it == components_.end())
    components_.emplace(idx, s * c);
  else
    it->second += s * c;
}

void Alternating::drop_zeros() {
  constexpr std::size_t kLarge = 400;  // tree nodes above which a residue is tried before expand()
  for (auto it = components_.begin(); it != components_.end();) {
    // expand() is cheap on polynomial data and catches cancellations like a − a; on a large rational
    // trigonometric component it multiplies out the whole tree (a snakeboard's ♯: 1.6 s of 6), where a
    // nonzero residue proves the component nonzero (and so does not change what is kept).
    const GiNaC::ex& c = it->second;
    const bool shown = tree_size(c, kLarge) >= kLarge && shown_nonzero_modulo_prime(c);
    if (!shown && (c.is_zero() || c.expand().is_zero()))
      it = components_.erase(it);
    else
      ++it;
  }
}

namespace detail {

Alternating::Components add_components(const Alternating& a, const Alternating& b, int sign,
                                       const char* fn) {
  require_same_chart(a.chart(), b.chart(), fn);
  if (a.degree() != b.degree())
    throw InvalidArgument(message(fn, "degrees differ", std::to_string(a.degree()),
                                  std::to_string(b.degree())));
  Alternating::Components c = a.components();
  for (const auto& kv : b.components()) {
    auto it = c.find(kv.first);
    if (it == c.end())
      c.emplace(kv.first, sign * kv.second);
    else
      it->second += sign * kv.second;
  }
  return c;
}

Alternating::Components wedge_components(const Alternating& a, const Alternating& b) {
  require_same_chart(a.chart(), b.chart(), "wedge");
  Alternating::Components c;
  for (const auto& ka : a.components())
    for (const auto& kb : b.components()) {
      Indices idx = ka.first;
      idx.insert(idx.end(), kb.first.begin(), kb.first.end());
      const int s = sort_indices(idx);
      if (s == 0) continue;
      c[idx] += s * ka.second * kb.second;
    }
  return c;
}

Alternating::Components simplify_components(const Alternating& a) {
  Alternating::Components c;
  for (const auto& kv : a.components()) c[kv.first] = simplify(kv.second);
  return c;
}

ZeroVerdict zero_test_components(const Alternating& a, const char* what) {
  ZeroVerdict all;
  all.zero = true;
  all.method = Decision::Canonical;
  all.detail = std::string("every component of the ") + what + " has canonical form 0";
  for (const auto& kv : a.components()) {
    ZeroVerdict v = zero_test(kv.second, a.chart());
    if (!v.zero) {
      std::string name;
      for (unsigned i : kv.first) name += (name.empty() ? "" : ",") + a.chart().coordinate_name(i);
      v.detail = "component $(" + name + ")$: " + v.detail;
      return v;
    }
    if (v.method == Decision::NumericProbing) all = v;
  }
  return all;
}

}  // namespace detail
}  // namespace hamel
