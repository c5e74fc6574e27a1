// core/node_kind.hpp — the GiNaC class of an expression's top node, without a dynamic_cast.
//
// GiNaC's is_a<T> is a dynamic_cast, and a failed one compares the classes' type names with strcmp
// (their type_info lives in libginac, not in Hamel). The term order and the printer ask it in chains
// (numeric? symbol? power? …) for every node they visit: a third of the display pass went to
// strcmp and the cast. Here each dynamic type is classified once per thread, by the same chain, and
// then found by the address of its type_info.
#pragma once

#include <ginac/ginac.h>

namespace hamel {

/// The classes Hamel's traversals branch on; a subclass gets its base's kind (fderivative is a
/// Derivative, not a Function).
enum class NodeKind { Number, Constant, Symbol, Sum, Product, Power, Derivative, Function, Relation, List, Other };

NodeKind node_kind(const GiNaC::ex& e);

inline bool is_number(const GiNaC::ex& e) { return node_kind(e) == NodeKind::Number; }
inline bool is_symbol_node(const GiNaC::ex& e) { return node_kind(e) == NodeKind::Symbol; }
inline bool is_sum(const GiNaC::ex& e) { return node_kind(e) == NodeKind::Sum; }
inline bool is_product(const GiNaC::ex& e) { return node_kind(e) == NodeKind::Product; }
inline bool is_power_node(const GiNaC::ex& e) { return node_kind(e) == NodeKind::Power; }
/// A function call, fderivatives included (GiNaC::is_a<function> answers the same).
inline bool is_call(const GiNaC::ex& e) {
  const NodeKind k = node_kind(e);
  return k == NodeKind::Function || k == NodeKind::Derivative;
}

}  // namespace hamel
