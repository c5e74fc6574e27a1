// cli/command_line.cpp
#include "cli/command_line.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>

#include <Eigen/Core>
#include <arb.h>
#include <boost/version.hpp>
#include <cln/version.h>
#include <flint/flint.h>
#include <ginac/version.h>
#include <nlohmann/json.hpp>
#include <singular/singular/kernel/mod2.h>

#include "core/did_you_mean.hpp"
#include "core/error.hpp"
#include "derivation/model.hpp"
#include "numerics/csv.hpp"
#include "numerics/plot_plane.hpp"

namespace hamel::cli {

namespace {

bool same_file(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);
  return fs::weakly_canonical(a, ec) == fs::weakly_canonical(b, ec);
}

// A folder for `path` to be written in: its parent, which must exist.
void check_folder(const std::string& option, const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path parent = fs::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty() && !fs::is_directory(parent, ec))
    throw InvalidArgument(option + " '" + path + "': expected a path in an existing folder, got no folder '" + parent.string() + "'");
  if (fs::is_directory(path, ec)) throw InvalidArgument(option + " '" + path + "': expected a file name, got a folder");
}

// The files an output option writes: its path, and the files named after it (docs/system-files.md,
// "Plots" and "CSV"; derive's plots beside --latex or in --plots DIR): a plot's data file OUT.dat
// replaced a CSV written to OUT.dat, derive's plot data o-hybrid.dat the system file of that name.
std::vector<std::string> files_written(const std::string& option, const std::string& path, const Args& a, const std::string& stem) {
  std::vector<std::string> files{path};
  std::vector<std::string> beside;
  if (option == "--plot") beside = run_plot_files(plot_base(path));
  if (option == "--csv") beside = {companion_csv(path, "events")};
  const bool draws = option == "--plots" ? !stem.empty()
                                         : !a.options.count("--plots") && (option == "--latex" || (option == "--latex-body" && !a.options.count("--latex")));
  if (draws) beside = derivation_plot_files(derive_plot_base(a, stem));
  files.insert(files.end(), beside.begin(), beside.end());
  return files;
}

// An output folder: not '-', and not a file (its plots could not be written there, after the work).
void check_output_folder(const std::string& option, const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (path == "-") throw InvalidArgument(option + " '-': expected a folder, got '-'");
  if (fs::exists(path, ec) && !fs::is_directory(path, ec))
    throw InvalidArgument(option + " '" + path + "': expected a folder (created if missing), got a file");
}

}  // namespace

const std::vector<CommandSpec>& command_specs() {
  static const std::vector<CommandSpec> specs = {
      {"derive",
       "  hamel derive FILE [--latex OUT.tex] [--latex-body OUT.tex] [--json OUT.json] [--plots DIR] [--brief | --quiet]\n"
       "               [--profile] [--jobs N]\n"
       "      derive everything the system supports and print a summary with a verdict per check;\n"
       "      --brief prints the verdicts and the summary only, --quiet nothing but errors;\n"
       "      --profile adds the time, zero tests and canonical forms of each step (on stderr);\n"
       "      --jobs N uses N processes for independent checks and forms (default: HAMEL_JOBS, or every core)\n",
       {"--latex", "--latex-body", "--json", "--plots", "--jobs"},
       {"--quiet", "--brief", "--profile"},
       {"--latex", "--latex-body", "--json"},
       {"--plots"}},
      {"check",
       "  hamel check FILE CLAIMS.yaml [--json OUT.json] [--quiet] [--jobs N]\n"
       "      compare the formulas of a claims file with the derived objects (exit status 1 if one is false),\n"
       "      and name the derivation's own failed checks and the claims that involve them;\n"
       "      --json writes every verdict, how it was decided and its counterexample;\n"
       "      --quiet prints nothing but errors: the exit status is the answer\n",
       {"--json", "--jobs"},
       {"--quiet"},
       {"--json"}},
      {"simulate",
       "  hamel simulate FILE [--csv OUT.csv] [--plot OUT.svg] [--brief | --quiet]\n"
       "      integrate the system (with impacts, where it has them); --brief leaves out the details of the\n"
       "      events, --quiet prints nothing but errors\n",
       {"--csv", "--plot"},
       {"--quiet", "--brief"},
       {"--csv", "--plot"}},
      {"eval",
       "  hamel eval FILE --at \"theta=1.2, pi1=0.3, m=1\" [--json OUT.json] [--brief | --quiet] [--jobs N]\n"
       "      every derived object at a point (names the point leaves out stay symbolic)\n",
       {"--at", "--json", "--jobs"},
       {"--quiet", "--brief"},
       {"--json"}},
  };
  return specs;
}

