// cli/commands.cpp — parse the command line, call the library, print.
#include "cli/commands.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <memory>
#include <optional>

#include "cli/profile.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/parallel.hpp"
#include "derivation/at_point.hpp"
#include "derivation/present.hpp"
#include "io/claims_file.hpp"
#include "io/point.hpp"
#include "io/render/labels.hpp"
#include "io/render/render.hpp"
#include "io/system_file.hpp"

namespace hamel::cli {

namespace {

const char* kUsage =
    "usage: hamel <command> [options]\n"
    "\n"
    "  hamel derive FILE [--latex OUT.tex] [--latex-body OUT.tex] [--json OUT.json] [--plots DIR] [--quiet]\n"
    "               [--profile] [--jobs N]\n"
    "      derive everything the system supports and print a summary with a verdict per check;\n"
    "      --profile adds the time, zero tests and canonical forms of each step (on stderr);\n"
    "      --jobs N uses N processes for independent checks and forms (default: HAMEL_JOBS, or every core)\n"
    "  hamel check FILE CLAIMS.yaml [--jobs N]\n"
    "      compare the formulas of a claims file with the derived objects (exit status 1 if one is false)\n"
    "  hamel simulate FILE [--csv OUT.csv] [--plot OUT.svg] [--quiet]\n"
    "      integrate the system (with impacts, where it has them)\n"
    "  hamel eval FILE --at \"theta=1.2, pi1=0.3, m=1\" [--json OUT.json] [--quiet] [--jobs N]\n"
    "      every derived object at a point (names the point leaves out stay symbolic)\n"
    "  hamel --version | --help\n"
    "\n"
    "System files are YAML; see docs/system-files.md.\n";

struct Args {
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;  // --latex → path
  std::vector<std::string> flags;              // --quiet
};

Args parse_args(const std::vector<std::string>& a, const std::vector<std::string>& with_value,
                const std::vector<std::string>& flags) {
  Args r;
  for (std::size_t i = 1; i < a.size(); ++i) {
    const std::string& s = a[i];
    if (s.rfind("--", 0) == 0) {
      if (std::find(with_value.begin(), with_value.end(), s) != with_value.end()) {
        if (i + 1 >= a.size())
          throw InvalidArgument("option " + s + (s == "--jobs" ? " expects a number" : s == "--at" ? " expects name=value pairs" : " expects a file name"));
        r.options[s] = a[++i];
      } else if (std::find(flags.begin(), flags.end(), s) != flags.end()) {
        r.flags.push_back(s);
      } else {
        throw InvalidArgument("unknown option '" + s + "' for 'hamel " + a[0] + "'");
      }
    } else {
      r.positional.push_back(s);
    }
  }
  return r;
}

bool has_flag(const Args& a, const std::string& f) {
  return std::find(a.flags.begin(), a.flags.end(), f) != a.flags.end();
}

bool same_file(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(a, ec) && fs::exists(b, ec)) return fs::equivalent(a, b, ec);
  return fs::weakly_canonical(a, ec) == fs::weakly_canonical(b, ec);
}

// `--json IN.yaml` would destroy the system file, and two options naming one path would lose one of
// the outputs: both are refused before anything runs.
void refuse_clashing_outputs(const Args& a, const std::vector<std::string>& output_options) {
  std::vector<std::pair<std::string, std::string>> outs;  // option, path
  for (const auto& o : output_options)
    if (a.options.count(o)) outs.emplace_back(o, a.options.at(o));
  for (std::size_t i = 0; i < outs.size(); ++i) {
    for (const auto& in : a.positional)
      if (same_file(outs[i].second, in))
        throw InvalidArgument(outs[i].first + " '" + outs[i].second + "' is an input file; expected another path for the output");
    for (std::size_t j = 0; j < i; ++j)
      if (same_file(outs[i].second, outs[j].second))
        throw InvalidArgument(outs[j].first + " and " + outs[i].first + " both write '" + outs[i].second +
                              "'; expected a path for each");
  }
}

// The derivation's header: the system's names, and the symbols every kind of system shares.
Derivation start_derivation(const SystemFile& f) {
  Derivation d;
  d.name = f.name;
  d.description = f.description;
  d.latex_names = f.latex;
  for (std::size_t i = 0; i < f.Q.dim(); ++i) d.declare(f.Q.coordinate_name(i), SymbolKind::Coordinate);
  for (std::size_t i = 0; i < f.Q.dim(); ++i) d.declare(f.Q.coordinate_name(i) + "_dot", SymbolKind::Velocity);
  for (const auto& p : f.Q.parameter_specs()) d.declare(p.name, SymbolKind::Parameter);
  for (const auto& fs : f.Q.function_specs()) d.declare(fs.name, SymbolKind::Function);
  return d;
}

// Plots go beside the LaTeX report, or into --plots DIR.
std::string plot_base(const Args& a, const SystemFile& f) {
  if (a.options.count("--plots")) {
    const std::string dir = a.options.at("--plots");
    std::error_code ec;  // a directory that cannot be made is reported by the first plot written there
    std::filesystem::create_directories(dir, ec);
    return dir + "/" + f.name;
  }
  for (const char* o : {"--latex", "--latex-body"})
    if (a.options.count(o)) {
      std::string base = a.options.at(o);
      if (base.size() > 4 && base.compare(base.size() - 4, 4, ".tex") == 0) base.resize(base.size() - 4);
      return base;
    }
  return "";
}

// Progress on stderr once a derivation has run for more than a second; silent with --quiet.
// Each step's title as it starts: to the profile (if any), and, past the first second, to stderr.
std::function<void(const std::string&)> progress(bool quiet, std::ostream& err, StepProfile* profile) {
  const auto start = std::chrono::steady_clock::now();
  return [start, quiet, profile, &err](const std::string& title) {
    if (profile) profile->start(plain_text(title));
    if (quiet) return;
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (s > 1.0) err << "hamel derive: " << std::fixed << std::setprecision(1) << s << " s, now: " << plain_text(title) << std::endl;
  };
}

// Every output is rendered and written to a temporary file first; they are put in place together, so
// a failure leaves no output half written and none replaced.
void write_outputs(const Args& a, const Derivation& d, std::ostream& out) {
  std::vector<std::unique_ptr<AtomicFile>> files;
  std::vector<std::string> messages;
  for (const char* o : {"--latex", "--latex-body"})
    if (a.options.count(o)) {
      files.push_back(std::make_unique<AtomicFile>(a.options.at(o)));
      write_latex(d, files.back()->stream(), LatexOptions{std::string(o) == "--latex-body"});
      messages.push_back(std::string("LaTeX ") + (std::string(o) == "--latex" ? "report" : "body") + " written to " + a.options.at(o));
    }
  if (a.options.count("--json")) {
    files.push_back(std::make_unique<AtomicFile>(a.options.at("--json")));
    files.back()->stream() << to_json(d).dump(2) << "\n";
    messages.push_back("JSON written to " + a.options.at("--json"));
  }
  for (auto& f : files) f->commit();
  for (const auto& m : messages) out << m << "\n";
}

// The derivation of the system file named on the command line, by every module that applies to it.
Derivation derive_file(const Args& a, std::ostream& err, StepProfile* profile) {
  const SystemFile f = read_system_file(Document::load(a.positional[0]));
  Derivation d = start_derivation(f);
  const DeriveOptions options{plot_base(a, f), progress(has_flag(a, "--quiet"), err, profile)};
  bool any = false;
  for (const auto& m : modules())
    if (m->applies(f)) {
      m->derive(f, d, options);
      any = true;
    }
  if (!any) throw InvalidArgument("'" + a.positional[0] + "' describes no system Hamel can derive (no 'lagrangian' or other system key)");
  return d;
}

int derive(const Args& a, std::ostream& out, std::ostream& err) {
  if (a.positional.size() != 1) throw InvalidArgument("'hamel derive' expects one system file");
  refuse_clashing_outputs(a, {"--latex", "--latex-body", "--json"});
  std::optional<StepProfile> profile;
  if (has_flag(a, "--profile")) profile.emplace().start("reading and checking the system file");
  const auto started = std::chrono::steady_clock::now();
  Derivation d = derive_file(a, err, profile ? &*profile : nullptr);
  const auto derived = std::chrono::steady_clock::now();
  if (profile) profile->start("display pass (the forms to print)");
  present(d);
  // for bench/display_sizes: the display pass against the whole derivation
  if (std::getenv("HAMEL_TIMINGS")) {
    const auto now = std::chrono::steady_clock::now();
    err << "timing: derive " << std::chrono::duration<double>(now - started).count() << " s, display pass "
        << std::chrono::duration<double>(now - derived).count() << " s\n";
  }
  if (profile) profile->start("rendering and writing the outputs");
  declare_remaining_symbols(d);
  write_text(d, out, has_flag(a, "--quiet"));
  write_outputs(a, d, out);
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
  refuse_clashing_outputs(a, {"--json"});
  const auto point = read_point(a.options.at("--at"));  // before the derivation: a typo costs nothing
  // no display pass: it would turn the floating-point values into exact fractions
  Derivation d = at_point(derive_file(a, err, nullptr), point);
  declare_remaining_symbols(d);
  write_text(d, out, has_flag(a, "--quiet"));
  write_outputs(a, d, out);
  return 0;
}

// One line per claim, the counterexample of each false one, and the summary; the exit status is 0
// when every verdict is the one the claims file expects.
int report_claims(const std::vector<ClaimResult>& results, const std::vector<bool>& expected, const std::string& file,
                  std::ostream& out) {
  std::size_t t = 0, errata = 0, undecided = 0;
  std::vector<std::string> unexpected;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const ClaimResult& r = results[i];
    t += r.holds ? 1 : 0;
    undecided += r.undecided ? 1 : 0;
    // an undecided claim is never as expected: neither TRUE nor FALSE was shown
    const bool as_expected = !r.undecided && r.holds == expected[i];
    if (!as_expected) unexpected.push_back(r.name);
    else if (!r.holds) ++errata;
    out << (r.undecided ? "UNDECIDED " : r.holds ? "TRUE  " : "FALSE ") << r.name << "  (" << file << ":" << r.line
        << "; " << r.how << ")\n";
    if (!r.holds) {
      out << "      derived: " << r.derived << "\n      claimed: " << r.claimed << "\n";
      if (!r.counterexample.empty()) out << "      they differ at " << r.counterexample << "\n";
    }
    if (r.undecided) out << "      not as expected: the zero test decided neither way\n";
    else if (!as_expected) out << "      not as expected: the claims file says this is " << (expected[i] ? "true" : "false") << "\n";
    else if (!r.holds) out << "      as expected: the claims file marks it false (expect: false)\n";
  }
  const std::size_t n = results.size();
  out << n << " claims: " << t << " true, " << n - t - undecided << " false";
  if (undecided > 0) out << ", " << undecided << " undecided";
  out << "\n";
  if (unexpected.empty()) {
    out << n << " as expected (" << errata << (errata == 1 ? " erratum" : " errata") << " confirmed false)\n";
    return 0;
  }
  out << unexpected.size() << " not as expected:";
  for (const auto& u : unexpected) out << " '" << u << "'";
  out << "\n";
  return 1;
}

