// reduction/angle_reflection.cpp
#include "reduction/angle_reflection.hpp"

#include <map>

#include "core/latex.hpp"
#include "core/symbolic.hpp"

namespace hamel {

using GiNaC::ex;

std::string AngleReflection::text() const {
  const std::string n = to_text(q);
  if (cos_sign > 0) return n + " -> -" + n;
  return sin_sign > 0 ? n + " -> pi - " + n : n + " -> " + n + " + pi";
}

std::optional<ex> reflected(const ex& e, const AngleReflection& r) {
  // through two fresh symbols: sin q ↦ −sin q and cos q ↦ cos q at once, whatever order subs takes
  const GiNaC::symbol s("s"), c("c");
  const ex held = e.subs(GiNaC::exmap{{GiNaC::sin(r.q), s}, {GiNaC::cos(r.q), c}});
  if (held.has(r.q)) return std::nullopt;
  return held.subs(GiNaC::exmap{{s, r.sin_sign * GiNaC::sin(r.q)}, {c, r.cos_sign * GiNaC::cos(r.q)}});
}

namespace {

bool fixes_every_variable(const AngleReflection& r, const VariablesOnChart& v) {
  bool moves_something = false;  // a reflection of a coordinate no variable holds proves nothing
  for (const NamedFunction& u : v.variables) {
    if (!u.expression.has(r.q)) continue;
    const auto image = reflected(u.expression, r);
    if (!image || !simplify(*image - u.expression).is_zero()) return false;
    moves_something = true;
  }
  return moves_something;
}

std::vector<AngleReflection> reflections_of(const VariablesOnChart& v) {
  std::vector<AngleReflection> out;
  for (const ex& q : v.chart.coordinates())
    for (const auto& [s, c] : {std::pair{-1, 1}, std::pair{1, -1}, std::pair{-1, -1}})
      if (AngleReflection r{q, s, c}; fixes_every_variable(r, v)) out.push_back(r);
  return out;
}

}  // namespace

const std::vector<AngleReflection>& reflections_fixing(const VariablesOnChart& v) {
  thread_local std::map<ex, std::vector<AngleReflection>, GiNaC::ex_is_less> memo;
  const ex key = variables_key(v);
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  return memo.emplace(key, reflections_of(v)).first->second;
}

std::optional<AngleReflection> reflection_moving(const ex& f, const std::vector<AngleReflection>& reflections) {
  for (const AngleReflection& r : reflections) {
    if (!f.has(r.q)) continue;
    if (const auto image = reflected(f, r); image && shown_nonzero_modulo_prime(*image - f)) return r;
  }
  return std::nullopt;
}

}  // namespace hamel
