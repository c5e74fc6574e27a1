// core/derivative_along.hpp — the derivative of an expression along a direction, Σ_j v^j ∂f/∂x_j, in one
// walk that visits each shared subtree once.
//
// GiNaC's diff walks an expression as a tree: a subexpression that occurs many times (a denominator K
// in every entry of a large vector field, the entries of G⁻¹ inside X_nh) is differentiated at each
// occurrence, and once per coordinate. The commutators of a cart with four trailers spent most of their
// 20 s there. Here a node's derivative is remembered by the node (GiNaC shares equal subtrees built
// from one another), and every coordinate of the direction is taken in the same walk.
#pragma once

#include <ginac/ginac.h>

#include <unordered_map>
#include <utility>
#include <vector>

namespace hamel {

/// The derivatives of the nodes met, by address, each with its node (kept alive, so that no other node
/// takes its address while the table lives): one table per direction.
using DerivativeTable = std::unordered_map<const GiNaC::basic*, std::pair<GiNaC::ex, GiNaC::ex>>;

/// Σ_j direction[j] · ∂f/∂symbols[j], the same function as the sum of GiNaC's partial derivatives but
/// not the same tree (products are differentiated factor by factor, numeric powers by the power rule).
/// Pass the same table for several expressions along the same direction (the components of one
/// vector field): their shared subtrees are differentiated once.
GiNaC::ex derivative_along(const GiNaC::ex& f, const std::vector<GiNaC::ex>& symbols, const std::vector<GiNaC::ex>& direction,
                           DerivativeTable& remembered);

}  // namespace hamel
