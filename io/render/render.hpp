// io/render/render.hpp — the three printers of a derivation (derivation/model.hpp): plain text,
// LaTeX and JSON.  Each walks the one model, so every output option exists once for every kind of
// system.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "derivation/model.hpp"

namespace hamel {

/// The readable summary; `quiet` prints the verdicts and the summary only; `checks` false leaves out
/// the count of checks (`hamel eval`, which makes none).
void write_text(const Derivation& d, std::ostream& os, bool quiet = false, bool checks = true);

struct LatexOptions {
  bool body_only = false;  ///< only the sections, for `\input` into a paper (needs amsmath, amssymb)
  /// The folder the document is written to: figure paths are written relative to it, so that the
  /// report compiles where it lies (pdflatex reads \includegraphics paths from its own folder).
  /// Empty: the figures' paths as the derivation holds them.
  std::string directory;
};
/// A complete LaTeX document (or its body): one numbered display per object, verdicts as a list,
/// the papers behind equation numbers as a bibliography.
void write_latex(const Derivation& d, std::ostream& os, const LatexOptions& options = {});
/// What that document cannot set as written, one message per text: the characters of the system's
/// name and description it shows as their code point in a box (a CJK name, an emoji; latex_text).
std::vector<std::string> latex_warnings(const Derivation& d, const LatexOptions& options = {});

/// The rows of one object's display as the report sets them, for an aligned block: `label &= value`,
/// then `&\qquad …` for a value broken to `width` em, and the denominators it had to name; values
/// written with the derivation's recurring denominators (K, K1, …). The Python module's notebook view.
std::vector<std::string> latex_display_rows(const Object& o, const Derivation& d, double width);
/// The same for the recurring denominators themselves (K = …), written out.
std::vector<std::string> latex_abbreviation_rows(const Derivation& d, double width);

/// The JSON of a derivation (docs/derivation-json.md, docs/derivation.schema.json).
nlohmann::json to_json(const Derivation& d);

/// The summary line pair shared by text output and `hamel derive`: "12 checks: 8 yes, 4 no" and
/// what the "no" are.
std::string verdict_summary(const Derivation& d);

}  // namespace hamel
