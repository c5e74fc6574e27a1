// core/symbolic.hpp — canonical forms and a zero test you can trust.
//
// GiNaC normalises rational functions but knows nothing of sin² + cos² = 1.  `simplify` brings an
// expression to a canonical form for the class we meet in mechanics: rational functions of symbols,
// of sin/cos of integer-linear combinations of symbols, and of abstract functions and their
// derivatives (jets, treated as independent unknowns).  `zero_test` combines that canonical form
// with numeric probing in high precision and says which of the two decided.  The guarantee is
// documented in docs/geometry.md ("Zero testing").
#pragma once

#include <ginac/ginac.h>

#include "core/modular.hpp"

#include <map>
#include <optional>
#include <random>

#include <functional>
#include <string>
#include <vector>

namespace hamel {

/// Canonical form: sin/cos of integer-linear arguments expanded (addition and multiple-angle
/// formulas), tan → sin/cos, the result normalised to a quotient N/D of polynomials and each of N, D
/// reduced modulo cos²x = 1 − sin²x (so every cos appears at most linearly), then common factors
/// cancelled.  The reduced numerator is unique: an expression of the class above is identically zero
/// if and only if `simplify` returns 0.
GiNaC::ex simplify(const GiNaC::ex& e);

/// Records that simplify(e) is r, as if this process had computed it: an answer from a worker process
/// (core/parallel.hpp), so that this process goes on as a serial run would (simplify(r) is then r).
void remember_simplified(const GiNaC::ex& e, const GiNaC::ex& r);
/// simplify(e) if this process has it remembered (what a worker passes on), else nullopt.
std::optional<GiNaC::ex> remembered_simplified(const GiNaC::ex& e);

/// Simplifies every entry of a matrix.
GiNaC::matrix simplify(const GiNaC::matrix& m);

/// ∂f/∂x, GiNaC's diff remembered (bounded, per thread): the same components are differentiated again
/// and again — a field's in every Lie bracket it is in, a bracket's in every Jacobiator — and each diff
/// walks the whole expression.
GiNaC::ex partial_derivative(const GiNaC::ex& f, const GiNaC::symbol& x);

/// A form for people: the canonical form with numerator and denominator factored; when `collect_in`
/// is given (e.g. the momenta), the numerator is collected in those symbols and each coefficient
/// factored.  Equal to `simplify(e)` as a function.
GiNaC::ex pretty(const GiNaC::ex& e, const GiNaC::lst& collect_in = GiNaC::lst{});

/// True when `e` lies in the class on which the canonical form decides both ways (no opaque
/// atoms such as sqrt, exp, or trigonometric functions of non-linear arguments).
bool is_canonical_class(const GiNaC::ex& e);

/// Where numeric probing draws each symbol: an open interval (lo, hi).
struct SampleRange {
  GiNaC::ex symbol;
  double lo;
  double hi;
};

/// The sampling domain of a zero test.  Symbols without a range are drawn from `default_range`.
struct ProbeSpace {
  std::vector<SampleRange> ranges;
  double default_lo = -1.7;
  double default_hi = 1.9;
  int points = 8;      ///< probing points
  int digits = 60;     ///< decimal digits of the first evaluation (the second uses twice as many)
  unsigned seed = 20261202u;
  /// A nonzero verdict proved symbolically or exactly looks for a witness point in the variables
  /// as well (a probe); off where only the verdict is used (the Jacobiator's components).
  bool witness = true;
};

/// How a verdict was decided.
enum class Decision {
  Canonical,        ///< the canonical form decided (a proof, for the class of `simplify`)
  ExactEvaluation,  ///< exact rational arithmetic at random points (Schwartz–Zippel; docs/geometry.md)
  NumericProbing,   ///< evaluation at random points in high precision (see docs/geometry.md)
  BallArithmetic,   ///< Arb's ball arithmetic at random points: a ball without 0 proves nonzero
};

/// The answer of `zero_test`, with how it was reached and, when nonzero, a witness point.
struct ZeroVerdict {
  bool zero = false;
  /// Neither proved nor supported by evidence (a value that does not shrink with the precision):
  /// `zero` is false, and a claim is reported UNDECIDED, never TRUE.
  bool undecided = false;
  Decision method = Decision::Canonical;
  std::string detail;          ///< e.g. "canonical form is 0" or "8 points at 60/120 digits"
  GiNaC::exmap point;          ///< a point where the expression is nonzero (may be empty)
  GiNaC::ex value;             ///< the value there
  explicit operator bool() const { return zero; }
  /// "symbolic (canonical form)" or "numeric probing (...)"
  std::string how() const;
};

/// Decides whether `e` vanishes identically on the probe space.
ZeroVerdict zero_test(const GiNaC::ex& e, const ProbeSpace& space = {});

/// The witness point that zero_test(e, space) would have given a nonzero verdict decided exactly or by
/// the canonical form, for a verdict first reached with `witness` off and then reported (the probe is
/// the costly part of such a verdict, and only a reported one needs it): the same point, the same value.
void add_witness(ZeroVerdict& v, const GiNaC::ex& e, const ProbeSpace& space);

/// Numeric probing only: evaluates `e` at random points; returns a nonzero point if one is found.
ZeroVerdict probe(const GiNaC::ex& e, const ProbeSpace& space);

/// Evaluates `e` at `point` (a map symbol → number) with `digits` decimal digits; abstract functions
/// and their derivatives still present are an error, and so is a value beyond 10^1000 there (in the
/// result or on the way: a DomainError, never an unbounded computation).
GiNaC::ex evaluate(const GiNaC::ex& e, const GiNaC::exmap& point, int digits = 30);

/// Whether `e` takes real values somewhere on a probe space, from its values at sample points.
struct RealityVerdict {
  bool real_somewhere = true;  ///< false only when e has a value at some sample point, and none is real
  int drawn = 0;               ///< sample points drawn
  int evaluated = 0;           ///< of them, those where e has a value (a pole or an overflow has none)
  GiNaC::exmap point;          ///< when not real: the first sample point
  GiNaC::ex value;             ///< e there
  int rounds = 1;              ///< 1, or 4 when the parameters were also drawn from wider ranges
  /// "complex at each of the 16 sample points where it has a value (of 16 drawn as a Latin hypercube: …)"
  std::string how() const;
};

/// `points` sample points of `space` for `symbols`: a Latin hypercube (every range cut into `points`
/// strata, each drawn once; exact dyadic values), the ranges of `space` or its default one. The points
/// real_on_samples evaluates at.
std::vector<GiNaC::exmap> sample_points(const GiNaC::exset& symbols, const ProbeSpace& space, int points = 16);

/// Evaluates `e` at `points` sample points of `space` (a Latin hypercube: every range cut into
/// `points` strata, each drawn once, so that a part of a range wider than 2/points of it is hit) at
/// 30 digits; a value is real when its imaginary part is below 10^-20 of its size.
RealityVerdict real_on_samples(const GiNaC::ex& e, const ProbeSpace& space, int points = 16);

/// real_on_samples, and where `e` is complex at every point, again with the ranges of the symbols in
/// `widened` (a system's parameters) 10, 100 and 1000 times as wide: a parameter's physical values may
/// lie beyond the probing range (sqrt(a - 3) with a > 3). Complex only if complex in every round.
RealityVerdict real_on_widening_samples(const GiNaC::ex& e, const ProbeSpace& space, const std::vector<GiNaC::ex>& widened,
                                        int points = 16);

/// Replaces every abstract function and derivative in `e` (see core/abstract_function.hpp) by a
/// symbol, recording the substitution in `jets` (so that equal jets get the same symbol).
GiNaC::ex freeze_jets(const GiNaC::ex& e, GiNaC::exmap& jets);

/// The nodes of e's tree, counted up to `cap` (an integer power x^n counts |n|: the canonical form
/// expands it); a measure of what the canonical form of `e` would cost.
std::size_t tree_size(const GiNaC::ex& e, std::size_t cap);

/// e.subs(m), leaves first, refusing with a DomainError a power of numbers whose exact value would
/// exceed about 10^6 bits: GiNaC computes 6000000080^(10^38) when a tower x^(a^(b^y)) meets y = 0
/// (found by fuzzing: minutes, then out of memory).
GiNaC::ex subs_bounded(const GiNaC::ex& e, const GiNaC::exmap& m);

/// A point of residues: symbols (and π) ↦ their values modulo a prime.
using ResiduePoint = std::map<GiNaC::ex, Residue, GiNaC::ex_is_less>;

/// The value of `e` modulo the field's prime at `point`, each shared subtree once (where subs() would
/// rebuild the tree at every point). nullopt where a denominator vanishes modulo p, for a symbol the
/// point lacks, or for a node outside +, ·, integer powers, symbols and rational numbers.
std::optional<Residue> value_modulo(const GiNaC::ex& e, const ResiduePoint& point, const PrimeField& field);

/// True when `e` is proved nonzero by its value modulo the prime 2^61 − 1 at one fixed random point
/// (expressions of the canonical class: rational in symbols, π, jets and sines and cosines of integer-linear
/// arguments). False means only "not shown". One walk of e's DAG: cheap where expand() is not.
bool shown_nonzero_modulo_prime(const GiNaC::ex& e);

/// The values of `entries` modulo the prime 2^61 − 1 (core/modular.hpp: rank_mod_p) at one random point
/// drawn from `rng`, the same point for every entry: sines and cosines on the unit circle, every other symbol, jet and π a random
/// residue, as the zero test draws them (docs/geometry.md). Evaluation there is a ring homomorphism on
/// the canonical class, so a relation that holds identically among the entries holds among their values
/// (a minor that vanishes identically vanishes there): the rank of values arranged as a matrix is at
/// most its generic rank. nullopt where an entry is outside the class or has a pole at the point.
std::optional<std::vector<Residue>> residues_at_random_point(const std::vector<GiNaC::ex>& entries, std::mt19937_64& rng);

/// Adds every symbol occurring in `e` to `out`.
void collect_symbols(const GiNaC::ex& e, GiNaC::exset& out);

/// `items` sorted by `name` (stable). GiNaC orders expressions by a hash seeded with a type name's
/// address, which changes with the load address from run to run; random values are assigned in this
/// order instead, so that a seed gives the same points in every run.
std::vector<GiNaC::ex> in_name_order(const std::vector<GiNaC::ex>& items,
                                     const std::function<std::string(const GiNaC::ex&)>& name);

}  // namespace hamel
