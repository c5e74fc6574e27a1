// derivation/in_variables.hpp — the reduced objects written in the user's variables (issue 16 §1):
// the brackets {u_a, u_b}, the reduced Hamiltonian and equations u̇_a = X_nh(u_a), the gauge momenta,
// the conformal factor and the Jacobiator, each re-expressed by substitution or elimination
// (reduction/reexpress.hpp, `inverse:` rules a hint) and verified, or printed in (q, π) with the note
// "left in (q, pi): why".
#pragma once

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "derivation/model.hpp"
#include "derivation/nonholonomic.hpp"
#include "reduction/reexpress.hpp"

namespace hamel {

/// {u_a, u_b} (a < b) by the indices of the variables.
using VariableTable = std::map<std::pair<std::size_t, std::size_t>, GiNaC::ex>;

/// The variables u_a(q, π) on D*, with the symbols of their chart (the file's `variables`).
VariablesOnChart variables_on_dual(const NonholonomicInput& in);

/// What the next entry may take of `seconds_left` with `pending` entries to come (itself counted):
/// an equal part, within [3 s, 20 s] while anything is left (two Gröbner bases of at least 1.5 s each:
/// reduction/reexpress.cpp tries the lexicographic order in half the time, then the degree order),
/// and never more than is left; 0 when nothing is.
double entry_share(double seconds_left, std::size_t pending);

/// The second try of one of `waiting` entries that ran out with the share `had`: an equal part of
/// `seconds_left` beyond 1.5 s for each of `to_come` entries still to come, at most 20 s; 0 (no second
/// try) when that is under an entry's floor of 3 s or no more than it had.
double second_share(double seconds_left, std::size_t to_come, std::size_t waiting, double had);

/// The name of the velocity v_u = ∂H_c/∂u of a momentum variable u, with which reduced equations and
/// brackets may be written (in_velocities.cpp): "v_" + u.
std::string velocity_name(const std::string& variable);

/// Such a velocity as the model defines it: its symbol, its variable's name, and v(q, π) on D*.
struct VelocityDefinition {
  GiNaC::ex symbol;
  std::string variable;
  GiNaC::ex on_dual;
};

/// How many entries of an object were re-expressed each way (Reexpressed::Method).
struct MethodCounts {
  std::size_t constant = 0, substituted = 0, eliminated = 0;
};

/// One derivation's re-expressions: a shared time budget, the entries left in (q, π), and the
/// coordinates that abstract functions depend on, written in the variables (θ = acos γ3).
class InVariables {
 public:
  /// What all re-expressions of one derivation may take together (CPU seconds of this process and of
  /// the Gröbner child, core/work_clock.hpp); past it entries are left in (q, π) with the note "over budget".
  static constexpr double kBudgetSeconds = 30;

  /// `detail` (optional) is told which entry is being re-expressed, for progress lines.
  explicit InVariables(const NonholonomicInput& in, std::function<void(const std::string&)> detail = {},
                       double budget_seconds = kBudgetSeconds);

  /// Into `s`: the object "reduced_bracket", the prose and verdict "reduced.in_variables" naming the
  /// entries left, and "variable_relations" (|γ|² − 1 = 0). Returns the brackets in the variables
  /// when every one was re-expressed.
  std::optional<VariableTable> brackets(const AlmostPoissonBracket& B, DerivationSection& s);
  /// The brackets {u_a, u_b} on D∗ (a < b) that brackets() re-expressed; empty before it ran.
  const std::map<std::pair<std::size_t, std::size_t>, GiNaC::ex>& brackets_on_dual() const { return on_dual_; }

  /// Into `s`, when the variables' differentials have `rank` below their number and the relations
  /// listed by brackets() account for fewer: "variable_functions", each variable that is a function of
  /// the others but not rationally (c = cos(th)), and how many relations are still not found
  /// (derivation/variable_functions.cpp).
  void functions_of_others(std::size_t rank, DerivationSection& s);

  /// Into `s`: "variable_momenta", the gauge momenta (name, function on D*) in the variables:
  /// π1 = (M, γ) for the sphere, C = g(θ)(M, γ) + k(θ) M3 for the solid of revolution (A14).
  void momenta(const std::vector<std::pair<std::string, GiNaC::ex>>& momenta, DerivationSection& s);