std::optional<CommandSpec> find_command(const std::string& name) {
  for (const CommandSpec& c : command_specs())
    if (c.name == name) return c;
  return std::nullopt;
}

std::string usage() {
  std::string u = "usage: hamel <command> [options]     (hamel <command> --help: that command alone)\n\n";
  for (const CommandSpec& c : command_specs()) u += c.usage;
  u += "  hamel --version | --help\n\n"
       "FILE may be '-' (standard input); an output file may be '-' (standard output; the report then goes to\n"
       "standard error). Exit status: 0 done, 1 a claim not as the claims file expects (check) or a run that\n"
       "stopped early (simulate), 2 bad input or usage, 3 an internal error.\n"
       "System files are YAML; see docs/system-files.md.\n";
  return u;
}

namespace {

// What an unknown option `s` was probably meant as: `--json=x.json` is `--json x.json`, `-q` the one
// option that starts with q, anything else the closest known option.
std::optional<std::string> meant_option(const std::string& s, const CommandSpec& command) {
  const auto& v = command.with_value;
  const std::size_t eq = s.find('=');
  if (eq != std::string::npos && std::find(v.begin(), v.end(), s.substr(0, eq)) != v.end())
    return s.substr(0, eq) + " " + s.substr(eq + 1);
  std::vector<std::string> known = v;
  known.insert(known.end(), command.flags.begin(), command.flags.end());
  if (s.size() == 2 && std::isalpha(static_cast<unsigned char>(s[1]))) {
    std::vector<std::string> starting;
    for (const auto& k : known)
      if (k.compare(0, 3, std::string("--") + s[1]) == 0) starting.push_back(k);
    if (starting.size() == 1) return starting[0];
  }
  return did_you_mean(s, known);
}

}  // namespace

Args parse_args(const CommandSpec& command, const std::vector<std::string>& args) {
  Args r;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& s = args[i];
    if (s == "-" || s.empty() || s[0] != '-') {  // "-" is a file: standard input or output
      r.positional.push_back(s);
      continue;
    }
    const auto& v = command.with_value;
    if (std::find(v.begin(), v.end(), s) != v.end()) {
      if (i + 1 >= args.size())
        throw InvalidArgument("option " + s + (s == "--jobs" ? " expects a number" : s == "--at" ? " expects name=value pairs" : " expects a file name"));
      // the second would silently replace the first (`--at "y=1" --at "k=2"` lost y)
      if (r.options.count(s))
        throw InvalidArgument("option " + s + " given twice; expected it once" +
                              (s == "--at" ? " (every name=value in one --at, separated by commas)" : ""));
      r.options[s] = args[++i];
    } else if (std::find(command.flags.begin(), command.flags.end(), s) != command.flags.end()) {
      r.flags.push_back(s);
    } else {
      std::string msg = "unknown option '" + s + "' for 'hamel " + command.name + "'";
      if (auto d = meant_option(s, command)) msg += " (did you mean '" + *d + "'?)";
      throw InvalidArgument(msg);
    }
  }
  // the usage says [--brief | --quiet]: together, one of them was silently ignored
  if (has_flag(r, "--brief") && has_flag(r, "--quiet"))
    throw InvalidArgument("options --brief and --quiet exclude each other; expected one of them, got both");
  // both read standard input: the second read nothing, and its error blamed the wrong file
  if (std::count(r.positional.begin(), r.positional.end(), "-") > 1)
    throw InvalidArgument("only one of the inputs can be '-' (standard input), got '-' twice; expected a file name for the others");
  return r;
}

bool has_flag(const Args& a, const std::string& flag) {
  return std::find(a.flags.begin(), a.flags.end(), flag) != a.flags.end();
}

Document load_document(const std::string& path, const FileKind& kind) {
  if (path != "-") return Document::load(path, kind);
  constexpr std::size_t kMaxBytes = 16u << 20;
  std::string text;
  char buffer[1 << 16];
  while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(std::cin.gcount()));
    if (text.size() > kMaxBytes) throw InvalidArgument("standard input: expected a " + kind.name + " of at most 16 MB, got more");
  }
  return Document::from_string(text, "<stdin>", kind);
}

