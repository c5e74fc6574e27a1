// io/yaml_document.cpp
#include "io/yaml_document.hpp"

#include <fstream>
#include <map>
#include <sstream>

#include "core/error.hpp"

namespace hamel {

namespace {

std::string kind_of(const YAML::Node& n) {
  switch (n.Type()) {
    case YAML::NodeType::Null: return "nothing";
    case YAML::NodeType::Scalar: return "a scalar '" + n.Scalar() + "'";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a mapping";
    default: return "an undefined node";
  }
}

// yaml-cpp keeps duplicate keys; a system file must not have them.  Aliases make the document a
// graph: `visits` bounds the work (nested aliases expand exponentially: a "billion laughs") and
// `depth` the recursion (an alias inside its own anchor makes a cycle).
constexpr std::size_t kMaxNodes = 100000;
constexpr int kMaxNesting = 1000;

void check_duplicates(const YAML::Node& n, const std::string& file, std::size_t& visits, int depth) {
  if (++visits > kMaxNodes)
    throw ParseError(file, n.Mark().line + 1, n.Mark().column + 1,
                     "document too large; expected at most " + std::to_string(kMaxNodes) +
                         " nodes, counting each use of an alias, got more");
  if (depth > kMaxNesting)
    throw ParseError(file, n.Mark().line + 1, n.Mark().column + 1,
                     "document nested too deeply; expected at most " + std::to_string(kMaxNesting) +
                         " levels, got more (an alias inside its own anchor?)");
  if (n.IsMap()) {
    std::map<std::string, YAML::Mark> seen;
    for (auto it = n.begin(); it != n.end(); ++it) {
      if (it->first.IsScalar()) {
        const std::string k = it->first.Scalar();
        auto s = seen.find(k);
        if (s != seen.end())
          throw ParseError(file, it->first.Mark().line + 1, it->first.Mark().column + 1,
                           "duplicate key '" + k + "'; expected each key once, got it again (first at line " +
                               std::to_string(s->second.line + 1) + ")");
        seen.emplace(k, it->first.Mark());
      }
      check_duplicates(it->second, file, visits, depth + 1);
    }
  } else if (n.IsSequence()) {
    for (const auto& e : n) check_duplicates(e, file, visits, depth + 1);
  }
}

}  // namespace

Document Document::from_string(const std::string& text, const std::string& name) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw ParseError(name, e.mark.line + 1, e.mark.column + 1,
                     "malformed YAML: " + e.msg + "; expected a YAML mapping of system keys");
  }
  if (root.IsNull())
    throw ParseError(name, 1, 1, "empty file; expected a YAML mapping with at least 'coordinates', got nothing");
  if (!root.IsMap())
    throw ParseError(name, root.Mark().line + 1, root.Mark().column + 1,
                     "expected a YAML mapping of system keys at the top level, got " + kind_of(root));
  std::size_t visits = 0;
  check_duplicates(root, name, visits, 0);
  return Document(name, text, root);
}

Document Document::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path, 1, 1, "cannot open the file; expected a readable system file");
  std::ostringstream os;
  os << in.rdbuf();
  return from_string(os.str(), path);
}

SourcePos Document::pos(const YAML::Node& n) const {
  const YAML::Mark m = n.Mark();
  SourcePos p{file_, m.line + 1, m.column + 1};
  if (n.IsScalar() && n.Tag() == "!" && m.pos >= 0 && static_cast<std::size_t>(m.pos) < text_.size() &&
      (text_[static_cast<std::size_t>(m.pos)] == '"' || text_[static_cast<std::size_t>(m.pos)] == '\''))
    p.column += 1;  // inside the quotes
  return p;
}

SourcePos Document::mark(const YAML::Node& n) const {
  const YAML::Mark m = n.Mark();
  return {file_, m.line + 1, m.column + 1};
}

void Document::fail(const YAML::Node& n, const std::string& what) const {
  const SourcePos at = mark(n);
  throw ParseError(at.file, at.line, at.column, what);
}

std::string Document::scalar(const YAML::Node& n, const std::string& what) const {
  if (!n.IsScalar()) fail(n, what + ": expected a single value, got " + kind_of(n));
  return n.Scalar();
}

std::vector<YAML::Node> Document::sequence(const YAML::Node& n, const std::string& what) const {
  if (!n || n.IsNull()) return {};
  if (!n.IsSequence()) fail(n, what + ": expected a list, got " + kind_of(n));
  std::vector<YAML::Node> v;
  for (const auto& e : n) v.push_back(e);
  return v;
}

std::vector<std::pair<YAML::Node, YAML::Node>> Document::mapping(const YAML::Node& n, const std::string& what) const {
  if (!n || n.IsNull()) return {};
  if (!n.IsMap()) fail(n, what + ": expected a mapping (key: value), got " + kind_of(n));
  std::vector<std::pair<YAML::Node, YAML::Node>> v;
  for (auto it = n.begin(); it != n.end(); ++it) {
    if (!it->first.IsScalar()) fail(it->first, what + ": expected a name as key, got " + kind_of(it->first));
    v.emplace_back(it->first, it->second);
  }
  return v;
}

GiNaC::ex Document::expression(const YAML::Node& n, const ExpressionReader& reader, const std::string& what) const {
  const std::string text = scalar(n, what);
  try {
    return reader.parse(text, pos(n));
  } catch (const ParseError& e) {
    throw ParseError(e.file(), e.line(), e.column(), what + ": " + e.message());  // say which entry
  }
}

std::string Document::name(const YAML::Node& n, const std::string& what) const {
  const std::string s = scalar(n, what);
  bool ok = !s.empty() && (std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_');
  for (char c : s) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (!ok) fail(n, what + ": expected a name (letters, digits, '_'), got '" + s + "'");
  return s;
}

void Document::check_keys(const YAML::Node& map, const std::vector<std::string>& known, const std::string& where) const {
  for (auto it = map.begin(); it != map.end(); ++it) {
    const std::string k = it->first.IsScalar() ? it->first.Scalar() : "";
    if (std::find(known.begin(), known.end(), k) != known.end()) continue;
    std::string msg = "unknown key '" + k + "' in " + where + "; expected one of";
    for (const auto& s : known) msg += " " + s;
    msg += ", got '" + k + "'";
    if (auto d = did_you_mean(k, known)) msg += " (did you mean '" + *d + "'?)";
    fail(it->first, msg);
  }
}

bool Document::boolean(const YAML::Node& map, const char* key, bool dflt) const {
  if (!map[key]) return dflt;
  const std::string v = scalar(map[key], std::string("'") + key + "'");
  if (v != "true" && v != "false") fail(map[key], std::string("'") + key + "': expected true or false, got '" + v + "'");
  return v == "true";
}

}  // namespace hamel