int check(const Args& a, std::ostream& out) {
  if (a.positional.size() != 2) throw InvalidArgument("'hamel check' expects a system file and a claims file");
  const SystemFile f = read_system_file(Document::load(a.positional[0]));
  const Document cdoc = Document::load(a.positional[1]);
  const ClaimsFile claims = read_claims_file(cdoc, f);
  // each module checks its claims in one call (it derives once); results go back in file order
  std::map<const Module*, std::vector<Claim>> by_module;
  std::vector<std::size_t> slot;
  for (std::size_t i = 0; i < claims.claims.size(); ++i) {
    slot.push_back(by_module[claims.owners[i]].size());
    by_module[claims.owners[i]].push_back(claims.claims[i]);
  }
  std::map<const Module*, std::vector<ClaimResult>> results;
  for (const auto& [m, cs] : by_module) results[m] = m->check(f, cs, claims.context);
  std::vector<ClaimResult> ordered;
  for (std::size_t i = 0; i < claims.claims.size(); ++i) ordered.push_back(results[claims.owners[i]][slot[i]]);
  return report_claims(ordered, claims.expected, cdoc.file(), out);
}

int simulate(const Args& a, std::ostream& out) {
  if (a.positional.size() != 1) throw InvalidArgument("'hamel simulate' expects one system file");
  refuse_clashing_outputs(a, {"--csv", "--plot"});
  const SystemFile f = read_system_file(Document::load(a.positional[0]));
  SimulateOptions o;
  if (a.options.count("--csv")) o.csv = a.options.at("--csv");
  if (a.options.count("--plot")) o.plot = a.options.at("--plot");
  o.quiet = has_flag(a, "--quiet");
  for (const auto& m : modules())
    if (m->applies(f) && m->can_simulate(f)) return m->simulate(f, o, out);
  throw InvalidArgument("'" + a.positional[0] + "' has nothing to simulate (expected a 'simulate' section)");
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

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    (args.empty() ? err : out) << kUsage;
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") {
    out << "hamel " << HAMEL_VERSION << "\n";
    return 0;
  }
  try {
    if (args[0] == "derive") {
      const Args a = parse_args(args, {"--latex", "--latex-body", "--json", "--plots", "--jobs"}, {"--quiet", "--profile"});
      const WorkersFor jobs(a);
      return derive(a, out, err);
    }
    if (args[0] == "check") {
      const Args a = parse_args(args, {"--jobs"}, {});
      const WorkersFor jobs(a);
      return check(a, out);
    }
    if (args[0] == "simulate") return simulate(parse_args(args, {"--csv", "--plot"}, {"--quiet"}), out);
    if (args[0] == "eval") {
      const Args a = parse_args(args, {"--at", "--json", "--jobs"}, {"--quiet"});
      const WorkersFor jobs(a);
      return eval(a, out, err);
    }
    err << "error: unknown command '" << args[0] << "'\n" << kUsage;
    return 2;
  } catch (const ParseError& e) {
    err << "error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    err << "error: " << e.what() << "\n";
    return 2;
  }
}

}  // namespace hamel::cli
