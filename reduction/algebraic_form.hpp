// reduction/algebraic_form.hpp — functions on a chart as quotients of polynomials, for elimination.
//
// sin x and cos x of a coordinate x become unknowns s_x, c_x tied by s_x² + c_x² = 1; a root B^(1/n)
// of a base B that is not constant (B^(p/n) = w^p) becomes an unknown w tied by w^n·D_B − N_B = 0
// (B = N_B/D_B), so r = √(x² + y²) is known to satisfy r² = x² + y². Every other atom that is not
// polynomial (an abstract function f1(theta), exp) becomes an unknown of its own, tied to nothing (an
// identity found with it free holds for the function it stands for). The relation holds for every
// branch of the root, so what is found with it holds for the one meant too. Atoms in the
// parameters alone are constants, like the parameters. Trigonometric functions of integer-linear
// arguments are expanded first (core/symbolic.hpp `simplify`).
#pragma once

#include <ginac/ginac.h>

#include <map>
#include <vector>

namespace hamel {

/// A function written as numerator / denominator, polynomials in the unknowns and constants.
struct PolynomialQuotient {
  GiNaC::ex numerator;
  GiNaC::ex denominator;
};

class AlgebraicForm {
 public:
  /// `constants`: the symbols that stay in the coefficient field (the chart's parameters).
  explicit AlgebraicForm(std::vector<GiNaC::ex> constants);

  /// `e` as a quotient of expanded polynomials; records the unknowns it meets.
  PolynomialQuotient operator()(const GiNaC::ex& e);

  /// The polynomial unknowns met so far, in the order of their names (deterministic).
  std::vector<GiNaC::ex> unknowns() const;
  /// The constants: the given ones and the constant atoms met so far, in name order.
  std::vector<GiNaC::ex> constants() const;
  /// s_x² + c_x² − 1 for every pair met so far, then w^n·D_B − N_B for every
  /// root met so far (in the order of the w's names).
  std::vector<GiNaC::ex> relations() const;
  /// Unknown or constant atom ↦ the function it stands for (sin x, f1(theta), …).
  GiNaC::exmap meanings() const;

 private:
  GiNaC::ex atom(const GiNaC::ex& e);
  GiNaC::ex trig(const GiNaC::ex& x, bool sine);
  GiNaC::ex root(const GiNaC::ex& base, const GiNaC::numeric& exponent);
  GiNaC::ex walk(const GiNaC::ex& e);
  bool is_constant(const GiNaC::ex& e) const;

  GiNaC::exset given_;
  std::map<GiNaC::ex, GiNaC::ex, GiNaC::ex_is_less> atoms_;  ///< function ↦ its symbol
  GiNaC::exset unknowns_, constants_;
  std::map<GiNaC::ex, std::pair<GiNaC::ex, GiNaC::ex>, GiNaC::ex_is_less> pairs_;  ///< x ↦ (s_x, c_x)
  std::map<GiNaC::ex, GiNaC::ex, GiNaC::ex_is_less> root_relations_;  ///< w ↦ w^n·D_B − N_B
};

}  // namespace hamel
