// brackets/polynomial_casimirs.hpp — Casimirs of a reduced bracket among the polynomials in the
// user's variables (issue 16 §1: the relations found on the way, Casimirs and gauge momenta, reported).
//
// C(u) = Σ c_α m_α(u), m_α the monomials of degree 1 and 2 in the variables, c_α rational numbers, is
// sought with {C, u_b} = Σ_a ∂C/∂u_a {u_a, u_b} = 0 for every b, the brackets taken on D* where they
// were derived. Those conditions are linear in c: they are sampled at random points of D* (parameters
// drawn too, so that only coefficients free of them survive) modulo the prime 2^61 − 1, their kernel
// lifted to small rationals (core/modular.hpp), and every lifted C verified by the zero test on D*: a
// wrong lift can only fail that test. Combinations constant on D* (|γ|² − 1 = 0 of 004 §6) are left out.
// The Chaplygin sphere's gauged bracket gives ⟨M, γ⟩ = π1, its gauge momentum (Theorem 5.6).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include <ginac/ginac.h>

#include "brackets/variables.hpp"
#include "core/symbolic.hpp"
#include "geometry/chart.hpp"

namespace hamel {

struct PolynomialCasimir {
  GiNaC::ex in_variables;  ///< C in the u symbols
  GiNaC::ex on_dual;       ///< C(u(q, π)), simplified
  ZeroVerdict verified;    ///< the last of the zero tests {C, u_b} = 0 (all of them held)
};

struct PolynomialCasimirs {
  std::vector<PolynomialCasimir> found;
  /// Independent solutions modulo the prime that did not lift to small rationals or failed their zero
  /// test (0 on every example): reported, not printed.
  std::size_t not_lifted = 0;
  /// Why nothing was searched (too many variables, no point of D* in the canonical class), else empty.
  std::string skipped;
};

/// The Casimirs above, for the variables u_a(q, π) (their symbols `u`) and their brackets on D*
/// (`brackets`, a < b, as bracket_table gives them). At most kMaxCasimirVariables variables.
PolynomialCasimirs polynomial_casimirs(const std::vector<GiNaC::ex>& u, const std::vector<NamedFunction>& variables,
                                       const std::map<std::pair<std::size_t, std::size_t>, GiNaC::ex>& brackets, const Chart& dual);

inline constexpr std::size_t kMaxCasimirVariables = 8;

}  // namespace hamel
