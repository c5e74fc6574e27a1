// core/display.hpp — the form of an expression that a report prints (issue 16 §3).
//
// The canonical form of core/symbolic.hpp is unique, not short: it writes cos² as 1 − sin² and
// expands every product.  `display_form` starts from it and picks, among forms equal to it by exact
// identities, the smallest by `display_size`:
//   - numerator and denominator each as expanded, factored, or grouped (common monomials pulled out
//     greedily, c·(I1·sin² + I3·cos²)), after turning t − t·sin²x back into t·cos²x;
//   - when `collect_in` is given (momenta, velocities), collected in those symbols first, each
//     coefficient displayed the same way;
//   - a power of cos x or sin x that divides N and D only on the circle cancelled first (the
//     canonical form's gcd cannot see it), factors found in cosines tried back in sines.
// The chosen form is verified (its difference with the input has canonical form 0); otherwise the
// factored canonical form is returned.  The work is bounded by sizes, not by a clock, so the same
// input gives the same output on every machine.
#pragma once

#include <ginac/ginac.h>

#include <cstddef>

namespace hamel {

/// An expression equal to `e`, as short as the rewritings above find (see the file comment).
GiNaC::ex display_form(const GiNaC::ex& e, const GiNaC::lst& collect_in = GiNaC::lst{});

/// The number of operations a reader sees in the printed form, as SymPy's count_ops counts them:
/// each + − * / ^ (a sign too) and each function call.
std::size_t display_size(const GiNaC::ex& e);

}  // namespace hamel
