// brackets/gauge.hpp — gauge transformations of almost-Poisson brackets by 2-forms.
#pragma once

#include "brackets/almost_poisson.hpp"
#include "geometry/form.hpp"

namespace hamel {

/// Ševera–Weinstein gauge transformation by a 2-form B:  Π^B♯ = (Id + Π♯B♭)⁻¹ Π♯, with matrices
/// Π♯ = [Π^{ij}] and B♭ = [B_ij] ((B♭X)_i = B(∂_i, X), the convention of 004 (3.2)).
/// @throws DomainError if Id + Π♯B♭ is not invertible (with the determinant's verdict).
AlmostPoissonBracket gauge_transform(const AlmostPoissonBracket& bracket, const Form& B);

}  // namespace hamel
