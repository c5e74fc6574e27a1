// io/claims_file.cpp
#include "io/claims_file.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <tuple>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/parallel.hpp"

namespace hamel {

namespace {

// The module that checks claims of this kind: among those that have it (identity: nonholonomic and
// hybrid systems), the one that applies to the system file.
const Module* owner_of(const std::string& kind, const SystemFile& system) {
  const Module* first = nullptr;
  for (const auto& m : modules()) {
    const auto ks = m->claim_kinds();
    if (std::find(ks.begin(), ks.end(), kind) == ks.end()) continue;
    if (m->applies(system)) return m.get();
    if (!first) first = m.get();
  }
  return first;
}

std::vector<std::string> allowed_keys() {
  std::vector<std::string> keys = {"name", "source", "expect"};
  for (const auto& m : modules())
    for (const auto& kind : m->claim_kinds())
      if (std::find(keys.begin(), keys.end(), kind) == keys.end()) keys.push_back(kind);
  return keys;
}

// The one kind key of claim number k (1-based) and its module.
const Module* read_kind(const Document& doc, const YAML::Node& c, std::size_t k, const SystemFile& system, Claim& out) {
  const Module* owner = nullptr;
  for (auto it = c.begin(); it != c.end(); ++it) {
    const std::string key = it->first.Scalar();
    if (key == "name" || key == "source" || key == "expect") continue;
    if (owner) doc.fail(it->first, "claim " + std::to_string(k) + ": expected one kind key, got a second one '" + key + "'");
    owner = owner_of(key, system);
    // every kind takes a mapping ({pair: …, value: …}); the claim readers index into it
    if (owner && !it->second.IsMap())
      doc.fail(it->second, "claim " + std::to_string(k) + ": expected a mapping after '" + key + ":' ({key: value, …}), got " +
                               (it->second.IsScalar() ? "'" + it->second.Scalar() + "'" : std::string("a list or nothing")));
    out.kind = key;
    out.body = it->second;
  }
  if (!owner) doc.fail(c, "claim " + std::to_string(k) + ": expected a kind key (e.g. bracket, structure_coefficient), got none");
  return owner;
}

// The names a claims file declares (`symbols`, `definitions`), each once in the file and none of the
// system's: the error is at the later declaration and says where the other is.
void check_own_names(const Document& doc, const SystemFile& system) {
  const YAML::Node& root = doc.root();
  DeclaredNames own;
  const auto declare = [&](const YAML::Node& at, const std::string& n, const std::string& key, const std::string& what) {
    if (const DeclaredNames::Entry* e = system.names.find(n))
      doc.fail(at, "'" + key + "': expected a name the system does not use, got '" + n + "', already " +
                       (e->at ? "declared as " + e->what + " at " + e->at->file + ":" + std::to_string(e->at->line) + ":" +
                                    std::to_string(e->at->column)
                              : "reserved for " + e->what));
    own.claim(doc, at, n, what);
  };
  for (const auto& s : doc.sequence(root["symbols"], "'symbols'")) declare(s, doc.name(s, "a symbol"), "symbols", "a symbol");
  for (const auto& [k, v] : doc.mapping(root["definitions"], "'definitions'"))
    declare(k, doc.name(k, "a definition name"), "definitions", "a definition");
}

// The syntax of a claim's formulas, checked before the derivation whose names they use: a missing
// parenthesis in a claim was reported after the whole derivation (seconds to minutes).
void check_formula_syntax(const Document& doc, const YAML::Node& body) {
  if (!body.IsMap()) return;
  for (const char* key : {"value", "function", "lhs", "rhs"}) {
    const YAML::Node n = body[key];
    if (!n || !n.IsScalar()) continue;
    try {
      ExpressionReader::check_syntax(n.Scalar(), doc.pos(n));
    } catch (const ParseError& e) {
      throw ParseError(e.file(), e.line(), e.column(), "'" + std::string(key) + "': " + e.message());
    }
  }
}

}  // namespace

ClaimsFile read_claims_file(const Document& doc, const SystemFile& system) {
  const YAML::Node& root = doc.root();
  doc.check_keys(root, {"system", "symbols", "definitions", "claims"}, "the claims file");
  ClaimsFile out;
  out.context.doc = &doc;
  check_own_names(doc, system);
  for (const auto& s : doc.sequence(root["symbols"], "'symbols'")) {
    const std::string n = doc.name(s, "a symbol");
    out.context.symbols.push_back({n, GiNaC::possymbol(n), s});
  }
  out.context.definitions = doc.mapping(root["definitions"], "'definitions'");
  if (!root["claims"]) throw ParseError(doc.file(), 1, 1, "missing key 'claims'; expected a list of claims, got none");
  const std::vector<std::string> allowed = allowed_keys();
  std::size_t k = 0;
  for (const auto& c : doc.sequence(root["claims"], "'claims'")) {
    const std::string which = "claim " + std::to_string(++k);
    if (!c.IsMap()) doc.fail(c, which + ": expected a mapping with one kind key, got a " + (c.IsScalar() ? "scalar" : "list"));
    doc.check_keys(c, allowed, which);
    Claim cl;
    cl.node = c;
    const Module* owner = read_kind(doc, c, k, system, cl);
    check_formula_syntax(doc, cl.body);
    if (!owner->applies(system))
      doc.fail(c, which + ": a '" + cl.kind + "' claim needs a " + owner->name() + " system; the system file has none");
    cl.name = c["name"] ? doc.scalar(c["name"], "'name'") : cl.kind + " " + std::to_string(k);
    // the report names the claims not as expected by name: two alike would be told apart by nobody
    for (const Claim& before : out.claims)
      if (before.name == cl.name && c["name"])
        doc.fail(c["name"], "'name': expected a name no other claim has, got '" + cl.name + "', already the name of the claim at " +
                                std::to_string(before.node["name"].Mark().line + 1) + ":" + std::to_string(before.node["name"].Mark().column + 1));
    if (c["source"]) cl.name += " [" + doc.scalar(c["source"], "'source'") + "]";
    out.claims.push_back(cl);
    out.owners.push_back(owner);
    out.expected.push_back(doc.boolean(c, "expect", true));
  }
  if (out.claims.empty()) doc.fail(root["claims"], "'claims': expected at least one claim, got none");
  return out;
}

namespace {

std::vector<ClaimResult> check_in_context(const SystemFile& system, const ClaimsFile& claims, const ClaimsContext& context) {
  std::map<const Module*, std::vector<Claim>> by_module;
  std::vector<std::size_t> slot;  // each claim's place among its module's
  for (std::size_t i = 0; i < claims.claims.size(); ++i) {
    slot.push_back(by_module[claims.owners[i]].size());
    by_module[claims.owners[i]].push_back(claims.claims[i]);
  }
  std::map<const Module*, std::vector<ClaimResult>> results;
  for (const auto& [m, cs] : by_module) results[m] = m->check(system, cs, context);
  std::vector<ClaimResult> ordered;
  for (std::size_t i = 0; i < claims.claims.size(); ++i) ordered.push_back(results[claims.owners[i]][slot[i]]);
  return ordered;
}

// The identifiers in a YAML node, keys and values, split at every character that is not one of a
// name ("[X_nh, rotation]" → X_nh, rotation; "bracket.reduced" → bracket, reduced).
void words_of(const YAML::Node& n, std::set<std::string>& out) {
  const auto split = [&out](const std::string& s) {
    std::string cur;
    for (char c : s + " ") {
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') cur += c;
      else if (!cur.empty()) out.insert(cur), cur.clear();
    }
  };
  if (n.IsScalar()) split(n.Scalar());
  if (n.IsSequence())
    for (const auto& x : n) words_of(x, out);
  if (n.IsMap())
    for (auto it = n.begin(); it != n.end(); ++it) split(it->first.Scalar()), words_of(it->second, out);
}

// The names a system file declares inside its sections (symmetry generators, variables, frame fields,
// guards: the keys of its second level, the items of its lists, every `name`), and its generators
// (the `symmetry` keys and the action's parameters).
struct Declared {
  std::set<std::string> names;
  std::set<std::string> generators;
};

// The `name` of every mapping at any depth (hybrid guards: `- name: C2`).
void named_items(const YAML::Node& n, std::set<std::string>& out) {
  if (n.IsMap()) {
    if (n["name"] && n["name"].IsScalar()) out.insert(n["name"].Scalar());
    for (auto it = n.begin(); it != n.end(); ++it) named_items(it->second, out);
  }
  if (n.IsSequence())
    for (const auto& x : n) named_items(x, out);
}

Declared declared_names(const SystemFile& f) {
  Declared d;
  const YAML::Node& root = f.doc.root();
  if (!root.IsMap()) return d;
  for (auto it = root.begin(); it != root.end(); ++it) {
    const YAML::Node v = it->second;  // by value: it-> yields a proxy that dies with the statement
    if (v.IsMap())
      for (auto k = v.begin(); k != v.end(); ++k) d.names.insert(k->first.Scalar());
    if (v.IsSequence())
      for (const auto& x : v)
        if (x.IsScalar()) d.names.insert(x.Scalar());
    named_items(v, d.names);
  }
  const YAML::Node symmetry = root["symmetry"];
  if (symmetry && symmetry.IsMap())
    for (auto k = symmetry.begin(); k != symmetry.end(); ++k) d.generators.insert(k->first.Scalar());
  const YAML::Node action = root["action"];
  if (action && action.IsMap() && action["parameters"] && action["parameters"].IsSequence())
    for (const auto& x : action["parameters"])
      if (x.IsScalar()) d.generators.insert(x.Scalar()), d.names.insert(x.Scalar());
  return d;
}

// The words a claim must name to involve the failed verdict `v` (CheckedClaims::involves).
std::set<std::string> subjects_of(const Verdict& v, const Declared& declared) {
  std::vector<std::string> parts;
  std::string cur;
  for (char c : v.id + ".") {
    if (c != '.') cur += c;
    else parts.push_back(cur), cur.clear();
  }
  std::set<std::string> out;
  for (std::size_t i = 1; i + 1 < parts.size(); ++i)
    if (declared.names.count(parts[i])) out.insert(parts[i]);
  const std::string& family = parts.front();
  const bool whole = family == "action" || (family == "symmetry" && out.empty());
  if (whole) out.insert(declared.generators.begin(), declared.generators.end());
  // without a symmetry that passes its checks there are no Casimirs and no reduced space
  if (family == "symmetry" || family == "action") out.insert("casimir");
  if (family == "symmetry" || family == "action" || family == "variables" || family == "reduced")
    for (const char* w : {"reduced", "reduced_bracket"}) out.insert(w);
  return out;
}

// Claim results through a worker's pipe (core/parallel.hpp), every field kept.
std::string results_to_text(const std::vector<ClaimResult>& results) {
  nlohmann::json j = nlohmann::json::array();
  for (const ClaimResult& r : results)
    j.push_back({r.name, r.kind, r.holds, r.undecided, r.how, r.derived, r.claimed, r.counterexample, r.point, r.derived_at,
                 r.claimed_at, r.line});
  return j.dump();
}

std::vector<ClaimResult> results_from_text(const std::string& text) {
  std::vector<ClaimResult> out;
  for (const auto& j : nlohmann::json::parse(text)) {
    ClaimResult r;
    std::tie(r.name, r.kind, r.holds, r.undecided, r.how, r.derived, r.claimed, r.counterexample, r.point, r.derived_at,
             r.claimed_at, r.line) = j.get<std::tuple<std::string, std::string, bool, bool, std::string, std::string, std::string,
                                                      std::string, std::vector<std::pair<std::string, std::string>>, std::string,
                                                      std::string, int>>();
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

std::vector<ClaimResult> check_claims(const SystemFile& system, const ClaimsFile& claims) {
  return check_in_context(system, claims, claims.context);
}

namespace {

// The claims' results, with the derivation made into `d`: once, read by entry and verdict claims.
std::vector<ClaimResult> check_beside(const SystemFile& system, const ClaimsFile& claims, const DeriveOptions& options,
                                      Derivation& d) {
  const auto model = std::find_if(modules().begin(), modules().end(), [](const auto& m) { return m->name() == "derivation"; });
  if (std::find(claims.owners.begin(), claims.owners.end(), model->get()) != claims.owners.end()) {
    d = derive_system(system, options);
    ClaimsContext context = claims.context;
    context.derivation = &d;
    return check_in_context(system, claims, context);
  }
  // the claims in a worker while the derivation, whose progress the user sees, runs here
  const auto answer = run_beside([&] { return results_to_text(check_claims(system, claims)); },
                                 [&] { d = derive_system(system, options); });
  return answer ? results_from_text(*answer) : check_claims(system, claims);
}

// The ids of the failed verdicts and unexpressed entries `c` involves (CheckedClaims::involves).
std::vector<std::string> involved(const Claim& c, const CheckedClaims& out, const Declared& declared) {
  std::set<std::string> words{c.kind};
  words_of(c.body, words);
  const auto named = [&words](const auto& names) {
    return std::all_of(names.begin(), names.end(), [&](const std::string& k) { return words.count(k) > 0; });
  };
  std::vector<std::string> ids;
  for (const Verdict& v : out.failed) {
    const std::set<std::string> subjects = subjects_of(v, declared);
    if (std::any_of(subjects.begin(), subjects.end(), [&](const std::string& s) { return words.count(s) > 0; })) ids.push_back(v.id);
  }
  for (const auto& e : out.unexpressed) {
    std::set<std::string> object_words;
    words_of(YAML::Node(e.object), object_words);
    if (named(object_words) && named(e.key)) ids.push_back(e.id());
  }
  return ids;
}

}  // namespace

CheckedClaims check_claims_with_derivation(const SystemFile& system, const ClaimsFile& claims, const DeriveOptions& options) {
  CheckedClaims out;
  Derivation d;
  out.results = check_beside(system, claims, options, d);
  for (const Verdict* v : d.verdicts())
    if (v->failure()) out.failed.push_back(*v);
  for (const auto& section : d.sections)
    for (const Object& o : section.objects)
      for (const Entry& e : o.entries)
        if (e.note.rfind("left in (q, pi)", 0) == 0) out.unexpressed.push_back({o.id, e.key, e.label, e.note});
  const Declared declared = declared_names(system);
  for (const Claim& c : claims.claims) out.involves.push_back(involved(c, out, declared));
  return out;
}

std::string CheckedClaims::LeftEntry::id() const {
  std::string k;
  for (const auto& x : key) k += (k.empty() ? "" : ",") + x;
  return key.empty() ? object : object + "[" + k + "]";
}

}  // namespace hamel
