// core/chain_rule.hpp — GiNaC's elementary functions differentiated without an exception each time.
//
// GiNaC's function::derivative first asks for the function's explicit derivative, which the library
// defines for none of sin, cos, exp, …, and which therefore throws; it catches that and applies the
// chain rule. Every derivative of sin θ thus raised and unwound an exception: on a cart with four
// trailers that was most of the 23 s its Lie brackets spent differentiating. Installed here, each such
// function's explicit derivative is that same chain rule, Σ_i ∂_i f(args) · d args_i / ds over the
// arguments whose derivative is not zero, built as GiNaC builds it: the same expression, no throw.
#pragma once

namespace hamel {

/// Installs the chain rule as the explicit derivative of GiNaC's sin, cos, tan, exp, log, sinh, cosh,
/// tanh, asin, acos, atan and atan2 (none of which has one of its own); once, at start-up (core/symbolic.cpp
/// calls it), and idempotent.
bool install_chain_rules();

}  // namespace hamel