  /// Into `s`: "reduced_hamiltonian" H(u) = H_c and "reduced_equations" u̇_a = X_nh(u_a) (2.8), by
  /// the chain rule from `table` and H(u) when both are known, else by elimination.
  void dynamics(const NonholonomicSystem& sys, const std::optional<VariableTable>& table, DerivationSection& s);
  /// The long brackets of the variables (and those left in (q, π)) written with the velocities of the
  /// momentum variables too, where that is shorter (in_velocities.cpp); the table brackets() returned is
  /// unchanged.
  void brackets_in_velocities(const NonholonomicSystem& sys, const AlmostPoissonBracket& B, DerivationSection& s);

  /// Adds `value` (a function on D*) to `o` in the variables, or as it is with its note; returns
  /// whether it was re-expressed.
  bool add(Object& o, std::vector<std::string> key, Label label, const GiNaC::ex& value);

  /// The entries of `o` that ran out of their share, tried again in order, each with an equal part of
  /// the time left beyond one basis's floor for each of `to_come` entries still to come, when that is
  /// more than it had (and at least an entry's floor); returns the indices of those now in the
  /// variables. The budget is CPU time of the work (core/work_clock.hpp), not wall time: what is given
  /// back does not depend on the machine's load (it still depends on its speed).
  std::vector<std::size_t> give_back(Object& o, std::size_t to_come);

  /// Into `s`, when an answer kept an abstract function f(q): "coordinates_in_variables", q as a
  /// function of the variables on its domain (θ = acos γ3), so that f(q) is one too.
  void arguments(DerivationSection& s) const;

  /// The velocities v_u of the momentum variables that entries were written with (their symbols and
  /// v(q, π) = A^{-T} G^{-1} π), for the model's definitions: `hamel eval` gives them numbers at a point.
  const std::vector<VelocityDefinition>& velocities() const { return velocities_; }

  /// The chart of the variables (coordinates u_1..u_k) and their symbols.
  const Chart& chart() const { return U_; }
  const VariablesOnChart& variables() const { return v_; }

  /// `value` (in the variables) or its normal form modulo the relations among them, whichever prints
  /// shorter; the normal form only when verified equal on D*.
  GiNaC::ex shortest_on_relations(const GiNaC::ex& value) const;

 private:
  GiNaC::ex verified_on_dual(const GiNaC::ex& value, const GiNaC::ex& shorter) const;
  double seconds_left() const;
  std::string seconds_text() const;
  double share() const;
  GiNaC::ex derivative(const GiNaC::ex& H, std::size_t b) const;
  GiNaC::ex on_arguments(const GiNaC::ex& e) const;
  std::optional<GiNaC::ex> shorter_on_relations(const GiNaC::ex& value) const;
  std::optional<GiNaC::ex> chain_rule(std::size_t a, const VariableTable& table, const std::vector<GiNaC::ex>& dH,
                                      const GiNaC::ex& actual, std::string& too_long_note) const;

  // The momentum variables' Legendre map (in_variables.cpp, `legendre`): u_M = J v + b.
  // The equations in the velocities of the momentum variables (derivation/in_velocities.cpp).
  struct LegendreMap {
    std::vector<std::size_t> momenta;         ///< the indices of the u_M among the variables
    std::vector<GiNaC::ex> v;                 ///< their velocities' symbols v_M1, ...
    std::vector<GiNaC::ex> vq;                ///< the quasi-velocities v_q = Aᵀ v
    std::vector<NamedFunction> v_on_dual;     ///< v(q, π) = A^{-T} G^{-1} π
    std::vector<GiNaC::ex> u_in_v;            ///< u_M = J v + b, J and b in the other variables
    GiNaC::exmap v_to_vq;                     ///< the system's quasi-velocities ↦ v_q
    GiNaC::exmap pi_at_vq;                    ///< π ↦ G v_q
  };
  std::optional<LegendreMap> legendre(const NonholonomicSystem& sys);
  std::optional<GiNaC::ex> in_velocities(const GiNaC::ex& f, const GiNaC::ex& actual, const LegendreMap& L);
  bool with_velocities(const NonholonomicSystem& sys, const std::vector<GiNaC::ex>& actual, Object& h, bool h_done,
                       Object& eq, DerivationSection& s);
  std::string legendre_object(const LegendreMap& L, DerivationSection& s);
  GiNaC::ex coefficient_in_variables(const GiNaC::ex& c);
  std::optional<GiNaC::ex> by_momentum_coefficients(const GiNaC::ex& f);
  std::optional<std::tuple<std::vector<std::size_t>, GiNaC::matrix, std::vector<GiNaC::ex>>> affine_in_momenta(
      const std::vector<GiNaC::ex>& pi) const;
  GiNaC::ex shortest_remainder(const GiNaC::ex& c) const;
  mutable bool coefficient_ok_ = false;
  /// The costliest method among the coefficients coefficient_in_variables wrote since it was last reset.
  Reexpressed::Method coefficient_method_ = Reexpressed::Method::Constant;
  /// How each entry placed in the variables was found, by its object and index (for the prose that names it).
  std::map<std::pair<const Object*, std::size_t>, Reexpressed::Method> methods_;
  /// How the entries of `o` now in the variables were found.
  MethodCounts method_counts(const Object& o) const;
  bool place(Entry& e, const Reexpressed& r, const GiNaC::ex& value);
  void forget(const Object& o, std::size_t index);

