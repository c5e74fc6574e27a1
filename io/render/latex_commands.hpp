// io/render/latex_commands.hpp — the control sequences a `latex:` name may use: commands that the
// report's preamble (io/render/latex.cpp: amsmath, amssymb, lmodern) defines in math mode, for letters,
// accents, fonts and a few symbols. Any other (\undefinedmacro) made a report pdflatex refused, found
// only when it ran; the reader refuses it at the name (io/system_file.cpp).
#pragma once

#include <string>
#include <vector>

namespace hamel {

/// The accepted commands, each with its backslash: \alpha, \dot, \mathrm, \partial, \left, \, …
const std::vector<std::string>& latex_name_commands();

/// The first control sequence of `tex` (\ and letters, or \ and one other character) that is not
/// accepted, with its backslash ("\\" for a lone backslash at the end); "" when every one is.
std::string unaccepted_latex_command(const std::string& tex);

/// Why `tex`, whose commands are all accepted, would still stop pdflatex, or "" when it would not: a
/// command without its argument (\hat at the end, \frac{a}), \left without its \right in the same
/// braces or \right without a \left, a \left, \right or \big without a delimiter, or math inside
/// \text{...} (^, \alpha). Read after unaccepted_latex_command; braces are balanced.
std::string latex_name_structure_error(const std::string& tex);

}  // namespace hamel
