// io/system_file.hpp — the part of a system file every system shares, and the modules that read
// the rest (docs/system-files.md).
//
// Common keys: name, description, parameters, coordinates, domain, functions.  Each module
// (nonholonomic brackets, gauge momenta, hybrid, contact, discrete, …) declares the top-level keys it
// reads, derives its report sections, checks its kinds of claims and, if it can, simulates.
#pragma once

#include <functional>
#include <memory>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/source_pos.hpp"
#include "derivation/claims.hpp"
#include "derivation/model.hpp"
#include "geometry/chart.hpp"
#include "io/yaml_document.hpp"

namespace hamel {

/// The names a file declares, each with what it names and where. A name declared twice is refused at
/// the later of its two declarations in the file, which names the earlier one: the readers go through
/// the sections in their own order (parameters before coordinates), not the file's.
class DeclaredNames {
 public:
  struct Entry {
    std::string name;
    std::string what;                ///< "a coordinate"
    std::optional<SourcePos> at;     ///< none for a name a section creates (the momenta pi1, pi2, …)
  };
  /// Records `name`, declared at `at` as `what`. @throws ParseError for a name already declared:
  /// "duplicate name 'x' for a parameter; expected a name not used elsewhere in the file, got 'x',
  /// already declared as a coordinate at 5:15" (at the later declaration), or for pi (refuse_builtin_name).
  void claim(const Document& doc, const YAML::Node& at, const std::string& name, const std::string& what);
  /// Records a name a section creates, which no later declaration may take. @throws ParseError at the
  /// declaration of `name` when the file has one.
  void reserve(const Document& doc, const std::string& name, const std::string& what);
  const Entry* find(const std::string& name) const;
  bool contains(const std::string& name) const { return find(name) != nullptr; }

