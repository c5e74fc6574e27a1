// cli/command_line.hpp — the conventions of the `hamel` command line (docs/system-files.md, "The
// command line"): each command's options and usage, did-you-mean for commands and options, `-` for
// standard input and output, output paths checked before any work, and the versions it was built with.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "io/yaml_document.hpp"

namespace hamel::cli {

/// A command's options: those that take a value, and flags.
struct CommandSpec {
  std::string name;
  std::string usage;  ///< its lines of the usage text
  std::vector<std::string> with_value;
  std::vector<std::string> flags;
  std::vector<std::string> outputs;  ///< the options that name an output file (`-`: standard output)
  std::vector<std::string> folders = {};  ///< the options that name an output folder (created if missing)
};

/// derive, check, simulate, eval, in the order the usage lists them.
const std::vector<CommandSpec>& command_specs();
/// The command of that name, or nullopt.
std::optional<CommandSpec> find_command(const std::string& name);
/// The whole usage text.
std::string usage();

struct Args {
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;  ///< --latex → path
  std::vector<std::string> flags;              ///< --quiet
  std::string to_stdout;                       ///< the option given as '-' (its path is then a temporary file)
  std::set<std::string> from_file;             ///< output options whose path the system file gives (simulate: output)
};

/// The arguments after the command name. @throws InvalidArgument for an unknown option (with a
/// did-you-mean among the command's options) or an option without its value.
Args parse_args(const CommandSpec& command, const std::vector<std::string>& args);
bool has_flag(const Args& a, const std::string& flag);

/// The document at `path`, or standard input for `-` (at most 16 MB, as a file).
Document load_document(const std::string& path, const FileKind& kind = {});

/// Where `derive` draws its plots (DeriveOptions::plot_base): `DIR/stem` for --plots DIR, else beside
/// --latex (or --latex-body) without its .tex, else nowhere (empty). `stem`: the system's name as a file name.
std::string derive_plot_base(const Args& a, const std::string& stem);

/// Every file the command will write lies in an existing folder, and none (an output's path or a file
/// it writes beside it: a plot's .dat and -path files, a CSV's -events file, derive's plots beside
/// --latex or in --plots DIR) is an input or another output's; an output folder is not a file, and at
/// most one output is `-`. `plots_stem` names derive's plots in --plots DIR (derive_plot_base), known
/// once the system file is read: empty, those are not checked yet. @throws InvalidArgument naming the
/// option, before any work.
void check_outputs(const CommandSpec& command, const Args& a, const std::string& plots_stem = "");

/// "hamel 0.1.0" and the versions of the libraries it was built with (GiNaC, CLN, FLINT, Arb, Singular,
/// Eigen, Boost, nlohmann-json; yaml-cpp 0.7 has no version macro).
std::string version_text();

}  // namespace hamel::cli
