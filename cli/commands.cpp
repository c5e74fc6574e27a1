// cli/commands.cpp — parse the command line, call the library, print.
#include "cli/commands.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <utility>

#include <unistd.h>

#include "cli/command_line.hpp"
#include "cli/profile.hpp"
#include "cli/progress.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/did_you_mean.hpp"
#include "core/parallel.hpp"
#include "derivation/at_point.hpp"
#include "derivation/present.hpp"
#include "io/claims_file.hpp"
#include "io/point.hpp"
#include "io/render/claims_report.hpp"
#include "io/render/labels.hpp"
#include "io/render/render.hpp"
#include "io/system_file.hpp"

namespace hamel::cli {

namespace {

// The system's name as a file name: a file without `name:` is named by its path (data/ball.yaml →
// ball), and a name may hold characters no file name should (a '/' would write outside DIR).
std::string file_stem(const std::string& system_name) {
  const std::filesystem::path p(system_name);
  const bool yaml = p.extension() == ".yaml" || p.extension() == ".yml";
  std::string name = (yaml ? p.stem() : p.filename()).string();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.') c = '_';
  return name.empty() || name == "." || name == ".." ? "system" : name;
}

// Where an output went, as a message names it: '-' is written to a temporary file first (with_stdout_output).
std::string output_name(const Args& a, const std::string& option) {
  return a.to_stdout == option ? "standard output" : a.options.at(option);
}

// Plots go beside the LaTeX report, or into --plots DIR (made by the first plot written there).
std::string plot_base(const Args& a, const SystemFile& f) {
  return derive_plot_base(a, file_stem(f.name));
}

// Every output is rendered and written to a temporary file first; they are put in place together, so
// a failure leaves no output half written and none replaced. What the LaTeX cannot set as written is
// a warning on `err` (not with --quiet, as the file's warnings).
void write_outputs(const Args& a, const Derivation& d, std::ostream& out, std::ostream& err) {
  std::vector<std::unique_ptr<AtomicFile>> files;
  std::vector<std::string> messages;
  for (const char* o : {"--latex", "--latex-body"})
    if (a.options.count(o)) {
      files.push_back(std::make_unique<AtomicFile>(a.options.at(o)));
      // figures relative to the report's folder: it compiles there, wherever hamel ran (on standard
      // output: the working folder, where its plots are)
      const std::string folder = a.to_stdout == o ? "" : std::filesystem::path(a.options.at(o)).parent_path().string();
      const LatexOptions options{std::string(o) == "--latex-body", folder.empty() ? "." : folder};
      write_latex(d, files.back()->stream(), options);
      if (!has_flag(a, "--quiet"))
        for (const auto& w : latex_warnings(d, options)) err << "warning: " << w << "\n";
      messages.push_back(std::string("LaTeX ") + (std::string(o) == "--latex" ? "report" : "body") + " written to " + output_name(a, o));
    }
  if (a.options.count("--json")) {
    files.push_back(std::make_unique<AtomicFile>(a.options.at("--json")));
    files.back()->stream() << to_json(d).dump(2) << "\n";
    messages.push_back("JSON written to " + output_name(a, "--json"));
  }
  for (auto& f : files) f->commit();
  for (const auto& m : messages) out << m << "\n";
}

// The derivation of the system file `f` named on the command line, by every module that applies to
// it, then for `derive` its display pass (`displayed` is set to when that starts), under one set of
// progress lines (cli/progress.hpp) which end before any output is written.
Derivation derive_file(const Args& a, const SystemFile& f, std::ostream& err, StepProfile* profile, const std::string& who,
                       std::optional<std::chrono::steady_clock::time_point>* displayed = nullptr) {
  const bool quiet = has_flag(a, "--quiet") || has_flag(a, "--brief");
  ProgressLines lines(err, quiet, profile, who);
  DisplayAhead ahead;  // the display pass of the finished sections, on another core while it derives
  DeriveOptions options{plot_base(a, f), lines.step(), lines.detail(), {}};
  if (displayed) options.section_started = [&ahead](const Derivation& so_far) { ahead.offer(so_far); };
  Derivation d = derive_system(f, options);
  if (displayed) {
    *displayed = std::chrono::steady_clock::now();
    lines.step()("display pass (the forms to print)");
    present(d, ahead);
  }
  return d;
}

// What the system file says that is accepted but likely not meant (Document::warn: an indefinite
// kinetic energy), printed once: by print() after the progress lines, or, when the command fails
// first (a later key of the file, the claims file, the derivation or the run), as its error unwinds,
// so before run() prints the error. --quiet leaves them out with the rest of the report.
class Warnings {
 public:
  Warnings(const Args& a, Document doc, std::ostream& err) : quiet_(has_flag(a, "--quiet")), doc_(std::move(doc)), err_(err) {}
  Warnings(const Warnings&) = delete;
  Warnings& operator=(const Warnings&) = delete;
  ~Warnings() { print(); }
  void print() {
    if (printed_ || quiet_) return;
    printed_ = true;
    for (const auto& w : doc_.warnings()) err_ << "warning: " << w << "\n";
  }

