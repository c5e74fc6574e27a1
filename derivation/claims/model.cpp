// derivation/claims/model.cpp
#include "derivation/claims/model.hpp"

#include "core/error.hpp"
#include "core/did_you_mean.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

// The entry of `o` at `key`; a missing entry of an object that leaves zeros out is 0, a bracket read
// the other way round is its negative.
ex entry_value(const ModelClaim& c, const Object& o) {
  const auto& key = c.key;
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
    throw SpecError(c.at.find({"key", ""}), "'key': object '" + o.id + "' has no entry there; expected one of" + keys);
  }
  return 0;
}

const Object& object_of(const Derivation& d, const ModelClaim& c) {
  if (const Object* o = d.find(c.id)) return *o;
  std::vector<std::string> ids;
  for (const auto& s : d.sections)
    for (const auto& x : s.objects) ids.push_back(x.id);
  std::string msg = "'object': no object '" + c.id + "' in the derivation";
  if (auto m = did_you_mean(c.id, ids)) msg += " (did you mean '" + *m + "'?)";
  throw SpecError(c.at.find({"id", ""}), msg);
}

}  // namespace

ClaimResult check_model_claim(const Derivation& d, const ModelClaim& c, const Chart& chart) {
  ClaimResult res;
  if (c.kind == "entry") {
    compare_claim(res, entry_value(c, object_of(d, c)), c.value, chart);
    return res;
  }
  for (const Verdict* v : d.verdicts())
    if (v->id == c.id) {
      compare_claim(res, v->holds, c.holds, v->method);
      res.undecided = v->undecided;  // neither outcome shown: the claim is neither TRUE nor FALSE
      if (res.undecided) res.holds = false, res.derived = "undecided";
      return res;
    }
  throw SpecError(c.at.find({"id", ""}), "'id': no check '" + c.id + "' in the derivation");
}

}  // namespace hamel
