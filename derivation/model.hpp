// derivation/model.hpp — a derivation as data: an ordered tree of sections that hold named, typed
// results (expressions and their indexed families, tables, figures, verdicts).
//
// The derivation steps of each kind of system fill it and format nothing; io/render walks it to write
// text, LaTeX and JSON, each written once for every kind of system (docs/derivation-json.md).
#pragma once

#include <ginac/ginac.h>

#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hamel {

/// How an entry is named, as a paper writes it; the renderers typeset it.  Names (bases, indices that
/// are not digits, bracket arguments) are identifiers of the system (theta, pi1, H_c), so that the
/// renderers can give them their LaTeX names.
struct Label {
  enum class Form {
    Symbol,   ///< base with lower and upper indices: C_123, G^12, g_{theta psi}, X1^x
    Bracket,  ///< {lower[0], lower[1]}
    Dot,      ///< the time derivative of base
  };
  Form form = Form::Symbol;
  std::string base;
  std::vector<std::string> lower;
  std::vector<std::string> upper;

  static Label symbol(std::string base, std::vector<std::string> lower = {}, std::vector<std::string> upper = {});
  static Label bracket(std::string f, std::string g);
  static Label dot(std::string name);
};

/// One value of an object.
struct Entry {
  std::vector<std::string> key;  ///< its place in the object ({"1","2","3"}, {"theta","pi1"}); empty for a scalar
  Label label;
  GiNaC::ex value;
  std::vector<std::string> basis;  ///< a form's component: the coordinates whose differentials wedge the value
  /// A remark on the value, e.g. "left in (q, pi): not a function of the variables" for a reduced
  /// object that could not be written in the variables; empty for most entries.
  std::string note;
};

enum class ObjectKind {
  Scalar,       ///< one expression (H_c, V)
  Family,       ///< an indexed family (g_ij, C_αβγ, G^αβ); entries not listed are zero
  VectorField,  ///< components by coordinate, one or more fields (key: field, coordinate)
  Form,         ///< components by increasing coordinates (key: the coordinates)
  Bracket,      ///< {f, g} by pairs of coordinates or variables (key: f, g)
  Equations,    ///< first-order equations ẋ = … (key: the coordinate)
  List,         ///< an ordered list of expressions (key: position)
};

/// Which entries an object leaves out because a symmetry of its first indices gives them: readers of
/// the JSON rebuild them, and tell them from zeros.
enum class Symmetry {
  None,           ///< every nonzero entry is listed
  Symmetric,      ///< in its first two indices; entries with key[0] <= key[1] listed (g_ij, G^ab)
  Antisymmetric,  ///< in its first two indices; key[0] < key[1] listed (C_abc, C_ab^c, {f, g})
  Alternating,    ///< in every pair of indices; increasing keys listed (forms, Jacobiators)
};

/// A named result: what the renderers print as one numbered display and the JSON keeps under its id.
struct Object {
  std::string id;     ///< stable and unique in a derivation: "structure_coefficients", "bracket.gauged"
  ObjectKind kind = ObjectKind::Family;
  std::string title;  ///< what it is, in words; `$…$` marks math in Hamel's names ("$C_{abc}$")
  std::vector<Entry> entries;  ///< in printing order; zero entries of a family are left out
  Symmetry symmetry = Symmetry::None;  ///< brackets are antisymmetric and forms alternating by default
  /// Adds an entry and returns it.
  Entry& add(std::vector<std::string> key, Label label, GiNaC::ex value);
};

/// A yes/no fact decided by the derivation.
struct Verdict {
  std::string id;         ///< stable: "jacobi.nonholonomic"
  std::string statement;  ///< the fact in words; `$…$` marks math
  bool holds = false;
  /// What theory or the user expects; none: a fact either way (e.g. whether Π_nh is Poisson).
  std::optional<bool> expected = true;
  std::string reason;  ///< why that outcome is expected, or what the fact means (a theorem)
  std::string method;  ///< how it was decided (proof by canonical form, numeric evidence, …)
  std::vector<std::pair<std::string, std::string>> witness;  ///< a point where it fails: name → value, in name order
  /// The zero test behind it decided neither way (core/symbolic.hpp, ZeroVerdict::undecided): `holds` is
  /// then false, and the verdict is never as expected: neither outcome was shown.
  bool undecided = false;

