// python/bind_system.cpp — a system file read, derived and checked in-process, by the library
// functions `hamel derive` and `hamel check` call (cli/commands.cpp), without their command line.
#include <pybind11/stl.h>

#include <filesystem>
#include <memory>
#include <sstream>

#include "core/error.hpp"
#include "core/latex.hpp"
#include "derivation/present.hpp"
#include "io/claims_file.hpp"
#include "io/render/labels.hpp"
#include "io/render/render.hpp"
#include "io/system_file.hpp"
#include "python/bindings.hpp"

namespace py = pybind11;

namespace hamel::python {

namespace {

// A system file, read and checked once; every derivation and claims check reads it.
struct System {
  std::shared_ptr<const SystemFile> file;
};

System read_system(const Document& doc) { return {std::make_shared<const SystemFile>(read_system_file(doc))}; }

// What `hamel derive` computes before it renders: every module that applies, then the display pass.
// `plots`: the folder for the plots (made when a plot is written there, as `hamel derive --plots`), empty for none.
std::shared_ptr<Derivation> derive(const System& s, const std::string& plots) {
  const SystemFile& f = *s.file;
  // The GIL stays held: GiNaC is not thread-safe, and another Python thread could call the geometry
  // functions meanwhile. The derivation's workers are forked processes that never touch Python.
  std::error_code ec;
  if (!plots.empty() && std::filesystem::exists(plots, ec) && !std::filesystem::is_directory(plots, ec))
    throw InvalidArgument("plots '" + plots + "': expected a folder (created if missing), got a file");
  DisplayAhead ahead;  // as `hamel derive`: the display pass of the finished sections while it derives
  DeriveOptions options{plots.empty() ? "" : plots + "/" + f.name, [](const std::string&) {}, {}, {}};
  options.section_started = [&ahead](const Derivation& so_far) { ahead.offer(so_far); };
  auto d = std::make_shared<Derivation>(derive_system(f, options));
  present(*d, ahead);
  declare_remaining_symbols(*d);
  return d;
}

// One claim's verdict, with what the claims file expects of it.
py::dict verdict(const ClaimResult& r, bool expected) {
  py::dict v;
  v["name"] = r.name;
  v["kind"] = r.kind;
  v["holds"] = r.holds;
  v["undecided"] = r.undecided;
  v["expected"] = expected;
  v["how"] = plain_text(r.how);  // as the text report: without the $ marks of its math
  v["derived"] = r.derived;
  v["claimed"] = r.claimed;
  v["counterexample"] = r.counterexample;
  v["line"] = r.line;
  return v;
}

// What `hamel check` decides: each module checks its claims in one call; verdicts in file order.
std::vector<py::dict> check(const System& s, const Document& claims_doc) {
  const ClaimsFile claims = read_claims_file(claims_doc, *s.file);
  const std::vector<ClaimResult> results = check_claims(*s.file, claims);
  std::vector<py::dict> out;
  for (std::size_t i = 0; i < claims.claims.size(); ++i)
    out.push_back(verdict(results[i], claims.expected[i]));
  return out;
}

// LaTeX math without the reports' \allowbreak, which MathJax 2 does not know.
std::string without_allowbreak(std::string math) {
  const std::string command = "\\allowbreak";
  for (auto at = math.find(command); at != std::string::npos; at = math.find(command, at)) math.erase(at, command.size());
  return math;
}

// Prose with `$…$` math as MathJax reads it inside one display: words in \text{}, math typeset.
std::string notebook_prose(const std::string& prose, const LatexNaming& names) {
  std::string out, part;
  bool in_math = false;
  for (char c : prose + "$") {
    if (c != '$') {
      part += (!in_math && (c == '{' || c == '}' || c == '\\')) ? ' ' : c;
      continue;
    }
    if (!part.empty()) out += in_math ? without_allowbreak(names.math(part)) : "\\text{" + part + "}";
    part.clear();
    in_math = !in_math;
  }
  return out;
}

std::string verdict_row(const Verdict& v, const LatexNaming& names) {
  const std::string answer = v.undecided ? "undecided" : v.holds ? "yes" : "no";
  return "\\text{" + answer + (v.failure() ? " (FAILURE)" : "") + ": }" + notebook_prose(v.statement, names);
}

// Rows of an aligned block, one per display line (io/render: long values broken, K named).
std::string aligned(const std::vector<std::string>& rows) {
  std::string out;
  for (const auto& r : rows) out += r + " \\\\\n";
  return "\\begin{aligned}\n" + out + "\\end{aligned}";
}

// A notebook cell is wider than a page: lines of up to 45 em.
constexpr double kNotebookWidth = 45.0;

// The derivation for a notebook (_repr_latex_): one MathJax display, a row per section title, object
// and verdict, values as the LaTeX report sets them (broken to the cell, the recurring denominators
// K, K1, … named once at the top).
std::string notebook_latex(const Derivation& d) {
  const LatexNaming names(d);
  std::ostringstream os;
  os << "$$\\begin{array}{l}\n\\textbf{" << notebook_prose(d.name, names) << "}\\\\\n";
  if (!d.abbreviations.empty())
    os << "\\text{Recurring denominators, named once}\\\\\n" << aligned(latex_abbreviation_rows(d, kNotebookWidth)) << "\\\\\n";
  for (const auto& s : d.sections) {
    os << "\\textbf{" << notebook_prose(s.title, names) << "}\\\\\n";
    for (const auto& o : s.objects)
      if (!o.entries.empty())
        os << notebook_prose(o.title, names) << "\\\\\n" << aligned(latex_display_rows(o, d, kNotebookWidth)) << "\\\\\n";
    for (const auto& v : s.verdicts) os << verdict_row(v, names) << "\\\\\n";
  }
  os << "\\end{array}$$";
  return os.str();
}

template <class Write>
std::string rendered(Write write) {
  std::ostringstream os;
  write(os);
  return os.str();
}

void bind_derivation(py::module_& m) {
  py::class_<Derivation, std::shared_ptr<Derivation>>(m, "Derivation")
      .def_property_readonly("name", [](const Derivation& d) { return d.name; })
      .def("json", [](const Derivation& d) { return to_json(d).dump(2) + "\n"; },
           "the JSON `hamel derive --json` writes, byte for byte")
      .def("latex", [](const Derivation& d, bool body_only) {
             return rendered([&](std::ostream& os) { write_latex(d, os, LatexOptions{body_only, ""}); });
           }, py::arg("body_only") = false)
      .def("text", [](const Derivation& d, bool quiet) {
             return rendered([&](std::ostream& os) { write_text(d, os, quiet); });
           }, py::arg("quiet") = false)
      .def("notebook_latex", &notebook_latex);
}

}  // namespace

void bind_system(py::module_& m) {
  bind_derivation(m);
  py::class_<System>(m, "System")
      .def_property_readonly("name", [](const System& s) { return s.file->name; })
      .def_property_readonly("file", [](const System& s) { return s.file->doc.file(); })
      .def("derive", &derive, py::arg("plots") = "")
      .def("check_file", [](const System& s, const std::string& path) { return check(s, Document::load(path, FileKind::claims())); })
      .def("check_string", [](const System& s, const std::string& text, const std::string& name) {
        return check(s, Document::from_string(text, name, FileKind::claims()));
      });
  m.def("load_system", [](const std::string& path) { return read_system(Document::load(path)); });
  m.def("system_from_string", [](const std::string& text, const std::string& name) {
    return read_system(Document::from_string(text, name));
  });
}

}  // namespace hamel::python
