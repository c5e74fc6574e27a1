// core/node_memo.hpp
#pragma once

#include <ginac/ginac.h>

#include <unordered_map>
#include <utility>
#include <vector>

namespace hamel {

/// A remembered answer per node of an expression, by the node's address: GiNaC shares the subtrees
/// that derivatives and products repeat (the Schouten bracket's components are DAGs far smaller than
/// their trees), and a walk that remembers them visits each once.
template <class T>
class NodeMemo {
 public:
  const T* find(const GiNaC::ex& e) const {
    const auto it = seen_.find(&GiNaC::ex_to<GiNaC::basic>(e));
    return it == seen_.end() ? nullptr : &it->second;
  }
  const T& remember(const GiNaC::ex& e, T value) {
    keep_.push_back(e);  // the node stays alive while its address is remembered
    return seen_.emplace(&GiNaC::ex_to<GiNaC::basic>(e), std::move(value)).first->second;
  }

 private:
  std::unordered_map<const GiNaC::basic*, T> seen_;
  std::vector<GiNaC::ex> keep_;
};

}  // namespace hamel
