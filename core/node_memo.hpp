// core/node_memo.hpp
#pragma once

#include <ginac/ginac.h>

#include <unordered_map>
#include <utility>
#include <vector>

#include "core/stored_terms.hpp"

namespace hamel {

/// A remembered answer per node of an expression, by the node's address: GiNaC shares the subtrees
/// that derivatives and products repeat (the Schouten bracket's components are DAGs far smaller than
/// their trees), and a walk that remembers them visits each once.
template <class T>
class NodeMemo {
 public:
  /// Whether a walk can meet e again: a node held more than twice — by its parent, by the copy op()
  /// returned to the walk, and by another parent. Others need no entry (a canonical form is mostly a
  /// tree, and the table's cost is per node).
  static bool shared(const GiNaC::ex& e) { return GiNaC::ex_to<GiNaC::basic>(e).get_refcount() > 2; }

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

/// Whether a walk enters e: always, but a node it can meet again (NodeMemo::shared) only the first
/// time, which `seen` then remembers.
inline bool first_visit(const GiNaC::ex& e, NodeMemo<bool>& seen) {
  if (!NodeMemo<bool>::shared(e)) return true;
  if (seen.find(e)) return false;
  seen.remember(e, true);
  return true;
}

/// Visits e and its subexpressions, entering a node the walk can meet twice only once (`seen` remembers
/// those, and may be kept across walks); `visit(x)` says whether to go on into x's operands. A sum's
/// term c·x is entered as x, and its numbers are not visited (core/stored_terms.hpp): the walks look
/// for symbols, atoms and powers, never for a sum's numbers.
template <class Visit>
void walk_once(const GiNaC::ex& e, NodeMemo<bool>& seen, Visit&& visit) {
  if (e.nops() > 0 && !first_visit(e, seen)) return;
  if (!visit(e)) return;
  any_operand(e, [&](const GiNaC::ex& x) {
    walk_once(x, seen, visit);
    return false;
  });
}

}  // namespace hamel
