// core/monomial.cpp
#include "core/monomial.hpp"

#include "core/node_kind.hpp"

namespace hamel {

using GiNaC::ex;

int degree_in(const ex& monomial, const ex& v) {
  const auto of_factor = [&](const ex& f) {
    if (is_symbol_node(f)) return f.is_equal(v) ? 1 : 0;
    if (is_number(f)) return 0;
    if (is_power_node(f) && is_symbol_node(f.op(0)) && is_number(f.op(1)) && GiNaC::ex_to<GiNaC::numeric>(f.op(1)).is_integer())
      return f.op(0).is_equal(v) ? GiNaC::ex_to<GiNaC::numeric>(f.op(1)).to_int() : 0;
    return f.degree(v);
  };
  if (!is_product(monomial)) return of_factor(monomial);
  int d = 0;
  for (const ex& f : monomial) d += of_factor(f);
  return d;
}

ex replace_square(const ex& p, const ex& c, const ex& s) {
  const ex q = p.expand();
  if (!q.has(c)) return q;
  GiNaC::exvector out;
  bool changed = false;
  const auto each = [&](const ex& t) {
    const int k = degree_in(t, c);
    if (k < 2) {
      out.push_back(t);
      return;
    }
    changed = true;
    out.push_back((t / GiNaC::pow(c, k - k % 2) * GiNaC::pow(1 - GiNaC::pow(s, 2), k / 2)).expand());
  };
  if (is_sum(q))
    for (const ex& t : q) each(t);
  else
    each(q);
  return changed ? ex(GiNaC::add(out)).expand() : q;
}

}  // namespace hamel
