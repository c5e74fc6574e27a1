// core/atom_polynomial.cpp — the walk of GiNaC's to_polynomial (normal.cpp), node by node, with its
// replace_with_symbol looked up in an AtomIndex.
#include "core/atom_polynomial.hpp"

#include "core/node_kind.hpp"

namespace hamel {

using GiNaC::ex;

namespace {

void build(const GiNaC::exmap& repl, AtomIndex& index) {
  index.symbol_of.clear();
  index.symbol_keys = true;
  for (const auto& [sym, atom] : repl) {  // emplace keeps the first symbol of an atom, as the scan finds
    index.symbol_of.emplace(atom, sym);
    index.symbol_keys = index.symbol_keys && is_symbol_node(sym);
  }
  index.indexed = repl.size();
  index.built = true;
}

// Whether a key of repl (every key a symbol) occurs in e: only then does e.subs(repl) change e.
bool holds_key(const ex& e, const GiNaC::exmap& repl) {
  if (is_symbol_node(e)) return repl.count(e) != 0;
  for (std::size_t i = 0; i < e.nops(); ++i)
    if (holds_key(e.op(i), repl)) return true;
  return false;
}

// GiNaC's replace_with_symbol: the atom with repl substituted, its symbol, a new one when it has none.
ex replaced(const ex& e, GiNaC::exmap& repl, AtomIndex& index) {
  if (!index.built || index.indexed != repl.size()) build(repl, index);
  const ex atom = !index.symbol_keys || holds_key(e, repl) ? e.subs(repl, GiNaC::subs_options::no_pattern) : e;
  if (const auto it = index.symbol_of.find(atom); it != index.symbol_of.end()) {
    const auto in_repl = repl.find(it->second);
    if (in_repl != repl.end() && in_repl->second.is_equal(atom)) return it->second;
    build(repl, index);  // the map was changed otherwise than by adding: read it again
    return replaced(e, repl, index);
  }
  const ex sym = GiNaC::dynallocate<GiNaC::symbol>();
  repl.emplace(sym, atom);
  index.symbol_of.emplace(atom, sym);
  index.symbol_keys = index.symbol_keys && is_symbol_node(sym);
  index.indexed = repl.size();
  return sym;
}

// numeric::to_polynomial (`polynomial`) and numeric::to_rational: a complex number as re + im·I, with
// the parts that are not integers (not rationals) and I replaced.
ex number(const ex& e, bool polynomial, GiNaC::exmap& repl, AtomIndex& index) {
  const auto kept = [&](const GiNaC::numeric& y) { return polynomial ? y.is_integer() : y.is_rational(); };
  const GiNaC::numeric& x = GiNaC::ex_to<GiNaC::numeric>(e);
  if (x.is_real()) return kept(x) ? e : replaced(e, repl, index);
  const GiNaC::numeric re = x.real(), im = x.imag();
  const ex re_ex = kept(re) ? ex(re) : replaced(re, repl, index);
  const ex im_ex = kept(im) ? ex(im) : replaced(im, repl, index);
  return re_ex + im_ex * replaced(GiNaC::I, repl, index);
}

// to_polynomial (`polynomial`) or to_rational, as the node's class implements it; the operands in
// op() order, which is the order GiNaC walks a sum's or a product's pairs and then its number in. A
// node none of whose operands changed is returned as it is: GiNaC builds it again from the same
// operands, which gives an equal expression (most terms of a numerator hold no atom).
ex walk(const ex& e, bool polynomial, GiNaC::exmap& repl, AtomIndex& index) {
  switch (node_kind(e)) {
    case NodeKind::Symbol:
      return e;
    case NodeKind::Number:
      return number(e, polynomial, repl, index);
    case NodeKind::Sum:
    case NodeKind::Product: {
      GiNaC::exvector ops;
      ops.reserve(e.nops());
      bool changed = false;
      for (std::size_t i = 0; i < e.nops(); ++i) {
        const ex op = e.op(i);
        ops.push_back(walk(op, polynomial, repl, index));
        changed = changed || !GiNaC::are_ex_trivially_equal(ops.back(), op);
      }
      if (!changed) return e;
      return node_kind(e) == NodeKind::Sum ? ex(GiNaC::add(ops)) : ex(GiNaC::mul(ops));
    }
    case NodeKind::Power: {
      const ex& k = e.op(1);
      // power::to_polynomial rewrites the base with to_rational
      if (k.info(polynomial ? GiNaC::info_flags::posint : GiNaC::info_flags::integer)) {
        const ex base = walk(e.op(0), false, repl, index);
        return GiNaC::are_ex_trivially_equal(base, e.op(0)) ? e : GiNaC::pow(base, k);
      }
      // a negative power (no polynomial's factor) first has its base's common factors collected: GiNaC's own
      if (polynomial && k.info(GiNaC::info_flags::negint)) return e.to_polynomial(repl);
      return replaced(e, repl, index);
    }
    default:
      return replaced(e, repl, index);
  }
}

}  // namespace

ex polynomial_in_atoms(const ex& e, GiNaC::exmap& repl, AtomIndex& index) { return walk(e, true, repl, index); }

}  // namespace hamel