  /// The verdict contradicts what was expected, or could not be decided where an outcome is expected.
  bool failure() const { return expected && (undecided || *expected != holds); }
};

/// Numbers in columns (a solution sampled, a trajectory's invariants).
struct Table {
  std::string id;
  std::string caption;
  std::vector<std::string> columns;  ///< names (Hamel identifiers or `$…$` math)
  std::vector<std::vector<std::string>> rows;  ///< formatted numbers; the JSON writes them as numbers
  /// When set, the text and LaTeX reports show only the first `head` and the last `tail` rows of a
  /// longer table, with a line counting the others (a run of 1000 impacts); the JSON has every row.
  std::size_t head = 0, tail = 0;
};

/// How many rows the text and LaTeX reports leave out of t after its first t.head (0: none).
std::size_t rows_left_out(const Table& t);

struct Figure {
  std::string path;  ///< the image file written by the derivation (SVG, PNG)
  std::string caption;
};

/// A function of one variable known only by numbers (the gauge-momentum solutions Φ(s) of an ODE
/// solved numerically): the renderers show its table; `hamel eval` evaluates it where the point gives
/// its argument (issue 19 §6).
struct NumericFunction {
  std::string id;                  ///< stable: "gauge_search.solutions"
  std::string title;               ///< `$…$` marks math
  std::string argument;            ///< the name of its variable
  std::vector<std::string> names;  ///< one per component
  double lo = 0, hi = 0;           ///< where it is known
  std::function<std::vector<double>(double)> at;
  /// The abstract functions u(argument) it solves for, when the entries hold them (g, k of a gauge
  /// momentum C = g(θ) p_W1 + k(θ) p_W2): component j·n + i is unknowns[i] of solution j, n = unknowns.size().
  std::vector<std::string> unknowns;
};

/// A paragraph of prose: words, where `$…$` marks math written with Hamel's names, and formulas, values
/// the renderers print as they print displayed ones (V = \gamma^{10} z in LaTeX, not the words gamma^10*z).
struct Paragraph {
  struct Piece {
    std::string words;
    std::optional<GiNaC::ex> formula;  ///< set: this piece is a formula, `words` is empty
  };
  std::vector<Piece> pieces;

  Paragraph() = default;
  Paragraph(std::string words);  // NOLINT(google-explicit-constructor): most paragraphs are words only
  Paragraph(const char* words);  // NOLINT(google-explicit-constructor)
  /// Appends words, or a formula.
  Paragraph& words(std::string w);
  Paragraph& formula(const GiNaC::ex& e);
  /// The words and the formulas as plain text (to_text), `$` marks kept: the text report and the JSON.
  std::string text() const;
};

struct DerivationSection {
  std::string id;     ///< stable: "kinetic_energy", "bracket.nonholonomic"
  std::string title;  ///< in words; `$…$` marks math
  std::vector<Paragraph> prose;
  std::deque<Object> objects;  ///< a deque: references returned by object() stay valid
  std::vector<Table> tables;
  std::vector<Figure> figures;
  std::deque<Verdict> verdicts;
  std::vector<NumericFunction> functions;

  Object& object(std::string id, ObjectKind kind, std::string title);
  /// The object with this id, or nullptr.
  Object* find(const std::string& id);
  /// A verdict expected to hold (change `expected` for facts and expected failures).
  Verdict& verdict(std::string id, std::string statement, bool holds, std::string method);
};

/// What a name of the derivation stands for (the JSON's table of symbols).
enum class SymbolKind { Coordinate, Velocity, Momentum, Parameter, Function, Variable, Unknown };

struct Symbol {
  std::string name;
  SymbolKind kind = SymbolKind::Coordinate;
  std::string meaning;  ///< e.g. "momentum of frame field X1"; may be empty
};

