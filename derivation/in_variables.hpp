// derivation/in_variables.hpp — the brackets of the user's variables, written in the variables
// (issue 16 §1): re-expressed by elimination (reduction/reexpress.hpp), `inverse:` rules a hint.
#pragma once

#include "derivation/model.hpp"
#include "derivation/nonholonomic.hpp"

namespace hamel {

/// Into `s`: the object "reduced_bracket" with {u_a, u_b} for a < b, each a verified function of the
/// variables, or its value in (q, π) with the note "left in (q, π): why"; the prose and the verdict
/// "reduced.in_variables" name the entries left; the object "variable_relations" lists the
/// polynomial relations among the variables (|γ|² − 1).
void variable_brackets(const NonholonomicInput& in, const AlmostPoissonBracket& B, DerivationSection& s);

}  // namespace hamel