std::string derive_plot_base(const Args& a, const std::string& stem) {
  if (a.options.count("--plots")) return a.options.at("--plots") + "/" + stem;
  for (const char* o : {"--latex", "--latex-body"})
    if (a.options.count(o)) {
      if (a.to_stdout == o) return stem;  // a report on standard output: its plots in the working folder
      std::string base = a.options.at(o);
      if (base.size() > 4 && base.compare(base.size() - 4, 4, ".tex") == 0) base.resize(base.size() - 4);
      return base;
    }
  return "";
}

namespace {

struct Output {
  std::string option, path;  ///< option: as the messages name it
  std::vector<std::string> files;  ///< files_written: the path first
};

// None of the files of `o` is an input or a file of an earlier output.
void check_files(const Output& o, const std::vector<Output>& earlier, const std::vector<std::string>& inputs) {
  for (std::size_t k = 0; k < o.files.size(); ++k) {
    const std::string& file = o.files[k];
    for (const auto& in : inputs)
      if (in != "-" && same_file(file, in))
        throw InvalidArgument(k == 0 ? o.option + " '" + o.path + "' is an input file; expected another path for the output"
                                     : o.option + " '" + o.path + "' writes '" + file + "', an input file; expected another path for the output");
    for (const Output& e : earlier)
      for (std::size_t m = 0; m < e.files.size(); ++m)
        if (same_file(file, e.files[m]))
          throw InvalidArgument(k == 0 && m == 0 ? e.option + " and " + o.option + " both write '" + o.path + "'; expected a path for each"
                                                 : e.option + " '" + e.path + "' and " + o.option + " '" + o.path + "' both write '" + file +
                                                       "'; expected a path for each");
  }
}

}  // namespace

void check_outputs(const CommandSpec& command, const Args& a, const std::string& plots_stem) {
  const auto is_folder = [&](const std::string& option) {
    return std::find(command.folders.begin(), command.folders.end(), option) != command.folders.end();
  };
  std::vector<std::string> options = command.outputs;
  options.insert(options.end(), command.folders.begin(), command.folders.end());
  std::vector<Output> checked;
  std::size_t to_stdout = 0;
  for (const auto& option : options) {
    if (!a.options.count(option)) continue;
    const std::string& path = a.options.at(option);
    if (is_folder(option)) check_output_folder(option, path);
    if (path == "-") {
      if (++to_stdout > 1) throw InvalidArgument(option + " '-': expected at most one output on standard output, got two");
      if (option == "--plot") throw InvalidArgument("--plot '-': expected a file name (a plot writes several files), got '-'");
      continue;
    }
    const std::string label = a.from_file.count(option) ? "'simulate: output: " + option.substr(2) + "'" : option;
    Output o{label, path, files_written(option, path, a, plots_stem)};
    check_files(o, checked, a.positional);
    if (!is_folder(option)) check_folder(option, path);
    checked.push_back(std::move(o));
  }
}

std::string version_text() {
  std::ostringstream v;
  v << "hamel " << HAMEL_VERSION << "\n"
    << "built with GiNaC " << GINACLIB_MAJOR_VERSION << "." << GINACLIB_MINOR_VERSION << "." << GINACLIB_MICRO_VERSION
    << ", CLN " << CL_VERSION_MAJOR << "." << CL_VERSION_MINOR << "." << CL_VERSION_PATCHLEVEL << ", FLINT " << FLINT_VERSION
    << ", Arb " << arb_version << ", Singular " << SINGULAR_MAJOR_VERSION << "." << SINGULAR_MINOR_VERSION << "."
    << SINGULAR_SUB_VERSION << ",\n  Eigen " << EIGEN_WORLD_VERSION << "." << EIGEN_MAJOR_VERSION << "." << EIGEN_MINOR_VERSION
    << ", Boost " << BOOST_VERSION / 100000 << "." << BOOST_VERSION / 100 % 1000 << "." << BOOST_VERSION % 100
    << ", nlohmann-json " << NLOHMANN_JSON_VERSION_MAJOR << "." << NLOHMANN_JSON_VERSION_MINOR << "."
    << NLOHMANN_JSON_VERSION_PATCH << "\n";
  return v.str();
}

}  // namespace hamel::cli
