// io/render/json.cpp — a derivation as JSON (docs/derivation-json.md): ordered arrays wherever order
// carries meaning, expressions in the input syntax, a table of symbols, checks by stable id.
#include <cstdlib>
#include <map>

#include "core/latex.hpp"
#include "io/render/labels.hpp"
#include "io/render/render.hpp"

namespace hamel {

namespace {

using nlohmann::json;

// Ids made unique in order of appearance: a second "jacobi" becomes "jacobi#2".
class UniqueIds {
 public:
  std::string operator()(const std::string& id) {
    const std::size_t n = ++seen_[id];
    return n == 1 ? id : id + "#" + std::to_string(n);
  }

 private:
  std::map<std::string, std::size_t> seen_;
};

json cell(const std::string& s) {
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (!s.empty() && end && *end == '\0') return v;
  return s;
}

json entry_json(const Entry& e) {
  json j = {{"key", e.key}, {"label", text_label(e.label)}, {"value", to_text(e.value)}};
  if (!e.basis.empty()) j["basis"] = e.basis;
  if (!e.note.empty()) j["note"] = e.note;
  return j;
}

json object_json(const Object& o, const std::string& section) {
  json entries = json::array();
  for (const auto& e : o.entries) entries.push_back(entry_json(e));
  return {{"kind", to_string(o.kind)}, {"title", plain_text(o.title)}, {"section", section},
          {"symmetry", to_string(o.symmetry)}, {"entries", entries}};
}

json verdict_json(const Verdict& v, const std::string& section) {
  json w = json::object();
  for (const auto& [n, x] : v.witness) w[n] = x;
  return {{"statement", plain_text(v.statement)},
          {"holds", v.undecided ? json(nullptr) : json(v.holds)},
          {"expected", v.expected ? json(*v.expected) : json(nullptr)},
          {"status", v.undecided ? "undecided" : v.failure() ? "failure" : v.expected ? "as expected" : "fact"},
          {"reason", plain_text(v.reason)},
          {"method", plain_text(v.method)},
          {"witness", w},
          {"section", section}};
}

json table_json(const Table& t) {
  json rows = json::array();
  for (const auto& r : t.rows) {
    json row = json::array();
    for (const auto& c : r) row.push_back(cell(c));
    rows.push_back(row);
  }
  return {{"id", t.id}, {"caption", plain_text(t.caption)}, {"columns", t.columns}, {"rows", rows}};
}

json symbols_json(const Derivation& d) {
  const LatexNaming names(d);
  json s = json::array();
  for (const auto& x : d.symbols) {
    json j = {{"name", x.name}, {"kind", to_string(x.kind)}, {"latex", names.name(x.name)}};
    if (!x.meaning.empty()) j["meaning"] = x.meaning;
    s.push_back(j);
  }
  return s;
}

json summary_json(const Derivation& d) {
  const VerdictCount c = count_verdicts(d);
  return {{"checks", c.total}, {"yes", c.yes}, {"no", c.no}, {"undecided", c.undecided},
          {"failures", c.failures}, {"expected_no", c.expected_no}};
}

}  // namespace

json to_json(const Derivation& d) {
  json out = json::object();
  out["format"] = "hamel-derivation";
  out["version"] = 1;
  out["name"] = d.name;
  out["description"] = d.description;
  out["symbols"] = symbols_json(d);
  json sections = json::array(), objects = json::object(), checks = json::object();
  UniqueIds object_id, check_id;
  for (const auto& s : d.sections) {
    json sj = {{"id", s.id}, {"title", plain_text(s.title)}, {"prose", json::array()}, {"objects", json::array()},
               {"checks", json::array()}, {"tables", json::array()}, {"figures", json::array()}};
    for (const auto& p : s.prose) sj["prose"].push_back(plain_text(p.text()));
    for (const auto& o : s.objects) {
      const std::string id = object_id(o.id);
      sj["objects"].push_back(id);
      objects[id] = object_json(o, s.id);
    }
    for (const auto& v : s.verdicts) {
      const std::string id = check_id(v.id);
      sj["checks"].push_back(id);
      checks[id] = verdict_json(v, s.id);
    }
    for (const auto& t : s.tables) sj["tables"].push_back(table_json(t));
    for (const auto& f : s.figures) sj["figures"].push_back({{"path", f.path}, {"caption", f.caption}});
    sections.push_back(sj);
  }
  out["sections"] = sections;
  out["objects"] = objects;
  out["checks"] = checks;
  out["summary"] = summary_json(d);
  return out;
}

}  // namespace hamel
