// core/did_you_mean.hpp — the suggestion an error about a misspelt name makes.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hamel {

/// The closest candidate by edit distance, if it is close enough to be a plausible typo.
std::optional<std::string> did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

/// What an error about an unknown name expects, after "expected ": "one of a b c", or `none` when there
/// is no candidate (an empty list read "expected one of, got 'xi1'"): what was expected, and why there
/// is none ("a parameter (the system file declares none)").
std::string one_of(const std::vector<std::string>& candidates, const std::string& none = "a name (there is none here)");

}  // namespace hamel
