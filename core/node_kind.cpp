// core/node_kind.cpp
#include "core/node_kind.hpp"

#include <cstdint>
#include <typeinfo>

namespace hamel {

namespace {

// The dynamic_cast chain, once per dynamic type: subclasses before their bases.
NodeKind classify(const GiNaC::ex& e) {
  using GiNaC::is_a;
  if (is_a<GiNaC::numeric>(e)) return NodeKind::Number;
  if (is_a<GiNaC::constant>(e)) return NodeKind::Constant;
  if (is_a<GiNaC::symbol>(e)) return NodeKind::Symbol;
  if (is_a<GiNaC::add>(e)) return NodeKind::Sum;
  if (is_a<GiNaC::mul>(e)) return NodeKind::Product;
  if (is_a<GiNaC::power>(e)) return NodeKind::Power;
  if (is_a<GiNaC::fderivative>(e)) return NodeKind::Derivative;
  if (is_a<GiNaC::function>(e)) return NodeKind::Function;
  if (is_a<GiNaC::relational>(e)) return NodeKind::Relation;
  if (is_a<GiNaC::lst>(e)) return NodeKind::List;
  return NodeKind::Other;
}

}  // namespace

NodeKind node_kind(const GiNaC::ex& e) {
  // A handful of classes occur: a linear scan of their type_info addresses beats a hash. Plain
  // arrays, so that the thread-local lookup needs no guard for a constructor (a third of this
  // function's time with a vector).
  constexpr int kKnown = 32;
  thread_local const std::type_info* types[kKnown];
  thread_local NodeKind kinds[kKnown];
  thread_local int known = 0;
  // In front, a direct-mapped table by the type_info's address: one comparison for most calls
  // (the scan below went through half a dozen classes each time; this function is called for
  // nearly every node the display pass visits).
  constexpr std::size_t kSlots = 64;
  thread_local const std::type_info* slot_types[kSlots];
  thread_local NodeKind slot_kinds[kSlots];
  const GiNaC::basic& node = GiNaC::ex_to<GiNaC::basic>(e);  // typeid of a call would warn (clang)
  const std::type_info* type = &typeid(node);
  const std::size_t slot = (reinterpret_cast<std::uintptr_t>(type) >> 4) % kSlots;
  if (slot_types[slot] == type) return slot_kinds[slot];
  NodeKind kind = NodeKind::Other;
  int i = 0;
  while (i < known && types[i] != type) ++i;
  if (i < known) {
    kind = kinds[i];
  } else {
    kind = classify(e);
    if (known < kKnown) types[known] = type, kinds[known++] = kind;
  }
  slot_types[slot] = type, slot_kinds[slot] = kind;
  return kind;
}

}  // namespace hamel
