// derivation/present.hpp — the display pass (issue 16 §3): every value of a finished derivation in
// its short form (core/display.hpp), collected in the momenta and velocities it contains.
#pragma once

#include "derivation/model.hpp"

namespace hamel {

/// Replaces each entry's value by display_form of it (verified equal there); the values stay the
/// same functions, so claims and JSON readers see the same objects.
void present(Derivation& d);

}  // namespace hamel