 private:
  bool quiet_;
  bool printed_ = false;
  Document doc_;  // a copy shares the warnings of the one read
  std::ostream& err_;
};

int derive(const Args& a, std::ostream& out, std::ostream& err) {
  if (a.positional.size() != 1) throw InvalidArgument("'hamel derive' expects one system file");
  std::optional<StepProfile> profile;
  if (has_flag(a, "--profile")) profile.emplace().start("reading and checking the system file");
  const auto started = std::chrono::steady_clock::now();
  std::optional<std::chrono::steady_clock::time_point> derived;
  const Document doc = load_document(a.positional[0]);
  Warnings warnings(a, doc, err);
  const SystemFile f = read_system_file(doc);
  check_outputs(*find_command("derive"), a, file_stem(f.name));  // the plots in --plots DIR, named by the system
  Derivation d = derive_file(a, f, err, profile ? &*profile : nullptr, "hamel derive", &derived);
  warnings.print();
  // for bench/display_sizes: the display pass against the whole derivation
  if (std::getenv("HAMEL_TIMINGS")) {
    const auto now = std::chrono::steady_clock::now();
    err << "timing: derive " << std::chrono::duration<double>(now - started).count() << " s, display pass "
        << std::chrono::duration<double>(now - *derived).count() << " s\n";
  }
  if (profile) profile->start("rendering and writing the outputs");
  declare_remaining_symbols(d);
  if (!has_flag(a, "--quiet")) write_text(d, out, has_flag(a, "--brief"));  // nowhere to go: not rendered
  write_outputs(a, d, out, err);
  if (profile) {
    profile->finish();
    profile->print(err);
  }
  return 0;
}

// The derived objects at a point: numbers where derive prints formulas (text, and --json).
int eval(const Args& a, std::ostream& out, std::ostream& err) {
  if (a.positional.size() != 1) throw InvalidArgument("'hamel eval' expects one system file");
  if (!a.options.count("--at")) throw InvalidArgument("'hamel eval' expects --at \"name=value, ...\" (coordinates, momenta, parameters, ...)");
  const Point point = read_point(a.options.at("--at"));  // before the derivation: a typo costs nothing
  const Document doc = load_document(a.positional[0]);
  Warnings warnings(a, doc, err);
  const SystemFile f = read_system_file(doc);
  check_positive_parameters(point, f.Q.parameter_specs());
  // no display pass: it would turn the floating-point values into exact fractions
  Derivation d = at_point(derive_file(a, f, err, nullptr, "hamel eval"), point);
  warnings.print();
  declare_remaining_symbols(d);
  if (!has_flag(a, "--quiet")) write_text(d, out, has_flag(a, "--brief"), false);
  out << "\n" << at_point_summary(d);  // it checks nothing: no count of checks
  write_outputs(a, d, out, err);
  return 0;
}

// The claims checked against the derivation, which is made once (its progress on stderr, its own
// failed verdicts reported); the exit status is 0 when every verdict is the one the claims file expects.
int check(const Args& a, std::ostream& out, std::ostream& err) {
  if (a.positional.size() != 2) throw InvalidArgument("'hamel check' expects a system file and a claims file");
  const Document doc = load_document(a.positional[0]);
  Warnings warnings(a, doc, err);
  const SystemFile f = read_system_file(doc);
  const Document cdoc = load_document(a.positional[1], FileKind::claims());
  const ClaimsFile claims = read_claims_file(cdoc, f);
  const CheckedClaims checked = [&] {
    ProgressLines lines(err, has_flag(a, "--quiet"), nullptr, "hamel check");
    return check_claims_with_derivation(f, claims, DeriveOptions{"", lines.step(), lines.detail(), {}});
  }();
  warnings.print();
  const bool ok = write_claims_text(checked, claims.expected, cdoc.file(), out);
  if (a.options.count("--json")) {
    AtomicFile json(a.options.at("--json"));
    json.stream() << claims_json(checked, claims.expected, f.doc.file(), cdoc.file()).dump(2) << "\n";
    json.commit();
    out << "JSON written to " << output_name(a, "--json") << "\n";
  }
  return ok ? 0 : 1;
}

// The outputs a system file names (a hybrid file's `simulate: output`), where the command line names
// none, checked with the command line's before the run: `output: {csv: system.yaml}` replaced the file.
void check_file_outputs(const Args& a, const std::vector<std::pair<std::string, std::string>>& named) {
  Args all = a;
  for (const auto& [option, path] : named)
    if (!all.options.count(option)) {
      all.options[option] = path;
      all.from_file.insert(option);
    }
  check_outputs(*find_command("simulate"), all);
}

int simulate(const Args& a, std::ostream& out, std::ostream& err) {
  if (a.positional.size() != 1) throw InvalidArgument("'hamel simulate' expects one system file");
  const Document doc = load_document(a.positional[0]);
  Warnings warnings(a, doc, err);
  const SystemFile f = read_system_file(doc);
  SimulateOptions o;
  if (a.options.count("--csv")) o.csv = a.options.at("--csv");
  o.csv_to_stdout = a.to_stdout == "--csv";
  if (a.options.count("--plot")) o.plot = a.options.at("--plot");
  o.quiet = has_flag(a, "--brief") || has_flag(a, "--quiet");
  o.units = f.units;
  const Module* simulator = nullptr;
  for (const auto& m : modules())
    if (!simulator && m->applies(f) && m->can_simulate(f)) simulator = m.get();
  if (!simulator) throw InvalidArgument("'" + a.positional[0] + "' has nothing to simulate (expected a 'simulate' section)");
  check_file_outputs(a, simulator->simulate_outputs(f));
  const int status = [&] {
    ProgressLines lines(err, o.quiet, nullptr, "hamel simulate");
    o.progress = lines.step();
    o.detail = lines.detail();
    return simulator->simulate(f, o, out);
  }();
  warnings.print();
  return status;
}

// The number of worker processes (core/parallel.hpp) that --jobs asks for, during one command.
class WorkersFor {
 public:
  explicit WorkersFor(const Args& a) {
    const auto it = a.options.find("--jobs");
    if (it == a.options.end()) return;
    const std::string& text = it->second;
    const bool digits = !text.empty() && text.size() <= 4 && 
                        std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
    const int n = digits ? std::stoi(text) : 0;
    if (n < 1 || n > 1024)
      throw InvalidArgument("option --jobs expects a number of processes from 1 to 1024, got '" + text + "'");
    before_ = set_workers(static_cast<unsigned>(n));
    set_ = true;
  }
  ~WorkersFor() {
    if (set_) set_workers(before_);
  }
  WorkersFor(const WorkersFor&) = delete;
  WorkersFor& operator=(const WorkersFor&) = delete;

