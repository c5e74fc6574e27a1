// derivation/at_point.cpp
#include "derivation/at_point.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "core/ball.hpp"
#include "core/did_you_mean.hpp"
#include "core/latex.hpp"
#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/symbolic.hpp"
#include "derivation/present.hpp"
#include "geometry/linear_algebra.hpp"

namespace hamel {

namespace {

// The symbols the entries hold, by name.
std::map<std::string, GiNaC::ex> symbols_by_name(const Derivation& d) {
  GiNaC::exset found;
  for (const auto& s : d.sections)
    for (const auto& o : s.objects)
      for (const auto& e : o.entries) collect_symbols(e.value, found);
  for (const auto& [u, definition] : d.definitions) collect_symbols(definition, found);  // ψ may be only there
  std::map<std::string, GiNaC::ex> out;
  for (const GiNaC::ex& s : found) out.emplace(GiNaC::ex_to<GiNaC::symbol>(s).get_name(), s);
  return out;
}

// Refuses a name that is not one of the derivation's, at the name.
void check_names(const Derivation& d, const Point& point) {
  std::vector<std::string> names;
  for (const Symbol& s : d.symbols) names.push_back(s.name);
  for (const PointValue& v : point.values) {
    if (std::find(names.begin(), names.end(), v.name) != names.end()) continue;
    std::string msg = "'" + v.name + "' is not a name of the system; expected a coordinate, velocity, momentum, parameter or variable";
    if (auto m = did_you_mean(v.name, names)) msg += " (did you mean '" + *m + "'?)";
    point.fail(v.name_column, msg);
  }
}

bool has_symbol(const GiNaC::ex& e) {
  if (GiNaC::is_a<GiNaC::symbol>(e)) return true;
  for (std::size_t i = 0; i < e.nops(); ++i)
    if (has_symbol(e.op(i))) return true;
  return false;
}

// A value read back from digits, so that it prints as them (GiNaC prints a float with all the digits
// of its precision: 0.10000000000000000555).
GiNaC::ex from_digits(const DecimalValue& d) {
  const GiNaC::ex re = GiNaC::numeric(d.real.c_str());
  return d.imag.empty() ? re : re + GiNaC::I * GiNaC::numeric(d.imag.c_str());
}

// Every number of an entry at the point with kDigits significant digits, each proved by Arb's balls
// from the exact point (issue t2 §9: the point was rounded to doubles, cos(1e40) printed as 1). Sums
// and products gather their numeric terms into one number; a subexpression with names the point
// does not give stays a formula. `note` says what is not a plain number.
struct NumbersAt : GiNaC::map_function {
  std::string note;

  GiNaC::ex operator()(const GiNaC::ex& e) override {
    if (!has_symbol(e)) return number(e);
    if (GiNaC::is_a<GiNaC::power>(e) && GiNaC::is_a<GiNaC::numeric>(e.op(1))) return power(e);
    if (GiNaC::is_a<GiNaC::add>(e)) return sum(e);
    if (!GiNaC::is_a<GiNaC::mul>(e)) return e.map(*this);
    const auto [numbers, names] = split(e);
    // GiNaC distributes a number over a sum (2 (x + y) = 2x + 2y): distributed exactly, first
    if (GiNaC::is_a<GiNaC::add>(names) && !numbers.is_equal(1)) return sum(distributed(numbers, names));
    // a single factor is itself mapped, not its operands (x^(1/3) keeps its exponent exact)
    return number(numbers) * (numbers.is_equal(1) && GiNaC::is_a<GiNaC::mul>(names) ? names.map(*this) : (*this)(names));
  }

  // (c x)^n = c^n x^n, as GiNaC would make it of the digits of c: made of the exact c instead.
  GiNaC::ex power(const GiNaC::ex& e) {
    const auto [numbers, names] = split(e.op(0));
    if (numbers.is_equal(1) || !GiNaC::ex_to<GiNaC::numeric>(e.op(1)).is_integer()) return GiNaC::pow((*this)(e.op(0)), e.op(1));
    return (*this)(GiNaC::pow(numbers, e.op(1)) * GiNaC::pow(names, e.op(1)));
  }

  static GiNaC::ex distributed(const GiNaC::ex& c, const GiNaC::ex& terms) {
    GiNaC::exvector out;
    for (std::size_t i = 0; i < terms.nops(); ++i) out.push_back(c * terms.op(i));
    return GiNaC::add(out);
  }

