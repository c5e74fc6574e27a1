// reduction/algebraic_form.cpp
#include "reduction/algebraic_form.hpp"

#include <sstream>

#include "core/rational_function.hpp"
#include "core/symbolic.hpp"

namespace hamel {

namespace {

using GiNaC::ex;
using GiNaC::is_a;

std::string text(const ex& e) {
  std::ostringstream s;
  s << e;
  return s.str();
}

std::vector<ex> named(const GiNaC::exset& s) {
  return in_name_order({s.begin(), s.end()}, [](const ex& x) { return GiNaC::ex_to<GiNaC::symbol>(x).get_name(); });
}

}  // namespace

AlgebraicForm::AlgebraicForm(std::vector<ex> constants) : given_(constants.begin(), constants.end()) {
  constants_ = given_;
}

bool AlgebraicForm::is_constant(const ex& e) const {
  GiNaC::exset syms;
  collect_symbols(e, syms);
  for (const ex& s : syms)
    if (!given_.count(s) && !constants_.count(s)) return false;
  return true;
}

// A symbol standing for the non-polynomial function `e`, the same one every time `e` is met.
ex AlgebraicForm::atom(const ex& e) {
  const auto it = atoms_.find(e);
  if (it != atoms_.end()) return it->second;
  const ex s = GiNaC::symbol("{" + text(e) + "}");
  (is_constant(e) ? constants_ : unknowns_).insert(s);
  atoms_.emplace(e, s);
  return s;
}

ex AlgebraicForm::trig(const ex& x, bool sine) {
  if (is_constant(x)) return atom(sine ? GiNaC::sin(x) : GiNaC::cos(x));
  auto it = pairs_.find(x);
  if (it == pairs_.end()) {
    const ex s = GiNaC::symbol("s_" + text(x)), c = GiNaC::symbol("c_" + text(x));
    unknowns_.insert(s);
    unknowns_.insert(c);
    atoms_.emplace(GiNaC::sin(x), s);
    atoms_.emplace(GiNaC::cos(x), c);
    it = pairs_.emplace(x, std::make_pair(s, c)).first;
  }
  return sine ? it->second.first : it->second.second;
}

// B^(p/n) (n > 1) as w^p, with w = B^(1/n) an unknown tied to B by w^n·D_B − N_B = 0: without it
// √(x² + y²) was free of x² + y² and r = √(x² + y²) did not determine x² + y² = r².
ex AlgebraicForm::root(const ex& base, const GiNaC::numeric& exponent) {
  const GiNaC::numeric n = exponent.denom();
  const ex key = GiNaC::pow(base, GiNaC::numeric(1) / n);
  if (is_constant(base)) return GiNaC::pow(atom(key), exponent.numer());
  auto it = atoms_.find(key);
  if (it == atoms_.end()) {
    const ex w = GiNaC::symbol("{" + text(key) + "}");
    unknowns_.insert(w);
    it = atoms_.emplace(key, w).first;
    const ex nd = fraction_parts(walk(base));
    root_relations_[w] = (GiNaC::pow(w, n) * nd.op(1) - nd.op(0)).expand();
  }
  return GiNaC::pow(it->second, exponent.numer());
}

ex AlgebraicForm::walk(const ex& e) {
  if (is_a<GiNaC::numeric>(e)) return e;
  if (is_a<GiNaC::symbol>(e)) {
    if (!given_.count(e)) unknowns_.insert(e);
    return e;
  }
  if (is_a<GiNaC::add>(e) || is_a<GiNaC::mul>(e)) {
    GiNaC::exvector ops;
    for (std::size_t i = 0; i < e.nops(); ++i) ops.push_back(walk(e.op(i)));
    return is_a<GiNaC::add>(e) ? ex(GiNaC::add(ops)) : ex(GiNaC::mul(ops));
  }
  if (is_a<GiNaC::power>(e) && is_a<GiNaC::numeric>(e.op(1)) && GiNaC::ex_to<GiNaC::numeric>(e.op(1)).is_integer())
    return GiNaC::pow(walk(e.op(0)), e.op(1));
  if (is_a<GiNaC::power>(e) && is_a<GiNaC::numeric>(e.op(1)) && GiNaC::ex_to<GiNaC::numeric>(e.op(1)).is_rational())
    return root(e.op(0), GiNaC::ex_to<GiNaC::numeric>(e.op(1)));
  const bool sine = GiNaC::is_the_function<GiNaC::sin_SERIAL>(e);
  if ((sine || GiNaC::is_the_function<GiNaC::cos_SERIAL>(e)) && is_a<GiNaC::symbol>(e.op(0)))
    return trig(e.op(0), sine);
  return atom(e);
}

PolynomialQuotient AlgebraicForm::operator()(const ex& e) {
  // the canonical form has cancelled N and D already; renaming its atoms keeps them coprime
  const ex nd = fraction_parts(walk(simplify(e)));
  return {nd.op(0).expand(), nd.op(1).expand()};
}

std::vector<ex> AlgebraicForm::unknowns() const { return named(unknowns_); }

std::vector<ex> AlgebraicForm::constants() const { return named(constants_); }

std::vector<ex> AlgebraicForm::relations() const {
  GiNaC::exset sines;
  GiNaC::exmap cosine;
  for (const auto& [x, sc] : pairs_) {
    sines.insert(sc.first);
    cosine[sc.first] = sc.second;
  }
  std::vector<ex> r;
  for (const ex& s : named(sines)) r.push_back(GiNaC::pow(s, 2) + GiNaC::pow(cosine.at(s), 2) - 1);
  GiNaC::exset roots;
  for (const auto& [w, relation] : root_relations_) roots.insert(w);
  for (const ex& w : named(roots)) r.push_back(root_relations_.at(w));
  return r;
}

GiNaC::exmap AlgebraicForm::meanings() const {
  GiNaC::exmap m;
  for (const auto& [f, s] : atoms_) m[s] = f;
  return m;
}

}  // namespace hamel
