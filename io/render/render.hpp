// io/render/render.hpp — the three printers of a derivation (derivation/model.hpp): plain text,
// LaTeX and JSON.  Each walks the one model, so every output option exists once for every kind of
// system.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "derivation/model.hpp"

namespace hamel {

/// The readable summary; `quiet` prints the verdicts and the summary only.
void write_text(const Derivation& d, std::ostream& os, bool quiet = false);

struct LatexOptions {
  bool body_only = false;  ///< only the sections, for `\input` into a paper (needs amsmath, amssymb)
};
/// A complete LaTeX document (or its body): one numbered display per object, verdicts as a list,
/// the papers behind equation numbers as a bibliography.
void write_latex(const Derivation& d, std::ostream& os, const LatexOptions& options = {});

/// The JSON of a derivation (docs/derivation-json.md, docs/derivation.schema.json).
nlohmann::json to_json(const Derivation& d);

/// The summary line pair shared by text output and `hamel derive`: "12 checks: 8 yes, 4 no" and
/// what the "no" are.
std::string verdict_summary(const Derivation& d);

}  // namespace hamel