  /// An entry left in (q, π) because its share ran out: its object and place, its value on D*, the share.
  struct RanOut {
    Object* object;
    std::size_t index;
    GiNaC::ex value;
    double share;
  };
  std::vector<RanOut> out_of_time_;

  const NonholonomicInput& in_;
  Chart U_;
  VariablesOnChart v_;
  std::function<void(const std::string&)> detail_;
  double budget_;
  double started_;
  std::size_t pending_;  ///< the entries still to re-express (an estimate, for the shares)
  std::vector<std::pair<GiNaC::ex, GiNaC::ex>> arguments_;
  std::vector<GiNaC::ex> relations_;  ///< among the variables, each = 0 (|γ|² − 1)
  std::map<std::pair<std::size_t, std::size_t>, GiNaC::ex> on_dual_;  ///< brackets()'s table on D∗
  std::vector<VelocityDefinition> velocities_;  ///< velocities(): each Legendre map's symbols
};

/// What the Jacobiator of one triple of variables is: zero on all of R^k, zero where the relations
/// hold (checked on D*), or nonzero (with the zero test's verdict on D*, and its shortest form unless
/// too long).
struct TripleJacobiator {
  enum class Kind { Zero, ZeroOnRelations, Nonzero };
  Kind kind = Kind::Zero;
  ZeroVerdict verdict;
  GiNaC::ex canonical;  ///< simplify(J) in the variables when nonzero (remembered by the parent of a worker)
  std::optional<GiNaC::ex> shown;
};

/// The Jacobiator of a bracket table in the variables (times φ(u) when given), triple by triple, computed
/// once: for the Jacobi verdict and for the characteristic distribution on the reduced space (whose
/// brackets reduce to Jacobiators modulo its span: derivation/characteristic.hpp).
struct VariableJacobiators {
  AlmostPoissonBracket bracket;                     ///< the table (times φ) on the chart of the variables
  std::vector<std::array<std::size_t, 3>> triples;  ///< a < b < c, indices of the variables
  std::vector<TripleJacobiator> values;             ///< one per triple
};

/// With φ, `plain` (the table's own triples, when computed) gives Jac_Π where it is known exactly.
VariableJacobiators variable_jacobiators(const InVariables& iv, const VariableTable& table, const std::optional<GiNaC::ex>& phi,
                                         const VariableJacobiators* plain = nullptr);

/// Jac(u_a, u_b, u_c) on D*, any order of a, b, c: 0 where it vanishes there (on R^k or where the
/// relations hold), else its canonical form in the variables with u(q, π) substituted.
GiNaC::ex jacobiator_on_dual(const InVariables& iv, const VariableJacobiators& j, std::size_t a, std::size_t b, std::size_t c);

/// jacobi_in_variables with the triples computed (variable_jacobiators).
ZeroVerdict jacobi_in_variables(const InVariables& iv, const VariableJacobiators& j, const std::string& object_id,
                                DerivationSection& s);

/// The Jacobi identity of a bracket table in the variables (times φ(u) when given), computed on R^k:
/// the verdict says whether it vanishes there identically or only where the relations among the
/// variables hold (checked on D* by substituting u(q, π)); the components that do not vanish on the
/// reduced space go into the object `object_id` of `s`.
ZeroVerdict jacobi_in_variables(const InVariables& iv, const VariableTable& table, const std::optional<GiNaC::ex>& phi,
                                const std::string& object_id, DerivationSection& s, const VariableJacobiators* plain = nullptr);

}  // namespace hamel
