// derivation/at_point.cpp
#include "derivation/at_point.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "core/did_you_mean.hpp"
#include "core/display.hpp"
#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/symbolic.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

namespace {

// The symbols the entries hold, by name.
std::map<std::string, GiNaC::ex> symbols_by_name(const Derivation& d) {
  GiNaC::exset found;
  for (const auto& s : d.sections)
    for (const auto& o : s.objects)
      for (const auto& e : o.entries) collect_symbols(e.value, found);
  std::map<std::string, GiNaC::ex> out;
  for (const GiNaC::ex& s : found) out.emplace(GiNaC::ex_to<GiNaC::symbol>(s).get_name(), s);
  return out;
}

// Refuses a name that is not one of the derivation's.
void check_names(const Derivation& d, const std::vector<std::pair<std::string, double>>& point) {
  std::vector<std::string> names;
  for (const Symbol& s : d.symbols) names.push_back(s.name);
  for (const auto& [name, value] : point) {
    if (std::find(names.begin(), names.end(), name) != names.end()) continue;
    std::string msg = "'" + name + "' is not a name of the system; expected a coordinate, velocity, momentum, parameter or variable";
    if (auto m = did_you_mean(name, names)) msg += " (did you mean '" + *m + "'?)";
    throw InvalidArgument(msg);
  }
}

// Every floating-point number of e with 15 significant digits, made from its decimal text so that it
// prints as that text (GiNaC prints a float with all the digits of its precision: 0.10000000000000000555).
struct ShortFloats : GiNaC::map_function {
  GiNaC::ex operator()(const GiNaC::ex& e) override {
    if (!GiNaC::is_a<GiNaC::numeric>(e)) return e.map(*this);
    const GiNaC::numeric& n = GiNaC::ex_to<GiNaC::numeric>(e);
    if (n.is_rational()) return e;
    if (!n.is_real()) return (*this)(n.real()) + GiNaC::I * (*this)(n.imag());
    return GiNaC::numeric(number_text(n.to_double(), 15).c_str());
  }
};

GiNaC::ex evaluated(const GiNaC::ex& e, const GiNaC::exmap& at) {
  ShortFloats shorten;
  return shorten(GiNaC::evalf(e.subs(at)));
}

// A numeric function at the point, when the point gives its argument: one entry per component, or a
// line saying the argument lies outside the interval where the function is known.
void numeric_at(const NumericFunction& f, const std::vector<std::pair<std::string, double>>& point, DerivationSection& s) {
  const auto given = std::find_if(point.begin(), point.end(), [&](const auto& p) { return p.first == f.argument; });
  if (given == point.end()) return;
  const double x = given->second;
  if (!(x >= f.lo && x <= f.hi)) {
    s.prose.push_back(f.title + ": known for " + f.argument + " in [" + number_text(f.lo, 6) + ", " + number_text(f.hi, 6) +
                      "]; " + f.argument + " = " + number_text(x, 15) + " lies outside (widen the search's interval)");
    return;
  }
  const std::vector<double> v = f.at(x);
  Object& o = s.object(f.id, ObjectKind::Family, f.title + " at $" + f.argument + " = " + number_text(x, 15) + "$");
  for (std::size_t i = 0; i < v.size() && i < f.names.size(); ++i)
    o.add({f.names[i]}, Label::symbol(f.names[i]), GiNaC::numeric(number_text(v[i], 15).c_str()));
}

// The rank of a bracket at the point, when every entry is a number there (issue 19 §3): the
// antisymmetric matrix of its entries over the names they pair (a name that no entry pairs adds a zero
// row, which does not change the rank); numeric, as rank_at decides it.
std::optional<std::size_t> bracket_rank(const Object& bracket) {
  std::vector<std::string> names;
  for (const Entry& e : bracket.entries) {
    if (!GiNaC::is_a<GiNaC::numeric>(e.value) || e.key.size() != 2) return std::nullopt;
    for (const std::string& n : e.key)
      if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  }
  if (names.empty()) return std::nullopt;
  GiNaC::matrix P(static_cast<unsigned>(names.size()), static_cast<unsigned>(names.size()));
  const auto index = [&](const std::string& n) {
    return static_cast<unsigned>(std::find(names.begin(), names.end(), n) - names.begin());
  };
  for (const Entry& e : bracket.entries) {
    P(index(e.key[0]), index(e.key[1])) = e.value;
    P(index(e.key[1]), index(e.key[0])) = -e.value;
  }
  return rank_at(P, {});
}

}  // namespace

Derivation at_point(const Derivation& d, const std::vector<std::pair<std::string, double>>& point) {
  check_names(d, point);
  const std::map<std::string, GiNaC::ex> symbols = symbols_by_name(d);
  GiNaC::exmap at;
  std::string where;
  for (const auto& [name, value] : point) {
    if (const auto it = symbols.find(name); it != symbols.end()) at[it->second] = GiNaC::numeric(value);
    where += (where.empty() ? "" : ", ") + name + " = " + number_text(value, 15);
  }
  Derivation out;
  out.name = d.name;
  out.description = d.description.empty() ? "at " + where : d.description + "; at " + where;
  out.symbols = d.symbols;
  out.latex_names = d.latex_names;
  for (const DerivationSection& s : d.sections) {
    if (s.objects.empty() && s.functions.empty()) continue;
    DerivationSection& copy = out.add(s.id, s.title);
    for (const Object& o : s.objects) {
      Object& c = copy.object(o.id, o.kind, o.title);
      c.symmetry = o.symmetry;
      for (const Entry& e : o.entries) {
        // a pole of the formula at the point (cot θ at θ = 0): the entry keeps its formula, marked,
        // and the others are still evaluated
        std::optional<GiNaC::ex> value;
        try {
          value = evaluated(e.value, at);
        } catch (const GiNaC::pole_error&) {
        }
        Entry& x = c.add(e.key, e.label, value ? *value : display_form(e.value));
        x.basis = e.basis;
        x.note = value ? e.note : "not defined at the point: the formula divides by zero there";
      }
      if (o.kind != ObjectKind::Bracket) continue;
      if (const auto r = bracket_rank(c))
        copy.object(o.id + ".rank", ObjectKind::Scalar, "the rank of its characteristic distribution at the point (numeric)")
            .add({}, Label::symbol("rank"), static_cast<int>(*r));
    }
    for (const NumericFunction& f : s.functions) numeric_at(f, point, copy);
  }
  return out;
}

}  // namespace hamel