 private:
  std::vector<Entry> entries_;
};

struct SystemFile {
  Document doc;
  std::string name;
  std::string description;
  Chart Q;
  ExpressionReader q;    ///< coordinates, parameters, abstract functions
  ExpressionReader tq;   ///< the same and the velocities q_dot
  /// Abbreviations of the file's `definitions:` (already declared in q and tq), in order.
  std::vector<std::pair<std::string, GiNaC::ex>> definitions;
  std::vector<std::pair<std::string, std::string>> latex;  ///< `latex:` names: identifier → LaTeX, in order
  std::map<std::string, std::string> units;  ///< `units:` coordinate or t → unit, for plot labels
  DeclaredNames names;  ///< every name declared so far (to refuse duplicates)
  /// Refuses a name already used (coordinates, parameters, functions, frame fields, variables, …), or
  /// pi (refuse_builtin_name).
  void claim_name(const YAML::Node& at, const std::string& name, const std::string& what);
};

/// Refuses at `at` a declared name (`what`: "a coordinate") the expressions already give a meaning:
/// pi for any name, and also sin, diff, … (ExpressionReader::builtin) for a function. Either would
/// shadow the built-in and print as it. A symbol named like a function stays free: sin(…) is the
/// function, sin alone the symbol. @throws ParseError.
void refuse_builtin_name(const Document& doc, const YAML::Node& at, const std::string& name, const std::string& what,
                         bool function);

/// Reads the common keys and checks that every top-level key is known to some module.
SystemFile read_system_file(const Document& doc);

/// A claim of a claims file, dispatched to the module that knows its kind.
struct Claim {
  std::string name;        ///< "name:" or the kind and index
  std::string kind;        ///< e.g. "bracket"
  YAML::Node body;         ///< the value of the kind key
  YAML::Node node;         ///< the whole claim (for positions)
};

/// Shared by all claims of a file: extra symbols (e.g. a typo's lower-case r) and abbreviations.
struct ClaimsContext {
  const Document* doc = nullptr;  ///< the claims file
  struct Symbol {
    std::string name;
    GiNaC::ex value;
    YAML::Node node;  ///< where it is declared, for a refusal
  };
  std::vector<Symbol> symbols;                                      ///< declared into every reader
  std::vector<std::pair<YAML::Node, YAML::Node>> definitions;        ///< name → expression, in order
  /// The derivation of the system, when the caller made one (`hamel check` does, for its own
  /// verdicts): entry and verdict claims read it instead of deriving again. Null: they derive.
  const Derivation* derivation = nullptr;
};

/// The number `v` given to the parameter `name` of Q in a `values` section: real, finite, and > 0 when
/// the parameter is declared positive (every parameter is, unless declared otherwise: m = 0 would
/// divide by zero far from the file).  @throws ParseError at `v`.
GiNaC::ex parameter_value(const Document& doc, const YAML::Node& v, const Chart& Q, const std::string& name,
                          const std::string& what);

/// Refuses, where they are declared, coordinates, parameters and functions named like the momenta on
/// D* (pi1..pir) or the quasi-velocities on D (v1..vr, geometry/lifts.hpp) of a system of rank r: the
/// charts of D* and D extend Q's, and the clash would come later, without a position. @throws ParseError.
void refuse_reserved_names(const SystemFile& f, std::size_t r);

/// Refuses a Lagrangian `L` (read at `n`) that is real at none of the sample points of Q's probe space
/// where it has a value (core/symbolic.hpp, real_on_samples; velocities and the action in the default
/// range): `sqrt(-1 - x^2)`, or `sqrt(1 - x^2)` with x in (2, 3), derived complex nonsense. Real at one
/// point is enough: sqrt(1 - x^2) with x in (-2, 2) is accepted. @throws ParseError at `n`.
void require_real_lagrangian(const SystemFile& f, const YAML::Node& n, const GiNaC::ex& L);

/// Warns (Document::warn, at `n`) when the kinetic energy of `L` is not positive definite: when its
/// metric ∂²L/∂q̇∂q̇ has an eigenvalue ≤ 0 at a sample point of Q's probe space (geometry/linear_algebra.hpp,
/// definiteness_on_samples), as T = (x_dot^2 - y_dot^2)/2 has everywhere. A warning, not an error: the
/// derivations hold for any nondegenerate L, and one degenerate off D is allowed (mechanical_parts).
/// A metric of the parameters alone that is positive for some of their sampled values is not warned
/// about: a condition on them (the snakeboard's J > J0) that the file cannot state.
/// Nothing is said of an L that is not polynomial in the velocities (refused later, with its reason).
void warn_indefinite_kinetic_energy(const SystemFile& f, const YAML::Node& n, const GiNaC::ex& L);

/// A `domain` mapping {coordinate: [lower, upper]} of constants (the open intervals where numeric probing
/// samples), each coordinate one of `coordinates`; `what` names the key in messages ("'domain'").
/// @throws ParseError at an unknown coordinate (with a did-you-mean), a list of other than two ends, an
///   end that is not a real constant, or lower >= upper.
std::map<std::string, Interval> read_domain(const Document& doc, const YAML::Node& node, const std::vector<std::string>& coordinates,
                                            const std::string& what);

/// Declares the context's symbols in `reader`, then parses each definition with it (a definition may
/// use the earlier ones) and declares it as an abbreviation.
/// @throws ParseError at the claims file's entry for a symbol or definition whose name the reader
///   already knows (a coordinate, momentum, parameter, variable or definition of the system): it would
///   silently change what the claims compare (issue 17 §2).
void apply_context(const ClaimsContext& context, ExpressionReader& reader);

struct SimulateOptions {
  std::string csv;    ///< trajectory CSV (empty: none)
  bool csv_to_stdout = false;  ///< `--csv -`: `csv` is a temporary file copied to standard output, with no events CSV beside it
  std::string plot;   ///< plot file (.svg / .png; empty: none)
  bool quiet = false;  ///< --brief or --quiet: no details of the events (impacts, switches), no progress lines
  std::map<std::string, std::string> units;  ///< the file's `units:`, for the plots' labels
  /// Progress lines (cli/progress.hpp): each phase's title as it starts (integration, writing the CSV,
  /// the plots), and how far a long phase is (at most once a second). Empty: silent.
  std::function<void(const std::string&)> progress, detail;
};

class Module {
 public:
  virtual ~Module() = default;
  virtual std::string name() const = 0;
  /// Top-level keys this module reads.
  virtual std::vector<std::string> keys() const = 0;
  virtual bool applies(const SystemFile& file) const = 0;
  /// Appends the derivation of what this module reads (derivation/: it reads, then derives).
  virtual void derive(const SystemFile& file, Derivation& out, const DeriveOptions& options) const = 0;
  /// Claim kinds this module checks.
  virtual std::vector<std::string> claim_kinds() const { return {}; }
  virtual std::vector<ClaimResult> check(const SystemFile& file, const std::vector<Claim>& claims,
                                         const ClaimsContext& context) const;
  virtual bool can_simulate(const SystemFile&) const { return false; }
  /// The files the system file's simulate section names, by the option each stands for (`--csv`,
  /// `--plot`): `simulate` writes them where the command line names none, and checks them first as its own.
  virtual std::vector<std::pair<std::string, std::string>> simulate_outputs(const SystemFile&) const { return {}; }
  /// Runs the simulation; returns the exit status.
  virtual int simulate(const SystemFile& file, const SimulateOptions& options, std::ostream& out) const;
};

/// Names each result after its claim (name, kind, line in the claims file), in the same order.
void name_results(std::vector<ClaimResult>& results, const std::vector<Claim>& claims);

/// Every module, in the order their sections appear in reports (io/modules/registry.cpp).
const std::vector<std::unique_ptr<Module>>& modules();

/// The derivation of `file` by every module that applies to it, in report order, under the header
/// every kind of system shares (its names, coordinates, velocities, parameters, functions); before the
/// display pass. What `hamel derive` and the Python module start from.
/// @throws InvalidArgument when no module applies.
Derivation derive_system(const SystemFile& file, const DeriveOptions& options);


}  // namespace hamel
