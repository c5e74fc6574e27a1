// tests/support/derivation_json.hpp — reading a derivation's JSON (docs/derivation-json.md) in tests.
#pragma once

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

namespace hamel::test {

inline nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

/// The entries of object `id`: key joined with "," → value (the input syntax).
inline std::map<std::string, std::string> entries(const nlohmann::json& j, const std::string& id) {
  std::map<std::string, std::string> out;
  if (!j["objects"].contains(id)) return out;
  for (const auto& e : j["objects"][id]["entries"]) {
    std::string k;
    for (const auto& x : e["key"]) k += (k.empty() ? "" : ",") + x.get<std::string>();
    out[k] = e["value"].get<std::string>();
  }
  return out;
}

/// The counterexample point of claim `k` of a `hamel check --json` report: name → value.
inline std::map<std::string, double> counterexample_point(const nlohmann::json& report, std::size_t k) {
  std::map<std::string, double> out;
  for (const auto& [name, value] : report["claims"][k]["counterexample"]["point"].items()) out[name] = std::stod(value.get<std::string>());
  return out;
}

/// The check whose statement is `statement` (null when there is none).
inline nlohmann::json check_by_statement(const nlohmann::json& j, const std::string& statement) {
  for (const auto& [id, c] : j["checks"].items())
    if (c["statement"] == statement) return c;
  return nullptr;
}

/// The names of the symbols of one kind, in order.
inline std::vector<std::string> symbols_of_kind(const nlohmann::json& j, const std::string& kind) {
  std::vector<std::string> out;
  for (const auto& s : j["symbols"])
    if (s["kind"] == kind) out.push_back(s["name"]);
  return out;
}

/// The table with this id, searched in every section (null when there is none).
inline nlohmann::json table(const nlohmann::json& j, const std::string& id) {
  for (const auto& s : j["sections"])
    for (const auto& t : s["tables"])
      if (t["id"] == id) return t;
  return nullptr;
}

/// The value of scalar object `id` (empty when there is none).
inline std::string scalar(const nlohmann::json& j, const std::string& id) {
  const auto e = entries(j, id);
  const auto it = e.find("");
  return it == e.end() ? std::string() : it->second;
}

/// The check with this id (null when there is none).
inline nlohmann::json check(const nlohmann::json& j, const std::string& id) {
  return j["checks"].contains(id) ? j["checks"][id] : nlohmann::json(nullptr);
}

/// The distinct first components of the keys of object `id` (the fields of a vector field, the
/// solutions of a family keyed by solution then coordinate).
inline std::set<std::string> first_keys(const nlohmann::json& j, const std::string& id) {
  std::set<std::string> out;
  if (!j["objects"].contains(id)) return out;
  for (const auto& e : j["objects"][id]["entries"])
    if (!e["key"].empty()) out.insert(e["key"][0].get<std::string>());
  return out;
}

/// The symbol named `name` from the table of symbols (null when there is none).
inline nlohmann::json symbol(const nlohmann::json& j, const std::string& name) {
  for (const auto& s : j["symbols"])
    if (s["name"] == name) return s;
  return nullptr;
}

/// The cells of one column of a table, in row order (empty when the table has no such column).
inline std::vector<nlohmann::json> column(const nlohmann::json& table, const std::string& name) {
  std::vector<nlohmann::json> out;
  const auto& cols = table["columns"];
  for (std::size_t c = 0; c < cols.size(); ++c)
    if (cols[c] == name)
      for (const auto& row : table["rows"]) out.push_back(row[c]);
  return out;
}

/// The first row of a table whose cell in `column` is `value`, as column name → cell (null when none).
inline nlohmann::json row_where(const nlohmann::json& table, const std::string& column, const nlohmann::json& value) {
  const auto& cols = table["columns"];
  for (const auto& row : table["rows"])
    for (std::size_t c = 0; c < cols.size(); ++c)
      if (cols[c] == column && row[c] == value) {
        nlohmann::json out = nlohmann::json::object();
        for (std::size_t k = 0; k < cols.size(); ++k) out[cols[k].get<std::string>()] = row[k];
        return out;
      }
  return nullptr;
}

}  // namespace hamel::test

#include <cmath>

namespace hamel::test {

/// The check with this id (null when there is none).
inline nlohmann::json check_by_id(const nlohmann::json& j, const std::string& id) {
  return j["checks"].contains(id) ? j["checks"][id] : nlohmann::json(nullptr);
}

/// The number in the row of table `id` whose first cell is `name` (NaN when there is none).
inline double table_number(const nlohmann::json& j, const std::string& id, const std::string& name) {
  const nlohmann::json t = table(j, id);
  if (!t.is_null())
    for (const auto& row : t["rows"])
      if (row.size() == 2 && row[0] == name && row[1].is_number()) return row[1].get<double>();
  return std::nan("");
}

}  // namespace hamel::test
