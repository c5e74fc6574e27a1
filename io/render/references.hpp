// io/render/references.hpp — the papers behind the equation numbers Hamel's reports cite
// ("004 (2.9)"), as LaTeX citations and a bibliography (docs/references.md lists the same papers).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace hamel {

struct Paper {
  std::string key;    ///< "004", as the reports and docs cite it
  std::string entry;  ///< authors, title and venue, in LaTeX
};

/// The papers Hamel implements, by key.
const std::vector<Paper>& papers();

struct CitedText {
  std::string text;                 ///< "(\cite[(2.9)]{hamel004})" where the input read "(004 (2.9))"
  std::vector<std::string> papers;  ///< keys cited, in order of first citation
};

/// Replaces "004 (2.9)", "004 \S{}6", "000 section 2.2" and a bare "004" in LaTeX text by citations.
CitedText cite_papers(const std::string& latex);

/// \begin{thebibliography} of the cited papers; nothing when none is cited.
void write_bibliography(const std::vector<std::string>& cited, std::ostream& os);

}  // namespace hamel
