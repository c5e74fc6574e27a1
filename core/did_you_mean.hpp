// core/did_you_mean.hpp — the suggestion an error about a misspelt name makes.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hamel {

/// The closest candidate by edit distance, if it is close enough to be a plausible typo.
std::optional<std::string> did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace hamel
