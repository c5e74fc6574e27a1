// core/wire.hpp — expressions sent between a process and the children it forked (core/parallel.hpp).
//
// GiNaC's archives name symbols and functions by their names, and Hamel registers functions that
// share a name (each chart's own f, core/abstract_function.hpp): an archive would map them to one; it
// also reads a float back at the current precision, not at its own. A forked child holds the parent's
// objects, so the wire names them by what both sides share: a leaf (symbol, constant) by its position
// in a table built before the fork, a function by its serial; a float travels as its exact binary
// value and its precision.
#pragma once

#include <ginac/ginac.h>

#include <optional>
#include <string>
#include <vector>

#include "core/node_memo.hpp"
#include "core/symbolic.hpp"

namespace hamel {

/// The leaves (symbols, constants) expressions on the wire may contain, by position. Built before
/// the fork from the inputs of the work, so that the child and the parent hold the same table.
class WireLeaves {
 public:
  /// Adds the leaves of `e` not yet in the table.
  void add(const GiNaC::ex& e);
  std::optional<std::size_t> index(const GiNaC::ex& leaf) const;
  const GiNaC::ex& at(std::size_t i) const { return leaves_.at(i); }
  std::size_t size() const { return leaves_.size(); }

 private:
  std::vector<GiNaC::ex> leaves_;
  GiNaC::exmap position_;  // leaf ↦ its index, as a numeric
  NodeMemo<bool> walked_;  // each shared subtree once: a Jacobiator's tree can be 10⁵ times its DAG
};

/// `e` as text for from_wire, or nullopt when it holds a leaf outside the table or an object the wire
/// does not carry (lists, relations, matrices): the caller computes such a value itself.
std::optional<std::string> to_wire(const GiNaC::ex& e, const WireLeaves& leaves);

/// The expression to_wire wrote (equal to it, `is_equal`). @throws std::runtime_error on malformed text.
GiNaC::ex from_wire(const std::string& text, const WireLeaves& leaves);

/// A zero test's verdict (flags, method, detail, witness point and value) as text for
/// verdict_from_wire; nullopt when its point or value holds what the wire does not carry.
std::optional<std::string> to_wire(const ZeroVerdict& v, const WireLeaves& leaves);
ZeroVerdict verdict_from_wire(const std::string& text, const WireLeaves& leaves);

}  // namespace hamel