  // A product as its factors without names and those with names.
  static std::pair<GiNaC::ex, GiNaC::ex> split(const GiNaC::ex& e) {
    if (!GiNaC::is_a<GiNaC::mul>(e)) return has_symbol(e) ? std::make_pair(GiNaC::ex(1), e) : std::make_pair(e, GiNaC::ex(1));
    GiNaC::ex numbers = 1, names = 1;
    for (std::size_t i = 0; i < e.nops(); ++i) (has_symbol(e.op(i)) ? names : numbers) *= e.op(i);
    return {numbers, names};
  }

  // A sum with the coefficients of each product of names gathered exactly before they become digits:
  // cos(θ) v1 + sin(θ) v1 is one number times v1, not two rounded numbers GiNaC then adds.
  GiNaC::ex sum(const GiNaC::ex& e) {
    if (!GiNaC::is_a<GiNaC::add>(e)) return (*this)(e);
    std::map<GiNaC::ex, GiNaC::ex, GiNaC::ex_is_less> coefficient;  // product of names → exact coefficient
    for (std::size_t i = 0; i < e.nops(); ++i) {
      const auto parts = split(e.op(i));
      coefficient.emplace(parts.second, 0).first->second += parts.first;
    }
    GiNaC::ex out = 0;
    for (const auto& [names, c] : coefficient) out += number(c) * (*this)(names);
    return out;
  }

  GiNaC::ex number(const GiNaC::ex& e) {
    if (GiNaC::is_a<GiNaC::numeric>(e) && GiNaC::ex_to<GiNaC::numeric>(e).is_integer()) return e;
    const auto d = decimal_value(e, {}, kDigits);
    if (!d) return e.map(*this);  // an abstract function: its arguments
    using S = DecimalValue::Status;
    if (d->status == S::Digits) return from_digits(*d);
    if (d->status == S::NearZero) return near_zero(d->log10_bound);
    add_note(d->status == S::Unbounded ? "not defined at the point: the formula divides by zero there"
                                       : "not evaluated: more than 16384 bits of working precision would be needed");
    return e;
  }

  // A ball that still holds 0 at the highest precision: 0, and how close it is known to be (GiNaC's exact
  // evaluation has already made the plain zeros exactly 0; the zero test only gathers numeric evidence
  // for a constant).
  GiNaC::ex near_zero(double log10_bound) {
    add_note("|value| < 10^" + std::to_string(static_cast<long>(std::ceil(log10_bound))) + ", not proved to be 0");
    return 0;
  }

  // whether the only note is a value left at 0 without proof
  bool near_zero_only() const { return note.rfind("|value| < 10^", 0) == 0 && note.find(';') == std::string::npos; }

  void add_note(const std::string& n) {
    if (note.find(n) == std::string::npos) note += (note.empty() ? "" : "; ") + n;
  }

