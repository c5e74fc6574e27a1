// core/circle_lift.hpp — polynomials on circles lifted to forms homogeneous in each angle's (s, c).
//
// On the circle c² + s² = 1 a polynomial in s = sin x, c = cos x has many representatives, and the
// canonical one (c² → 1 − s²) hides products: (1 + 4(x c + y s)²)² reduced is a 14-term polynomial
// that does not factor, and x y (1 − 2 s²) + (y² − x²) c s is (x c + y s)(y c − x s). Multiplying
// each term by (s² + c²)^j so that all terms have the same degree in (s, c) changes nothing on the
// circle, and two such homogeneous forms of one degree that agree on the circle are equal (scaling
// reaches every point of the plane): the lift is unique, and it factors as an ordinary polynomial.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "core/sparse_polynomial.hpp"

namespace hamel {

/// p with, for each (s, c) slot pair in `circles`, every term multiplied by (s² + c²)^j up to the
/// largest degree in (s, c) of p's terms. A pair whose terms have degrees of both parities (1 + s)
/// cannot be made homogeneous and is left as it is. nullopt where no pair changes anything.
std::optional<SparsePolynomial> homogeneous_on_circles(const SparsePolynomial& p,
                                                       const std::vector<std::pair<std::size_t, std::size_t>>& circles);

/// Whether some term of p holds both s and c of one pair (x y c s): the reduced forms such a
/// polynomial takes are where the lift finds factors the reduction hid.
bool has_mixed_term(const SparsePolynomial& p, const std::vector<std::pair<std::size_t, std::size_t>>& circles);

}  // namespace hamel