/// A recurring denominator named once, as 004 (6.7) names K(θ): set by present(); text and LaTeX
/// print the entries with the name (Derivation::abbreviated), JSON and claims see the values written out.
struct Abbreviation {
  std::string name;
  GiNaC::ex value;
  /// The forms it takes in the entries, each with its factor against K: the display form of −K, of K
  /// written in cosines or of J0·K differs from K's (value itself is among them, with 1). A factor is
  /// a number times a monomial in the symbols (−1, J0, 2 m2).
  std::vector<std::pair<GiNaC::ex, GiNaC::ex>> forms;
  /// When it is an earlier one in the variables: that one's name and the variables' definitions it
  /// holds (the flagship's K2 is K1 with gamma3 = cos(theta)); empty otherwise.
  std::string same_as;
  std::vector<std::pair<std::string, GiNaC::ex>> with;
};

struct Derivation {
  std::string name;
  std::string description;
  std::vector<Symbol> symbols;  ///< in declaration order (coordinates, velocities, momenta, parameters, …)
  std::vector<std::pair<std::string, std::string>> latex_names;  ///< user LaTeX names: identifier → LaTeX
  std::deque<DerivationSection> sections;  ///< a deque: references returned by add() stay valid
  std::vector<Abbreviation> abbreviations;  ///< in order of first appearance
  /// Symbols the derivation defines by the others, as functions on the base space: the variables
  /// u_a ↦ u_a(q, π). A claim's value and the derived one are compared with them written out, so that a
  /// value may mix π and u (not serialised: the JSON's objects already say which symbols they use).
  GiNaC::exmap definitions;
  /// Display forms found before the display pass, during the derivation (present.hpp DisplayAhead):
  /// value ↦ form; present() uses them and empties it.
  GiNaC::exmap displayed;

  /// Appends a section and returns it.
  DerivationSection& add(std::string id, std::string title);
  /// Declares a symbol once (a second declaration of the same name is ignored).
  void declare(const std::string& name, SymbolKind kind, const std::string& meaning = "");
  /// Every verdict, in order.
  std::vector<const Verdict*> verdicts() const;
  /// The object with this id, or nullptr.
  const Object* find(const std::string& id) const;
  /// `value` with each abbreviation's name in place of its value.
  GiNaC::ex abbreviated(const GiNaC::ex& value) const;
};

/// Declares every symbol that occurs in the derivation's objects and is not in its table yet (kind
/// Unknown, e.g. the multipliers ν_a of discrete equations), so that the table names every symbol.
void declare_remaining_symbols(Derivation& d);

/// What a derivation is asked besides the system: where plots go, and whom to tell which step it is in.
struct DeriveOptions {
  std::string plot_base;  ///< path prefix for plot files (e.g. "build/chaplygin_sphere"); empty: no plots
  std::function<void(const std::string&)> progress;  ///< called with each step's title as it starts
  /// Called with what a long step is working on (the entry being re-expressed): for the user's eyes
  /// only, not a step of the profile.
  std::function<void(const std::string&)> detail;
  /// Called with the derivation as it stands when each new section starts: the display pass begins
  /// there on what is found so far (derivation/present.hpp DisplayAhead).
  std::function<void(const Derivation&)> section_started;
};

/// The base of a hybrid run's figures (`BASE-hybrid`, and `BASE-hybrid-path` for its path) and of the
/// gauge-momentum plot (`BASE-gauge-momenta`) under DeriveOptions::plot_base.
std::string hybrid_plot_base(const std::string& plot_base);
std::string gauge_plot_base(const std::string& plot_base);
/// Every file a derivation may write under `plot_base`, whether this system draws it or not: the
/// command line refuses an input among them before any work.
std::vector<std::string> derivation_plot_files(const std::string& plot_base);

/// The summary of a derivation's verdicts.
struct VerdictCount {
  std::size_t total = 0, yes = 0, no = 0, undecided = 0;
  std::size_t failures = 0;       ///< verdicts that contradict their expectation
  std::size_t expected_no = 0;    ///< "no" verdicts that were expected (facts, errata confirmed)
};
VerdictCount count_verdicts(const Derivation& d);

std::string to_string(ObjectKind k);
std::string to_string(Symmetry s);
std::string to_string(SymbolKind k);

}  // namespace hamel
