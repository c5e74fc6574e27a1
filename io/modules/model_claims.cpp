// io/modules/model_claims.cpp — claims on the derivation model, for every kind of system: an
// `entry` of any derived object by its id and key, a `verdict` by its id.  The names a claimed value
// may use are the system file's and every symbol that occurs in the derivation (momenta, variables).
#include "io/modules/model_claims.hpp"

#include "core/error.hpp"
#include "core/symbolic.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

// Every module's derivation of the file (the model the claims address).
Derivation derive_all(const SystemFile& f) {
  Derivation d;
  for (const auto& m : modules())
    if (m->name() != "derivation" && m->applies(f)) m->derive(f, d, DeriveOptions{});
  return d;
}

struct CollectSymbols : GiNaC::visitor, GiNaC::symbol::visitor {
  std::map<std::string, ex> found;
  void visit(const GiNaC::symbol& s) override { found.emplace(s.get_name(), s); }
};

// The file's reader, the claims file's symbols and definitions, and the symbols of the derivation.
ExpressionReader model_reader(const SystemFile& f, const Derivation& d, const ClaimsContext& ctx) {
  ExpressionReader r = f.q;
  CollectSymbols c;
  for (const auto& s : d.sections)
    for (const auto& o : s.objects)
      for (const auto& e : o.entries) e.value.traverse(c);
  for (const auto& [name, sym] : c.found)
    if (!r.declared(name)) r.declare(name, sym);
  apply_context(ctx, r);
  return r;
}

std::vector<std::string> key_of(const Document& doc, const YAML::Node& n) {
  std::vector<std::string> key;
  if (!n) return key;
  if (n.IsSequence()) {
    for (const auto& x : n) key.push_back(doc.scalar(x, "'key'"));
    return key;
  }
  std::string cur;
  for (char c : doc.scalar(n, "'key'") + ",") {
    if (c != ',' && c != ' ') cur += c;
    else if (!cur.empty()) key.push_back(cur), cur.clear();
  }
  return key;
}

// The entry of `o` at `key`; a missing entry of an object that leaves zeros out is 0, a bracket read
// the other way round is its negative.
ex entry_value(const Document& doc, const YAML::Node& at, const Object& o, const std::vector<std::string>& key) {
  for (const auto& e : o.entries) {
    if (e.key == key) return e.value;
    if (o.kind == ObjectKind::Bracket && key.size() == 2 && e.key == std::vector<std::string>{key[1], key[0]}) return -e.value;
  }
  if (o.kind == ObjectKind::Scalar || o.kind == ObjectKind::Equations || o.kind == ObjectKind::List) {
    std::string keys;
    for (const auto& e : o.entries) {
      std::string k;
      for (const auto& x : e.key) k += (k.empty() ? "" : ",") + x;
      keys += " '" + k + "'";
    }
    doc.fail(at, "'key': object '" + o.id + "' has no entry there; expected one of" + keys);
  }
  return 0;
}

// Compared on the system's chart (its domains and positive parameters); other symbols (momenta,
// variables) are sampled on the probe's default range.
ClaimResult check_entry(const Document& doc, const SystemFile& f, const Derivation& d, const ExpressionReader& r,
                        const Claim& c) {
  ClaimResult res;
  if (!c.body["object"]) doc.fail(c.body, "expected 'object' (an object id of the derivation, e.g. bracket.gauged), got none");
  const std::string id = doc.scalar(c.body["object"], "'object'");
  const Object* o = d.find(id);
  if (!o) {
    std::vector<std::string> ids;
    for (const auto& s : d.sections)
      for (const auto& x : s.objects) ids.push_back(x.id);
    std::string msg = "'object': no object '" + id + "' in the derivation";
    if (auto m = did_you_mean(id, ids)) msg += " (did you mean '" + *m + "'?)";
    doc.fail(c.body["object"], msg);
  }
  if (!c.body["value"]) doc.fail(c.body, "expected 'value', got none");
  const ex derived = entry_value(doc, c.body["key"] ? c.body["key"] : c.body, *o, key_of(doc, c.body["key"]));
  compare_claim(res, derived, doc.expression(c.body["value"], r, "'value'"), f.Q);
  return res;
}

ClaimResult check_verdict(const Document& doc, const Derivation& d, const Claim& c) {
  ClaimResult res;
  if (!c.body["id"]) doc.fail(c.body, "expected 'id' (a check id of the derivation, e.g. jacobi.nonholonomic), got none");
  const std::string id = doc.scalar(c.body["id"], "'id'");
  for (const Verdict* v : d.verdicts())
    if (v->id == id) {
      compare_claim(res, v->holds, doc.boolean(c.body, "holds", true), v->method);
      return res;
    }
  doc.fail(c.body["id"], "'id': no check '" + id + "' in the derivation");
}

class ModelClaims : public Module {
 public:
  std::string name() const override { return "derivation"; }
  std::vector<std::string> keys() const override { return {}; }
  bool applies(const SystemFile& f) const override {
    for (const auto& m : modules())
      if (m.get() != this && m->applies(f)) return true;
    return false;
  }
  void derive(const SystemFile&, Derivation&, const DeriveOptions&) const override {}
  std::vector<std::string> claim_kinds() const override { return {"entry", "verdict"}; }
  std::vector<ClaimResult> check(const SystemFile& f, const std::vector<Claim>& claims, const ClaimsContext& ctx) const override {
    const Derivation d = derive_all(f);
    const Document& doc = ctx.doc ? *ctx.doc : f.doc;
    const ExpressionReader r = model_reader(f, d, ctx);
    std::vector<ClaimResult> out;
    for (const auto& c : claims) {
      ClaimResult res = c.kind == "entry" ? check_entry(doc, f, d, r, c) : check_verdict(doc, d, c);
      res.name = c.name;
      res.kind = c.kind;
      res.line = c.node.Mark().line + 1;
      out.push_back(res);
    }
    return out;
  }
};

}  // namespace

std::unique_ptr<Module> make_model_claims_module() { return std::make_unique<ModelClaims>(); }

}  // namespace hamel
