// core/atom_polynomial.cpp — the walk of GiNaC's to_polynomial (normal.cpp), node by node, with its
// replace_with_symbol looked up in an AtomIndex.
#include "core/atom_polynomial.hpp"

#include "core/node_kind.hpp"
#include "core/stored_terms.hpp"

namespace hamel {

using GiNaC::ex;
using GiNaC::ex_to;

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
// A sum's or a product's stored pairs are read (their numbers hold no symbol): op(i) builds c·x, x^k.
bool holds_key(const ex& e, const GiNaC::exmap& repl) {
  const NodeKind kind = node_kind(e);
  if (kind == NodeKind::Symbol) return repl.count(e) != 0;
  if (kind == NodeKind::Sum || kind == NodeKind::Product) {
    for (const GiNaC::expair& p : detail::StoredTerms::pairs(ex_to<GiNaC::expairseq>(e)))
      if (holds_key(p.rest, repl)) return true;
    return false;
  }
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

ex walk(const ex& e, bool polynomial, GiNaC::exmap& repl, AtomIndex& index);

// A power base^k (a power node, or a product's stored factor x^k built by `power` when needed) as
// power::to_polynomial or to_rational treats it; `unchanged` when it is returned as it was.
template <class Power>
ex walk_power(const ex& base, const ex& k, bool polynomial, GiNaC::exmap& repl, AtomIndex& index, const Power& power,
              bool& unchanged) {
  // power::to_polynomial rewrites the base with to_rational
  if (k.info(polynomial ? GiNaC::info_flags::posint : GiNaC::info_flags::integer)) {
    const ex b = walk(base, false, repl, index);
    unchanged = GiNaC::are_ex_trivially_equal(b, base);
    return unchanged ? ex() : GiNaC::pow(b, k);
  }
  unchanged = false;
  // a negative power (no polynomial's factor) first has its base's common factors collected: GiNaC's own
  if (polynomial && k.info(GiNaC::info_flags::negint)) return power().to_polynomial(repl);
  return replaced(power(), repl, index);
}

// to_polynomial (`polynomial`) or to_rational, as the node's class implements it; the operands in
// op() order, which is the order GiNaC walks a sum's or a product's pairs and then its number in. A
// node none of whose operands changed is returned as it is: GiNaC builds it again from the same
// operands, which gives an equal expression (most terms of a numerator hold no atom). A sum's term
// c·x and a product's factor x^k are read off the stored pairs (core/stored_terms.hpp): op(i) would
// build each of them again, and GiNaC walks x (or x^k) before c, as here.
ex walk(const ex& e, bool polynomial, GiNaC::exmap& repl, AtomIndex& index) {
  switch (node_kind(e)) {
    case NodeKind::Symbol:
      return e;
    case NodeKind::Number:
      return number(e, polynomial, repl, index);
    case NodeKind::Sum:
    case NodeKind::Product: {
      const bool sum = node_kind(e) == NodeKind::Sum;
      const auto& seq = detail::StoredTerms::pairs(ex_to<GiNaC::expairseq>(e));
      const ex& constant = detail::StoredTerms::constant(ex_to<GiNaC::expairseq>(e));
      GiNaC::exvector ops;  // filled from the first operand that changes on
      const auto keep = [&](std::size_t i, const ex& op) {
        if (ops.empty()) {
          ops.reserve(e.nops());
          for (std::size_t j = 0; j < i; ++j) ops.push_back(e.op(j));
        }
        ops.push_back(op);
      };
      for (std::size_t i = 0; i < seq.size(); ++i) {
        const ex &x = seq[i].rest, &k = seq[i].coeff;
        const bool one = k.is_equal(1);
        if (sum || one) {  // a term c·x: x, then c (to_polynomial of the product c·x)
          const ex wx = walk(x, polynomial, repl, index);
          const ex wk = one ? k : number(k, polynomial, repl, index);
          const bool unchanged = GiNaC::are_ex_trivially_equal(wx, x) && GiNaC::are_ex_trivially_equal(wk, k);
          if (!unchanged || !ops.empty()) keep(i, one ? wx : wx * wk);
          continue;
        }
        bool unchanged = true;
        const ex w = walk_power(x, k, polynomial, repl, index, [&] { return e.op(i); }, unchanged);
        if (!unchanged) keep(i, w);
        else if (!ops.empty()) ops.push_back(e.op(i));
      }
      const bool has_constant = sum ? !constant.is_zero() : !constant.is_equal(1);
      if (has_constant) {
        const ex w = number(constant, polynomial, repl, index);
        if (!GiNaC::are_ex_trivially_equal(w, constant) || !ops.empty()) keep(seq.size(), w);
      }
      if (ops.empty()) return e;
      return sum ? ex(GiNaC::add(ops)) : ex(GiNaC::mul(ops));
    }
    case NodeKind::Power: {
      bool unchanged = true;
      const ex w = walk_power(e.op(0), e.op(1), polynomial, repl, index, [&] { return e; }, unchanged);
      return unchanged ? e : w;
    }
    default:
      return replaced(e, repl, index);
  }
}

}  // namespace

ex polynomial_in_atoms(const ex& e, GiNaC::exmap& repl, AtomIndex& index) { return walk(e, true, repl, index); }

}  // namespace hamel
