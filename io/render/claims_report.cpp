// io/render/claims_report.cpp
#include "io/render/claims_report.hpp"
#include "core/number_text.hpp"

#include "io/render/labels.hpp"

namespace hamel {

namespace {

using nlohmann::json;

std::string verdict_word(const ClaimResult& r) { return r.undecided ? "undecided" : r.holds ? "true" : "false"; }

bool as_expected(const ClaimResult& r, bool expected) { return !r.undecided && r.holds == expected; }

std::string joined(const std::vector<std::string>& ids) {
  std::string s;
  for (const auto& id : ids) s += (s.empty() ? "" : ", ") + id;
  return s;
}

// The derivation's failed verdicts, once, before the claims: what they state and how they fail.
void write_failed(const std::vector<Verdict>& failed, std::ostream& os) {
  if (failed.empty()) return;
  os << "The derivation of the system has " << failed.size() << (failed.size() == 1 ? " failed check" : " failed checks")
     << " (a claim that involves one is marked):\n";
  for (const Verdict& v : failed) {
    os << "  FAILED " << v.id << ": " << plain_text(v.statement) << "\n      " << (v.undecided ? "undecided: " : "") << plain_text(v.method) << "\n";
    if (v.witness.empty()) continue;
    os << "      at";
    for (std::size_t k = 0; k < v.witness.size(); ++k)
      os << (k ? ", " : " ") << v.witness[k].first << " = " << readable_number(v.witness[k].second);
    os << "\n";
  }
}

// The entries the derivation left in (q, pi), once, before the claims.
void write_unexpressed(const std::vector<CheckedClaims::LeftEntry>& left, std::ostream& os) {
  if (left.empty()) return;
  os << "The derivation left " << left.size() << (left.size() == 1 ? " entry" : " entries")
     << " in (q, pi), not written in the variables (a claim about one is marked):\n";
  for (const auto& e : left) os << "  LEFT " << e.id() << ": " << text_label(e.label) << "  [" << e.note << "]\n";
}

json verdict_json(const Verdict& v) {
  json w = json::object();
  for (const auto& [n, x] : v.witness) w[n] = x;
  return {{"id", v.id}, {"statement", plain_text(v.statement)}, {"holds", v.holds}, {"expected", v.expected ? json(*v.expected) : json()},
          {"undecided", v.undecided}, {"method", plain_text(v.method)}, {"witness", w}};
}

json claim_json(const ClaimResult& r, bool expected, const std::vector<std::string>& involves) {
  const ClaimDecision d = decision_of(r.how);
  json j = {{"name", r.name}, {"kind", r.kind}, {"line", r.line}, {"verdict", verdict_word(r)}, {"expected", expected ? "true" : "false"},
            {"as_expected", as_expected(r, expected)}, {"derived", r.derived}, {"claimed", r.claimed}, {"involves_failed", involves}};
  j["decided_by"] = {{"method", d.method}, {"how", plain_text(r.how)}};
  if (d.points > 0) j["decided_by"]["points"] = d.points;
  if (!d.bound.empty()) j["decided_by"]["bound"] = d.bound;
  if (!r.holds && !r.counterexample.empty()) {
    json point = json::object();
    for (const auto& [n, x] : r.point) point[n] = x;
    j["counterexample"] = {{"text", r.counterexample}, {"point", point}};
    if (!r.derived_at.empty()) j["counterexample"]["derived"] = r.derived_at, j["counterexample"]["claimed"] = r.claimed_at;
  }
  return j;
}

}  // namespace

bool write_claims_text(const CheckedClaims& c, const std::vector<bool>& expected, const std::string& file, std::ostream& os) {
  write_failed(c.failed, os);
  write_unexpressed(c.unexpressed, os);
  std::size_t t = 0, errata = 0, undecided = 0;
  std::vector<std::string> unexpected;
  for (std::size_t i = 0; i < c.results.size(); ++i) {
    const ClaimResult& r = c.results[i];
    t += r.holds ? 1 : 0;
    undecided += r.undecided ? 1 : 0;
    const bool ok = as_expected(r, expected[i]);
    if (!ok) unexpected.push_back(r.name);
    else if (!r.holds) ++errata;
    os << (r.undecided ? "UNDECIDED " : r.holds ? "TRUE  " : "FALSE ") << r.name << "  (" << file << ":" << r.line << "; " << plain_text(r.how) << ")\n";
    if (!r.holds) {
      os << "      derived: " << r.derived << "\n      claimed: " << r.claimed << "\n";
      if (!r.counterexample.empty()) os << "      they differ at " << r.counterexample << "\n";
    }
    if (r.undecided) os << "      not as expected: the zero test decided neither way\n";
    else if (!ok) os << "      not as expected: the claims file says this is " << (expected[i] ? "true" : "false") << "\n";
    else if (!r.holds) os << "      as expected: the claims file marks it false (expect: false)\n";
    if (i < c.involves.size() && !c.involves[i].empty())
      os << "      note: it involves the derivation's own failures above: " << joined(c.involves[i]) << "\n";
  }
  const std::size_t n = c.results.size();
  os << n << " claims: " << t << " true, " << n - t - undecided << " false";
  if (undecided > 0) os << ", " << undecided << " undecided";
  os << "\n";
  if (unexpected.empty()) {
    os << n << " as expected (" << errata << (errata == 1 ? " erratum" : " errata") << " confirmed false)\n";
  } else {
    os << unexpected.size() << " not as expected:";
    for (const auto& u : unexpected) os << " '" << u << "'";
    os << "\n";
  }
  return unexpected.empty();
}

json claims_json(const CheckedClaims& c, const std::vector<bool>& expected, const std::string& system_file, const std::string& claims_file) {
  json claims = json::array();
  std::size_t t = 0, f = 0, u = 0, unexpected = 0;
  for (std::size_t i = 0; i < c.results.size(); ++i) {
    const ClaimResult& r = c.results[i];
    claims.push_back(claim_json(r, expected[i], i < c.involves.size() ? c.involves[i] : std::vector<std::string>{}));
    (r.undecided ? u : r.holds ? t : f) += 1;
    unexpected += as_expected(r, expected[i]) ? 0 : 1;
  }
  json failed = json::array();
  for (const Verdict& v : c.failed) failed.push_back(verdict_json(v));
  json left = json::array();
  for (const auto& e : c.unexpressed)
    left.push_back({{"id", e.id()}, {"object", e.object}, {"key", e.key}, {"label", text_label(e.label)}, {"note", e.note}});
  return {{"format", "hamel-check"},
          {"version", 1},
          {"system_file", system_file},
          {"claims_file", claims_file},
          {"claims", claims},
          {"derivation_failures", failed},
          {"unexpressed_entries", left},
          {"summary", {{"claims", c.results.size()}, {"true", t}, {"false", f}, {"undecided", u}, {"not_as_expected", unexpected}}}};
}

}  // namespace hamel
