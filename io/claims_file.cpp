// io/claims_file.cpp
#include "io/claims_file.hpp"

#include <map>

#include "core/error.hpp"

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

}  // namespace

ClaimsFile read_claims_file(const Document& doc, const SystemFile& system) {
  const YAML::Node& root = doc.root();
  doc.check_keys(root, {"system", "symbols", "definitions", "claims"}, "the claims file");
  ClaimsFile out;
  out.context.doc = &doc;
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
    if (!owner->applies(system))
      doc.fail(c, which + ": a '" + cl.kind + "' claim needs a " + owner->name() + " system; the system file has none");
    cl.name = c["name"] ? doc.scalar(c["name"], "'name'") : cl.kind + " " + std::to_string(k);
    // the report names the claims not as expected by name: two alike would be told apart by nobody
    for (const Claim& before : out.claims)
      if (before.name == cl.name && c["name"])
        doc.fail(c["name"], "'name': expected a name no other claim has, got '" + cl.name + "' again (the claim at line " +
                                std::to_string(before.node.Mark().line + 1) + ")");
    if (c["source"]) cl.name += " [" + doc.scalar(c["source"], "'source'") + "]";
    out.claims.push_back(cl);
    out.owners.push_back(owner);
    out.expected.push_back(doc.boolean(c, "expect", true));
  }
  if (out.claims.empty()) doc.fail(root["claims"], "'claims': expected at least one claim, got none");
  return out;
}

std::vector<ClaimResult> check_claims(const SystemFile& system, const ClaimsFile& claims) {
  std::map<const Module*, std::vector<Claim>> by_module;
  std::vector<std::size_t> slot;  // each claim's place among its module's
  for (std::size_t i = 0; i < claims.claims.size(); ++i) {
    slot.push_back(by_module[claims.owners[i]].size());
    by_module[claims.owners[i]].push_back(claims.claims[i]);
  }
  std::map<const Module*, std::vector<ClaimResult>> results;
  for (const auto& [m, cs] : by_module) results[m] = m->check(system, cs, claims.context);
  std::vector<ClaimResult> ordered;
  for (std::size_t i = 0; i < claims.claims.size(); ++i) ordered.push_back(results[claims.owners[i]][slot[i]]);
  return ordered;
}

}  // namespace hamel
