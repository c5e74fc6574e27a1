// io/modules/discrete/discrete_claims.cpp — reading the claims of discrete systems into DiscreteClaims
// (derivation/claims/discrete.hpp): keys, names of coordinates, slots and sections, values in the slots.
#include "io/modules/discrete/discrete_claims.hpp"

#include <functional>
#include <map>

#include "core/did_you_mean.hpp"
#include "core/error.hpp"

namespace hamel {

namespace {

using GiNaC::ex;

// `none` says what was expected, and why there is nothing to name, when `names` is empty.
std::size_t index_in(const Document& doc, const YAML::Node& n, const std::vector<std::string>& names, const std::string& what,
                     const std::string& none = "a name (there is none here)") {
  const std::string s = doc.scalar(n, what);
  const auto it = std::find(names.begin(), names.end(), s);
  if (it == names.end()) doc.fail(n, what + ": unknown name '" + s + "'; expected " + one_of(names, none) + ", got '" + s + "'");
  return static_cast<std::size_t>(it - names.begin());
}

// The names of the coordinates of Q that are (or are not) the group's.
std::vector<std::string> coordinate_names(const DiscreteFile& f, bool group) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < f.Q.dim(); ++i) {
    const bool in_group = std::find(f.group_coordinates.begin(), f.group_coordinates.end(), i) != f.group_coordinates.end();
    if (in_group == group) out.push_back(f.Q.coordinate_name(i));
  }
  return out;
}

// One claim being read: the claims file, the section as read, the claim and the reader of values.
struct ClaimEnv {
  const Document& doc;
  const DiscreteFile& f;
  const Claim& c;
  const ExpressionReader& reader;
  DiscreteClaim& claim;
  const YAML::Node& body() const { return c.body; }
  void value() const {
    if (!c.body["value"]) doc.fail(c.body, "expected 'value', got none");
    claim.value = doc.expression(c.body["value"], reader, "'value'");
  }
  // a reduced system needs `symmetry` (whether it exists is known once derived)
  void needs_reduction() const {
    if (f.group_coordinates.empty())
      doc.fail(c.body, "a '" + c.kind + "' claim needs a reduced system ('symmetry' and a nonholonomic connection); got none");
  }
};

using Read = std::function<void(const ClaimEnv&)>;

void value_only(const ClaimEnv& e) { e.value(); }

void reduced_value(const ClaimEnv& e) {
  e.needs_reduction();
  e.value();
}

void discrete_equation(const ClaimEnv& e) {
  if (!e.body()["coordinate"]) e.doc.fail(e.body(), "expected 'coordinate', got none");
  std::vector<std::string> all;
  for (std::size_t i = 0; i < e.f.Q.dim(); ++i) all.push_back(e.f.Q.coordinate_name(i));
  e.claim.index = index_in(e.doc, e.body()["coordinate"], all, "'coordinate'");
  e.value();
}

// reduced_force {slot, shape} and mixed_curvature {slot, group, shape}.
void reduced_component(const ClaimEnv& e) {
  const Document& doc = e.doc;
  const YAML::Node& b = e.body();
  e.needs_reduction();
  if (!b["slot"] || !b["shape"]) doc.fail(b, "expected 'slot' (minus or plus) and 'shape' (a shape coordinate), got none");
  const std::string slotv = doc.scalar(b["slot"], "'slot'");
  if (slotv != "minus" && slotv != "plus") doc.fail(b["slot"], "'slot': expected minus or plus, got '" + slotv + "'");
  e.claim.minus = slotv == "minus";
  e.claim.index = index_in(doc, b["shape"], coordinate_names(e.f, false), "'shape'",
                           "a shape coordinate (every coordinate is a group coordinate of 'symmetry')");
  if (e.c.kind == "mixed_curvature") {
    if (!b["group"]) doc.fail(b, "expected 'group' (a group coordinate), got none");
    e.claim.group = index_in(doc, b["group"], coordinate_names(e.f, true), "'group'");
  }
  e.value();
}

// reduced_equation {horizontal: k} or {vertical: k}: the index is checked against the derived equations.
void reduced_equation(const ClaimEnv& e) {
  const Document& doc = e.doc;
  const YAML::Node& b = e.body();
  e.needs_reduction();
  if (!b["horizontal"] && !b["vertical"]) doc.fail(b, "expected 'horizontal' or 'vertical' (a 1-based index), got none");
  e.claim.horizontal = static_cast<bool>(b["horizontal"]);
  const YAML::Node& at = e.claim.horizontal ? b["horizontal"] : b["vertical"];
  e.claim.index_text = doc.scalar(at, "the index");
  e.claim.at.set("index", doc.mark(at));
  e.value();
}

void momentum(const ClaimEnv& e) {
  const YAML::Node& b = e.body();
  if (e.f.group_coordinates.empty()) e.doc.fail(b, "a 'discrete_momentum' claim needs 'symmetry'; got none");
  if (!b["section"]) e.doc.fail(b, "expected 'section' (a name of 'momentum', or xi1, xi2, ... without it), got none");
  e.claim.section = e.doc.scalar(b["section"], "'section'");
  e.claim.at.set("section", e.doc.mark(b["section"]));
  std::vector<std::string> names;
  for (const auto& [nm, xi] : e.f.sections) names.push_back(nm);
  // without 'momentum', the sections are the derived xi1, xi2, ... (momentum_sections): checked there
  if (!names.empty()) index_in(e.doc, b["section"], names, "'section'");
  e.value();
}

// A yes/no claim on (53): `holds` (default true).
void horizontal_symmetry(const ClaimEnv& e) {
  const Document& doc = e.doc;
  const YAML::Node& b = e.body();
  if (!e.f.horizontal_symmetry)
    doc.fail(b, "a 'horizontal_symmetry' claim needs 'horizontal_symmetry: {subgroup}' in the system file; got none");
  if (b.IsMap() && b["holds"]) {
    const std::string v = doc.scalar(b["holds"], "'holds'");
    if (v != "true" && v != "false") doc.fail(b["holds"], "'holds': expected true or false, got '" + v + "'");
    e.claim.holds = v == "true";
  }
}

const std::map<std::string, Read>& readers() {
  static const std::map<std::string, Read> table = {
      {"discrete_lagrangian", value_only}, {"discrete_equation", discrete_equation},
      {"reduced_lagrangian", reduced_value}, {"reduced_force", reduced_component}, {"mixed_curvature", reduced_component},
      {"reduced_equation", reduced_equation}, {"shape_lagrangian", value_only}, {"discrete_momentum", momentum},
      {"horizontal_symmetry", horizontal_symmetry}};
  return table;
}

}  // namespace

std::vector<DiscreteClaim> read_discrete_claims(const SystemFile& file, const DiscreteFile& in, const std::vector<Claim>& claims,
                                                const ClaimsContext& context) {
  ExpressionReader reader = in.slots;
  apply_context(context, reader);
  const Document& doc = context.doc ? *context.doc : file.doc;
  std::vector<DiscreteClaim> out;
  for (const auto& c : claims) {
    DiscreteClaim claim;
    claim.kind = c.kind;
    claim.at.set("", doc.mark(c.body));
    readers().at(c.kind)(ClaimEnv{doc, in, c, reader, claim});
    out.push_back(std::move(claim));
  }
  return out;
}

}  // namespace hamel
