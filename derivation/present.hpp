// derivation/present.hpp — the display pass (issue 16 §3): every value of a finished derivation in
// its short form (core/display.hpp), collected in the momenta and velocities it contains.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <ginac/ginac.h>

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

/// The display pass begun during the derivation: at each section's start (DeriveOptions::section_started)
/// the values found so far go to worker processes (core/parallel.hpp Background) while the derivation
/// goes on, so that on two cores the display of the finished sections costs no wall time. At most one
/// worker per core at work, the new values shared among the idle ones; values found while all are busy
/// wait for the next section's start, or for present(). With one process (workers() is 1) nothing runs
/// ahead. The forms are those present() would find itself: a
/// value's form depends on the value and on the symbols it is collected in, which later sections may
/// extend (a momentum declared later, a variable that renames one), so a form is used only where those
/// are still the same at the end.
class DisplayAhead {
 public:
  DisplayAhead();
  ~DisplayAhead();
  DisplayAhead(const DisplayAhead&) = delete;
  DisplayAhead& operator=(const DisplayAhead&) = delete;
  /// The values of `d` not given to a worker yet, to the idle cores' workers, when they are worth a fork.
  void offer(const Derivation& d);
  /// Whether `value` is with a worker still at work.
  bool pending(const GiNaC::ex& value) const;
  /// The forms found ahead that still hold for `d`, added to d.displayed: those of the workers that have
  /// finished, or (`wait`) of all of them.
  void take(Derivation& d, bool wait);

 private:
  struct Batch;
  struct Found {
    GiNaC::ex value;
    GiNaC::lst collected_in;  // the symbols its form is collected in
    GiNaC::ex form;
  };
  void collect(Batch& b);
  void start(const std::vector<GiNaC::ex>& values, const std::set<std::string>& collect);  // one worker
  std::vector<std::unique_ptr<Batch>> batches_;  // those not taken may be at work
  GiNaC::exset given_;                           // every value given to a worker
  std::vector<Found> found_;                     // from the batches taken
};

/// present(d) with what `ahead` found during the derivation: the values not with its workers are shown
/// here meanwhile, then their forms are taken.
void present(Derivation& d, DisplayAhead& ahead);

namespace detail {
/// A denominator's key, by which present() finds the forms of one named value: the canonical form P of
/// the sum b up to a factor (a sign, a number, a monomial in the symbols), as (P's text, factor) with
/// b = factor · P; P is the one of ±P whose text sorts first.
std::pair<std::string, GiNaC::ex> canonical_key(const GiNaC::ex& b);
}  // namespace detail

}  // namespace hamel
