// io/modules/model_claims.cpp — reading the claims on the derivation model, for every kind of system:
// an `entry` of any derived object by its id and key, a `verdict` by its id (checked by
// derivation/claims/model.cpp).  The names a claimed value may use are the system file's, the
// variables the derivation defines, and every symbol that occurs in its values (momenta).
#include "io/modules/model_claims.hpp"

#include <optional>

#include "core/error.hpp"
#include "derivation/claims/model.hpp"

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

// The file's reader, the claims file's symbols and definitions, and the symbols of the derivation:
// those it defines (variables, velocities), whether or not a value contains them, and those its values use.
ExpressionReader model_reader(const SystemFile& f, const Derivation& d, const ClaimsContext& ctx) {
  ExpressionReader r = f.q;
  CollectSymbols c;
  for (const auto& [defined, value] : d.definitions) defined.traverse(c);
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

// An `entry` claim: the object's id, the key and the claimed value.
void read_entry(const Document& doc, const ExpressionReader& r, const YAML::Node& b, ModelClaim& c) {
  if (!b["object"]) doc.fail(b, "expected 'object' (an object id of the derivation, e.g. bracket.gauged), got none");
  c.id = doc.scalar(b["object"], "'object'");
  c.at.set("id", doc.mark(b["object"]));
  if (!b["value"]) doc.fail(b, "expected 'value', got none");
  if (b["key"]) c.at.set("key", doc.mark(b["key"]));
  c.key = key_of(doc, b["key"]);
  c.value = doc.expression(b["value"], r, "'value'");
}

// A `verdict` claim: the check's id and the claimed outcome.
void read_verdict(const Document& doc, const YAML::Node& b, ModelClaim& c) {
  if (!b["id"]) doc.fail(b, "expected 'id' (a check id of the derivation, e.g. jacobi.nonholonomic), got none");
  c.id = doc.scalar(b["id"], "'id'");
  c.at.set("id", doc.mark(b["id"]));
  c.holds = doc.boolean(b, "holds", true);
}

ModelClaim read_model_claim(const Document& doc, const ExpressionReader& r, const Claim& cl) {
  ModelClaim c;
  c.kind = cl.kind;
  c.at.set("", doc.mark(cl.body));
  doc.check_keys(cl.body, c.kind == "entry" ? std::vector<std::string>{"object", "key", "value"} : std::vector<std::string>{"id", "holds"},
                 "a '" + c.kind + "' claim");
  if (c.kind == "entry") read_entry(doc, r, cl.body, c);
  else read_verdict(doc, cl.body, c);
  return c;
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
    // the claims may name any symbol of the derivation: it is derived first, then they are read
    std::optional<Derivation> own;
    if (!ctx.derivation) own = derive_all(f);
    const Derivation& d = ctx.derivation ? *ctx.derivation : *own;
    const Document& doc = ctx.doc ? *ctx.doc : f.doc;
    const ExpressionReader r = model_reader(f, d, ctx);
    std::vector<ModelClaim> read;
    for (const auto& c : claims) read.push_back(read_model_claim(doc, r, c));
    std::vector<ClaimResult> out;
    for (const auto& c : read) out.push_back(check_model_claim(d, c, f.Q));
    name_results(out, claims);
    return out;
  }
};

}  // namespace

std::unique_ptr<Module> make_model_claims_module() { return std::make_unique<ModelClaims>(); }

}  // namespace hamel
