// io/render/claims_report.hpp — the report of `hamel check`: one line per claim with how it was
// decided, the counterexample of each false one, the derivation's own failed verdicts and the claims
// that involve them, and the summary; as text and as JSON (docs/system-files.md, "hamel check").
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "io/claims_file.hpp"

namespace hamel {

/// Writes the text report of `c` (claims file `file`, each claim's expected verdict in `expected`).
/// @returns whether every verdict is the one the claims file expects (an undecided one never is).
bool write_claims_text(const CheckedClaims& c, const std::vector<bool>& expected, const std::string& file, std::ostream& os);

/// The same as JSON: every claim's name, kind, line, verdict ("true", "false", "undecided"), expected
/// verdict, how it was decided (method, points, bound and the text), both values and the counterexample
/// (the point by name and both values there) where false, the failed verdicts it involves; the
/// derivation's failed verdicts; and the summary.
nlohmann::json claims_json(const CheckedClaims& c, const std::vector<bool>& expected, const std::string& system_file,
                           const std::string& claims_file);

}  // namespace hamel
