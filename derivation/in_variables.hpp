// derivation/in_variables.hpp — the brackets of the user's variables, written in the variables
// (issue 16 §1): re-expressed by elimination (reduction/reexpress.hpp), `inverse:` rules a hint.
#pragma once

#include "derivation/model.hpp"
#include "derivation/nonholonomic.hpp"

namespace hamel {

/// Into `s`: the object "reduced_bracket" with {u_a, u_b} for a < b, each a verified function of the
/// variables, or its value in (q, π) with the note "left in (q, π): why"; the prose and the verdict
/// "reduced.in_variables" name the entries left; the object "variable_relations" lists the
/// polynomial relations among the variables (|γ|² − 1) and "variable_momenta" the gauge momenta
/// π_b in the variables (π1 = (M, γ)).
void variable_brackets(const NonholonomicInput& in, const AlmostPoissonBracket& B, DerivationSection& s);

/// Adds `value` (a function on D*) to `o` re-expressed in the variables, or as it is with the note
/// "left in (q, pi): why"; returns whether it was re-expressed.
bool add_in_variables(const NonholonomicInput& in, Object& o, std::vector<std::string> key, Label label,
                      const GiNaC::ex& value);

}  // namespace hamel
