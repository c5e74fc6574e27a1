// derivation/present.hpp — the display pass (issue 16 §3): every value of a finished derivation in
// its short form (core/display.hpp), collected in the momenta and velocities it contains.
#pragma once

#include "derivation/model.hpp"

namespace hamel {

/// Replaces each entry's value by display_form of it (verified equal there); the values stay the
/// same functions, so claims and JSON readers see the same objects. Then names the denominators that
/// are long and shared by three entries or more (d.abbreviations: K, or K1, K2, …), which text and
/// LaTeX print once and use in the entries.
void present(Derivation& d);

}  // namespace hamel
