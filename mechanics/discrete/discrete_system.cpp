// mechanics/discrete/discrete_system.cpp
#include "mechanics/discrete/discrete_system.hpp"


#include "core/error.hpp"
#include "core/symbolic.hpp"
#include "geometry/vector_field.hpp"
#include "mechanics/nonholonomic_system.hpp"

namespace hamel {

namespace {

const GiNaC::symbol& sym(const GiNaC::ex& e) { return GiNaC::ex_to<GiNaC::symbol>(e); }

// Every symbol of `e` must be one of `allowed` (compared by identity).
void require_symbols(const GiNaC::ex& e, const std::vector<GiNaC::ex>& allowed, const std::string& what,
                     const std::string& where) {
  GiNaC::exset found;
  collect_symbols(e, found);
  // the first offending name is reported, whatever GiNaC's order of the symbols
  for (const auto& s : in_name_order({found.begin(), found.end()}, [](const GiNaC::ex& x) { return detail::str(x); })) {
    bool ok = false;
    for (const auto& a : allowed) ok = ok || a.is_equal(s);
    if (!ok)
      throw InvalidArgument(detail::message("DiscreteSystem", what + " contains the symbol '" + detail::str(s) + "'",
                                            "an expression of " + where, detail::str(e)));
  }
}

}  // namespace

std::vector<GiNaC::ex> slot(const Chart& Q, std::size_t k) {
  HAMEL_CHECK(k < 3, InvalidArgument, "slot", "slot out of range", "0, 1 or 2", std::to_string(k));
  const Chart T = triple_chart(Q);
  const std::size_t n = Q.dim();
  return {T.coordinates().begin() + static_cast<long>(k * n), T.coordinates().begin() + static_cast<long>((k + 1) * n)};
}

GiNaC::exmap slot_values(const Chart& Q, std::size_t k, const std::vector<GiNaC::ex>& values) {
  const auto s = slot(Q, k);
  HAMEL_CHECK(values.size() == s.size(), InvalidArgument, "slot_values", "wrong number of values",
              std::to_string(s.size()), std::to_string(values.size()));
  GiNaC::exmap m;
  for (std::size_t i = 0; i < s.size(); ++i) m[s[i]] = values[i];
  return m;
}

GiNaC::ex at_slot(const GiNaC::ex& e, const Chart& Q, std::size_t k) {
  GiNaC::exmap m;
  const auto s = slot(Q, k);
  for (std::size_t i = 0; i < Q.dim(); ++i) m[Q[i]] = s[i];
  return e.subs(m);
}

GiNaC::ex shifted(const GiNaC::ex& e, const Chart& Q) {
  GiNaC::exmap m;
  const auto s0 = slot(Q, 0), s1 = slot(Q, 1), s2 = slot(Q, 2);
  for (std::size_t i = 0; i < Q.dim(); ++i) {
    m[s0[i]] = s1[i];
    m[s1[i]] = s2[i];
  }
  return e.subs(m);  // simultaneous
}

std::vector<GiNaC::ex> d1(const GiNaC::ex& f, const Chart& Q) {
  std::vector<GiNaC::ex> out;
  for (const auto& s : slot(Q, 0)) out.push_back(f.diff(sym(s)));
  return out;
}

std::vector<GiNaC::ex> d2(const GiNaC::ex& f, const Chart& Q) {
  std::vector<GiNaC::ex> out;
  for (const auto& s : slot(Q, 1)) out.push_back(f.diff(sym(s)));
  return out;
}

DiscreteSystem::DiscreteSystem(DiscreteSpec spec) : spec_(std::move(spec)) {
  const Chart& Q = spec_.chart;
  const std::size_t n = Q.dim();
  std::vector<GiNaC::ex> on_pair = pair_chart(Q).coordinates(), on_q = Q.coordinates();
  for (const auto& p : Q.parameters()) {
    on_pair.push_back(p);
    on_q.push_back(p);
  }
  require_symbols(spec_.step, Q.parameters(), "the step", "the parameters");
  require_symbols(spec_.lagrangian, on_pair, "L_d", "the slot coordinates (q0, q1) and the parameters");
  for (const auto& phi : spec_.kinematic)
    require_symbols(phi, on_pair, "a kinematic constraint", "the slot coordinates (q0, q1) and the parameters");
  for (const auto& f : spec_.variational) {
    require_same_chart(Q, f.chart(), "DiscreteSystem");
    HAMEL_CHECK(f.degree() == 1, InvalidArgument, "DiscreteSystem", "a variational constraint is not a 1-form",
                "degree 1", std::to_string(f.degree()));
  }
  for (const auto* f : {&spec_.force_minus, &spec_.force_plus}) {
    HAMEL_CHECK(f->empty() || f->size() == n, InvalidArgument, "DiscreteSystem", "a discrete force has the wrong length",
                std::to_string(n) + " components", std::to_string(f->size()));
    for (const auto& c : *f) require_symbols(c, on_pair, "a discrete force", "the slot coordinates (q0, q1) and the parameters");
  }
  if (spec_.variational.empty()) {
    for (std::size_t i = 0; i < n; ++i) d_basis_.push_back(VectorField::coordinate(Q, i));
  } else {
    // regular where the forms are: cos θ ∂x + sin θ ∂y, not cot θ ∂x + ∂y (docs/system-files.md `frame`)
    for (const auto& X : frame_from_constraints(spec_.variational, Q)) d_basis_.push_back(without_denominators(X));
  }
}

std::vector<GiNaC::ex> DiscreteSystem::force_minus() const {
  return spec_.force_minus.empty() ? std::vector<GiNaC::ex>(dim(), 0) : spec_.force_minus;
}

std::vector<GiNaC::ex> DiscreteSystem::force_plus() const {
  return spec_.force_plus.empty() ? std::vector<GiNaC::ex>(dim(), 0) : spec_.force_plus;
}

}  // namespace hamel
