// reduction/reexpress.hpp — a function on D* written in the user's invariant variables u_a(q, π),
// without hand-written rules (issue 16 §1).
//
// sin and cos of the coordinates become unknowns with s² + c² = 1 (reduction/algebraic_form.hpp); the
// relations u_a·D_a − N_a = 0, z·D_f − N_f = 0 and t·Π(denominators) − 1 = 0 generate an ideal whose
// Gröbner basis in an elimination order (t, q, π, …) ≫ z ≫ u (reduction/groebner.hpp, Singular)
// contains a·z − b with a, b polynomials in u exactly when f = b/a is a rational function of the
// variables. Every answer is verified: b/a with u ↦ u(q, π) minus f passes the zero test. The
// polynomials in u alone are the relations among the variables (|γ|² = 1). docs/brackets.md.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "brackets/variables.hpp"

namespace hamel {

/// The variables u_a as functions on a chart (D*), and the symbols that stand for them.
struct VariablesOnChart {
  Chart chart;                           ///< where the variables and the functions to rewrite live
  std::vector<GiNaC::ex> symbols;        ///< u_1..u_k (e.g. the coordinates of a sibling chart U)
  std::vector<NamedFunction> variables;  ///< u_a(q, π)
};

/// The variables as one expression (their symbols, their expressions and the chart's coordinates, by
/// value, not by text: two charts may name different symbols alike): the key of what depends on them
/// alone, remembered per process.
GiNaC::ex variables_key(const VariablesOnChart& v);

/// What one re-expression may cost; past it the answer is "not re-expressed", never a hang. Seconds
/// are CPU seconds of the work (this process's and the Gröbner child's, core/work_clock.hpp), so the
/// answer does not depend on the machine's load.
struct ReexpressBudget {
  double seconds = 20;           ///< CPU time of the re-expression (the Gröbner child is killed after)
  std::size_t max_terms = 4000;  ///< terms of the generators together; more is refused at once
  /// Try putting in the coordinates' values in the variables (cos θ = γ3) before eliminating; off
  /// while those values themselves are being found.
  bool substitute = true;
  /// When the whole re-expression must end (work_seconds(), core/work_clock.hpp), set from `seconds` by reexpress:
  /// the eliminations inside one (an atom's operands, a coordinate's value) share its time.
  double deadline = 0;
};

struct Reexpressed {
  enum class Outcome {
    Expressed,      ///< `value` is f in the u symbols, verified
    NotRational,    ///< f is not a rational function of the variables: algebraic over them (the
                    ///< elimination's answer), or moved by an angle's reflection that fixes them
                    ///< (reduction/angle_reflection.hpp)
    NotDetermined,  ///< f is not a function of the variables (e.g. not invariant)
    OverBudget,     ///< the elimination did not finish within the budget
    Unverified,     ///< a candidate was found but the zero test did not confirm it
    Failed,         ///< the elimination could not be set up (a coefficient not rational) or Singular failed
  };
  /// How an expressed `value` was found: f is a constant; by substitution alone (the `inverse:` rules,
  /// or the coordinates the variables are affine in solved for and put in, no coordinate left); or with
  /// a Gröbner basis (Singular) somewhere: f's own elimination, or a coordinate's value in the variables
  /// (θ = acos γ3) or an operand's that it needed. The reports name the method (in_variables.cpp).
  enum class Method { Constant, Substitution, Elimination };
  Outcome outcome = Outcome::OverBudget;
  Method method = Method::Elimination;
  GiNaC::ex value;        ///< f(u) when expressed; otherwise f as given, in (q, π)
  ZeroVerdict verified;   ///< value(u(q, π)) − f == 0 (when a candidate was found)
  std::string note;       ///< why it is not expressed, in words; empty when expressed
  /// When `value` keeps abstract functions of coordinates (f1(θ)): each such coordinate as a function
  /// of the variables on its declared domain, e.g. (θ, acos γ3) for θ ∈ [0, π].
  std::vector<std::pair<GiNaC::ex, GiNaC::ex>> arguments;
  double seconds = 0;
  bool expressed() const { return outcome == Outcome::Expressed; }
};

/// A coordinate q written in the variables, (q, value) of `Reexpressed::arguments`, read as g(q) = c(u)
/// with g one of q, cos q, sin q: (θ, acos γ3) gives g = cos θ, c = γ3.
struct ArgumentForm {
  GiNaC::ex of_q;  ///< g(q)
  GiNaC::ex in_u;  ///< c(u)
};
ArgumentForm argument_form(const GiNaC::ex& q, const GiNaC::ex& value);

/// f (a function on `v.chart`) as a function of the variables, or why not.
Reexpressed reexpress(const GiNaC::ex& f, const VariablesOnChart& v, const ReexpressBudget& budget = {});

/// As above, trying substitution rules first (the `inverse:` key of a system file, a hint): their
/// result is taken when it is verified and free of the chart's coordinates.
Reexpressed reexpress(const GiNaC::ex& f, const VariablesOnChart& v, const GiNaC::exmap& hint,
                      const ReexpressBudget& budget = {});

/// f, a rational function of the variables (and of atoms such as f1(θ), sin θ), in Singular's normal
/// form modulo the `relations` among them (|γ|² = 1): equal to f where the relations hold, usually
/// shorter. Unverified (the caller verifies on D*); nullopt when over budget or not rational.
std::optional<GiNaC::ex> reduced_modulo(const GiNaC::ex& f, const std::vector<GiNaC::ex>& relations, const Chart& chart,
                                        const ReexpressBudget& budget = {});

/// The shortest (display_size) of f and its rewritings by one relation r = c·x^d + rest (rest free of
/// x) with x^d ↦ −rest/c in f's numerator: a normal form eliminates the greatest monomial of |γ|² = 1,
/// γ1², and keeps γ3 (γ2² + γ3² − 1) where −γ1² γ3 is shorter. Each rewriting is equal to f where the
/// relations hold; unverified (the caller verifies on D*).
GiNaC::ex shortest_rewriting(const GiNaC::ex& f, const std::vector<GiNaC::ex>& relations);

/// shortest_rewriting of reduced_modulo's normal form.
std::optional<GiNaC::ex> shortest_modulo(const GiNaC::ex& f, const std::vector<GiNaC::ex>& relations, const Chart& chart,
                                         const ReexpressBudget& budget = {});

/// The polynomial relations among the variables: a Gröbner basis of the ideal of all P with
/// P(u(q, π)) = 0 (e.g. γ1² + γ2² + γ3² − 1), each verified by the zero test.
struct VariableRelations {
  bool found = false;                  ///< false: over budget (see `note`)
  std::vector<GiNaC::ex> relations;    ///< polynomials in the u symbols (= 0 on the chart)
  std::vector<ZeroVerdict> verified;   ///< one per relation
  std::string note;
  double seconds = 0;
};
VariableRelations variable_relations(const VariablesOnChart& v, const ReexpressBudget& budget = {});

}  // namespace hamel