  static constexpr int kDigits = 15;
};

// Every float of e rounded to 15 digits: a product GiNaC makes of the digits of two numbers ((0.5 x)^(1/2)
// = 0.707106781186547524 x^(1/2)) has more digits than are known.
struct Rounded : GiNaC::map_function {
  GiNaC::ex operator()(const GiNaC::ex& e) override {
    if (!GiNaC::is_a<GiNaC::numeric>(e)) return e.map(*this);
    if (GiNaC::ex_to<GiNaC::numeric>(e).is_rational()) return e;
    const auto d = decimal_value(e, {}, NumbersAt::kDigits);
    return d && d->status == DecimalValue::Status::Digits ? from_digits(*d) : e;
  }
};

// A value of the point as the header writes it.
std::string value_text(const GiNaC::ex& v) {
  const auto d = decimal_value(v, {}, 15);
  return d && d->status == DecimalValue::Status::Digits ? d->real : to_text(v);
}

// A numeric function at the point, when the point gives its argument: one entry per component, or a
// line saying the argument lies outside the interval where the function is known.
// The value the point gives f's argument, if it gives one.
std::optional<double> argument_at(const NumericFunction& f, const Point& point) {
  const auto given = std::find_if(point.values.begin(), point.values.end(), [&](const PointValue& p) { return p.name == f.argument; });
  if (given == point.values.end()) return std::nullopt;
  return GiNaC::ex_to<GiNaC::numeric>(GiNaC::evalf(given->value)).to_double();
}

void numeric_at(const NumericFunction& f, const Point& point, DerivationSection& s) {
  const auto argument = argument_at(f, point);
  if (!argument) return;
  const double x = *argument;
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

// Whether the entry vanishes identically once the symbols the derivation defines by others are written
// out (a relation R_k among the variables: γ1² + γ2² + γ3² − 1 is sin²θ sin²ψ + … − 1), by the canonical
// form: a proof where the balls at the point only bound the value.
bool identically_zero(const GiNaC::ex& value, const GiNaC::exmap& definitions) {
  try {
    const ZeroVerdict v = zero_test(value.subs(definitions));
    return v.zero && v.method == Decision::Canonical;
  } catch (const std::exception&) {
    return false;
  }
}

// What an entry keeps where it cannot be evaluated: its formula with the point's values of the
// parameters (those do not move the pole, which lies in the state), shown as derive shows it.
GiNaC::ex unevaluated(const GiNaC::ex& value, const Derivation& d, const GiNaC::exmap& parameters) {
  GiNaC::ex v = value;
  try {
    v = subs_bounded(value, parameters);
  } catch (const std::exception&) {  // a parameter at a pole (1/m at m = 0): the formula as derived
  }
  return presented(v, d);
}

// The point's values of the derivation's parameters.
GiNaC::exmap parameters_at(const Derivation& d, const GiNaC::exmap& at) {
  GiNaC::exmap out;
  const std::map<std::string, GiNaC::ex> symbols = symbols_by_name(d);
  for (const Symbol& s : d.symbols) {
    const auto it = symbols.find(s.name);
    if (s.kind == SymbolKind::Parameter && it != symbols.end() && at.count(it->second)) out[it->second] = at.at(it->second);
  }
  return out;
}

// What every entry is evaluated with: the derivation, the point's values (the defined symbols' among
// them) and those of its parameters.
struct PointContext {
  const Derivation& d;
  GiNaC::exmap at, parameters;
};

// An entry at the point: its numbers, or its formula marked where it divides by zero there.
Entry entry_at(const Entry& e, const PointContext& p) {
  Entry x = e;
  NumbersAt numbers;
  try {
    Rounded rounded;
    x.value = rounded(numbers(subs_bounded(e.value, p.at)));
    x.note = numbers.note;
    if (x.value.is_zero() && numbers.near_zero_only() && identically_zero(e.value, p.d.definitions))
      x.note = "identically 0: the canonical form of the entry in (q, pi)";
  } catch (const GiNaC::pole_error&) {  // a pole of the formula at the point (cot θ at θ = 0)
    x.value = unevaluated(e.value, p.d, p.parameters);
    x.note = "not defined at the point: the formula divides by zero there";
  } catch (const DomainError& error) {  // a power too large to compute exactly
    x.value = unevaluated(e.value, p.d, p.parameters);
    x.note = std::string("not evaluated: ") + error.what();
  }
  if (!e.note.empty() && x.note.empty()) x.note = e.note;
  return x;
}

// The search's solutions at the point, for the entries that hold its unknown functions (C = g(ψ) π1): their
// values in each solution where the point gives the shape inside the solutions' interval, as the
// table's entries take them; elsewhere the sentence that says why they are not known there.
struct SolutionsAt {
  std::vector<std::string> unknowns;           // g, k
  std::vector<std::vector<double>> solutions;  // [j][i]: unknowns[i] in solution j; empty when not known
  std::string where;                           // "psi = 1.2"
  std::string why_not;

  bool held_by(const GiNaC::ex& e) const {
    if (GiNaC::is_a<GiNaC::function>(e) &&
        std::count(unknowns.begin(), unknowns.end(), GiNaC::ex_to<GiNaC::function>(e).get_name()))
      return true;
    for (std::size_t i = 0; i < e.nops(); ++i)
      if (held_by(e.op(i))) return true;
    return false;
  }

  // e with u_i(s) replaced by solution j's value (a derivative u_i'(s) is left: it is not tabulated)
  GiNaC::ex of(const GiNaC::ex& e, std::size_t j) const {
    struct Values : GiNaC::map_function {
      const SolutionsAt& at;
      std::size_t j;
      Values(const SolutionsAt& a, std::size_t k) : at(a), j(k) {}
      GiNaC::ex operator()(const GiNaC::ex& x) override {
        if (!GiNaC::is_a<GiNaC::function>(x) || GiNaC::is_a<GiNaC::fderivative>(x)) return x.map(*this);
        const auto it = std::find(at.unknowns.begin(), at.unknowns.end(), GiNaC::ex_to<GiNaC::function>(x).get_name());
        if (it == at.unknowns.end()) return x.map(*this);
        return GiNaC::numeric(number_text(at.solutions[j][static_cast<std::size_t>(it - at.unknowns.begin())], 15).c_str());
      }
    } values(*this, j);
    return values(e);
  }

  std::string values(std::size_t j) const {
    std::string out;
    for (std::size_t i = 0; i < unknowns.size(); ++i)
      out += (i ? ", " : "") + unknowns[i] + " = " + number_text(solutions[j][i], 8);
    return out;
  }
};

std::optional<SolutionsAt> solutions_at(const Derivation& d, const Point& point) {
  for (const DerivationSection& s : d.sections)
    for (const NumericFunction& f : s.functions) {
      if (f.unknowns.empty()) continue;
      SolutionsAt out{f.unknowns, {}, "", ""};
      const std::string known = "the search's solutions are known for " + f.argument + " in [" + number_text(f.lo, 6) + ", " +
                                number_text(f.hi, 6) + "]";
      const auto argument = argument_at(f, point);
      if (!argument) {
        out.why_not = known + "; the point does not give " + f.argument;
        return out;
      }
      const double x = *argument;
      out.where = f.argument + " = " + number_text(x, 15);
      if (!(x >= f.lo && x <= f.hi)) {
        out.why_not = known + "; " + out.where + " lies outside";
        return out;
      }
      const std::vector<double> v = f.at(x);
      const std::size_t n = f.unknowns.size();
      for (std::size_t j = 0; j + 1 <= v.size() / n; ++j) out.solutions.emplace_back(v.begin() + static_cast<std::ptrdiff_t>(j * n),
                                                                                     v.begin() + static_cast<std::ptrdiff_t>((j + 1) * n));
      return out;
    }
  return std::nullopt;
}

std::string joined_notes(const std::string& a, const std::string& b) { return a.empty() ? b : a + "; " + b; }

// The entries an entry becomes at the point: itself, or, when it holds the search's unknowns, itself
// with their values, one entry per solution when there are several (C_1, C_2: each a gauge momentum).
std::vector<Entry> entries_at(const Entry& e, const PointContext& p, const std::optional<SolutionsAt>& sol) {
  if (!sol || !sol->held_by(e.value)) return {entry_at(e, p)};
  if (sol->solutions.empty()) {
    Entry x = entry_at(e, p);
    x.note = joined_notes(x.note, sol->why_not);
    return {x};
  }
  std::vector<Entry> out;
  const std::size_t count = sol->solutions.size();
  for (std::size_t j = 0; j < count; ++j) {
    Entry ej = e;
    ej.value = sol->of(e.value, j);
    const std::string n = std::to_string(j + 1);
    if (count > 1) {
      if (ej.key.empty()) ej.key.push_back(n); else ej.key.back() += "_" + n;
      ej.label.lower.push_back(n);
    }
    Entry x = entry_at(ej, p);
    x.note = joined_notes(x.note, "with " + sol->values(j) + " (the search's solution" + (count > 1 ? " " + n : "") + " at " + sol->where + ")");
    out.push_back(x);
  }
  return out;
}

}  // namespace

// The symbols the derivation defines by others (the variables u(q, π), the velocities v = G⁻¹(π − A))
// at `at`, where it gives every symbol of their definition and not them: the point in (q, π) is also a
// point in the variables, so that the entries written in them are numbers too.
void add_defined(const Derivation& d, const std::map<std::string, GiNaC::ex>& symbols, GiNaC::exmap& at) {
  GiNaC::exmap defined;
  for (const auto& [u, definition] : d.definitions) {
    if (at.count(u)) continue;
    GiNaC::ex value;
    try {
      value = definition.subs(at);
    } catch (const std::exception&) {  // not defined there (M1 divides by sin θ at θ = 0): left a name
      continue;
    }
    if (std::none_of(symbols.begin(), symbols.end(), [&](const auto& s) { return value.has(s.second); })) defined[u] = value;
  }
  at.insert(defined.begin(), defined.end());
}

Derivation at_point(const Derivation& d, const Point& point) {
  check_names(d, point);
  const std::map<std::string, GiNaC::ex> symbols = symbols_by_name(d);
  GiNaC::exmap at;
  std::string where;
  for (const PointValue& v : point.values) {
    if (const auto it = symbols.find(v.name); it != symbols.end()) at[it->second] = v.value;
    where += (where.empty() ? "" : ", ") + v.name + " = " + value_text(v.value);
  }
  add_defined(d, symbols, at);
  const PointContext context{d, at, parameters_at(d, at)};
  const std::optional<SolutionsAt> solutions = solutions_at(d, point);
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
      for (const Entry& e : o.entries)
        for (const Entry& x : entries_at(e, context, solutions)) {
          c.add(x.key, x.label, x.value).basis = x.basis;
          c.entries.back().note = x.note;
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

std::string at_point_summary(const Derivation& d) {
  std::size_t numbers = 0, formulas = 0;
  for (const auto& s : d.sections)
    for (const auto& o : s.objects)
      for (const auto& e : o.entries) ++(GiNaC::is_a<GiNaC::numeric>(e.value) ? numbers : formulas);
  return std::to_string(numbers + formulas) + " entries at the point: " + std::to_string(numbers) + " numbers, " +
         std::to_string(formulas) + " formulas\n";
}

}  // namespace hamel
