// io/report.hpp — transitional: the untyped report of the modules not yet ported to the derivation
// model (derivation/model.hpp); append_legacy turns it into the model, which io/render prints.
#pragma once

#include <ginac/ginac.h>

#include <nlohmann/json.hpp>

#include "derivation/model.hpp"
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace hamel {

struct ReportEquation {
  std::string lhs_text;   ///< e.g. "C_123"
  std::string lhs_latex;  ///< e.g. "C_{123}"
  GiNaC::ex rhs;
  std::string suffix_text;   ///< appended to the value, e.g. " dphi^dtheta^dpsi"
  std::string suffix_latex;  ///< e.g. "\\, d\\varphi\\wedge d\\theta\\wedge d\\psi"
};

struct ReportCheck {
  std::string name;  ///< what was checked
  bool passed;
  std::string how;   ///< how it was decided (symbolic / numeric probing / …)
};

struct ReportTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

struct ReportSection {
  std::string title;
  std::vector<std::string> paragraphs;  ///< plain text (LaTeX-escaped when rendered)
  std::vector<ReportEquation> equations;
  std::vector<ReportCheck> checks;
  std::vector<ReportTable> tables;
  std::vector<std::string> figures;     ///< image files (PNG are included in the LaTeX document)
};

struct Report {
  std::string name;
  std::string description;
  std::vector<ReportSection> sections;
  nlohmann::json json = nlohmann::json::object();
  /// Where modules write plots: a path prefix (e.g. "build/chaplygin_sphere"); empty: no plots.
  std::string plot_base;
  /// Called with each section's title as it is started (the CLI prints progress on long runs).
  std::function<void(const std::string&)> progress;
  /// Appends a section and returns it.
  ReportSection& add(const std::string& title);
  /// All checks of all sections.
  std::vector<ReportCheck> checks() const;
};

/// Transitional: appends the sections of a module's untyped report to the derivation model (their
/// equations as preformatted entries, their checks as verdicts expected to hold).
void append_legacy(const Report& r, Derivation& out);
/// Escapes text for LaTeX (\ { } $ & # ^ _ % ~).
std::string latex_escape(const std::string& s);
/// A GiNaC expression as a JSON string (GiNaC's syntax; SymPy parses it with ^ read as power).
std::string json_expression(const GiNaC::ex& e);

}  // namespace hamel
