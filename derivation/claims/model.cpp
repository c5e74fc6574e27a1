// derivation/claims/model.cpp
#include "derivation/claims/model.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "core/display.hpp"
#include "core/error.hpp"
#include "core/latex.hpp"
#include "core/did_you_mean.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

std::string joined(const std::vector<std::string>& key) {
  std::string k;
  for (const auto& x : key) k += (k.empty() ? "" : ",") + x;
  return k;
}

bool is_number(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

// The keys the symmetry of `o` makes equal to `key`, each with its sign (key itself first, +1):
// g_θx = g_xθ, C_212 = −C_122, Jac_{π1 π2 x} = Jac_{x π1 π2} (docs/derivation-json.md).
std::vector<std::pair<std::vector<std::string>, int>> equivalent_keys(const Object& o, const std::vector<std::string>& key) {
  std::vector<std::pair<std::vector<std::string>, int>> out{{key, 1}};
  const Symmetry s = o.symmetry;  // a bracket is antisymmetric from its making (DerivationSection::object)
  if (key.size() < 2 || s == Symmetry::None) return out;
  if (s == Symmetry::Symmetric || s == Symmetry::Antisymmetric) {
    std::vector<std::string> swapped = key;
    std::swap(swapped[0], swapped[1]);
    out.emplace_back(swapped, s == Symmetry::Symmetric ? 1 : -1);
    return out;
  }
  // alternating: every permutation, signed by its parity (counted as inversions of the positions)
  std::vector<std::size_t> p(key.size());
  for (std::size_t i = 0; i < p.size(); ++i) p[i] = i;
  while (std::next_permutation(p.begin(), p.end())) {
    std::vector<std::string> k;
    int sign = 1;
    for (std::size_t i = 0; i < p.size(); ++i) {
      k.push_back(key[p[i]]);
      for (std::size_t j = i + 1; j < p.size(); ++j) sign = p[i] > p[j] ? -sign : sign;
    }
    out.emplace_back(k, sign);
  }
  return out;
}

// A key an entry of `o` could have: as long as the listed keys, and each index one that occurs in
// that place (or, by the symmetry, in another), a number no larger than those, or a name of the
// system of the same kind (a momentum where momenta occur). An object with no entries takes any key.
void check_key(const ModelClaim& c, const Object& o, const Derivation& d) {
  if (o.entries.empty()) return;
  const std::size_t n = o.entries.front().key.size();
  const auto fail = [&](const std::string& what) {
    throw SpecError(c.at.find({"key", ""}), "'key': object '" + o.id + "' has no entry '" + joined(c.key) + "'; " + what +
                                              " (e.g. '" + joined(o.entries.front().key) + "')");
  };
  if (c.key.size() != n) fail("expected " + std::to_string(n) + (n == 1 ? " index" : " indices"));
  const bool shared = o.symmetry != Symmetry::None;
  std::map<std::string, SymbolKind> kinds;
  for (const Symbol& s : d.symbols) kinds[s.name] = s.kind;
  for (std::size_t i = 0; i < n; ++i) {
    std::set<std::string> seen;
    std::set<SymbolKind> seen_kinds;
    unsigned long largest = 0;
    for (const auto& e : o.entries)
      for (std::size_t j = 0; j < n; ++j)
        if (j == i || (shared && (o.symmetry == Symmetry::Alternating || (i < 2 && j < 2)))) {
          seen.insert(e.key[j]);
          if (is_number(e.key[j])) largest = std::max(largest, std::stoul(e.key[j]));
          if (kinds.count(e.key[j])) seen_kinds.insert(kinds.at(e.key[j]));
        }
    const std::string& k = c.key[i];
    const bool ok = seen.count(k) || (is_number(k) && k.size() < 9 && std::stoul(k) >= 1 && std::stoul(k) <= largest) ||
                    (kinds.count(k) && seen_kinds.count(kinds.at(k)));
    if (!ok) {
      std::string msg = "'" + k + "' is not an index there";
      if (auto m = did_you_mean(k, std::vector<std::string>(seen.begin(), seen.end()))) msg += " (did you mean '" + *m + "'?)";
      fail(msg);
    }
  }
}

// The entry of `o` at `key`, or at a key its symmetry makes equal (with the sign); a valid key that
// is not listed is a zero the object leaves out, except in a scalar, equations or a list, which list
// every entry.
ex entry_value(const ModelClaim& c, const Object& o, const Derivation& d) {
  for (const auto& [key, sign] : equivalent_keys(o, c.key))
    for (const auto& e : o.entries)
      if (e.key == key) return sign * e.value;
  if (o.kind == ObjectKind::Scalar || o.kind == ObjectKind::Equations || o.kind == ObjectKind::List) {
    // a scalar's one entry has the empty key: say how to write it, not "one of ''"
    if (o.kind == ObjectKind::Scalar)
      throw SpecError(c.at.find({"key", ""}), "'key': object '" + o.id + "' is a scalar, whose one entry has no key; expected key: [] (or no key), got '" +
                                                 joined(c.key) + "'");
    std::vector<std::string> keys;
    for (const auto& e : o.entries) keys.push_back("'" + joined(e.key) + "'");
    throw SpecError(c.at.find({"key", ""}), "'key': object '" + o.id + "' has no entry there; expected " +
                                               one_of(keys, "no key (the object has no entries)"));
  }
  check_key(c, o, d);
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
    // variables written out on both sides: a value may mix them with the momenta (and a witness is then
    // a point of D*, where the variables take their values); shown as the object and the claim write them
    const ex derived = entry_value(c, object_of(d, c), d);
    // a relation R_k among the variables is 0 on D∗ by what it is: written out there, every claimed
    // value of it would hold; it is compared as an expression in the variables themselves
    if (c.id == "variable_relations") compare_claim(res, derived, c.value, ProbeSpace{});
    else compare_claim(res, derived.subs(d.definitions), c.value.subs(d.definitions), chart);
    if (!d.definitions.empty()) res.derived = to_text(display_form(derived)), res.claimed = to_text(c.value);
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
