// derivation/present.hpp — the display pass (issue 16 §3): every value of a finished derivation in
// its short form (core/display.hpp), collected in the momenta and velocities it contains.
#pragma once

#include <functional>
#include <string>
#include <utility>

#include "derivation/model.hpp"

namespace hamel {

/// Replaces each entry's value by display_form of it (verified equal there); the values stay the
/// same functions, so claims and JSON readers see the same objects. Then names the denominators that
/// are long and shared by three entries or more (d.abbreviations: K, or K1, K2, …), which text and
/// LaTeX print once and use in the entries.
void present(Derivation& d);

/// The display form present() gives `value` in `d`: collected in the momenta and velocities (and the
/// variables that are momenta renamed) it contains. For a value present() does not see (an entry of
/// `hamel eval` left a formula at a pole).
GiNaC::ex presented(const GiNaC::ex& value, const Derivation& d);

/// Runs `here` (a derivation's last, long step, which only adds sections) while a worker process finds
/// the display forms of the values `d` holds now (d.displayed), so that present() afterwards computes
/// only the new ones: on two cores the display pass of the finished sections costs no wall time. With
/// one process (core/parallel.hpp workers()) it only runs `here`.
void display_beside(Derivation& d, const std::function<void()>& here);

namespace detail {
/// A denominator's key, by which present() finds the forms of one named value: the canonical form P of
/// the sum b up to a factor (a sign, a number, a monomial in the symbols), as (P's text, factor) with
/// b = factor · P; P is the one of ±P whose text sorts first.
std::pair<std::string, GiNaC::ex> canonical_key(const GiNaC::ex& b);
}  // namespace detail

}  // namespace hamel
