// reduction/groebner.hpp — reduced Gröbner bases in an elimination order, computed by Singular
// (libsingular, Debian package libsingular4-dev) in a child process with a CPU budget.
#pragma once

#include <ginac/ginac.h>

#include <string>
#include <vector>

namespace hamel {

/// An ideal of Q(constants)[variables] and a block order on its variables.
struct GroebnerProblem {
  /// The variables block by block, the greatest block first; degree reverse lexicographic inside a
  /// block (Singular's (dp(n1), dp(n2), …)): a product order, so the first blocks are eliminated.
  std::vector<std::vector<GiNaC::ex>> blocks;
  /// The symbols of the coefficient field Q(constants), treated as generic (transcendental).
  std::vector<GiNaC::ex> constants;
  /// Generators: polynomials in the variables with coefficients polynomial in the constants.
  std::vector<GiNaC::ex> generators;
  /// Only the basis elements free of the first `eliminated` blocks are returned (they form a
  /// Gröbner basis of the elimination ideal).
  std::size_t eliminated = 0;
  /// The last block in lexicographic order (Singular's lp) instead of dp: the order of the kept
  /// variables decides the basis of the elimination ideal, and with it the cost (reduction/reexpress.cpp).
  bool last_block_lex = false;
};

/// The longest answer taken, as the child writes it (its terms, one per line; 1.4 to 2 times the length
/// of the same basis as Singular prints it, whose limit was 4 MiB).
inline constexpr std::size_t kGroebnerAnswerBytes = std::size_t{1} << 23;

struct GroebnerBudget {
  double seconds = 20;                            ///< CPU time of the computation (the child's; core/isolated.hpp)
  std::size_t max_bytes = kGroebnerAnswerBytes;   ///< length of the answer as the child writes it
};

struct GroebnerAnswer {
  bool done = false;
  bool over_budget = false;            ///< not done for time or size (else Singular failed)
  std::string why;                     ///< when not done: timed out, too large, Singular's error
  std::vector<GiNaC::ex> basis;        ///< reduced, in Singular's order
  double seconds = 0;                  ///< the child's CPU time on it
};

/// The reduced Gröbner basis of the problem's ideal, restricted as `eliminated` says.
/// @throws InvalidArgument when a generator is not a polynomial in the variables and constants.
GroebnerAnswer groebner_basis(const GroebnerProblem& problem, const GroebnerBudget& budget = {});

/// Starts the child process that computes the bases, and Singular in it, now: on another core while this
/// process goes on, for a caller that will ask for bases later (a derivation with variables).
void start_groebner_early();

}  // namespace hamel
