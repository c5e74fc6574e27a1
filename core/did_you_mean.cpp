// core/did_you_mean.cpp
#include "core/did_you_mean.hpp"

#include <algorithm>

namespace hamel {

std::string one_of(const std::vector<std::string>& candidates, const std::string& none) {
  if (candidates.empty()) return none;
  std::string s = "one of";
  for (const auto& c : candidates) s += " " + c;
  return s;
}

std::optional<std::string> did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  const auto distance = [](const std::string& a, const std::string& b) {
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      cur[0] = i;
      for (std::size_t j = 1; j <= b.size(); ++j)
        cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      std::swap(prev, cur);
    }
    return prev[b.size()];
  };
  // Closest by edit distance; among equals, one that extends the word (ps → psi before pi), then one of
  // the word's length, a mistyped letter rather than a lost one (psi → phi and pi7 → pi1, not pi).
  std::optional<std::string> best;
  std::size_t best_d = 0;
  bool best_prefix = false, best_same_length = false;
  for (const auto& c : candidates) {
    const std::size_t d = distance(word, c);
    const bool prefix = c.compare(0, word.size(), word) == 0, same_length = c.size() == word.size();
    if (!best || d < best_d || (d == best_d && prefix && !best_prefix) ||
        (d == best_d && prefix == best_prefix && same_length && !best_same_length)) {
      best = c;
      best_d = d;
      best_prefix = prefix;
      best_same_length = same_length;
    }
  }
  // A plausible typo: few edits relative to the length, and not a complete replacement.
  if (best && best_d < word.size() && best_d <= std::max<std::size_t>(1, std::min(word.size(), best->size()) / 3))
    return best;
  return std::nullopt;
}

}  // namespace hamel