 private:
  bool set_ = false;
  unsigned before_ = 0;
};

}  // namespace

namespace {

// The stream a command reports on: none with --quiet (errors still go to standard error, and an output
// asked for on standard output is still written there).
std::ostream& report_stream(const Args& a, std::ostream& out) {
  static std::ostream nowhere(nullptr);
  return has_flag(a, "--quiet") ? nowhere : out;
}

int dispatch(const CommandSpec& c, const Args& a, std::ostream& report, std::ostream& err) {
  const WorkersFor jobs(a);
  std::ostream& out = report_stream(a, report);
  if (c.name == "derive") return derive(a, out, err);
  if (c.name == "check") return check(a, out, err);
  if (c.name == "simulate") return simulate(a, out, err);
  return eval(a, out, err);
}

// An output given as `-` goes to standard output: the command writes it to a temporary file, copied
// to `out` at the end, and its report goes to `err`, so that the two never mix.
int with_stdout_output(const CommandSpec& c, Args a, std::ostream& out, std::ostream& err) {
  const auto dash = std::find_if(c.outputs.begin(), c.outputs.end(),
                                 [&](const std::string& o) { return a.options.count(o) && a.options.at(o) == "-"; });
  if (dash == c.outputs.end()) return dispatch(c, a, out, err);
  namespace fs = std::filesystem;
  const fs::path temp = fs::temp_directory_path() / ("hamel-stdout-" + std::to_string(::getpid()) + fs::path(*dash).stem().string());
  a.options[*dash] = temp.string();
  a.to_stdout = *dash;
  struct Remove {
    fs::path p;
    ~Remove() {
      std::error_code ec;
      fs::remove(p, ec);
    }
  } remove{temp};
  const int status = dispatch(c, a, err, err);
  std::ifstream in(temp, std::ios::binary);
  out << in.rdbuf();
  return status;
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    (args.empty() ? err : out) << usage();
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") {
    out << version_text();
    return 0;
  }
  const std::optional<CommandSpec> command = find_command(args[0]);
  if (!command) {
    std::vector<std::string> names;
    for (const CommandSpec& c : command_specs()) names.push_back(c.name);
    err << "error: unknown command '" << args[0] << "'";
    if (auto d = did_you_mean(args[0], names)) err << " (did you mean '" << *d << "'?)";
    err << "\n" << usage();
    return 2;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (std::find(rest.begin(), rest.end(), "--help") != rest.end() || std::find(rest.begin(), rest.end(), "-h") != rest.end()) {
    out << "usage:\n" << command->usage;
    return 0;
  }
  try {
    const Args a = parse_args(*command, rest);
    check_outputs(*command, a);
    return with_stdout_output(*command, a, out, err);
  } catch (const ParseError& e) {
    err << "error: " << e.what() << "\n";
    return 2;
  } catch (const InvalidArgument& e) {
    err << "error: " << e.what() << "\n";
    return 2;
  } catch (const DomainError& e) {
    err << "error: " << e.what() << "\n";
    return 2;
  } catch (const NotImplemented& e) {
    err << "error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    err << "internal error: " << e.what() << "\n"
        << "  (a bug in hamel or a library it uses: please report it with the input that caused it)\n";
    return 3;
  }
}

}  // namespace hamel::cli
